from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from verifier.errors import CorpusError
from verifier.search.corpus import CorpusBackend, CorpusIndex, build_index
from verifier.system.deadline import Deadline
from verifier.web.extract import Extractor

HTML = (
    "<html><head><title>Radium facts</title></head><body><article><h1>Radium</h1>"
    "<p>Radium is a chemical element with the symbol Ra and atomic number 88. It was discovered "
    "by Marie and Pierre Curie in 1898 in Paris, and all of its isotopes are radioactive.</p>"
    "</article></body></html>"
)


def make_corpus(root: Path) -> Path:
    root.mkdir()
    (root / "radium.html").write_text(HTML)
    (root / "nobel.txt").write_text(
        "The first Nobel Prizes were awarded in 1901.\n\nMarie Curie won two of them."
    )
    (root / "notes.md").write_text(
        "# Polonium\n\nPolonium was named after Poland, Marie Curie's homeland."
    )
    (root / "image.png").write_bytes(b"\x89PNG")
    (root / ".hidden").mkdir()
    (root / ".hidden" / "secret.txt").write_text("Radium secret")
    return root


async def test_index_search_and_pages(tmp_path: Path, extractor: Extractor) -> None:
    root = make_corpus(tmp_path / "docs")
    db = tmp_path / "index.db"
    stats = await build_index(root, db, extractor=extractor)
    assert (stats.added, stats.unchanged, stats.removed, stats.failed) == (3, 0, 0, [])
    backend = CorpusBackend(db, max_results=3)
    hits = await backend.search("radium atomic number 88", deadline=Deadline.after(5))
    assert hits[0].url == (root / "radium.html").resolve().as_uri()
    assert hits[0].title == "Radium"
    page = await backend.page(hits[0].url)
    assert page.text[hits[0].passage_start : hits[0].passage_end] in page.text
    assert "atomic number 88" in page.text[hits[0].passage_start : hits[0].passage_end]
    assert page.extractor.startswith("trafilatura")
    assert backend.owns(hits[0].url)
    assert not backend.owns("https://example.com/")
    md = await backend.search("Polonium Poland", deadline=Deadline.after(5))
    assert md[0].title == "Polonium"
    assert await backend.search("the and of", deadline=Deadline.after(5)) == []
    assert await backend.search(
        'radium" OR "x', deadline=Deadline.after(5)
    )  # quotes cannot break the query
    await backend.aclose()


async def test_reindex_skips_unchanged_and_tracks_changes(
    tmp_path: Path, extractor: Extractor
) -> None:
    root = make_corpus(tmp_path / "docs")
    db = tmp_path / "index.db"
    await build_index(root, db, extractor=extractor)
    again = await build_index(root, db, extractor=extractor)
    assert (again.added, again.updated, again.unchanged, again.passages) == (0, 0, 3, 0)
    (root / "nobel.txt").write_text("The first Nobel Prizes were awarded in 1901 in Stockholm.")
    (root / "notes.md").unlink()
    changed = await build_index(root, db, extractor=extractor)
    assert (changed.updated, changed.removed, changed.unchanged) == (1, 1, 1)
    index = CorpusIndex(db)
    assert index.document_count() == 2
    assert index.search("Stockholm", 5)
    assert not index.search("Polonium", 5)
    index.close()


async def test_missing_directory(tmp_path: Path, extractor: Extractor) -> None:
    with pytest.raises(CorpusError, match="does not exist"):
        await build_index(tmp_path / "nope", tmp_path / "i.db", extractor=extractor)


def test_missing_index(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="verifier index"):
        CorpusIndex(tmp_path / "missing.db")


def test_foreign_file_is_not_an_index(tmp_path: Path) -> None:
    text = tmp_path / "notes.db"
    text.write_text("hello")
    with pytest.raises(CorpusError, match="not a verifier corpus index"):
        CorpusIndex(text)
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE meta (key TEXT, value TEXT)").connection.commit()
    with pytest.raises(CorpusError, match="rebuild it"):
        CorpusIndex(other)


async def test_quoted_query_is_an_exact_phrase(tmp_path: Path, extractor: Extractor) -> None:
    root = make_corpus(tmp_path / "docs")
    await build_index(root, tmp_path / "i.db", extractor=extractor)
    index = CorpusIndex(tmp_path / "i.db")
    assert index.search('"all of its isotopes are radioactive"', 5)
    assert not index.search('"its isotopes all are radioactive"', 5)
    assert index.search("its isotopes all are radioactive", 5)  # unquoted: any of the words
    index.close()


def put(index: CorpusIndex, name: str, text: str) -> None:
    index.put_document(
        f"file:///docs/{name}.txt",
        sha256=name,
        size=len(text),
        content_type="text/plain",
        extractor="plain",
        title=name,
        text=text,
        passage_chars=600,
    )


WALL = (
    "Hadrian's Wall was a defensive fortification in the Roman province of Britannia, begun in "
    "AD 122 during the reign of the emperor Hadrian. It ran from the banks of the River Tyne near "
    "the North Sea to the Solway Firth on the Irish Sea, a distance of about 73 miles. Soldiers "
    "of three legions built the wall over roughly six years, using stone in the east and turf in "
    "the west."
)
REWORDED = (
    "Construction of the wall started in AD 122, when Hadrian was emperor, as a defence for Roman "
    "Britain. Stretching roughly 73 miles, it crossed the country from the Tyne and the North Sea "
    "coast to the Solway Firth. Three legions of soldiers spent about six years building it, "
    "with stone for the eastern part and turf for the western part."
)


def test_sentences_find_the_source_of_an_edited_copy(tmp_path: Path) -> None:
    index = CorpusIndex(tmp_path / "i.db", create=True)
    put(index, "wall", WALL)
    put(index, "bread", "Sourdough bread rises thanks to wild yeasts and lactic acid bacteria.")
    # a heavy revision shares no five-word sequence: MinHash cannot see it, its sentences can
    assert index.sketch_index().query(REWORDED, min_hits=2, limit=20) == []
    [(_passage, votes)] = index.sentence_candidates(REWORDED)
    assert votes == 3
    [hit] = index.copy_candidates(REWORDED, 20)
    assert hit.url == "file:///docs/wall.txt"
    assert hit.snippet == "3 sentences alike"
    assert (hit.passage_start, hit.passage_end) == (0, len(WALL))
    index.close()


def test_the_screen_decides_which_candidates_are_kept(tmp_path: Path) -> None:
    index = CorpusIndex(tmp_path / "i.db", create=True)
    put(index, "wall", WALL)
    seen: list[str] = []

    def refuse(passage: str) -> bool:
        seen.append(passage)
        return False

    assert index.copy_candidates(REWORDED, 20, refuse) == []
    assert seen == [WALL]
    assert index.copy_candidates(REWORDED, 20, lambda passage: True)
    index.close()


async def test_a_document_edited_in_place_is_followed_by_refresh(
    tmp_path: Path, extractor: Extractor
) -> None:
    """Same path, same number of documents, another text: the content digest changes and
    the search finds the new text; nothing changed: nothing is re-read (issue 46)."""
    from functools import partial

    from verifier.search.corpus import stat_fingerprint

    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text("Radium was discovered in 1898.")
    (root / "b.txt").write_text("Polonium was named after Poland.")
    for file in root.iterdir():  # written a while ago (a file written just now is "racy")
        os.utime(file, ns=(1_700_000_000 * 10**9, 1_700_000_000 * 10**9))
    db = tmp_path / "index.db"
    reindexed = []

    async def reindex() -> None:
        reindexed.append(await build_index(root, db, extractor=extractor))

    fingerprint = stat_fingerprint(root)
    await build_index(root, db, extractor=extractor)
    backend = CorpusBackend(db, source=root, fingerprint=fingerprint, reindex=reindex)
    first = backend.content_digest
    assert not await backend.refresh()
    assert reindexed == []  # the files' sizes and times said nothing changed
    (root / "a.txt").write_text("Radium was discovered in 1899.")  # same size, same path
    assert await backend.refresh()
    assert (reindexed[0].updated, reindexed[0].unchanged) == (1, 1)
    assert backend.content_digest != first
    assert backend.documents == 2
    hits = await backend.search("radium discovered", deadline=Deadline.after(5))
    page = await backend.page(hits[0].url)
    assert "1899" in page.text
    assert not await backend.refresh()  # re-read (written just now), found unchanged
    await backend.aclose()
    # an index file given as the corpus: `verifier index` replacing it is followed too
    direct = CorpusBackend(db, fingerprint=stat_fingerprint(db))
    (root / "b.txt").write_text("Polonium was named after Poland, Marie Curie's homeland.")
    await partial(build_index, root, db, extractor=extractor)()
    assert await direct.refresh()
    assert "homeland" in (await direct.page((root / "b.txt").resolve().as_uri())).text
    await direct.aclose()


async def test_searches_are_remembered_while_the_index_is_unchanged(
    tmp_path: Path, extractor: Extractor
) -> None:
    """A claim's plain and keyword queries are often the same words: the second is answered
    from memory, until this index or another connection writes to the file."""
    root = make_corpus(tmp_path / "docs")
    db = tmp_path / "index.db"
    await build_index(root, db, extractor=extractor)
    index = CorpusIndex(db)
    first = index.search("Marie Curie Nobel", 5)
    assert first
    asked: list[str] = []
    index.db.set_trace_callback(asked.append)
    assert index.search("Marie is Curie, the Nobel", 5) == first  # the same FTS5 query
    assert not any("MATCH" in sql for sql in asked)
    index.db.set_trace_callback(None)
    # another connection (another `verifier index` run) writes: the search is asked again
    other = CorpusIndex(db)
    other.put_document(
        "file:///more.txt",
        sha256="0" * 64,
        size=10,
        content_type="text/plain",
        extractor="plain",
        title="More",
        text="Marie Curie won the Nobel Prize in Physics and the Nobel Prize in Chemistry.",
        passage_chars=400,
    )
    other.close()
    assert any(h.url == "file:///more.txt" for h in index.search("Marie Curie Nobel", 5))
    # this index writes: forgotten as well
    index.remove("file:///more.txt")
    assert index.search("Marie Curie Nobel", 5) == first
    index.close()
