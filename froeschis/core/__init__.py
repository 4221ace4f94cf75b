"""The rules themselves: cards, actions, states, rules options, clause functions, the engine."""
