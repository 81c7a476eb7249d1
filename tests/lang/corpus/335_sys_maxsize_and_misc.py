# Checks: sys.maxsize, sys.version_info basics, sys.getrecursionlimit.
import sys
print(sys.maxsize, sys.maxsize == 2 ** 63 - 1)
print(sys.maxsize + 1)
print(sys.version_info[0], sys.version_info >= (3, 0))
print(sys.getrecursionlimit())
print(isinstance(sys.version, str), sys.version.startswith("3."))
print(type(sys.stdout).__name__ != "", sys.stdout is not sys.stderr)
