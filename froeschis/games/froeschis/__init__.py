"""Fröschis (Amigo; Haim Shafir's *Make Room*), the game froeschis began with: each player fills a row
of face-down cards with the numbers 1 to its length, drawing, swapping and discarding, until a row is
complete.

Its rules are ``spec/clauses.toml`` (from the English, German and Korean source texts, with rulings
where they are silent or ambiguous); this package is their reference engine, on the framework
(:mod:`froeschis.framework`) and nothing else of froeschis:

* :mod:`.cards`, :mod:`.actions`, :mod:`.state`: the pieces;
* :mod:`.table`, :mod:`.clauses`, :mod:`.readings`, :mod:`.rules`: the clause table, one function
  per clause, the published table and its variants, the rules options;
* :mod:`.engine`, :mod:`.chance`, :mod:`.events`, :mod:`.provenance`, :mod:`.record`: the immutable
  engine walking the table, its chance nodes, events, provenance and game records;
* :mod:`.observation`, :mod:`.encoding`, :mod:`.serialize`, :mod:`.spec`: what a seat sees, its
  numbers for OpenSpiel and PettingZoo, the JSON forms (``spec/protocol.md``), the catalogue;
* :mod:`.render`, :mod:`.svg`, :mod:`.bots`, :mod:`.fast_policies`: words, pictures, players;
* :mod:`.fast` and :mod:`.kernel`: the fast engines (a mutable int-coded one, a numba kernel);
* :mod:`.conformance`, :mod:`.misreadings`, :mod:`.scenarios`, :mod:`.invariants`, :mod:`.tiny`,
  :mod:`.playthroughs`: what verifies it and others.

:data:`~.game.GAME` describes it to the tools (registered as ``froeschis``).
"""
