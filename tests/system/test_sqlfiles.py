"""Schema SQL in .sql files per dialect (verifier/system/sqlfiles.py)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from verifier.system import sqlfiles
from verifier.system.sqlfiles import migrations, script


@pytest.mark.parametrize(
    ("package", "folder"),
    [
        ("workers.store", "sql/sqlite"),
        ("workers.store", "sql/postgres"),
        ("verifier.snapshots", "sql/postgres"),
    ],
)
def test_the_migrations_are_read_in_order(package: str, folder: str) -> None:
    scripts = migrations(package, folder)
    # every numbered script, however many there are (other branches add migrations)
    numbered = [f for f in files(package).joinpath(folder).iterdir() if f.name[:3].isdigit()]
    assert len(scripts) == len(numbered) >= 1
    assert all(text.startswith(f"-- {n}: ") for n, text in enumerate(scripts, start=1))
    assert "CREATE TABLE" in scripts[0]


def test_a_schema_file_is_read_whole() -> None:
    assert "CREATE TABLE IF NOT EXISTS snapshots" in script(
        "verifier.snapshots", "sql/sqlite/schema.sql"
    )
    assert "passages_fts" in script("verifier.search", "sql/sqlite/schema.sql")
    assert "verifier_schema" in script("verifier.system", "sql/postgres/verifier_schema.sql")


def test_a_gap_in_the_numbers_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = tmp_path / "sql"
    folder.mkdir()
    (folder / "001.sql").write_text("SELECT 1")
    (folder / "003.sql").write_text("SELECT 3")
    monkeypatch.setattr(sqlfiles, "files", lambda _package: tmp_path)
    migrations.cache_clear()
    try:
        with pytest.raises(RuntimeError, match="without a gap"):
            migrations("nowhere", "sql")
    finally:
        migrations.cache_clear()


def test_the_sql_files_live_beside_their_code() -> None:
    assert files("workers.store").joinpath("sql/sqlite/001.sql").is_file()
