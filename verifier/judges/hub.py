"""Models for the ``nli`` judge, pulled from the Hugging Face hub into the data dir.

``verifier models pull NAME [--revision R]`` resolves the revision (default ``main``) to a
commit, downloads from that commit only what the judge needs, ``model.onnx`` (or
``onnx/model.onnx``, and its ``.onnx_data`` file when the export has one),
``tokenizer.json`` and ``config.json``, checks them against the hub's hashes and that they
load, and writes them with a ``manifest.json`` into ``<data dir>/models/<org>--<name>/``.
The download goes to a temporary directory that is renamed into place only when all of
that succeeded, so a failed pull leaves an existing copy as it was. Pulling a commit that
is already present (and intact) downloads nothing.

``judges.nli.model = NAME`` makes the judge load the pulled copy; nothing is downloaded
when checking. The hub is ``$HF_ENDPOINT`` (default https://huggingface.co); a token in
``$HF_TOKEN`` (or from ``hf auth login``) is sent for gated or private repos.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from verifier.errors import ConfigError, InputError, ModelError

__all__ = [
    "DEFAULT_ENDPOINT",
    "LocalModel",
    "ModelFile",
    "ModelManifest",
    "PullResult",
    "default_data_dir",
    "label_roles",
    "list_models",
    "model_dir_name",
    "pull",
    "resolve",
]

SCHEMA = "verifier.model/1"
DEFAULT_ENDPOINT = "https://huggingface.co"
MANIFEST = "manifest.json"
# The judge's files: local name -> where exports put it on the hub, in order of preference.
WANTED: dict[str, tuple[str, ...]] = {
    "model.onnx": ("model.onnx", "onnx/model.onnx"),
    "tokenizer.json": ("tokenizer.json", "onnx/tokenizer.json"),
    "config.json": ("config.json", "onnx/config.json"),
}
# ONNX models over 2 GB keep their weights in a file beside model.onnx, named inside it.
EXTERNAL_DATA = ("model.onnx_data", "model.onnx.data")
API_TIMEOUT_S = 30.0

_PART = r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,94}[A-Za-z0-9])?"
_REPO_ID = re.compile(rf"(?:{_PART}/)?{_PART}", re.ASCII)
_COMMIT = re.compile(r"[0-9a-f]{40}")


@dataclass(frozen=True, slots=True)
class ModelFile:
    """One file of a pulled model: its local name, where it came from, its hash and size."""

    name: str
    source: str
    sha256: str
    size: int


@dataclass(frozen=True, slots=True)
class ModelManifest:
    """What ``manifest.json`` records about a pulled model."""

    repo_id: str
    revision: str
    commit: str
    files: tuple[ModelFile, ...]
    pulled_at: str
    endpoint: str = DEFAULT_ENDPOINT

    @property
    def size(self) -> int:
        return sum(f.size for f in self.files)

    def file(self, name: str) -> ModelFile:
        return next(f for f in self.files if f.name == name)

    @property
    def model_id(self) -> str:
        """``<repo id>@<commit[:12]> sha256:<model.onnx sha256[:12]>``: what reports record."""
        return f"{self.repo_id}@{self.commit[:12]} sha256:{self.file('model.onnx').sha256[:12]}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "repo_id": self.repo_id,
            "revision": self.revision,
            "commit": self.commit,
            "endpoint": self.endpoint,
            "pulled_at": self.pulled_at,
            "files": {
                f.name: {"source": f.source, "sha256": f.sha256, "size": f.size} for f in self.files
            },
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ModelManifest:
        if data.get("schema") != SCHEMA:
            msg = f"schema is {data.get('schema')!r}, expected {SCHEMA!r}"
            raise ValueError(msg)
        files = tuple(
            ModelFile(str(name), str(f["source"]), str(f["sha256"]), int(f["size"]))
            for name, f in data["files"].items()
        )
        if "model.onnx" not in {f.name for f in files}:
            msg = "no model.onnx among the files"
            raise ValueError(msg)
        return cls(
            repo_id=str(data["repo_id"]),
            revision=str(data["revision"]),
            commit=str(data["commit"]),
            files=files,
            pulled_at=str(data["pulled_at"]),
            endpoint=str(data.get("endpoint", DEFAULT_ENDPOINT)),
        )


@dataclass(frozen=True, slots=True)
class LocalModel:
    """A pulled model: its name (the repo id), directory and manifest."""

    name: str
    directory: Path
    manifest: ModelManifest

    @property
    def model_id(self) -> str:
        return self.manifest.model_id


@dataclass(frozen=True, slots=True)
class PullResult:
    model: LocalModel
    downloaded: bool  # False: that commit was already present and intact


def model_dir_name(name: str) -> str:
    """The directory a model lives in under ``<data dir>/models``: ``org/name`` -> ``org--name``.

    Hub repo ids never hold ``--`` or ``..``, so the mapping is one to one and stays inside
    the models directory. InputError for anything that is not a repo id.
    """
    if not _REPO_ID.fullmatch(name) or "--" in name or ".." in name:
        msg = f"{name!r} is not a Hugging Face model id; give one like cross-encoder/nli-deberta-v3-base"
        raise InputError(msg)
    return name.replace("/", "--")


def models_root(data_dir: Path) -> Path:
    return Path(data_dir) / "models"


def default_data_dir() -> Path:
    """``$VERIFIER_DATA_DIR``, else the default data dir (for callers without settings)."""
    from verifier.config import Settings

    return Path(os.environ.get("VERIFIER_DATA_DIR") or Settings().data_dir()).expanduser()


def resolve(name: str, data_dir: Path) -> LocalModel:
    """The pulled model ``name``; ConfigError (naming ``verifier models pull``) if absent."""
    try:
        directory = models_root(data_dir) / model_dir_name(name)
    except InputError as exc:
        msg = f"judges.nli.model: {exc}"
        raise ConfigError(msg) from exc
    if not (directory / MANIFEST).is_file():
        msg = f"judges.nli.model {name!r} is not pulled into {models_root(data_dir)}; run: verifier models pull {name} (verifier models list shows what is there)"
        raise ConfigError(msg)
    try:
        manifest = _read_manifest(directory)
    except ValueError as exc:
        msg = f"judges.nli.model {name!r}: {directory / MANIFEST} is unreadable ({exc}); run: verifier models pull {name}"
        raise ConfigError(msg) from exc
    changed = [f.name for f in manifest.files if not _has_size(directory / f.name, f.size)]
    if changed:
        msg = f"judges.nli.model {name!r}: {', '.join(changed)} in {directory} is missing or changed since it was pulled; run: verifier models pull {name}"
        raise ConfigError(msg)
    return LocalModel(name, directory, manifest)


def list_models(data_dir: Path) -> list[LocalModel]:
    """Every pulled model with a readable manifest, by name."""
    root = models_root(data_dir)
    if not root.is_dir():
        return []
    found = []
    for directory in sorted(root.iterdir()):
        if directory.name.startswith(".") or not (directory / MANIFEST).is_file():
            continue
        try:
            manifest = _read_manifest(directory)
        except ValueError:
            continue
        found.append(LocalModel(manifest.repo_id, directory, manifest))
    return sorted(found, key=lambda m: m.name)


def pull(
    name: str,
    data_dir: Path,
    *,
    revision: str | None = None,
    endpoint: str | None = None,
    token: str | bool | None = None,
    progress: bool = False,
) -> PullResult:
    """Download ``name`` at ``revision`` (default ``main``) into ``<data_dir>/models``.

    Errors, one line each: InputError for a name that is not a repo id, an unknown repo or
    revision, a repo without the files the judge needs, files that do not load, or a data
    dir that cannot be written;
    ConfigError when huggingface_hub is missing or HF_HUB_OFFLINE is set; ModelError when
    the hub cannot be reached or a download fails or does not match the hub's hash.
    ``progress`` shows huggingface_hub's progress bars on stderr.
    """
    revision = revision or "main"
    endpoint = (endpoint or os.environ.get("HF_ENDPOINT") or DEFAULT_ENDPOINT).rstrip("/")
    root = models_root(data_dir)
    target = root / model_dir_name(name)
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        msg = f"cannot write to {root}: {exc.strerror or exc}; choose a writable --data-dir"
        raise InputError(msg) from exc
    present = _present(target, name)
    if present is not None and present.manifest.commit == revision and _intact(present):
        return PullResult(present, downloaded=False)  # a commit is immutable: no need to ask
    if _truthy(os.environ.get("HF_HUB_OFFLINE")):
        msg = f"cannot reach the Hugging Face hub at {endpoint}: HF_HUB_OFFLINE is set; unset it to pull {name}"
        raise ConfigError(msg)
    hub = _hub()
    with _hub_errors(name, revision, endpoint):
        info = hub.HfApi(endpoint=endpoint, token=token).model_info(
            name, revision=revision, files_metadata=True, timeout=API_TIMEOUT_S
        )
    commit = str(info.sha or "")
    if not _COMMIT.fullmatch(commit):
        msg = f"the hub at {endpoint} gave no commit for {name}@{revision} (got {commit!r}); check HF_ENDPOINT"
        raise ModelError(msg)
    if present is not None and present.manifest.commit == commit and _intact(present):
        return PullResult(present, downloaded=False)
    siblings = {s.rfilename: s for s in info.siblings or []}
    chosen = _choose(siblings, name, revision)

    try:
        staging = Path(tempfile.mkdtemp(prefix=f".pull-{target.name}-", dir=root))
    except OSError as exc:
        msg = f"cannot write to {root}: {exc.strerror or exc}; choose a writable --data-dir"
        raise InputError(msg) from exc
    try:
        out = staging / "model"
        out.mkdir()
        files = []
        for local, source in chosen.items():
            with _hub_errors(name, revision, endpoint), _quiet(progress):
                got = hub.hf_hub_download(
                    name,
                    source,
                    revision=commit,
                    local_dir=staging / "download",
                    cache_dir=staging / "cache",
                    endpoint=endpoint,
                    token=token,
                )
            path = out / local
            os.replace(got, path)
            files.append(_describe(path, local, source, siblings[source], name, commit))
        _verify(out, f"{name}@{commit[:12]}")
        manifest = ModelManifest(
            repo_id=name,
            revision=revision,
            commit=commit,
            files=tuple(files),
            pulled_at=datetime.now(UTC).isoformat(timespec="seconds"),
            endpoint=endpoint,
        )
        (out / MANIFEST).write_text(json.dumps(manifest.to_dict(), indent=2) + "\n")
        _swap(out, target, staging / "old")
    except OSError as exc:
        msg = f"cannot write {name} into {root}: {exc.strerror or exc}"
        raise ModelError(msg) from exc
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return PullResult(LocalModel(name, target, manifest), downloaded=True)


# --- helpers --------------------------------------------------------------------------


def _hub() -> Any:
    try:
        import huggingface_hub
    except ImportError as exc:
        msg = "pulling models needs huggingface_hub; run: pip install 'verifier[nli]'"
        raise ConfigError(msg) from exc
    return huggingface_hub


@contextmanager
def _quiet(progress: bool) -> Iterator[None]:
    """huggingface_hub's progress bars off unless ``progress``, and its warnings (retries,
    fallbacks) off: a failure is reported as one line. Both are global switches, restored."""
    import logging

    from huggingface_hub import utils

    hide = not progress and not utils.are_progress_bars_disabled()
    if hide:
        utils.disable_progress_bars()
    level = utils.logging.get_verbosity()
    utils.logging.set_verbosity(max(level, logging.ERROR))
    try:
        yield
    finally:
        utils.logging.set_verbosity(level)
        if hide:
            utils.enable_progress_bars()


def _truthy(value: str | None) -> bool:
    return (value or "").strip().upper() in {"1", "ON", "YES", "TRUE"}


def _is_network_error(exc: BaseException) -> bool:
    """A connection or timeout failure, whichever HTTP library huggingface_hub uses
    (requests, httpx or httpx2 across its versions)."""
    if isinstance(exc, ConnectionError | TimeoutError):
        return True
    names = {cls.__name__ for cls in type(exc).__mro__}
    return bool(names & {"TransportError", "ConnectError", "TimeoutException", "Timeout"})


@contextmanager
def _hub_errors(name: str, revision: str, endpoint: str) -> Iterator[None]:
    """huggingface_hub's exceptions as one-line verifier errors."""
    from huggingface_hub import errors

    try:
        yield
    except errors.RevisionNotFoundError as exc:
        msg = f"{name} has no revision {revision!r} on {endpoint}; give a branch, tag or commit of the repo"
        raise InputError(msg) from exc
    except errors.RepositoryNotFoundError as exc:  # GatedRepoError is one too
        gated = isinstance(exc, errors.GatedRepoError)
        why = "is gated: accept its terms on the hub and set HF_TOKEN" if gated else "was not found"
        msg = f"model {name} {why} on {endpoint}; check the name (private repos need HF_TOKEN)"
        raise InputError(msg) from exc
    except errors.OfflineModeIsEnabled as exc:
        msg = f"cannot reach the Hugging Face hub at {endpoint}: HF_HUB_OFFLINE is set; unset it to pull {name}"
        raise ConfigError(msg) from exc
    except Exception as exc:
        cause = exc.__cause__ if isinstance(exc, errors.LocalEntryNotFoundError) else exc
        if cause is not None and _is_network_error(cause):
            msg = f"cannot reach the Hugging Face hub at {endpoint} ({_first_line(cause)}); check the network or HF_ENDPOINT"
            raise ModelError(msg) from exc
        if isinstance(exc, errors.HfHubHTTPError | errors.LocalEntryNotFoundError | OSError):
            msg = f"pulling {name}@{revision} from {endpoint} failed: {_http_failure(exc)}"
            raise ModelError(msg) from exc
        raise


def _http_failure(exc: BaseException) -> str:
    """``HTTP 503 from <url>`` for an HTTP error, else the error's text."""
    response = getattr(exc, "response", None)
    status = getattr(response, "status_code", None)
    if status is None:
        return _first_line(exc)
    request = getattr(response, "request", None)
    url = getattr(request, "url", None)
    return f"HTTP {status} from {url}" if url else f"HTTP {status}"


def _first_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    text = text or type(exc).__name__
    return text if len(text) <= 200 else text[:199] + "…"


def _choose(siblings: Mapping[str, Any], name: str, revision: str) -> dict[str, str]:
    """Local file name -> repo path of each file the judge needs; InputError naming the
    missing ones."""
    chosen: dict[str, str] = {}
    missing = []
    for local, candidates in WANTED.items():
        source = next((c for c in candidates if c in siblings), None)
        if source is None:
            missing.append(" or ".join(candidates))
        else:
            chosen[local] = source
    if missing:
        msg = f"{name}@{revision} lacks {'; '.join(missing)}: the nli judge needs an ONNX export with its tokenizer.json and config.json (see docs/judges.md)"
        raise InputError(msg)
    folder = chosen["model.onnx"].rpartition("/")[0]
    for data in EXTERNAL_DATA:
        source = f"{folder}/{data}" if folder else data
        if source in siblings:
            chosen[data] = source
    return chosen


def _describe(
    path: Path, local: str, source: str, sibling: Any, name: str, commit: str
) -> ModelFile:
    """Hash a downloaded file and check it against what the hub listed for it."""
    sha256, sha1_blob, size = _hashes(path)
    lfs = getattr(sibling, "lfs", None)
    expected_size = getattr(lfs, "size", None) if lfs is not None else sibling.size
    if lfs is not None and lfs.sha256 and lfs.sha256 != sha256:
        what = f"sha256 {sha256[:12]}, the hub lists {lfs.sha256[:12]}"
    elif lfs is None and sibling.blob_id and sibling.blob_id != sha1_blob:
        what = f"git blob {sha1_blob[:12]}, the hub lists {sibling.blob_id[:12]}"
    elif expected_size is not None and expected_size != size:
        what = f"{size} bytes, the hub lists {expected_size}"
    else:
        return ModelFile(local, source, sha256, size)
    msg = (
        f"{name}@{commit[:12]}: the downloaded {source} does not match the hub ({what}); pull again"
    )
    raise ModelError(msg)


def _hashes(path: Path) -> tuple[str, str, int]:
    """sha256, git blob sha1 and size of a file."""
    size = path.stat().st_size
    sha256 = hashlib.sha256()
    blob = hashlib.sha1(f"blob {size}\0".encode(), usedforsecurity=False)
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            sha256.update(chunk)
            blob.update(chunk)
    return sha256.hexdigest(), blob.hexdigest(), size


def label_roles(config_path: Path) -> dict[str, list[int]]:
    """The class indices of a model's config.json that mean support and refutation
    (ConfigError when it names none that means support)."""
    try:
        config = json.loads(config_path.read_text(encoding="utf-8"))
        id2label = {int(k): str(v).lower() for k, v in config["id2label"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        msg = f"{config_path}: needs an id2label mapping naming the classes ({exc})"
        raise ConfigError(msg) from exc
    roles: dict[str, list[int]] = {"support": [], "refute": []}
    for index, name in id2label.items():
        if "contradict" in name or "refut" in name:
            roles["refute"].append(index)
        elif ("entail" in name or "support" in name) and not name.startswith(("not", "un", "non")):
            roles["support"].append(index)
    if not roles["support"]:
        msg = f"{config_path}: no class of id2label ({', '.join(id2label.values())}) means entailment or support"
        raise ConfigError(msg)
    return roles


def _verify(directory: Path, label: str) -> None:
    """config.json names the classes, the tokenizer loads, and (when ONNX Runtime is
    installed) the model loads and takes input_ids and attention_mask."""
    try:
        label_roles(directory / "config.json")
    except ConfigError as exc:
        msg = f"{label} does not fit the nli judge: {str(exc).replace(str(directory) + os.sep, '')}"
        raise InputError(msg) from exc
    try:
        from tokenizers import Tokenizer
    except ImportError:
        pass
    else:
        try:
            Tokenizer.from_file(str(directory / "tokenizer.json"))
        except Exception as exc:
            msg = f"{label}: tokenizer.json does not load ({_first_line(exc)})"
            raise InputError(msg) from exc
    try:
        import onnxruntime as ort
    except ImportError:
        return
    try:
        session = ort.InferenceSession(
            str(directory / "model.onnx"), providers=["CPUExecutionProvider"]
        )
    except Exception as exc:
        msg = f"{label}: model.onnx does not load ({_first_line(exc)})"
        raise InputError(msg) from exc
    inputs = {i.name for i in session.get_inputs()}
    if not {"input_ids", "attention_mask"} <= inputs:
        msg = f"{label}: model.onnx must take input_ids and attention_mask (it takes {', '.join(sorted(inputs))}); export it with --task text-classification"
        raise InputError(msg)


def _read_manifest(directory: Path) -> ModelManifest:
    try:
        data = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
        return ModelManifest.from_dict(data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(_first_line(exc)) from exc


def _present(target: Path, name: str) -> LocalModel | None:
    if not (target / MANIFEST).is_file():
        return None
    try:
        manifest = _read_manifest(target)
    except ValueError:
        return None
    return LocalModel(name, target, manifest) if manifest.repo_id == name else None


def _has_size(path: Path, size: int) -> bool:
    try:
        return path.is_file() and path.stat().st_size == size
    except OSError:
        return False


def _intact(model: LocalModel) -> bool:
    """Every file of the manifest is there with its size and sha256."""
    for f in model.manifest.files:
        path = model.directory / f.name
        try:
            if path.stat().st_size != f.size or _hashes(path)[0] != f.sha256:
                return False
        except OSError:
            return False
    return True


def _swap(new: Path, target: Path, aside: Path) -> None:
    """Put ``new`` at ``target``; an existing ``target`` is moved ``aside`` first and moved
    back if the rename fails."""
    if target.exists():
        os.replace(target, aside)
        try:
            os.replace(new, target)
        except OSError:
            os.replace(aside, target)
            raise
    else:
        os.replace(new, target)
