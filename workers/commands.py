"""The entry point of each ``verifier`` command: what it reads, runs and writes.

:mod:`workers.cli` parses the command line and calls one function here per command;
these functions take plain values, do the file and terminal I/O, and leave the deciding to
the library (:mod:`verifier`). Exit statuses are documented in :mod:`workers.cli`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import click

from verifier import __version__
from verifier.config import Settings, config_file, load_settings
from verifier.errors import InputError
from verifier.judges import Decision
from verifier.pipeline import check as run_check
from verifier.plagiarism.detect import SourceText, detect
from verifier.render import plagiarism_text, report_html, report_json, report_text, rubric_text
from verifier.render.text import shorten
from verifier.runtime import open_runtime
from verifier.schema import CheckRequest, Report, parse_flags
from verifier.search.corpus import build_index
from verifier.system.files import atomic_text
from verifier.system.versions import DISTRIBUTION, NOT_INSTALLED, extra_versions, library_versions
from verifier.web.extract import Extractor, extract_html
from workers.batch import check_batch, read_batch
from workers.store.jobs import default_processes
from workers.terminal import show_notices, terminal_progress, warn_incomplete

PLAGIARISM_SCHEMA = "verifier.plagiarism/2"


def _service() -> Any:
    """The service's modules (the aiohttp app, the job store), loaded only by the commands
    that use them."""
    from workers import service

    return service


EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INCOMPLETE = 3


def _root_option(name: str) -> str | None:
    """An option given before the command (``verifier --config FILE check ...``)."""
    context = click.get_current_context(silent=True)
    value = context.find_root().params.get(name) if context else None
    return str(value) if value else None


def config_source(config: str | None) -> str:
    """The config file a command reads (its ``--config``, the one before the command, the
    environment's or the current directory's), for the service's start line."""
    path = config_file(config or _root_option("config"))
    return str(path) if path else "built-in defaults"


def load(config: str | None, data_dir: str | None) -> Settings:
    """The settings a command runs with: its ``--config`` and ``--data-dir``, else those
    given before the command, else the environment and defaults. A config file read from
    the current directory only because it is there is named on a terminal's stderr (the
    service names the file it runs with in its start line)."""
    config = config or _root_option("config")
    data_dir = data_dir or _root_option("data_dir")
    path = config_file(config)
    implicit = config is None and not os.environ.get("VERIFIER_CONFIG") and path is not None
    if implicit and sys.stderr.isatty():
        click.echo(
            f"verifier: note: reading {path} (the current directory's config.toml; "
            "--config FILE or VERIFIER_CONFIG picks another)",
            err=True,
        )
    settings = load_settings(config)
    if data_dir:
        settings = settings.with_overrides({"store.data_dir": data_dir})
    return settings


def read_text_input(path: str, what: str) -> str:
    """Read a UTF-8 text file (or stdin for ``-``); InputError for binary or bad UTF-8."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        msg = f"cannot read the {what} file {path}: {exc.strerror or exc}"
        raise InputError(msg) from exc
    return decode_input(data, f"the {what} ({'stdin' if path == '-' else path})")


def decode_input(data: bytes, label: str) -> str:
    if b"\x00" in data[:65536]:
        msg = f"{label} looks binary (it contains NUL bytes); give a UTF-8 text file"
        raise InputError(msg)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        msg = f"{label} is not valid UTF-8 (bad byte 0x{data[exc.start]:02x} at offset {exc.start}); convert it to UTF-8, e.g. with iconv"
        raise InputError(msg) from exc
    return text.removeprefix("\ufeff")


def _render(report: Report, fmt: str, *, details: bool = False) -> str:
    if fmt == "html":
        return report_html(report)
    if fmt == "json":
        return report_json(report) + "\n"
    return report_text(report, details=details)


@contextmanager
def _output(out: str | None) -> Iterator[IO[str]]:
    """``--out FILE`` (replaced only if the block succeeds), else stdout."""
    if out:
        with atomic_text(out) as sink:
            yield sink
        return
    yield sys.stdout
    sys.stdout.flush()


async def _check_one(
    request: CheckRequest, settings: Settings, corpora: tuple[str, ...], web: bool
) -> Report:
    async with open_runtime(settings, corpora=corpora, web=web) as runtime:
        with terminal_progress() as progress:
            return await run_check(request, runtime, progress=progress)


def _source_file(path: str) -> SourceText:
    try:
        body = Path(path).read_bytes()
    except OSError as exc:
        msg = f"cannot read the source file {path}: {exc.strerror or exc}"
        raise InputError(msg) from exc
    url = Path(path).resolve().as_uri()
    if Path(path).suffix.lower() in (".html", ".htm"):
        data = extract_html(body, url, None)
        text, title = data["text"], data["title"]
    else:
        text, title = decode_input(body, f"the source ({path})"), Path(path).name
    return SourceText(
        url, title or Path(path).name, "sha256:" + hashlib.sha256(body).hexdigest(), text
    )


async def _judge_rows(settings: Settings, stream: IO[str], sink: IO[str], show: bool) -> int:
    from verifier.judges import aggregate, run_chain
    from verifier.judges.registry import build_judges
    from verifier.system.deadline import Deadline

    judges = build_judges(settings)
    failures = 0
    try:
        with terminal_progress(enabled=show) as progress:
            for number, line in enumerate(stream, start=1):
                if not line.strip():
                    continue
                row_id, claim, evidence = _judge_row(line, number)
                if isinstance(claim, InputError):
                    failures += 1
                    click.echo(f"verifier: {claim}", err=True)
                    sink.write(json.dumps({"id": row_id, "error": str(claim)}) + "\n")
                    continue
                deadline = Deadline.after(settings.limits.claim_budget_s)
                decision = aggregate(
                    await run_chain(judges, claim, evidence, deadline),
                    settings.judges.refuted_threshold,
                )
                fields = _decision_fields(decision, [j.name for j in judges])
                sink.write(json.dumps({"id": row_id, **fields}, ensure_ascii=False) + "\n")
                sink.flush()
                if progress is not None:
                    progress("claim_done", None)
    finally:
        for j in judges:
            if hasattr(j, "aclose"):
                await j.aclose()
    return failures


def _judge_row(line: str, number: int) -> tuple[object, str | InputError, list[str]]:
    """``(id, claim, evidence)``, or ``(id, error, [])`` for a row that cannot be judged
    (the id is kept when the row has one)."""
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        return (
            None,
            InputError(f"input line {number}: not JSON ({exc.msg} at column {exc.colno})"),
            [],
        )
    if not isinstance(row, dict):
        error = InputError(f"input line {number}: expected an object with 'claim' and 'evidence'")
        return None, error, []
    claim, evidence = row.get("claim"), row.get("evidence")
    if not isinstance(claim, str) or not claim.strip():
        error = InputError(f"input line {number}: 'claim' must be a non-empty string")
        return row.get("id"), error, []
    if isinstance(evidence, str):
        evidence = [evidence]
    if not isinstance(evidence, list) or not all(isinstance(e, str) for e in evidence):
        error = InputError(f"input line {number}: 'evidence' must be a list of strings")
        return row.get("id"), error, []
    return row.get("id"), claim, evidence


def _decision_fields(decision: Decision, chain: list[str]) -> dict[str, object]:
    lead = decision.lead
    return {
        "label": decision.label,
        "confidence": decision.confidence,
        "evidence_index": lead.evidence_index if lead else None,
        "judge": lead.judge if lead else chain[0],
        "disputed": decision.disputed,
        "sentence": lead.sentence if lead else None,
        "start": lead.start if lead else None,
        "end": lead.end if lead else None,
        "matched": list(lead.matched) if lead else [],
        "conflicts": list(lead.conflicts) if lead else [],
        "reason": decision.reason,
        "counter_evidence_index": decision.counter.evidence_index if decision.counter else None,
        "counter_sentence": decision.counter.sentence if decision.counter else None,
    }


def _size(n: int) -> str:
    if n < 1000:
        return f"{n} bytes"
    value, unit = n / 1000, "kB"
    for bigger in ("MB", "GB"):
        if value < 1000:
            break
        value, unit = value / 1000, bigger
    return f"{value:.1f} {unit}"


def _read_reports(paths: tuple[str, ...]) -> list[Report]:
    """Reports from files holding one JSON report, or JSON lines (`check --batch` output)."""
    out: list[Report] = []
    for path in paths:
        raw = read_text_input(path, "report")
        stripped = raw.strip()
        try:
            if stripped.startswith("{") and "\n{" not in stripped:
                items = [json.loads(stripped)]
            else:
                items = [json.loads(line) for line in stripped.splitlines() if line.strip()]
        except json.JSONDecodeError as exc:
            msg = f"{path} is not JSON ({exc.msg} at line {exc.lineno}); give reports written by `verifier check`"
            raise InputError(msg) from exc
        for number, item in enumerate(items, start=1):
            if isinstance(item, dict) and "error" in item and "schema" not in item:
                continue  # a failed batch row
            try:
                out.append(Report.from_dict(item))
            except (ValueError, KeyError, TypeError) as exc:
                msg = f"{path}, report {number}: not a verifier report ({exc})"
                raise InputError(msg) from exc
    return out


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """What `verifier check` was asked for (its arguments and options)."""

    response_file: str | None = None
    prompt_file: str | None = None
    corpora: tuple[str, ...] = ()
    no_web: bool = False
    fmt: str = "json"
    out: str | None = None
    batch: str | None = None
    jobs: int = 2
    processes: int | None = None
    flags: str | None = None
    config: str | None = None
    data_dir: str | None = None
    details: bool = False


def check(options: CheckOptions) -> None:
    """Check RESPONSE_FILE (or - for stdin): claims, queries and ranked evidence."""
    _refuse_mixed(options)
    rater_flags = parse_flags(options.flags)
    settings = load(options.config, options.data_dir)
    for corpus in options.corpora:
        if not Path(corpus).exists():
            msg = f"corpus path {corpus} does not exist; pass a directory of .txt/.md/.html files or an index built by `verifier index`"
            raise InputError(msg)
    with show_notices():
        if options.batch:
            _check_batch(options, options.batch, settings)
        else:
            _check_response(options, settings, rater_flags)


def _refuse_mixed(options: CheckOptions) -> None:
    """One response or a batch, each with the options that fit it."""
    batch, fmt = options.batch, options.fmt
    if batch and options.response_file:
        msg = "give either RESPONSE_FILE or --batch, not both"
        raise click.UsageError(msg)
    if not batch and not options.response_file:
        msg = "give RESPONSE_FILE (or - for stdin), or --batch FILE.jsonl"
        raise click.UsageError(msg)
    if batch and fmt != "json":
        msg = f"--batch writes JSON lines; drop --format {fmt}"
        raise click.UsageError(msg)
    if batch and options.flags:
        msg = "--flags is for one response; give each --batch row a flags object"
        raise click.UsageError(msg)


def _check_batch(options: CheckOptions, batch: str, settings: Settings) -> None:
    """Check every row of ``batch``, one JSON report per line; exit with the batch's
    status."""
    web_on = not options.no_web
    rows = read_batch(batch, settings.limits)
    with _output(options.out) as sink:
        failures, incomplete = asyncio.run(
            check_batch(
                rows,
                settings,
                options.corpora,
                web_on,
                options.jobs,
                sink,
                processes=options.processes or default_processes(settings, web_on),
            )
        )
    if failures:
        click.echo(
            f"verifier: {failures} batch row(s) failed; their lines carry an 'error'",
            err=True,
        )
        sys.exit(EXIT_FAILED)
    if incomplete:
        click.echo(
            f"verifier: {incomplete} report(s) incomplete; see each report's 'incomplete'",
            err=True,
        )
        sys.exit(EXIT_INCOMPLETE)


def _check_response(
    options: CheckOptions, settings: Settings, rater_flags: dict[str, bool]
) -> None:
    """Check one response and write its report in the asked format."""
    response = read_text_input(options.response_file or "-", "response")
    prompt = read_text_input(options.prompt_file, "prompt") if options.prompt_file else ""
    report = asyncio.run(
        _check_one(
            CheckRequest(response, prompt, flags=rater_flags),
            settings,
            options.corpora,
            not options.no_web,
        )
    )
    rendered = _render(report, options.fmt, details=options.details)
    with _output(options.out) as sink:
        sink.write(rendered)
    warn_incomplete(report)
    if report.status == "incomplete":
        sys.exit(EXIT_INCOMPLETE)


def index(directory: str, db: str, config: str | None) -> None:
    """Index DIRECTORY's .txt, .md and .html files for `verifier check --corpus DB`."""
    settings = load(config, None)

    async def run() -> Any:
        extractor = Extractor(settings.extract)
        try:
            return await build_index(
                directory, db, extractor=extractor, passage_chars=settings.evidence.passage_chars
            )
        finally:
            await extractor.aclose()

    stats = asyncio.run(run())
    for path, error in stats.failed:
        click.echo(f"verifier: skipped {path}: {error}", err=True)
    click.echo(
        f"indexed {directory} into {db}: {stats.added} added, {stats.updated} updated, "
        f"{stats.unchanged} unchanged, {stats.removed} removed, {len(stats.failed)} failed; "
        f"{stats.passages} new passages"
    )


def plagiarism(
    *,
    response_file: str,
    source_files: tuple[str, ...],
    prompt_file: str | None,
    fmt: str,
    config: str | None,
) -> None:
    """Check RESPONSE_FILE (or -) for text copied from the given source files, offline."""
    settings = load(config, None)
    response = read_text_input(response_file, "response")
    prompt = read_text_input(prompt_file, "prompt") if prompt_file else ""
    sources = [_source_file(path) for path in source_files]
    result = detect(response, prompt, sources, settings.plagiarism)
    if fmt == "json":
        data = {"schema": PLAGIARISM_SCHEMA, **result.to_dict()}
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        click.echo(plagiarism_text(result), nl=False)


def judge(
    *, input_file: str, judge_names: tuple[str, ...], out: str | None, config: str | None
) -> None:
    """Judge claims against your own evidence, one JSONL row in, one out, as they come."""
    settings = load(config, None)
    if judge_names:
        settings = settings.with_overrides({"judges.chain": list(judge_names)})
    try:
        stream = sys.stdin if input_file == "-" else open(input_file, encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        msg = f"cannot read the input file {input_file}: {exc.strerror or exc}"
        raise InputError(msg) from exc
    with stream, _output(out) as sink:
        failures = asyncio.run(_judge_rows(settings, stream, sink, input_file != "-"))
    if failures:
        sys.exit(1)


def score(
    *, input_file: str, flags: str | None, fmt: str, out: str | None, config: str | None
) -> None:
    """Re-apply the rubric to a stored report, e.g. after a rater adds a flag."""
    from verifier.rubric.scorer import score as score_rubric

    raw = read_text_input(input_file, "report")
    try:
        report = Report.from_dict(json.loads(raw))
    except (json.JSONDecodeError, ValueError, KeyError, TypeError) as exc:
        msg = f"{input_file} is not a verifier report ({exc}); give the JSON `verifier check` wrote"
        raise InputError(msg) from exc
    settings = load(config, None)
    rater_flags = parse_flags(flags) if flags is not None else report.request.get("flags", {})
    report.request["flags"] = dict(rater_flags)
    report.rubric = score_rubric(
        report.request["response"],
        report.request.get("prompt", ""),
        truthfulness=report.truthfulness,
        plagiarism=report.plagiarism,
        flags=rater_flags,
        settings=settings.rubric,
        grammar=report.grammar,
    )
    with _output(out) as sink:
        sink.write(report_json(report) + "\n" if fmt == "json" else rubric_text(report.rubric))


def serve(
    *,
    host: str | None,
    port: int | None,
    concurrency: int | None,
    processes: int | None,
    corpora: tuple[str, ...],
    no_web: bool,
    config: str | None,
    data_dir: str | None,
) -> None:
    """Run the HTTP API and, unless concurrency is 0, job processes beside it."""
    settings = load(config, data_dir)
    s = settings.service
    asyncio.run(
        _service().run_service(
            settings,
            corpora,
            not no_web,
            s.concurrency if concurrency is None else concurrency,
            serve=(host or s.host, s.port if port is None else port),
            processes=s.processes if processes is None else processes,
            debug=_debug(),
            config_source=config_source(config),
        )
    )


def _debug() -> bool:
    """Whether ``--debug`` was given (the service's log then has tracebacks)."""
    context = click.get_current_context(silent=True)
    return bool(context and context.find_root().params.get("debug"))


def worker(
    *,
    concurrency: int | None,
    corpora: tuple[str, ...],
    no_web: bool,
    config: str | None,
    data_dir: str | None,
    alive_file: str | None = None,
) -> None:
    """Run jobs from the store (several worker processes may share one data dir)."""
    settings = load(config, data_dir)
    asyncio.run(
        _service().run_service(
            settings,
            corpora,
            not no_web,
            concurrency or settings.service.concurrency or 1,
            serve=None,
            debug=_debug(),
            alive_file=alive_file,
            config_source=config_source(config),
        )
    )


def pg_components() -> list[Any]:
    """The PostgreSQL schema's components, in the order `verifier db migrate` applies them."""
    from verifier.snapshots.postgres import SNAPSHOT_MIGRATIONS
    from workers.store.pgstore import JOB_MIGRATIONS
    from workers.store.queue import queue_migrations

    return [JOB_MIGRATIONS, SNAPSHOT_MIGRATIONS, queue_migrations()]


def db_migrate(config: str | None, data_dir: str | None) -> None:
    """Bring the service's database to this version's schema; one line per component."""
    from verifier.system.postgres import database_of, migrate, open_pool

    settings = load(config, data_dir)
    database = database_of(settings)
    if not database.postgres:
        from workers.store.jobstore import SqliteJobStore

        store = SqliteJobStore(database.target)  # migrated on open
        version = store.migrate()
        store.close()
        click.echo(f"{database}: jobs at version {version} (SQLite migrates itself on start)")
        return
    pool = open_pool(database.target, 2, name="verifier-migrate")
    try:
        done = migrate(pool, pg_components())
    finally:
        pool.close()
    for component, (before, after) in done.items():
        change = f"{before} -> {after}" if before != after else f"{after} (up to date)"
        click.echo(f"{database}: {component} at version {change}")


def db_status(config: str | None, data_dir: str | None) -> None:
    """Each component's version against this verifier's; exit 1 when a migration is due."""
    from verifier.system.postgres import database_of, open_pool, versions

    settings = load(config, data_dir)
    database = database_of(settings)
    if not database.postgres:
        click.echo(f"{database}: SQLite (migrated on start; nothing to do)")
        return
    pool = open_pool(database.target, 1, name="verifier-status")
    try:
        found = versions(pool)
    finally:
        pool.close()
    due = False
    for component in pg_components():
        have = found.get(component.component, 0)
        due |= have != component.version
        state = "ok" if have == component.version else "run `verifier db migrate`"
        click.echo(
            f"{database}: {component.component} at {have}, needs {component.version}: {state}"
        )
    if due:
        sys.exit(EXIT_FAILED)


def keys_create(*, role: str, name: str, config: str | None, data_dir: str | None) -> None:
    """Create a key; the key itself is the last line of the output."""
    with _service().job_store(load(config, data_dir)) as store:
        key, token = store.create_key(role, name)
    click.echo(f"id: {key.id}")
    click.echo(f"role: {key.role}")
    click.echo(f"callback secret (HMAC-SHA256 of callback bodies): {key.callback_secret}")
    click.echo("the key, shown once:")
    click.echo(token)


def keys_list(config: str | None, data_dir: str | None) -> None:
    """List keys (never the keys themselves)."""
    with _service().job_store(load(config, data_dir)) as store:
        keys = store.list_keys()
    for key in keys:
        state = "revoked" if key.revoked_at else "active"
        click.echo(f"{key.id}\t{key.role}\t{state}\t{key.name}")


def keys_revoke(key_id: str, config: str | None, data_dir: str | None) -> None:
    """Revoke a key by its id."""
    with _service().job_store(load(config, data_dir)) as store:
        revoked = store.revoke_key(key_id)
    if not revoked:
        msg = f"no active key {key_id!r}; see `verifier keys list`"
        raise InputError(msg)
    click.echo(f"revoked {key_id}")


def models_pull(
    *, name: str, revision: str | None, config: str | None, data_dir: str | None
) -> None:
    """Download NAME (a Hugging Face model id with an ONNX export) into the data dir."""
    from verifier.judges.hub import pull

    settings = load(config, data_dir)
    result = pull(name, settings.data_dir(), revision=revision, progress=sys.stderr.isatty())
    model, manifest = result.model, result.model.manifest
    if not result.downloaded:
        click.echo(
            f"{name} is already present at commit {manifest.commit[:12]} in {model.directory}; nothing downloaded"
        )
    else:
        files = ", ".join(
            f.name if f.name == f.source else f"{f.name} (from {f.source})" for f in manifest.files
        )
        click.echo(
            f"pulled {name} at commit {manifest.commit[:12]} (revision {manifest.revision}) into {model.directory}: {files}; {_size(manifest.size)}"
        )
    click.echo(f"model id: {model.model_id}")
    click.echo(
        f"use it: judges.nli.model = {name!r} with nli in judges.chain, e.g. VERIFIER_JUDGES__CHAIN=heuristic,nli VERIFIER_JUDGES__NLI__MODEL={name}"
    )


def models_list(config: str | None, data_dir: str | None) -> None:
    """List pulled models: name, commit, revision, files, size, when pulled."""
    from verifier.judges.hub import list_models

    settings = load(config, data_dir)
    found = list_models(settings.data_dir())
    if not found:
        click.echo(
            f"no models in {settings.data_dir() / 'models'}; fetch one with `verifier models pull NAME`"
        )
        return
    for model in found:
        m = model.manifest
        files = ",".join(f.name for f in m.files)
        click.echo(
            f"{model.name}\t{m.commit[:12]}\t{m.revision}\t{files}\t{_size(m.size)}\t{m.pulled_at}"
        )


def audit(
    *,
    target: str,
    mode: str,
    full: bool,
    corpora: tuple[str, ...],
    no_web: bool,
    config: str | None,
    data_dir: str | None,
) -> None:
    """Audit a check: replay it from its stored evidence, or re-run it fresh."""
    from verifier.replay import audit as audits
    from verifier.runtime import open_snapshots
    from verifier.system.postgres import database_of

    settings = load(config, data_dir)
    from_file = Path(target).is_file()
    if from_file:
        reports = _read_reports((target,))
        if not reports:
            msg = f"{target} holds no report"
            raise InputError(msg)
        original = reports[0].to_dict()
    else:
        with _service().job_store(settings) as store:
            found = store.report(target)
            job = store.get(target) if found is None else None
        if found is None:
            what = "no such check or report file" if job is None else f"the check is {job.state}"
            msg = f"cannot audit {target}: {what}; give a finished check's id or a report file"
            raise InputError(msg)
        original = found

    async def run() -> dict[str, Any]:
        if mode == "replay":
            snapshots = open_snapshots(settings)
            try:
                return await audits.replay(original, snapshots, settings)
            except KeyError as exc:
                database = database_of(settings)
                where = database if database.postgres else settings.data_dir()
                msg = f"snapshot {exc.args[0]} is not in {where}; replay where the check ran (--data-dir, or --database)"
                raise InputError(msg) from exc
            finally:
                snapshots.close()
        async with open_runtime(settings, corpora=corpora, web=not no_web) as runtime:
            return await audits.rerun(original, runtime)

    result = asyncio.run(run())
    audit_id = None
    if not from_file:
        with _service().job_store(settings) as store:
            audit_id = store.add_audit(target, mode, result, "cli").id
    summary = {k: v for k, v in result.items() if full or k != "report"}
    click.echo(json.dumps({"audit_id": audit_id, **summary}, indent=2, ensure_ascii=False))


def export(*, reports: tuple[str, ...], fmt: str, out: str | None, label_config: bool) -> None:
    """Export REPORTS (files from `verifier check`, JSON or JSON lines) to annotation tools."""
    from verifier.report.exports import (
        LABEL_STUDIO_CONFIG,
        argilla_record,
        jsonl_row,
        label_studio_task,
    )

    if label_config:
        click.echo(LABEL_STUDIO_CONFIG, nl=False)
        return
    loaded = _read_reports(reports)
    with _output(out) as sink:
        if fmt == "jsonl":
            for report in loaded:
                sink.write(json.dumps(jsonl_row(report), ensure_ascii=False) + "\n")
            return
        convert = label_studio_task if fmt == "label-studio" else argilla_record
        sink.write(json.dumps([convert(r) for r in loaded], ensure_ascii=False, indent=1) + "\n")


def schema_report() -> None:
    """Print the report's JSON Schema."""
    from verifier.report.json_schema import report_json_schema

    click.echo(json.dumps(report_json_schema(), indent=2, ensure_ascii=False))


def _json_path(parts: Sequence[str | int]) -> str:
    """An error's place in the report as a JSON path: ``$.claims[3].verdict.label``."""
    path = "$"
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        elif part.isidentifier():
            path += f".{part}"
        else:
            path += f"[{json.dumps(part)}]"
    return path


def _documents(raw: str, path: str) -> list[tuple[str, Any]]:
    """The JSON documents of a stored report file: one report, or JSON lines (one report
    a line, as `check --batch` writes them), each named for its error lines."""
    try:
        return [("", json.loads(raw))]
    except json.JSONDecodeError as whole:
        lines = [(n, line) for n, line in enumerate(raw.splitlines(), start=1) if line.strip()]
        if len(lines) < 2:
            msg = f"{path} is not JSON ({whole.msg} at line {whole.lineno} column {whole.colno})"
            raise InputError(msg) from whole
        documents = []
        for number, line in lines:
            try:
                documents.append((f"line {number}: ", json.loads(line)))
            except json.JSONDecodeError as exc:
                msg = (
                    f"{path} is neither JSON nor JSON lines (line {number}: {exc.msg} at "
                    f"column {exc.colno})"
                )
                raise InputError(msg) from exc
        return documents


def _plain_errors(error: Any) -> Iterator[Any]:
    """``error``, or, for a value that matches none of a field's kinds (``anyOf``, as for
    a field that may be null), the errors of the one kind of that type, which say what
    is wrong inside it ("$.claims[0].verdict.label: "maybe" is not one of ...")."""
    if error.kind.name in ("anyOf", "oneOf") and error.kind.context:
        same_type = [
            branch
            for branch in error.kind.context
            if not (
                len(branch) == 1
                and branch[0].kind.name == "type"
                and branch[0].instance_path == error.instance_path
            )
        ]
        if len(same_type) == 1:
            for inner in same_type[0]:
                yield from _plain_errors(inner)
            return
    yield error


def schema_validate(path: str, *, most: int = 100) -> None:
    """Validate a stored report against ``verifier schema report``: one line and exit 0
    when valid; each error's JSON path and message and exit 2 when not."""
    import jsonschema_rs

    from verifier.report.json_schema import report_json_schema

    schema = report_json_schema()
    validator = jsonschema_rs.validator_for(schema)
    documents = _documents(read_text_input(path, "report"), path)
    errors: list[str] = []
    for where, document in documents:
        for error in (e for found in validator.iter_errors(document) for e in _plain_errors(found)):
            message = shorten(error.message, 300)
            errors.append(f"{path}: {where}{_json_path(error.instance_path)}: {message}")
    if not errors:
        what = f"{len(documents)} reports match" if len(documents) > 1 else "matches"
        click.echo(f"{path}: valid: {what} {schema['title']} (verifier schema report)")
        return
    for line in errors[:most]:
        click.echo(line)
    if len(errors) > most:
        click.echo(f"{path}: ... and {len(errors) - most} more errors")
    click.echo(
        f"verifier: error: {path}: invalid: {len(errors)} error(s) against {schema['title']} "
        "(verifier schema report)",
        err=True,
    )
    sys.exit(EXIT_USAGE)


def schema_openapi() -> None:
    """Print the API's OpenAPI document."""
    from workers.openapi import openapi

    click.echo(json.dumps(openapi(), indent=2, ensure_ascii=False))


def version() -> None:
    """Print the versions of verifier and the libraries it depends on."""
    click.echo(f"verifier {__version__}")
    for name, ver in library_versions().items():
        click.echo(f"{name} {ver}")
    for extra, libraries in extra_versions().items():
        hint = f" (pip install '{DISTRIBUTION}[{extra}]')"
        for name, ver in libraries.items():
            click.echo(f"{name} {ver}{hint if ver == NOT_INSTALLED else ''} [{extra}]")
