"""Search backends behind one async interface: ddgs (web), searxng (self-hosted), corpus."""

from .base import PageSource, SearchBackend
from .corpus import CorpusBackend, CorpusIndex
from .ddgs import DdgsBackend
from .searxng import SearxngBackend

__all__ = [
    "CorpusBackend",
    "CorpusIndex",
    "DdgsBackend",
    "PageSource",
    "SearchBackend",
    "SearxngBackend",
]
