"""The one exception hierarchy of verifier.

Every error a user can cause or meet carries a message that fits on one line and says
what was wrong and what to do. The command line prints exactly that line; nothing else
is shown unless ``--debug`` is given::

    VerifierError
    ├── ConfigError(ValueError)          bad config file, unknown key, wrong type or value
    ├── InputError(ValueError)           unreadable, binary or malformed input
    ├── CorpusError                      missing corpus path, unreadable or foreign index
    │   └── EmptyCorpus                  no readable document in it
    ├── StoreError                       a store cannot be opened, read or written
    │   ├── JobStoreError                ... the job store (jobs, reports, keys, audits, callbacks, sessions)
    │   ├── SnapshotError                ... the snapshot store (the evidence kept for replay)
    │   ├── SchemaMismatch               ... a database not migrated to this verifier's schema
    │   └── StoreUnavailable             ... either, for now: the disk is full, the database is down (``reason``)
    ├── ModelError                       a model could not be pulled (hub unreachable, bad download)
    ├── GrammarError                     the grammar checker (LanguageTool) could not check a text
    ├── SearchError                      a search backend failed
    │   ├── SearchUnavailable            the backend cannot be reached at all (offline, DNS)
    │   ├── SearchTimeout(TimeoutError)  no answer within the time left
    │   ├── SearchRateLimited            the backend (or the shared rate limit) says slow down
    │   ├── SearchQuotaSpent             the plan's quota (credits, month) is spent
    │   └── SearchKeyRejected            the API key is missing, wrong or not subscribed
    ├── FetchError                       a page could not be fetched
    │   ├── BlockedURL                   refused by the SSRF guard or not http(s)
    │   ├── ConnectionFailed             refused or broken connection (retried)
    │   ├── TooLarge                     body over ``fetch.max_bytes``
    │   ├── UnsupportedContentType       not HTML, XHTML or plain text
    │   ├── TooManyRedirects             over ``fetch.max_redirects``
    │   ├── HTTPStatusError              a 4xx or 5xx answer (``status`` attribute)
    │   └── FetchTimeout(TimeoutError)   no complete answer within the time left
    └── ExtractError                     the page's text could not be extracted
        └── ExtractTimeout(TimeoutError) the extraction process hung and was killed

Search, fetch and extract errors are weather, not crashes: the pipeline records them in
the report (``claims[].searches[].error``, ``warnings``) and carries on.
"""

from __future__ import annotations

__all__ = [
    "UNAVAILABLE",
    "BlockedURL",
    "ConfigError",
    "ConnectionFailed",
    "CorpusError",
    "EmptyCorpus",
    "ExtractError",
    "ExtractTimeout",
    "FetchError",
    "FetchTimeout",
    "GrammarError",
    "HTTPStatusError",
    "InputError",
    "JobStoreError",
    "ModelError",
    "SearchError",
    "SearchKeyRejected",
    "SearchQuotaSpent",
    "SearchRateLimited",
    "SearchTimeout",
    "SearchUnavailable",
    "SnapshotError",
    "StoreError",
    "StoreUnavailable",
    "TooLarge",
    "TooManyRedirects",
    "UnsupportedContentType",
    "VerifierError",
]


class VerifierError(Exception):
    """Base class of every error verifier raises on purpose."""


class ConfigError(VerifierError, ValueError):
    """The configuration is unreadable or invalid."""


class InputError(VerifierError, ValueError):
    """The input (response, prompt, batch file) cannot be used."""


class InvalidRequest(InputError):
    """A check request that :meth:`verifier.schema.CheckRequest.from_dict` refuses: the
    ``fields`` at fault, and whether it was refused only for its size."""

    def __init__(self, msg: str, *, fields: tuple[str, ...] = (), too_large: bool = False) -> None:
        super().__init__(msg)
        self.fields = fields
        self.too_large = too_large


class CorpusError(VerifierError):
    """A local corpus path or index cannot be used."""


class EmptyCorpus(CorpusError):
    """A corpus with no readable document: a directory with no .txt, .md or .html file
    (or none that could be read), or an index that holds none. Named on the command line
    it is an error; from ``search.corpus.paths`` it is left out with a warning."""


class StoreError(VerifierError):
    """A store cannot be opened, read or written: the base of :class:`JobStoreError`,
    :class:`SnapshotError` and :class:`StoreUnavailable` (either store, for now); also
    what the PostgreSQL plumbing they share raises when it serves neither in particular
    (``verifier db migrate``)."""


class SchemaMismatch(StoreError):
    """The database's schema is not this verifier's: not migrated yet, or migrated by a
    newer verifier (run ``verifier db migrate``, or upgrade verifier)."""


class JobStoreError(StoreError):
    """The job store (jobs, reports, API keys, audits, callback attempts, web sessions)
    cannot be opened, read or written, or a sealed callback secret cannot be opened."""


class SnapshotError(StoreError):
    """The snapshot store (the search results and pages a check read, kept for replay)
    cannot be opened, read or written."""


class StoreUnavailable(StoreError):
    """A store cannot be used *for now*: its disk is full, its database cannot be reached
    or is shutting down, it is out of memory. Not the fault of the work that met it: the
    service gives the work back and tries again when the store answers. ``reason`` is a
    few plain words ("disk full", "database unavailable") safe to show anyone."""

    def __init__(self, msg: str, reason: str) -> None:
        super().__init__(msg)
        self.reason = reason


class ModelError(VerifierError):
    """A model could not be pulled from the hub: it cannot be reached, or a download failed
    or does not match the hub's hash (``verifier models pull``)."""


class GrammarError(VerifierError):
    """The grammar checker could not check a text: unreachable, an error status, an answer
    that is not its JSON, or no answer in the time left. The grammar check is then
    ``not_checked`` with this message as its reason."""


class SearchError(VerifierError):
    """A search backend failed for one query."""


UNAVAILABLE = "search unavailable"


class SearchUnavailable(SearchError):
    """The search backend cannot be reached at all (offline, DNS failure, refused).

    Its message starts with ``UNAVAILABLE`` ("search unavailable"), which is how a stored
    search record says so.
    """

    def __init__(self, msg: str) -> None:
        super().__init__(msg if msg.startswith(UNAVAILABLE) else f"{UNAVAILABLE}: {msg}")


class SearchTimeout(SearchError, TimeoutError):
    """The search backend gave no answer within the time left."""


class SearchRateLimited(SearchError):
    """Too many requests: the API answered 429, or the rate shared by every worker
    (``[search.<backend>] requests_per_second``) has no turn free within the time left.
    ``retry_after_s`` is when to try again (None: not said)."""

    def __init__(self, message: str, retry_after_s: float | None = None) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class SearchQuotaSpent(SearchError):
    """The plan's requests are used up (the API says so, or ``monthly_quota`` is reached)."""


class SearchKeyRejected(SearchError):
    """The API refused the key (401/403/422) or no key is set in the environment."""


# The reason a cited page was not fetched because web access is off (a replay reads it to
# know the check ran with --no-web).
WEB_OFF = "web access is off (--no-web)"


class FetchError(VerifierError):
    """A page could not be fetched."""


class BlockedURL(FetchError):
    """The URL is refused: not http(s), or its host resolves to a non-public address."""


class ConnectionFailed(FetchError):
    """The connection was refused or broke; retried with backoff while time is left."""


class TooLarge(FetchError):
    """The body is larger than ``fetch.max_bytes``."""


class UnsupportedContentType(FetchError):
    """The content type is not on the allowlist."""


class TooManyRedirects(FetchError):
    """More than ``fetch.max_redirects`` redirects, or a redirect loop."""


class HTTPStatusError(FetchError):
    """The server answered with a 4xx or 5xx status."""

    def __init__(self, msg: str, status: int) -> None:
        super().__init__(msg)
        self.status = status


class FetchTimeout(FetchError, TimeoutError):
    """No complete answer within the time left."""


class ExtractError(VerifierError):
    """The text of a fetched page could not be extracted."""


class ExtractTimeout(ExtractError, TimeoutError):
    """The extraction process did not finish in time and was killed."""
