"""Army of Frogs (John Yianni, Gen42 Games), the third game of froeschis: two to four players build
one island of hexagonal frog stones, and the first to link all of their colour, seven or more, wins.

Its rules are ``spec/army-of-frogs/`` (the catalogue, the leaflet's sentences, the README's pictures,
the perft table, ``protocol.md``); this package is the reference engine:

* :mod:`.engine` (the state and its steps) walks the clause table (:mod:`.table`, :mod:`.readings`),
  whose entries are the clause functions of :mod:`.setup`, :mod:`.turns`, :mod:`.moves`,
  :mod:`.structure`, :mod:`.goal` and :mod:`.observation`; :mod:`.rules` holds the options;
* :mod:`.chance` the one chance event, :mod:`.perft` perft and divide, :mod:`.tiny` tiny
  configurations;
* :mod:`.serialize` and :mod:`.notation` the JSON forms and the one-line notation,
  :mod:`.render` and :mod:`.svg` pictures, :mod:`.narrate` events in words;
* :mod:`.bots` the bots, :mod:`.misreadings` the catalogue's misreadings as table entries;
* :mod:`.playthroughs` how its golden playthroughs are searched for, :mod:`.encoding` its numbers
  for OpenSpiel and PettingZoo, :mod:`.bench` its bench.

:data:`~froeschis.games.army_of_frogs.game.GAME` is the game as the tools see it, registered as
``army-of-frogs``.
"""
