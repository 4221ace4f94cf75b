"""``python -m froeschis``: the ``froeschis`` command."""

import sys

from froeschis.cli import main

sys.exit(main())
