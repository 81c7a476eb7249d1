# Error case: sys.exit with a string prints it to stderr and exits with status 1.
import sys
def main():
    print("checking configuration")
    sys.exit("fatal: configuration missing")
main()
