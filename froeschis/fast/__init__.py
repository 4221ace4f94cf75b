"""Fast engines that play the same game as the reference: :class:`FastGame`, a mutable int-coded
engine for simulations and tree search, proven in lock-step against the reference by the tests."""

from froeschis.fast.game import FastGame, play_fast

__all__ = ["FastGame", "play_fast"]
