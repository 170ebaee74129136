"""Shared fixtures. The web is played by loopback servers; nothing here leaves the machine."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import hypothesis
import pytest

from tests import figures, report_contract
from tests.helpers import WAIT_S
from verifier.config import ExtractSettings, Settings
from verifier.web.extract import Extractor

# Hypothesis's clocks (a 200 ms deadline an example, and the health check that fails a test
# whose examples are slow to generate) are margins a loaded machine misses: the shared
# machine and CI run with neither. Failures are still found and shrunk; how fast an
# example runs is bench/'s to measure.
hypothesis.settings.register_profile(
    "shared-machine",
    deadline=None,
    suppress_health_check=[hypothesis.HealthCheck.too_slow],
)
hypothesis.settings.load_profile("shared-machine")


def pytest_configure(config: pytest.Config) -> None:
    report_contract.install()  # every report made here is validated against its schema


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    terminalreporter.write_line(report_contract.figures())
    for name, line in figures.lines.items():
        terminalreporter.write_line(f"{name}: {line}")


@pytest.fixture(autouse=True)
def _reports_match_their_schema() -> Iterator[None]:
    """A test fails when a report it made does not match ``verifier schema report``."""
    report_contract.take_invalid()
    yield
    invalid = report_contract.take_invalid()
    assert not invalid, "reports that do not match their JSON Schema:\n" + "\n".join(invalid)


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own data dir and no stray config from the environment."""
    monkeypatch.setenv("VERIFIER_DATA_DIR", str(tmp_path / "data"))
    for name in list(os.environ):
        if (name.startswith("VERIFIER_") and "__" in name) or name == "VERIFIER_CONFIG":
            monkeypatch.delenv(name)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Defaults with the SSRF guard off (to reach loopback servers) and short budgets."""
    return Settings().with_overrides(
        {
            "fetch.allow_private_networks": True,
            "fetch.backoff_s": 0.05,
            "store.data_dir": str(tmp_path / "data"),
            "extract.processes": 1,
        }
    )


@pytest.fixture(scope="session")
def extractor() -> Iterator[Extractor]:
    """One extraction pool for the whole session (spawning workers costs about a second,
    much more on a loaded machine: the first pages wait for it, so the timeout is
    generous; the tests of hung extraction make their own pools)."""
    ex = Extractor(ExtractSettings(processes=2, timeout_s=WAIT_S))
    yield ex
    ex.close()


@pytest.fixture
def closed_port() -> int:
    """A loopback port with nothing listening on it."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


from tests.postgres import pg_empty, pg_template, pg_url  # noqa: E402, F401 - fixtures
