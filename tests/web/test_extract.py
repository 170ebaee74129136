from __future__ import annotations

import asyncio

import pytest

from tests import helpers
from tests.helpers import WAIT_S
from verifier.config import ExtractSettings
from verifier.errors import ExtractError, ExtractTimeout
from verifier.system.deadline import Deadline
from verifier.web.extract import Extractor, decode_text, extract_html

ARTICLE = (
    b"<html><head><title>Eiffel Tower - Example</title></head><body><nav>Home | About</nav>"
    b"<article><h1>Eiffel Tower</h1><p>The Eiffel Tower is a wrought-iron lattice tower on the "
    b"Champ de Mars in Paris. It was designed and built by the company of Gustave Eiffel from 1887 "
    b"to 1889 as the entrance arch of the 1889 World's Fair.</p><p>It is 330 metres tall and was the "
    b"tallest man-made structure in the world until 1930.</p></article>"
    b"<footer>Copyright notice</footer></body></html>"
)


def test_main_text_and_metadata() -> None:
    data = extract_html(ARTICLE, "https://example.com/eiffel", None)
    assert data["method"] == "trafilatura"
    assert "330 metres tall" in data["text"]
    assert "Home | About" not in data["text"]
    assert data["title"] == "Eiffel Tower"


def test_fragment_falls_back_to_visible_text() -> None:
    data = extract_html(b"<title>T</title><p>tiny</p>", "https://example.com/", None)
    assert data["text"] == "tiny"


def test_garbage_does_not_raise() -> None:
    data = extract_html(bytes(range(256)) * 50, "https://example.com/", None)
    assert isinstance(data["text"], str)


def test_declared_charset_and_broken_bytes() -> None:
    latin = "<html><body><p>Café crème at the Sorbonne in Paris, 1891.</p></body></html>".encode(
        "latin-1"
    )
    assert "Café crème" in extract_html(latin, "https://e.com/", "iso-8859-1")["text"]
    assert decode_text(b"ok \xff\xfe", "utf-8") == "ok \ufffd\ufffd"
    assert decode_text(b"\xef\xbb\xbfbom", None) == "bom"
    assert decode_text(b"abc", "no-such-charset") == "abc"


async def test_pool_extracts(extractor: Extractor) -> None:
    result = await extractor.extract(
        ARTICLE,
        url="https://example.com/",
        content_type="text/html",
        charset=None,
        deadline=Deadline.after(WAIT_S),
    )
    assert "Gustave Eiffel" in result.text


async def test_plain_text_skips_the_pool() -> None:
    ex = Extractor(ExtractSettings())
    result = await ex.extract(
        b"Just text.",
        url="https://e.com/a.txt",
        content_type="text/plain",
        charset=None,
        deadline=Deadline.after(WAIT_S),
    )
    assert (result.text, result.method) == ("Just text.", "plain")
    assert ex._pool is None


@pytest.mark.slow
async def test_hung_extraction_is_killed_and_the_pool_recovers() -> None:
    ex = Extractor(ExtractSettings(processes=1, timeout_s=30), function=helpers.hang)
    with pytest.raises(ExtractTimeout, match="process was killed"):
        await ex.extract(
            ARTICLE,
            url="https://e.com/",
            content_type="text/html",
            charset=None,
            deadline=Deadline.after(1.5),
        )  # helpers.hang sleeps an hour: returning at all means its worker was stopped
    ex._function = extract_html
    result = await ex.extract(
        ARTICLE,
        url="https://e.com/",
        content_type="text/html",
        charset=None,
        deadline=Deadline.after(WAIT_S),  # a new worker process starts first
    )
    assert "Eiffel" in result.text
    await ex.aclose()


@pytest.mark.slow
async def test_a_deadline_runs_from_the_call_not_from_when_a_worker_is_free() -> None:
    """With the only worker held by a task allowed an hour, a task with a 1 s deadline ends
    at its deadline, not after the first one: the caller's clock, not the worker's (were
    it the worker's, this test would outlast its own limit)."""
    ex = Extractor(ExtractSettings(processes=1, timeout_s=3600), function=helpers.hang)
    kw = {"url": "https://e.com/", "content_type": "text/html", "charset": None}
    hog = asyncio.create_task(ex.extract(ARTICLE, deadline=Deadline.after(3600), **kw))
    await asyncio.sleep(0.2)
    with pytest.raises(ExtractTimeout):
        await ex.extract(ARTICLE, deadline=Deadline.after(1), **kw)
    hog.cancel()
    with pytest.raises(asyncio.CancelledError):
        await hog
    await ex.aclose()


async def test_extraction_errors_are_reported() -> None:
    ex = Extractor(ExtractSettings(processes=1), function=helpers.explode)
    with pytest.raises(ExtractError, match="parser blew up"):
        await ex.extract(
            ARTICLE,
            url="https://e.com/",
            content_type="text/html",
            charset=None,
            deadline=Deadline.after(WAIT_S),
        )
    await ex.aclose()
