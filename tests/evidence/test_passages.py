from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.evidence.passages import PageHit, _Pool, passage_spans, rank_passages
from verifier.schema import Evidence
from verifier.text.spans import content_terms


def cand(quote: str, url: str = "http://a", start: int = 0) -> Evidence:
    return Evidence(
        quote, url, "T", "sha256:x" + url, start, start + len(quote), 0.0, "q", "b", None
    )


def test_passages_pack_sentences_within_a_paragraph() -> None:
    text = "One two. Three four.\nFive six seven. Eight.\n\n" + "Long sentence " * 50 + "end."
    spans = passage_spans(text, max_chars=120)
    assert [text[s:e] for s, e in spans[:2]] == ["One two. Three four.", "Five six seven. Eight."]
    assert all(e - s <= 120 for s, e in spans)
    assert text[spans[-1][0] : spans[-1][1]].endswith("end.")


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("ab .!?\n\r😀é")), max_size=400), st.integers(100, 300)
)
def test_passages_slice_in_order_without_overlap(text: str, max_chars: int) -> None:
    last = 0
    for start, end in passage_spans(text, max_chars):
        assert last <= start < end <= len(text)
        assert end - start <= max_chars
        assert "\n" not in text[start:end]
        assert "\r" not in text[start:end]
        last = end


def test_ranking_prefers_the_passage_that_states_the_claim() -> None:
    claim = "The Eiffel Tower was completed in 1889 in Paris."
    best = cand(
        "The Eiffel Tower in Paris was completed in 1889 for the World's Fair.", "http://good"
    )
    other = cand("The Louvre is a museum in Paris with many paintings.", "http://other")
    unrelated = cand("Bananas are rich in potassium.", "http://no")
    ranked = rank_passages(claim, [other, unrelated, best], k=5)
    assert [e.url for e in ranked] == ["http://good", "http://other"]
    assert 0 < ranked[1].score < ranked[0].score <= 1


def test_ranking_dedupes_and_limits() -> None:
    same = cand("Paris is the capital of France.")
    ranked = rank_passages(
        "Paris is the capital of France", [same, same, cand("France and Paris.", start=50)], k=1
    )
    assert len(ranked) == 1


def test_ranking_without_content_words() -> None:
    assert rank_passages("It is what it is.", [cand("Anything here.")]) == []
    assert rank_passages("Paris", []) == []


def _reference_rank(claim: str, candidates: list[Evidence], k: int) -> list[Evidence]:
    """The ranking spelled out with no shortcut: every passage scored, sorted, cut."""
    import math
    from collections import Counter
    from dataclasses import replace

    from rapidfuzz import fuzz

    from verifier.text.spans import content_terms

    terms = content_terms(claim)
    unique: dict[tuple[str, int, int], Evidence] = {}
    for cand in candidates:
        unique.setdefault((cand.snapshot_id, cand.start, cand.end), cand)
    pool = list(unique.values())
    docs = [content_terms(c.quote) for c in pool]
    n, avg = len(docs), sum(len(d) for d in docs) / len(docs) or 1.0
    df: Counter[str] = Counter()
    for doc in docs:
        df.update(set(doc))
    bm25 = []
    for doc in docs:
        tf, score = Counter(doc), 0.0
        for term in set(terms):
            if term in tf:
                idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
                f = tf[term]
                score += idf * f * 2.5 / (f + 1.5 * (0.25 + 0.75 * len(doc) / avg))
        bm25.append(score)
    top, wanted, out = max(bm25) or 1.0, set(terms), []
    for cand, doc, raw in zip(pool, docs, bm25, strict=True):
        coverage = len(wanted & set(doc)) / len(wanted)
        if coverage:
            sim = fuzz.token_set_ratio(claim, cand.quote, processor=str.casefold) / 100
            out.append(
                replace(cand, score=round(0.5 * (raw / top) + 0.3 * coverage + 0.2 * sim, 4))
            )
    out.sort(key=lambda ev: (-ev.score, ev.url, ev.start))
    return out[:k]


def test_ranking_equals_scoring_every_passage() -> None:
    import random

    rng = random.Random(7)
    words = "tower paris built iron eiffel gustave metres tall visitors year opened city".split()
    claim = "The Eiffel Tower in Paris was built in 1889 and is 330 metres tall."
    candidates = []
    for n in range(300):
        quote = " ".join(rng.choice(words) for _ in range(rng.randint(3, 25))) + "."
        candidates.append(
            Evidence(
                quote=quote,
                url=f"https://example.com/{n % 17}",
                title="t",
                snapshot_id=f"sha256:{n % 17}",
                start=n,
                end=n + len(quote),
                score=0.0,
                query="q",
                backend="b",
                search_snapshot_id=None,
            )
        )
    for k in (1, 5, 12):
        assert rank_passages(claim, candidates, k) == _reference_rank(claim, candidates, k)


def test_candidates_rank_as_evidence_does() -> None:
    from verifier.evidence.passages import Candidate

    quotes = ["Paris is the capital of France.", "The Eiffel Tower is in Paris.", "Nothing."]
    common = {"url": "https://e.org", "title": "t", "snapshot_id": "sha256:e", "query": "q"}
    evidence = [
        Evidence(
            quote=q,
            start=n,
            end=n + len(q),
            score=0.0,
            backend="b",
            search_snapshot_id=None,
            **common,
        )
        for n, q in enumerate(quotes)
    ]
    candidates = [
        Candidate(q, common["url"], "t", "sha256:e", n, n + len(q), "q", "b", None)
        for n, q in enumerate(quotes)
    ]
    claim = "The Eiffel Tower stands in Paris."
    assert rank_passages(claim, candidates) == rank_passages(claim, evidence)


_WORDS = st.sampled_from([f"w{k}" for k in range(30)])


def _pages(texts: list[str]) -> list[PageHit]:
    return [
        PageHit(
            text,
            tuple(passage_spans(text, 60)),
            f"https://p{n % 3}.org",
            "t",
            f"sha256:{n}",
            "q",
            "b",
            None,
        )
        for n, text in enumerate(texts)
    ]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(_WORDS, min_size=1, max_size=30),
    st.lists(
        st.lists(st.lists(_WORDS, min_size=1, max_size=12), min_size=1, max_size=6),
        min_size=1,
        max_size=6,
    ),
    st.integers(1, 8),
)
def test_whole_pages_rank_as_their_passages_one_by_one(
    claim_words: list[str], pages: list[list[list[str]]], k: int
) -> None:
    """A page found as one PageHit ranks to the last bit as its passages given one by one,
    and as every passage scored in full; so does the same page met again under another
    address, or after some of its passages."""
    hits = _pages([" ".join(" ".join(s) + "." for s in page) for page in pages])
    hits.append(hits[0]._replace(url="https://again.org"))
    claim = " ".join(claim_words)
    passages = [c for h in hits for c in h.candidates()]
    ranked = rank_passages(claim, hits, k)
    assert ranked == rank_passages(claim, passages, k)
    assert ranked == rank_passages(claim, [*passages[:2], *hits], k)
    unscored = [Evidence(**c._asdict(), score=0.0) for c in passages]
    assert ranked == _reference_rank(claim, unscored, k)


class _Lookups(Counter[str]):
    """A passage's terms that count how often a term is looked up in them."""

    looked = 0

    def get(self, key: str, default: int | None = None) -> int | None:  # type: ignore[override]
        _Lookups.looked += 1
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        _Lookups.looked += 1
        return super().__contains__(key)


def _lookups(claim_words: int) -> int:
    claim = " ".join(f"term{k}" for k in range(claim_words))
    passages = [cand(f"term{k} term{k + 1} other{k} words{k}", start=k) for k in range(50)]
    docs = [_Lookups(content_terms(p.quote)) for p in passages]
    terms = content_terms(claim)
    wanted = list(set(terms))
    pool = _Pool(wanted, {t: n for n, t in enumerate(wanted)})
    _Lookups.looked = 0
    for p, tf in zip(passages, docs, strict=True):
        pool.add_passage(p, p.start, p.end, tf, tf.total())
    return _Lookups.looked


def test_a_long_claim_costs_the_passages_length_not_its_own() -> None:
    """A "claim" of thousands of words (text without sentence punctuation) against short
    passages: the terms looked up per passage are bounded by the passage, not the claim."""
    small, large = _lookups(500), _lookups(2000)
    assert large == small
    assert small <= 50 * 4  # each passage's four terms at most


def test_pages_with_no_passage_or_none_of_the_claims_terms_rank_nothing() -> None:
    empty = PageHit("", (), "https://e.org", "t", "sha256:e", "q", "b", None)
    assert rank_passages("Paris is the capital of France.", [empty]) == []
    text = "Nothing relevant here."
    other = PageHit(text, ((0, len(text)),), "https://o.org", "t", "sha256:o", "q", "b", None)
    assert rank_passages("Paris is the capital of France.", [other, empty]) == []
