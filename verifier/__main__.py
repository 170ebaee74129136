"""``python -m verifier`` is the ``verifier`` command."""

from .cli import main

main()
