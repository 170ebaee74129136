from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.report.test_exports import report as louvre_report
from verifier.config import Settings
from verifier.web.extract import Extractor
from workers.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples"


def run(*args: str, input: bytes | str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def one_error_line(result: Result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("verifier: error: ")
    return lines[0]


def test_example_report_json() -> None:
    result = run(
        "check",
        str(EXAMPLE / "response.md"),
        "--prompt",
        str(EXAMPLE / "prompt.txt"),
        "--corpus",
        str(EXAMPLE / "corpus"),
        "--no-web",
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["schema"] == "verifier.report/4"
    assert report["request"]["prompt"].startswith("Who was Marie Curie")
    worthy = [c for c in report["claims"] if c["check_worthy"]]
    assert len(worthy) >= 6
    assert all(c["evidence"] for c in worthy)
    nobel = next(c for c in worthy if "1905" in c["text"])
    assert "1903" in nobel["evidence"][0]["quote"]  # the passage that contradicts it ranks first
    truth = report["truthfulness"]
    assert truth["status"] == "checked"
    assert truth["supported"] >= 4
    # the example misstates the year of the first prize (1905 for 1903): false information
    assert truth["false_information"]
    [false] = truth["false_claims"]
    assert false["claim_id"] == nobel["id"]
    assert "1903" in false["quote"]
    assert nobel["verdict"]["quotes"][0]["conflicts"] == ["year 1905 vs 1903"]
    born = next(c for c in worthy if "born" in c["text"])
    assert born["verdict"]["label"] == "supported"
    quote = born["verdict"]["quotes"][0]
    assert quote["stance"] == "supports"
    assert quote["url"].endswith("marie-curie.html")
    assert "date 7 November 1867" in quote["matched"]
    moved = next(c for c in worthy if c["text"].startswith("She moved"))
    assert moved["claim"].startswith("Marie Curie moved")  # the subject carried over
    assert {r["claim_id"] for r in truth["benefit_of_the_doubt"]} == {
        c["id"] for c in worthy if c["verdict"]["label"] == "inconclusive"
    }
    copy = report["plagiarism"]
    assert copy["verdict"] == "plagiarized"
    assert copy["sources"][0]["url"].endswith("marie-curie.html")
    assert any(
        s["query"] == "<passages the response may copy>" and s["hits"] for s in copy["searches"]
    )
    quoted = [m for m in copy["matches"] if m["exemption"] == "quoted"]
    assert quoted
    assert quoted[0]["source_url"].endswith("nobel-prize.txt")


def test_example_report_text_to_file(tmp_path: Path) -> None:
    out = tmp_path / "report.txt"
    args = ["check", str(EXAMPLE / "response.md"), "--corpus", str(EXAMPLE / "corpus")]
    args += ["--no-web", "--format", "text"]
    result = run(*args, "--out", str(out))
    assert result.exit_code == 0, result.stderr
    text = out.read_text()
    lines = text.splitlines()
    # what a rater acts on first: the score, then the rules with their evidence, what needs
    # review, the false facts, the copied passages; then the claims in short
    assert lines[0] == "Score: 3 (plagiarized; false information also caps it at 3)"
    heads = ["Rules that applied", "Needs review", "False facts (1)", "Copied passages", "Claims"]
    found = [next(i for i, x in enumerate(lines) if x.startswith(h)) for h in heads]
    assert found == sorted(found)
    rules = lines[found[0] : found[1]]
    assert any(x.startswith("  score = 3  plagiarized: ") for x in rules)
    assert any(x.startswith("  cap <= 3   false_information: ") for x in rules)
    assert any(x.strip().startswith("[425:517] “She won the Nobel Prize") for x in rules)
    facts = "\n".join(lines[found[2] : found[3]])
    assert "c11 [425:517]" in facts  # c11: the answer's earlier sentences give atomic claims
    assert "In 1903 Marie Curie shared the Nobel Prize" in facts
    copies = "\n".join(lines[found[3] : found[4]])
    assert "Copied passages (2 counted of 6 found): plagiarized, 44% of 177 words" in copies
    assert "[606:728] exempt: quoted" in copies
    table = lines[found[4] :]
    assert any(x.split()[:2] == ["c11", "REFUTED"] for x in table)
    assert any(x.split()[:3] == ["c3", "supported", "0.97"] for x in table)
    assert "query:" not in text  # the evidence dump is behind --verbose
    assert all(len(x) <= 100 for x in lines), [x for x in lines if len(x) > 100]
    assert len(lines) < 70
    assert "**" not in text
    verbose = run(*args, "--verbose")
    summary = text.split("Checked with")[0]
    assert verbose.stdout.startswith(summary)  # the same summary first
    for part in (
        "Check-worthy claims",
        "truthfulness (checked): ",
        "verdict: SUPPORTED",
        "query: ",
    ):
        assert part in verbose.stdout


def test_stdin_and_empty_response() -> None:
    result = run("check", "-", "--no-web", input="   \n")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["claims"] == []


def test_binary_input_is_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "r.bin"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    result = run("check", str(path), "--no-web")
    assert result.exit_code == 2
    assert "looks binary" in one_error_line(result)


def test_invalid_utf8_is_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    path.write_bytes("Café".encode("latin-1"))
    result = run("check", str(path), "--no-web")
    assert result.exit_code == 2
    assert "not valid UTF-8 (bad byte 0xe9 at offset 3)" in one_error_line(result)


def test_missing_response_file(tmp_path: Path) -> None:
    result = run("check", str(tmp_path / "nope.md"), "--no-web")
    assert result.exit_code == 2
    assert "cannot read the response file" in one_error_line(result)


def test_missing_corpus(tmp_path: Path) -> None:
    result = run(
        "check", "-", "--corpus", str(tmp_path / "nowhere"), "--no-web", input="Paris is in France."
    )
    assert result.exit_code == 2
    assert "corpus path" in one_error_line(result)


@pytest.mark.parametrize("case", ["empty dir", "no corpus files", "empty index"])
def test_a_corpus_with_no_document_named_on_the_command_line_is_an_error(
    tmp_path: Path, case: str
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    if case == "no corpus files":  # e.g. a mistyped directory: its files are not pages
        (corpus / "notes.pdf").write_bytes(b"%PDF-1.4")
        (corpus / ".hidden.txt").write_text("Radium has atomic number 88.")
    elif case == "empty index":
        from verifier.search.corpus import CorpusIndex

        corpus = tmp_path / "empty.db"
        CorpusIndex(corpus, create=True).close()
    result = run("check", "-", "--corpus", str(corpus), "--no-web", input="Paris is in France.")
    assert result.exit_code == 2
    line = one_error_line(result)
    assert f"corpus {corpus} holds no readable document" in line
    assert result.stdout == ""


def test_indexing_a_directory_with_no_corpus_file_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = run("index", str(tmp_path / "empty"), "--db", str(tmp_path / "c.db"))
    assert result.exit_code == 2
    assert "holds no .txt, .md or .html file" in one_error_line(result)
    assert not (tmp_path / "c.db").exists()


def test_an_empty_corpus_from_the_config_is_left_out_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("VERIFIER_SEARCH__CORPUS__PATHS", str(tmp_path / "empty"))
    text = "Marie Curie was born in Warsaw in 1867, and she moved to Paris in 1891 to study physics at the Sorbonne."
    # the only source left: nothing could be searched, so the check is incomplete
    alone = run("check", "-", "--no-web", input=text)
    assert alone.exit_code == 3
    report = json.loads(alone.stdout)
    assert report["status"] == "incomplete"
    assert report["plagiarism"]["status"] == "not_checked"
    assert report["truthfulness"]["status"] == "not_checked"
    assert any("holds no readable document" in w for w in report["warnings"])
    assert "verifier: warning: copy check not run" in alone.stderr
    # beside a corpus that has documents: the check runs on that one, and says so
    beside = run("check", "-", "--no-web", "--corpus", str(EXAMPLE / "corpus"), input=text)
    assert beside.exit_code == 0, beside.stderr
    report = json.loads(beside.stdout)
    assert report["status"] == "complete"
    [warning] = report["warnings"]
    assert warning.endswith("left out (search.corpus.paths)")


def test_unreadable_config(tmp_path: Path) -> None:
    result = run("check", "-", "--config", str(tmp_path / "missing.toml"), input="x")
    assert result.exit_code == 2
    assert "cannot read config file" in one_error_line(result)


def test_invalid_config_value(tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text("[limits]\nclaim_budget_s = -5\n")
    result = run("check", "-", "--config", str(config), input="x")
    assert result.exit_code == 2
    assert "limits.claim_budget_s = -5" in one_error_line(result)


def test_searxng_without_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VERIFIER_SEARCH__BACKENDS", "searxng")
    result = run("check", "-", input="The Louvre opened in 1793.")
    assert result.exit_code == 2
    assert "base_url is empty" in one_error_line(result)


def test_batch(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    rows.write_text(
        "\n".join(
            [
                json.dumps(
                    {
                        "id": "a",
                        "prompt": "q",
                        "response": "Marie Curie was born in Warsaw in 1867.",
                    }
                ),
                "not json",
                json.dumps({"id": 7, "response": 5}),
                "",
                json.dumps({"response": "Radium has atomic number 88."}),
            ]
        )
    )
    out = tmp_path / "out.jsonl"
    result = run(
        "check",
        "--batch",
        str(rows),
        "--corpus",
        str(EXAMPLE / "corpus"),
        "--no-web",
        "--out",
        str(out),
    )
    assert result.exit_code == 1
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 4
    assert lines[0]["request"]["id"] == "a"
    assert lines[0]["claims"][0]["evidence"]
    assert lines[1] == {"id": None, "error": lines[1]["error"]}
    assert "batch line 2: not JSON" in lines[1]["error"]
    assert "batch line 3: 'response' must be a string" in lines[2]["error"]
    assert lines[2]["id"] == "7"  # a row refused by validation keeps its id
    assert lines[3]["schema"] == "verifier.report/4"
    assert "2 batch row(s) failed" in result.stderr


def test_usage_errors() -> None:
    assert run("check").exit_code == 2
    assert run("check", "x.md", "--batch", "rows.jsonl").exit_code == 2
    assert run("check", "--batch", "rows.jsonl", "--format", "text").exit_code == 2


def test_index_command(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    first = run("index", str(EXAMPLE / "corpus"), "--db", str(db))
    assert first.exit_code == 0, first.stderr
    assert "3 added" in first.stdout
    second = run("index", str(EXAMPLE / "corpus"), "--db", str(db))
    assert "0 added, 0 updated, 3 unchanged" in second.stdout
    result = run(
        "check", "-", "--corpus", str(db), "--no-web", input="Radium has the atomic number 88."
    )
    assert json.loads(result.stdout)["claims"][0]["evidence"]


def test_index_missing_dir(tmp_path: Path) -> None:
    result = run("index", str(tmp_path / "nope"), "--db", str(tmp_path / "c.db"))
    assert result.exit_code == 2
    assert "does not exist" in one_error_line(result)


def test_version_and_help() -> None:
    result = run("version")
    assert result.stdout.startswith("verifier ")
    assert "trafilatura" in result.stdout
    # the postgres extra's libraries too (installed here, with the test extra)
    lines = result.stdout.splitlines()
    for name in ("psycopg", "psycopg-pool", "procrastinate"):
        [line] = [x for x in lines if x.startswith(f"{name} ")]
        assert line.endswith("[postgres]")
        assert "not installed" not in line
    assert "--corpus" in run("check", "--help").stdout


def test_the_judge_option_offers_the_registered_judges() -> None:
    from typing import get_args

    from verifier.config import JudgeName
    from verifier.judges.registry import JUDGES

    assert get_args(JudgeName) == tuple(JUDGES)  # judges.chain accepts the same names
    assert f"[{'|'.join(JUDGES)}]" in run("judge", "--help").stdout
    result = CliRunner().invoke(main, ["judge", "--input", "-", "--judge", "nope"])
    assert result.exit_code == 2
    assert all(repr(name) in result.stderr for name in JUDGES)
    rows = '{"id": 1, "claim": "Radium has atomic number 88.", "evidence": ["Radium has atomic number 88."]}'
    for name in ("frames", "heuristic"):
        result = run("judge", "--input", "-", "--judge", name, input=rows + "\n")
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["judge"] == name


def test_no_progress_display_when_stderr_is_not_a_terminal() -> None:
    from workers.terminal import terminal_progress

    with terminal_progress() as update:  # pytest captures stderr: not a terminal
        assert update is None


def test_plagiarism_command() -> None:
    result = run(
        "plagiarism",
        str(EXAMPLE / "response.md"),
        "--source",
        str(EXAMPLE / "corpus" / "marie-curie.html"),
        "--source",
        str(EXAMPLE / "corpus" / "nobel-prize.txt"),
        "--prompt",
        str(EXAMPLE / "prompt.txt"),
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["schema"] == "verifier.plagiarism/2"
    assert data["verdict"] == "plagiarized"
    # what was copied, from where, then the one bar it passed with the one figure
    share = round(100 * data["copied_share"])
    assert data["reason"] == (
        "4 sentences follow the source's sentences, lightly revised (longest exact run 39 "
        f"words) from Marie Curie: a short biography ({share}% of the response; plagiarized "
        "at 20%)"
    )
    counted = [m for m in data["matches"] if m["counted"]]
    # the 39-word copy with the sentences after it that follow the source: one passage, in
    # two pieces (the sentence between them about radium's symbol is no part of it)
    assert max(m["longest_run"] for m in counted) == data["longest_run_words"] == 39
    assert {m["kind"] for m in counted} == {"minor_changes"}
    assert ("identical", "quoted") in {(m["kind"], m["exemption"]) for m in data["matches"]}
    text = run(
        "plagiarism",
        str(EXAMPLE / "response.md"),
        "--source",
        str(EXAMPLE / "corpus" / "radium.md"),
        "--format",
        "text",
    )
    assert text.stdout.startswith("plagiarism: ")


def test_plagiarism_missing_source(tmp_path: Path) -> None:
    result = run("plagiarism", str(EXAMPLE / "response.md"), "--source", str(tmp_path / "nope.txt"))
    assert result.exit_code == 2
    assert "cannot read the source file" in one_error_line(result)


def test_judge_command(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    rows.write_text(
        "\n".join(
            [
                json.dumps(
                    {
                        "id": "a",
                        "claim": "The Eiffel Tower was completed in 1889.",
                        "evidence": ["It rains.", "The Eiffel Tower was completed in 1889."],
                    }
                ),
                json.dumps(
                    {
                        "id": "b",
                        "claim": "The Eiffel Tower was completed in 1899.",
                        "evidence": "The Eiffel Tower was completed in 1889.",
                    }
                ),
                "{broken",
                json.dumps({"id": "c", "claim": "", "evidence": []}),
            ]
        )
    )
    result = run("judge", "--input", str(rows))
    assert result.exit_code == 1
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r.get("id"), r.get("label")) for r in out] == [
        ("a", "supported"),
        ("b", "refuted"),
        (None, None),
        ("c", None),  # a refused row keeps its id
    ]
    assert out[0]["evidence_index"] == 1
    assert out[0]["judge"] == "frames"
    assert out[1]["conflicts"] == ["year 1899 vs 1889"]
    assert not out[0]["disputed"]
    assert "not JSON" in out[2]["error"]
    assert "'claim' must be a non-empty string" in out[3]["error"]


def test_judge_missing_input(tmp_path: Path) -> None:
    result = run("judge", "--input", str(tmp_path / "nope.jsonl"))
    assert result.exit_code == 2
    assert "cannot read the input file" in one_error_line(result)


def test_check_with_a_judge_chain_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("onnxruntime")
    from tests.judges.tiny_nli import build

    model = build(tmp_path / "nli")
    monkeypatch.setenv("VERIFIER_JUDGES__CHAIN", "heuristic,nli")
    monkeypatch.setenv("VERIFIER_JUDGES__NLI__MODEL_DIR", str(model))
    result = run(
        "check", str(EXAMPLE / "response.md"), "--corpus", str(EXAMPLE / "corpus"), "--no-web"
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["truthfulness"]["judges"] == ["heuristic", "nli"]
    judged = [c["verdict"] for c in report["claims"] if c["verdict"]]
    assert judged
    assert all(v["judges"] == ["heuristic", "nli"] for v in judged)


def test_a_judge_that_cannot_start_is_one_error_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VERIFIER_JUDGES__CHAIN", "heuristic,llm")
    result = run("check", str(EXAMPLE / "response.md"), "--no-web")
    assert result.exit_code == 2
    assert "needs judges.llm.base_url" in one_error_line(result)


def test_flags_on_check_and_rescoring_a_stored_report(tmp_path: Path) -> None:
    args = ["check", str(EXAMPLE / "response.md"), "--corpus", str(EXAMPLE / "corpus"), "--no-web"]
    result = run(*args, "--flags", "off_topic")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["request"]["flags"] == {"off_topic": True}
    rubric = report["rubric"]
    assert (rubric["score"], rubric["max_score"]) == (3, 3)  # the example copies a source
    assert "plagiarized" in [a["rule"] for a in rubric["applied"]]
    stored = tmp_path / "report.json"
    stored.write_text(result.stdout)
    rescored = run("score", "--input", str(stored), "--flags", "harmful")
    assert rescored.exit_code == 0, rescored.stderr
    again = json.loads(rescored.stdout)
    assert (again["rubric"]["score"], again["rubric"]["max_score"]) == (1, 1)
    assert again["request"]["flags"] == {"harmful": True}
    assert again["truthfulness"] == report["truthfulness"]
    text = run("score", "--input", str(stored), "--format", "text")
    assert "rubric: score 3, at most 3" in text.stdout


def test_bad_flags_and_bad_reports_are_one_error_line(tmp_path: Path) -> None:
    result = run("check", str(EXAMPLE / "response.md"), "--no-web", "--flags", "evil")
    assert result.exit_code == 2
    assert "unknown flag 'evil'" in one_error_line(result)
    junk = tmp_path / "junk.json"
    junk.write_text('{"schema": "something/else"}')
    result = run("score", "--input", str(junk))
    assert result.exit_code == 2
    assert "is not a verifier report" in one_error_line(result)


def test_batch_rows_carry_flags(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    rows.write_text(
        json.dumps({"id": "a", "response": "Paris is in France.", "flags": {"harmful": True}})
        + "\n"
        + json.dumps({"id": "b", "response": "Paris is in France.", "flags": {"evil": True}})
        + "\n"
    )
    result = run("check", "--batch", str(rows), "--no-web")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[0]["rubric"]["score"] == 1
    assert "unknown flag 'evil'" in lines[1]["error"]
    assert result.exit_code == 1


def test_audit_a_report_file(tmp_path: Path) -> None:
    args = ["check", str(EXAMPLE / "response.md"), "--corpus", str(EXAMPLE / "corpus"), "--no-web"]
    stored = tmp_path / "report.json"
    assert run(*args, "--out", str(stored)).exit_code == 0
    replayed = run("audit", str(stored), "--mode", "replay")
    assert replayed.exit_code == 0, replayed.stderr
    result = json.loads(replayed.stdout)
    assert result["same_decisions"]
    assert result["verdicts_changed"] == []
    rerun = run(
        "audit", str(stored), "--mode", "rerun", "--corpus", str(EXAMPLE / "corpus"), "--no-web"
    )
    assert json.loads(rerun.stdout)["verdicts_changed"] == []
    missing = run("audit", "no-such-job", "--mode", "replay")
    assert missing.exit_code == 2
    assert "no such check or report file" in one_error_line(missing)


# --- honest under failure (issue 12) ------------------------------------------------------


def test_search_outage_exits_3_with_a_warning_per_check(
    tmp_path: Path, closed_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VERIFIER_SEARCH__BACKENDS", "searxng")
    monkeypatch.setenv("VERIFIER_SEARCH__SEARXNG__BASE_URL", f"http://127.0.0.1:{closed_port}")
    answer = tmp_path / "answer.md"
    answer.write_text("The Eiffel Tower was completed in 1889 and is 330 metres tall.\n")
    out = tmp_path / "report.json"
    result = run("check", str(answer), "--out", str(out))
    assert result.exit_code == 3, result.stderr
    warnings = [
        line for line in result.stderr.splitlines() if line.startswith("verifier: warning:")
    ]
    assert len(warnings) == 2
    assert "facts not checked" in warnings[0]
    assert "copy check not run" in warnings[1]
    report = json.loads(out.read_text())  # the report is written all the same
    assert report["status"] == "incomplete"
    assert report["plagiarism"]["status"] == "not_checked"
    assert report["plagiarism"]["verdict"] is None
    assert {r["check"] for r in report["rubric"]["needs_review"]} >= {
        "unchecked_facts",
        "plagiarism",
    }
    text = run("check", str(answer), "--format", "text")
    assert text.exit_code == 3
    assert text.stdout.startswith(
        "Score: no rule limits it (1-7); the rater scores it\nINCOMPLETE: "
    )
    assert "\n  facts not checked: " in text.stdout
    assert "False facts: not checked" in text.stdout
    assert "UNCHECKED" in text.stdout


def test_a_grammar_server_that_is_down_exits_3_with_a_warning(
    tmp_path: Path, closed_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VERIFIER_GRAMMAR__BACKEND", "languagetool")
    monkeypatch.setenv("VERIFIER_GRAMMAR__BASE_URL", f"http://127.0.0.1:{closed_port}")
    source = tmp_path / "answer.md"
    source.write_text("I think it is lovely, and I like it a lot.\n")
    result = run("check", str(source), "--corpus", str(EXAMPLE / "corpus"), "--no-web")
    assert result.exit_code == 3, result.stderr
    warnings = [w for w in result.stderr.splitlines() if w.startswith("verifier: warning:")]
    assert warnings == [
        f"verifier: warning: grammar not checked: languagetool at http://127.0.0.1:{closed_port}: "
        + warnings[0].split(f"{closed_port}: ", 1)[1]
    ]
    assert "cannot connect" in warnings[0]
    report = json.loads(result.stdout)
    assert report["grammar"]["status"] == "not_checked"
    assert report["status"] == "incomplete"


def test_no_web_and_no_corpus_is_incomplete_too(tmp_path: Path) -> None:
    result = run("check", "-", "--no-web", input="Marie Curie was born in Warsaw in 1867.")
    assert result.exit_code == 3
    assert json.loads(result.stdout)["status"] == "incomplete"
    assert "verifier: warning: facts not checked" in result.stderr


@pytest.mark.parametrize("case", ["missing", "binary", "oversized", "bad config"])
def test_a_failed_run_leaves_the_output_file_alone(
    tmp_path: Path, case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    keep = tmp_path / "keep.json"
    keep.write_text('{"kept": true}\n')
    source = tmp_path / "answer.md"
    source.write_text("Radium has atomic number 88.")
    if case == "binary":
        source.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    elif case == "oversized":
        monkeypatch.setenv("VERIFIER_LIMITS__MAX_RESPONSE_CHARS", "10")
    elif case == "bad config":
        monkeypatch.setenv("VERIFIER_LIMITS__CLAIM_BUDGET_S", "-1")
    path = str(tmp_path / "missing.md") if case == "missing" else str(source)
    result = run("check", path, "--no-web", "--out", str(keep))
    assert result.exit_code == 2
    one_error_line(result)
    assert keep.read_text() == '{"kept": true}\n'
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".keep")] == []


def test_other_outputs_are_replaced_only_on_success(tmp_path: Path) -> None:
    keep = tmp_path / "keep.json"
    keep.write_text("old")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert run("export", str(bad), "--format", "jsonl", "--out", str(keep)).exit_code == 2
    assert run("score", "--input", str(bad), "--out", str(keep)).exit_code == 2
    rows = tmp_path / "rows.jsonl"
    rows.write_text("")
    assert run("judge", "--input", str(tmp_path / "none.jsonl"), "--out", str(keep)).exit_code == 2
    assert keep.read_text() == "old"


def test_an_empty_batch_file_says_so(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    rows.write_text("\n  \n")
    out = tmp_path / "out.jsonl"
    out.write_text("previous\n")
    result = run("check", "--batch", str(rows), "--no-web", "--out", str(out))
    assert result.exit_code == 2
    assert "is empty" in one_error_line(result)
    assert out.read_text() == "previous\n"


def test_an_unwritable_data_dir_names_the_cause(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the data dir should be")
    result = run(
        "check",
        str(EXAMPLE / "response.md"),
        "--corpus",
        str(EXAMPLE / "corpus"),
        "--no-web",
        "--data-dir",
        str(blocker / "data"),
    )
    assert result.exit_code == 2
    line = one_error_line(result)
    assert "cannot write to the data dir" in line
    assert "not a verifier corpus index" not in line


def test_index_is_replaced_only_when_indexing_finishes(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text("Radium has atomic number 88.")
    db = tmp_path / "c.db"
    assert run("index", str(corpus), "--db", str(db)).exit_code == 0
    before = db.read_bytes()
    unchanged = run("index", str(corpus), "--db", str(db))
    assert "1 unchanged" in unchanged.stdout
    assert db.read_bytes() == before  # nothing changed: nothing written
    (corpus / "b.txt").write_text("Polonium has atomic number 84.")
    assert "1 added" in run("index", str(corpus), "--db", str(db)).stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.db", "corpus"]  # no temp left


def test_a_database_url_from_a_file_and_a_warning_for_a_password_in_argv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from workers.cli import _set_database

    monkeypatch.delenv("VERIFIER_SERVICE__DATABASE", raising=False)
    _set_database(None, None, "postgresql://alice:s3cret@db.internal/verifier")  # type: ignore[arg-type]
    assert "shows the password" in capsys.readouterr().err
    _set_database(None, None, "postgresql://alice@db.internal/verifier")  # type: ignore[arg-type]
    assert capsys.readouterr().err == ""
    url = tmp_path / "database-url"
    url.write_text(f"sqlite:///{tmp_path / 'elsewhere' / 'jobs.db'}\n")
    result = CliRunner().invoke(
        main, ["keys", "create", "--role", "rater", "--database-file", str(url)]
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "elsewhere" / "jobs.db").exists()
    url.write_text("not a url\n")
    bad = CliRunner().invoke(main, ["keys", "list", "--database-file", str(url)])
    assert bad.exit_code == 2
    assert "does not hold a database URL" in bad.output


def test_config_and_data_dir_before_the_command(tmp_path: Path) -> None:
    bad = tmp_path / "c.toml"
    bad.write_text("[limits]\nclaim_budget_s = -5\n")
    # before the command, as after it: the file is read (its bad value named)
    for args in (["--config", str(bad), "check", "-"], ["check", "-", "--config", str(bad)]):
        result = run(*args, input="x")
        assert result.exit_code == 2, args
        assert "limits.claim_budget_s = -5" in one_error_line(result)
    good = tmp_path / "good.toml"
    good.write_text("[limits]\nclaim_budget_s = 30\n")
    # the command's own option wins over the one before it
    wins = run("--config", str(bad), "check", "-", "--config", str(good), "--no-web", input="x")
    assert wins.exit_code in (0, 3), wins.stderr  # checked (incomplete: no web, no corpus)
    data = tmp_path / "data-before"
    made = run("--data-dir", str(data), "keys", "create", "--role", "rater")
    assert made.exit_code == 0, made.stderr
    assert (data / "jobs.db").is_file()
    indexed = run(
        "--data-dir", str(data), "check", "-", "--corpus", str(EXAMPLE / "corpus"), "--no-web",
        input="Marie Curie was born in Warsaw.",
    )  # fmt: skip
    assert indexed.exit_code == 0, indexed.stderr
    assert (data / "snapshots.db").is_file()


def test_judge_and_score_read_the_config_before_the_command(tmp_path: Path) -> None:
    bad = tmp_path / "c.toml"
    bad.write_text("[judges]\nrefuted_threshold = 7\n")
    stored = run("check", "-", "--no-web", input="Hello.")
    for command, given in (
        (["judge", "--input", "-"], "{}"),
        (["score", "--input", "-"], stored.stdout),
    ):
        result = run("--config", str(bad), *command, input=given)
        assert result.exit_code == 2, command
        assert "judges.refuted_threshold" in result.stderr


def test_serve_on_port_0_says_the_port_it_bound_and_the_config_it_read(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import urllib.request

    env = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    serve = subprocess.Popen(
        [sys.executable, "-m", "workers", "--data-dir", str(tmp_path / "data"), "serve",
         "--port", "0", "--concurrency", "0", "--no-web"],
        env=env, cwd=tmp_path, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert serve.stderr is not None
        line = serve.stderr.readline()
        assert line.startswith("verifier: serving on http://127.0.0.1:"), line
        assert "config: built-in defaults" in line
        url = line.split()[3]
        assert not url.endswith(":0")
        with urllib.request.urlopen(f"{url}/healthz", timeout=30) as resp:
            assert json.load(resp)["status"] in ("ok", "degraded")
    finally:
        serve.send_signal(signal.SIGTERM)
        serve.wait(60)


def test_one_input_one_behaviour_on_the_command_line_in_a_batch_and_for_label_studio(
    tmp_path: Path,
) -> None:
    """An empty response is scored 1 by `check`, in a batch row and (tests/workers/
    test_api.py) through the API; Label Studio's task reader takes it as the API does; the
    flags as a string read the same everywhere."""
    from verifier.config import LabelStudioSettings, LimitsSettings
    from workers.labelstudio.predictions import read_task

    single = run("check", "-", "--no-web", "--flags", "off_topic, harmful", input="  \n")
    assert single.exit_code in (0, 3), single.stderr
    one = json.loads(single.stdout)
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"id": "e", "response": "  \n", "flags": "off_topic, harmful"}))
    batch = run("check", "--batch", str(rows), "--no-web")
    [row] = [json.loads(line) for line in batch.stdout.splitlines()]
    for report in (one, row):
        assert report["rubric"]["score"] == 1
        assert report["rubric"]["applied"][0]["rule"] == "empty_response"
        assert report["request"]["flags"] == {"off_topic": True, "harmful": True}
    task = read_task({"data": {"response": "  \n"}}, LabelStudioSettings(), LimitsSettings())
    assert task.problem is None
    assert task.request is not None
    assert task.request["response"] == "  \n"


def test_schema_validate_a_stored_report(
    tmp_path: Path, settings: Settings, extractor: Extractor
) -> None:
    """`verifier schema validate FILE`: one line and 0 when valid; each error's JSON path
    and message and 2 when not; one line for a file that is not JSON."""
    data = louvre_report(settings, extractor).to_dict()
    good = tmp_path / "report.json"
    good.write_text(json.dumps(data))
    result = run("schema", "validate", str(good))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{good}: valid: matches verifier.report/4 (verifier schema report)\n"
    # JSON lines, as `check --batch` writes them, and stdin
    lines = json.dumps(data) + "\n" + json.dumps(data) + "\n"
    result = run("schema", "validate", "-", input=lines)
    assert result.exit_code == 0, result.output
    assert result.stdout == "-: valid: 2 reports match verifier.report/4 (verifier schema report)\n"

    bad = json.loads(json.dumps(data))
    bad["claims"][0]["verdict"] = {**(bad["claims"][0]["verdict"] or {}), "label": "maybe"}
    del bad["truthfulness"]["status"]
    bad["plagiarism"]["copied_share"] = "a lot"
    stored = tmp_path / "bad.json"
    stored.write_text(json.dumps(bad))
    result = run("schema", "validate", str(stored))
    assert result.exit_code == 2
    said = result.stdout.splitlines()
    assert any(
        line.startswith(f"{stored}: $.claims[0].verdict.label: ") and "maybe" in line
        for line in said
    ), said
    assert any(line.startswith(f"{stored}: $.truthfulness: ") and "status" in line for line in said)
    assert any(line.startswith(f"{stored}: $.plagiarism.copied_share: ") for line in said), said
    assert "invalid: " in one_error_line(result)

    junk = tmp_path / "junk.json"
    junk.write_text("Score: 3 (plagiarized)\n")
    result = run("schema", "validate", str(junk))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert one_error_line(result).startswith(f"verifier: error: {junk} is not JSON (")
