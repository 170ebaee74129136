"""Plain data of a verification report (schema ``verifier.report/4``, see docs/report.md).

Everything here is a dataclass of plain values, so a report is ``to_dict()``-able to JSON
and rebuilt with ``Report.from_dict``. Offsets are Python string indices into the exact
text they refer to, always with the covered ``text`` (or ``quote``) beside them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import WithJsonSchema

# pydantic reads a TypedDict's fields for the report's JSON Schema only from
# typing_extensions' on Python < 3.12 (typing_extensions comes with pydantic)
from typing_extensions import TypedDict

from verifier.errors import InputError, InvalidRequest
from verifier.flags import FLAGS
from verifier.text.spans import word_range

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = [
    "FLAGS",
    "FLAG_LIST_PATTERN",
    "REFUSED_CHARACTERS",
    "REPORT_SCHEMA",
    "TEXT_PATTERN",
    "AppliedRule",
    "BackendStatus",
    "CheckRequest",
    "Claim",
    "ClaimRef",
    "CopyMatch",
    "CopySource",
    "Effect",
    "Evidence",
    "Grammar",
    "GrammarMatch",
    "PageRecord",
    "PageTrace",
    "Plagiarism",
    "Report",
    "RequestRecord",
    "Resource",
    "ReviewItem",
    "Rubric",
    "SearchHit",
    "SearchRecord",
    "SearchTrace",
    "Stance",
    "Timestamp",
    "Truthfulness",
    "Verdict",
    "VerdictQuote",
    "parse_flags",
    "refused_character",
]

REPORT_SCHEMA = "verifier.report/4"
# an ISO 8601 UTC time, "2026-05-01T12:00:00+00:00" (the JSON Schema says date-time)
Timestamp = Annotated[str, WithJsonSchema({"type": "string", "format": "date-time"})]
# Reports of these schemas are read too, upgraded to the current one (see ``_upgrade``).
READABLE_SCHEMAS = (
    "verifier.report/1",
    "verifier.report/2",
    "verifier.report/3",
    REPORT_SCHEMA,
)


# What no request's text may hold: the C0 control characters but tab, newline and carriage
# return (NUL cannot be stored by PostgreSQL at all; the others are never prose, and
# refusing them alike keeps both stores the same), and lone UTF-16 surrogates (no store
# can encode them). DEL and the C1 controls are stored as they are.
REFUSED_CHARACTERS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")
# the same, as the JSON Schema pattern of a text field (the OpenAPI document's)
TEXT_PATTERN = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$"


def refused_character(text: str, name: str) -> str:
    """The one line that refuses ``text`` (the request's field ``name``) for a character
    of :data:`REFUSED_CHARACTERS`, or "" when it holds none."""
    found = REFUSED_CHARACTERS.search(text)
    if found is None:
        return ""
    code = ord(found.group())
    what = "a lone surrogate" if 0xD800 <= code <= 0xDFFF else "a control character"
    return (
        f"the {name} has {what} (U+{code:04X}) at character {found.start():,}; only tab, "
        "newline and carriage return are accepted: remove it or replace it with a space"
    )


@dataclass(frozen=True, slots=True)
class CheckRequest:
    """What to verify: the response, and the prompt it answered (may be empty).

    :meth:`from_dict` is the one validation of a request from outside (a batch row, an
    API body, a stored job); :meth:`check_size` the one size limit (``limits``)."""

    response: str
    prompt: str = ""
    id: str | None = None
    flags: dict[str, bool] = field(default_factory=dict)  # the rater's (see docs/signals.md)

    @classmethod
    def from_dict(
        cls, data: object, *, max_response_chars: int, max_prompt_chars: int
    ) -> CheckRequest:
        """The request a JSON object describes: ``response`` (a string, required),
        ``prompt`` (a string or null), ``id`` (kept as a string), ``flags`` (an object of
        booleans, or a comma-separated string). InvalidRequest names the fields at fault."""
        if not isinstance(data, Mapping):
            msg = f"expected an object with 'response', got {type(data).__name__}"
            raise InvalidRequest(msg)
        if "response" not in data:
            msg = "missing: response"
            raise InvalidRequest(msg, fields=("response",))
        response, prompt, raw_flags = data["response"], data.get("prompt"), data.get("flags")
        raw_id = data.get("id")
        problems = {
            "response": "'response' must be a string" if not isinstance(response, str) else "",
            "prompt": "'prompt' must be a string"
            if prompt is not None and not isinstance(prompt, str)
            else "",
            "id": "'id' must be a string or a whole number"
            if raw_id is not None
            and (not isinstance(raw_id, str | int) or isinstance(raw_id, bool))
            else "",
            "flags": "'flags' must be an object like {\"harmful\": true}"
            if raw_flags is not None and not isinstance(raw_flags, Mapping | str)
            else "",
        }
        if any(problems.values()):
            fields = tuple(f for f, why in problems.items() if why)
            raise InvalidRequest("; ".join(problems[f] for f in fields), fields=fields)
        try:
            flags = parse_flags(raw_flags)
        except InputError as exc:
            raise InvalidRequest(str(exc), fields=("flags",)) from exc
        for name, value in (("response", response), ("prompt", prompt), ("id", raw_id)):
            if isinstance(value, str) and (why := refused_character(value, name)):
                raise InvalidRequest(why, fields=(name,))
        request = cls(
            response=response,
            prompt=prompt or "",
            id=None if raw_id is None else str(raw_id),
            flags=flags,
        )
        request.check_size(max_response_chars, max_prompt_chars)
        return request

    def check_size(self, max_response_chars: int, max_prompt_chars: int) -> None:
        """InvalidRequest (``too_large``) when the response or prompt is over its limit."""
        for name, text, limit in (
            ("response", self.response, max_response_chars),
            ("prompt", self.prompt, max_prompt_chars),
        ):
            if len(text) > limit:
                msg = f"the {name} has {len(text):,} characters, over limits.max_{name}_chars ({limit:,}); split it or raise the limit"
                raise InvalidRequest(msg, fields=(name,), too_large=True)


# flags as a string: known names, comma-separated, spaces and tabs around them (empty
# items are skipped); the API's document gives this pattern
_NAME = "(?:" + "|".join(FLAGS) + ")"
FLAG_LIST_PATTERN = rf"^[ \t]*{_NAME}?[ \t]*(?:,[ \t]*{_NAME}?[ \t]*)*$"
_PIECE = re.compile(r"[ \t]*([^,]*?)[ \t]*(?:,|$)")


def parse_flags(value: str | Mapping[str, Any] | None) -> dict[str, bool]:
    """``"harmful,nonsensical"`` or ``{"harmful": true}`` -> flags; InputError names the bad
    one and the known flags."""
    if not value:
        return {}
    if isinstance(value, str):
        names = [m.group(1) for m in _PIECE.finditer(value)]
        items: dict[str, Any] = {name: True for name in names if name}
    else:
        items = dict(value)
    out: dict[str, bool] = {}
    for name, on in items.items():
        if name not in FLAGS:
            msg = f"unknown flag {name!r}; the flags are: {', '.join(FLAGS)}"
            raise InputError(msg)
        if not isinstance(on, bool):
            msg = f"flag {name!r} must be true or false, not {on!r}"
            raise InputError(msg)
        out[name] = on
    return out


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One result of one search. Corpus hits carry the passage they matched."""

    url: str
    title: str
    snippet: str
    rank: int
    passage_start: int | None = None
    passage_end: int | None = None


@dataclass(frozen=True, slots=True)
class SearchRecord:
    """One search as it happened: stored as a snapshot, referenced by id."""

    query: str
    backend: str
    backend_version: str
    at: str
    took_s: float
    hits: tuple[SearchHit, ...]
    error: str | None = None
    # which backend of a fallback chain (search.backends) answered, and why those before
    # it did not (None: the backend itself answered, or none did)
    answered_by: str | None = None
    passed_over: tuple[str, ...] = ()

    def content(self) -> dict[str, Any]:
        return _fields(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SearchRecord:
        hits = tuple(SearchHit(**hit) for hit in data["hits"])
        return cls(**{**data, "hits": hits})


@dataclass(frozen=True, slots=True)
class PageRecord:
    """One fetched (or corpus) page: the text every evidence offset points into."""

    url: str
    final_url: str
    status: int
    fetched_at: str
    content_type: str
    headers: dict[str, str]
    body_sha256: str
    body_bytes: int
    text: str
    title: str
    metadata: dict[str, str]
    extractor: str

    def content(self) -> dict[str, Any]:
        return _fields(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PageRecord:
        return cls(**data)


@dataclass(frozen=True, slots=True)
class SearchTrace:
    """Where a claim's search went: the query, backend, stored snapshot and outcome;
    which backend answered it (``answered_by``: the backend itself, or the member of a
    fallback chain), and, when the result list came from the shared cache rather than a
    new request, how old it was (``cache_age_s``; None: searched for this report)."""

    query: str
    backend: str
    snapshot_id: str | None
    hits: int
    took_s: float
    error: str | None = None
    answered_by: str | None = None
    cache_age_s: float | None = None


@dataclass(frozen=True, slots=True)
class PageTrace:
    """A page a claim wanted: fetched and stored (snapshot id) or not (error); when it
    came from the shared page cache rather than a new fetch, how old it was
    (``cache_age_s``; None: fetched for this report, or a corpus page)."""

    url: str
    snapshot_id: str | None
    error: str | None = None
    cache_age_s: float | None = None


@dataclass(frozen=True, slots=True)
class Evidence:
    """A ranked passage for a claim: ``quote == page.text[start:end]``."""

    quote: str
    url: str
    title: str
    snapshot_id: str
    start: int
    end: int
    score: float
    query: str
    backend: str
    search_snapshot_id: str | None
    retrieved_at: str = ""  # when the page was fetched (the snapshot's fetched_at)


# what a quoted sentence does for its claim (see VerdictQuote)
Stance = Literal["supports", "refutes", "conflicts", "closest"]


@dataclass(frozen=True, slots=True)
class VerdictQuote:
    """A sentence a judge decided on: ``sentence == page.text[start:end]`` for the snapshot.

    ``stance`` is what it does for the claim: ``supports``, ``refutes``, ``conflicts``
    (an inconclusive claim's evidence gives another value in one of its slots, with too
    little confidence to refute: shown for review, ``conflicts`` names the values), or
    ``closest`` (the nearest sentence of an inconclusive claim, shown for context).
    ``evidence_rank`` is its passage's position in ``claim.evidence``.
    """

    stance: Stance
    sentence: str
    url: str
    title: str
    snapshot_id: str
    start: int
    end: int
    evidence_rank: int
    judge: str
    confidence: float
    matched: list[str]
    conflicts: list[str]
    reason: str

    @property
    def unsourced(self) -> bool:
        """The closest sentence quoted for a figure or a rare name of the claim that no
        evidence text gives (its ``conflicts`` name it): a question for the rater."""
        return self.stance == "closest" and bool(self.conflicts)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A claim's verdict over its ranked evidence (see docs/judges.md).

    ``disputed`` marks an inconclusive claim whose evidence both supports and refutes it
    (both quotes given). ``passages`` is how many evidence passages were judged.
    ``unchecked`` means no evidence could be looked for (no search answered, every page
    failed, no backend, a limit): unlike ``inconclusive`` it gets no benefit of the doubt,
    it goes to review; ``reason`` says why. ``guard`` names the guard that decided, when a
    conflict was dismissed, kept for review or disputed (``corroborated``, ``another_scope``,
    ...: docs/judges.md lists them); ``reason`` says what it saw.
    """

    label: Literal["supported", "refuted", "inconclusive", "unchecked"]
    confidence: float
    disputed: bool
    reason: str
    judges: list[str]
    passages: int
    quotes: list[VerdictQuote]
    guard: str | None = None

    @classmethod
    def unchecked(cls, why: str) -> Verdict:
        """The verdict of a claim no evidence could be looked for."""
        return cls("unchecked", 0.0, False, why, [], 0, [])

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Verdict:
        return cls(**{**data, "quotes": [VerdictQuote(**q) for q in data["quotes"]]})


@dataclass(slots=True)
class Claim:
    """A statement of the response; check-worthy ones carry queries, searches, evidence and
    a verdict. ``text`` is the response's own words (``response[start:end]``); ``claim`` is
    the statement searched and judged: the same words, or a rewrite that stands alone
    (a split-off part with its subject, a pronoun replaced by the name it stands for)."""

    id: str
    kind: str
    start: int
    end: int
    text: str
    check_worthy: bool
    reason: str
    claim: str = ""
    rewrite: str | None = None  # why ``claim`` differs from ``text``, if it does
    queries: list[str] = field(default_factory=list)
    searched: bool = False
    not_searched_reason: str | None = None
    searches: list[SearchTrace] = field(default_factory=list)
    pages: list[PageTrace] = field(default_factory=list)
    evidence: list[Evidence] = field(default_factory=list)
    timed_out: bool = False
    elapsed_s: float = 0.0
    verdict: Verdict | None = None
    # the pieces of the response the claim is made of, ``[start, end]`` each, in order: its
    # own words (``start``/``end``) and the subject or qualifier it borrows from its sentence
    spans: list[list[int]] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Claim:
        verdict = data.get("verdict")
        return cls(
            **{
                **data,
                "searches": [SearchTrace(**s) for s in data.get("searches", [])],
                "pages": [PageTrace(**p) for p in data.get("pages", [])],
                "evidence": [Evidence(**e) for e in data.get("evidence", [])],
                "verdict": Verdict.from_dict(verdict) if verdict else None,
            }
        )


@dataclass(frozen=True, slots=True)
class BackendStatus:
    """How a search backend fared over the whole report."""

    name: str
    version: str
    status: Literal["ok", "degraded", "unavailable", "unused"]
    queries: int
    errors: int
    last_error: str | None = None
    local: bool = False


@dataclass(frozen=True, slots=True)
class CopyMatch:
    """Words of the response found in a source: both spans, their texts and kind, and
    why it does not count, if it does not: an ``exemption`` (quoted, attributed, supplied
    or requested by the prompt, code, boilerplate) or a ``shortfall`` (too little evidence
    of copying: a short run, one closely worded sentence, a loose paraphrase).

    ``response_text == response[response_start:response_end]`` and
    ``source_text == page.text[source_start:source_end]`` for the page snapshot.
    ``words`` is the response span's length; ``longest_run`` its longest run of words
    identical to the source's; ``similarity`` (0-100) how alike the two spans' wording is.
    """

    kind: Literal["identical", "minor_changes", "heavy_revision"]
    counted: bool
    exemption: str | None
    response_start: int
    response_end: int
    response_text: str
    source_url: str
    source_title: str
    snapshot_id: str
    source_start: int
    source_end: int
    source_text: str
    words: int
    copied_words: int
    longest_run: int
    similarity: float
    word_start: int = 0  # the response's words [word_start, word_end) the match covers,
    word_end: int = 0  # numbered as the copy check counts them (verifier.text.spans.word_range)
    sentences: int = 0  # response sentences aligned one by one (0 for exact-run matches)
    content: float = 0.0  # their content similarity with the source, 0-1 (0 when sentences is 0)
    shortfall: str | None = None
    wording: int = 0  # response words the source has too, beyond names, numbers and terms
    expression: int = 0  # response words of the match beyond names, numbers and terms
    # its longest passage copied word for word, by its words beyond names, numbers and
    # terms (the verbatim rule of the copy check), and that passage's text in the response
    verbatim: int = 0
    verbatim_text: str = ""

    def figures(self) -> str:
        """The match's figures, said the same way in every output."""
        out = f"{self.words} words (longest exact run {self.longest_run}, similarity {self.similarity:.0f}"
        if self.sentences:
            plural = "s" if self.sentences > 1 else ""
            out += f", {self.sentences} sentence{plural} aligned, content {self.content:.2f}"
        return out + ")"

    def standing(self) -> str:
        """Counted, or why not: the exemption, or the shortfall of evidence."""
        if self.counted:
            return "counted"
        if self.exemption:
            return f"exempt: {self.exemption}"
        return f"not counted: {self.shortfall or 'too little evidence'}"


@dataclass(frozen=True, slots=True)
class CopySource:
    """A source ranked by the share of the response its counted matches cover."""

    url: str
    title: str
    snapshot_id: str
    share: float
    words: int
    matches: int


@dataclass(slots=True)
class Plagiarism:
    """The copy check of one response (see docs/report.md)."""

    status: Literal["checked", "partial", "not_checked"]
    verdict: Literal["original", "possible", "plagiarized"] | None
    copied_share: float
    copied_words: int
    response_words: int
    longest_run_words: int
    copy_requested: str | None
    sources: list[CopySource]
    matches: list[CopyMatch]
    sources_checked: int
    phrase_queries: list[str]
    thresholds: dict[str, float]
    note: str = ""
    reason: str = ""  # why the verdict, with the figures it rests on
    searches: list[SearchTrace] = field(default_factory=list)  # the phrase searches
    pages: list[PageTrace] = field(default_factory=list)  # the pages they brought

    def to_dict(self) -> dict[str, Any]:
        return _fields(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Plagiarism:
        return cls(
            **{
                **data,
                "sources": [CopySource(**s) for s in data["sources"]],
                "matches": [CopyMatch(**m) for m in data["matches"]],
                "searches": [SearchTrace(**s) for s in data.get("searches", [])],
                "pages": [PageTrace(**p) for p in data.get("pages", [])],
            }
        )


@dataclass(frozen=True, slots=True)
class Resource:
    """A URL or DOI the response cites, and whether it exists and is what the response says.

    ``status``: ``ok``; ``missing`` (the address answers 404/410, or the DOI is not
    registered); ``mismatch`` (the page's title has nothing to do with the words the
    response uses for it); ``unchecked`` (not fetched: no web, a network fault, a refused
    address; the benefit of the doubt). ``fake`` is true for missing and mismatch.
    """

    kind: Literal["url", "doi"]
    ref: str
    url: str
    start: int
    end: int
    described_as: str
    status: Literal["ok", "missing", "mismatch", "unchecked"]
    fake: bool
    reason: str
    http_status: int | None = None
    title: str | None = None
    similarity: float | None = None
    snapshot_id: str | None = None


@dataclass(frozen=True, slots=True)
class ClaimRef:
    """A claim named by a signal: where it is, what was decided, and the deciding quote."""

    claim_id: str
    text: str
    claim: str
    start: int
    end: int
    label: str
    confidence: float
    why: str
    quote: str | None = None
    url: str | None = None
    snapshot_id: str | None = None
    quote_start: int | None = None
    quote_end: int | None = None


@dataclass(slots=True)
class Truthfulness:
    """The truthfulness signal for a scorer (see docs/report.md).

    ``false_information`` is true when a claim is refuted with confidence of at least
    ``refuted_threshold`` (those claims are ``false_claims``); ``fake_resources`` when a
    cited resource is missing or mismatched. Claims that were searched and stayed
    inconclusive, disputed or timed out are ``benefit_of_the_doubt``: the rubric says to
    assume them true; those among them whose evidence gave another value in one of their
    slots (too uncertain to refute) are also listed in ``conflicts``, for review. Claims no
    evidence could be looked for are ``unchecked_claims``:
    they need a human. ``status`` is ``checked`` when every check-worthy claim and cited
    resource was checked with every search backend, ``partial`` when some were not,
    ``not_checked`` when none was; ``note`` says why.
    """

    status: Literal["checked", "partial", "not_checked"]
    judges: list[str]
    claims: int
    check_worthy: int
    supported: int
    refuted: int
    inconclusive: int
    disputed: int
    timed_out: int
    not_searched: int
    false_information: bool
    refuted_threshold: float
    false_claims: list[ClaimRef]
    weak_refutations: list[ClaimRef]
    fake_resources: bool
    resources: list[Resource]
    benefit_of_the_doubt: list[ClaimRef]
    note: str = ""
    unchecked: int = 0
    unchecked_claims: list[ClaimRef] = field(default_factory=list)
    conflicts: list[ClaimRef] = field(default_factory=list)
    # "check this": the claims likely false but not sure enough to cap, most likely first
    # (``confidence``: the probability that the claim is false); never a cap
    review: list[ClaimRef] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return _fields(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Truthfulness:
        refs = (
            "false_claims",
            "weak_refutations",
            "benefit_of_the_doubt",
            "unchecked_claims",
            "conflicts",
            "review",
        )
        data = {"unchecked_claims": [], "conflicts": [], "review": [], **data}
        return cls(
            **{
                **data,
                **{key: [ClaimRef(**r) for r in data[key]] for key in refs},
                "resources": [Resource(**r) for r in data["resources"]],
            }
        )


Severity = Literal["error", "minor", "review", "excluded"]


@dataclass(frozen=True, slots=True)
class GrammarMatch:
    """One finding of the grammar checker, placed in the response, and how it counts.

    ``severity``: ``error`` (caps the score at 3), ``minor`` (caps it at 4), ``review``
    (listed for the rater) or ``excluded`` (never counts); ``reason`` says why.
    """

    start: int
    end: int
    text: str
    rule_id: str
    category: str  # the rule's category id (GRAMMAR, PUNCTUATION, TYPOS, STYLE, ...)
    issue_type: str  # the rule's issueType (grammar, misspelling, style, ...)
    message: str
    replacements: list[str]
    severity: Severity
    reason: str
    short_message: str = ""
    category_name: str = ""
    rule_description: str = ""
    sentence: str = ""


@dataclass(slots=True)
class Grammar:
    """The grammar check of one response (see docs/report.md).

    ``backend`` is the configured checker (``none``: the built-in doubled words only);
    ``checker`` names what ran, in words. ``status`` is ``not_checked`` when a configured
    checker could not check the text (unreachable, an error, no answer in time; ``note``
    says why), ``partial`` when it says its results are incomplete; the built-in doubled
    words always run.
    """

    backend: Literal["none", "languagetool"]
    checker: str
    status: Literal["checked", "partial", "not_checked"]
    language: str = ""
    note: str = ""
    errors: int = 0
    minor: int = 0
    review: int = 0
    excluded: int = 0
    matches: list[GrammarMatch] = field(default_factory=list)
    categories: dict[str, list[str]] = field(default_factory=dict)  # the counting in force

    def to_dict(self) -> dict[str, Any]:
        return _fields(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Grammar:
        return cls(**{**data, "matches": [GrammarMatch(**m) for m in data.get("matches", [])]})

    @classmethod
    def builtin(cls) -> Grammar:
        """No grammar checker configured: the built-in doubled words only."""
        return cls("none", BUILTIN_GRAMMAR, "checked")


BUILTIN_GRAMMAR = "none: doubled words only (no grammar checker configured)"


# What a rubric rule does to the score, in order of precedence (verifier.rubric.rules).
Effect = Literal["score = 1", "score = 3", "cap <= 3", "cap <= 4", "lower", "review", "none"]


@dataclass(frozen=True, slots=True)
class AppliedRule:
    rule: str
    effect: Effect
    rubric: str
    why: str
    evidence: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ReviewItem:
    check: str
    why: str
    evidence: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class Rubric:
    """The rubric signal (see docs/signals.md), made by :func:`verifier.rubric.scorer.score`.
    ``score`` only when a rule fixes it; ``max_score`` always."""

    score: int | None
    max_score: int
    applied: list[AppliedRule]
    needs_review: list[ReviewItem]
    explanation: str
    flags: dict[str, bool]
    checks: dict[str, Any]
    rules_version: str  # the rubric rules applied (verifier.rubric.rules.RULES_VERSION)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rubric:
        return cls(
            **{
                **data,
                "applied": [AppliedRule(**a) for a in data["applied"]],
                "needs_review": [ReviewItem(**r) for r in data["needs_review"]],
            }
        )


class RequestRecord(TypedDict):
    """What a report checked (``report.request``): the exact response all its offsets index
    into, the prompt, the batch row's id and the rater's flags."""

    id: str | None
    prompt: str
    response: str
    response_sha256: str  # hex sha256 of the UTF-8 response
    flags: dict[str, bool]


@dataclass(slots=True)
class Report:
    """A verification report: claims with their evidence, and everything needed to replay it.

    ``status`` is ``incomplete`` when a check could not run in full (a search backend
    unavailable, claims or cited resources unchecked, the copy check not run or partial);
    ``incomplete`` then holds one line per such check, saying what and why.
    """

    id: str
    created_at: Timestamp
    request: RequestRecord
    status: Literal["complete", "incomplete"]
    claims: list[Claim]
    summary: dict[str, int]
    search: list[BackendStatus]
    warnings: list[str]
    truthfulness: Truthfulness
    plagiarism: Plagiarism
    provenance: dict[str, Any]
    timing: dict[str, float]
    rubric: Rubric | None = None
    incomplete: list[str] = field(default_factory=list)
    grammar: Grammar = field(default_factory=Grammar.builtin)
    schema: str = REPORT_SCHEMA

    def to_dict(self) -> dict[str, Any]:
        data = _fields(self)
        return {"schema": data.pop("schema"), **data}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Report:
        if data.get("schema") not in READABLE_SCHEMAS:
            msg = f"not a {REPORT_SCHEMA} report (schema is {data.get('schema')!r})"
            raise ValueError(msg)
        data = _with_word_ranges(_upgrade(data))
        return cls(
            **{
                **data,
                "claims": [Claim.from_dict(c) for c in data["claims"]],
                "search": [BackendStatus(**b) for b in data["search"]],
                "truthfulness": Truthfulness.from_dict(data["truthfulness"]),
                "plagiarism": Plagiarism.from_dict(data["plagiarism"]),
                "rubric": Rubric.from_dict(data["rubric"]) if data.get("rubric") else None,
                "grammar": Grammar.from_dict(data["grammar"]),
            }
        )


def _upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """An older report as the current schema reads it.

    ``/1`` to ``/2``: ``partial`` became ``incomplete`` (with a line saying why), and
    claims never searched got an ``unchecked`` verdict. ``/2`` to ``/3``: the copy check
    tells exemptions from too little evidence (``shortfall``: the "short" exemptions move
    there), a ``paraphrase_suspect`` (one closely paraphrased sentence, never counted) is
    an uncounted one-sentence ``heavy_revision``, and the verdict has a ``reason`` (empty
    for reports made before). ``/3`` to ``/4``: the report has a ``grammar`` check; a
    report made before it had only the built-in doubled words.
    """
    schema = data.get("schema")
    if schema == REPORT_SCHEMA:
        return data
    data = {**data, "schema": REPORT_SCHEMA}
    data.setdefault("grammar", Grammar.builtin().to_dict())
    if schema == "verifier.report/3":
        return data
    if schema == "verifier.report/1":
        if data.get("status") == "partial":
            data["status"] = "incomplete"
            data.setdefault(
                "incomplete",
                ["facts: the report's time budget ran out before every claim started"],
            )
        claims = []
        for claim in data["claims"]:
            if claim.get("check_worthy") and not claim.get("searched") and not claim.get("verdict"):
                why = claim.get("not_searched_reason") or "not searched"
                claim = {**claim, "verdict": _plain(Verdict.unchecked(why))}
            claims.append(claim)
        data["claims"] = claims
    data["plagiarism"] = upgrade_plagiarism(data["plagiarism"])
    return data


def _with_word_ranges(data: dict[str, Any]) -> dict[str, Any]:
    """Matches of reports written before they carried their word range get it from the
    response, numbered as the copy check numbers words."""
    matches = data["plagiarism"].get("matches", [])
    if all("word_start" in m for m in matches):
        return data
    response = data["request"]["response"]
    filled = []
    for m in matches:
        if "word_start" not in m:
            first, stop = word_range(response, m["response_start"], m["response_end"])
            m = {**m, "word_start": first, "word_end": stop}
        filled.append(m)
    return {**data, "plagiarism": {**data["plagiarism"], "matches": filled}}


def upgrade_plagiarism(data: dict[str, Any]) -> dict[str, Any]:
    """A copy check written before ``shortfall`` and ``reason`` existed, as read now."""
    matches = []
    for m in data.get("matches", []):
        m = dict(m)
        if m.get("kind") == "paraphrase_suspect":
            m.update(
                kind="heavy_revision",
                counted=False,
                exemption=None,
                shortfall="one closely paraphrased sentence (reported for review, not counted)",
                sentences=max(1, m.get("sentences", 0)),
            )
        elif (m.get("exemption") or "").startswith("short"):
            m["shortfall"], m["exemption"] = m["exemption"], None
        matches.append(m)
    return {**data, "matches": matches}


def _fields(obj: DataclassInstance) -> dict[str, Any]:
    """A dataclass instance as plain JSON values, by field name."""
    return {f.name: _plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}


def _plain(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return _fields(obj)
    if isinstance(obj, list | tuple):
        return [_plain(item) for item in obj]
    if isinstance(obj, dict):
        return {key: _plain(value) for key, value in obj.items()}
    return obj
