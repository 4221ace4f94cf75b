"""The package's version, in one place: the build reads it (``[tool.hatch.version]``), ``froeschis
--version`` prints it, and a Dask client compares it with its workers'. A module of its own so that
the tools read it without importing ``froeschis``'s facade, which imports Fröschis' engine."""

__version__ = "0.1.0"
"""The version of the package: its one source, a constant, so that reading it reads no file."""
