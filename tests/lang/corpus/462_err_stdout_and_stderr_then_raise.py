# Error case: output on both streams, then an uncaught exception.
import sys
print("step 1 ok")
print("warning: low precision", file=sys.stderr)
print("step 2 ok")
raise RuntimeError("step 3 failed")
