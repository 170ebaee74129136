from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.errors import InputError
from verifier.rubric.rules import PRECEDENCE, RULES
from verifier.rubric.scorer import score
from verifier.schema import (
    ClaimRef,
    CopyMatch,
    CopySource,
    Plagiarism,
    Resource,
    Truthfulness,
    parse_flags,
)

CLEAN = "The Eiffel Tower was completed in 1889. It is 330 metres tall."


def ref(cid: str = "c1", why: str = "refuted by the quoted evidence") -> ClaimRef:
    return ClaimRef(
        cid,
        "It is 330 metres tall.",
        "It is 330 metres tall.",
        40,
        62,
        "refuted",
        0.9,
        why,
        "It is 300 metres tall.",
        "https://x.example",
        "sha256:x",
        0,
        22,
    )


def truth(false: bool = False, fake: bool = False, benefit: bool = False) -> Truthfulness:
    resources = (
        [
            Resource(
                "url",
                "https://x.example/a",
                "https://x.example/a",
                0,
                5,
                "a study",
                "missing",
                True,
                "HTTP 404",
                404,
            )
        ]
        if fake
        else []
    )
    return Truthfulness(
        "checked",
        ["heuristic"],
        2,
        2,
        0,
        int(false),
        int(benefit),
        0,
        0,
        0,
        false,
        0.8,
        [ref()] if false else [],
        [],
        fake,
        resources,
        [ref("c2", "no evidence found")] if benefit else [],
    )


def copy(verdict: str = "plagiarized", requested: str | None = None) -> Plagiarism:
    match = CopyMatch(
        "identical",
        True,
        None,
        0,
        38,
        CLEAN[:38],
        "https://src.example",
        "Src",
        "sha256:s",
        0,
        38,
        CLEAN[:38],
        7,
        7,
        7,
        100.0,
    )
    return Plagiarism(
        "checked",
        verdict,
        0.6,
        7,
        12,
        7,
        requested,  # type: ignore[arg-type]
        [CopySource("https://src.example", "Src", "sha256:s", 0.6, 7, 1)],
        [match],
        1,
        [],
        {},
    )


def rules_of(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.rule for a in result.applied]


def test_rules_are_data_with_stable_ids() -> None:
    ids = [r.id for r in RULES]
    assert len(ids) == len(set(ids))
    assert all(r.effect in PRECEDENCE and r.rubric and r.trigger for r in RULES)


def test_clean_response_has_no_ceiling() -> None:
    result = score(CLEAN, truthfulness=truth(), plagiarism=copy("original"))
    assert (result.score, result.max_score, result.applied) == (None, 7, [])
    assert "No rubric rule limits the score" in result.explanation


@pytest.mark.parametrize(
    ("kwargs", "rule", "fixed", "ceiling"),
    [
        ({"response": "   \n"}, "empty_response", 1, 1),
        ({"flags": {"harmful": True}}, "harmful", 1, 1),
        ({"flags": {"nonsensical": True}}, "nonsensical", 1, 1),
        ({"plagiarism": copy()}, "plagiarized", 3, 3),
        ({"truthfulness": truth(false=True)}, "false_information", None, 3),
        ({"truthfulness": truth(fake=True)}, "fake_resource", None, 3),
        ({"response": CLEAN + " The wrold ends."}, "spelling_grammar", None, 3),
        ({"flags": {"minor_grammar_error": True}}, "minor_grammar", None, 4),
        (
            {"response": CLEAN + " You should take 400 mg of ibuprofen."},
            "advice_without_disclaimer",
            None,
            3,
        ),
        ({"response": CLEAN + "\n\n" + CLEAN}, "repetition", None, 6),
        ({"flags": {"off_topic": True}}, "off_topic", None, 7),
        ({"truthfulness": truth(benefit=True)}, "inconclusive_facts", None, 7),
    ],
)
def test_each_rule(kwargs: dict, rule: str, fixed: int | None, ceiling: int) -> None:
    response = kwargs.pop("response", CLEAN)
    result = score(response, **kwargs)
    assert rule in rules_of(result)
    assert (result.score, result.max_score) == (fixed, ceiling)
    applied = next(a for a in result.applied if a.rule == rule)
    assert applied.rubric
    assert applied.why


def test_copying_the_prompt_asked_for_is_not_plagiarism() -> None:
    result = score(CLEAN, plagiarism=copy(requested="quote the passage"))
    assert "plagiarized" not in rules_of(result)
    possible = score(CLEAN, plagiarism=copy("possible"))
    assert possible.max_score == 7
    assert [r.check for r in possible.needs_review] == ["plagiarism"]


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        # 1-rules beat 3-rules
        ({"flags": {"harmful": True}, "plagiarism": copy()}, (1, 1)),
        # 1-rules beat caps
        ({"flags": {"nonsensical": True}, "truthfulness": truth(false=True)}, (1, 1)),
        # repeating a nonsensical response stays a 1
        ({"flags": {"nonsensical": True}, "response": CLEAN + "\n\n" + CLEAN}, (1, 1)),
        # 3-rules beat caps; a repeated answer still ranks one step lower
        ({"plagiarism": copy(), "flags": {"minor_grammar_error": True}}, (3, 3)),
        ({"plagiarism": copy(), "truthfulness": truth(false=True)}, (3, 3)),
        ({"plagiarism": copy(), "response": CLEAN + "\n\n" + CLEAN}, (2, 2)),
        # the lowest cap wins
        ({"truthfulness": truth(false=True), "flags": {"minor_grammar_error": True}}, (None, 3)),
        # lowering comes after the caps
        ({"truthfulness": truth(false=True), "response": CLEAN + "\n\n" + CLEAN}, (None, 2)),
        ({"flags": {"minor_grammar_error": True}, "response": CLEAN + "\n\n" + CLEAN}, (None, 3)),
        # the benefit of the doubt changes nothing
        ({"truthfulness": truth(benefit=True), "flags": {"minor_grammar_error": True}}, (None, 4)),
    ],
)
def test_precedence(kwargs: dict, expected: tuple[int | None, int]) -> None:
    response = kwargs.pop("response", CLEAN)
    result = score(response, **kwargs)
    assert (result.score, result.max_score) == expected
    effects = [a.effect for a in result.applied]
    assert effects == sorted(effects, key=PRECEDENCE.index)


def test_flags_parsing() -> None:
    assert parse_flags("harmful, off_topic") == {"harmful": True, "off_topic": True}
    assert parse_flags({"harmful": False}) == {"harmful": False}
    assert parse_flags(None) == {}
    with pytest.raises(InputError, match="unknown flag 'evil'"):
        parse_flags("evil")
    with pytest.raises(InputError, match="must be true or false"):
        parse_flags({"harmful": "yes"})


VIOLATIONS = {
    "false": {"truthfulness": truth(false=True)},
    "fake": {"truthfulness": truth(fake=True)},
    "plagiarized": {"plagiarism": copy()},
    "harmful": {"flags": {"harmful": True}},
    "nonsensical": {"flags": {"nonsensical": True}},
    "minor": {"flags": {"minor_grammar_error": True}},
    "typo": {"suffix": " The wrold ends."},
    "advice": {"suffix": " You should take 400 mg of ibuprofen."},
    "repeat": {"repeat": True},
}


def build(names: list[str]) -> tuple[str, dict]:
    """The response and signals with these violations; text is added before the whole
    answer is repeated, so adding one violation never undoes another."""
    response, kwargs, flags = CLEAN, {}, {}
    for name in sorted(names):
        v = VIOLATIONS[name]
        response += v.get("suffix", "")
        flags.update(v.get("flags", {}))
        if "truthfulness" in v:
            old = kwargs.get("truthfulness")
            kwargs["truthfulness"] = truth(
                false=v["truthfulness"].false_information or bool(old and old.false_information),
                fake=v["truthfulness"].fake_resources or bool(old and old.fake_resources),
            )
        if "plagiarism" in v:
            kwargs["plagiarism"] = v["plagiarism"]
    if "repeat" in names:
        response = response + "\n\n" + response
    return response, {**kwargs, "flags": flags}


names = st.lists(st.sampled_from(sorted(VIOLATIONS)), unique=True, max_size=5)


@settings(max_examples=60, deadline=None)
@given(names, st.sampled_from(sorted(VIOLATIONS)))
def test_adding_a_violation_never_raises_the_ceiling(base: list[str], extra: str) -> None:
    response, kwargs = build(base)
    before = score(response, **kwargs)
    response2, kwargs2 = build(base if extra in base else [*base, extra])
    after = score(response2, **kwargs2)
    assert 1 <= after.max_score <= before.max_score <= 7
    for result in (before, after):
        assert result.score is None or 1 <= result.score <= result.max_score


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=300))
def test_any_text_scores_within_1_to_7(text: str) -> None:
    result = score(text)
    assert 1 <= result.max_score <= 7
    assert result.score in (None, 1, 3)


def test_without_signals_only_review_items_remain() -> None:
    result = score(CLEAN + " The frobnicator was built in 1889.")
    assert result.applied == []
    assert result.score is None
    assert result.max_score == 7
    assert [r.check for r in result.needs_review] == ["spelling"]


def test_edited_copies_score_with_the_verdicts_reason_and_uncounted_rewording_is_reviewed() -> None:
    from tests.plagiarism.test_fuzzy import CFG, CLOSE_ONE, HEAVY, ONE_PARAPHRASE, SOURCE
    from verifier.plagiarism.detect import detect

    heavy = detect(HEAVY, "", [SOURCE], CFG)
    result = score(HEAVY, plagiarism=heavy)
    applied = next(a for a in result.applied if a.rule == "plagiarized")
    assert heavy.reason in applied.why
    assert result.max_score == 3
    close = detect(CLOSE_ONE, "", [SOURCE], CFG)
    reviewed = score(CLOSE_ONE, plagiarism=close)
    assert reviewed.max_score == 7
    assert [r.check for r in reviewed.needs_review] == ["paraphrase"]
    # a sentence that restates the source's facts with little of its wording is what a
    # correct answer does: listed in the report, not put to the rater
    one = detect(ONE_PARAPHRASE, "", [SOURCE], CFG)
    assert [m.counted for m in one.matches] == [False]
    assert score(ONE_PARAPHRASE, plagiarism=one).needs_review == []


def test_a_review_flag_never_caps_and_comes_first() -> None:
    """The review list ("check this": likely false, not sure enough to count) is put
    before the rater first, most likely first, and never lowers the ceiling."""
    t = truth(benefit=True)
    unlikely = replace(ref("c2", "check this: the source says otherwise"), confidence=0.4)
    likely = replace(ref("c3", "check this: the source says otherwise"), confidence=0.7)
    t.review = [likely, unlikely]
    result = score(CLEAN, truthfulness=t, plagiarism=copy("original"))
    assert result.max_score == 7
    assert result.score is None
    assert "false_information" not in rules_of(result)
    first = result.needs_review[0]
    assert first.check == "check_this"
    assert [e["claim_id"] for e in first.evidence] == ["c3", "c2"]
    assert first.evidence[0]["likelihood"] == 0.7
