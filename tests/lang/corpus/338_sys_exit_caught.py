# Checks: SystemExit can be caught and inspected.
import sys
try:
    sys.exit(3)
except SystemExit as e:
    print("caught SystemExit", e.code)
try:
    sys.exit("message")
except SystemExit as e:
    print("code", repr(e.code))
print(issubclass(SystemExit, Exception), issubclass(SystemExit, BaseException))
