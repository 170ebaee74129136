"""The web app through HTTP (no browser): sessions, CSRF, roles, forms, lists."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from aiohttp import FormData

from tests.helpers import WAIT_S
from tests.workers.webapp.conftest import HOSTILE, RESPONSE, SECRET, Web
from verifier.config import Settings
from verifier.errors import StoreUnavailable
from workers.api import create_app
from workers.store.jobs import JobState
from workers.store.jobstore import SqliteJobStore
from workers.webapp import add_web_app


async def _submit(web: Web, **fields: Any) -> Any:
    token = await web.csrf("/app/checks/new")
    data = {"csrf": token, "response": RESPONSE, **fields}
    return await web.client.post("/app/checks", data=data, allow_redirects=False)


async def _submitted(web: Web, **fields: Any) -> str:
    resp = await _submit(web, **fields)
    assert resp.status == 303, await resp.text()
    return resp.headers["Location"].rsplit("/", 1)[1]


async def test_signed_out_pages_send_to_sign_in_and_the_api_still_wants_bearer(
    web_app: Web,
) -> None:
    resp = await web_app.client.get("/app/checks?state=done", allow_redirects=False)
    assert resp.status == 303
    assert resp.headers["Location"] == "/app/sign-in?next=%2Fapp%2Fchecks%3Fstate%3Ddone"
    root = await web_app.client.get("/", allow_redirects=False)
    assert root.headers["Location"] == "/app/"
    await web_app.sign_in("rater")
    # a session cookie never opens the API: it wants its Bearer key, as before
    assert (await web_app.client.get("/v1/keys")).status == 401
    job = await _submitted(web_app)
    api = await web_app.client.get(f"/v1/checks/{job}", headers=web_app.bearer("rater"))
    assert api.status == 200


async def test_sign_in_sets_a_signed_httponly_lax_cookie_and_a_new_session(web_app: Web) -> None:
    client = web_app.client
    form = await client.get("/app/sign-in")
    anonymous = form.cookies["verifier_session"]
    assert anonymous["httponly"]
    assert anonymous["samesite"] == "Lax"
    assert anonymous["path"] == "/app"
    assert not anonymous["secure"]  # plain http; https (or an https public_url) adds Secure
    token = re.search(r'name="csrf" value="([^"]+)"', await form.text()).group(1)  # type: ignore[union-attr]
    wrong = await client.post("/app/sign-in", data={"csrf": token, "key": "vk_nope"})
    assert wrong.status == 401
    assert "not valid" in await wrong.text()
    resp = await client.post(
        "/app/sign-in",
        data={"csrf": token, "key": web_app.keys["rater"][1], "next": "//evil.example/x"},
        allow_redirects=False,
    )
    assert resp.status == 303
    assert resp.headers["Location"] == "/app/checks"  # never another site
    signed = resp.cookies["verifier_session"]
    assert signed.value != anonymous.value
    assert int(signed["max-age"]) > 3600
    page = await client.get("/app/checks")
    assert "My checks" in await page.text()
    # the anonymous session it replaced is over: its cookie opens nothing
    client.session.cookie_jar.clear()
    client.session.cookie_jar.update_cookies({"verifier_session": anonymous.value})
    again = await client.get("/app/sign-in")
    assert (
        "verifier_session" not in again.cookies
        or again.cookies["verifier_session"].value != anonymous.value
    )


async def test_sign_out_ends_the_session_even_for_a_copied_cookie(web_app: Web) -> None:
    client = web_app.client
    await web_app.sign_in("rater")
    cookie = client.session.cookie_jar.filter_cookies(web_app.client.make_url("/app/"))[
        "verifier_session"
    ].value
    token = await web_app.csrf("/app/checks")
    out = await client.post("/app/sign-out", data={"csrf": token}, allow_redirects=False)
    assert out.status == 303
    assert out.headers["Location"] == "/app/sign-in?signed_out=1"
    client.session.cookie_jar.update_cookies({"verifier_session": cookie})
    replay = await client.get("/app/checks", allow_redirects=False)
    assert replay.status == 303  # to sign in: the copied cookie is dead
    assert replay.headers["Location"].startswith("/app/sign-in")
    # a revoked key's sessions end at once
    await web_app.sign_in("other")
    web_app.store.revoke_key(web_app.keys["other"][0])
    assert (await client.get("/app/checks", allow_redirects=False)).status == 303


async def test_a_form_post_without_the_sessions_csrf_token_is_refused(web_app: Web) -> None:
    client = web_app.client
    await web_app.sign_in("rater")
    before = web_app.store.counts()
    no_token = await client.post("/app/checks", data={"response": RESPONSE})
    assert no_token.status == 403
    assert "security token" in await no_token.text()
    stale = await client.post("/app/checks", data={"response": RESPONSE, "csrf": "x" * 43})
    assert stale.status == 403
    assert web_app.store.counts() == before  # nothing was submitted
    # a token from another session is worthless in this one
    other_token = await web_app.csrf("/app/checks")
    await web_app.sign_in("other")
    assert (await client.post("/app/sign-out", data={"csrf": other_token})).status == 403
    # the sign-in form is protected too
    client.session.cookie_jar.clear()
    bare = await client.post("/app/sign-in", data={"key": web_app.keys["rater"][1]})
    assert bare.status == 403


async def test_bad_input_gets_the_apis_message_beside_its_field(web_app: Web) -> None:
    await web_app.sign_in("rater")
    empty = await _submit(web_app, response="  ")
    assert empty.status == 422
    text = await empty.text()
    assert re.search(r'id="response-error">missing: response<', text)
    assert 'aria-describedby="response-error"' in text
    long = await _submit(web_app, response="x" * 2001, prompt="the prompt stays")
    assert long.status == 413
    text = await long.text()
    assert "over limits.max_response_chars (2,000)" in text
    assert "the prompt stays" in text  # what was typed is kept
    api = await web_app.client.post(
        "/v1/checks", json={"response": "x" * 2001}, headers=web_app.bearer("rater")
    )
    assert (await api.json())["detail"] in text  # the same message
    flag = await _submit(web_app, flags="sarcastic")
    assert flag.status == 422
    assert "unknown flag &#39;sarcastic&#39;" in await flag.text()
    corpus = await _submit(web_app, corpora="corpus:secret")
    assert "offers no corpus" in await corpus.text()


async def test_a_response_can_be_uploaded_as_a_text_file(web_app: Web) -> None:
    await web_app.sign_in("rater")

    async def upload(name: str, body: bytes, response: str = "") -> Any:
        token = await web_app.csrf("/app/checks/new")
        form = FormData()
        form.add_field("csrf", token)
        form.add_field("response", response)
        form.add_field("flags", "harmful")
        form.add_field("corpora", "corpus:handbook")
        form.add_field("response_file", body, filename=name, content_type="text/plain")
        return await web_app.client.post("/app/checks", data=form, allow_redirects=False)

    ok = await upload("answer.md", RESPONSE.encode())
    assert ok.status == 303
    job = web_app.store.get(ok.headers["Location"].rsplit("/", 1)[1])
    assert job is not None
    assert job.request == {"response": RESPONSE, "prompt": "", "flags": {"harmful": True}}
    assert job.options == {"corpora": ["corpus:handbook"]}
    assert "Upload a .txt or .md file" in await (await upload("a.pdf", b"%PDF")).text()
    assert "not UTF-8" in await (await upload("a.txt", b"\xff\xfe\x00")).text()
    assert "not both" in await (await upload("a.txt", b"x", response="typed")).text()


async def test_raters_see_their_own_checks_only_auditors_see_all(web_app: Web) -> None:
    await web_app.sign_in("rater")
    job = await _submitted(web_app)
    await web_app.wait_state(job, JobState.DONE)
    for path in (f"/app/checks/{job}", f"/app/checks/{job}/report", f"/app/checks/{job}/progress"):
        assert (await web_app.client.get(path)).status == 200, path
    await web_app.sign_in("other")
    for path in (f"/app/checks/{job}", f"/app/checks/{job}/report", f"/app/checks/{job}/progress"):
        assert (await web_app.client.get(path)).status == 403, path
    assert job[:8] not in await (await web_app.client.get("/app/checks")).text()
    assert (await web_app.client.get("/app/checks/nope")).status == 404
    assert (await web_app.client.get("/app/keys")).status == 403
    token = await web_app.csrf("/app/checks")
    audit = await web_app.client.post(
        f"/app/checks/{job}/audits", data={"csrf": token, "mode": "replay"}
    )
    assert audit.status == 403
    await web_app.sign_in("auditor")
    listing = await (await web_app.client.get("/app/checks")).text()
    assert "All checks" in listing
    assert job[:8] in listing
    assert "rater one" in listing  # whose check it is
    assert (await web_app.client.get(f"/app/checks/{job}")).status == 200
    assert (await web_app.client.get("/app/checks/new")).status == 403  # auditors read


async def test_a_finished_check_shows_its_summary_and_report_in_a_sandboxed_frame(
    web_app: Web,
) -> None:
    await web_app.sign_in("rater")
    job = await _submitted(web_app, response=HOSTILE)
    await web_app.wait_state(job, JobState.DONE)
    page = await web_app.client.get(f"/app/checks/{job}")
    html = await page.text()
    assert page.headers["Content-Security-Policy"].startswith(
        "default-src 'none'; script-src 'self'"
    )
    assert page.headers["Cache-Control"] == "no-store"
    assert f'<iframe class="report" id="report-frame" src="/app/checks/{job}/report"' in html
    assert 'sandbox="allow-scripts' in html
    assert "At most" in html or "Rated" in html
    report = await web_app.client.get(f"/app/checks/{job}/report")
    assert "Verification report" in await report.text()
    assert "sandbox allow-scripts" in report.headers["Content-Security-Policy"]
    listing = await (await web_app.client.get("/app/checks")).text()
    assert "<script>window.__pwned" not in listing
    assert "&lt;script&gt;window.__pwned" in listing
    progress = await (await web_app.client.get(f"/app/checks/{job}/progress")).json()
    assert progress["state"] == "done"
    assert progress["claims_done"] == progress["claims_total"] >= 1


async def test_the_list_filters_by_state_newest_first_in_pages(web_app: Web) -> None:
    await web_app.sign_in("service")
    owner = web_app.keys["service"][0]
    ids = [
        web_app.store.submit({"response": f"row {i}"}, owner=owner, options={})[0].id
        for i in range(23)
    ]
    web_app.store.cancel(ids[0])
    first = await (await web_app.client.get("/app/checks")).text()
    assert first.count('href="/app/checks/') - first.count('href="/app/checks/new"') == 20
    assert "page 1 of 2" in first
    assert 'href="/app/checks?page=2"' in first
    second = await (await web_app.client.get("/app/checks?page=2")).text()
    assert ids[0][:8] in second  # the oldest is last
    cancelled = await (await web_app.client.get("/app/checks?state=cancelled")).text()
    assert "1 check cancelled" in cancelled
    assert ids[0][:8] in cancelled
    assert (await web_app.client.get("/app/checks?state=bogus")).status == 200
    # page numbers that are not whole numbers, or too large for any list, are refused
    for page, status in (
        ("x", 400),
        ("0", 400),
        ("²", 400),
        ("99999999999999999999999", 400),
        ("3", 404),
    ):
        refused = await web_app.client.get(f"/app/checks?page={page}")
        assert refused.status == status, page
        assert refused.content_type == "text/html"


async def test_an_auditor_replays_a_check_and_reads_same_decisions(web_app: Web) -> None:
    await web_app.sign_in("rater")
    job = await _submitted(web_app)
    await web_app.wait_state(job, JobState.DONE)
    await web_app.sign_in("auditor")
    token = await web_app.csrf(f"/app/checks/{job}")
    started = await web_app.client.post(
        f"/app/checks/{job}/audits", data={"csrf": token, "mode": "replay"}, allow_redirects=False
    )
    assert started.status == 303
    assert started.headers["Location"] == f"/app/checks/{job}/audits?after=0"
    async with asyncio.timeout(WAIT_S):
        while "same decisions" not in (
            text := await (await web_app.client.get(started.headers["Location"])).text()
        ):
            assert "audit-waiting" in text
            await asyncio.sleep(0.05)
    bad = await web_app.client.post(
        f"/app/checks/{job}/audits", data={"csrf": token, "mode": "guess"}
    )
    assert bad.status == 422


async def test_an_admin_creates_a_key_shown_once_and_revokes_it(web_app: Web) -> None:
    await web_app.sign_in("admin")
    token = await web_app.csrf("/app/keys")
    made = await web_app.client.post(
        "/app/keys", data={"csrf": token, "role": "rater", "name": "carol"}
    )
    assert made.status == 201
    text = await made.text()
    new = re.search(r'id="new-token" class="token" readonly value="(vk_[^"]+)"', text).group(1)  # type: ignore[union-attr]
    key = web_app.store.find_key(new)
    assert key is not None
    assert key.name == "carol"
    assert new not in await (await web_app.client.get("/app/keys")).text()  # shown once
    bad = await web_app.client.post("/app/keys", data={"csrf": token, "role": "emperor"})
    assert bad.status == 422
    gone = await web_app.client.post(
        f"/app/keys/{key.id}/revoke", data={"csrf": token}, allow_redirects=False
    )
    assert gone.status == 303
    assert web_app.store.find_key(new) is None
    again = await web_app.client.post(f"/app/keys/{key.id}/revoke", data={"csrf": token})
    assert again.status == 404


async def test_the_api_routes_and_their_document_are_unchanged(web_app: Web) -> None:
    spec = await (await web_app.client.get("/openapi.json")).json()
    documented = {(m.upper(), p) for p, ops in spec["paths"].items() for m in ops}
    served = {
        (r.method, r.resource.canonical)
        for r in web_app.client.app.router.routes()
        if r.method != "HEAD"
    }
    web_pages = {(m, p) for m, p in served if p in ("/", "/favicon.ico") or p.startswith("/app/")}
    assert served - web_pages == documented
    static = await web_app.client.get("/app/static/app.js")
    assert static.headers["Content-Type"].startswith("text/javascript")
    assert (await web_app.client.get("/app/static/secrets.txt")).status == 404
    icon = await web_app.client.get("/favicon.ico")  # browsers ask every site for it
    assert icon.status == 200
    assert icon.headers["Content-Type"] == "image/x-icon"
    assert (await icon.read()).startswith(b"\x00\x00\x01\x00")  # an ICO file


async def test_the_list_shows_a_response_as_plain_text(web_app: Web) -> None:
    await web_app.sign_in("rater")
    await _submitted(web_app, response="**The Louvre** opened as a _museum_ in `1793`.")
    listing = await (await web_app.client.get("/app/checks")).text()
    assert "The Louvre opened as a museum in 1793." in listing
    assert "**" not in listing


async def test_a_next_with_a_raw_cr_or_lf_is_refused(web_app: Web) -> None:
    client = web_app.client
    token = await web_app.csrf("/app/sign-in")
    for target in (
        "/app/checks\r\nSet-Cookie: x=1",
        "/app/checks\nLocation: //evil",
        "/app/\\evil",
    ):
        resp = await client.post(
            "/app/sign-in",
            data={"csrf": token, "key": web_app.keys["rater"][1], "next": target},
            allow_redirects=False,
        )
        assert resp.status == 303
        assert resp.headers["Location"] == "/app/checks"
        form = await client.get("/app/sign-in", params={"next": target})
        assert form.status in (200, 303)
        token = await web_app.csrf("/app/sign-in")


async def test_failed_sign_ins_are_throttled(web_app: Web) -> None:
    client = web_app.client
    token = await web_app.csrf("/app/sign-in")
    statuses = []
    for i in range(11):
        wrong = await client.post("/app/sign-in", data={"csrf": token, "key": f"vk_nope{i}"})
        statuses.append(wrong.status)
    assert statuses == [401] * 10 + [429]
    assert int(wrong.headers["Retry-After"]) >= 1
    assert "Too many failed sign-ins" in await wrong.text()
    # the right key from this address (another user behind the same proxy) signs in
    right = await client.post(
        "/app/sign-in",
        data={"csrf": token, "key": web_app.keys["rater"][1]},
        allow_redirects=False,
    )
    assert right.status in (302, 303)


async def test_a_cookie_is_secure_behind_a_trusted_https_proxy_only(
    aiohttp_client, web_settings: Settings, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    store = SqliteJobStore(tmp_path / "jobs.db")
    for proxies, secure in (([], False), (["127.0.0.1"], True)):
        settings = web_settings.with_overrides({"service.trusted_proxies": proxies})
        app = add_web_app(create_app(store, settings), secret=SECRET)
        client = await aiohttp_client(app)
        form = await client.get("/app/sign-in", headers={"X-Forwarded-Proto": "https"})
        assert bool(form.cookies["verifier_session"]["secure"]) is secure
        assert ("Strict-Transport-Security" in form.headers) is secure
        assert "default-src 'none'" in form.headers["Content-Security-Policy"]
        await client.close()
    store.close()


async def test_a_store_that_is_down_is_the_apps_own_503_page(
    web_app: Web, monkeypatch: pytest.MonkeyPatch
) -> None:
    await web_app.sign_in("rater")

    def down(*args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable("SELECT ... FROM jobs: could not connect", "database unavailable")

    monkeypatch.setattr(web_app.store, "list_jobs", down)
    resp = await web_app.client.get("/app/checks")
    assert resp.status == 503
    assert resp.content_type == "text/html"
    assert resp.headers["Retry-After"] == "5"
    text = await resp.text()
    assert "the job store is unavailable (database unavailable)" in text
    assert "SELECT" not in text


async def test_my_checks_cuts_a_long_response_between_words(web_app: Web) -> None:
    await web_app.sign_in("rater")
    long = "Marie Curie was born in Warsaw in 1867. " * 3 + "Radioactivity " * 20
    await _submitted(web_app, response=long)
    page = await (await web_app.client.get("/app/checks")).text()
    snippet = re.search(r'<td class="snippet">([^<]*)</td>', page).group(1)  # type: ignore[union-attr]
    assert snippet.endswith("…")
    assert len(snippet) <= 120
    kept = snippet.removesuffix("…").split()
    assert kept == long.split()[: len(kept)]  # whole words, never "Radioac…"
