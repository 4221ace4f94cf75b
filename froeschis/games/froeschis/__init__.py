"""Fröschis (Amigo; Haim Shafir's *Make Room*), the game froeschis began with: each player fills a row
of face-down cards with the numbers 1 to its length, drawing, swapping and discarding, until a row is
complete.

Its rules are ``spec/froeschis/clauses.toml`` (from the English, German and Korean source texts,
with rulings where they are silent or ambiguous); this package is their reference engine and what
verifies it, on the framework (:mod:`froeschis.framework`) and nothing else of froeschis. Its
modules, in the skeleton every game folder shares: the pieces (``cards``, ``actions``, ``state``);
the clause table, one function per clause, the published table and its variants, the rules options
(``table``, ``clauses``, ``readings``, ``rules``); the immutable engine walking the table, its chance
nodes, events, provenance and records (``engine``, ``chance``, ``events``, ``provenance``,
``record``); what a seat sees, its numbers for OpenSpiel and PettingZoo, the JSON forms, the
catalogue (``observation``, ``encoding``, ``serialize``, ``spec``); words, pictures, players
(``render``, ``svg``, ``bots``, ``fast_policies``); the fast engines (``fast``, a mutable int-coded
engine, and ``kernel``, a numba kernel); what verifies it and others (``conformance``,
``misreadings``, ``scenarios``, ``invariants``, ``tiny``, ``playthroughs``).

:data:`froeschis.games.froeschis.game.GAME` describes it to the tools (registered as ``froeschis``).
"""
