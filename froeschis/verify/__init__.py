"""What proves the reference engine: invariants, exhaustive walks, golden playthroughs, the trace."""
