"""Audits say which settings differ: ``config_changed`` is false when nothing does, and
``config_diff`` names each differing setting with both values (verifier.replay.audit)."""

from __future__ import annotations

import copy
from typing import Any

from verifier.config import Settings
from verifier.replay.audit import config_diff, diff


def _report(settings: Settings) -> dict[str, Any]:
    """The parts of a report ``diff`` reads, as a check with ``settings`` writes them."""
    return {
        "claims": [],
        "truthfulness": {},
        "plagiarism": {"sources": [], "copied_share": 0.0},
        "rubric": None,
        "provenance": {
            "verifier_version": "0.1.0",
            "config_digest": settings.digest(),
            "config": settings.check_settings(),
        },
    }


def test_the_same_settings_are_no_change_whatever_the_service_and_store_say() -> None:
    api = Settings().with_overrides({"store.data_dir": "/srv/a"})
    job_process = api.with_overrides(
        {"service.public_url": "http://127.0.0.1:8750", "service.port": 0, "store.data_dir": "/b"}
    )
    assert api.digest() == job_process.digest()
    result = diff(_report(api), _report(job_process))
    assert result["config_changed"] is False
    assert result["config_diff"] == []
    assert "config_note" not in result


def test_each_differing_setting_is_named_with_both_values() -> None:
    before = Settings()
    after = before.with_overrides(
        {"judges.refuted_threshold": 0.9, "search.backends": ["ddgs", "searxng"]}
    )
    result = diff(_report(before), _report(after))
    assert result["config_changed"] is True
    assert result["config_diff"] == [
        {"setting": "judges.refuted_threshold", "before": 0.8, "after": 0.9},
        {"setting": "search.backends", "before": ["ddgs"], "after": ["ddgs", "searxng"]},
    ]


def test_a_setting_one_report_lacks_is_none_there() -> None:
    before, after = _report(Settings()), _report(Settings())
    del before["provenance"]["config"]["grammar"]["level"]  # as a report of an older version
    assert config_diff(before, after) == [
        {"setting": "grammar.level", "before": None, "after": "default"}
    ]


def test_a_report_without_its_settings_cannot_say() -> None:
    old = _report(Settings())
    del old["provenance"]["config"]
    old["provenance"]["config_digest"] = "sha256:" + "0" * 64  # digested another way
    result = diff(old, _report(Settings()))
    assert result["config_changed"] is None
    assert result["config_diff"] == []
    assert "does not record its settings" in result["config_note"]


def test_the_recorded_settings_mask_passwords_and_leave_out_service_store_and_labelstudio() -> None:
    settings = Settings().with_overrides(
        {
            "grammar.base_url": "http://lt:s3cret@127.0.0.1:8081",
            "service.database": "postgresql://u:pw@db/verifier",
            "service.session_secret": "x" * 40,
        }
    )
    recorded = settings.check_settings()
    assert set(recorded) == set(Settings.model_fields) - {"service", "store", "labelstudio"}
    assert recorded["grammar"]["base_url"] == "http://lt:***@127.0.0.1:8081"
    assert "s3cret" not in str(recorded)
    unmasked = copy.deepcopy(recorded)
    unmasked["grammar"]["base_url"] = "http://127.0.0.1:8081"
    assert (
        Settings().with_overrides({"grammar.base_url": "http://127.0.0.1:8081"}).check_settings()
        == unmasked
    )
