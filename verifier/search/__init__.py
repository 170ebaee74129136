"""Search backends behind one async interface: ddgs (web), searxng (self-hosted), corpus."""

from verifier.search.base import PageSource, SearchBackend
from verifier.search.corpus import CorpusBackend, CorpusIndex
from verifier.search.ddgs import DdgsBackend
from verifier.search.searxng import SearxngBackend

__all__ = [
    "CorpusBackend",
    "CorpusIndex",
    "DdgsBackend",
    "PageSource",
    "SearchBackend",
    "SearxngBackend",
]
