"""Who published a piece of evidence: what the claim-level guards count as one source.

A web page's source is its site (the host without ``www.``): two pages of one site are one
source. A corpus document is a source of its own, and the user vouches for it (``trusted``,
unless ``search.corpus.trusted`` is off: scraped pages or search results): it settles a fact
alone (see ``judges.refute_sources`` in docs/judges.md).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from verifier.judges.base import Source
from verifier.schema import Evidence

__all__ = ["source_of"]

CORPUS_PREFIX = "corpus:"


def source_of(evidence: Evidence, trust_corpora: bool = True) -> Source:
    """The source of one evidence passage."""
    if evidence.backend.startswith(CORPUS_PREFIX):
        return Source(f"{evidence.backend}/{evidence.url}", trusted=trust_corpora)
    host = (urlsplit(evidence.url).hostname or evidence.url).lower()
    return Source(host.removeprefix("www."))
