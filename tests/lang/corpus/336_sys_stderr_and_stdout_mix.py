# Checks: interleaving writes to stdout and stderr.
import sys
for i in range(3):
    print("out", i)
    print("err", i, file=sys.stderr)
sys.stderr.write("final error line\n")
print("stdout done")
