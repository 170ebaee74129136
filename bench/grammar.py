"""Benchmark: the part of the grammar check that is ours, through the product's own path.

No LanguageTool server can run on the machine this was written on (it is not packaged in
Debian or on PyPI, and its download site is out of reach), so nothing here measures
LanguageTool's own precision or recall. What is measured is everything verifier does with
a LanguageTool answer: the client reading ``/v2/check`` JSON, the placement of matches, the
spelling check's exclusions, the category mapping and the caps. A loopback server answers
in LanguageTool's documented JSON (``verifier.testing.languagetool_app``) with matches this
script writes:

1. Clean prose (``docs/*.md`` and ``README.md``): the worst checker, which flags every
   word as a GRAMMAR error. The share of those flags that the exclusions drop (code,
   URLs, e-mail, identifiers, names, quoted text, headings and table rows) is the share of
   a real checker's false alarms on such text that can never cap a score; the rest are
   prose, where only LanguageTool's own precision decides.
2. Planted errors: 24 sentences, each with one error of a kind LanguageTool has a rule for
   (agreement, a/an, confused words, punctuation, verb forms), answered with a match under
   the rule id and category LanguageTool uses for that kind. Recall is the share that caps
   the score at 3 (that is, LanguageTool's recall times this one). The same errors inside
   inline code and quotation marks must not count.
3. The answer of a real LanguageTool 5.5 server recorded in its documentation's example
   (``tests/grammar/recorded.py``): what each match becomes.

Run: ``python bench/grammar.py``. Prints tables and a summary line.
"""

from __future__ import annotations

import asyncio
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestServer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.config import GrammarSettings  # noqa: E402
from verifier.grammar.classify import grammar_of  # noqa: E402
from verifier.grammar.languagetool import LanguageToolClient, parse_check  # noqa: E402
from verifier.rubric.scorer import score  # noqa: E402
from verifier.system.deadline import Deadline  # noqa: E402
from verifier.testing import languagetool_app, lt_match  # noqa: E402

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")

# (sentence, the erroneous words, rule id, category): the rule ids and categories are
# LanguageTool's English ones for these kinds of error, as its answers name them.
PLANTED: list[tuple[str, str, str, str]] = [
    (
        "The results of the study was published last year.",
        "was",
        "SUBJECT_VERB_AGREEMENT",
        "GRAMMAR",
    ),
    ("He go to the office every morning.", "go", "HE_VERB_AGR", "GRAMMAR"),
    ("She don't like the new policy.", "don't", "HE_VERB_AGR", "GRAMMAR"),
    ("This are the best options we have.", "This are", "THIS_NNS", "GRAMMAR"),
    ("The data shows an clear trend.", "an", "EN_A_VS_AN", "MISC"),
    ("It took a hour to finish.", "a", "EN_A_VS_AN", "MISC"),
    ("The company lost it's biggest client.", "it's", "IT_IS", "CONFUSED_WORDS"),
    ("Their going to announce the results tomorrow.", "Their", "THEIR_IS", "CONFUSED_WORDS"),
    ("The effect of the change was larger then expected.", "then", "THAN_THEN", "CONFUSED_WORDS"),
    ("You should of called earlier.", "should of", "SHOULD_OF", "GRAMMAR"),
    ("I could care less about the outcome.", "could care less", "COULD_CARE_LESS", "GRAMMAR"),
    ("He has went to the store.", "went", "HAVE_PART_AGREEMENT", "GRAMMAR"),
    ("We was told to wait outside.", "was", "PRP_PAST_PART", "GRAMMAR"),
    ("There is many reasons to be careful.", "is", "THERE_S_MANY", "GRAMMAR"),
    ("Me and him went to the meeting.", "Me and him", "ME_AND", "GRAMMAR"),
    (
        "The team have finished their work , and left.",
        " ,",
        "COMMA_PARENTHESIS_WHITESPACE",
        "PUNCTUATION",
    ),
    (
        "However the plan failed.",
        "However",
        "SENT_START_CONJUNCTIVE_LINKING_ADVERB_COMMA",
        "PUNCTUATION",
    ),
    (
        "The report which was late , caused delays.",
        " ,",
        "COMMA_PARENTHESIS_WHITESPACE",
        "PUNCTUATION",
    ),
    ("She is more taller than her brother.", "more taller", "MORE_COMPARATIVE", "GRAMMAR"),
    ("Less people came than expected.", "Less", "LESS_COMPARATIVE", "GRAMMAR"),
    ("The informations are in the appendix.", "informations", "INFORMATIONS", "GRAMMAR"),
    ("He did not knew the answer.", "knew", "DID_PAST", "GRAMMAR"),
    ("Its a good idea to back up your files.", "Its", "IT_IS", "CONFUSED_WORDS"),
    ("Each of the students have a laptop.", "have", "EACH_EVERY_NNS", "GRAMMAR"),
]


def prose_files() -> list[Path]:
    return [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]


async def run(text: str, matches_for: Any, prompt: str = "") -> Any:
    """The product's path: the client against the loopback server, then classification."""
    server = TestServer(languagetool_app(lambda t, lang: matches_for(t)))
    await server.start_server()
    settings = GrammarSettings(backend="languagetool", base_url=str(server.make_url("/")))
    client = LanguageToolClient(settings)
    try:
        checked = await client.check(text, deadline=Deadline.after(120))
    finally:
        await client.aclose()
        await server.close()
    return grammar_of(text, prompt, checked, settings)


def every_word(text: str) -> list[dict[str, Any]]:
    return [
        lt_match(text, m.group(), rule_id="EVERYTHING_RULE", category="GRAMMAR", start=m.start())
        for m in WORD.finditer(text)
    ]


def planted_match(text: str, wrong: str, rule: str, category: str) -> list[dict[str, Any]]:
    """The match on the erroneous words (as whole words where they are words)."""
    found = re.search(rf"(?<!\w){re.escape(wrong)}(?!\w)", text)
    start = found.start() if found else text.index(wrong)
    return [lt_match(text, wrong, rule_id=rule, category=category, start=start)]


async def clean_prose() -> tuple[int, int, Counter[str]]:
    flags = dropped = 0
    why: Counter[str] = Counter()
    rows = []
    for path in prose_files():
        text = path.read_text(encoding="utf-8")
        g = await run(text, every_word)
        n = len(g.matches)
        d = [m for m in g.matches if m.severity == "excluded"]
        flags, dropped = flags + n, dropped + len(d)
        for m in d:
            why[re.sub(r"'[^']*'", "'…'", m.reason).split(" (")[0]] += 1
        rows.append((path.relative_to(ROOT), n, len(d)))
    print("1. Clean prose: a checker that flags every word as a GRAMMAR error")
    print(f"{'file':<28}{'flags':>8}{'dropped':>9}{'share':>8}")
    for name, n, d in rows:
        print(f"{name!s:<28}{n:>8}{d:>9}{d / n:>8.1%}")
    print(f"{'all':<28}{flags:>8}{dropped:>9}{dropped / flags:>8.1%}")
    print("   dropped because:", ", ".join(f"{k} {v}" for k, v in why.most_common(8)))
    return flags, dropped, why


async def planted() -> tuple[int, int, int, int]:
    counted = inside_counted = 0
    print("\n2. Planted errors (LanguageTool's rule ids and categories for each kind)")
    for sentence, wrong, rule, category in PLANTED:
        text = f"Here is the summary you asked for. {sentence} Let me know if you need more."
        g = await run(text, lambda t, w=wrong, r=rule, c=category: planted_match(t, w, r, c))
        r = score(text, grammar=g)
        hit = r.max_score == 3 and g.errors == 1
        counted += hit
        if not hit:
            print(f"   missed: {sentence!r}: {g.matches[0].severity} ({g.matches[0].reason})")
        for wrapped in (f"Run `{sentence}` as it is.", f'The sign read "{sentence}" in red.'):
            g2 = await run(
                wrapped,
                lambda t, w=wrong, r=rule, c=category: planted_match(t, w, r, c),
            )
            inside_counted += g2.errors
    n = len(PLANTED)
    print(f"   counted as errors (cap at 3): {counted} of {n} ({counted / n:.0%})")
    print(
        f"   the same errors in inline code or quotation marks counted: {inside_counted} of {2 * n}"
    )
    return counted, n, inside_counted, 2 * n


def recorded() -> None:
    from tests.grammar.recorded import SPELLING_EXAMPLE, SPELLING_TEXT

    settings = GrammarSettings(backend="languagetool", base_url="http://127.0.0.1:8081")
    checked = parse_check(SPELLING_EXAMPLE, SPELLING_TEXT, where=settings.base_url)
    g = grammar_of(SPELLING_TEXT, "", checked, settings)
    r = score(SPELLING_TEXT, grammar=g)
    print("\n3. LanguageTool 5.5's documented answer for", repr(SPELLING_TEXT))
    for m in g.matches:
        print(f"   {m.text!r:<12} {m.rule_id:<24} {m.severity:<9} {m.reason}")
    spelled = next(a for a in r.applied if a.rule == "spelling_grammar")
    print(f"   the spelling check's own cap: {spelled.why}; score at most {r.max_score}")


async def main() -> None:
    flags, dropped, _why = await clean_prose()
    counted, n, inside, inside_n = await planted()
    recorded()
    print(
        f"\nsummary: clean docs: {dropped}/{flags} worst-case flags dropped by the exclusions "
        f"({dropped / flags:.1%}), {flags - dropped} left in prose for LanguageTool's precision; "
        f"planted errors counted {counted}/{n}; inside code or quotes counted {inside}/{inside_n}; "
        "LanguageTool itself not measured (no server here)"
    )


if __name__ == "__main__":
    asyncio.run(main())
