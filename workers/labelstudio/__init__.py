"""Label Studio: the ML backend `verifier serve` answers under ``/labelstudio/``
(:mod:`.backend`), the predictions it makes (:mod:`.predictions`), and `verifier
labelstudio`, which sets up a labelling project (:mod:`.project`) and reads the raters'
annotations back with their agreement with verifier (:mod:`.ratings`), over Label Studio's
REST API (:mod:`.client`). See docs/label-studio.md.

Nothing is imported here: the command line loads :mod:`.cli` (click only) at start."""
