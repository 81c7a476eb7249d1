# Checks: sys.stdout.write returns the count and does not add newlines.
import sys
n = sys.stdout.write("hello")
sys.stdout.write(" world\n")
print(n)
sys.stdout.write("a\nb\n")
print("mixed", end=" ")
sys.stdout.write("after print\n")
sys.stdout.flush()
