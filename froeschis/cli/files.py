"""Writing the files commands produce after long work, so that the work is never lost.

A command that writes a file at the end (``play --save``, ``simulate --plots``, ``conform --json``,
``vectors --write``, ``census --write``) first checks the path (:func:`check_file`,
:func:`check_folder`), before the game, the run or the check starts: a typo in a path costs a
second, not the work. It then writes with :func:`write_atomic`: into a new file beside the target,
renamed over it when complete, so that an existing file is never truncated and a failure or an
interruption leaves either the old file or the new one, never a part. If the write fails all the
same (the disk filled, the folder went away), :func:`save_or_rescue` keeps the text in the
temporary directory or, failing that, on standard output, and says where.

A target that exists and is not a regular file (``/dev/null``, a named pipe) is written straight
to: there is no file to replace, and renaming over a device would remove it.

The files commands read (game records, playthroughs) are read by :func:`read_input`: a path, or
``-`` for standard input, read only up to the JSON text's limit, with one message for whatever
keeps it from being read.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import site
import stat
import sys
import sysconfig
import tempfile
from pathlib import Path

from froeschis.framework.errors import FormatError, FroeschisError
from froeschis.framework.jsontext import read_stream_limited, read_text_limited


class OutputError(FroeschisError):
    """A file a command was asked to write that it cannot write."""


class InputError(FroeschisError):
    """A file a command was asked to read that it cannot read: ``NAME: cannot read: why``."""


STDIN = "-"
"""The name that stands for standard input among a command's input files."""


def read_input(name: str) -> str:
    """The UTF-8 text of the file ``name`` (:data:`STDIN`: standard input), at most
    :data:`~froeschis.framework.jsontext.MAX_TEXT` bytes (an endless input is not read to its end).

    Raises :class:`InputError` for every way the text cannot be read: no such file, a folder, no
    permission, too large, not UTF-8.
    """
    try:
        if name == STDIN:
            return read_stream_limited(sys.stdin.buffer, "standard input")
        return read_text_limited(Path(name))
    except FormatError as error:
        reason = error.reason
    except OSError as error:
        reason = _reason(error)
    except UnicodeDecodeError as error:
        reason = f"not UTF-8 text (byte {error.start}: {error.reason})"
    raise InputError(f"{name}: cannot read: {reason}")


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _real(path: Path) -> Path:
    """``path`` with its symbolic links followed: the file a write to ``path`` would change."""
    return Path(os.path.realpath(path))


def _is_special(target: Path) -> bool:
    """Whether ``target`` exists and is neither a regular file nor a folder (a device, a pipe)."""
    return target.exists() and not target.is_file() and not target.is_dir()


def _temporary(target: Path) -> tuple[int, Path]:
    """A new, empty file beside ``target`` (its descriptor and path), to be renamed over it.

    It is created with the permissions a new ``target`` would get (the umask applies), and only if
    no file has its name (64 random bits); the name starts with a dot and ends in ``.tmp``, so that
    a left-over one is plainly not the result.
    """
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")
    return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), temporary


def _probe(target: Path) -> None:
    """Create the file :func:`write_atomic` would create first for ``target``, and remove it again;
    :class:`OSError` if it cannot be created."""
    descriptor, temporary = _temporary(target)
    os.close(descriptor)
    temporary.unlink()


def check_file(path: Path, option: str) -> None:
    """Refuse, before the work starts, a ``path`` that ``option``'s result could not be written to.

    The folder must exist, the path must not be a folder, an existing file must be writable, and
    a new file must be creatable in the folder (tried, and removed again: the same step
    :func:`write_atomic` takes first). Raises :class:`OutputError` naming the option and the path.
    """
    target = _real(path)
    if target.is_dir():
        raise OutputError(f"{option}: cannot write {path}: it is a folder")
    if not target.parent.is_dir():
        raise OutputError(f"{option}: cannot write {path}: there is no folder {target.parent}")
    if _is_special(target):
        return
    if target.exists() and not os.access(target, os.W_OK):
        raise OutputError(f"{option}: cannot write {path}: the file is read-only")
    try:
        _probe(target)
    except OSError as error:
        raise OutputError(f"{option}: cannot write {path}: {_reason(error)}") from None


def check_folder(path: Path, option: str) -> None:
    """Refuse, before the work starts, a folder ``option`` could not write files into.

    The folder may not exist yet (it is made when the files are written); then its nearest
    existing parent must be a folder in which files can be created.
    """
    existing = _real(path)
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise OutputError(f"{option}: cannot write into {path}: {existing} is not a folder")
    try:
        _probe(existing / "probe")
    except OSError as error:
        raise OutputError(f"{option}: cannot write into {path}: {_reason(error)}") from None


def installation_folders() -> tuple[Path, ...]:
    """The folders packages are installed in: this Python's and the user's ``site-packages``."""
    found = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"], *site.getsitepackages()}
    if site.ENABLE_USER_SITE:
        found.add(site.getusersitepackages())
    return tuple(_real(Path(folder)) for folder in sorted(found))


def check_not_installed(path: Path, option: str) -> None:
    """Refuse to change files inside an installed package: ``option`` is for a source checkout.

    Installed without ``-e``, froeschis carries the spec's files inside its package, in
    ``site-packages``; rewriting them there would change what the installed package says its
    specification is, and the next install would undo it.
    """
    target = _real(path)
    for folder in installation_folders():
        if target.is_relative_to(folder):
            raise OutputError(
                f"{option}: {path} is inside an installed package ({folder}); {option} changes the files "
                "of a source checkout: run it there (pip install -e .)"
            )


def write_atomic(path: Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all; :class:`OSError` if it fails.

    The data goes to a new file in the same folder, which is flushed to the disk and renamed over
    ``path`` (``os.replace``, atomic within a file system). An existing file keeps its permissions;
    until the rename it is untouched, so a failure or an interruption (Ctrl-C) leaves it as it was,
    and leaves no partial or empty file behind.
    """
    content = data.encode("utf-8") if isinstance(data, str) else data
    target = _real(path)
    if _is_special(target):
        target.write_bytes(content)
        return
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else None
    descriptor, temporary = _temporary(target)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(content)
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        raise


def save(path: Path, data: str | bytes, option: str) -> None:
    """:func:`write_atomic`, a failure an :class:`OutputError` naming ``option`` and the path."""
    try:
        write_atomic(path, data)
    except OSError as error:
        raise OutputError(f"{option}: cannot write {path}: {_reason(error)}") from None


def save_or_rescue(path: Path, text: str, option: str) -> None:
    """Write ``text`` to ``path``; if that fails, keep it elsewhere and raise :class:`OutputError`.

    For results that took long to make (a game played by a person, a conformance check): the text
    goes to a new file in the temporary directory, or if that fails too, to standard output; the
    error says why ``path`` failed and where the text went.
    """
    try:
        write_atomic(path, text)
        return
    except OSError as error:
        reason = _reason(error)
    try:
        rescued = _rescue(path, text)
        where = f"wrote it to {rescued} instead"
    except OSError:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        sys.stdout.flush()
        where = "printed it to standard output instead"
    raise OutputError(f"{option}: cannot write {path}: {reason}; {where}")


def _rescue(path: Path, text: str) -> Path:
    """A new file in the temporary directory holding ``text``, named after ``path``."""
    descriptor, name = tempfile.mkstemp(prefix=f"froeschis-{path.stem}-", suffix=path.suffix)
    rescued = Path(name)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
    except BaseException:
        rescued.unlink(missing_ok=True)
        raise
    return rescued
