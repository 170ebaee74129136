"""``python -m workers`` is the ``verifier`` command."""

from workers.cli import main

main()
