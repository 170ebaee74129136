"""Schema SQL kept in ``.sql`` files beside the code that runs it, one folder per dialect
(``sql/sqlite/``, ``sql/postgres/``), read from the installed package
(:mod:`importlib.resources`: the files ship in the wheel).

A folder of migrations holds numbered scripts (``001.sql``, ``002.sql``, ...): script *n*
takes a store to schema version *n*, so a script, once released, never changes (a
database migrated by it must still open); a change is a new script.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

__all__ = ["migrations", "script"]

_NUMBERED = re.compile(r"^(\d{3})\.sql$")


@cache
def script(package: str, path: str) -> str:
    """The text of ``path`` (``sql/sqlite/schema.sql``) inside ``package``."""
    return files(package).joinpath(path).read_text(encoding="utf-8")


@cache
def migrations(package: str, folder: str) -> tuple[str, ...]:
    """The numbered scripts in ``folder`` of ``package``, in order; the numbers must run
    from 001 without a gap."""
    names = sorted(
        entry.name
        for entry in files(package).joinpath(folder).iterdir()
        if _NUMBERED.match(entry.name)
    )
    expected = [f"{n:03d}.sql" for n in range(1, len(names) + 1)]
    if names != expected:
        msg = f"{package}/{folder}: the migrations must be numbered 001.sql, 002.sql, ... without a gap (found {', '.join(names)})"
        raise RuntimeError(msg)
    return tuple(script(package, f"{folder}/{name}") for name in names)
