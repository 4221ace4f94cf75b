"""Many bot games of any game: the run on worker processes or a Dask cluster, and its statistics."""
