"""The ``nli`` judge: a local entailment / fact-checking model run with ONNX Runtime.

The model lives in a directory the user points ``judges.nli.model_dir`` at, or is one
pulled into the data dir with ``verifier models pull NAME`` and named by
``judges.nli.model`` (see :mod:`verifier.judges.hub`); nothing is downloaded while checking.
The directory holds:

- ``model.onnx``: a sequence-pair classifier taking ``input_ids`` and ``attention_mask``
  (and ``token_type_ids`` if it declares them), returning logits ``[batch, labels]``;
- ``tokenizer.json``: its Hugging Face *tokenizers* file;
- ``config.json``: with ``id2label`` naming the classes. A class whose name contains
  "entail" or "support" is support; "contradict" or "refute" is refutation; anything
  else (neutral, not_enough_info, unsupported) is neither. Two-class checkers such as
  MiniCheck ("supported" / "unsupported") never refute.

Each evidence text is the premise and the claim the hypothesis. Evidence longer than
``max_tokens`` is cut into windows overlapping by ``stride_tokens``; every window is
classified (in batches of ``batch_size``) and the window with the strongest support or
refutation speaks for the text. A text is supported when P(support) >=
``support_threshold``, refuted when P(refute) >= ``refute_threshold`` (and beats
support), otherwise inconclusive. The deciding window's characters are the quote.

``model_id`` names the model in reports' provenance: ``<name>@<commit[:12]> sha256:<12>``
for a pulled model, ``<directory name> sha256:<12>`` for a model_dir (the sha256 of
model.onnx).
"""

from __future__ import annotations

import asyncio
import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verifier.config import NliJudgeSettings
from verifier.errors import ConfigError
from verifier.judges.base import Judgement, Label
from verifier.judges.hub import default_data_dir, label_roles, resolve
from verifier.system.deadline import Deadline

__all__ = ["NliJudge"]

_FILES = ("model.onnx", "tokenizer.json", "config.json")


@dataclass(frozen=True, slots=True)
class _Window:
    text_index: int
    start: int
    end: int
    ids: list[int]
    mask: list[int]
    types: list[int]


class NliJudge:
    """See the module docstring."""

    name = "nli"
    instant = False

    def __init__(
        self,
        model_dir: str | Path,
        settings: NliJudgeSettings | None = None,
        *,
        model_id: str | None = None,
    ) -> None:
        self.settings = settings or NliJudgeSettings(model_dir=str(model_dir))
        directory = Path(model_dir).expanduser()
        missing = [f for f in _FILES if not (directory / f).is_file()]
        if missing:
            msg = f"judges.nli.model_dir {str(directory)!r} lacks {', '.join(missing)}; it needs model.onnx, tokenizer.json and config.json (see docs/judges.md)"
            raise ConfigError(msg)
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            msg = f"the nli judge needs onnxruntime and tokenizers ({exc.name} is not installed); run: pip install 'verifier[nli]'"
            raise ConfigError(msg) from exc
        self.labels = label_roles(directory / "config.json")
        options = ort.SessionOptions()
        options.intra_op_num_threads = self.settings.threads
        options.inter_op_num_threads = 1
        try:
            self.session = ort.InferenceSession(
                str(directory / "model.onnx"), options, providers=["CPUExecutionProvider"]
            )
            self.tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
        except Exception as exc:
            msg = f"judges.nli.model_dir {str(directory)!r}: cannot load the model ({type(exc).__name__}: {exc})"
            raise ConfigError(msg) from exc
        self.inputs = {i.name for i in self.session.get_inputs()}
        needed = {"input_ids", "attention_mask"}
        if not needed <= self.inputs:
            msg = f"judges.nli.model_dir {str(directory)!r}: model.onnx must take input_ids and attention_mask (it takes {', '.join(sorted(self.inputs))})"
            raise ConfigError(msg)
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(
            self.settings.max_tokens,
            stride=min(self.settings.stride_tokens, self.settings.max_tokens // 4),
            strategy="only_first",
        )
        self.model_dir = directory
        self.model_id = (
            model_id or f"{directory.name} sha256:{_sha256(directory / 'model.onnx')[:12]}"
        )

    @classmethod
    def from_settings(cls, settings: NliJudgeSettings, data_dir: Path | None = None) -> NliJudge:
        """The judge of ``judges.nli``: the pulled ``model`` (looked up in ``data_dir``) or
        ``model_dir``; exactly one of them must be set."""
        if settings.model and settings.model_dir:
            msg = f"judges.nli.model ({settings.model!r}) and judges.nli.model_dir ({settings.model_dir!r}) are both set; keep one"
            raise ConfigError(msg)
        if settings.model:
            pulled = resolve(settings.model, data_dir or default_data_dir())
            return cls(pulled.directory, settings, model_id=pulled.model_id)
        if not settings.model_dir:
            msg = "judges.nli has no model: set judges.nli.model to a model fetched with `verifier models pull NAME`, or judges.nli.model_dir to a directory with model.onnx, tokenizer.json and config.json (see docs/judges.md), or take nli out of judges.chain"
            raise ConfigError(msg)
        return cls(settings.model_dir, settings)

    async def judge(
        self,
        claim: str,
        evidence: Sequence[str],
        deadline: Deadline | None = None,
        *,
        before: Sequence[str] = (),
    ) -> list[Judgement]:
        work = asyncio.to_thread(self.judge_all, claim, evidence)
        if deadline is None:
            return await work
        try:
            return await asyncio.wait_for(work, deadline.remaining())
        except TimeoutError:
            return [
                Judgement("inconclusive", 0.0, self.name, i, reason="no time left for the model")
                for i in range(len(evidence))
            ]

    def judge_all(self, claim: str, evidence: Sequence[str]) -> list[Judgement]:
        """One judgement per evidence text (blocking; runs the model)."""
        windows = [
            w
            for i, text in enumerate(evidence)
            if text.strip()
            for w in self._windows(i, text, claim)
        ]
        probs = self._classify(windows)
        best: dict[int, tuple[float, float, _Window]] = {}
        for window, (p_support, p_refute) in zip(windows, probs, strict=True):
            current = best.get(window.text_index)
            if current is None or max(p_support, p_refute) > max(current[0], current[1]):
                best[window.text_index] = (p_support, p_refute, window)
        out = []
        for index, text in enumerate(evidence):
            if index not in best:
                out.append(
                    Judgement("inconclusive", 0.0, self.name, index, reason="empty evidence")
                )
                continue
            p_support, p_refute, window = best[index]
            s = self.settings
            label: Label
            if p_support >= s.support_threshold and p_support >= p_refute:
                label, confidence = "supported", p_support
                reason = f"the model reads it as entailing the claim (P={p_support:.2f})"
            elif p_refute >= s.refute_threshold and p_refute > p_support:
                label, confidence = "refuted", p_refute
                reason = f"the model reads it as contradicting the claim (P={p_refute:.2f})"
            else:
                label, confidence = "inconclusive", 0.0
                reason = (
                    f"the model is not sure (P(support)={p_support:.2f}, P(refute)={p_refute:.2f})"
                )
            out.append(
                Judgement(
                    label,
                    round(confidence, 3),
                    self.name,
                    index,
                    window.start,
                    window.end,
                    text[window.start : window.end],
                    reason=reason,
                    score=round(max(p_support, p_refute), 3),
                )
            )
        return out

    # --- model plumbing -----------------------------------------------------------------
    def _windows(self, index: int, premise: str, claim: str) -> list[_Window]:
        """The premise cut into overlapping windows that fit beside the claim."""
        encoding = self.tokenizer.encode(premise, claim)
        windows = []
        for enc in [encoding, *encoding.overflowing]:
            spans = [
                off
                for off, seq in zip(enc.offsets, enc.sequence_ids, strict=True)
                if seq == 0 and off[1] > off[0]
            ]
            start = spans[0][0] if spans else 0
            end = spans[-1][1] if spans else len(premise)
            windows.append(
                _Window(
                    index, start, end, list(enc.ids), list(enc.attention_mask), list(enc.type_ids)
                )
            )
        return windows

    def _classify(self, windows: list[_Window]) -> list[tuple[float, float]]:
        import numpy as np

        out: list[tuple[float, float]] = []
        size = self.settings.batch_size
        for first in range(0, len(windows), size):
            batch = windows[first : first + size]
            width = max(len(w.ids) for w in batch)
            feeds: dict[str, Any] = {
                "input_ids": np.array([_pad(w.ids, width) for w in batch], dtype=np.int64),
                "attention_mask": np.array([_pad(w.mask, width) for w in batch], dtype=np.int64),
            }
            if "token_type_ids" in self.inputs:
                feeds["token_type_ids"] = np.array(
                    [_pad(w.types, width) for w in batch], dtype=np.int64
                )
            (logits,) = self.session.run(None, feeds)[:1]
            for row in logits:
                probs = _softmax([float(x) for x in row])
                out.append(
                    (
                        sum(probs[i] for i in self.labels["support"]),
                        sum(probs[i] for i in self.labels["refute"]),
                    )
                )
        return out


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _pad(values: list[int], width: int) -> list[int]:
    return values + [0] * (width - len(values))


def _softmax(logits: list[float]) -> list[float]:
    top = max(logits)
    exps = [math.exp(x - top) for x in logits]
    total = sum(exps)
    return [e / total for e in exps]
