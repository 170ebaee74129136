from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import re

from markupsafe import escape

from tests.report.test_exports import report as louvre_report
from verifier.config import Settings
from verifier.pipeline import check
from verifier.render import report_html
from verifier.runtime import Runtime
from verifier.schema import CheckRequest, Report
from verifier.snapshots import MemorySnapshotStore
from verifier.web.extract import Extractor

XSS = (
    'Hello <script>window.__pwned = 1</script> and <img src=x onerror="window.__pwned = 2"> '
    '" onmouseover="window.__pwned=3" </script><script>alert(1)</script> & done.'
)


def plain_report(settings: Settings, extractor: Extractor, response: str) -> Report:
    rt = Runtime(settings, [], None, extractor, MemorySnapshotStore())  # type: ignore[arg-type]
    return asyncio.run(check(CheckRequest(response), rt))


def test_untrusted_text_is_escaped(settings: Settings, extractor: Extractor) -> None:
    html = report_html(plain_report(settings, extractor, XSS))
    assert "<script>window.__pwned" not in html
    assert "<img src=x" not in html
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in html
    # only the page's own two script elements, and the data one cannot close early
    assert len(re.findall(r"<script", html)) == 2
    data = html.split('<script type="application/json" id="page-data">')[1].split("</script>")[0]
    assert "<" not in data


def test_csp_allows_exactly_the_pages_script(settings: Settings, extractor: Extractor) -> None:
    html = report_html(plain_report(settings, extractor, "The Louvre opened in 1793."))
    script = html.split("<script>")[1].split("</script>")[0]
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in html
    assert "unsafe-inline'; img" not in html.split("script-src")[1][:80]


def test_highlights_and_data_match_the_report(settings: Settings, extractor: Extractor) -> None:
    r = louvre_report(settings, extractor)
    html = report_html(r)
    matches = {
        int(i) for group in re.findall(r'data-match="([\d ]+)"', html) for i in group.split()
    }
    assert matches == set(range(len(r.plagiarism.matches)))
    claims = {c for group in re.findall(r'data-claim="([\w ]+)"', html) for c in group.split()}
    assert claims >= {c.id for c in r.claims if c.check_worthy and c.verdict}
    data = json.loads(html.split('id="page-data">')[1].split("</script>")[0])
    counted = {
        i for m in data["matches"] if m["counted"] for i in range(m["word_start"], m["word_end"])
    }
    assert round(len(counted) / data["response_words"], 4) == r.plagiarism.copied_share
    assert "Rated 3" in html


def test_an_incomplete_report_says_so_at_the_top(settings: Settings, extractor: Extractor) -> None:
    r = plain_report(
        settings, extractor, "Marie Curie was born in Warsaw in 1867 and won two prizes."
    )
    assert r.status == "incomplete"
    html = report_html(r)
    banner = html.split('id="incomplete"')[1].split("</div>")[0]
    assert "Incomplete report" in banner
    assert "facts not checked" in banner
    assert "claim-unchecked" in html  # the claims are marked unchecked, not inconclusive
    assert "benefit of the doubt</div>" not in html


def test_a_conflict_is_shown_on_the_page_and_in_text(
    settings: Settings, extractor: Extractor
) -> None:
    from verifier.render import report_text
    from verifier.schema import SearchHit
    from verifier.testing import MemoryFetcher, StaticSearch

    page = b"In 1903 Marie Curie shared the Nobel Prize in Physics with Pierre Curie."
    search = StaticSearch(default=[SearchHit("https://example.com/curie", "Curie", "", 1)])
    fetcher = MemoryFetcher({"https://example.com/curie": ("text/plain", page)})
    rt = Runtime(settings, [search], fetcher, extractor, MemorySnapshotStore())
    report = asyncio.run(check(CheckRequest("Marie Curie won the Nobel Prize in 1911."), rt))
    verdict = report.claims[0].verdict
    assert verdict is not None
    assert verdict.label == "inconclusive"  # another prize year: too uncertain to refute
    assert verdict.quotes[0].stance == "conflicts"
    assert [r.claim_id for r in report.truthfulness.conflicts] == ["c1"]
    assert report.rubric is not None
    review = next(r for r in report.rubric.needs_review if r.check == "possible_false_facts")
    assert review.evidence[0]["quote_start"] is not None
    html = report_html(report)
    assert "conflict: year 1911 vs 1903" in html
    assert "claim-conflict" in html
    assert "POSSIBLE FALSE FACT" in report_text(report)


def test_a_figure_no_source_gives_is_put_before_the_rater_never_counted(
    settings: Settings, extractor: Extractor
) -> None:
    from verifier.render import report_text
    from verifier.schema import SearchHit
    from verifier.testing import MemoryFetcher, StaticSearch

    pages = {
        "https://example.com/orva": b"The Orva river rises in the Kessel hills and flows east "
        b"through farmland to the sea.",
        "https://example.com/towns": b"Lenz and Tamar grew up as mill towns on the Orva river.",
    }
    search = StaticSearch(default=[SearchHit(url, "Orva", "", n) for n, url in enumerate(pages)])
    fetcher = MemoryFetcher({url: ("text/plain", body) for url, body in pages.items()})
    rt = Runtime(settings, [search], fetcher, extractor, MemorySnapshotStore())
    report = asyncio.run(check(CheckRequest("The Orva river is 412 kilometres long."), rt))
    verdict = report.claims[0].verdict
    assert verdict is not None
    assert verdict.label == "inconclusive"
    assert [(q.stance, q.conflicts) for q in verdict.quotes] == [
        ("closest", ["number 412 kilometres"])
    ]
    assert not report.truthfulness.false_information
    assert report.truthfulness.conflicts == []
    assert [r.claim_id for r in report.truthfulness.review] == ["c1"]
    assert report.rubric is not None
    assert report.rubric.needs_review[0].check == "check_this"
    assert "no source found gives its number 412 kilometres" in report_html(report)
    text = report_text(report)
    assert "CHECK THIS (1)" in text
    assert "unsourced?" in text


def test_edited_copies_are_shown_by_tier_side_by_side_with_changes_marked(
    settings: Settings, extractor: Extractor
) -> None:
    from tests.plagiarism.test_fuzzy import CFG, HEAVY, ONE_PARAPHRASE, SOURCE
    from verifier.plagiarism.detect import detect
    from verifier.render import report_text

    response = f"{HEAVY}\n\nAn aside. {ONE_PARAPHRASE}"
    r = plain_report(settings, extractor, response)
    r.plagiarism = detect(response, "", [SOURCE], CFG)
    kinds = [(m.kind, m.counted) for m in r.plagiarism.matches]
    # the heavy revision's two pieces (its aside is no part of it), the lone paraphrase
    assert kinds == [("heavy_revision", True)] * 2 + [("heavy_revision", False)]
    html = report_html(r)
    assert 'class="copy heavy-revision src-0"' in html
    assert 'class="copy uncounted src-0"' in html
    assert '<mark class="chg">' in html  # the words the revision changed, both sides
    assert "similarity share" in html
    assert f"plagiarized: {escape(r.plagiarism.reason)}" in html  # as the page escapes it
    text = report_text(r, details=True)  # the why unwrapped, in the details
    assert "heavy revision, " in text
    assert f"why: {r.plagiarism.reason}" in text


def test_marked_changes_cover_every_character() -> None:
    from verifier.render.html import marked_changes

    a = "She won the Nobel Prize in Physics in 1905, sharing it with Pierre."
    b = "In 1903 she shared the Nobel Prize in Physics with Pierre Curie."
    left, right = marked_changes(a, b)
    assert "".join(t for t, _ in left) == a
    assert "".join(t for t, _ in right) == b
    assert [t for t, changed in left if changed] == ["won", "in", "1905", "sharing", "it"]
    assert [t for t, changed in right if changed] == ["In", "1903", "shared", "Curie"]


def test_a_passage_over_two_paragraphs_leaves_the_blank_line_unmarked(
    settings: Settings, extractor: Extractor
) -> None:
    from verifier.plagiarism.detect import SourceText, detect

    first = (
        "Marie Curie was born Maria Salomea Skłodowska in Warsaw on 7 November 1867 and "
        "moved to Paris in 1891 to study physics and mathematics at the Sorbonne."
    )
    second = (
        "Working together, Marie and Pierre Curie announced the discovery of two new "
        "chemical elements in 1898, polonium and radium, and coined the word radioactivity."
    )
    response = f"{first}\n\n{second}"
    r = plain_report(settings, extractor, response)
    source = SourceText("https://example.com/curie", "Curie", "sha256:s", f"{first} {second}")
    r.plagiarism = detect(response, "", [source], settings.plagiarism)
    assert any("\n\n" in m.response_text for m in r.plagiarism.matches)  # over the break
    div = report_html(r).split('<div id="response"')[1].split("</div>")[0]
    marked = re.findall(r"<span class=\"[^\"]*copy[^\"]*\"[^>]*>(.*?)</span>", div, re.DOTALL)
    assert marked
    assert not [text for text in marked if "\n" in text]
    assert f"{first[-12:]}</span>\n\n<span" in div  # the blank line itself is unmarked


def test_claims_are_listed_as_plain_text(settings: Settings, extractor: Extractor) -> None:
    from verifier.render import report_text

    response = "**Marie Curie** was born in *Warsaw* in 1867. She moved to `Paris` in 1891."
    r = plain_report(settings, extractor, response)
    assert "**Marie Curie**" in r.claims[0].text  # the report keeps the response's words
    html = report_html(r)
    table = html.split('<tr data-claim="c1">')[1].split("</td>")[0]
    assert "Marie Curie was born in Warsaw in 1867." in table
    text = report_text(r)
    assert "Marie Curie was born in Warsaw in 1867." in text
    assert "**" not in text
    assert "`" not in text


def test_spelling_hits_are_named_highlighted_and_listed(
    settings: Settings, extractor: Extractor
) -> None:
    from verifier.render import report_text

    text = "The mafic lava shows that the wrold is round, in the 1960s and the 1970s."
    report = plain_report(settings, extractor, text)
    html = report_html(report)
    # highlighted in the response, the cap and review apart, each with the word meant
    marked = {
        (m.group(3), m.group(1)): m.group(2)
        for m in re.finditer(
            r'<span class="[^"]*\b(spell-error|spell-review)\b[^"]*"[^>]*data-tip="([^"]*)"[^>]*>'
            r"([^<]*)</span>",
            html,
        )
    }
    assert "misspelled: “wrold” → “world”" in marked["wrold", "spell-error"]
    assert "check the spelling: “mafic” → “magic”" in marked["mafic", "spell-review"]
    assert len(marked) == 2
    # listed in full in the header
    listed = html.split('id="spelling-hits">')[1].split("</ul>")[0]
    assert "“wrold”</strong> → “world”" in listed
    assert "“mafic”</strong> → “magic”" in listed
    assert "“s”" not in listed  # "1960s" is no word
    # named in the text output
    out = report_text(report)
    assert "'wrold' -> 'world'" in out
    assert "'mafic' -> 'magic'" in out


def test_the_copied_card_counts_the_sources_the_page_lists(
    settings: Settings, extractor: Extractor
) -> None:
    data = louvre_report(settings, extractor).to_dict()
    plagiarism = data["plagiarism"]
    # every match too little evidence to count: no counted source, one listed
    plagiarism["matches"] = [
        {**m, "counted": False, "exemption": None, "shortfall": "short (under 11 words)"}
        for m in plagiarism["matches"]
    ]
    plagiarism.update(sources=[], copied_share=0.0, copied_words=0, verdict="original")
    html = report_html(Report.from_dict(data))
    card = html.split('<div class="muted">Copied</div>')[1].split("</div>\n    </div>")[0]
    listed = html.split('<ol id="sources">')[1].split("</ol>")[0].count("<li data-source=")
    assert listed == 1
    assert "copied from 0 source(s); 1 more with passages that do not count" in card


def test_every_source_toggle_is_labelled_with_its_source(
    settings: Settings, extractor: Extractor
) -> None:
    html = report_html(louvre_report(settings, extractor))
    labels = re.findall(
        r'<label title="([^"]*)"><input type="checkbox" class="source-toggle"[^>]*>(.*?)</label>',
        html,
    )
    assert labels
    for url, inner in labels:
        text = re.sub(r"<[^>]+>|&nbsp;", " ", inner)
        assert "count source 1" in " ".join(text.split())
        assert "example.com" in text  # the source (its title, else its host), not only a number
        assert url.startswith("https://")


def test_advice_without_a_disclaimer_is_highlighted_in_the_response(
    settings: Settings, extractor: Extractor
) -> None:
    advice = "Take 800 mg of ibuprofen every four hours for the knee pain."
    r = plain_report(settings, extractor, f"Sorry to hear that. {advice}")
    assert r.rubric is not None
    assert "advice_without_disclaimer" in [a.rule for a in r.rubric.applied]
    html = report_html(r)
    marked = re.findall(
        r'<span class="finding advice"[^>]*data-tip="([^"]*)"[^>]*>([^<]*)</span>', html
    )
    assert "".join(text for _tip, text in marked) == str(escape(advice))
    assert all(tip.startswith("advice without a disclaimer (caps at 3)") for tip, _text in marked)


def test_the_cards_count_claims_really_checked_and_name_rules_in_words(
    settings: Settings, extractor: Extractor
) -> None:
    from verifier.render.text import claim_counts

    report = plain_report(
        settings, extractor, "Marie Curie was born in Warsaw in 1867. The wrold is round."
    )
    html = report_html(report)
    card = html.split('id="claim-counts">')[1].split("</div>")[0]
    assert card == "Claims: " + str(escape(claim_counts(report)))
    assert " 0 checked, " in card
    assert " unchecked (" in card
    score = html.split('id="score-card">')[1].split("</div>\n    </div>")[0]
    assert "spelling or grammar error" in score
    assert "spelling_grammar" not in score
