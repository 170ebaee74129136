"""A search result's knowledge panel read as sentences.

Search engines show a page's infobox as fields after its title: "Netflix ... Founded:
August 29, 1997, Scotts Valley, California · Founders: Reed Hastings, Marc Randolph ·
Headquarters: Los Gatos, California". No sentence there names its subject or its verb,
so neither the rules nor the parse read it. :func:`panel_fields` finds the title and the
fields it knows and says each as the sentence it stands for ("Netflix was founded by Reed
Hastings and Marc Randolph."), with the field's own span in the text: the records are read
from that sentence, the quote is the field as the page gives it.

Only fields whose meaning is fixed are read (founded, founders, headquarters, opened,
launched, date, location, director, architect, author, born, died, capital); a title is
the text before the first " ... " or " · ", a short name (at most eight words, opening with
a capital, no sentence of its own).
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["panel_fields"]

# the title before the panel's first separator: "Netflix ...", "Amazon.com, Inc. ·"
_TITLE = re.compile(r"^\s*(?P<title>[A-Z0-9][^·…]{0,80}?)\s*(?:\.\.\.|…|·)\s")
# one field: "Key: value", up to the next separator or the end
_FIELD = re.compile(
    r"(?:^|(?<=[·…])|(?<=\.\.\.))\s*(?P<key>[A-Z][A-Za-z]+(?: [a-z]+){0,2}):\s+"
    r"(?P<value>[^·…]+?)\s*(?=·|…|\.\.\.|$)"
)
_PARENTHESIS = re.compile(r"\s*\((?:age|aged)\b[^)]*\)")
# what a title's parenthesis may say and still name the thing: its year or its kind
_QUALIFIER = re.compile(
    r"\s*\((?:\d{4}|film|movie|album|song|novel|book|band|company|planet|city|river|"
    r"ship|game|video game|TV series|musical|play|painting|bridge|building)\)$"
)
_COUNTRY_NOTE = re.compile(r"^(?P<date>.+?)\s*\((?P<where>[A-Z][\w .'-]+)\)$")


def _joined(names: str) -> str:
    parts = [p.strip() for p in re.split(r",\s*|\s+and\s+", names) if p.strip()]
    if len(parts) <= 1:
        return names.strip()
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _at(value: str) -> str:
    """ "on" before a full date, "in" before a year or a month."""
    return "on" if re.match(r"^\d{1,2}\s+[A-Z]|^[A-Z][a-z]+\.?\s+\d{1,2},", value) else "in"


def _dated(verb: str) -> Callable[[str, str], str]:
    def say(title: str, value: str) -> str:
        noted = _COUNTRY_NOTE.match(value)
        if noted:  # "May 30, 2019 (South Korea)": the release there
            date, where = noted.group("date"), noted.group("where")
            return f"{title} was {verb} in {where} {_at(date)} {date}."
        date, _, place = value.partition(";")
        if not place and re.match(r"^.*\d{4},\s+[A-Z]", date):
            # "August 29, 1997, Scotts Valley, California": the date, then the place
            m = re.match(r"^(.*?\d{4}),\s+(.*)$", date)
            if m:
                date, place = m.group(1), m.group(2)
        place = place.strip().removeprefix("in ").strip()
        where = f" in {place}" if place else ""
        return f"{title} was {verb} {_at(date.strip())} {date.strip()}{where}."

    return say


_SAY: dict[str, Callable[[str, str], str]] = {
    "founded": _dated("founded"),
    "founders": lambda t, v: f"{t} was founded by {_joined(v)}.",
    "founder": lambda t, v: f"{t} was founded by {_joined(v)}.",
    "headquarters": lambda t, v: f"{t} is headquartered in {v}.",
    "opened": _dated("opened"),
    "launch date": _dated("launched"),
    "launched": _dated("launched"),
    "release date": _dated("released"),
    "date": lambda t, v: f"{t} took place {_at(v)} {v}.",
    "location": lambda t, v: f"{t} is located in {v}.",
    "director": lambda t, v: f"{t} was directed by {_joined(v)}.",
    "directed by": lambda t, v: f"{t} was directed by {_joined(v)}.",
    "architect": lambda t, v: f"{t} was designed by {_joined(v)}.",
    "author": lambda t, v: f"{t} was written by {_joined(v)}.",
    "written by": lambda t, v: f"{t} was written by {_joined(v)}.",
    "born": _dated("born"),
    "died": lambda t, v: f"{t} died {_at(v)} {_PARENTHESIS.sub('', v)}.",
    "capital": lambda t, v: f"The capital of {t} is {v}.",
}


def panel_fields(text: str) -> list[tuple[int, int, str]]:
    """Each field of the text's knowledge panel this module reads: (start, end, the
    sentence it stands for); none when the text opens with no title."""
    m = _TITLE.match(text)
    if m is None:
        return []
    title = _QUALIFIER.sub("", m.group("title")).strip().rstrip(",")
    if not title or len(title.split()) > 8 or re.search(r"[.!?]\s", title) or ":" in title:
        return []
    if "(" in title:
        return []  # "Abbey Road (Super Deluxe Edition)": an edition, another thing
    out = []
    for field in _FIELD.finditer(text, m.end() - 1):
        say = _SAY.get(field.group("key").lower())
        value = _PARENTHESIS.sub("", field.group("value")).strip().rstrip(".").strip()
        if say is None or not value:
            continue
        out.append((field.start("key"), field.end("value"), say(title, value)))
    return out
