# Checks: print(file=sys.stderr) goes to stderr; stdout content is unaffected.
import sys
print("to stdout 1")
print("warning: something", file=sys.stderr)
print("to stdout 2")
sys.stderr.write("raw stderr line\n")
print("last stderr line", 42, file=sys.stderr, sep=":")
print("to stdout 3", file=sys.stdout)
