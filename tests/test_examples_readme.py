"""examples/README.md says what the bundled example's report shows today."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from workers.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_the_example_readme_matches_the_report() -> None:
    readme = (ROOT / "examples" / "README.md").read_text()
    assert "no verdicts yet" not in readme
    command = next(line for line in readme.splitlines() if line.startswith("verifier check"))
    args = command.split()[1:]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert text.startswith("Score: 3 (plagiarized; false information also caps it at 3)")
    assert "The text report leads with what a rater acts on: the score (3:" in readme
    assert "In 1903 Marie Curie shared the Nobel Prize in Physics" in text
    assert "In 1903 Marie Curie shared the Nobel Prize in Physics" in readme
    assert "exempt: quoted" in text
    assert "the\nquoted sentence is exempt" in readme or "the quoted sentence is exempt" in readme
    for label in ("supported", "REFUTED", "inconclusive"):
        assert f" {label} " in text
