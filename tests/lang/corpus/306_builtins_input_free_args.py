# Checks: sys.argv is a list whose first item names the script (content not printed).
import sys
print(type(sys.argv).__name__, len(sys.argv))
print(sys.argv[0].endswith(".py"))
print(isinstance(sys.argv[0], str))
