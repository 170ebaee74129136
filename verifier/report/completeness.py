"""What could not be checked, and why: the decisions behind ``incomplete`` reports.

A scorer must be able to tell "we looked and found nothing" from "we could not look".
These pure functions draw that line from a report's traces:

- :func:`unchecked_reason`: a claim is *unchecked* when no evidence could be looked for:
  no search answered (the backend was unavailable, or the claim's budget ran out before
  any answer), or the searches found pages and every one of them failed to fetch. A claim
  whose searches answered and found nothing usable is *inconclusive* instead: the rubric's
  benefit of the doubt applies to it, not to an unchecked one.
- :func:`copy_check_status`: the copy check is ``not_checked`` when none of its searches
  answered (or every page they found failed), ``partial`` when some did not, and
  ``checked`` otherwise.
- :func:`incomplete_lines`: one line per check that did not run in full (facts, the copy
  check, a configured grammar checker); a report with any is ``incomplete``, and the
  command line prints each as a warning.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from verifier.errors import UNAVAILABLE
from verifier.schema import Grammar, PageTrace, Plagiarism, SearchTrace, Truthfulness
from verifier.search.chain import NOT_AGAIN

__all__ = [
    "LATE_MARK",
    "copy_check_status",
    "incomplete_lines",
    "never_answered",
    "unchecked_reason",
]

# Traces of work the deadline cut short carry this in their error (see pipeline._LATE).
LATE_MARK = "before the claim's deadline"
# Every search error that means "the backend gave no answer in time" contains this.
NO_ANSWER = "no answer"


def never_answered(error: str) -> bool:
    """A search error that means no answer came at all: the backend could not be reached,
    or gave no answer before a deadline (as opposed to an answer that was an error)."""
    return error.startswith(UNAVAILABLE) or NO_ANSWER in error


CheckStatus = Literal["checked", "partial", "not_checked"]


def _first_errors(errors: Sequence[str], limit: int = 2) -> str:
    """The first distinct errors, as a reason says them ("no search answered: web search
    unreachable: ...", without the stored "search unavailable: " each one starts with); a
    backend's failure said again when it was not asked again is the same failure."""
    distinct = list(
        dict.fromkeys(
            e.removeprefix(f"{UNAVAILABLE}: ").removesuffix(f"; {NOT_AGAIN}") for e in errors if e
        )
    )
    shown = "; ".join(distinct[:limit])
    more = len(distinct) - limit
    return shown + (f"; and {more} more" if more > 0 else "")


def unchecked_reason(
    searches: Sequence[SearchTrace], pages: Sequence[PageTrace], *, evidence_found: bool
) -> str | None:
    """Why a searched claim counts as unchecked, or None when evidence was looked for."""
    if evidence_found:
        return None
    answered = [s for s in searches if s.error is None]
    if not answered:
        errors = [s.error or "" for s in searches]
        if not searches:
            return "no search was sent"
        if all(NO_ANSWER in e for e in errors):
            return (
                "the claim's time budget (limits.claim_budget_s) ran out before any search answered"
            )
        return f"no search answered: {_first_errors(errors)}"
    hits = sum(s.hits for s in answered)
    if hits and pages and all(p.snapshot_id is None for p in pages):
        return f"every page the searches found failed to load: {_first_errors([p.error or '' for p in pages])}"
    return None


def copy_check_status(
    searches: Sequence[SearchTrace],
    pages: Sequence[PageTrace],
    sources_checked: int,
    *,
    could_copy: bool = True,
) -> tuple[CheckStatus, str]:
    """The copy check's status from its own searches and pages, with the reason.

    ``could_copy`` is false for a response too short to hold a countable copied passage:
    comparing it with nothing is then no gap.
    """
    if not searches:
        if sources_checked or not could_copy:
            return "checked", ""
        return (
            "not_checked",
            "no source to compare with: no phrase of the response could be searched and no page was fetched",
        )
    failed = [s for s in searches if s.error is not None]
    answered = len(searches) - len(failed)
    if answered == 0:
        return (
            "not_checked",
            f"no copy search answered: {_first_errors([s.error or '' for s in failed])}",
        )
    found = sum(s.hits for s in searches if s.error is None)
    if found and sources_checked == 0 and pages and all(p.snapshot_id is None for p in pages):
        return (
            "not_checked",
            f"every page the copy searches found failed to load: {_first_errors([p.error or '' for p in pages])}",
        )
    if failed:
        return (
            "partial",
            f"{len(failed)} of {len(searches)} copy searches failed: {_first_errors([s.error or '' for s in failed])}",
        )
    return "checked", ""


def incomplete_lines(
    truthfulness: Truthfulness, plagiarism: Plagiarism, grammar: Grammar | None = None
) -> list[str]:
    """One line per check that did not run in full (empty for a complete report)."""
    lines = []
    if truthfulness.status != "checked":
        state = "not checked" if truthfulness.status == "not_checked" else "partly checked"
        lines.append(f"facts {state}: {truthfulness.note}")
    if plagiarism.status != "checked":
        state = "not run" if plagiarism.status == "not_checked" else "partial"
        lines.append(f"copy check {state}: {plagiarism.note}")
    if grammar is not None and grammar.status != "checked":
        state = "not checked" if grammar.status == "not_checked" else "partly checked"
        lines.append(f"grammar {state}: {grammar.note}")
    return lines
