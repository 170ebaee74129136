"""`verifier labelstudio`: the command group (click only here, so `verifier --help` stays
quick; each command loads :mod:`.commands` when it runs)."""

from __future__ import annotations

from typing import Any

import click

__all__ = ["labelstudio_group"]

_url = click.option(
    "--url",
    envvar="LABEL_STUDIO_URL",
    required=True,
    help="Label Studio's address, e.g. http://localhost:8080 (or $LABEL_STUDIO_URL).",
)
_token = click.option(
    "--token",
    envvar="LABEL_STUDIO_API_KEY",
    required=True,
    help="A Label Studio access token: a personal access token or a legacy token, from its Account & Settings page (better: $LABEL_STUDIO_API_KEY, which no process list shows).",
)
_project = click.option(
    "--project",
    "title",
    default="verifier",
    show_default=True,
    help="The project's title.",
)


def labelstudio_group(command: type[click.Command], config_option: Any) -> click.Group:
    """The group, its commands of class ``command`` (the command line's, which turns a
    VerifierError into one line and its exit status) and the command line's ``--config``
    option."""

    @click.group(name="labelstudio")
    def labelstudio() -> None:
        """Rate in Label Studio with verifier's evidence (docs/label-studio.md).

        \b
        Examples:
          verifier labelstudio init --url http://ls:8080 --backend-url http://verifier:8750/labelstudio --tasks rows.jsonl
          verifier labelstudio import-ratings --url http://ls:8080 --out ratings.jsonl
        """

    @labelstudio.command("init", cls=command)
    @_url
    @_token
    @_project
    @click.option(
        "--backend-url",
        help="Where Label Studio reaches verifier's ML backend (default: service.public_url, else http://service.host:service.port, plus /labelstudio).",
    )
    @click.option(
        "--verifier-key",
        "backend_key",
        envvar="VERIFIER_LABEL_STUDIO_KEY",
        required=True,
        help="The verifier API key (role rater, service or admin) Label Studio sends to the backend (better: $VERIFIER_LABEL_STUDIO_KEY).",
    )
    @click.option(
        "--tasks",
        "tasks_file",
        type=click.Path(dir_okay=False),
        help="JSONL rows {id, prompt?, response}, as `verifier check --batch` reads, to import.",
    )
    @click.option(
        "--blind/--show-suggestions",
        "blind",
        default=None,
        help="Hide verifier's suggestions from raters, so they rate before (without) seeing them and agreement is measured without anchoring (--blind), or show them pre-filled (--show-suggestions); default: a new project shows them, an existing one is left as it is.",
    )
    @click.option(
        "--overlap",
        type=click.IntRange(min=1),
        help="How many raters each task goes to (Label Studio's maximum annotations per task, for every task), so import-ratings can measure agreement between raters; default: a --blind project at least 2, any other left as it is (a new one: 1).",
    )
    @config_option
    def init(
        url: str,
        token: str,
        title: str,
        backend_url: str | None,
        backend_key: str,
        tasks_file: str | None,
        blind: bool | None,
        overlap: int | None,
        config: str | None,
    ) -> None:
        """Create (or find) the project with verifier's labelling interface, connect verifier's
        ML backend, import --tasks, and start the checks. Safe to run again: it adds only what
        is missing (rows already imported are skipped).

        One line per step; a failure is one `verifier: error:` line (Label Studio down, a
        refused token, a project of that name with another interface, a backend Label Studio
        cannot use) and exit status 1 or 2; rows that cannot be imported get one line each and
        exit status 1.
        """
        from workers.labelstudio import commands

        commands.init(
            url, token, title, backend_url, backend_key, tasks_file, config, blind, overlap
        )

    @labelstudio.command("import-ratings", cls=command)
    @_url
    @_token
    @_project
    @click.option(
        "--out",
        required=True,
        type=click.Path(dir_okay=False, writable=True),
        help="The JSONL file to write: one row per finished annotation.",
    )
    @click.option(
        "--reports/--no-reports",
        "with_reports",
        default=True,
        show_default=True,
        help="Read each task's full report from verifier (by the link in its prediction).",
    )
    @config_option
    def import_ratings(
        url: str, token: str, title: str, out: str, with_reports: bool, config: str | None
    ) -> None:
        """Read the raters' finished annotations back, each paired with verifier's prediction
        and report, and print how far raters agreed with it (rating: exact, within one; apart
        for raters who saw the suggestion and raters who rated blind; spans kept, removed and
        added per label) and with each other (each pair of raters, Krippendorff's alpha).

        A row: task_id, request_id, annotation_id, rater, rating, suggested_rating, spans
        {kept, removed, added}, justification, model_version, suggestion_shown,
        rating_origin, report_url, report (and report_error when it could not be read: exit
        status 3).
        """
        from workers.labelstudio import commands

        commands.import_ratings(url, token, title, out, with_reports, config)

    return labelstudio
