from __future__ import annotations

from pathlib import Path

import pytest

from verifier.config import Settings, _validate, load_settings
from verifier.errors import ConfigError

ROOT = Path(__file__).resolve().parents[1]


def test_repository_config_equals_builtin_defaults() -> None:
    assert load_settings(ROOT / "config.toml", env={}) == Settings()


def test_defaults_when_no_file(tmp_path: Path) -> None:
    assert load_settings(env={}, cwd=tmp_path) == Settings()


def test_cwd_config_is_used(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text("[limits]\nclaim_budget_s = 30\n")
    assert load_settings(env={}, cwd=tmp_path).limits.claim_budget_s == 30


def test_env_chooses_the_file(tmp_path: Path) -> None:
    path = tmp_path / "other.toml"
    path.write_text("[fetch]\ntimeout_s = 2.5\n")
    assert load_settings(env={"VERIFIER_CONFIG": str(path)}).fetch.timeout_s == 2.5


def test_explicit_path_beats_env(tmp_path: Path) -> None:
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    a.write_text("[fetch]\ntimeout_s = 1.0\n")
    b.write_text("[fetch]\ntimeout_s = 2.0\n")
    assert load_settings(a, env={"VERIFIER_CONFIG": str(b)}).fetch.timeout_s == 1.0


@pytest.mark.parametrize(
    ("name", "value", "key", "expected"),
    [
        ("VERIFIER_SEARCH__BACKENDS", "ddgs,searxng", ("search", "backends"), ["ddgs", "searxng"]),
        ("VERIFIER_SEARCH__BACKENDS", '["searxng"]', ("search", "backends"), ["searxng"]),
        ("VERIFIER_FETCH__TIMEOUT_S", "5", ("fetch", "timeout_s"), 5.0),
        (
            "VERIFIER_FETCH__ALLOW_PRIVATE_NETWORKS",
            "true",
            ("fetch", "allow_private_networks"),
            True,
        ),
        (
            "VERIFIER_SEARCH__SEARXNG__BASE_URL",
            "http://127.0.0.1:8888",
            ("search", "searxng", "base_url"),
            "http://127.0.0.1:8888",
        ),
        ("VERIFIER_SEARCH__DDGS__RETRIES", "0", ("search", "ddgs", "retries"), 0),
    ],
)
def test_env_overrides(
    name: str, value: str, key: tuple[str, ...], expected: object, tmp_path: Path
) -> None:
    node: object = load_settings(env={name: value}, cwd=tmp_path)
    for part in key:
        node = getattr(node, part)
    assert node == expected


def test_data_dir_env(tmp_path: Path) -> None:
    settings = load_settings(env={"VERIFIER_DATA_DIR": str(tmp_path / "d")}, cwd=tmp_path)
    assert settings.data_dir() == tmp_path / "d"


def test_data_dir_defaults_to_xdg(tmp_path: Path) -> None:
    assert Settings().data_dir({"XDG_DATA_HOME": str(tmp_path)}) == tmp_path / "verifier"


def _error(tmp_path: Path, text: str) -> str:
    path = tmp_path / "c.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as info:
        load_settings(path, env={})
    message = str(info.value)
    assert "\n" not in message
    return message


def test_unknown_key_is_named(tmp_path: Path) -> None:
    message = _error(tmp_path, "[fetch]\ntimeout = 3\n")
    assert "unknown key 'fetch.timeout'" in message
    assert "timeout_s" in message  # lists the real keys


def test_unknown_section(tmp_path: Path) -> None:
    assert "unknown key 'fetchh'" in _error(tmp_path, "[fetchh]\nx = 1\n")


def test_negative_timeout(tmp_path: Path) -> None:
    message = _error(tmp_path, "[fetch]\ntimeout_s = -1\n")
    assert "fetch.timeout_s = -1" in message
    assert "greater than 0" in message


def test_wrong_type(tmp_path: Path) -> None:
    message = _error(tmp_path, '[limits]\nmax_claims = "many"\n')
    assert "limits.max_claims = 'many'" in message


def test_wrong_list_item(tmp_path: Path) -> None:
    message = _error(tmp_path, '[search]\nbackends = ["google"]\n')
    assert "search.backends[0] = 'google'" in message


def test_invalid_toml(tmp_path: Path) -> None:
    assert "not valid TOML" in _error(tmp_path, "[fetch\n")


def test_unreadable_config(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read config file"):
        load_settings(tmp_path / "absent.toml", env={})
    directory = tmp_path / "dir.toml"
    directory.mkdir()
    with pytest.raises(ConfigError, match="cannot read config file"):
        load_settings(directory, env={})


def test_unknown_env_override(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="VERIFIER_FETCH__NOPE"):
        load_settings(env={"VERIFIER_FETCH__NOPE": "1"}, cwd=tmp_path)


def test_bad_env_value(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"fetch.max_bytes = 'lots'"):
        load_settings(env={"VERIFIER_FETCH__MAX_BYTES": "lots"}, cwd=tmp_path)


def test_digest_changes_with_settings() -> None:
    assert Settings().digest() != Settings().with_overrides({"fetch.timeout_s": 3.0}).digest()
    assert Settings().digest() == Settings().digest()


def test_renamed_and_moved_keys_are_still_read(tmp_path: Path) -> None:
    old = tmp_path / "old.toml"
    old.write_text(
        "[service]\nworkers = 5\nmax_response_chars = 1000\n"
        "[extract]\nworkers = 3\nmax_tasks_per_worker = 7\n"
    )
    settings = load_settings(old, env={})
    assert settings.service.concurrency == 5
    assert settings.limits.max_response_chars == 1000
    assert settings.extract.processes == 3
    assert settings.extract.max_tasks_per_process == 7


def test_renamed_keys_in_the_environment_and_overrides() -> None:
    env = {"VERIFIER_SERVICE__WORKERS": "4"}
    assert load_settings(None, env=env, cwd=Path("/")).service.concurrency == 4
    assert Settings().with_overrides({"extract.workers": 1}).extract.processes == 1


def test_the_new_name_wins_over_the_old() -> None:
    settings = Settings().with_overrides({"service.concurrency": 6})
    data = settings.model_dump(mode="python")
    data["service"]["workers"] = 1
    assert _validate(data, "test").service.concurrency == 6
