"""JSON text from any origin, read safely: the framework's, for every game's files and messages.

Game records, playthroughs, protocol replies and requests come from outside: a file may be huge or
endless, JSON may repeat a key, nest thousands deep or hold a number too long to convert. Every such
problem is a :class:`~froeschis.framework.errors.FormatError` naming what was being read, never a
hang, a crash or a silently wrong value.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, BinaryIO

from froeschis.framework.errors import FormatError, shown

MAX_TEXT = 16 * 2**20
"""The longest JSON text read: 16 MiB, in characters for :func:`loads` and in bytes for
:func:`read_text_limited`. A whole game record takes some tens of KiB; the bound keeps a huge or
endless input from filling the memory."""


def not_utf8(error: UnicodeDecodeError) -> str:
    """Why bytes are no text, in words: "not UTF-8 text (byte 12: invalid start byte)", where
    Python says "'utf-8' codec can't decode byte 0xff in position 12"."""
    return f"not UTF-8 text (byte {error.start}: {error.reason})"


def read_utf8(path: Path) -> str:
    """The text of the file ``path``; a :class:`FormatError` naming the file when it is not UTF-8
    (:func:`not_utf8`), an :class:`OSError` when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise FormatError(path.name, not_utf8(error)) from None


def dumps(value: dict[str, Any]) -> str:
    """Stable JSON text (sorted keys are not used: field order is part of readability)."""
    return json.dumps(value, ensure_ascii=False)


def _unique_keys(what: str, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused when it names a key twice (``json`` would keep the last silently)."""
    found = dict(pairs)
    if len(found) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise FormatError(what, f"duplicate key {shown(key)}")
            seen.add(key)
    return found


def loads(text: str, what: str = "input") -> object:
    """Parse JSON text, turning every problem into a :class:`FormatError` about ``what``: a syntax
    error, a duplicate key, nesting too deep, a number too long, text longer than :data:`MAX_TEXT`
    (refused before parsing)."""
    if len(text) > MAX_TEXT:
        raise FormatError(what, f"more than {MAX_TEXT} characters of JSON: too long to read")
    try:
        return json.loads(text, object_pairs_hook=functools.partial(_unique_keys, what))
    except FormatError:
        raise
    except json.JSONDecodeError as error:
        raise FormatError(what, f"not valid JSON: {error}") from None
    except RecursionError:
        raise FormatError(what, "JSON nested too deeply") from None
    except ValueError as error:  # e.g. a number with more digits than Python converts
        raise FormatError(what, f"not valid JSON: {error}") from None


_CHUNK = 2**20


def read_text_limited(path: Path, limit: int = MAX_TEXT) -> str:
    """The UTF-8 text of the file ``path``, refused when it holds more than ``limit`` bytes.

    For input files of any origin (game records, playthroughs, requests): the file is read in chunks
    and reading stops one byte past the limit, so an endless or huge file (``/dev/zero``, a pipe, a
    stray log) costs at most ``limit`` bytes of memory and is never read to its end. The text is
    returned as stored (line ends are not translated).

    Raises :class:`FormatError` (its field is the path) past the limit, :class:`OSError` when the
    file cannot be read and :class:`UnicodeDecodeError` when it is not UTF-8, as
    :meth:`Path.read_text` does.
    """
    with path.open("rb") as file:
        return read_stream_limited(file, str(path), limit)


def read_stream_limited(file: BinaryIO, name: str, limit: int = MAX_TEXT) -> str:
    """The UTF-8 text of the open binary ``file`` (standard input, a pipe), read as
    :func:`read_text_limited` reads a file: refused past ``limit`` bytes, a :class:`FormatError`
    whose field is ``name``."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = file.read(min(_CHUNK, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        raise FormatError(name, f"more than {limit} bytes: too large to read")
    return b"".join(chunks).decode("utf-8")
