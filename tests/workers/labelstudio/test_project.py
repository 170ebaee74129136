"""`verifier labelstudio init` against a loopback fake of the part of Label Studio's REST API
it uses (the real one: test_real_label_studio.py)."""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiohttp import web

from verifier.config import LabelStudioSettings
from verifier.errors import InputError
from verifier.report.exports import FINDING_LABELS, LABEL_STUDIO_CONFIG, SPAN_LABELS
from verifier.schema import CheckRequest
from workers.labelstudio.client import LabelStudio, LabelStudioError, is_refresh_token
from workers.labelstudio.predictions import config_labels
from workers.labelstudio.project import Row, init_project

VERSION = "verifier 1 config abc"
BACKEND = "http://verifier.test:8750/labelstudio"
KEY = "vk_right"


def _jwt(claims: dict[str, Any]) -> str:
    part = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
    return f"eyJhbGciOiJIUzI1NiJ9.{part}.c2ln"


PAT = _jwt({"token_type": "refresh", "user_id": "1"})


@dataclass
class FakeLabelStudio:
    """Projects, ML backends, webhooks and tasks in memory; the calls it got."""

    projects: list[dict[str, Any]] = field(default_factory=list)
    backends: list[dict[str, Any]] = field(default_factory=list)
    webhooks: list[dict[str, Any]] = field(default_factory=list)
    tasks: list[dict[str, Any]] = field(default_factory=list)
    calls: list[str] = field(default_factory=list)
    refreshed: int = 0

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._auth])
        r = app.router
        r.add_get("/api/version", self.version)
        r.add_post("/api/token/refresh/", self.refresh)
        r.add_get("/api/current-user/whoami", self.whoami)
        r.add_get("/api/projects", self.list_projects)
        r.add_post("/api/projects", self.create_project)
        r.add_patch("/api/projects/{id}", self.update_project)
        r.add_get("/api/ml", self.list_backends)
        r.add_post("/api/ml", self.connect)
        r.add_patch("/api/ml/{id}", self.connect)
        r.add_get("/api/webhooks", self.list_webhooks)
        r.add_delete("/api/webhooks/{id}", self.delete_webhook)
        r.add_get("/api/tasks", self.list_tasks)
        r.add_post("/api/projects/{id}/import", self.import_tasks)
        r.add_post("/api/dm/actions", self.retrieve)
        return app

    @web.middleware
    async def _auth(self, request: web.Request, handler: Any) -> web.StreamResponse:
        self.calls.append(f"{request.method} {request.path}")
        open_paths = ("/api/version", "/api/token/refresh/")
        if request.path not in open_paths and request.headers.get("Authorization") not in (
            "Token legacy-token",
            "Bearer access-1",
        ):
            return web.json_response({"detail": "Invalid token."}, status=401)
        return await handler(request)

    async def version(self, request: web.Request) -> web.Response:
        return web.json_response({"release": "1.23.2"})

    async def whoami(self, request: web.Request) -> web.Response:
        return web.json_response({"email": "a@b.c"})

    async def list_webhooks(self, request: web.Request) -> web.Response:
        return web.json_response(self.webhooks)

    async def refresh(self, request: web.Request) -> web.Response:
        self.refreshed += 1
        if (await request.json())["refresh"] != PAT:
            return web.json_response({"detail": "Token is invalid"}, status=401)
        return web.json_response({"access": "access-1"})

    async def list_projects(self, request: web.Request) -> web.Response:
        title = request.query["title"]
        return web.json_response({"results": [p for p in self.projects if title in p["title"]]})

    async def create_project(self, request: web.Request) -> web.Response:
        # Label Studio's defaults: one annotation per task, the overlap on every task
        defaults = {"maximum_annotations": 1, "overlap_cohort_percentage": 100}
        project = {"id": len(self.projects) + 1, **defaults, **await request.json()}
        self.projects.append(project)
        return web.json_response(project, status=201)

    async def update_project(self, request: web.Request) -> web.Response:
        project = next(p for p in self.projects if p["id"] == int(request.match_info["id"]))
        project.update(await request.json())
        return web.json_response(project)

    async def list_backends(self, request: web.Request) -> web.Response:
        project = int(request.query["project"])
        return web.json_response([b for b in self.backends if b["project"] == project])

    async def connect(self, request: web.Request) -> web.Response:
        body = await request.json()
        if body["basic_auth_pass"] != KEY:
            detail = "Able to connect to ML Server, but authentication parameters were either not provided or are incorrect."
            return web.json_response(
                {"detail": "Validation error", "validation_errors": {"non_field_errors": [detail]}},
                status=400,
            )
        if "id" in request.match_info:
            backend = next(b for b in self.backends if b["id"] == int(request.match_info["id"]))
        else:
            backend = {"id": len(self.backends) + 1}
            self.backends.append(backend)
            hook = {"id": len(self.webhooks) + 1, "project": body["project"]}
            self.webhooks.append({**hook, "url": body["url"] + "/webhook"})
        backend.update(
            url=body["url"],
            project=body["project"],
            state="CO",
            readable_state="Connected",
            model_version=VERSION,
        )
        return web.json_response(backend)

    async def delete_webhook(self, request: web.Request) -> web.Response:
        self.webhooks = [w for w in self.webhooks if w["id"] != int(request.match_info["id"])]
        return web.Response(status=204)

    async def list_tasks(self, request: web.Request) -> web.Response:
        project, page = int(request.query["project"]), int(request.query["page"])
        size = int(request.query["page_size"])
        mine = [t for t in self.tasks if t["project"] == project]
        return web.json_response(
            {"total": len(mine), "tasks": mine[(page - 1) * size : page * size]}
        )

    async def import_tasks(self, request: web.Request) -> web.Response:
        made = await request.json()
        for t in made:
            self.tasks.append(
                {
                    "id": len(self.tasks) + 1,
                    "project": int(request.match_info["id"]),
                    "data": t["data"],
                    "predictions": [],
                }
            )
        return web.json_response({"task_count": len(made)}, status=201)

    async def retrieve(self, request: web.Request) -> web.Response:
        assert request.query["id"] == "retrieve_tasks_predictions"
        for t in self.tasks:
            if t["project"] == int(request.query["project"]) and not t["predictions"]:
                t["predictions"].append({"model_version": VERSION, "result": []})
        return web.json_response({"processed_items": len(self.tasks)})


@pytest.fixture
async def fake(aiohttp_server):  # type: ignore[no-untyped-def]
    state = FakeLabelStudio()
    server = await aiohttp_server(state.app())
    state.url = str(server.make_url("")).rstrip("/")  # type: ignore[attr-defined]
    return state


def rows(*ids: str | None) -> list[Row]:
    return [Row(i, CheckRequest(f"response {i}", "prompt")) for i in ids]


async def run_init(fake: Any, token: str = "legacy-token", **kwargs: Any) -> list[str]:
    said: list[str] = []
    async with LabelStudio(fake.url, token) as ls:
        await init_project(
            ls,
            title=kwargs.pop("title", "verifier"),
            backend_url=kwargs.pop("backend_url", BACKEND),
            backend_key=kwargs.pop("backend_key", KEY),
            rows=kwargs.pop("rows", None),
            source="rows.jsonl",
            fields=LabelStudioSettings(),
            predict_timeout_s=30,
            say=said.append,
            blind=kwargs.pop("blind", None),
            overlap=kwargs.pop("overlap", None),
        )
    return said


async def test_init_sets_everything_up_once(fake: FakeLabelStudio) -> None:
    first = await run_init(fake, rows=rows("a", "b", None))
    assert first[1] == 'project "verifier" (id 1): created with verifier\'s labelling interface'
    assert first[2] == "suggestions: shown to raters, pre-filled (--blind hides them)"
    assert first[3] == f"ML backend {BACKEND}: connected (model {VERSION})"
    assert first[4].startswith("removed the webhook")
    assert first[5] == "tasks: 3 imported from rows.jsonl, 0 already in the project"
    assert first[6] == f"predictions: 3 of 3 tasks have verifier's ({VERSION})"
    assert fake.projects[0]["label_config"] == LABEL_STUDIO_CONFIG
    assert fake.projects[0]["show_collab_predictions"] is True
    assert fake.webhooks == []
    again = await run_init(fake, rows=rows("a", "b", None, "c", "c"))
    assert "already there" in again[1]
    assert "suggestions: shown" in again[2]
    assert "already connected, credentials renewed" in again[3]
    assert again[4] == "tasks: 1 imported from rows.jsonl, 4 already in the project"
    assert len(fake.projects) == len(fake.backends) == 1
    assert [t["data"].get("request_id") for t in fake.tasks] == ["a", "b", None, "c"]
    assert fake.tasks[0]["data"] == {
        "prompt": "prompt",
        "response": "response a",
        "request_id": "a",
    }


async def test_a_personal_access_token_is_exchanged_for_an_access_token(
    fake: FakeLabelStudio,
) -> None:
    assert is_refresh_token(PAT)
    assert not is_refresh_token("legacy-token")
    said = await run_init(fake, token=PAT)
    assert said[0] == f"Label Studio 1.23.2 at {fake.url}, signed in as a@b.c"  # type: ignore[attr-defined]
    assert fake.refreshed == 1
    with pytest.raises(InputError, match=r"refused the token \(401: Token is invalid\)"):
        await run_init(fake, token=_jwt({"token_type": "refresh", "user_id": "2"}))


async def test_failures_say_what_and_what_to_do(fake: FakeLabelStudio) -> None:
    with pytest.raises(InputError, match=r"refused the token \(401: Invalid token.\)"):
        await run_init(fake, token="wrong")
    with pytest.raises(LabelStudioError, match="authentication parameters"):
        await run_init(fake, backend_key="vk_wrong")
    fake.projects.append({"id": 9, "title": "theirs", "label_config": "<View/>"})
    with pytest.raises(InputError, match='"theirs" \\(id 9\\) exists with another labelling'):
        await run_init(fake, title="theirs")
    async with LabelStudio("http://127.0.0.1:1", "t") as ls:
        with pytest.raises(
            LabelStudioError, match=r"cannot reach Label Studio at http://127\.0\.0\.1:1"
        ):
            await ls.version()


async def test_blind_hides_the_suggestions_and_an_existing_project_keeps_its_choice(
    fake: FakeLabelStudio,
) -> None:
    said = await run_init(fake, blind=True)
    assert fake.projects[0]["show_collab_predictions"] is False
    assert said[2].startswith("suggestions: hidden from raters (blind")
    again = await run_init(fake)  # neither flag: left as it is
    assert fake.projects[0]["show_collab_predictions"] is False
    assert again[2].startswith("suggestions: hidden")
    shown = await run_init(fake, blind=False)  # --show-suggestions, once the ratings are in
    assert fake.projects[0]["show_collab_predictions"] is True
    assert shown[2].startswith("suggestions: shown")


async def test_a_blind_project_gives_each_task_to_two_raters(fake: FakeLabelStudio) -> None:
    """Issue 46: agreement between raters needs tasks rated twice; Label Studio's default
    (one annotation per task) gave the second rater "No More Tasks Left in Queue"."""
    said = await run_init(fake, blind=True)
    project = fake.projects[0]
    assert (project["maximum_annotations"], project["overlap_cohort_percentage"]) == (2, 100)
    assert said[3] == (
        "overlap: each task goes to 2 raters (Label Studio's maximum annotations per task;"
        " --overlap N), so import-ratings measures agreement between raters"
    )
    calls = len(fake.calls)
    again = await run_init(fake, blind=True)  # nothing to change
    assert again[3] == said[3]
    assert not any(c.startswith("PATCH /api/projects") for c in fake.calls[calls:])
    project["maximum_annotations"] = 3  # given more by hand: kept
    assert "goes to 3 raters" in (await run_init(fake, blind=True))[3]
    assert project["maximum_annotations"] == 3
    await run_init(fake, overlap=4)  # asked for: set, on every task
    project["overlap_cohort_percentage"] = 50
    said = await run_init(fake)  # neither: left as it is, and said
    assert said[3].startswith("overlap: 50% of the tasks go to 4 raters each")
    await run_init(fake, overlap=5)
    assert (project["maximum_annotations"], project["overlap_cohort_percentage"]) == (5, 100)


async def test_overlap_on_a_new_project_and_one_rater_said(fake: FakeLabelStudio) -> None:
    said = await run_init(fake, title="three", overlap=3)
    assert fake.projects[0]["maximum_annotations"] == 3
    assert "POST /api/projects" in fake.calls
    assert not any(c.startswith("PATCH /api/projects") for c in fake.calls)  # set at creation
    assert said[3].startswith("overlap: each task goes to 3 raters")
    shown = await run_init(fake, title="shown")  # suggestions shown, one rater: as before
    assert not any(line.startswith("overlap") for line in shown)
    one = await run_init(fake, title="one", blind=True, overlap=1)
    assert fake.projects[2]["maximum_annotations"] == 1
    assert one[3].startswith("overlap: each task goes to one rater (--overlap 2 or more")


async def test_an_older_verifier_project_gets_the_finding_labels(fake: FakeLabelStudio) -> None:
    older = LABEL_STUDIO_CONFIG
    for label in FINDING_LABELS:
        older = re.sub(rf'    <Label value="{re.escape(label)}"[^>]*/>\n', "", older)
    assert config_labels(older) == set(SPAN_LABELS) - set(FINDING_LABELS)
    fake.projects.append(
        {"id": 1, "title": "verifier", "label_config": older, "show_collab_predictions": True}
    )
    said = await run_init(fake)
    assert said[2] == "labelling interface: added the span labels " + ", ".join(FINDING_LABELS)
    assert config_labels(fake.projects[0]["label_config"]) == set(SPAN_LABELS)
    assert fake.projects[0]["label_config"] == LABEL_STUDIO_CONFIG  # as a new one's
    again = await run_init(fake)
    assert not any(line.startswith("labelling interface") for line in again)


async def test_the_command_line_takes_overlap(fake: FakeLabelStudio, tmp_path: Any) -> None:
    import asyncio

    from click.testing import CliRunner

    from workers.cli import main

    args = ["labelstudio", "init", "--url", fake.url, "--backend-url", BACKEND]  # type: ignore[attr-defined]
    env = {"LABEL_STUDIO_API_KEY": "legacy-token", "VERIFIER_LABEL_STUDIO_KEY": KEY}
    runner = CliRunner()

    def run(*more: str) -> Any:
        return runner.invoke(main, [*args, *more], env=env, catch_exceptions=False)

    # the command runs its own event loop: in a thread, while this loop serves the fake
    made = await asyncio.to_thread(run, "--blind", "--overlap", "3")
    assert made.exit_code == 0, made.output
    assert "overlap: each task goes to 3 raters" in made.output
    assert fake.projects[0]["maximum_annotations"] == 3
    refused = await asyncio.to_thread(run, "--overlap", "0")
    assert refused.exit_code == 2
    assert "--overlap" in refused.output
