"""Label Studio: the ML backend `verifier serve` answers under ``/labelstudio/``
(:mod:`.backend`), the predictions it makes (:mod:`.predictions`), and the commands that
set up a labelling project and read the raters' annotations back (`verifier labelstudio`,
:mod:`.commands`). See docs/label-studio.md."""

from __future__ import annotations

from .backend import add_label_studio_backend

__all__ = ["add_label_studio_backend"]
