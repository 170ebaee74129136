"""Figures a test measures for whoever reads the run (printed at the end of the session by
``tests/conftest.py``): one line each, as ``name: figures``."""

from __future__ import annotations

__all__ = ["lines", "record"]

lines: dict[str, str] = {}


def record(name: str, figures: str) -> None:
    lines[name] = figures
