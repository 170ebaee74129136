"""``verifier models pull`` against a hub played on loopback (tests/fake_hub.py) serving the
tiny NLI model of tests/judges/tiny_nli.py; nothing leaves the machine."""

from __future__ import annotations

import asyncio
import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")
pytest.importorskip("huggingface_hub")

from tests.fake_hub import FakeHub, read_files
from tests.judges.tiny_nli import build
from verifier.config import NliJudgeSettings, Settings
from verifier.errors import ConfigError, InputError
from verifier.judges.hub import list_models, model_dir_name, pull, resolve
from verifier.judges.nli import NliJudge
from verifier.judges.registry import build_judges
from workers.cli import main

REPO = "verifier-tests/tiny-nli"
MAIN = hashlib.sha1(b"main", usedforsecurity=False).hexdigest()
V1 = hashlib.sha1(b"v1", usedforsecurity=False).hexdigest()
BROKEN = hashlib.sha1(b"broken", usedforsecurity=False).hexdigest()
CLAIM = "The tower opened in 1889."


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def one_error_line(result: Result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("verifier: error: ")
    return lines[0]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    return read_files(build(tmp_path_factory.mktemp("tiny")))


@pytest.fixture(scope="module")
def two_class(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    return read_files(build(tmp_path_factory.mktemp("two"), labels=("unsupported", "supported")))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"  # conftest points VERIFIER_DATA_DIR here


@pytest.fixture
def hf_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """huggingface_hub confined to tmp: no cache, token or telemetry of the machine's."""
    from huggingface_hub import constants

    home = tmp_path / "hf"
    monkeypatch.setenv("HF_HOME", str(home))
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    for name in ("HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_HUB_OFFLINE", "HF_ENDPOINT"):
        monkeypatch.delenv(name, raising=False)
    # huggingface_hub reads these when it is imported; point them into tmp as well
    for attr, path in {
        "HF_HOME": home,
        "HF_HUB_CACHE": home / "hub",
        "HF_TOKEN_PATH": home / "token",
        "HF_STORED_TOKENS_PATH": home / "stored_tokens",
    }.items():
        monkeypatch.setattr(constants, attr, str(path))
    return home


@pytest.fixture
async def hub(
    aiohttp_server, hf_home: Path, monkeypatch: pytest.MonkeyPatch, tiny: dict[str, bytes]
) -> FakeHub:
    fake = FakeHub()
    cdn = await aiohttp_server(fake.cdn())
    server = await aiohttp_server(fake.app())
    fake.cdn_url = str(cdn.make_url("/")).rstrip("/")
    monkeypatch.setenv("HF_ENDPOINT", str(server.make_url("/")).rstrip("/"))
    fake.add(REPO, MAIN, {**tiny, "README.md": b"# tiny\n"}, "main")
    return fake


def leftovers(data_dir: Path) -> list[str]:
    root = data_dir / "models"
    return sorted(p.name for p in root.iterdir()) if root.is_dir() else []


async def test_pull_then_the_nli_judge_uses_it(
    hub: FakeHub, data_dir: Path, hf_home: Path, tiny: dict[str, bytes]
) -> None:
    result = await asyncio.to_thread(pull, REPO, data_dir)
    assert result.downloaded
    model = result.model
    assert model.directory == data_dir / "models" / "verifier-tests--tiny-nli"
    assert sorted(p.name for p in model.directory.iterdir()) == [
        "config.json",
        "manifest.json",
        "model.onnx",
        "tokenizer.json",
    ]
    manifest = json.loads((model.directory / "manifest.json").read_text())
    assert manifest["repo_id"] == REPO
    assert manifest["revision"] == "main"
    assert manifest["commit"] == MAIN
    assert manifest["pulled_at"]
    assert manifest["endpoint"].startswith("http://127.0.0.1:")
    for name, data in tiny.items():
        assert manifest["files"][name] == {
            "source": name,
            "sha256": hashlib.sha256(data).hexdigest(),
            "size": len(data),
        }
        assert (model.directory / name).read_bytes() == data
    # one listing, the small files from the hub, model.onnx from the CDN; not the README
    resolve_url = f"/{REPO}/resolve/{MAIN}/"
    blob_url = "/blobs/" + hashlib.sha256(tiny["model.onnx"]).hexdigest()
    assert sorted(hub.log) == sorted(
        [
            ("GET", f"/api/models/{REPO}/revision/main"),
            ("HEAD", resolve_url + "config.json"),
            ("GET", resolve_url + "config.json"),
            ("HEAD", resolve_url + "tokenizer.json"),
            ("GET", resolve_url + "tokenizer.json"),
            ("HEAD", resolve_url + "model.onnx"),  # 302 to the CDN, which is not asked on HEAD
            ("GET", blob_url),
        ]
    )
    assert leftovers(data_dir) == ["verifier-tests--tiny-nli"]
    assert not (hf_home / "hub").exists()  # huggingface_hub's own cache is not used

    settings = Settings().with_overrides(
        {
            "judges.chain": ["heuristic", "nli"],
            "judges.nli.model": REPO,
            "store.data_dir": str(data_dir),
        }
    )
    _heuristic, nli = build_judges(settings)
    assert isinstance(nli, NliJudge)
    onnx_sha = hashlib.sha256(tiny["model.onnx"]).hexdigest()
    assert nli.model_id == f"{REPO}@{MAIN[:12]} sha256:{onnx_sha[:12]}"
    assert nli.model_dir == model.directory
    found = nli.judge_all(CLAIM, ["It is true: the tower opened in 1889.", "That is false."])
    assert [j.label for j in found] == ["supported", "refuted"]

    assert [m.name for m in list_models(data_dir)] == [REPO]
    assert resolve(REPO, data_dir).manifest.commit == MAIN


async def test_pulling_again_is_a_noop(hub: FakeHub, data_dir: Path) -> None:
    first = await asyncio.to_thread(pull, REPO, data_dir)
    stamp = (first.model.directory / "manifest.json").read_text()
    hub.log.clear()
    again = await asyncio.to_thread(run, "models", "pull", REPO)
    assert again.exit_code == 0, again.stderr
    assert f"already present at commit {MAIN[:12]}" in again.stdout
    assert "nothing downloaded" in again.stdout
    assert hub.log == [("GET", f"/api/models/{REPO}/revision/main")]  # resolved, not downloaded
    assert (first.model.directory / "manifest.json").read_text() == stamp

    hub.log.clear()
    by_commit = await asyncio.to_thread(pull, REPO, data_dir, revision=MAIN)
    assert not by_commit.downloaded
    assert hub.log == []  # a commit never changes: no need to ask the hub

    (first.model.directory / "tokenizer.json").write_text("{}")  # damaged: pulled again
    repaired = await asyncio.to_thread(pull, REPO, data_dir)
    assert repaired.downloaded
    assert json.loads((repaired.model.directory / "tokenizer.json").read_text()) != {}


async def test_revision_is_passed_through_and_replaces_the_copy(
    hub: FakeHub, data_dir: Path, two_class: dict[str, bytes]
) -> None:
    hub.add(REPO, V1, two_class, "v1")
    result = await asyncio.to_thread(run, "models", "pull", REPO, "--revision", "v1")
    assert result.exit_code == 0, result.stderr
    assert f"pulled {REPO} at commit {V1[:12]} (revision v1)" in result.stdout
    assert "model id: " + resolve(REPO, data_dir).model_id in result.stdout
    assert f"/api/models/{REPO}/revision/v1" in hub.requests("/api/")
    assert all(f"/resolve/{V1}/" in path for path in hub.requests("/resolve/"))
    manifest = resolve(REPO, data_dir).manifest
    assert (manifest.revision, manifest.commit) == ("v1", V1)

    await asyncio.to_thread(pull, REPO, data_dir)  # main replaces v1
    manifest = resolve(REPO, data_dir).manifest
    assert (manifest.revision, manifest.commit) == ("main", MAIN)
    assert leftovers(data_dir) == ["verifier-tests--tiny-nli"]

    listed = await asyncio.to_thread(run, "models", "list")
    assert listed.exit_code == 0, listed.stderr
    [line] = listed.stdout.splitlines()
    assert line.split("\t")[:4] == [
        REPO,
        MAIN[:12],
        "main",
        "model.onnx,tokenizer.json,config.json",
    ]


async def test_an_onnx_folder_export_is_placed_as_model_onnx(
    hub: FakeHub, data_dir: Path, tiny: dict[str, bytes]
) -> None:
    hub.add(
        "org/exported",
        V1,
        {
            "onnx/model.onnx": tiny["model.onnx"],
            "onnx/model_quantized.onnx": b"not fetched",
            "tokenizer.json": tiny["tokenizer.json"],
            "config.json": tiny["config.json"],
            "model.safetensors": b"not fetched",
        },
        "main",
    )
    result = await asyncio.to_thread(pull, "org/exported", data_dir)
    assert result.model.manifest.file("model.onnx").source == "onnx/model.onnx"
    assert (result.model.directory / "model.onnx").read_bytes() == tiny["model.onnx"]
    assert not any("quantized" in p or "safetensors" in p for p in hub.requests("/"))
    assert not (result.model.directory / "onnx").exists()
    NliJudge.from_settings(NliJudgeSettings(model="org/exported"), data_dir)


async def test_a_repo_without_a_tokenizer_fails_in_one_line_and_changes_nothing(
    hub: FakeHub, data_dir: Path, tiny: dict[str, bytes]
) -> None:
    await asyncio.to_thread(pull, REPO, data_dir)
    before = {
        p.name: p.read_bytes() for p in (data_dir / "models" / model_dir_name(REPO)).iterdir()
    }
    no_tokenizer = {k: v for k, v in tiny.items() if k != "tokenizer.json"}
    hub.add(REPO, BROKEN, no_tokenizer, "broken")
    hub.add("org/no-tokenizer", V1, no_tokenizer, "main")

    result = await asyncio.to_thread(run, "models", "pull", "org/no-tokenizer")
    assert result.exit_code == 2
    line = one_error_line(result)
    assert "org/no-tokenizer@main lacks tokenizer.json or onnx/tokenizer.json" in line
    assert "model.onnx" not in line.split("lacks")[1].split(":")[0]  # only what is missing

    result = await asyncio.to_thread(run, "models", "pull", REPO, "--revision", "broken")
    assert result.exit_code == 2
    assert "lacks tokenizer.json" in one_error_line(result)
    assert leftovers(data_dir) == ["verifier-tests--tiny-nli"]
    after = {p.name: p.read_bytes() for p in (data_dir / "models" / model_dir_name(REPO)).iterdir()}
    assert after == before


async def test_a_failure_after_downloading_leaves_nothing_half_written(
    hub: FakeHub, data_dir: Path, tiny: dict[str, bytes]
) -> None:
    await asyncio.to_thread(pull, REPO, data_dir)
    before = resolve(REPO, data_dir).manifest
    hub.add(REPO, BROKEN, {**tiny, "config.json": b'{"labels": []}'}, "no-labels")
    result = await asyncio.to_thread(run, "models", "pull", REPO, "--revision", "no-labels")
    assert result.exit_code == 2
    line = one_error_line(result)
    assert f"{REPO}@{BROKEN[:12]} does not fit the nli judge" in line
    assert "id2label" in line
    assert hub.requests("/blobs/")  # it was downloaded, then refused
    assert leftovers(data_dir) == ["verifier-tests--tiny-nli"]
    assert resolve(REPO, data_dir).manifest == before

    hub.add("org/tampered", V1, tiny, "main")
    hub.tampered.add(hashlib.sha256(tiny["model.onnx"]).hexdigest())
    result = await asyncio.to_thread(run, "models", "pull", "org/tampered")
    assert result.exit_code == 1
    assert "the downloaded model.onnx does not match the hub (sha256" in one_error_line(result)
    assert leftovers(data_dir) == ["verifier-tests--tiny-nli"]


async def test_a_failing_download_fails_in_one_line(
    hub: FakeHub, data_dir: Path, tiny: dict[str, bytes]
) -> None:
    hub.cdn_down = True
    blob = hashlib.sha256(tiny["model.onnx"]).hexdigest()
    result = await asyncio.to_thread(run, "models", "pull", REPO)
    assert result.exit_code == 1
    line = one_error_line(result)
    assert f"pulling {REPO}@main from http://127.0.0.1:" in line
    assert line.endswith(f"failed: HTTP 503 from {hub.cdn_url}/blobs/{blob}")
    assert leftovers(data_dir) == []


async def test_unknown_repo_revision_and_name(hub: FakeHub, data_dir: Path) -> None:
    result = await asyncio.to_thread(run, "models", "pull", "org/nope")
    assert result.exit_code == 2
    assert "model org/nope was not found on http://127.0.0.1:" in one_error_line(result)

    result = await asyncio.to_thread(run, "models", "pull", REPO, "--revision", "v9")
    assert result.exit_code == 2
    assert f"{REPO} has no revision 'v9'" in one_error_line(result)

    for bad in ("../../etc", "a/b/c", "org--x/y", ""):
        result = await asyncio.to_thread(run, "models", "pull", bad)
        assert result.exit_code == 2
        assert "is not a Hugging Face model id" in one_error_line(result)
    assert leftovers(data_dir) == []


def test_hub_down_fails_in_one_line(
    hf_home: Path, closed_port: int, monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    endpoint = f"http://127.0.0.1:{closed_port}"
    monkeypatch.setenv("HF_ENDPOINT", endpoint)
    result = run("models", "pull", REPO)
    assert result.exit_code == 1
    line = one_error_line(result)
    assert line.startswith(f"verifier: error: cannot reach the Hugging Face hub at {endpoint} (")
    assert line.endswith("; check the network or HF_ENDPOINT")
    assert leftovers(data_dir) == []


def test_offline_mode_fails_in_one_line(hf_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = run("models", "pull", REPO)
    assert result.exit_code == 2
    assert "HF_HUB_OFFLINE is set" in one_error_line(result)


def test_list_without_models() -> None:
    result = run("models", "list")
    assert result.exit_code == 0
    assert "no models in" in result.stdout
    assert "verifier models pull NAME" in result.stdout


def test_nli_settings_need_exactly_one_model(tmp_path: Path, data_dir: Path) -> None:
    with pytest.raises(ConfigError, match=r"judges\.nli has no model.*verifier models pull"):
        NliJudge.from_settings(NliJudgeSettings(), data_dir)
    with pytest.raises(ConfigError, match="are both set; keep one"):
        NliJudge.from_settings(NliJudgeSettings(model=REPO, model_dir=str(tmp_path)), data_dir)
    with pytest.raises(ConfigError, match=f"not pulled .*run: verifier models pull {REPO}"):
        NliJudge.from_settings(NliJudgeSettings(model=REPO), data_dir)
    with pytest.raises(ConfigError, match="not a Hugging Face model id"):
        NliJudge.from_settings(NliJudgeSettings(model="../x"), data_dir)
    with pytest.raises(InputError):
        model_dir_name("a/../b")

    settings = Settings().with_overrides(
        {"judges.nli.model": REPO, "store.data_dir": str(data_dir)}
    )
    assert [j.name for j in build_judges(settings)] == ["frames"]  # nli not in the chain
    with pytest.raises(ConfigError, match="verifier models pull"):
        build_judges(settings.with_overrides({"judges.chain": ["heuristic", "nli"]}))


def test_model_dir_judges_name_the_directory_and_hash(tmp_path: Path) -> None:
    directory = build(tmp_path / "my-export")
    judge = NliJudge(directory)
    digest = hashlib.sha256((directory / "model.onnx").read_bytes()).hexdigest()
    assert judge.model_id == f"my-export sha256:{digest[:12]}"


async def test_the_report_names_the_model(
    hub: FakeHub, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pulled = await asyncio.to_thread(pull, REPO, data_dir)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "tower.txt").write_text("It is true that the Eiffel tower opened in 1889.\n")
    monkeypatch.setenv("VERIFIER_JUDGES__CHAIN", "heuristic,nli")
    monkeypatch.setenv("VERIFIER_JUDGES__NLI__MODEL", REPO)
    result = await asyncio.to_thread(
        run,
        "check",
        "-",
        "--corpus",
        str(corpus),
        "--no-web",
        input="The Eiffel tower opened in Paris in the year 1889.",
    )
    assert result.exit_code in (0, 3), result.stderr
    report = json.loads(result.stdout)
    assert report["provenance"]["judges"] == {"nli": pulled.model.model_id}
    assert pulled.model.model_id.startswith(f"{REPO}@{MAIN[:12]} sha256:")


def test_an_unwritable_data_dir_is_refused(tmp_path: Path, hf_home: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(InputError, match="choose a writable --data-dir"):
        pull(REPO, blocker, endpoint="http://127.0.0.1:9", revision="0" * 40)
