"""Every report the test suite makes is checked against the published JSON Schema.

:func:`install` wraps :meth:`verifier.schema.Report.to_dict` (the one way a report becomes
JSON: the command line, the API's job store, callbacks, exports and audits all go through
it) so that each dict it returns is validated, in this process, against
``verifier schema report`` (jsonschema-rs: microseconds a report), and so is each report
made (``Report.__init__``: the pipeline, ``from_dict``), whether or not it is written. A report that does not
match is recorded and fails the test that made it (:func:`take_invalid`), and the session
ends with one line of figures. Reports made in other processes (subprocess commands, the
job processes of `serve`) are not seen here.
"""

from __future__ import annotations

from typing import Any

import jsonschema_rs

from verifier.report.json_schema import report_json_schema
from verifier.schema import Report

__all__ = ["figures", "install", "take_invalid"]

_seen = {"valid": 0, "invalid": 0}
_invalid: list[str] = []


def install() -> None:
    validator = jsonschema_rs.validator_for(report_json_schema())
    written = Report.to_dict
    made = Report.__init__

    def check(data: dict[str, Any]) -> None:
        errors = [
            f"{'/'.join(map(str, e.instance_path))}: {e.message}"
            for e in validator.iter_errors(data)
        ]
        if errors:
            _seen["invalid"] += 1
            _invalid.append(f"report {data.get('id')}: " + "; ".join(errors[:5]))
        else:
            _seen["valid"] += 1

    def init_checked(self: Report, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        check(written(self))

    def to_dict_checked(self: Report) -> dict[str, Any]:
        data = written(self)
        check(data)
        return data

    Report.__init__ = init_checked  # type: ignore[method-assign]
    Report.to_dict = to_dict_checked  # type: ignore[method-assign]


def take_invalid() -> list[str]:
    """The reports found invalid since the last call, one line each."""
    found = list(_invalid)
    _invalid.clear()
    return found


def figures() -> str:
    schema = report_json_schema()
    return (
        f"reports validated against {schema['title']} (verifier schema report): "
        f"{_seen['valid'] + _seen['invalid']}, invalid {_seen['invalid']}"
    )
