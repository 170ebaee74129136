"""verifier: fact-check and plagiarism evidence for LLM responses.

This package decides: claims, searches, evidence, verdicts, copy matches and the rubric
score of one response, as plain data (see docs/architecture.md). It never imports
``workers``, the package that runs checks as jobs (the command line, batches, the job store,
the worker loop and the HTTP service). Start at :func:`verifier.pipeline.check`.
"""

__version__ = "0.1.0"
