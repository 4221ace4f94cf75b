"""A game's clause catalogue and its source texts, in any language, loaded from a folder of ``spec/``.

A game's ``clauses.toml`` is the single statement of its rules; this module reads it (and the source
texts it quotes, ``sources/<lang>.toml``, each a seed text split into anchored sentences) into frozen
objects and refuses a catalogue that contradicts itself: an unknown kind, a quote that is not in the
sentence it cites, a ruling without a rationale. Everything that names a clause (the engine, the
tests, the docs) goes through the catalogue, so a misspelt ID fails loudly instead of tracing to
nothing.

The catalogue's header names the game and its source languages (``game = "frog"``, ``languages =
["ja"]``), the first being the one every source clause must quote; a catalogue without them is read
with the languages it is loaded with.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from froeschis.framework.errors import SpecError

KINDS = ("source", "ruling", "variant")


@attrs.frozen
class Sentence:
    """One sentence of a source text, by its stable anchor (``<lang>.<paragraph>.<sentence>``)."""

    anchor: str
    text: str
    gloss: str = ""
    """An English translation of the sentence, made for the catalogue (a machine-translated seed's
    errors included: it translates, it does not correct); empty where the text is English."""


@attrs.frozen
class SourceText:
    """A source text in one language, split into anchored sentences."""

    language: str
    seed: str
    sentences: tuple[Sentence, ...]

    def sentence(self, anchor: str) -> Sentence:
        for sentence in self.sentences:
            if sentence.anchor == anchor:
                return sentence
        raise SpecError(f"no sentence {anchor!r} in the {self.language} source text")


@attrs.frozen
class SourceRef:
    """A clause's citation of one source sentence, with the part of it that matters."""

    language: str
    anchor: str
    quote: str


@attrs.frozen
class Misreading:
    """A plausible wrong reading of a clause: how an engine built on it would play instead.

    ``id`` is ``<clause>~<name>``; ``invited_by`` is the source sentence that invites it, if one
    does; ``mutant`` marks the one the mutation check plays the test suite by. The reading itself (the
    clause-table entries) is implemented in the game's ``misreadings`` module, unless the catalogue
    says why it cannot be (``unplayable``).
    """

    id: str
    clause: str
    description: str
    mutant: bool
    invited_by: SourceRef | None
    unplayable: str = ""
    """Why no entry of the game's clause table can be this reading, so that the reference cannot
    play it and the conformance checker can never name it ("" where it can: every other misreading
    is implemented, as the contract tests check)."""


@attrs.frozen
class Deprecation:
    """Why a clause is no longer in force, since when, and what replaced it.

    A clause is never deleted and its ID never reused (other engines, reports and records cite
    it): it is marked deprecated instead. A deprecated clause needs no implementation, test or
    playthrough, and naming it in code, a test or a playthrough is an error, as naming an unknown ID.
    """

    since: str
    """The release that deprecated it."""
    reason: str
    replaced_by: tuple[str, ...]
    """The clauses in force that took over its meaning, if any."""


@attrs.frozen
class Clause:
    """One rule clause of the catalogue."""

    id: str
    title: str
    kind: str
    statement: str
    rationale: str
    secondary: tuple[str, ...]
    option: str | None
    sources: tuple[SourceRef, ...]
    misreadings: tuple[Misreading, ...] = ()
    deprecated: Deprecation | None = None

    def sources_in(self, language: str) -> tuple[SourceRef, ...]:
        return tuple(ref for ref in self.sources if ref.language == language)


@attrs.frozen
class Discrepancy:
    """A point where the source texts disagree or one of them is wrong, and how it is resolved."""

    id: str
    clauses: tuple[str, ...]
    languages: tuple[str, ...]
    summary: str
    resolution: str


@attrs.frozen
class Catalogue:
    """All clauses in rule order, the discrepancies, and the source texts."""

    clauses: tuple[Clause, ...]
    discrepancies: tuple[Discrepancy, ...]
    sources: Mapping[str, SourceText]
    game: str = "froeschis"
    """The game whose rules these are (its name in the registry: ``froeschis``, ``frog``...)."""
    path: str = "spec/froeschis/clauses.toml"
    """Where the catalogue is, as error messages name it."""

    @property
    def languages(self) -> tuple[str, ...]:
        """The source texts' languages, the one every source clause quotes first."""
        return tuple(self.sources)

    def ids(self) -> tuple[str, ...]:
        """Every clause ID ever published, deprecated ones included: all that may be cited."""
        return tuple(c.id for c in self.clauses)

    def in_force(self) -> tuple[Clause, ...]:
        """The clauses that are not deprecated: the ones that need an implementation and tests."""
        return tuple(c for c in self.clauses if c.deprecated is None)

    def in_force_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.in_force())

    def clause(self, clause_id: str) -> Clause:
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise SpecError(f"unknown clause ID {clause_id!r}: it is not in {self.path}")

    def misreadings(self) -> tuple[Misreading, ...]:
        """Every clause's misreadings, in rule order."""
        return tuple(m for c in self.clauses for m in c.misreadings)

    def misreading(self, misreading_id: str) -> Misreading:
        for m in self.misreadings():
            if m.id == misreading_id:
                return m
        raise SpecError(f"unknown misreading {misreading_id!r}: it is not in {self.path}")


def _str(table: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = table.get(key, default)
    if not isinstance(value, str):
        raise SpecError(f"{where}: field {key!r} must be a string, got {value!r}")
    return value


def _strs(table: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SpecError(f"{where}: field {key!r} must be a list of strings, got {value!r}")
    return tuple(value)


def _load_source(path: Path) -> SourceText:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    where = str(path.name)
    sentences = tuple(
        Sentence(_str(s, "anchor", where), _str(s, "text", where), _str(s, "gloss", where, default=""))
        for s in data.get("sentence", [])
    )
    anchors = [s.anchor for s in sentences]
    if len(set(anchors)) != len(anchors):
        raise SpecError(f"{where}: duplicate sentence anchors")
    return SourceText(_str(data, "language", where), _str(data, "seed", where), sentences)


def _load_clause(table: Mapping[str, Any], sources: Mapping[str, SourceText]) -> Clause:
    primary = next(iter(sources))
    clause_id = _str(table, "id", "clause")
    where = f"clause {clause_id!r}"
    kind = _str(table, "kind", where)
    if kind not in KINDS:
        raise SpecError(f"{where}: kind must be one of {KINDS}, got {kind!r}")
    refs: list[SourceRef] = []
    for language in sources:
        for ref in table.get(language, []):
            anchor, quote = _str(ref, "anchor", where), _str(ref, "quote", where)
            text = sources[language].sentence(anchor).text
            if quote not in text:
                raise SpecError(f"{where}: quote {quote!r} is not in sentence {anchor}: {text!r}")
            refs.append(SourceRef(language, anchor, quote))
    rationale = _str(table, "rationale", where, default="")
    if kind != "source" and not rationale:
        raise SpecError(f"{where}: a {kind} must say why in 'rationale'")
    if kind == "source" and not any(ref.language == primary for ref in refs) and sources[primary].sentences:
        raise SpecError(f"{where}: a source clause must quote the {primary} text")
    option = table.get("option")
    if (kind == "variant") != (option is not None):
        raise SpecError(f"{where}: exactly the variants name a Rules 'option'")
    misreadings = tuple(_load_misreading(m, clause_id, sources) for m in table.get("misreading", []))
    if sum(m.mutant for m in misreadings) != (1 if misreadings else 0):
        raise SpecError(f"{where}: exactly one of its misreadings is the mutant")
    deprecated = _load_deprecation(table["deprecated"], where) if "deprecated" in table else None
    return Clause(
        id=clause_id,
        title=_str(table, "title", where),
        kind=kind,
        statement=_str(table, "statement", where),
        rationale=rationale,
        secondary=_strs(table, "secondary", where),
        option=_str(table, "option", where) if option is not None else None,
        sources=tuple(refs),
        misreadings=misreadings,
        deprecated=deprecated,
    )


def _load_deprecation(table: object, where: str) -> Deprecation:
    if not isinstance(table, Mapping):
        raise SpecError(f"{where}: 'deprecated' must be a table with 'since', 'reason' and 'replaced_by'")
    since = _str(table, "since", f"{where} (deprecated)")
    if not all(part.isdigit() for part in since.split(".")) or since.count(".") != 2:
        raise SpecError(f"{where}: deprecated 'since' must be a release such as '0.2.0', not {since!r}")
    return Deprecation(
        since,
        _str(table, "reason", f"{where} (deprecated)"),
        _strs(table, "replaced_by", f"{where} (deprecated)"),
    )


def _load_misreading(
    table: Mapping[str, Any], clause_id: str, sources: Mapping[str, SourceText]
) -> Misreading:
    misreading_id = _str(table, "id", f"a misreading of {clause_id!r}")
    where = f"misreading {misreading_id!r}"
    if not misreading_id.startswith(clause_id + "~"):
        raise SpecError(f"{where}: its ID must be '{clause_id}~name'")
    mutant = table.get("mutant", False)
    if not isinstance(mutant, bool):
        raise SpecError(f"{where}: 'mutant' must be true or false")
    invited_by = None
    if "anchor" in table:
        anchor, quote = _str(table, "anchor", where), _str(table, "quote", where)
        language = anchor.split(".")[0]
        if language not in sources:
            raise SpecError(f"{where}: anchor {anchor!r} names no source text")
        text = sources[language].sentence(anchor).text
        if quote not in text:
            raise SpecError(f"{where}: quote {quote!r} is not in sentence {anchor}: {text!r}")
        invited_by = SourceRef(language, anchor, quote)
    unplayable = _str(table, "unplayable", where, default="")
    if mutant and unplayable:
        raise SpecError(f"{where}: the mutant is played by the mutation check, so it cannot be 'unplayable'")
    description = _str(table, "description", where)
    return Misreading(misreading_id, clause_id, description, mutant, invited_by, unplayable)


def load(root: Path, languages: tuple[str, ...] = (), path: str = "") -> Catalogue:
    """Load and check the catalogue in the folder ``root`` (``clauses.toml`` and ``sources/``).

    The languages are those the catalogue's header lists, else ``languages``; ``path`` is how error
    messages name the catalogue (by default its file name under ``spec/``).
    """
    data = tomllib.loads((root / "clauses.toml").read_text(encoding="utf-8"))
    listed = data.get("languages", list(languages))
    if not listed or not all(isinstance(x, str) for x in listed):
        raise SpecError(f"{root / 'clauses.toml'}: 'languages' must list the source texts' languages")
    sources = {lang: _load_source(root / "sources" / f"{lang}.toml") for lang in listed}
    game = data.get("game", "froeschis")
    if not isinstance(game, str):
        raise SpecError(f"{root / 'clauses.toml'}: 'game' must be the game's name")
    return parse_catalogue(data, sources, game, path or f"spec/{root.name}/clauses.toml")


def parse_catalogue(
    data: Mapping[str, Any],
    sources: Mapping[str, SourceText],
    game: str = "froeschis",
    path: str = "spec/froeschis/clauses.toml",
) -> Catalogue:
    """The catalogue of the parsed ``clauses.toml`` ``data``, checked against the ``sources``."""
    clauses = tuple(_load_clause(t, sources) for t in data["clause"])
    ids = [c.id for c in clauses]
    if len(set(ids)) != len(ids):
        raise SpecError(f"{path}: duplicate clause IDs")
    in_force = {c.id for c in clauses if c.deprecated is None}
    for c in clauses:
        if c.deprecated is not None and not set(c.deprecated.replaced_by) <= in_force:
            raise SpecError(
                f"clause {c.id!r}: replaced_by must name clauses in force, not "
                f"{sorted(set(c.deprecated.replaced_by) - in_force)}"
            )
    misreading_ids = [m.id for c in clauses for m in c.misreadings]
    if len(set(misreading_ids)) != len(misreading_ids):
        raise SpecError(f"{path}: duplicate misreading IDs")
    discrepancies = []
    for table in data.get("discrepancy", []):
        where = f"discrepancy {table.get('id')!r}"
        d = Discrepancy(
            id=_str(table, "id", where),
            clauses=_strs(table, "clauses", where),
            languages=_strs(table, "languages", where),
            summary=_str(table, "summary", where),
            resolution=_str(table, "resolution", where),
        )
        unknown = set(d.clauses) - set(ids)
        if unknown:
            raise SpecError(f"{where}: names unknown clauses {sorted(unknown)}")
        discrepancies.append(d)
    return Catalogue(clauses, tuple(discrepancies), sources, game, path)
