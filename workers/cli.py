"""The ``verifier`` command.

Exit status: 0 done; 1 a failure while running (in a batch: some rows failed); 2 bad input,
configuration or corpus (one line, ``verifier: error: ...``; ``--debug`` shows the traceback
instead); 3 the report was written but is incomplete (a check could not run: one
``verifier: warning: ...`` line per such check on stderr). Output files (``--out``,
exports, indexes) are replaced only when the command succeeds.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import click

from verifier import __version__
from verifier.config import Settings, load_settings
from verifier.errors import ConfigError, CorpusError, InputError, VerifierError
from verifier.extract import Extractor, extract_html
from verifier.files import atomic_text
from verifier.judges import Decision
from verifier.model import CheckRequest, Report
from verifier.pipeline import check as run_check
from verifier.plagiarism.detect import SourceText, detect
from verifier.progress import TerminalProgress
from verifier.render import plagiarism_text, report_html, report_json, report_text, rubric_text
from verifier.rubric.scorer import FLAGS, parse_flags
from verifier.runtime import open_runtime
from verifier.search.corpus import build_index

from .jobs import Role

__all__ = ["PLAGIARISM_SCHEMA", "main"]

PLAGIARISM_SCHEMA = "verifier.plagiarism/2"


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


def parse_batch_row(line: str, number: int) -> tuple[str | None, CheckRequest | InputError]:
    """A batch row's id (when it has one) and its request, or the error that refuses it."""
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        return None, InputError(f"batch line {number}: not JSON ({exc.msg} at column {exc.colno})")
    if not isinstance(row, dict):
        return None, InputError(
            f"batch line {number}: expected an object with 'response', got {type(row).__name__}"
        )
    row_id = None if row.get("id") is None else str(row["id"])
    response = row.get("response")
    prompt = row.get("prompt", "")
    if not isinstance(response, str):
        return row_id, InputError(f"batch line {number}: 'response' must be a string")
    if prompt is None:
        prompt = ""
    if not isinstance(prompt, str):
        return row_id, InputError(f"batch line {number}: 'prompt' must be a string")
    raw_flags = row.get("flags")
    if raw_flags is not None and not isinstance(raw_flags, dict):
        return row_id, InputError(
            f"batch line {number}: 'flags' must be an object like {{\"harmful\": true}}"
        )
    try:
        flags = parse_flags(raw_flags)
    except InputError as exc:
        return row_id, InputError(f"batch line {number}: {exc}")
    return row_id, CheckRequest(response=response, prompt=prompt, id=row_id, flags=flags)


def read_batch(path: str) -> list[tuple[str | None, CheckRequest | InputError]]:
    """The rows of a batch file; InputError when it cannot be read or holds no row."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        msg = f"cannot read the batch file {path}: {exc}; give a UTF-8 JSONL file"
        raise InputError(msg) from exc
    rows = [parse_batch_row(line, n) for n, line in enumerate(lines, start=1) if line.strip()]
    if not rows:
        msg = f'the batch file {path} is empty; give one JSON object per line, like {{"id": "r1", "response": "..."}}'
        raise InputError(msg)
    return rows


def _settings(config: str | None, data_dir: str | None) -> Settings:
    settings = load_settings(config)
    if data_dir:
        settings = settings.with_overrides({"store.data_dir": data_dir})
    return settings


@contextmanager
def _progress(
    rows: int | None = None, *, enabled: bool = True
) -> Iterator[TerminalProgress | None]:
    """The progress display on stderr when it is a terminal; None otherwise."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    with TerminalProgress(rows=rows) as progress:
        yield progress


EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INCOMPLETE = 3


def _fail(exc: VerifierError) -> None:
    click.echo(f"verifier: error: {exc}", err=True)
    usage = isinstance(exc, ConfigError | InputError | CorpusError)
    sys.exit(EXIT_USAGE if usage else EXIT_FAILED)


def _warn_incomplete(report: Report, label: str = "") -> None:
    """One warning line per check that could not run in full."""
    for line in report.incomplete:
        click.echo(f"verifier: warning: {label}{line}", err=True)


class _Command(click.Command):
    """Turns VerifierError into one line on stderr (unless --debug)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except VerifierError as exc:
            if ctx.find_root().params.get("debug"):
                raise
            _fail(exc)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show tracebacks instead of one-line errors.")
@click.version_option(__version__, prog_name="verifier")
def main(debug: bool) -> None:
    """Gather web and local evidence for every claim in an LLM response, within hard time
    budgets, and keep every piece of it so the report can be replayed."""


_config_option = click.option(
    "--config",
    type=click.Path(dir_okay=False),
    help="Config file (default: $VERIFIER_CONFIG, else ./config.toml, else built-in).",
)
_prompt_option = click.option(
    "--prompt",
    "prompt_file",
    type=click.Path(dir_okay=False),
    help="The prompt the response answered.",
)
_format_option = click.option(
    "--format", "fmt", type=click.Choice(["json", "text"]), default="json", show_default=True
)
_report_format_option = click.option(
    "--format",
    "fmt",
    type=click.Choice(["json", "text", "html"]),
    default="json",
    show_default=True,
    help="html: the rater's page, one self-contained file.",
)
_flags_option = click.option(
    "--flags",
    help=f"The rater's flags, comma-separated: {', '.join(FLAGS)} (see docs/signals.md).",
)
_data_dir_option = click.option(
    "--data-dir",
    type=click.Path(file_okay=False),
    help="Where snapshots and corpus indexes live (default: $VERIFIER_DATA_DIR or ~/.local/share/verifier).",
)


_evidence_options = [
    click.option(
        "--corpus",
        "corpora",
        multiple=True,
        type=click.Path(),
        help="A directory of .txt/.md/.html files, or an index from `verifier index`. Repeatable.",
    ),
    click.option("--no-web", is_flag=True, help="Do not search the web; use only the corpora."),
]


def _with(options: list[Any]) -> Any:
    def wrap(f: Any) -> Any:
        for option in reversed(options):
            f = option(f)
        return f

    return wrap


@main.command(cls=_Command)
@click.argument("response_file", required=False)
@_prompt_option
@_with(_evidence_options)
@_report_format_option
@click.option(
    "--out",
    type=click.Path(dir_okay=False, writable=True),
    help="Write the report here instead of stdout.",
)
@click.option(
    "--batch",
    type=click.Path(dir_okay=False),
    help="JSONL rows {id, prompt?, response}: one JSON report per line out.",
)
@click.option(
    "--jobs",
    type=click.IntRange(1, 64),
    default=2,
    show_default=True,
    help="Reports checked at once in --batch mode.",
)
@_flags_option
@_config_option
@_data_dir_option
def check(
    response_file: str | None,
    prompt_file: str | None,
    corpora: tuple[str, ...],
    no_web: bool,
    fmt: str,
    out: str | None,
    batch: str | None,
    jobs: int,
    flags: str | None,
    config: str | None,
    data_dir: str | None,
) -> None:
    """Check RESPONSE_FILE (or - for stdin): claims, queries and ranked evidence.

    \b
    Examples:
      verifier check answer.md --prompt question.txt --corpus docs/ --no-web --format text
      verifier check --batch rows.jsonl --out reports.jsonl
    """
    if batch and response_file:
        msg = "give either RESPONSE_FILE or --batch, not both"
        raise click.UsageError(msg)
    if not batch and not response_file:
        msg = "give RESPONSE_FILE (or - for stdin), or --batch FILE.jsonl"
        raise click.UsageError(msg)
    if batch and fmt != "json":
        msg = f"--batch writes JSON lines; drop --format {fmt}"
        raise click.UsageError(msg)
    if batch and flags:
        msg = "--flags is for one response; give each --batch row a flags object"
        raise click.UsageError(msg)
    rater_flags = parse_flags(flags)
    settings = _settings(config, data_dir)
    for corpus in corpora:
        if not Path(corpus).exists():
            msg = f"corpus path {corpus} does not exist; pass a directory of .txt/.md/.html files or an index built by `verifier index`"
            raise InputError(msg)
    if batch:
        rows = read_batch(batch)
        with _output(out) as sink:
            failures, incomplete = asyncio.run(
                _check_batch(rows, settings, corpora, not no_web, jobs, sink)
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
        return
    response = read_text_input(response_file or "-", "response")
    prompt = read_text_input(prompt_file, "prompt") if prompt_file else ""
    report = asyncio.run(
        _check_one(CheckRequest(response, prompt, flags=rater_flags), settings, corpora, not no_web)
    )
    rendered = _render(report, fmt)
    with _output(out) as sink:
        sink.write(rendered)
    _warn_incomplete(report)
    if report.status == "incomplete":
        sys.exit(EXIT_INCOMPLETE)


def _render(report: Report, fmt: str) -> str:
    if fmt == "html":
        return report_html(report)
    return report_json(report) + "\n" if fmt == "json" else report_text(report)


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
        with _progress() as progress:
            return await run_check(request, runtime, progress=progress)


async def _check_batch(
    rows: list[tuple[str | None, CheckRequest | InputError]],
    settings: Settings,
    corpora: tuple[str, ...],
    web: bool,
    jobs: int,
    sink: IO[str],
) -> tuple[int, int]:
    """Check every row, one line out per row in order; (rows failed, reports incomplete)."""
    from .batch import run_batch

    failures = incomplete = 0
    async with open_runtime(settings, corpora=corpora, web=web) as runtime:
        with _progress(rows=len(rows)) as progress:
            requests = [request for _row_id, request in rows]
            results = run_batch(requests, runtime, concurrency=jobs, progress=progress)
            index = 0
            async for result in results:
                row_id = rows[index][0]
                index += 1
                if isinstance(result, Report):
                    sink.write(report_json(result, indent=None) + "\n")
                    if result.status == "incomplete":
                        incomplete += 1
                        _warn_incomplete(result, f"row {row_id or index}: ")
                else:
                    failures += 1
                    click.echo(f"verifier: {result}", err=True)
                    sink.write(
                        json.dumps({"id": row_id, "error": str(result)}, ensure_ascii=False) + "\n"
                    )
                sink.flush()
                if progress is not None:
                    progress("row_done")
    return failures, incomplete


@main.command(cls=_Command)
@click.argument("directory", type=click.Path())
@click.option(
    "--db",
    required=True,
    type=click.Path(dir_okay=False),
    help="The index file to create or update.",
)
@_config_option
def index(directory: str, db: str, config: str | None) -> None:
    """Index DIRECTORY's .txt, .md and .html files for `verifier check --corpus DB`.

    Unchanged files (same content hash) are skipped; removed files leave the index.
    """
    settings = _settings(config, None)

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


@main.command(cls=_Command)
@click.argument("response_file")
@click.option(
    "--source",
    "source_files",
    multiple=True,
    required=True,
    type=click.Path(dir_okay=False),
    help="A .txt, .md or .html file to check against. Repeatable.",
)
@_prompt_option
@_format_option
@_config_option
def plagiarism(
    response_file: str,
    source_files: tuple[str, ...],
    prompt_file: str | None,
    fmt: str,
    config: str | None,
) -> None:
    """Check RESPONSE_FILE (or -) for text copied from the given source files, offline.

    Prints the copy check of a report ("schema": "verifier.plagiarism/2"): verdict, copied
    share, sources and every match with both spans. A source's snapshot_id is the sha256 of
    the file.
    """
    settings = _settings(config, None)
    response = read_text_input(response_file, "response")
    prompt = read_text_input(prompt_file, "prompt") if prompt_file else ""
    sources = [_source_file(path) for path in source_files]
    result = detect(response, prompt, sources, settings.plagiarism)
    if fmt == "json":
        data = {"schema": PLAGIARISM_SCHEMA, **result.to_dict()}
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        click.echo(plagiarism_text(result), nl=False)


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


JUDGE_NAMES = ("heuristic", "nli", "llm")


@main.command(cls=_Command)
@click.option(
    "--input",
    "input_file",
    required=True,
    type=click.Path(dir_okay=False, allow_dash=True),
    help="JSONL rows {id, claim, evidence: [text, ...]} (- for stdin).",
)
@click.option(
    "--judge",
    "judge_names",
    multiple=True,
    type=click.Choice(JUDGE_NAMES),
    help="A judge, or several in chain order (repeat the option); default: judges.chain.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, writable=True),
    help="Write the rows here instead of stdout.",
)
@click.option("--config", type=click.Path(dir_okay=False), help="Config file (TOML).")
def judge(
    input_file: str, judge_names: tuple[str, ...], out: str | None, config: str | None
) -> None:
    """Judge claims against your own evidence, one JSONL row in, one out, as they come.

    Out: {id, label: supported|refuted|inconclusive, confidence, evidence_index, judge}, plus
    disputed, the deciding sentence with its offsets in that evidence text, the slots that
    matched or conflicted, and the reason. Bad rows get {id, error} and the run goes on
    (exit status 1 at the end). Each row gets limits.claim_budget_s.
    """
    settings = load_settings(config)
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


async def _judge_rows(settings: Settings, stream: IO[str], sink: IO[str], show: bool) -> int:
    from verifier.deadline import Deadline
    from verifier.judges import aggregate, run_chain
    from verifier.judges.registry import build_judges

    judges = build_judges(settings)
    failures = 0
    try:
        with _progress(enabled=show) as progress:
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
                decision = aggregate(await run_chain(judges, claim, evidence, deadline))
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


@main.command(cls=_Command)
@click.option(
    "--input",
    "input_file",
    required=True,
    type=click.Path(dir_okay=False, allow_dash=True),
    help="A stored report (JSON, as `verifier check` writes it; - for stdin).",
)
@_flags_option
@_format_option
@click.option(
    "--out",
    type=click.Path(dir_okay=False, writable=True),
    help="Write the report here instead of stdout.",
)
@_config_option
def score(
    input_file: str, flags: str | None, fmt: str, out: str | None, config: str | None
) -> None:
    """Re-apply the rubric to a stored report, e.g. after a rater adds a flag.

    The report's signals (truthfulness, plagiarism) are kept as they are; the style checks
    run again on its response; --flags replaces the report's flags. Writes the report with
    its new `rubric` (JSON), or the rubric as text.
    """
    from verifier.rubric.scorer import score as score_rubric

    raw = read_text_input(input_file, "report")
    try:
        report = Report.from_dict(json.loads(raw))
    except (json.JSONDecodeError, ValueError, KeyError, TypeError) as exc:
        msg = f"{input_file} is not a verifier report ({exc}); give the JSON `verifier check` wrote"
        raise InputError(msg) from exc
    settings = load_settings(config)
    rater_flags = parse_flags(flags) if flags is not None else report.request.get("flags", {})
    report.request["flags"] = dict(rater_flags)
    report.rubric = score_rubric(
        report.request["response"],
        report.request.get("prompt", ""),
        truthfulness=report.truthfulness,
        plagiarism=report.plagiarism,
        flags=rater_flags,
        settings=settings.rubric,
    )
    with _output(out) as sink:
        sink.write(report_json(report) + "\n" if fmt == "json" else rubric_text(report.rubric))


@main.command()
def version() -> None:
    """Print the versions of verifier and the libraries it depends on."""
    from verifier.pipeline import library_versions

    click.echo(f"verifier {__version__}")
    for name, ver in library_versions().items():
        click.echo(f"{name} {ver}")


# --- the service ------------------------------------------------------------------------------


@contextmanager
def _job_store(settings: Settings) -> Iterator[Any]:
    """The service's job store under the data dir, closed on the way out."""
    from .jobstore import SqliteJobStore

    store = SqliteJobStore(settings.data_dir() / "jobs.db")
    try:
        yield store
    finally:
        store.close()


async def _run_workers(
    settings: Settings,
    corpora: tuple[str, ...],
    web_on: bool,
    concurrency: int,
    *,
    serve: tuple[str, int] | None,
) -> None:
    import signal

    from aiohttp import web

    from .api import Metrics, create_app
    from .callbacks import CallbackSender
    from .worker import Worker

    service = settings.service
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    base = service.public_url or (
        f"http://{serve[0]}:{serve[1]}" if serve else f"http://{service.host}:{service.port}"
    )
    with _job_store(settings) as store:
        async with open_runtime(settings, corpora=corpora, web=web_on) as runtime:
            metrics = Metrics(store)
            sender = CallbackSender(store, service, base)

            async def done(job: Any, report: Report) -> None:
                metrics.observe(job, report)
                await sender.deliver(job, report)

            worker = Worker(store, runtime, concurrency=concurrency, on_done=done)
            runner = None
            if serve is not None:
                app = create_app(
                    store,
                    settings,
                    snapshots=runtime.store,
                    rerun_runtime=runtime,
                    metrics_=metrics,
                )
                runner = web.AppRunner(app, handle_signals=False)
                await runner.setup()
                site = web.TCPSite(runner, serve[0], serve[1])
                await site.start()
                click.echo(
                    f"verifier: serving on http://{serve[0]}:{serve[1]} ({concurrency} workers)",
                    err=True,
                )
            else:
                click.echo(f"verifier: worker {worker.id} ({concurrency} at once)", err=True)
            if concurrency:
                await worker.run(stop)
            else:
                await stop.wait()
            if runner is not None:
                await runner.cleanup()
            await sender.aclose()


@main.command(cls=_Command)
@click.option("--host", help="Address to listen on (default: service.host).")
@click.option("--port", type=int, help="Port (default: service.port; 0 picks a free one).")
@click.option(
    "--workers",
    type=click.IntRange(0, 256),
    help="Jobs run at once in this process (default: service.workers; 0: API only).",
)
@_with(_evidence_options)
@_config_option
@_data_dir_option
def serve(
    host: str | None,
    port: int | None,
    workers: int | None,
    corpora: tuple[str, ...],
    no_web: bool,
    config: str | None,
    data_dir: str | None,
) -> None:
    """Run the HTTP API and, unless --workers 0, a worker pool: one command, one machine.

    SIGTERM stops taking work, lets running jobs finish within service.grace_s and gives
    the rest back to the queue.
    """
    settings = _settings(config, data_dir)
    s = settings.service
    asyncio.run(
        _run_workers(
            settings,
            corpora,
            not no_web,
            s.workers if workers is None else workers,
            serve=(host or s.host, s.port if port is None else port),
        )
    )


@main.command(cls=_Command)
@click.option(
    "--concurrency",
    type=click.IntRange(1, 256),
    help="Jobs run at once (default: service.workers).",
)
@_with(_evidence_options)
@_config_option
@_data_dir_option
def worker(
    concurrency: int | None,
    corpora: tuple[str, ...],
    no_web: bool,
    config: str | None,
    data_dir: str | None,
) -> None:
    """Run jobs from the store (several worker processes may share one data dir)."""
    settings = _settings(config, data_dir)
    asyncio.run(
        _run_workers(
            settings, corpora, not no_web, concurrency or settings.service.workers or 1, serve=None
        )
    )


@main.group()
def keys() -> None:
    """Manage API keys (stored hashed; a new key is shown once)."""


@keys.command("create", cls=_Command)
@click.option("--role", required=True, type=click.Choice([role.value for role in Role]))
@click.option("--name", default="", help="Who or what uses the key.")
@_config_option
@_data_dir_option
def keys_create(role: str, name: str, config: str | None, data_dir: str | None) -> None:
    """Create a key; the key itself is the last line of the output."""
    with _job_store(_settings(config, data_dir)) as store:
        key, token = store.create_key(role, name)
    click.echo(f"id: {key.id}")
    click.echo(f"role: {key.role}")
    click.echo(f"callback secret (HMAC-SHA256 of callback bodies): {key.callback_secret}")
    click.echo("the key, shown once:")
    click.echo(token)


@keys.command("list", cls=_Command)
@_config_option
@_data_dir_option
def keys_list(config: str | None, data_dir: str | None) -> None:
    """List keys (never the keys themselves)."""
    with _job_store(_settings(config, data_dir)) as store:
        keys = store.list_keys()
    for key in keys:
        state = "revoked" if key.revoked_at else "active"
        click.echo(f"{key.id}\t{key.role}\t{state}\t{key.name}")


@keys.command("revoke", cls=_Command)
@click.argument("key_id")
@_config_option
@_data_dir_option
def keys_revoke(key_id: str, config: str | None, data_dir: str | None) -> None:
    """Revoke a key by its id."""
    with _job_store(_settings(config, data_dir)) as store:
        revoked = store.revoke_key(key_id)
    if not revoked:
        msg = f"no active key {key_id!r}; see `verifier keys list`"
        raise InputError(msg)
    click.echo(f"revoked {key_id}")


@main.group()
def models() -> None:
    """Models for the nli judge, pulled from the Hugging Face hub into the data dir.

    \b
    Examples:
      verifier models pull cross-encoder/nli-deberta-v3-base --revision main
      verifier models list
    Then set judges.nli.model to the name (see docs/judges.md).
    """


@models.command("pull", cls=_Command)
@click.argument("name")
@click.option(
    "--revision",
    help="A branch, tag or commit of the repo (default: main); recorded with its commit.",
)
@_config_option
@_data_dir_option
def models_pull(name: str, revision: str | None, config: str | None, data_dir: str | None) -> None:
    """Download NAME (a Hugging Face model id with an ONNX export) into the data dir.

    Only model.onnx (or onnx/model.onnx), tokenizer.json and config.json are fetched, from
    the commit REVISION resolves to; their sha256 and the commit go into manifest.json. The
    hub is $HF_ENDPOINT (default https://huggingface.co). Exit status 2 for a bad name,
    revision or repo, 1 when the hub cannot be reached or a download fails.
    """
    from verifier.models import pull

    settings = _settings(config, data_dir)
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


@models.command("list", cls=_Command)
@_config_option
@_data_dir_option
def models_list(config: str | None, data_dir: str | None) -> None:
    """List pulled models: name, commit, revision, files, size, when pulled."""
    from verifier.models import list_models

    settings = _settings(config, data_dir)
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


def _size(n: int) -> str:
    if n < 1000:
        return f"{n} bytes"
    value, unit = n / 1000, "kB"
    for bigger in ("MB", "GB"):
        if value < 1000:
            break
        value, unit = value / 1000, bigger
    return f"{value:.1f} {unit}"


@main.command(cls=_Command)
@click.argument("target")
@click.option("--mode", type=click.Choice(["replay", "rerun"]), required=True)
@click.option(
    "--report",
    "full",
    is_flag=True,
    help="Also print the rebuilt report (under 'report').",
)
@_with(_evidence_options)
@_config_option
@_data_dir_option
def audit(
    target: str,
    mode: str,
    full: bool,
    corpora: tuple[str, ...],
    no_web: bool,
    config: str | None,
    data_dir: str | None,
) -> None:
    """Audit a check: replay it from its stored evidence, or re-run it fresh.

    TARGET is a job id of the service (the audit is stored with the check) or a report
    file written by `verifier check` (its snapshots must be in the same data dir).
    Prints what changed (verdicts, sources, copied share, rubric) as JSON.
    """
    from verifier import audit as audits
    from verifier.snapshots.sqlite import SqliteSnapshotStore

    settings = _settings(config, data_dir)
    from_file = Path(target).is_file()
    if from_file:
        reports = _read_reports((target,))
        if not reports:
            msg = f"{target} holds no report"
            raise InputError(msg)
        original = reports[0].to_dict()
    else:
        with _job_store(settings) as store:
            found = store.report(target)
            job = store.get(target) if found is None else None
        if found is None:
            what = "no such check or report file" if job is None else f"the check is {job.state}"
            msg = f"cannot audit {target}: {what}; give a finished check's id or a report file"
            raise InputError(msg)
        original = found

    async def run() -> dict[str, Any]:
        if mode == "replay":
            snapshots = SqliteSnapshotStore(settings.data_dir() / "snapshots.db")
            try:
                return await audits.replay(original, snapshots, settings)
            except KeyError as exc:
                msg = f"snapshot {exc.args[0]} is not in {settings.data_dir()}; replay in the data dir the check ran with (--data-dir)"
                raise InputError(msg) from exc
            finally:
                snapshots.close()
        async with open_runtime(settings, corpora=corpora, web=not no_web) as runtime:
            return await audits.rerun(original, runtime)

    result = asyncio.run(run())
    audit_id = None
    if not from_file:
        with _job_store(settings) as store:
            audit_id = store.add_audit(target, mode, result, "cli").id
    summary = {k: v for k, v in result.items() if full or k != "report"}
    click.echo(json.dumps({"audit_id": audit_id, **summary}, indent=2, ensure_ascii=False))


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


@main.command(cls=_Command)
@click.argument("reports", nargs=-1, required=True)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["label-studio", "argilla", "jsonl"]),
    required=True,
    help="label-studio: a JSON list of tasks with predictions; argilla: a JSON list of records with suggestions; jsonl: one row of signals per report.",
)
@click.option(
    "--out", type=click.Path(dir_okay=False, writable=True), help="Write here instead of stdout."
)
@click.option(
    "--label-config", is_flag=True, help="Print the Label Studio labelling config and exit."
)
def export(reports: tuple[str, ...], fmt: str, out: str | None, label_config: bool) -> None:
    """Export REPORTS (files from `verifier check`, JSON or JSON lines) to annotation tools.

    Span offsets are converted to JavaScript string units (UTF-16), as Label Studio and
    Argilla count them.
    """
    from verifier.exports import LABEL_STUDIO_CONFIG, argilla_record, jsonl_row, label_studio_task

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
