"""verifier: fact-check and plagiarism evidence for LLM responses.

The library decides; ``workers`` schedules. Start at :func:`verifier.pipeline.check`.
"""

__version__ = "0.1.0"
