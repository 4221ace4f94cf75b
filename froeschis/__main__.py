"""``python -m froeschis``: the ``froeschis`` command.

Guarded, so that importing this module (as a worker process started with "spawn" may do with the
main module) runs nothing.
"""

import sys

from froeschis.cli import main

if __name__ == "__main__":
    sys.exit(main())
