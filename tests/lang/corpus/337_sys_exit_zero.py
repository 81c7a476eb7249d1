# Checks: sys.exit(0) ends the script early with exit status 0.
import sys
print("before exit")
def finish():
    sys.exit(0)
try:
    finish()
finally:
    print("finally runs on exit")
print("not printed")
