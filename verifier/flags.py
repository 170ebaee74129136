"""The rater's flags (docs/signals.md): what a rater may say of a response that no check
measures. Apart from :mod:`verifier.schema` so that the command line's help, which names
them, starts without the report's types."""

from __future__ import annotations

__all__ = ["FLAGS"]

FLAGS = ("harmful", "nonsensical", "off_topic", "minor_grammar_error")
