"""The ``froeschis`` command: one subcommand per module of this package.

Each command module has an ``add(subparsers)`` that registers its parser with a ``handler`` (see
:func:`froeschis.cli.options.add_command`); :data:`COMMANDS` lists them in the order the top-level
``--help`` shows them. The command modules import none of each other, nor this package: what they
share is in :mod:`froeschis.cli.options` (and :mod:`froeschis.cli.files`, for the files they
write). Handlers return the exit status; :func:`main` ends every command alike when it is cut short.

Exit statuses: 0 success; 1 a check found a problem (or a game was abandoned); 2 the command could
not run as asked (a bad option, an unreadable or unwritable file, standard output among them: one
line on stderr); 130 it was interrupted (Ctrl-C); 141 the program reading its output stopped reading
(``froeschis watch | head``), which is what a shell reports for other programs there (128 +
SIGPIPE), so that a pipeline treats the command like any other.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TextIO, cast

from froeschis.cli import (
    bench,
    census,
    conform,
    explain,
    play,
    rules,
    simulate,
    trace,
    validate,
    vectors,
    watch,
)
from froeschis.cli.options import Parser, Subparsers, chosen_game
from froeschis.framework.errors import FroeschisError
from froeschis.framework.game import Game
from froeschis.framework.registry import DEFAULT, game, names
from froeschis.framework.version import __version__

COMMANDS: tuple[Callable[[Subparsers, Game], None], ...] = (
    watch.add,
    rules.add,
    play.add,
    explain.add,
    simulate.add,
    bench.add,
    trace.add,
    vectors.add,
    census.add,
    conform.add,
    validate.add,
)
"""Each command module's ``add``, in the order of the top-level help."""


INTERRUPTED = 130
"""The exit status after Ctrl-C: 128 + SIGINT, as a shell reports a program the signal ended."""

OUTPUT_CLOSED = 141
"""The exit status when the reader of the output went away: 128 + SIGPIPE, as for other programs."""


def build_parser(game_name: str = DEFAULT) -> argparse.ArgumentParser:
    """The parser of every command, with the options of the game ``game_name`` (its variants and
    player counts): the game ``--game`` names, found before the parser is built
    (:func:`~froeschis.cli.options.chosen_game`)."""
    parser = Parser(
        prog="froeschis",
        description=(
            "Verified rules engines of the games of froeschis' sources: "
            f"{', '.join(names())} (--game NAME; {DEFAULT} by default)."
        ),
        epilog=(
            "A command's options are those of its game: its rules variants (one switch each), its "
            "player counts and the languages of its rule texts. 'froeschis COMMAND --game NAME --help' "
            "lists them for that game; 'froeschis COMMAND --help' for "
            f"{game(DEFAULT).title}."
        ),
    )
    parser.add_argument("--version", action="version", version=f"froeschis {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    chosen = game(game_name) if game_name in names() else game(DEFAULT)
    for add in COMMANDS:
        add(subparsers, chosen)
    return parser


UNWRITABLE_OUTPUT = 2
"""The exit status when standard output cannot be written (a full disk, an I/O error): that of any
file the command cannot write."""


class OutputFailedError(Exception):
    """Writing standard output failed, for another reason than a reader that went away.

    Not an :class:`OSError`, so that no handler's ``except OSError`` around a file takes it for a
    failure of that file: :func:`main` alone handles it.
    """

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))


@contextlib.contextmanager
def _named_as_output() -> Iterator[None]:
    """Turn an :class:`OSError` of writing standard output into :class:`OutputFailedError`; a closed
    pipe stays a :class:`BrokenPipeError`, which :func:`main` ends quietly."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputFailedError(error) from None


class _Output:
    """Standard output while a command runs: the same stream, but a write or a flush that fails
    says it was standard output that failed (:class:`OutputFailedError`). Everything else (``isatty``,
    ``fileno``, ``encoding``, ...) is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        with _named_as_output():
            return self._stream.write(text)

    def writelines(self, lines: Iterable[str]) -> None:
        with _named_as_output():
            self._stream.writelines(lines)

    def flush(self) -> None:
        with _named_as_output():
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` names (by default the process's arguments); the exit status.

    A :class:`~froeschis.framework.errors.FroeschisError` becomes one line on stderr and status 2;
    Ctrl-C one line and status 130, with no traceback (the commands leave no partial file and no
    worker process behind); a closed output (:class:`BrokenPipeError`) ends the command quietly
    with status 141; standard output that cannot be written (``/dev/full``, an I/O error) one line
    naming it and status 2. Standard output is flushed here, also after ``--help``, so that a
    failure to write it is noticed here and not while Python exits, where it would print an ignored
    exception.
    """
    stream = sys.stdout
    sys.stdout = cast(TextIO, _Output(stream))
    try:
        return _run(argv)
    except BrokenPipeError:
        _discard_output()
        return OUTPUT_CLOSED
    except OutputFailedError as error:
        print(f"froeschis: cannot write to standard output: {error}", file=sys.stderr)
        _discard_output()
        return UNWRITABLE_OUTPUT
    finally:
        sys.stdout = stream


def _run(argv: Sequence[str] | None) -> int:
    """The command's status, its errors and Ctrl-C ended with a line on stderr; standard output
    flushed, however the command ends (``--help`` ends with :class:`SystemExit`)."""
    try:
        words = sys.argv[1:] if argv is None else argv
        chosen = chosen_game(words)
        args = build_parser(chosen).parse_args(argv)
        if getattr(args, "game_name", chosen) != chosen:  # a spelling of --game chosen_game missed
            args = build_parser(args.game_name).parse_args(argv)
        status: int = args.handler(args)
        return status
    except FroeschisError as error:
        print(f"froeschis: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        newline = "\n" if sys.stderr.isatty() else ""  # a terminal shows ^C with no line end
        print(f"{newline}froeschis: interrupted", file=sys.stderr)
        return INTERRUPTED
    finally:
        sys.stdout.flush()


def _discard_output() -> None:
    """Point standard output at the null device, so that flushing what is left of it when Python
    exits fails no more (the usual remedy, from the notes on SIGPIPE in the ``signal`` docs): for a
    closed pipe and for a full disk alike."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
