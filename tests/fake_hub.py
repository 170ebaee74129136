"""A Hugging Face hub played on loopback, for ``verifier models pull``.

It answers exactly what huggingface_hub 2.x asks when verifier pulls a model:

- ``GET /api/models/{org}/{name}/revision/{revision}?blobs=True`` (``HfApi.model_info``):
  ``{"id", "sha", "siblings": [{"rfilename", "size", "blobId", "lfs"?}]}``;
- ``HEAD`` / ``GET /{org}/{name}/resolve/{revision}/{path}`` (``hf_hub_download``): a
  regular file answers 200 with ``ETag`` (its git blob sha1), ``X-Repo-Commit`` and
  ``Content-Length``; an LFS file (``*.onnx``) answers 302 to the CDN with
  ``X-Linked-Etag`` (its sha256), ``X-Linked-Size`` and ``X-Repo-Commit``, as the hub does;
- ``GET /blobs/{sha256}`` on a second server, the CDN (another origin, so huggingface_hub
  stops at the 302 on HEAD and downloads from the Location).

Errors carry the hub's ``X-Error-Code``: 401 ``RepoNotFound``, 404 ``RevisionNotFound``,
404 ``EntryNotFound``. Every request is logged as ``(method, path)``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import web


def blob_sha1(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_files(directory: Path, prefix: str = "") -> dict[str, bytes]:
    """The files of a model directory (from tests/judges/tiny_nli.py), by repo path."""
    return {prefix + p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


@dataclass
class FakeHub:
    # repo id -> commit sha -> repo path -> content
    commits: dict[str, dict[str, dict[str, bytes]]] = field(default_factory=dict)
    # repo id -> branch or tag -> commit sha
    refs: dict[str, dict[str, str]] = field(default_factory=dict)
    log: list[tuple[str, str]] = field(default_factory=list)
    cdn_url: str = ""
    tampered: set[str] = field(default_factory=set)  # sha256s whose CDN bytes are corrupted
    cdn_down: bool = False  # the CDN answers 503

    def add(self, repo: str, commit: str, files: dict[str, bytes], *refs: str) -> None:
        self.commits.setdefault(repo, {})[commit] = files
        for ref in refs:
            self.refs.setdefault(repo, {})[ref] = commit

    def _commit(self, repo: str, revision: str) -> str | None:
        if revision in self.commits.get(repo, {}):
            return revision
        return self.refs.get(repo, {}).get(revision)

    def requests(self, kind: str) -> list[str]:
        return [path for method, path in self.log if kind in path]

    # --- the hub ------------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._logged])
        app.router.add_get("/api/models/{org}/{name}/revision/{revision:.+}", self._info)
        app.router.add_get("/{org}/{name}/resolve/{revision}/{path:.+}", self._resolve)
        return app

    def cdn(self) -> web.Application:
        app = web.Application(middlewares=[self._logged])
        app.router.add_get("/blobs/{sha256}", self._blob)
        return app

    @web.middleware
    async def _logged(self, request: web.Request, handler: web.Handler) -> web.StreamResponse:
        self.log.append((request.method, request.path))
        return await handler(request)

    def _repo(self, request: web.Request) -> str:
        repo = f"{request.match_info['org']}/{request.match_info['name']}"
        if repo not in self.commits:
            raise web.HTTPUnauthorized(
                headers={"X-Error-Code": "RepoNotFound", "X-Error-Message": "Repository not found"}
            )
        return repo

    def _files(self, request: web.Request) -> tuple[str, str, dict[str, bytes]]:
        repo = self._repo(request)
        commit = self._commit(repo, request.match_info["revision"])
        if commit is None:
            raise web.HTTPNotFound(
                headers={"X-Error-Code": "RevisionNotFound", "X-Error-Message": "Invalid rev id"}
            )
        return repo, commit, self.commits[repo][commit]

    async def _info(self, request: web.Request) -> web.Response:
        repo, commit, files = self._files(request)
        siblings = []
        for path, data in sorted(files.items()):
            sibling: dict[str, object] = {"rfilename": path}
            if "blobs" in request.query:
                sibling |= {"size": len(data), "blobId": blob_sha1(data)}
                if path.endswith(".onnx"):
                    sibling["lfs"] = {"size": len(data), "sha256": sha256(data), "pointerSize": 134}
            siblings.append(sibling)
        return web.json_response(
            {
                "_id": "x",
                "id": repo,
                "modelId": repo,
                "sha": commit,
                "private": False,
                "siblings": siblings,
            }
        )

    async def _resolve(self, request: web.Request) -> web.Response:
        _repo, commit, files = self._files(request)
        path = request.match_info["path"]
        if path not in files:
            raise web.HTTPNotFound(
                headers={"X-Error-Code": "EntryNotFound", "X-Repo-Commit": commit}
            )
        data = files[path]
        if path.endswith(".onnx"):  # stored with LFS: the hub redirects to its CDN
            raise web.HTTPFound(
                f"{self.cdn_url}/blobs/{sha256(data)}",
                headers={
                    "X-Repo-Commit": commit,
                    "X-Linked-Etag": f'"{sha256(data)}"',
                    "X-Linked-Size": str(len(data)),
                },
            )
        return web.Response(
            body=data, headers={"X-Repo-Commit": commit, "ETag": f'"{blob_sha1(data)}"'}
        )

    async def _blob(self, request: web.Request) -> web.Response:
        if self.cdn_down:
            raise web.HTTPServiceUnavailable(text="<html>\n<h1>503</h1>\n</html>")
        wanted = request.match_info["sha256"]
        for by_commit in self.commits.values():
            for files in by_commit.values():
                for data in files.values():
                    if sha256(data) == wanted:
                        if wanted in self.tampered:
                            data = bytes([data[0] ^ 1]) + data[1:]
                        return web.Response(body=data, content_type="application/octet-stream")
        raise web.HTTPNotFound()
