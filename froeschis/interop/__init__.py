"""froeschis through the interfaces of game-theory and learning libraries: OpenSpiel, PettingZoo and
Gymnasium. Each wrapper needs its extra (``openspiel``, ``rl``) and is imported on its own; the rest
of froeschis never imports this package."""
