"""The one month table and the month patterns built from it (and the weekdays).

:data:`MONTHS` maps every month name and abbreviation (lowercase, no dot) to its number;
:data:`WEEKDAYS` are the days' names.
:func:`month_pattern` writes a regular-expression group over them; which forms it matches
is the caller's explicit choice (:data:`MonthForms`), and case follows ``capitalised``:

- ``"names"``: the twelve names ("January" ... "December"). Claims; the frames judge's
  sieve.
- ``"names and abbreviations"``: the names, then "Jan", "Feb", ... "Sept", "Sep" ...
  "Dec". Dates in the frames judge's slots.
- ``"starts"``: the first three letters of each name ("jan" ... "dec"), which also start
  their abbreviations and longer forms. A cheap test that a month may be named; with
  ``[a-z]*`` after it, any month word.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["MONTHS", "MONTH_NAMES", "WEEKDAYS", "MonthForms", "month_pattern"]

MONTH_NAMES = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
# abbreviations, by month; "sept" before "sep" (a pattern tries the longer first)
_ABBREVIATIONS = (
    ("jan",),
    ("feb",),
    ("mar",),
    ("apr",),
    (),
    ("jun",),
    ("jul",),
    ("aug",),
    ("sept", "sep"),
    ("oct",),
    ("nov",),
    ("dec",),
)
MONTHS: dict[str, int] = {
    name: number
    for number, (full, short) in enumerate(zip(MONTH_NAMES, _ABBREVIATIONS, strict=True), 1)
    for name in (full, *short)
}

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

MonthForms = Literal["names", "names and abbreviations", "starts"]


def month_pattern(forms: MonthForms, *, capitalised: bool = False) -> str:
    """A non-capturing regex group matching the month ``forms``, lowercase or (with
    ``capitalised``) capitalised; no word boundaries, no trailing dot."""
    if forms == "starts":
        words = [name[:3] for name in MONTH_NAMES]
    elif forms == "names":
        words = list(MONTH_NAMES)
    else:
        words = [*MONTH_NAMES, *(a for short in _ABBREVIATIONS for a in short)]
    if capitalised:
        words = [w.capitalize() for w in words]
    return "(?:" + "|".join(words) + ")"
