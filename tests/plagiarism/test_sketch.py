from __future__ import annotations

import numpy as np
from datasketch import MinHash

from verifier.plagiarism.sketch import (
    SKETCH_PARAMS,
    SketchIndex,
    _minhash_kwargs,
    shingle_hashes,
    shingles,
    sketch_many,
)

PASSAGES = [
    "The Bell Rock Lighthouse stands on a reef eleven miles off the coast of Angus in Scotland.",
    "Tardigrades are microscopic animals about half a millimetre long that live in moss and soil.",
    "A sourdough starter is a mixture of flour and water colonised by wild yeasts and bacteria.",
    "",
]


def index() -> SketchIndex:
    return SketchIndex(np.arange(10, 10 + len(PASSAGES)), sketch_many(PASSAGES))


def test_shingles_skip_stopword_only_grams() -> None:
    assert shingles("it is one of the best in the world") == [
        b"is one of the best",
        b"one of the best in",
        b"of the best in the",
        b"the best in the world",
    ]
    assert shingles("of the and in to") == []
    assert shingles("too short") == []


def test_a_copied_passage_is_found_with_high_containment() -> None:
    response = "Intro text here. " + PASSAGES[1] + " And then something else entirely different."
    [best, *_] = index().query(response)
    assert best.passage_id == 11
    assert best.containment > 0.9
    assert best.hits == round(best.containment * SKETCH_PARAMS["num_perm"])


def test_a_partly_copied_passage_scores_its_share() -> None:
    half = "a reef eleven miles off the coast of Angus in Scotland"
    found = {c.passage_id: c for c in index().query(f"They built it on {half}, people say.")}
    assert 10 in found
    assert 0.2 < found[10].containment < 0.9


def test_unrelated_text_finds_nothing_and_empty_passages_never_match() -> None:
    assert (
        index().query("Completely unrelated words about trains and railway timetables in Peru.")
        == []
    )
    assert all(c.passage_id != 13 for c in index().query(" ".join(PASSAGES)))


def test_sketches_are_stable_across_calls() -> None:
    assert np.array_equal(sketch_many(PASSAGES), sketch_many(PASSAGES))
    assert sketch_many(PASSAGES).dtype == np.uint32


def test_vectorised_shingle_hashes_equal_datasketch_minhash() -> None:
    # the lookup hashes each shingle itself; it must agree with the sketches datasketch
    # makes at indexing time, bit for bit
    text = "Radium was discovered by Marie and Pierre Curie in 1898 in Paris, France."
    expected = np.vstack(
        [m.hashvalues for m in MinHash.bulk([[g] for g in shingles(text)], **_minhash_kwargs())]
    ).astype(np.uint32)
    assert np.array_equal(shingle_hashes(text), expected)


def test_sketches_equal_datasketch_minhash_bulk() -> None:
    # the sketches are written out with numpy (importing datasketch imports scipy); they
    # must stay datasketch's, bit for bit, or stored indexes would stop matching
    texts = [*PASSAGES, "Radium was discovered by Marie and Pierre Curie in 1898 in Paris."]
    sets = [shingles(t) for t in texts]
    filled = [i for i, s in enumerate(sets) if s]
    expected = np.vstack(
        [m.hashvalues for m in MinHash.bulk([sets[i] for i in filled], **_minhash_kwargs())]
    ).astype(np.uint32)
    got = sketch_many(texts)
    assert np.array_equal(got[filled], expected)
    assert (got[[i for i in range(len(texts)) if i not in filled]] == np.uint32(2**32 - 1)).all()
