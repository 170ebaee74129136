"""``python -m workers`` is the ``verifier`` command."""

from .cli import main

main()
