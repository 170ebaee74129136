"""Typed settings, loaded from ``config.toml`` with environment overrides.

Which file: ``--config PATH`` on the command line, else ``$VERIFIER_CONFIG``, else
``./config.toml`` when the current directory has one, else the built-in defaults (which
equal the repository's documented ``config.toml``).

Environment overrides name a key by its path with ``__`` between levels:
``VERIFIER_SEARCH__BACKENDS=ddgs,searxng``, ``VERIFIER_FETCH__TIMEOUT_S=5``,
``VERIFIER_SEARCH__DDGS__RETRIES=0``. Values are read as TOML literals when they parse
(``5``, ``true``, ``["a", "b"]``) and as plain strings otherwise; a comma-separated string
fills a list. ``VERIFIER_DATA_DIR`` sets ``store.data_dir``.

Unknown keys, wrong types and impossible values raise :class:`~verifier.errors.ConfigError`
with one line naming the key, the value and what is expected.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from verifier.errors import ConfigError

__all__ = [
    "BraveSettings",
    "CacheSettings",
    "ClaimsSettings",
    "CorpusSettings",
    "DdgsSettings",
    "EvidenceSettings",
    "ExtractSettings",
    "FetchSettings",
    "GrammarSettings",
    "HeuristicJudgeSettings",
    "JudgesSettings",
    "LabelStudioSettings",
    "LimitsSettings",
    "LlmJudgeSettings",
    "NliJudgeSettings",
    "PlagiarismSettings",
    "ResourcesSettings",
    "RubricSettings",
    "SearchSettings",
    "SearxngSettings",
    "SerperSettings",
    "ServiceSettings",
    "Settings",
    "StoreSettings",
    "config_file",
    "flatten",
    "load_settings",
]

ENV_PREFIX = "VERIFIER_"
WebBackend = Literal["ddgs", "searxng", "brave", "serper"]
Seconds = Annotated[float, Field(gt=0)]
NonNegSeconds = Annotated[float, Field(ge=0)]
PosInt = Annotated[int, Field(ge=1)]
NonNegInt = Annotated[int, Field(ge=0)]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class LimitsSettings(_Section):
    claim_budget_s: Seconds = 180.0
    report_budget_s: Seconds = 900.0
    max_concurrent_claims: PosInt = 40  # = max_claims: every claim in one wave
    max_concurrent_queries: PosInt = 6  # per claim: 3 queries on two web backends
    max_concurrent_searches: PosInt = 24  # per web backend, across the report
    max_claims: PosInt = 40
    max_response_chars: PosInt = 2_000_000
    max_prompt_chars: PosInt = 200_000


class ClaimsSettings(_Section):
    max_queries: Annotated[int, Field(ge=1, le=3)] = 3
    min_words: PosInt = 4
    max_query_words: Annotated[int, Field(ge=3)] = 16


class DdgsSettings(_Section):
    timeout_s: Seconds = 10.0
    max_results: PosInt = 8
    concurrency: Annotated[int, Field(ge=1, le=2)] = 1
    min_interval_s: NonNegSeconds = 1.5
    jitter_s: NonNegSeconds = 0.5
    retries: NonNegInt = 2
    backoff_s: NonNegSeconds = 2.0
    engines: Annotated[list[str], Field(min_length=1)] = [
        "duckduckgo",
        "brave",
        "mojeek",
        "yahoo",
    ]
    region: str = "us-en"
    safesearch: Literal["on", "moderate", "off"] = "moderate"
    unavailable_cooldown_s: NonNegSeconds = 60.0


class SearxngSettings(_Section):
    base_url: str = ""
    timeout_s: Seconds = 10.0
    max_results: PosInt = 8
    language: str = "en"
    categories: str = "general"


class BraveSettings(_Section):
    """Brave Search's web search API (``GET .../res/v1/web/search``)."""

    base_url: str = "https://api.search.brave.com/res/v1/web/search"
    key_env: str = "BRAVE_API_KEY"
    timeout_s: Seconds = 10.0
    max_results: Annotated[int, Field(ge=1, le=20)] = 8
    country: str = "US"
    search_lang: str = "en"
    safesearch: Literal["off", "moderate", "strict"] = "moderate"
    requests_per_second: Annotated[float, Field(gt=0)] = 0.9
    monthly_quota: NonNegInt = 0
    max_wait_s: NonNegSeconds = 5.0
    connect_timeout_s: Seconds = 3.0
    unavailable_cooldown_s: NonNegSeconds = 30.0
    hold_s: NonNegSeconds = 900.0


class SerperSettings(_Section):
    """Serper's Google results (``POST https://google.serper.dev/search``)."""

    base_url: str = "https://google.serper.dev/search"
    key_env: str = "SERPER_API_KEY"
    timeout_s: Seconds = 10.0
    max_results: Annotated[int, Field(ge=1, le=100)] = 8
    gl: str = "us"
    hl: str = "en"
    requests_per_second: Annotated[float, Field(gt=0)] = 4.5
    monthly_quota: NonNegInt = 0
    max_wait_s: NonNegSeconds = 5.0
    connect_timeout_s: Seconds = 3.0
    unavailable_cooldown_s: NonNegSeconds = 30.0
    hold_s: NonNegSeconds = 900.0


class CacheSettings(_Section):
    enabled: bool = True
    search_max_age_s: NonNegSeconds = 604800.0
    page_max_age_s: NonNegSeconds = 86400.0


class CorpusSettings(_Section):
    paths: list[str] = []
    max_results: PosInt = 5
    trusted: bool = True


class SearchSettings(_Section):
    backends: list[WebBackend] = ["ddgs"]
    ddgs: DdgsSettings = DdgsSettings()
    searxng: SearxngSettings = SearxngSettings()
    brave: BraveSettings = BraveSettings()
    serper: SerperSettings = SerperSettings()
    cache: CacheSettings = CacheSettings()
    corpus: CorpusSettings = CorpusSettings()


class FetchSettings(_Section):
    timeout_s: Seconds = 15.0
    max_bytes: PosInt = 5_000_000
    max_redirects: NonNegInt = 5
    concurrency: PosInt = 64
    per_host_concurrency: PosInt = 2
    pages_per_query: NonNegInt = 2
    retries: NonNegInt = 2
    backoff_s: NonNegSeconds = 0.5
    user_agent: str = "verifier/0.1 (verifier-evidence: fact-check and plagiarism verification)"
    content_types: Annotated[list[str], Field(min_length=1)] = [
        "text/html",
        "application/xhtml+xml",
        "text/plain",
    ]
    allow_private_networks: bool = False


class ExtractSettings(_Section):
    processes: PosInt = 2
    timeout_s: Seconds = 20.0
    max_tasks_per_process: PosInt = 200


class EvidenceSettings(_Section):
    passages_per_claim: PosInt = 5
    passage_chars: Annotated[int, Field(ge=100)] = 400


class PlagiarismSettings(_Section):
    seed_words: Annotated[int, Field(ge=2, le=20)] = 5
    max_gap_words: NonNegInt = 8
    min_match_words: PosInt = 11
    heavy_content: Annotated[float, Field(ge=0, le=1)] = 0.25
    minor_content: Annotated[float, Field(ge=0, le=1)] = 0.3
    minor_similarity: Annotated[float, Field(ge=0, le=100)] = 70.0
    heavy_min_sentences: PosInt = 3
    edited_min_sentences: PosInt = 3
    heavy_passage_content: Annotated[float, Field(ge=0, le=1)] = 0.3
    reworded_content: Annotated[float, Field(ge=0, le=1)] = 0.8
    max_gap_sentences: NonNegInt = 1
    fact_weight: Annotated[float, Field(ge=0, le=1)] = 0.2
    window_content: Annotated[float, Field(ge=0, le=1)] = 0.3
    in_order_content: Annotated[float, Field(ge=0, le=1)] = 0.2
    structure_share: Annotated[float, Field(ge=0, le=1)] = 0.5
    heavy_min_words: NonNegInt = 50
    heavy_min_wording: NonNegInt = 30
    review_similarity: Annotated[float, Field(ge=0, le=100)] = 60.0
    possible_share: Annotated[float, Field(ge=0, le=1)] = 0.0
    plagiarized_share: Annotated[float, Field(ge=0, le=1)] = 0.2
    heavy_share: Annotated[float, Field(ge=0, le=1)] = 0.3
    plagiarized_run_words: PosInt = 30
    # a passage copied word for word with this many words beyond names, numbers and terms
    # is copying at any share (docs/plagiarism.md, "Verdict")
    verbatim_words: PosInt = 15
    phrase_queries: NonNegInt = 3
    corpus_candidates: PosInt = 20
    phrase_words: Annotated[int, Field(ge=4, le=32)] = 10
    boilerplate: list[str] = [
        "all rights reserved",
        "licensed under",
        "creative commons",
        "permission is hereby granted",
        "this program is free software",
        "terms of service",
        "privacy policy",
    ]


Share = Annotated[float, Field(ge=0, le=1)]
JudgeName = Literal["frames", "heuristic", "nli", "llm"]


class FramesJudgeSettings(_Section):
    support_coverage: Share = 0.7
    reword_said: Share = 0.75


class HeuristicJudgeSettings(_Section):
    support_coverage: Share = 0.85
    support_similarity: Share = 0.8
    refute_coverage: Share = 0.8
    refute_similarity: Share = 0.8
    negation_coverage: Share = 0.9


class NliJudgeSettings(_Section):
    model: str = ""
    model_dir: str = ""
    max_tokens: Annotated[int, Field(ge=16)] = 512
    stride_tokens: NonNegInt = 128
    batch_size: PosInt = 8
    threads: PosInt = 1
    support_threshold: Share = 0.9
    refute_threshold: Share = 0.9


class LlmJudgeSettings(_Section):
    base_url: str = ""
    model: str = ""
    api_key_env: str = "VERIFIER_LLM_API_KEY"
    timeout_s: Seconds = 60.0
    retries: NonNegInt = 2
    backoff_s: NonNegSeconds = 1.0
    max_evidence_chars: Annotated[int, Field(ge=200)] = 6000
    confidence: Share = 0.85


class JudgesSettings(_Section):
    chain: Annotated[list[JudgeName], Field(min_length=1)] = ["frames"]
    refuted_threshold: Share = 0.8
    refute_sources: Annotated[int, Field(ge=1, le=5)] = 1
    stop_confidence: Share = 0.8
    frames: FramesJudgeSettings = FramesJudgeSettings()
    heuristic: HeuristicJudgeSettings = HeuristicJudgeSettings()
    nli: NliJudgeSettings = NliJudgeSettings()
    llm: LlmJudgeSettings = LlmJudgeSettings()


class ResourcesSettings(_Section):
    check: bool = True
    max_resources: NonNegInt = 10
    min_term_share: Share = 0.1


class RubricSettings(_Section):
    repetition_step: Annotated[int, Field(ge=0, le=6)] = 1
    repetition_sentence_share: Share = 0.3
    repetition_ngram_share: Share = 0.3
    spelling_common_words: Annotated[int, Field(ge=100, le=82765)] = 30000


class GrammarSettings(_Section):
    backend: Literal["none", "languagetool"] = "none"
    base_url: str = ""
    language: str = "en-US"
    level: Literal["default", "picky"] = "default"
    timeout_s: Seconds = 20.0
    error_categories: list[str] = ["GRAMMAR", "PUNCTUATION", "TYPOS", "CONFUSED_WORDS"]
    error_rules: list[str] = ["EN_A_VS_AN"]
    minor_categories: list[str] = []
    minor_rules: list[str] = []
    ignore_categories: list[str] = [
        "STYLE",
        "REDUNDANCY",
        "TYPOGRAPHY",
        "COLLOQUIALISMS",
        "REPETITIONS_STYLE",
        "PLAIN_ENGLISH",
        "GENDER_NEUTRALITY",
        "WIKIPEDIA",
    ]
    ignore_rules: list[str] = ["PUNCTUATION_PARAGRAPH_END", "ENGLISH_WORD_REPEAT_RULE"]


def _network(value: str) -> str:
    try:
        ipaddress.ip_network(value, strict=False)
    except ValueError:
        msg = f"{value!r} is not an address or a network (e.g. 10.0.0.5 or 10.0.0.0/8)"
        raise ValueError(msg) from None
    return value


class ServiceSettings(_Section):
    host: str = "127.0.0.1"
    port: Annotated[int, Field(ge=0, le=65535)] = 8750
    public_url: str = ""
    concurrency: NonNegInt = 2
    processes: NonNegInt = 0
    lease_s: Seconds = 30.0
    max_attempts: PosInt = 3
    retry_backoff_s: NonNegSeconds = 5.0
    grace_s: NonNegSeconds = 30.0
    job_timeout_s: NonNegSeconds = 0.0
    poll_s: Seconds = 0.5
    max_body_bytes: PosInt = 4_000_000
    rate_limit_per_minute: NonNegInt = 120
    callback_timeout_s: Seconds = 10.0
    callback_retries: NonNegInt = 4
    callback_backoff_s: NonNegSeconds = 2.0
    callback_allow_hosts: list[str] = []
    database: Annotated[str, Field(pattern=r"^(|sqlite:///.+|postgres(ql)?://.*)$")] = ""
    # a file whose first line is the database URL (wins over database): keeps a password
    # out of the process list and the config file
    database_file: str = ""
    pool_size: PosInt = 10
    heartbeat_s: Seconds = 10.0
    stalled_after_s: Seconds = 30.0
    # the web app for raters (workers/webapp)
    session_secret: str = ""
    session_ttl_s: Seconds = 43200.0
    # the key that encrypts callback secrets in the store: a file (empty: the session
    # secret is the key)
    secrets_key_file: str = ""
    # faults and abuse: readiness fails under min_free_mb free in the data dir; failed
    # sign-ins and wrong API keys over auth_failures_per_minute per client or per key get
    # 429; X-Forwarded-Proto/-For are believed only from trusted_proxies (addresses or
    # networks)
    min_free_mb: NonNegInt = 64
    auth_failures_per_minute: NonNegInt = 10
    trusted_proxies: list[Annotated[str, AfterValidator(_network)]] = []


class StoreSettings(_Section):
    data_dir: str = ""


_FIELD = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")]


class LabelStudioSettings(_Section):
    """The Label Studio ML backend of `verifier serve` (workers/labelstudio)."""

    response_field: _FIELD = "response"
    prompt_field: _FIELD = "prompt"
    wait_s: NonNegSeconds = 10.0
    max_tasks: PosInt = 500


class Settings(_Section):
    limits: LimitsSettings = LimitsSettings()
    claims: ClaimsSettings = ClaimsSettings()
    search: SearchSettings = SearchSettings()
    fetch: FetchSettings = FetchSettings()
    extract: ExtractSettings = ExtractSettings()
    evidence: EvidenceSettings = EvidenceSettings()
    plagiarism: PlagiarismSettings = PlagiarismSettings()
    judges: JudgesSettings = JudgesSettings()
    resources: ResourcesSettings = ResourcesSettings()
    rubric: RubricSettings = RubricSettings()
    grammar: GrammarSettings = GrammarSettings()
    service: ServiceSettings = ServiceSettings()
    store: StoreSettings = StoreSettings()
    labelstudio: LabelStudioSettings = LabelStudioSettings()

    def check_settings(self) -> dict[str, Any]:
        """The settings a check runs with, as plain JSON values: every section but
        ``[service]``, ``[store]`` and ``[labelstudio]`` (where a process listens and keeps
        its files, how it talks to Label Studio: no verdict depends on them), with any password in a URL masked. A report records them
        (``provenance.config``), so an audit can name each setting that differs."""
        data = self.model_dump(mode="json", exclude={"service", "store", "labelstudio"})
        return _masked_mapping(data)

    def digest(self) -> str:
        """A sha256 of the canonical :meth:`check_settings`, recorded in every report."""
        canonical = json.dumps(self.check_settings(), sort_keys=True, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()

    def data_dir(self, env: Mapping[str, str] | None = None) -> Path:
        """Where the store lives: ``store.data_dir``, else XDG data home."""
        if self.store.data_dir:
            return Path(self.store.data_dir).expanduser()
        env = os.environ if env is None else env
        base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(base) / "verifier"

    def with_overrides(self, overrides: Mapping[str, Any]) -> Settings:
        """A copy with dotted keys replaced (``{"fetch.timeout_s": 3}``), validated."""
        data = self.model_dump(mode="python")
        for dotted, value in overrides.items():
            _set_dotted(data, _current(dotted.split(".")), value)
        return _validate(data, "overrides")


_URL_PASSWORD = re.compile(r"(://[^/\s:@]*:)[^/\s@]+@")


def _masked_mapping(data: dict[str, Any]) -> dict[str, Any]:
    return {k: _masked(v) for k, v in data.items()}


def _masked(value: Any) -> Any:
    if isinstance(value, dict):
        return _masked_mapping(value)
    if isinstance(value, list):
        return [_masked(v) for v in value]
    if isinstance(value, str):
        return _URL_PASSWORD.sub(r"\1***@", value)
    return value


def flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested settings as ``{"section.key": value}`` (lists are values)."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, Mapping):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def load_settings(
    path: str | Path | None = None,
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> Settings:
    """Load settings from the chosen file and the environment (see the module docstring)."""
    env = os.environ if env is None else env
    source, data = _read_file(path, env, cwd or Path.cwd())
    overridden = False
    for name, value in sorted(env.items()):
        if not name.startswith(ENV_PREFIX) or "__" not in name:
            continue
        overridden = True
        keys = _current([part.lower() for part in name[len(ENV_PREFIX) :].split("__")])
        field = _field_annotation(keys)
        if ".".join(keys) in REMOVED:
            msg = f"environment variable {name}: {'.'.join(keys)} was removed: {REMOVED['.'.join(keys)]}"
            raise ConfigError(msg)
        if field is None:
            msg = f"environment variable {name}: no such setting {'.'.join(keys)!r}; unset it or fix its name"
            raise ConfigError(msg)
        _set_dotted(data, keys, _parse_env_value(value, field))
    if env.get("VERIFIER_DATA_DIR"):
        overridden = True
        _set_dotted(data, ["store", "data_dir"], env["VERIFIER_DATA_DIR"])
    return _validate(data, f"{source} + environment" if overridden else source)


def config_file(
    path: str | Path | None = None,
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> Path | None:
    """The file :func:`load_settings` reads: ``path``, else ``$VERIFIER_CONFIG``, else
    ``config.toml`` in the current directory if there is one; None: the built-in defaults."""
    env = os.environ if env is None else env
    if path is None and env.get("VERIFIER_CONFIG"):
        path = env["VERIFIER_CONFIG"]
    if path is None:
        default = (cwd or Path.cwd()) / "config.toml"
        return default if default.is_file() else None
    return Path(path)


def _read_file(
    path: str | Path | None, env: Mapping[str, str], cwd: Path
) -> tuple[str, dict[str, Any]]:
    path = config_file(path, env=env, cwd=cwd)
    if path is None:
        return "built-in defaults", {}
    try:
        raw = path.read_bytes()
    except OSError as exc:
        msg = f"cannot read config file {path}: {exc.strerror or exc}; check the path given by --config or VERIFIER_CONFIG"
        raise ConfigError(msg) from exc
    try:
        return str(path), tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        msg = (
            f"config file {path} is not valid TOML: {exc}; fix the file or point --config elsewhere"
        )
        raise ConfigError(msg) from exc


# Settings that moved or were renamed: old dotted key -> new one. Files, the environment
# and overrides that still use an old name keep working (the new name wins if both are set).
MOVED = {
    "service.max_response_chars": "limits.max_response_chars",
    "service.max_prompt_chars": "limits.max_prompt_chars",
    "service.workers": "service.concurrency",
    "extract.workers": "extract.processes",
    "extract.max_tasks_per_worker": "extract.max_tasks_per_process",
}


# Settings that were removed: old dotted key -> why, and what to do instead.
REMOVED = {
    "judges.frames.min_refute": "a claim is refuted only at judges.refuted_threshold, the "
    "confidence that makes it false information (weaker conflicts are shown for review); "
    "delete the key, or set judges.refuted_threshold",
}


def _current(keys: list[str]) -> list[str]:
    return MOVED.get(".".join(keys), ".".join(keys)).split(".")


def _validate(data: dict[str, Any], source: str) -> Settings:
    for old, why in REMOVED.items():
        node: Any = data
        for part in old.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        if node is not None:
            msg = f"{source}: {old} was removed: {why}"
            raise ConfigError(msg)
    for old, new in MOVED.items():
        (old_section, old_key), (new_section, new_key) = old.split("."), new.split(".")
        section = data.get(old_section)
        if isinstance(section, dict) and old_key in section:
            data = {**data, old_section: {k: v for k, v in section.items() if k != old_key}}
            data[new_section] = {new_key: section[old_key], **(data.get(new_section) or {})}
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(_describe(exc, source)) from exc


def _describe(exc: ValidationError, source: str) -> str:
    err = exc.errors()[0]
    key = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in err["loc"])
    key = key.lstrip(".")
    value = err.get("input")
    if err["type"] == "extra_forbidden":
        parent = [str(part) for part in err["loc"][:-1]]
        known = ", ".join(sorted(_section_fields(parent)))
        where = ".".join(parent) or "the top level"
        return f"{source}: unknown key {key!r}; the keys of {where} are: {known}"
    expected = err["msg"].replace("Input should be", "expected").replace("Value error, ", "")
    return f"{source}: {key} = {value!r}: {expected}"


def _section_fields(keys: list[str]) -> list[str]:
    model: type[BaseModel] = Settings
    for key in keys:
        annotation = model.model_fields[key].annotation
        if not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
            return []
        model = annotation
    return list(model.model_fields)


def _field_annotation(keys: list[str]) -> Any:
    model: Any = Settings
    for key in keys:
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            return None
        field = model.model_fields.get(key)
        if field is None:
            return None
        model = field.annotation
    return model


def _parse_env_value(value: str, annotation: Any) -> Any:
    try:
        parsed: Any = tomllib.loads(f"v = {value}")["v"]
    except tomllib.TOMLDecodeError:
        parsed = value
    is_list = getattr(annotation, "__origin__", None) is list
    if is_list and isinstance(parsed, str):
        return [item.strip() for item in parsed.split(",") if item.strip()]
    if annotation is float and isinstance(parsed, int) and not isinstance(parsed, bool):
        return float(parsed)
    return parsed


def _set_dotted(data: dict[str, Any], keys: list[str], value: Any) -> None:
    node = data
    for key in keys[:-1]:
        child = node.setdefault(key, {})
        if not isinstance(child, dict):
            msg = f"setting {'.'.join(keys)!r}: {key!r} is not a section"
            raise ConfigError(msg)
        node = child
    node[keys[-1]] = value
