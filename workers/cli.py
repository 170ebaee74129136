"""The ``verifier`` command.

Exit status: 0 done; 1 a failure while running (in a batch: some rows failed); 2 bad input,
configuration or corpus (one line, ``verifier: error: ...``; ``--debug`` shows the traceback
instead); 3 the report was written but is incomplete (a check could not run: one
``verifier: warning: ...`` line per such check on stderr). Output files (``--out``,
exports, indexes) are replaced only when the command succeeds.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable
from typing import Any

import click

from verifier import __version__
from verifier.errors import ConfigError, CorpusError, InputError, SchemaMismatch, VerifierError
from verifier.flags import FLAGS
from workers.store.jobs import Role

# Only click and what the option lists need are imported here, so that `verifier --help`
# and a usage error start in a blink; each command imports its entry point (workers.commands,
# and with it the library) when it runs.

__all__ = ["main"]


def _fail(exc: VerifierError) -> None:
    from workers.commands import EXIT_FAILED, EXIT_USAGE

    click.echo(f"verifier: error: {exc}", err=True)
    usage = isinstance(exc, ConfigError | InputError | CorpusError | SchemaMismatch)
    sys.exit(EXIT_USAGE if usage else EXIT_FAILED)


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
@click.option(
    "--debug",
    is_flag=True,
    help="Show tracebacks instead of one-line errors, and the full text of each failure a report gives in short.",
)
@click.option(
    "--config",
    type=click.Path(dir_okay=False),
    help="Config file for any command (default: $VERIFIER_CONFIG, else ./config.toml, else built-in); the command's own --config wins.",
)
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False),
    help="Where snapshots, corpus indexes, models and the job store live, for any command (default: $VERIFIER_DATA_DIR or ~/.local/share/verifier); the command's own --data-dir wins.",
)
@click.version_option(__version__, prog_name="verifier")
def main(debug: bool, config: str | None, data_dir: str | None) -> None:
    """Gather web and local evidence for every claim in an LLM response, within hard time
    budgets, and keep every piece of it so the report can be replayed.

    --config and --data-dir may come before the command (`verifier --config c.toml check
    ...`) or after it."""
    if debug:  # the full text of every failure (reports and warnings say it in short)
        import logging

        handler = logging.StreamHandler()  # stderr, as it is now
        handler.setFormatter(logging.Formatter("verifier: debug: %(name)s: %(message)s"))
        log = logging.getLogger("verifier")
        log.addHandler(handler)
        log.setLevel(logging.DEBUG)


_config_option = click.option(
    "--config",
    type=click.Path(dir_okay=False),
    help="Config file (default: verifier --config, else $VERIFIER_CONFIG, else ./config.toml, else built-in).",
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


def _set_database(_ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value:  # the same as the environment variable, which the settings read
        if re.match(r"^postgres(ql)?://[^/@]*:[^/@]+@", value):
            click.echo(
                "verifier: warning: --database shows the password to every user of this host "
                "(the process list); use --database-file FILE or VERIFIER_SERVICE__DATABASE",
                err=True,
            )
        os.environ["VERIFIER_SERVICE__DATABASE"] = value


def _set_database_file(_ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value:
        os.environ["VERIFIER_SERVICE__DATABASE_FILE"] = value


def _database_options(f: Any) -> Any:
    f = click.option(
        "--database-file",
        metavar="FILE",
        expose_value=False,
        callback=_set_database_file,
        help="A file whose first line is the database URL (keeps a password out of the process list).",
    )(f)
    return click.option(
        "--database",
        metavar="URL",
        expose_value=False,
        callback=_set_database,
        help="Where jobs, reports and keys live: postgresql://user@host/db or sqlite:///path (default: service.database, else jobs.db in the data dir).",
    )(f)


_database_option = _database_options


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
    help="Reports checked at once in --batch mode (in each process).",
)
@click.option(
    "--processes",
    type=click.IntRange(1, 64),
    help="Processes that check --batch rows (default: one per CPU core; one when the public web search, ddgs, is used, which is paced per process).",
)
@click.option(
    "--details",
    "--verbose",
    "-v",
    "details",
    is_flag=True,
    help="With --format text: also every claim's queries, searches, pages and ranked evidence, and every copy match.",
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
    details: bool,
    out: str | None,
    batch: str | None,
    jobs: int,
    processes: int | None,
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
    from workers import commands

    commands.check(
        commands.CheckOptions(
            response_file=response_file,
            prompt_file=prompt_file,
            corpora=corpora,
            no_web=no_web,
            fmt=fmt,
            out=out,
            batch=batch,
            jobs=jobs,
            processes=processes,
            flags=flags,
            config=config,
            data_dir=data_dir,
            details=details,
        )
    )


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
    from workers import commands

    commands.index(directory=directory, db=db, config=config)


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
    from workers import commands

    commands.plagiarism(
        response_file=response_file,
        source_files=source_files,
        prompt_file=prompt_file,
        fmt=fmt,
        config=config,
    )


class _RegistryChoice(click.Choice):
    """A choice among the names of a registry, read when first needed (for a value, a
    completion or --help), so that importing the command line stays cheap."""

    def __init__(self, load: Callable[[], Iterable[str]]) -> None:
        self._load = load
        self._names: tuple[str, ...] | None = None
        super().__init__(())

    @property
    def choices(self) -> tuple[str, ...]:
        if self._names is None:
            self._names = tuple(self._load())
        return self._names

    @choices.setter
    def choices(self, _value: tuple[str, ...]) -> None:  # click's __init__ assigns ()
        pass


def _judges() -> Iterable[str]:
    from verifier.judges.registry import JUDGES

    return JUDGES


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
    type=_RegistryChoice(_judges),
    help="A judge, or several in chain order (repeat the option); default: judges.chain.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, writable=True),
    help="Write the rows here instead of stdout.",
)
@_config_option
def judge(
    input_file: str, judge_names: tuple[str, ...], out: str | None, config: str | None
) -> None:
    """Judge claims against your own evidence, one JSONL row in, one out, as they come.

    Out: {id, label: supported|refuted|inconclusive, confidence, evidence_index, judge}, plus
    disputed, the deciding sentence with its offsets in that evidence text, the slots that
    matched or conflicted, and the reason. Bad rows get {id, error} and the run goes on
    (exit status 1 at the end). Each row gets limits.claim_budget_s.
    """
    from workers import commands

    commands.judge(input_file=input_file, judge_names=judge_names, out=out, config=config)


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
    from workers import commands

    commands.score(input_file=input_file, flags=flags, fmt=fmt, out=out, config=config)


@main.command()
def version() -> None:
    """Print the versions of verifier and the libraries it depends on."""
    from workers import commands

    commands.version()


@main.group()
def schema() -> None:
    """Machine-readable schemas, generated from verifier's own types.

    \b
    Examples:
      verifier schema report > verifier.report-4.schema.json
      verifier schema validate report.json
      verifier schema openapi
    """


@schema.command("report")
def schema_report() -> None:
    """Print the JSON Schema (draft 2020-12) of a report, verifier.report/4: every field
    `verifier check` writes, as the API serves it at /schemas/report.json."""
    from workers import commands

    commands.schema_report()


@schema.command("validate", cls=_Command)
@click.argument("report_file", metavar="FILE", type=click.Path(dir_okay=False, allow_dash=True))
def schema_validate(report_file: str) -> None:
    """Validate a stored report (JSON, or the JSON lines of `check --batch`; - for stdin)
    against the report's JSON Schema, as `verifier schema report` prints it.

    Exit status 0 and one line when it is valid; 2 with one line per error (its JSON path
    and message) when it is not, or one line when the file is not JSON.
    """
    from workers import commands

    commands.schema_validate(report_file)


@schema.command("openapi")
def schema_openapi() -> None:
    """Print the HTTP API's OpenAPI 3.1 document, as `verifier serve` serves it at
    /openapi.json."""
    from workers import commands

    commands.schema_openapi()


# --- the service ------------------------------------------------------------------------------


@main.command(cls=_Command)
@click.option("--host", help="Address to listen on (default: service.host).")
@click.option("--port", type=int, help="Port (default: service.port; 0 picks a free one).")
@click.option(
    "--concurrency",
    "--workers",
    "concurrency",
    type=click.IntRange(0, 256),
    help="Jobs run at once in each job process (default: service.concurrency; 0: API only).",
)
@click.option(
    "--processes",
    type=click.IntRange(0, 64),
    help="Job processes beside the API's (default: service.processes; 0: one per CPU core, one with ddgs).",
)
@_with(_evidence_options)
@_config_option
@_database_option
@_data_dir_option
def serve(
    host: str | None,
    port: int | None,
    concurrency: int | None,
    processes: int | None,
    corpora: tuple[str, ...],
    no_web: bool,
    config: str | None,
    data_dir: str | None,
) -> None:
    """Run the HTTP API and, unless --concurrency 0, job processes beside it: one machine.

    SIGTERM stops taking work, lets running jobs finish within service.grace_s and gives
    the rest back to the queue.
    """
    from workers import commands

    commands.serve(
        host=host,
        port=port,
        concurrency=concurrency,
        processes=processes,
        corpora=corpora,
        no_web=no_web,
        config=config,
        data_dir=data_dir,
    )


@main.command(cls=_Command)
@click.option(
    "--concurrency",
    type=click.IntRange(1, 256),
    help="Jobs run at once (default: service.concurrency).",
)
@_with(_evidence_options)
@_config_option
@_database_option
@_data_dir_option
@click.option(
    "--alive-file",
    type=click.Path(dir_okay=False),
    help="Touch this file every few seconds while running (a container health check tests its age).",
)
def worker(
    concurrency: int | None,
    corpora: tuple[str, ...],
    no_web: bool,
    config: str | None,
    data_dir: str | None,
    alive_file: str | None,
) -> None:
    """Run jobs from the store (several worker processes may share one data dir).

    A database outage or a full disk is waited out (jobs are given back, their attempts
    uncounted); the worker never exits for one. Under systemd (Type=notify) it reports
    READY, pings the watchdog and says what it waits for; see docs/service.md.
    """
    from workers import commands

    commands.worker(
        concurrency=concurrency,
        corpora=corpora,
        no_web=no_web,
        config=config,
        data_dir=data_dir,
        alive_file=alive_file,
    )


@main.group()
def keys() -> None:
    """Manage API keys (stored hashed; a new key is shown once)."""


@keys.command("create", cls=_Command)
@click.option("--role", required=True, type=click.Choice([role.value for role in Role]))
@click.option("--name", default="", help="Who or what uses the key.")
@_config_option
@_database_option
@_data_dir_option
def keys_create(role: str, name: str, config: str | None, data_dir: str | None) -> None:
    """Create a key; the key itself is the last line of the output."""
    from workers import commands

    commands.keys_create(role=role, name=name, config=config, data_dir=data_dir)


@keys.command("list", cls=_Command)
@_config_option
@_database_option
@_data_dir_option
def keys_list(config: str | None, data_dir: str | None) -> None:
    """List keys (never the keys themselves)."""
    from workers import commands

    commands.keys_list(config=config, data_dir=data_dir)


@keys.command("revoke", cls=_Command)
@click.argument("key_id")
@_config_option
@_database_option
@_data_dir_option
def keys_revoke(key_id: str, config: str | None, data_dir: str | None) -> None:
    """Revoke a key by its id."""
    from workers import commands

    commands.keys_revoke(key_id=key_id, config=config, data_dir=data_dir)


@main.group()
def db() -> None:
    """The service's database: create or upgrade its schema, or show where it stands.

    \b
    Examples:
      verifier db migrate --database postgresql://verifier@db.internal/verifier
      verifier db status --database postgresql://verifier@db.internal/verifier
    """


@db.command("migrate", cls=_Command)
@_database_option
@_config_option
@_data_dir_option
def db_migrate(config: str | None, data_dir: str | None) -> None:
    """Apply the migrations the database has not had yet (jobs, snapshots and the job
    queue's own schema); safe to run again, and from several hosts at once."""
    from workers import commands

    commands.db_migrate(config=config, data_dir=data_dir)


@db.command("status", cls=_Command)
@_database_option
@_config_option
@_data_dir_option
def db_status(config: str | None, data_dir: str | None) -> None:
    """Print each schema component's version and what this verifier needs; exit status 1
    when a migration is due."""
    from workers import commands

    commands.db_status(config=config, data_dir=data_dir)


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
    from workers import commands

    commands.models_pull(name=name, revision=revision, config=config, data_dir=data_dir)


@models.command("list", cls=_Command)
@_config_option
@_data_dir_option
def models_list(config: str | None, data_dir: str | None) -> None:
    """List pulled models: name, commit, revision, files, size, when pulled."""
    from workers import commands

    commands.models_list(config=config, data_dir=data_dir)


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
@_database_option
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
    from workers import commands

    commands.audit(
        target=target,
        mode=mode,
        full=full,
        corpora=corpora,
        no_web=no_web,
        config=config,
        data_dir=data_dir,
    )


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

    Span offsets are code points for Label Studio (as its labelling screen counts them) and
    JavaScript string units (UTF-16) for Argilla.
    """
    from workers import commands

    commands.export(reports=reports, fmt=fmt, out=out, label_config=label_config)


# --- Label Studio (workers/labelstudio) ---------------------------------------------------------
from workers.labelstudio.cli import labelstudio_group  # noqa: E402

main.add_command(labelstudio_group(_Command, _config_option))
