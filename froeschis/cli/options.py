"""What the commands share: the parser, registering a subcommand, the options several of them take,
the checked number types, the variants, the console they print with, their progress display, and
the words for a count and for a mistyped name.

Each command module has an ``add(subparsers)`` that calls :func:`add_command` and the helpers here,
so an option several commands take (``--players``, ``--seed``, ``--lang``, ``--json``) is defined
once, with its type, default and choices, and each command says only what its help text should be.
The rules-variant switches come from the one list of variants,
:data:`froeschis.games.froeschis.readings.VARIANTS`, so a new variant appears on every command that plays
games.

Every numeric option takes one of the types here (:func:`positive_int`, :func:`non_negative_int`,
:func:`player_count`, :func:`positive_seconds`) rather than argparse's ``int`` or ``float``: those
accept ``nan``, ``inf``, ``-1`` and digits of other scripts, which made commands run for ever or
with nonsense. A refused value ends the command before anything runs, with status 2 and one line
naming the option (:class:`Parser`).
"""

from __future__ import annotations

import argparse
import difflib
import math
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TypeAlias

from rich.console import Console
from rich.progress import Progress, ProgressColumn

from froeschis.framework.errors import FroeschisError, RulesError, listing
from froeschis.framework.game import Game
from froeschis.framework.registry import DEFAULT, game, names
from froeschis.framework.words import ENGLISH, LANGUAGE_NAMES, language_choices

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

Subparsers: TypeAlias = "argparse._SubParsersAction[Parser]"
"""What ``add_subparsers`` returns: each command module's ``add`` registers its command there."""

Handler: TypeAlias = Callable[[argparse.Namespace], int]
"""A command's handler: runs it with the parsed arguments and returns the exit status."""

UNWRAPPED_WIDTH = 10_000
"""The width a console gets when its output is not a terminal: wide enough that no table or line of
the commands is wrapped or cut, where rich would otherwise assume 80 columns."""


BOX_WIDTH = 100
"""The widest a box is drawn (``rules CLAUSE``), on a terminal as on a pipe, its text wrapped inside:
a box as wide as its longest line (a statement of a thousand characters) is read by scrolling
sideways. Tables and lines of text are not boxes: they keep :data:`UNWRAPPED_WIDTH` on a pipe."""


def box_width(console: Console) -> int:
    """The width to print a box at on ``console``: the console's, at most :data:`BOX_WIDTH`."""
    return min(console.width, BOX_WIDTH)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: the command, the option and what is wrong.

    argparse prints the whole usage before the error, which for the commands with many options is
    a screenful that buries the line that matters; ``--help`` is named instead. The status is
    argparse's, 2. The subcommands' parsers are of this class too (argparse makes them of the
    class of the parser they belong to).
    """

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """argparse's check that a value is one of the choices, naming the choices it may have been
        a mistyping of (:func:`did_you_mean`): ``froeschis simulat`` is told of ``simulate``."""
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError as error:
            hint = did_you_mean(value, action.choices or ()) if isinstance(value, str) else ""
            if not hint:
                raise
            raise argparse.ArgumentError(action, f"{error.message}; {hint}") from None

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """Print ``--help``, ``--version`` or an error like argparse, but let a closed output be
        noticed (argparse swallows it): ``froeschis --help | head -1`` ends like every command."""
        if message:
            (sys.stderr if file is None else file).write(message)


class _Console(Console):
    """A rich console that leaves a closed output to :func:`froeschis.cli.main`.

    rich's own handling exits with status 1, which this command uses for a failed check; ``main``
    ends every command whose reader went away alike.
    """

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


def make_console(*, stderr: bool = False) -> Console:
    """The console a command prints with: its output is whole wherever it goes.

    On a terminal, rich wraps at the terminal's width. On a pipe or a file it would wrap and cut
    tables at 80 columns, so there lines are not wrapped and tables get :data:`UNWRAPPED_WIDTH`
    (they take only the width their cells need). An exported ``COLUMNS`` still sets the width.
    """
    stream = sys.stderr if stderr else sys.stdout
    wrapped = stream.isatty() or "COLUMNS" in os.environ
    return _Console(
        stderr=stderr,
        highlight=False,
        width=None if wrapped else UNWRAPPED_WIDTH,
        soft_wrap=not wrapped,
    )


def add_progress(parser: argparse.ArgumentParser) -> None:
    """``--no-progress``: no progress display (:func:`progress_display`), even on a terminal."""
    parser.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress display (shown on stderr when it is a terminal)",
    )


def progress_display(
    args: argparse.Namespace, *columns: str | ProgressColumn, auto_refresh: bool = True
) -> Progress:
    """rich's progress display of a long command, on standard error, with ``columns``.

    Drawn only on a terminal and without ``--no-progress`` (:func:`add_progress`): in a log file
    or a pipe a bar is noise. It disappears when done, leaving the output as it would be without it.
    ``auto_refresh=False`` draws it only when the command says (``refresh=True``), not from a
    thread of its own several times a second: for a command that times itself.
    """
    err = make_console(stderr=True)
    return Progress(
        *columns,
        console=err,
        disable=not (args.progress and err.is_terminal),
        transient=True,
        auto_refresh=auto_refresh,
    )


# --------------------------------------------------------------------------- words


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, in the plural (``plural``, else ``noun`` + "s") unless it is 1:
    "1 process", "2 processes", "1 game", "0 games"."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def did_you_mean(wanted: str, choices: Iterable[object]) -> str:
    """ "did you mean 'a' or 'b'?" for the (at most three) ``choices`` closest to ``wanted``, as
    :mod:`difflib` sees them; "" when none is close. For a mistyped subcommand, choice or clause."""
    close = [
        repr(match) for match in difflib.get_close_matches(wanted, [str(c) for c in choices], n=3, cutoff=0.5)
    ]
    if not close:
        return ""
    return f"did you mean {listing(close)}?"


# --------------------------------------------------------------------------- number types


_WHOLE = re.compile(r"[+-]?[0-9]+")
"""A whole number as the options take it: ASCII digits with an optional sign; no ``1e3``, ``1_000``,
spaces inside or digits of other scripts, which ``int()`` would read."""


def _whole(text: str, minimum: int | None, expected: str) -> int:
    """``text`` as a whole number (of at least ``minimum``), or :class:`argparse.ArgumentTypeError`
    saying what was ``expected``."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped):
        raise argparse.ArgumentTypeError(f"{expected}, not {text!r}")
    try:
        value = int(stripped)
    except ValueError:  # more digits than int() reads (sys.get_int_max_str_digits)
        raise argparse.ArgumentTypeError(f"{expected}, not a number of {len(stripped)} digits") from None
    if minimum is not None and value < minimum:
        raise argparse.ArgumentTypeError(f"{expected}, not {value}")
    return value


def positive_int(text: str) -> int:
    """An argparse type: a count that must be at least 1 (games, runs, jobs)."""
    return _whole(text, 1, "expected a whole number of at least 1")


def non_negative_int(text: str) -> int:
    """An argparse type: a whole number of at least 0 (a seed, a seat, a count where 0 means off).

    Seeds are not negative: ``random.Random`` reads ``-5`` as ``5``, so two seeds would give one
    game.
    """
    return _whole(text, 0, "expected a whole number of at least 0")


class PlayerCount:
    """An argparse type: a number of players a game has, as its rules say (a new game for that many
    players is refused with the clause that forbids it: Fröschis' ``players.count``)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.__name__ = "player_count"  # argparse names the type by it in its errors

    def __call__(self, text: str) -> int:
        counts = self.game.players
        players = _whole(text, None, f"expected a number of players, {_counts(counts)}")
        if players not in counts:
            try:
                self.game.new_game(players, None)
            except RulesError as error:
                raise argparse.ArgumentTypeError(str(error)) from None
            raise argparse.ArgumentTypeError(
                f"{self.game.title} is for {_counts(counts)} players, not {players}"
            )
        return players


def _counts(counts: tuple[int, ...]) -> str:
    return f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(counts[0])


player_count = PlayerCount(game(DEFAULT))
"""The player count of the default game (Fröschis: 2 to 4)."""


def player_count_of(of: Game) -> PlayerCount:
    """The player-count type of a game (the one object for the default game)."""
    return player_count if of.name == DEFAULT else PlayerCount(of)


def positive_seconds(text: str) -> float:
    """An argparse type: a duration in seconds, finite, more than 0, and short enough to wait for.

    ``nan`` made the commands that time themselves run for ever (no comparison with it is true),
    and a wait longer than :data:`threading.TIMEOUT_MAX` is refused by the waits themselves.
    """
    stripped = text.strip()
    try:
        if not stripped.isascii():
            raise ValueError
        value = float(stripped)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a finite number of seconds more than 0, not {text!r}")
    if value > threading.TIMEOUT_MAX:
        raise argparse.ArgumentTypeError(f"at most {threading.TIMEOUT_MAX:g} seconds, not {text!r}")
    return value


NUMBER_TYPES: tuple[Callable[[str], int | float], ...] = (
    positive_int,
    non_negative_int,
    player_count,
    positive_seconds,
)
"""The types of every numeric option (the tests check that no option takes a bare ``int`` or
``float``)."""


# --------------------------------------------------------------------------- commands and options


def add_command(
    subparsers: Subparsers,
    name: str,
    handler: Handler,
    help: str,
    description: str,
    epilog: str | None = None,
) -> argparse.ArgumentParser:
    """Register the subcommand ``name`` run by ``handler``; its parser, for the command's own options.

    ``help`` is the line of the top-level list, ``description`` the text of the command's own
    ``--help``. argparse %-formats the first but not the second: a percent sign is ``%%`` in
    ``help`` (and in every option's help) and ``%`` in ``description``.
    """
    parser = subparsers.add_parser(name, help=help, description=description, epilog=epilog)
    parser.set_defaults(handler=handler)
    return parser


def add_game(parser: argparse.ArgumentParser, read_from_files: bool = False) -> None:
    """``--game``: which game the command is about (the registered games; Fröschis by default).

    ``read_from_files``: a command of files (``validate``, ``explain``, ``vectors``) reads each
    file as the game it names; ``--game`` then only insists on one (``game_name`` is None without).
    """
    default = None if read_from_files else DEFAULT
    said = "default: the game each file names" if read_from_files else f"default {DEFAULT}"
    parser.add_argument(
        "--game",
        dest="game_name",
        choices=names(),
        default=default,
        help=f"the game: {', '.join(names())} ({said})",
    )


def game_of(args: argparse.Namespace) -> Game:
    """The game a parsed command line is about."""
    return game(args.game_name)


class GameNamedTwiceError(FroeschisError):
    """A command line whose ``--game`` names two different games."""


_GAME_OPTION = "--game"
_GAME_ABBREVIATIONS = tuple(_GAME_OPTION[:length] for length in range(3, len(_GAME_OPTION) + 1))
"""``--g`` to ``--game``: the words argparse takes for ``--game`` (an abbreviation argparse finds
ambiguous, ``--gam`` beside ``simulate``'s ``--games``, it refuses itself)."""


def games_named(argv: Sequence[str]) -> list[str]:
    """Every value ``--game`` is given in a command line, in order (``--game X``, ``--game=X`` and
    their abbreviations, as argparse reads them; nothing after ``--``)."""
    named: list[str] = []
    for index, word in enumerate(argv):
        if word == "--":
            break
        option, equals, value = word.partition("=")
        if option not in _GAME_ABBREVIATIONS:
            continue
        if equals:
            named.append(value)
        elif index + 1 < len(argv):
            named.append(argv[index + 1])
    return named


def chosen_game(argv: Sequence[str]) -> str:
    """The game ``--game`` names in a command line (the default game without one), looked at before
    the parser is built: the options a command takes (variants, player counts) are the game's.

    A command is about one game, so two different games are refused
    (:class:`GameNamedTwiceError`) rather than one of them kept: argparse would keep the last, and
    a parser built for the first would then lack the last one's options. The same game twice is
    one game.
    """
    named = list(dict.fromkeys(games_named(argv)))
    if len(named) > 1:
        raise GameNamedTwiceError(
            f"--game is given {len(named)} different games, {listing([repr(n) for n in named], 'and')}: "
            "a command is about one game; name it once"
        )
    return named[0] if named else DEFAULT


def add_players(parser: argparse.ArgumentParser, of: Game, default: int, help: str) -> None:
    """``--players``: how many seats the game has."""
    parser.add_argument("--players", type=player_count_of(of), default=default, help=help)


def add_seed(parser: argparse.ArgumentParser, help: str, default: int | None = 0) -> None:
    """``--seed``: the seed of the random choices, so that a run can be repeated."""
    parser.add_argument("--seed", type=non_negative_int, default=default, help=help)


def add_lang(parser: argparse.ArgumentParser, of: Game, help: str) -> None:
    """``--lang``: which of the game's rule texts to quote, by one rule for every game: the
    languages of its source texts, and English always (the catalogue's glosses where it has no
    English text: :func:`froeschis.framework.words.language_choices`); English by default, the
    language of the commands' own words."""
    choices = language_choices(of.languages)
    named = listing([f"{code} ({LANGUAGE_NAMES.get(code, code)})" for code in choices], "or")
    parser.add_argument(
        "--lang",
        choices=choices,
        default=ENGLISH,
        help=f"{help}: {named} for {of.title}; every game takes English and the languages of its "
        "texts (see 'froeschis COMMAND --game NAME --help') (default en)",
    )


def add_json(parser: argparse.ArgumentParser, help: str) -> None:
    """``--json``: machine-readable output instead of text for people."""
    parser.add_argument("--json", action="store_true", help=help)


def add_variant_switches(parser: argparse.ArgumentParser, of: Game) -> None:
    """One switch per rules variant of the game, ``--<option>``, its help naming the variant's clause."""
    for variant in of.variants:
        parser.add_argument(
            f"--{variant.option.replace('_', '-')}",
            dest=variant.option,
            action="store_true",
            help=f"{variant.clause}: {variant.summary}".replace("%", "%%"),
        )


def rules_from_args(args: argparse.Namespace, of: Game) -> Any:
    """The game's rules the variant switches of :func:`add_variant_switches` select."""
    return of.rules(**{variant.option: getattr(args, variant.option) for variant in of.variants})


def game_words(of: Game) -> str:
    """`` --game NAME`` for a game other than the default one, else "": what a command line the
    commands suggest must add to be about the same game (``froeschis rules --game frog``)."""
    return "" if of.name == DEFAULT else f" --game {of.name}"


def player_counts(of: Game) -> str:
    """The player counts a game allows, for a help text: ``2 to 4``, ``3``."""
    return f"{of.players[0]} to {of.players[-1]}" if len(of.players) > 1 else str(of.players[0])
