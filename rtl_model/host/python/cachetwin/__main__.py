"""python -m cachetwin FILE...: replays golden vector files on the C models
(exit 0, 1 on a mismatch, 2 on a file it cannot read)."""
import sys

from . import main

sys.exit(main(sys.argv[1:]))
