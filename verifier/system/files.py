"""Files the command line writes are replaced only on success.

:func:`atomic_path` hands out a temporary path beside the target (same directory, so the
final :func:`os.replace` is atomic on one file system); the target is replaced only when
the block ends without an exception, and the temporary file is removed otherwise. An
existing target is never truncated by a run that fails. :func:`atomic_text` is the same
for a text file opened for writing. :func:`private_file` makes a file only its owner may
read (the service's stores: keys, callback secrets, evidence).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from verifier.errors import InputError

__all__ = ["atomic_path", "atomic_text", "private_file"]


def _cannot_write(target: Path, exc: OSError) -> InputError:
    return InputError(
        f"cannot write {target}: {exc.strerror or exc}; choose a writable path for the output"
    )


@contextmanager
def atomic_path(target: str | Path) -> Iterator[Path]:
    """A fresh temporary path beside ``target``, renamed onto it if the block succeeds.

    The block may create the file (or not: then nothing is replaced). SQLite side files
    (``-wal``, ``-shm``, ``-journal``) of the temporary path are removed either way.
    """
    target = Path(target)
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        yield tmp
        if tmp.exists():
            try:
                os.replace(tmp, target)
            except OSError as exc:
                raise _cannot_write(target, exc) from exc
    finally:
        for path in (tmp, *(tmp.with_name(tmp.name + s) for s in ("-wal", "-shm", "-journal"))):
            path.unlink(missing_ok=True)


@contextmanager
def atomic_text(target: str | Path) -> Iterator[IO[str]]:
    """A text file to write, which becomes ``target`` only if the block succeeds."""
    target = Path(target)
    with atomic_path(target) as tmp:
        try:
            # O_EXCL: never write through a file someone placed there; mode 0o666 & ~umask,
            # as a plain open() would give
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except OSError as exc:
            raise _cannot_write(target, exc) from exc
        with open(fd, "w", encoding="utf-8") as sink:
            yield sink
            sink.flush()
            os.fsync(sink.fileno())


def private_file(path: str | Path) -> Path:
    """Create ``path`` (and its directory, mode 0700) as an empty file of mode 0600 if it
    does not exist, and take group and other permissions away from one this user owns;
    SQLite gives its ``-wal`` and ``-shm`` side files the database file's mode. OSError
    when it cannot."""
    path = Path(path)
    if not path.parent.exists():
        path.parent.mkdir(parents=True, mode=0o700, exist_ok=True)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        info = path.stat()
        if info.st_uid == os.getuid() and info.st_mode & 0o077:
            os.chmod(path, info.st_mode & 0o700)
            for side in ("-wal", "-shm"):
                sibling = path.with_name(path.name + side)
                if sibling.exists():
                    os.chmod(sibling, 0o600)
    return path
