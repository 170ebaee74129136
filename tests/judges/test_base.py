from __future__ import annotations

from collections.abc import Sequence

from verifier.judges import Judgement, aggregate, run_chain
from verifier.system.deadline import Deadline


def j(
    label: str, confidence: float, index: int, sentence: str = "s", score: float = 0.5
) -> Judgement:
    return Judgement(label, confidence, "t", index, 0, len(sentence), sentence, score=score)  # type: ignore[arg-type]


def test_aggregate_rules() -> None:
    assert aggregate([j("supported", 0.9, 0), j("inconclusive", 0, 1)]).label == "supported"
    refuted = aggregate([j("inconclusive", 0, 0), j("refuted", 0.85, 1, "No.")])
    assert (refuted.label, refuted.confidence, refuted.lead.evidence_index) == ("refuted", 0.85, 1)  # type: ignore[union-attr]
    disputed = aggregate([j("supported", 0.9, 0, "Yes."), j("refuted", 0.8, 1, "No.")])
    assert disputed.label == "inconclusive"
    assert disputed.disputed
    assert disputed.confidence == 0.8
    assert disputed.lead.sentence == "Yes."
    assert disputed.counter.sentence == "No."
    assert "“Yes.”" in disputed.reason
    assert "“No.”" in disputed.reason
    closest = aggregate([j("inconclusive", 0, 0, "far", 0.1), j("inconclusive", 0, 1, "near", 0.6)])
    assert (closest.label, closest.lead.sentence) == ("inconclusive", "near")  # type: ignore[union-attr]
    assert aggregate([]).reason == "no evidence to judge"


def test_the_strongest_support_leads() -> None:
    result = aggregate([j("supported", 0.7, 0), j("supported", 0.95, 1)])
    assert result.lead.evidence_index == 1  # type: ignore[union-attr]


class Scripted:
    """A judge that answers from a table keyed by evidence text, and records what it saw."""

    instant = False
    model_id = None

    def __init__(self, name: str, answers: dict[str, str]) -> None:
        self.name = name
        self.answers = answers
        self.seen: list[list[str]] = []

    async def judge(
        self,
        claim: str,
        evidence: Sequence[str],
        deadline: Deadline,
        *,
        before: Sequence[str] = (),
    ) -> list[Judgement]:
        self.seen.append(list(evidence))
        return [
            Judgement(self.answers.get(text, "inconclusive"), 0.9, self.name, i, 0, len(text), text)  # type: ignore[arg-type]
            for i, text in enumerate(evidence)
        ]


async def test_chain_asks_later_judges_only_about_open_texts() -> None:
    first = Scripted("first", {"a": "supported"})
    second = Scripted("second", {"b": "refuted"})
    third = Scripted("third", {})
    found = await run_chain([first, second, third], "claim", ["a", "b", "c"], Deadline.after(5))
    assert [(x.label, x.judge, x.evidence_index) for x in found] == [
        ("supported", "first", 0),
        ("refuted", "second", 1),
        ("inconclusive", "first", 2),  # the first judge's reading stays when nobody decides
    ]
    assert second.seen == [["b", "c"]]
    assert third.seen == [["c"]]


async def test_chain_stops_at_the_deadline() -> None:
    first = Scripted("first", {})
    found = await run_chain([first], "claim", ["a"], Deadline.after(0))
    assert first.seen == []
    assert found[0].reason == "not judged (no time left)"
