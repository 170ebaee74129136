"""The ``frames`` judge (default): frame-aligned slot verification, offline and fast.

For each evidence sentence it reads a frame (:mod:`verifier.judges.frames.frame`) and lines it
up with the claim's: the same subject (its name, a pronoun after the name, or its head
noun), and for every slot of the claim the sentence's values of the same kind anchored to
the same relation (or, with no relation word, the same surrounding words).

- **supported**: every slot of the claim is confirmed by an aligned value, the subject is
  the claim's, and the sentence states at least half of the claim's other content;
- **refuted**: exactly one slot conflicts (another year for "died in", another number
  for "atomic number", another name after "born in", another person who is "the only
  person to ...") while the rest of the frame agrees, and nothing in the sentence
  confirms that slot. The confidence is a probability from a small logistic model over
  the alignment's features, fitted on labelled data (``bench/calibrate_frames.py``,
  the fitted weights in ``calibration.json``); under ``refuted_threshold``
  (``judges.refuted_threshold``: what counts as false information) the sentence is
  reported as a *conflict* (inconclusive, the conflict named) rather than a refutation;
- a sentence that conflicts on two slots at once speaks of another event, not this one.

A claim with no slot (a definition, a relation without a value) is read by the
``heuristic`` judge's rules (near-verbatim support, negation). Every judgement names the
deciding sentence, the slots matched and the conflicts seen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from verifier.judges.base import (
    REFUTED_THRESHOLD,
    Action,
    Agreement,
    Call,
    Decision,
    Judgement,
    Label,
    Stage,
    aggregate,
)
from verifier.judges.frames.antonyms import opposites, swap
from verifier.judges.frames.calibration import Calibration, distance, features_of
from verifier.judges.frames.frame import Frame, Slot, frame_of, same_item, subject_match
from verifier.judges.frames.guards import (
    Conflict,
    dated_value,
    first_call,
    repeated_event,
    same_kind,
)
from verifier.judges.frames.paraphrase import (
    Alignment,
    align,
    left_behind,
    may_hold_values,
    may_name,
    naming_words,
    sides_swapped,
    value_label,
)
from verifier.judges.frames.reader import read
from verifier.judges.frames.relations import REPEATABLE, relation_said
from verifier.judges.frames.relations import same_relation as relations_agree
from verifier.judges.frames.scorer import Scorer
from verifier.judges.frames.sieve import Sieve, names_subject, worth_reading
from verifier.judges.frames.slots import TIME, Value, compare, rank, values_in
from verifier.judges.frames.unconfirmed import unconfirmed, unsourced
from verifier.judges.heuristic import HeuristicJudge
from verifier.system.deadline import Deadline
from verifier.text.sentences import Splitting, sentence_spans
from verifier.text.spans import STOPWORDS
from verifier.text.stem import stem

_ALIGNED = frozenset({"year", "date", "quantity", "name", "ordinal"})
_CONTEXT = 400  # characters of the page before a passage where its subject may be named
_PRONOUN_STEMS = frozenset({"he", "she", "it", "they", "we", "you", "i", "this", "these"})
_LOOSE_CAP = 0.45  # well under any refuted_threshold: a conflict for review
_LONGEST_STATEMENT = 60  # words: a longer "sentence" is a page's run-on text, not a statement
# Small words that change what a sentence says ("all" / "most", "with" / "without"): a
# statement of the claim must use the claim's.
_CRITICAL = re.compile(
    r"\b(?:all|most|some|no|not|never|only|without|with|more|less|fewer|few|many|none|any|"
    r"every|each|both|either|neither|nor|cannot|can't|unlike|different|same|before|after|"
    r"against|also|very|already|still|yet|always)\b|n't\b"
)


def _critical(text: str) -> frozenset[str]:
    # ("more ... than any other": a superlative, said another way, no quantifier)
    lowered = _ANY_OTHER.sub("than other", _MORE_THAN_ANY.sub("", text.lower()))
    return frozenset(m.group() for m in _CRITICAL.finditer(lowered))


_ANY_OTHER = re.compile(r"\bthan any other\b")
_MORE_THAN_ANY = re.compile(r"\bmore\b(?=[^.;]*\bthan any other\b)")


_NAME_PREPS = frozenset({"by", "in", "at", "from", "into", "to", "near"})

__all__ = ["FrameJudge"]


@dataclass(slots=True)
class _Finding:
    """What one evidence sentence says about the claim."""

    start: int
    end: int
    sentence: str
    confirmed: list[str] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    # conflicts a guard dismissed, with the guard's call (what the verdict says when
    # nothing else decides)
    dismissed: list[tuple[Conflict, Call]] = field(default_factory=list)
    subject: int = 0
    coverage: float = 0.0
    score: float = 0.0
    relation: bool = False  # the sentence states the claim's relation (or it has none)
    complete: bool = False  # every slot of the claim is confirmed
    missing: int = 0  # content words of the claim (not its subject's) the sentence lacks
    terms: int = 0  # content words of the claim, not its subject's
    critical: bool = True  # the claim's small meaning words ("all", "not", "with") are here
    # claim names the sentence answers with another, partly different name ("appointed to
    # the U.S. Supreme Court" vs "to the United States Court of Appeals"): another event
    mismatches: int = 0
    clauses: set[int] = field(default_factory=set)  # the sentence's clauses that confirmed
    claim: str = ""  # the claim's text


def _kinds_for(claim: Frame, checkable: list[Slot]) -> frozenset[str]:
    """The kinds of evidence value a claim's slots can be compared with."""
    kinds: set[str] = {s.value.kind for s in checkable}
    if kinds & TIME:
        kinds |= TIME
    if claim.exclusive is not None:
        kinds |= {"exclusive", "ordinal"}
    return frozenset(kinds)


def _comparable(claim: Slot, found: Slot) -> bool:
    a, b = claim.value.kind, found.value.kind
    if a in ("year", "date"):
        return b in ("year", "date")
    if a != b:
        return False
    if a == "name":
        # an agent ("by X") or a place ("in X", "from X", "into X"); "of X" is too loose
        return claim.prep in _NAME_PREPS and claim.prep == found.prep
    if a == "quantity":
        if claim.value.unit != found.value.unit:
            return False
        if not claim.value.unit:  # a bare number: only with the same word before it
            return claim.label is not None and claim.label == found.label
        return True
    return True


def _agent_of_same_act(claim: Frame, found: Frame) -> bool:
    """Whether the sentence names the claim's subject as the agent ("by X") of the act the
    claim's subject does: the passive of the claim's sentence."""
    if claim.relation is None or " by " not in found.text:
        return False
    for slot in frame_of(found.text).slots:  # every kind: the agent is a name
        if slot.value.kind != "name" or slot.prep != "by":
            continue
        if slot.relation != claim.relation and not relations_agree(slot.relation, claim.relation):
            continue
        name = Value("name", 0, 0, str(slot.value.key), str(slot.value.key))
        if any(compare(Value("name", 0, 0, n, n), name) == "same" for n in claim.subject_names):
            return True
    return False


_LOWER_WORDS = re.compile(r"[a-z]+")


def _one_of_several(claim: Frame, sentence: str) -> bool:
    """The claim's superlative said of one of several ("the largest city" / "one of the
    largest cities", "among the largest"): no support of the one."""
    title = claim.exclusive or next(iter(claim.slots_of("exclusive")), None)
    if title is None:
        return False
    word = re.escape(title.value.text.split()[-1])
    if re.search(
        rf"\b(?:one|some|several|many|two|three|among)\s+(?:of\s+)?(?:the\s+)?"
        rf"(?:\w+\s+){{0,2}}?{word}\b",
        sentence,
        re.IGNORECASE,
    ):
        return True
    return _said_of_another(claim, sentence, word)


def _said_of_another(claim: Frame, sentence: str, word: str) -> bool:
    """The superlative said of another name ("Lake Superior is the largest of the Great
    Lakes ...; Lake Huron is second and Lake Michigan third" for "Lake Michigan is the
    largest of the Great Lakes")."""
    keys = naming_words(claim)
    holder = re.search(
        rf"\b([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*)\s+(?:is|was|remains|became)\s+(?:now\s+)?"
        rf"(?:the|its|their|[A-Z][\w'’-]+['’]s)\s+(?:\w+\s+)?{word}\b",
        sentence,
    )
    if holder is None or not keys:
        return False
    name = holder.group(1).lower()
    return not any(re.search(rf"\b{re.escape(k)}\b", name) for k in keys)


@lru_cache(maxsize=1024)
def _flips(claim: str) -> re.Pattern[str] | None:
    """A pattern of every word that would turn one of the claim's words into its opposite
    (in any of its common forms: "slow", "slower", "slowly"); None when there is none."""
    words = {o for w in _LOWER_WORDS.findall(claim.lower()) for o in opposites(w)}
    if not words:
        return None
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, words))) + r")[a-z]*\b")


@lru_cache(maxsize=4096)
def _stems_of(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in re.findall(r"[A-Za-z][\w'’-]*", text))


_CLEFT = re.compile(
    r"^It\s+(?:was|is|were)\s+((?:[A-Z][\w’'.-]*\s+){0,4}[A-Z][\w’'.-]*)\s+(?:who|that)\s+(.+)$"
)
_PASSIVE = re.compile(r"\s*(?:was|were|is|are|been|being|be|had been|has been)\b", re.I)


def _rank_of(slot: Slot) -> object:
    return slot.value.key if slot.value.kind == "ordinal" else rank(slot.value)


def _holders(found: Frame, slot: Slot) -> tuple[str, ...]:
    """Who holds an exclusive title in a sentence: its subject's names, or, when the title
    is the subject ("The first European to map its course was António Ferraz"), the name
    after the copula."""
    if slot.value.start < found.subject_end <= len(found.text):
        after = found.text[found.subject_end :]
        if re.match(r"\s*(?:was|is|were|are|became|has been|had been|remains|remained)\b", after):
            for value in values_in(found.text):
                if value.kind == "name" and 0 <= value.start - found.subject_end <= 60:
                    return (str(value.key),)
            return ()
    return found.subject_names


def _context_agreement(claim: Slot, found: Slot, subject_terms: frozenset[str]) -> float:
    mine = claim.context - subject_terms
    if not mine:
        return 0.0
    return len(mine & found.context) / len(mine)


def _anchored(claim: Slot, found: Slot, agreement: float) -> bool:
    """Both values are anchored to the same relation of the table, or, where a side has
    only a plain verb or none, the words around them agree."""
    a, b = claim.relation, found.relation
    if a and b and not a.startswith("v:") and not b.startswith("v:"):
        return relations_agree(a, b)
    if a and a == b:
        return True
    if a and not a.startswith("v:") and a in found.context:
        return True
    if a and a in found.context and claim.value.kind in TIME:
        # the date of the claim's act, its verb beside the sentence's date, whatever else
        # either says ("fell in November 1991, shortly before the Soviet Union was
        # dissolved" and "fell on the night of 9 November 1989, when ... opened")
        return True
    if a and not a.startswith("v:") and b is None:
        # "gave birth on January 5, 1971" and "Joined the family in 1968": a value the claim
        # dates by a relation of the table is dated by it in the sentence too, or not at all
        return False
    return agreement >= 0.5


def _first_finding(
    claim: Frame, found: Frame, subject_terms: frozenset[str], span: tuple[int, int], sentence: str
) -> _Finding:
    """A sentence's finding before its slots are compared: how much of the claim it says."""
    finding = _Finding(*span, sentence, claim=claim.text)
    shared = claim.terms - subject_terms
    finding.coverage = len(shared & found.terms) / len(shared) if shared else 1.0
    # every word of the claim is said, but the names a pronoun or "the company" stands for
    named = {stem(w) for n in claim.subject_names for w in re.findall(r"[\w'’-]+", n)}
    finding.missing = len(claim.terms - found.terms - named - {claim.subject_head})
    finding.terms = len(shared)
    finding.critical = _critical(claim.text) <= _critical(sentence)
    return finding


def _subject_level(claim: Frame, found: Frame, page: str, at: int) -> int:
    """How surely the sentence speaks of the claim's subject (0 to 3, see
    :func:`~verifier.judges.frames.frame.subject_match`), ``page`` the text up to and
    around it, the sentence at ``at``."""
    subject = subject_match(claim, found, page, at)
    if subject == 2 and _agent_of_same_act(claim, found):
        subject = 3  # "proposed by Alfred Wegener in 1912" for "Wegener proposed ..."
    if subject and not same_item(claim, found):
        subject = 0  # "the first version" and "version 2.0": two of a kind
    return subject


def _conflict(
    claim: Frame,
    slot: Slot,
    found: Frame,
    finding: _Finding,
    conflicting: list[tuple[Slot, float]],
    words: int,
) -> Conflict:
    """The conflict a slot makes with the sentence's most agreeing other value, with its
    features (the guards then read it)."""
    other, agreement = max(conflicting, key=lambda c: c[1])
    kind = slot.value.kind
    values_of_kind = sum(1 for s in found.slots if _comparable(slot, s))
    relation = slot.relation or ""
    same_relation = (
        bool(relation)
        and relations_agree(relation, other.relation)
        and not relation.startswith("v:")
    )
    same_verb = bool(relation) and relation == other.relation and not same_relation
    features = features_of(
        kind,
        finding.subject,
        same_relation,
        same_verb,
        slot.functional,
        agreement,
        finding.coverage,
        values_of_kind,
        distance(slot.value, other.value),
        slot.value.approx,
        words,
    )
    features["dated"] = float(kind == "quantity" and dated_value(claim, found, other))
    return Conflict.of_slot(
        claim,
        found,
        slot,
        other,
        subject=finding.subject,
        same_relation=same_relation,
        rivals=tuple(o for o, _a in conflicting),
        features=features,
    )


def _names_unsaid(claim: Frame, sentence: str) -> list[str]:
    """The claim's names whose last word the sentence does not write ("The chemical symbol
    for sodium is So": "So", which no content word of the claim keeps); a short word or
    one English writes in lower case as written ("So" is not "so")."""
    out = []
    for slot in claim.slots:
        if slot.value.kind != "name" or not slot.value.text.split():
            continue
        last = slot.value.text.split()[-1]
        exact = len(last) <= 2 or last.lower() in STOPWORDS
        said = re.search(
            rf"(?<![\w-]){re.escape(last)}(?![\w-])", sentence, 0 if exact else re.IGNORECASE
        )
        if said is None:
            out.append(slot.value.text)
    return out


def _clause_said(claim: Frame, slot: Slot, found: Frame) -> bool:
    """The sentence says the act of the slot's clause: the claim's main relation, or a
    relation the sentence has too. A name of another act of the claim ("..., shortly
    before the Soviet Union was dissolved") answers no name of a sentence that does not
    speak of that act."""
    relation = slot.relation
    if relation is None or relation == claim.relation:
        return True
    return relation == found.relation or any(s.relation == relation for s in found.slots)


def _occasions(
    claim: Frame,
    found: Frame,
    finding: _Finding,
    subject_terms: frozenset[str],
) -> None:
    """Each conflict's context: what else of the claim the sentence confirms, and whether
    it may speak of another occasion of a relation that holds many times."""
    specifics = len(claim.terms - subject_terms - {claim.relation})
    # "the first prizes", "her only novel": one occasion, whatever the relation
    single = any(s.value.kind in ("ordinal", "exclusive") for s in claim.slots)
    for conflict in finding.conflicts:
        features = conflict.features
        slot = conflict.slot if conflict.origin == "slot" else None
        loose = slot.relation if slot is not None else None
        objects = slot.context - subject_terms - {loose or ""} if slot is not None else frozenset()
        # what else of the claim this sentence confirms says it speaks of the same event
        others = len(finding.confirmed)
        features["confirmed_others"] = float(min(others, 2))
        # "won the Nobel Prize in 1911" against a 1903 prize: a relation that holds many
        # times, a date, and nothing that tells this occasion from the others
        # ... or "staged in Vienna" against "first staged in Germany": another place
        features["loose_relation"] = float(
            (features["kind_time"] == 1.0 or features["kind_name"] == 1.0)
            and loose in REPEATABLE
            and not single
            and (
                (others == 0 and specifics <= 2)
                # "signed to the practice squad" vs "signed to the active roster"
                or not objects <= found.terms
            )
        )
        # "married Richard Burton for the second time in 1975": another occasion
        features["repeated"] = float(
            features["kind_time"] == 1.0
            and repeated_event(found.text)
            and not repeated_event(claim.text)
        )


def _negation(
    claim: Frame, checkable: list[Slot], found: Frame, finding: _Finding, words: int
) -> None:
    """The clause that says every one of the claim's values says "not" where the claim
    does not (or the other way round): "did not die in 1934". A conflict of its own."""
    if (
        any(s.clause in claim.negations for s in checkable)
        != bool(finding.clauses & found.negations)
        and finding.confirmed
        and not finding.conflicts
        and len(finding.confirmed) == len(checkable)
        and finding.coverage >= 0.8
    ):
        features = features_of(
            "negation",
            finding.subject,
            True,
            False,
            True,
            1.0,
            finding.coverage,
            1,
            0.0,
            False,
            words,
        )
        finding.conflicts.append(
            Conflict("negation", "negation", "negation", claim, found, features=features)
        )
        finding.confirmed.clear()


def _settle(claim: Frame, checkable: list[Slot], found: Frame, finding: _Finding) -> None:
    """Whether the sentence states the claim's relation and every slot of it, and its score."""
    finding.relation = (
        claim.relation is None
        or any(s.relation == claim.relation for s in found.slots)
        or claim.relation in found.terms
    )
    # a name under a preposition no name is compared under ("on the Moon", "for the
    # World's Fair") can never be confirmed: its words count as the claim's other words
    wanted = [
        s
        for s in checkable
        if s is not claim.exclusive and (s.value.kind != "name" or s.prep in _NAME_PREPS)
    ]
    finding.complete = bool(finding.confirmed) and len(finding.confirmed) >= len(wanted) + (
        claim.exclusive is not None
    )
    finding.score = round(
        0.5 * finding.coverage + 0.25 * (finding.subject / 3) + 0.25 * (len(finding.confirmed) > 0),
        4,
    )


# typographic quotes and apostrophes, each read as its plain one (one character for one:
# every offset holds)
_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "‚": "'"})


def straight_quotes(text: str) -> str:
    """The text with its typographic quotes plain ("“water”" is '"water"')."""
    return text.translate(_QUOTES)


def _quoted_as_given(judgement: Judgement, evidence: Sequence[str]) -> Judgement:
    """The judgement's sentence as its text gives it (its typographic quotes kept)."""
    i, start, end = judgement.evidence_index, judgement.start, judgement.end
    if judgement.sentence is None or i is None or start is None or end is None:
        return judgement
    given = evidence[i][start:end]
    if given == judgement.sentence or straight_quotes(given) != judgement.sentence:
        return judgement
    return replace(judgement, sentence=given)


def _add(finding: _Finding, conflict: Conflict) -> None:
    """A conflict the sentence makes, unless a guard of the conflict stage explains it."""
    call = first_call(Stage.CONFLICT, conflict)
    if call is None:
        finding.conflicts.append(conflict)
    else:
        finding.dismissed.append((conflict, call))


class FrameJudge:
    """See the module docstring."""

    name = "frames"
    instant = True  # milliseconds: runs even after a claim's deadline
    model_id = None

    def __init__(
        self,
        *,
        calibration: Calibration | None = None,
        refuted_threshold: float = REFUTED_THRESHOLD,
        support_coverage: float = 0.7,
        reword_said: float = 0.75,
        fallback: HeuristicJudge | None = None,
        records: bool = True,
        scorer: Scorer | None = None,
    ) -> None:
        self.calibration = calibration or Calibration.load()
        self.refuted_threshold = refuted_threshold
        self.support_coverage = support_coverage
        self.reword_said = reword_said
        self.fallback = fallback or HeuristicJudge()
        self.records = records  # check the rules' judgements against a real parse
        self.scorer = scorer or Scorer.load()

    async def judge(
        self,
        claim: str,
        evidence: Sequence[str],
        deadline: Deadline | None = None,
        *,
        before: Sequence[str] = (),
    ) -> list[Judgement]:
        return self.judge_all(claim, evidence, before)

    def decide(self, claim: str, evidence: Sequence[str], before: Sequence[str] = ()) -> Decision:
        return aggregate(self.judge_all(claim, evidence, before), self.refuted_threshold)

    def judge_all(
        self, claim: str, evidence: Sequence[str], before: Sequence[str] = ()
    ) -> list[Judgement]:
        """One judgement per text; ``before[i]`` is the page text before ``evidence[i]``,
        read only to know whom a pronoun or "the <noun>" stands for. The slot rules judge
        first, then the records of a real parse check them (:mod:`.reader`). Typographic
        quotes are read as plain ones (“water” is "water"); each judgement quotes its text
        as given."""
        plain = [straight_quotes(t) for t in evidence]
        judged = self._judge_plain(
            straight_quotes(claim), plain, [straight_quotes(t) for t in before]
        )
        return [_quoted_as_given(j, evidence) for j in judged]

    def _judge_plain(
        self, claim: str, evidence: Sequence[str], before: Sequence[str] = ()
    ) -> list[Judgement]:
        judged = self._rules(claim, evidence, before)
        if judged and all(
            j.label == "inconclusive" and not j.conflicts and j.guard is None for j in judged
        ):
            # nothing said either way: a value no source gives while one gives another is
            # a question for the rater (:mod:`.unconfirmed`), which the records read like
            # any conflict of the rules (another clause's date is dismissed)
            found = unconfirmed(claim, evidence, self.name)
            if found is not None and found.evidence_index is not None:
                judged = [*judged]
                judged[found.evidence_index] = found
        if self.records and evidence:
            judged = read(
                claim,
                evidence,
                judged,
                before,
                self.scorer,
                self.refuted_threshold,
                self.name,
                lambda c, s: _critical(c) <= _critical(s),
            )
        # still nothing said either way: a figure or a rare name of the claim no evidence
        # text gives is a question for the rater too (:func:`.unconfirmed.unsourced`)
        found = unsourced(claim, evidence, judged) if judged else None
        if found is not None and found.evidence_index is not None:
            judged = [*judged]
            judged[found.evidence_index] = found
        return judged

    def _rules(
        self, claim: str, evidence: Sequence[str], before: Sequence[str] = ()
    ) -> list[Judgement]:
        """The slot rules' judgement of each text."""
        cleft = _CLEFT.match(claim.strip())
        if cleft:  # "It was Louis Pasteur who showed that ...": Louis Pasteur showed that ...
            claim = f"{cleft.group(1)} {cleft.group(2)}"
        frame = frame_of(claim.strip())
        checkable = [s for s in frame.slots if s.value.kind != "name" or s.prep is not None]
        subjectless = not frame.subject_names and frame.subject_head in (None, *_PRONOUN_STEMS)
        if (not checkable and frame.exclusive is None) or subjectless:
            # nothing to line up ("He attended ...": whom?): near-verbatim statements only
            judged = self._verbatim(claim, frame, evidence)
            if cleft and not subjectless:
                judged = self._someone_else(frame, evidence, judged)
            if subjectless:
                return judged
            judged = self._reworded(frame, checkable, evidence, before, judged)
            return self._turned(frame, evidence, before, judged)
        judged = [
            self._decide_text(findings, index)
            for index, findings in enumerate(self._findings(frame, checkable, evidence, before))
        ]
        # a text that neither supports nor contradicts a slot may still state the claim
        # nearly word for word, every value included: the heuristic's strict support
        open_ = [i for i, j in enumerate(judged) if j.label == "inconclusive" and not j.conflicts]
        if open_:
            stated = self._verbatim(claim, frame, [evidence[i] for i in open_])
            for i, judgement in zip(open_, stated, strict=True):
                if judgement.label == "supported":
                    judged[i] = replace(judgement, evidence_index=i)
        if cleft:
            judged = self._someone_else(frame, evidence, judged)
        judged = self._reworded(frame, checkable, evidence, before, judged)
        return self._turned(frame, evidence, before, judged)

    # --- the claim said another way ------------------------------------------------------
    def _reworded(
        self,
        frame: Frame,
        checkable: list[Slot],
        evidence: Sequence[str],
        before: Sequence[str],
        judged: list[Judgement],
    ) -> list[Judgement]:
        """Texts still open, read sentence by sentence as the claim said another way
        (:mod:`verifier.judges.frames.paraphrase`): a support when every value and the
        claim's other words are said, a conflict when one value differs and the rest
        agrees (the guards read it like any other)."""
        slots = [s for s in checkable if s.value.kind in _ALIGNED]
        keys = naming_words(frame)
        if not keys or not slots:
            return judged
        out = list(judged)
        for i, (text, judgement) in enumerate(zip(evidence, judged, strict=True)):
            if judgement.label != "inconclusive" or judgement.conflicts:
                continue
            prefix = before[i] if before else ""
            lowered = (prefix[-_CONTEXT:] + text).lower()
            if frame.subject_names and not any(k in lowered for k in keys):
                continue
            if not may_hold_values(frame, slots, text):
                continue
            lowered = text.lower()
            alignments = [
                a
                for start, end in sentence_spans(text, how=Splitting.QUICK)
                if may_name(frame, lowered[start:end])
                and (a := align(frame, slots, text, start, end, prefix)) is not None
            ]
            decided = self._decide_reworded(frame, slots, alignments, i)
            if decided is not None:
                out[i] = decided
            elif judgement.agreement is None and (agreed := _agreed(alignments)) is not None:
                out[i] = replace(judgement, agreement=agreed)
        return out

    def _decide_reworded(
        self, frame: Frame, slots: list[Slot], alignments: list[Alignment], index: int
    ) -> Judgement | None:
        supports = [
            a
            for a in alignments
            if self._reworded_support(a) and not _one_of_several(frame, a.sentence)
        ]
        if supports:
            best = max(supports, key=lambda a: (len(a.confirmed), a.said, a.subject))
            confidence = min(0.95, 0.8 + 0.05 * min(len(best.confirmed), 2) + 0.1 * best.said)
            said = f"; {', '.join(best.how)}" if best.how else ""
            gives = f"gives {', '.join(best.confirmed)}" if best.confirmed else "says it"
            return Judgement(
                "supported",
                round(confidence, 3),
                self.name,
                index,
                best.start,
                best.end,
                best.sentence,
                matched=best.confirmed,
                reason=f"the claim said another way: same subject; {gives}{said}",
                score=round(0.5 + 0.5 * best.said, 4),
                agreement=Agreement(best.confirmed, best.start, best.end, best.sentence)
                if best.confirmed
                else None,
            )
        findings = [f for a in alignments if (f := self._reworded_conflict(frame, a)) is not None]
        if not findings:
            return None
        return self._decide_text(findings, index)

    def _reworded_support(self, a: Alignment) -> bool:
        """Every value the same, nothing blocking, and the claim's other words said: every
        one, or ``reword_said`` of them when two values or more agree. Words alone are
        never enough: a year, date, number or rank among the values, or two
        names, or one name in a sentence that names the subject itself (a place name in a
        sentence about something else ties it to little: "found on Earth")."""
        if not a.states or a.said < self.reword_said or not a.confirmed:
            return False
        if a.said < 1.0 and len(a.confirmed) < 2:
            return False  # one word left unsaid may be the one a false claim swapped
        names = sum(1 for c in a.confirmed if c.startswith("name "))
        return len(a.confirmed) > names or names >= 2 or a.subject == 3

    def _reworded_conflict(self, frame: Frame, a: Alignment) -> _Finding | None:
        """One value differs, every other is the same, the subject and the claim's other
        words are said: the claim's statement with another value."""
        if (
            len(a.differing) != 1
            or a.missing
            or a.block is not None
            or a.said < self.reword_said
            or a.subject < 2
        ):
            return None
        slot, value = a.differing[0]
        found = frame_of(a.sentence)
        if a.subject == 3 and not _names_within(found, frame):
            return None  # "James Lawson started in 1939" is not "Lawson was established"
        other = next((s for s in found.slots if s.value.start == value.start), None)
        if other is None or not relation_said(slot.relation or frame.relation, other.relation):
            return None  # the value hangs on another act ("during the 1980 campaign")
        words = len(a.sentence.split())
        finding = _Finding(a.start, a.end, a.sentence, subject=a.subject, coverage=a.said)
        finding.confirmed = list(a.confirmed)
        features = features_of(
            slot.value.kind,
            a.subject,
            True,
            False,
            slot.functional,
            a.said,
            a.said,
            sum(1 for s in found.slots if same_kind(slot, s)),
            distance(slot.value, other.value),
            slot.value.approx,
            words,
            len(a.confirmed),
        )
        features["dated"] = float(
            slot.value.kind == "quantity" and dated_value(frame, found, other)
        )
        conflict = Conflict.of_slot(
            frame, found, slot, other, subject=a.subject, rivals=(other,), features=features
        )
        call = first_call(Stage.VALUE, conflict) or first_call(Stage.CONFLICT, conflict)
        if call is not None:
            finding.dismissed.append((conflict, call))
        else:
            finding.conflicts.append(conflict)
        return finding

    def _someone_else(
        self, frame: Frame, evidence: Sequence[str], judged: list[Judgement]
    ) -> list[Judgement]:
        """A claim that says who did something ("It was X who showed that ..."), against a
        sentence that says another did it: the rest of the claim stated, the act the same,
        the doer another name."""
        out = list(judged)
        rest = frame.terms - _stems_of(frame.subject)
        if frame.relation is None or len(rest) < 3 or not frame.subject_names:
            return out
        for i, (text, judgement) in enumerate(zip(evidence, judged, strict=True)):
            if judgement.label != "inconclusive" or judgement.conflicts:
                continue
            findings = []
            for start, end in sentence_spans(text, how=Splitting.QUICK):
                found = frame_of(text[start:end])
                said = len(rest & found.terms) / len(rest)
                if said < 0.8 or frame.relation not in found.terms or not found.subject_names:
                    continue
                outcomes = {
                    compare(Value("name", 0, 0, a, a), Value("name", 0, 0, b, b))
                    for a in frame.subject_names
                    for b in found.subject_names
                }
                if outcomes != {"conflict"}:
                    continue
                finding = _Finding(start, end, text[start:end], subject=3, coverage=said)
                features = features_of(
                    "subject",
                    3,
                    True,
                    False,
                    True,
                    said,
                    said,
                    1,
                    0.5,
                    False,
                    len(finding.sentence.split()),
                )
                finding.conflicts.append(
                    Conflict(
                        "who",
                        "subject",
                        f"who: {frame.subject} vs {found.subject}",
                        frame,
                        found,
                        features=features,
                    )
                )
                findings.append(finding)
            if findings:
                out[i] = self._decide_text(findings, i)
        return out

    def _turned(
        self,
        frame: Frame,
        evidence: Sequence[str],
        before: Sequence[str],
        judged: list[Judgement],
    ) -> list[Judgement]:
        """Texts still open that state the claim with a word turned into its opposite
        ("more common in hot, dry conditions" for "... in cool, humid conditions")."""
        flips = _flips(frame.text)
        if flips is None:
            return judged
        out = list(judged)
        for i, (text, judgement) in enumerate(zip(evidence, judged, strict=True)):
            if judgement.label != "inconclusive" or judgement.conflicts:
                continue
            lowered = text.lower()
            if flips.search(lowered) is None:
                continue
            prefix = before[i] if before else ""
            findings = [
                f
                for start, end in sentence_spans(text, how=Splitting.QUICK)
                if flips.search(lowered, start, end) is not None
                and names_subject(frame, lowered[start:end])
                and (f := self._swapped(frame, text, start, end, prefix)) is not None
            ]
            if findings:
                out[i] = self._decide_text(findings, i)
        return out

    def _swapped(
        self, claim: Frame, text: str, start: int, end: int, prefix: str
    ) -> _Finding | None:
        sentence = text[start:end]
        turned = swap(claim.text, sentence)
        if turned is None or len(sentence.split()) > _LONGEST_STATEMENT:
            return None
        found = frame_of(sentence)
        if claim.negated != found.negated:
            return None  # "not hot" is "cold" again
        subject = subject_match(claim, found, prefix + text, len(prefix) + start)
        if subject < 2 or not same_item(claim, found):
            return None
        finding = _Finding(start, end, sentence, subject=subject, coverage=1.0)
        features = features_of(
            "swap", subject, True, False, True, 1.0, 1.0, 1, 0.5, False, len(sentence.split())
        )
        # (the conflict stage's guards read it: a heading states nothing)
        _add(
            finding,
            Conflict(
                "swap", "swap", f"{turned[0]} vs {turned[1]}", claim, found, features=features
            ),
        )
        finding.score = 0.5 + 0.25 * (subject / 3)
        return finding

    def conflicts(
        self, claim: str, evidence: Sequence[str], before: Sequence[str] = ()
    ) -> list[tuple[str, dict[str, float]]]:
        """Every single-slot conflict the evidence shows, with its features: what the
        calibration is fitted on (bench/calibrate_frames.py)."""
        frame = frame_of(claim.strip())
        checkable = [s for s in frame.slots if s.value.kind != "name" or s.prep is not None]
        if not checkable and frame.exclusive is None:
            return []
        return [
            (f.sentence, f.conflicts[0].features)
            for findings in self._findings(frame, checkable, evidence, before)
            for f in findings
            if len(f.conflicts) == 1 and not f.mismatches
        ]

    def _findings(
        self,
        frame: Frame,
        checkable: list[Slot],
        evidence: Sequence[str],
        before: Sequence[str] = (),
    ) -> list[list[_Finding]]:
        subject_terms = frozenset(stem(w) for w in frame.subject.split()) | frozenset(
            w for n in frame.subject_names for w in n.split()
        )
        sieve = Sieve.of(frame, checkable, subject_terms)
        prefixes = list(before) or [""] * len(evidence)
        return [
            [
                f
                for start, end in sentence_spans(text, how=Splitting.QUICK)
                if sieve.passes(text[start:end])
                and (f := self._read(frame, checkable, subject_terms, text, start, end, prefix))
                is not None
            ]
            if sieve.may_pass(text)
            else []
            for text, prefix in zip(evidence, prefixes, strict=True)
        ]

    def _verbatim(self, claim: str, frame: Frame, evidence: Sequence[str]) -> list[Judgement]:
        """The heuristic's judgements, on the texts that hold every content word of the
        claim (only those can state it); the others are inconclusive at once."""
        prefixes = [t[:4] for t in frame.terms if not t.startswith("v:")]
        keep = [i for i, text in enumerate(evidence) if all(p in text.lower() for p in prefixes)]
        judged = self.fallback.judge_all(claim, [evidence[i] for i in keep]) if keep else []
        out = [
            Judgement(
                "inconclusive", 0.0, self.name, evidence_index=i, reason="does not state the claim"
            )
            for i in range(len(evidence))
        ]
        for i, judgement in zip(keep, judged, strict=True):
            out[i] = self._without_slots(frame, replace(judgement, evidence_index=i))
        return out

    def _without_slots(self, claim: Frame, judgement: Judgement) -> Judgement:
        """The heuristic's judgement of a claim with no slot, under this judge's name. Its
        support must state every content word of the claim: one swapped word ("induced"
        for "inhibited", "L-ATPase" for "L-SIGN") is all a false claim may differ by."""
        if judgement.label == "supported" and judgement.sentence is not None:
            said = frame_of(judgement.sentence).terms
            if (
                not claim.terms <= said
                or len(judgement.sentence.split()) > _LONGEST_STATEMENT
                or _critical(claim.text) != _critical(judgement.sentence)
                or sides_swapped(claim.text, judgement.sentence) is not None
                or left_behind(claim, judgement.sentence) is not None
                or _names_unsaid(claim, judgement.sentence)
            ):
                missing = ", ".join(
                    sorted(claim.terms - said)[:3] or _names_unsaid(claim, judgement.sentence)
                )
                return replace(
                    judgement,
                    label="inconclusive",
                    confidence=0.0,
                    judge=self.name,
                    reason=f"close to the claim, but does not state: {missing}",
                )
        return replace(judgement, judge=self.name)

    # --- one sentence ------------------------------------------------------------------
    def _read(
        self,
        claim: Frame,
        checkable: list[Slot],
        subject_terms: frozenset[str],
        text: str,
        start: int,
        end: int,
        prefix: str = "",
    ) -> _Finding | None:
        """What one evidence sentence says of the claim: its frame read only when it may
        speak of the claim's subject and has a value to compare; the subject matched;
        each slot confirmed or in conflict; the conflicts' context; a negation; the score."""
        sentence = text[start:end]
        if not worth_reading(claim, checkable, sentence, prefix, text, start):
            return None
        found = frame_of(sentence, _kinds_for(claim, checkable))
        if not found.terms & claim.terms:
            return None
        finding = _first_finding(claim, found, subject_terms, (start, end), sentence)
        words = len(sentence.split())
        # the page before the passage tells whom "it", "she" or "the opera" stands for
        subject = _subject_level(
            claim, found, prefix + text if prefix else text, len(prefix) + start
        )
        finding.subject = subject
        if claim.exclusive is not None:
            self._exclusive(claim, found, finding, words)
        if subject < 3:
            self._agent(claim, sentence, finding, words)
        if subject < 2:
            finding.score = 0.3 * finding.coverage
            return finding if finding.conflicts else None
        for slot in checkable:
            if slot is not claim.exclusive:
                self._compare_slot(claim, slot, found, finding, subject_terms, words)
        _occasions(claim, found, finding, subject_terms)
        _negation(claim, checkable, found, finding, words)
        _settle(claim, checkable, found, finding)
        return finding

    def _compare_slot(
        self,
        claim: Frame,
        slot: Slot,
        found: Frame,
        finding: _Finding,
        subject_terms: frozenset[str],
        words: int,
    ) -> None:
        """One slot of the claim against the sentence: confirmed, a name that answers with
        another one (a mismatch), or the conflict it makes (noted in ``finding``, or among
        its dismissed conflicts when a guard explains it)."""
        same, conflicting, unrelated = self._answers(claim, slot, found, finding, subject_terms)
        if same:
            finding.confirmed.append(value_label(slot.value))
            finding.clauses |= {s.clause for s in same}
        elif unrelated and not conflicting and _clause_said(claim, slot, found):
            finding.mismatches += 1
        elif conflicting:
            _add(finding, _conflict(claim, slot, found, finding, conflicting, words))

    def _answers(
        self,
        claim: Frame,
        slot: Slot,
        found: Frame,
        finding: _Finding,
        subject_terms: frozenset[str],
    ) -> tuple[list[Slot], list[tuple[Slot, float]], bool]:
        """The sentence's values that answer a slot of the claim: the same ones, the
        conflicting ones (with their context's agreement), and whether a name answers with
        an unrelated one."""
        same: list[Slot] = []
        conflicting: list[tuple[Slot, float]] = []
        unrelated = False
        for other in found.slots:
            if not _comparable(slot, other):
                continue
            agreement = _context_agreement(slot, other, subject_terms)
            outcome = compare(slot.value, other.value)
            if slot.value.kind == "direction" and (slot.clause in claim.negations) != (
                other.clause in found.negations
            ):
                continue  # "was not higher" may say "lower": neither agrees nor conflicts
            if not _anchored(slot, other, agreement) and not (
                # "was director of the School between 1909 and 1921" and "from 1909 to
                # 1921 served as director of the School": a value with no relation of
                # its own, the same, in a sentence that says the rest of the claim
                outcome == "same"
                and slot.relation is None
                and finding.coverage >= self.support_coverage
            ):
                continue
            if outcome == "same":
                same.append(other)
            elif outcome == "conflict":
                value = Conflict.of_slot(claim, found, slot, other, subject=finding.subject)
                call = first_call(Stage.VALUE, value)
                if call is None:
                    conflicting.append((other, agreement))
                else:
                    finding.dismissed.append((value, call))
            elif outcome == "unrelated" and slot.value.kind == "name":
                unrelated = True
        return same, conflicting, unrelated

    def _exclusive(self, claim: Frame, found: Frame, finding: _Finding, words: int) -> None:
        """ "X is the only person to ..." against "Y is the only person to ...": the
        subject is the slot. Against "X is the third-highest ..." (X the claim's subject)
        or "X is the first woman to ..." for "the second woman", the rank is."""
        mine = claim.exclusive
        assert mine is not None
        for other in found.slots:
            if other.value.kind != mine.value.kind:
                continue
            ranked = mine.value.kind == "ordinal" or rank(mine.value) != rank(other.value)
            if other.value.key != mine.value.key and mine.value.kind == "exclusive":
                continue
            # what the title is for, not who holds it: the words around it but the subject's
            holders = _holders(found, other)
            title = mine.context - _stems_of(claim.subject) - _stems_of(" ".join(holders))
            agreement = len(title & other.context) / max(1, len(title))
            if agreement < 0.5 or not claim.subject_names:
                continue
            if not holders:
                if finding.subject >= 2 and _rank_of(mine) == _rank_of(other):
                    # "She was the first woman to ...", she being the claim's
                    finding.confirmed.append(f"{mine.value.text} {claim.subject}")
                elif finding.subject >= 2 and ranked:
                    self._rank_conflict(claim, found, finding, mine, other, agreement, words)
                continue
            # entities, not spans: "Jamaican sprinter Usain Bolt" names Usain Bolt
            outcomes = {
                compare(Value("name", 0, 0, a, a), Value("name", 0, 0, b, b)): b
                for a in claim.subject_names
                for b in holders
            }
            if "same" in outcomes:
                if _rank_of(mine) == _rank_of(other):
                    finding.confirmed.append(f"{mine.value.text} {claim.subject}")
                else:
                    self._rank_conflict(claim, found, finding, mine, other, agreement, words)
            elif set(outcomes) == {"conflict"} and _rank_of(mine) == _rank_of(other):
                rival = max(holders, key=len)
                rival = next((v.text for v in values_in(found.text) if v.key == rival), rival)
                features = features_of(
                    "subject",
                    3,
                    True,
                    False,
                    True,
                    agreement,
                    finding.coverage,
                    1,
                    0.5,
                    False,
                    words,
                )
                # "In 2017, Salvator Mundi became the most expensive painting": a record
                features["dated"] = float(dated_value(claim, found, other))
                label = f"{mine.value.text} {claim.subject}"
                conflict = Conflict(
                    "title",
                    "subject",
                    f"{mine.value.text}: {claim.subject} vs {rival}",
                    claim,
                    found,
                    mine,
                    other,
                    features=features,
                    disputes=label,
                )
                _add(finding, conflict)

    def _agent(self, claim: Frame, sentence: str, finding: _Finding, words: int) -> None:
        """ "Tungsten was first isolated by Scheele" against "the Elhuyar brothers isolated
        the metal": the same act in the active voice, its subject another agent. Only when
        the claim says the act was done once ("first", "only"): co-discoverers, co-founders
        and co-authors may each be named alone."""
        agents = [s for s in claim.slots if s.value.kind == "name" and s.prep == "by"]
        if len(agents) != 1 or claim.relation is None:
            return
        agent = agents[0]
        once = re.search(r"\b(?:first|only|sole|solely)\b", claim.text, re.I)
        if not once or agent.relation != claim.relation:
            return
        found = frame_of(sentence)
        if not found.subject_names or claim.relation not in found.terms:
            return
        verb = sentence[found.subject_end :]
        if _PASSIVE.match(verb):
            return  # "was isolated by ...": the other side, compared as a slot
        patient = _stems_of(claim.subject) - {"first", "only"}
        if not patient or not patient & _stems_of(verb):
            return  # the act is not done to the claim's subject
        mine = Value("name", 0, 0, str(agent.value.key), str(agent.value.key))
        outcomes = {compare(mine, Value("name", 0, 0, n, n)) for n in found.subject_names}
        if outcomes != {"conflict"}:
            return
        rival = next(
            (v.text for v in values_in(sentence) if v.key in found.subject_names),
            found.subject_names[0],
        )
        features = features_of(
            "name", 3, True, False, True, 1.0, finding.coverage, 1, 0.5, False, words
        )
        features["dated"] = 0.0
        conflict = Conflict(
            "agent",
            "name",
            f"name {agent.value.text} vs {rival}",
            claim,
            found,
            agent,
            features=features,
            disputes=value_label(agent.value),
        )
        _add(finding, conflict)

    def _rank_conflict(
        self,
        claim: Frame,
        found: Frame,
        finding: _Finding,
        mine: Slot,
        other: Slot,
        agreement: float,
        words: int,
    ) -> None:
        """The claim's subject holds another rank: "the highest" vs "the third-highest",
        "the second woman to ..." vs "the first woman to ..."."""
        features = features_of(
            "ordinal", 3, True, False, True, agreement, finding.coverage, 1, 0.5, False, words
        )
        features["dated"] = float(dated_value(claim, found, other))
        conflict = Conflict(
            "rank",
            "ordinal",
            f"{mine.value.text} vs {other.value.text}",
            claim,
            found,
            mine,
            other,
            features=features,
            disputes=f"{mine.value.text} {claim.subject}",
        )
        _add(finding, conflict)

    # --- one evidence text ---------------------------------------------------------------
    def _decide_text(self, findings: list[_Finding], index: int) -> Judgement:
        """One text's judgement from its sentences' findings: a support, a refutation (one
        conflict no guard explains, confident enough), a conflict for review, a conflict a
        guard dismissed, or the closest sentence; with the sentence that agrees best with
        the claim's values (for corroboration across texts)."""
        supports: list[_Finding] = []
        refutes: list[tuple[_Finding, float, Conflict]] = []
        weak: list[tuple[_Finding, float, Conflict, Call | None]] = []
        for f in findings:
            if len(f.conflicts) == 1 and not f.mismatches:
                conflict = f.conflicts[0]
                p = self.calibration.probability(conflict.features)
                call = first_call(Stage.DEMOTE, conflict)
                if call is not None:
                    p = min(p, _LOOSE_CAP)
                if p >= self.refuted_threshold:
                    refutes.append((f, p, conflict))
                else:
                    weak.append((f, p, conflict, call))
            elif f.conflicts:
                conflict = f.conflicts[0]
                conflict.siblings, conflict.mismatches = len(f.conflicts) - 1, f.mismatches
                call = first_call(Stage.TEXT, conflict)
                if call is not None and call.action is Action.DEMOTE:
                    weak.append((f, _LOOSE_CAP, conflict, call))
                elif call is not None:
                    f.dismissed.append((conflict, call))
            elif self._supports(f):
                supports.append(f)
        agreement = _agreement(findings)
        best_support = max(supports, key=lambda f: (len(f.confirmed), f.score), default=None)
        best_refute = max(refutes, key=lambda r: r[1], default=None)
        if best_support is not None and best_refute is not None:
            f, p, conflict = best_refute
            return self._judgement(
                "inconclusive",
                best_support,
                0.0,
                f"disputed within one text: supported by “{best_support.sentence}” but "
                f"contradicted by “{f.sentence}” ({conflict.label})",
                index,
                conflicts=(conflict.label,),
                agreement=agreement,
            )
        if best_support is not None:
            confidence = min(
                0.97, 0.75 + 0.08 * len(best_support.confirmed) + 0.1 * best_support.coverage
            )
            return self._judgement(
                "supported",
                best_support,
                confidence,
                f"same subject and relation; confirms {', '.join(best_support.confirmed)}",
                index,
                agreement=agreement,
            )
        if best_refute is not None:
            f, p, conflict = best_refute
            return self._judgement(
                "refuted",
                f,
                p,
                f"same subject and relation, conflicting {conflict.label}",
                index,
                conflicts=(conflict.label,),
                agreement=agreement,
                disputes=(conflict.disputes,) if conflict.disputes else (),
            )
        if weak:
            f, p, conflict, call = max(weak, key=lambda w: w[1])
            why = f"; {call.detail}" if call is not None else ""
            return self._judgement(
                "inconclusive",
                f,
                p,
                f"possible conflict ({conflict.label}, confidence {p:.2f}{why}): check it",
                index,
                conflicts=(conflict.label,),
                agreement=agreement,
                guard=call,
            )
        return self._undecided(findings, index, agreement)

    def _supports(self, f: _Finding) -> bool:
        """Every slot confirmed, the claim's subject and relation, and all of the claim's
        other words (one swapped word is all a false claim may differ by)."""
        return (
            f.complete
            and f.relation
            and f.subject >= 2
            and f.coverage >= self.support_coverage
            and f.missing == 0
            and f.terms > 0  # a claim read as all subject (no verb found) says nothing yet
            and len(f.sentence.split()) <= _LONGEST_STATEMENT
            and f.critical
            and sides_swapped(f.claim, f.sentence) is None
        )

    def _undecided(
        self, findings: list[_Finding], index: int, agreement: Agreement | None
    ) -> Judgement:
        """No support and no conflict: a conflict a guard dismissed leads (the verdict says
        which guard), else the closest sentence."""
        dismissed = [(f, c) for f in findings for c in f.dismissed]
        if dismissed:
            f, (conflict, call) = max(dismissed, key=lambda d: d[0].score)
            return self._judgement(
                "inconclusive",
                f,
                0.0,
                f"{call.says()} ({conflict.label})",
                index,
                agreement=agreement,
                guard=call,
            )
        closest = max(findings, key=lambda f: f.score, default=None)
        if closest is None:
            return Judgement(
                "inconclusive",
                0.0,
                self.name,
                evidence_index=index,
                reason="no sentence shares the claim's content",
            )
        return self._judgement(
            "inconclusive",
            closest,
            0.0,
            "no sentence states or contradicts the claim's slots",
            index,
            agreement=agreement,
        )

    def _judgement(
        self,
        label: Label,
        f: _Finding,
        confidence: float,
        reason: str,
        index: int,
        conflicts: tuple[str, ...] = (),
        agreement: Agreement | None = None,
        disputes: tuple[str, ...] = (),
        guard: Call | None = None,
    ) -> Judgement:
        return Judgement(
            label=label,
            confidence=round(min(max(confidence, 0.0), 1.0), 3),
            judge=self.name,
            evidence_index=index,
            start=f.start,
            end=f.end,
            sentence=f.sentence,
            matched=tuple(f.confirmed),
            conflicts=conflicts,
            reason=reason,
            score=f.score,
            agreement=agreement,
            disputes=disputes,
            guard=guard,
        )


def _names_within(found: Frame, claim: Frame) -> bool:
    """The sentence's subject is named with no word the claim's name lacks ("Acme" for "The
    Acme Company"; not "James Lawson" for "Lawson")."""
    if not found.subject_names or not claim.subject_names:
        return True
    mine = {w for n in claim.subject_names for w in n.split()}
    return any(set(n.split()) <= mine for n in found.subject_names)


def _agreed(alignments: list[Alignment]) -> Agreement | None:
    """The sentence that gives the most of the claim's values with its subject and its
    other words said, if any (for corroboration)."""
    best = max(
        (a for a in alignments if a.confirmed and a.said >= 0.75 and a.block is None),
        key=lambda a: (len(a.confirmed), a.said),
        default=None,
    )
    if best is None:
        return None
    return Agreement(best.confirmed, best.start, best.end, best.sentence)


def _agreement(findings: list[_Finding]) -> Agreement | None:
    """The sentence that gives the most of the claim's values in its frame (the claim's
    subject, each value anchored to the claim's relation), if any."""
    best = max(
        (f for f in findings if f.confirmed and f.subject >= 2),
        key=lambda f: (len(f.confirmed), f.score),
        default=None,
    )
    if best is None:
        return None
    return Agreement(tuple(best.confirmed), best.start, best.end, best.sentence)
