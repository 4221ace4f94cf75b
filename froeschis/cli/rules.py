"""``froeschis rules``: the annotated rules in the terminal, from the clause catalogue.

Without an argument every clause is listed in rule order with its statement and the words of the
chosen language's rule text it rests on. ``rules CLAUSE`` shows one clause in full (a prefix such as
``frog`` shows every ``frog.*`` clause): the statement, why a ruling or variant decided as it did,
the whole source sentences with the quoted part in bold, other sources, the discrepancies between
the texts, and the function that implements it. ``--text`` shows the rule text itself, sentence by
sentence, each with the clauses that cite it.

With ``--lang de`` or ``--lang ko`` the quoted sentences are German or Korean, and two things are
said that a reader could not otherwise tell: the statements shown are English (the catalogue has
no other), and where the catalogue records a discrepancy that concerns a clause in that language,
the clause's sentences carry a flag naming it (:func:`froeschis.games.froeschis.render.discrepancy_flag`,
shared with the other commands). The JSON output carries both too.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.text import Text

from froeschis.cli.options import (
    Subparsers,
    add_command,
    add_game,
    add_json,
    add_lang,
    box_width,
    did_you_mean,
    game_of,
    game_words,
    make_console,
)
from froeschis.framework.catalogue import Catalogue, Clause
from froeschis.framework.errors import FroeschisError, listing
from froeschis.framework.game import Game
from froeschis.framework.words import (
    LANGUAGE_NAMES,
    cited_language,
    clause_discrepancies,
    discrepancy_flag,
    language_choices,
    rule_sources,
    source_lines,
    statement_note,
    text_name,
)
from froeschis.verify.trace import implementations as implementations_by_clause

KIND_STYLE = {"source": "green", "ruling": "yellow", "variant": "magenta"}


class UnknownClauseError(FroeschisError):
    """``rules CLAUSE`` named no clause and no clause-ID prefix."""


def select(catalogue: Catalogue, wanted: str | None, of: Game | None = None) -> tuple[Clause, ...]:
    """The clauses ``wanted`` names: one ID, or every ID under a prefix (``frog`` -> ``frog.*``);
    the refusal of any other suggests the command that lists ``of``'s clauses (its ``--game``)."""
    if wanted is None:
        return catalogue.clauses
    exact = [c for c in catalogue.clauses if c.id == wanted]
    if exact:
        return tuple(exact)
    prefix = wanted.rstrip(".") + "."
    under = tuple(c for c in catalogue.clauses if c.id.startswith(prefix))
    if under:
        return under
    listed = "" if of is None else game_words(of)
    hint = did_you_mean(wanted, catalogue.ids()) or f"'froeschis rules{listed}' lists them all"
    raise UnknownClauseError(f"no clause {wanted!r} in the catalogue; {hint}")


def implementations(of: Game, clause_id: str) -> tuple[str, ...]:
    return tuple(implementations_by_clause(of).get(clause_id, ()))


def _marked(sentence: str, quote: str) -> Text:
    """The sentence with the quoted part in bold."""
    text = Text(sentence)
    start = sentence.find(quote)
    if start >= 0:
        text.stylize("bold", start, start + len(quote))
    return text


def _heading(clause: Clause) -> Text:
    heading = Text()
    heading.append(clause.id, style="bold cyan")
    heading.append(f"  {clause.title}  ")
    heading.append(clause.kind, style=KIND_STYLE.get(clause.kind, ""))
    if clause.option:
        heading.append(f"  (option --{clause.option.replace('_', '-')})", style="dim")
    return heading


def _quotes(catalogue: Catalogue, clause: Clause, lang: str, whole: bool) -> list[RenderableType]:
    """The clause's sentences in ``lang`` (whole, or just the quoted words; with the catalogue's
    English gloss of a sentence in another script), then the discrepancy flag once: it concerns the
    clause in that language, not one of its sentences."""
    found = rule_sources(catalogue, clause.id, lang)
    lines: list[RenderableType] = []
    if not found:
        name = LANGUAGE_NAMES[cited_language(catalogue, lang)]
        lines.append(_indented(Text(f"(the {name} text does not state this clause)", style="dim")))
    for source in found:
        line = Text(f"{source.anchor}  ", style="dim")
        if whole:
            line.append_text(_marked(source.sentence, source.quote))
        else:
            line.append(f"“{source.quote}”")
        lines.append(_indented(line))
        if whole and source.gloss:
            lines.append(_indented(Text(f"(in English: {source.gloss})", style="dim"), 4))
    flag = discrepancy_flag(catalogue, clause.id, lang)
    if flag:
        lines.append(_indented(Text(flag, style="yellow")))
    return lines


def _statement(clause: Clause) -> list[Text]:
    """The statement (in English: the heading of the command's output says so, once, for another
    language than English)."""
    return [Text(clause.statement)]


def _indented(text: Text, by: int = 2) -> RenderableType:
    return Padding(text, (0, 0, 0, by), expand=False)


def brief(catalogue: Catalogue, clause: Clause, lang: str) -> RenderableType:
    """A clause in a few lines: heading, statement, the quoted words in ``lang``."""
    statement = [_indented(line) for line in _statement(clause)]
    return Group(_heading(clause), *statement, *_quotes(catalogue, clause, lang, whole=False), Text())


def full(of: Game, clause: Clause, catalogue: Catalogue, lang: str) -> RenderableType:
    """A clause with everything the catalogue and the package know about it."""
    parts: list[RenderableType] = [*_statement(clause)]
    if clause.rationale:
        parts += [Text(), Text("Why", style="bold"), Text(clause.rationale)]
    parts += [
        Text(),
        Text(f"Rule text ({text_name(catalogue, lang)})", style="bold"),
        *_quotes(catalogue, clause, lang, whole=True),
    ]
    if clause.secondary:
        parts += [Text(), Text("Other sources", style="bold")]
        parts += [_indented(Text(s)) for s in clause.secondary]
    disputes = [d for d in catalogue.discrepancies if clause.id in d.clauses]
    if disputes:
        parts += [Text(), Text("Where the texts disagree", style="bold")]
        for d in disputes:
            parts.append(_indented(Text(f"{d.id} ({', '.join(d.languages)}): {d.summary}")))
            parts.append(_indented(Text(f"resolved: {d.resolution}", style="dim"), 4))
    parts += [Text(), Text("Implemented by", style="bold")]
    parts += [Text(f"  {name}") for name in implementations(of, clause.id)] or [
        Text("  (nothing)", style="red")
    ]
    # Not expanded: a box narrower than its width (options.box_width) is as wide as its text.
    return Panel(Group(*parts), title=_heading(clause), title_align="left", expand=False)


def citing_clauses(catalogue: Catalogue, lang: str) -> dict[str, list[str]]:
    """Anchor -> the IDs of the clauses that cite that ``lang`` sentence, in rule order."""
    citing: dict[str, list[str]] = {}
    for clause in catalogue.clauses:
        for ref in clause.sources_in(cited_language(catalogue, lang)):
            ids = citing.setdefault(ref.anchor, [])
            if clause.id not in ids:
                ids.append(clause.id)
    return citing


def annotated_text(catalogue: Catalogue, lang: str) -> RenderableType:
    """The ``lang`` rule text sentence by sentence, each followed by the clauses that cite it and
    the discrepancy flag of every one of them that a discrepancy concerns in ``lang``."""
    citing = citing_clauses(catalogue, lang)
    lines: list[RenderableType] = []
    for sentence in source_lines(catalogue, lang):
        line = Text(f"{sentence.anchor}  ", style="dim")
        line.append(sentence.text)
        lines.append(line)
        ids = citing.get(sentence.anchor, [])
        lines.append(_indented(Text("-> " + (", ".join(ids) if ids else "(no clause)"), style="cyan"), 4))
        for clause_id in ids:
            flag = discrepancy_flag(catalogue, clause_id, lang)
            if flag:
                lines.append(_indented(Text(f"{clause_id} {flag}", style="yellow"), 7))
    return Group(*lines)


def text_to_json(catalogue: Catalogue, lang: str) -> list[dict[str, Any]]:
    """The ``lang`` rule text for ``--text --json``: each sentence with the clauses citing it and,
    for each, the discrepancies that concern it in ``lang`` and their flag."""
    citing = citing_clauses(catalogue, lang)
    return [
        {
            "anchor": s.anchor,
            "text": s.text,
            "cited_by": [
                {
                    "clause": clause_id,
                    "discrepancies": [d.id for d in clause_discrepancies(catalogue, clause_id, lang)],
                    "flag": discrepancy_flag(catalogue, clause_id, lang),
                }
                for clause_id in citing.get(s.anchor, [])
            ],
        }
        for s in source_lines(catalogue, lang)
    ]


def to_json(of: Game, clauses: tuple[Clause, ...], catalogue: Catalogue, lang: str) -> list[dict[str, Any]]:
    return [
        {
            "id": c.id,
            "title": c.title,
            "kind": c.kind,
            "option": c.option,
            "statement": c.statement,
            "statement_language": "en",
            "statement_note": statement_note(lang) or None,
            "rationale": c.rationale,
            "sources": [
                {
                    "anchor": s.anchor,
                    "sentence": s.sentence,
                    "quote": s.quote,
                    "discrepancies": list(s.discrepancies),
                    "flag": s.flag,
                    **({"gloss": s.gloss} if s.gloss else {}),
                }
                for s in rule_sources(catalogue, c.id, lang)
            ],
            "discrepancy_flag": discrepancy_flag(catalogue, c.id, lang),
            "secondary": list(c.secondary),
            "discrepancies": [d.id for d in catalogue.discrepancies if c.id in d.clauses],
            "implemented_by": list(implementations(of, c.id)),
        }
        for c in clauses
    ]


def run(args: argparse.Namespace) -> int:
    of = game_of(args)
    catalogue = of.catalogue()
    console = make_console()
    if args.text:
        if args.json:
            print(json.dumps(text_to_json(catalogue, args.lang), ensure_ascii=False))
        else:
            console.print(annotated_text(catalogue, args.lang))
        return 0
    chosen = select(catalogue, args.clause, of)
    if args.json:
        print(json.dumps(to_json(of, chosen, catalogue, args.lang), ensure_ascii=False, indent=2))
        return 0
    note = statement_note(args.lang)
    said = f" The statements are in English ({note})." if note else ""
    if args.clause is None:
        console.print(
            Text(
                f"{of.title}: {len(chosen)} rule clauses. 'froeschis rules{game_words(of)} ID' shows one "
                "in full; "
                f"quotes are from the {text_name(catalogue, args.lang)} rule text.{said}\n",
                style="bold",
            )
        )
        for clause in chosen:
            console.print(brief(catalogue, clause, args.lang))
    else:
        if note:
            console.print(Text(f"({note})", style="dim"))
        for clause in chosen:
            console.print(full(of, clause, catalogue, args.lang), width=box_width(console), soft_wrap=False)
    sys.stdout.flush()
    return 0


def _languages(of: Game) -> str:
    """The languages ``rules`` quotes a game in, in words: "English, German or Korean", "English
    (the glosses of the Japanese text) or Japanese"."""
    names = [LANGUAGE_NAMES[code] for code in language_choices(of.languages)]
    if "en" not in of.languages:
        first = LANGUAGE_NAMES[of.languages[0]]
        names[0] = f"English (the catalogue's glosses of the {first} text)"
    return listing(names)


def add(subparsers: Subparsers, game: Game) -> None:
    parser = add_command(
        subparsers,
        "rules",
        run,
        help="the annotated rules: every clause with the rule text it rests on",
        description=(
            f"Show the rule clauses of {game.title}'s catalogue (spec/{game.name}/clauses.toml) with the "
            f"sentences of the rule text they rest on, in {_languages(game)}. Without CLAUSE all "
            "clauses are listed briefly; with it, one clause (or every clause under an ID prefix such "
            "as 'frog') is shown in full."
        ),
    )
    add_game(parser)
    parser.add_argument(
        "clause", nargs="?", metavar="CLAUSE", help="a clause ID (frog.swap) or prefix (frog)"
    )
    add_lang(parser, game, "language of the rule text")
    parser.add_argument(
        "--text",
        action="store_true",
        help="show the rule text sentence by sentence, with the clauses citing each",
    )
    add_json(parser, "print JSON instead of formatted text")
