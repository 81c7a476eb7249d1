# Checks: progress messages on stderr while results go to stdout.
import sys
results = []
for step in range(1, 4):
    print(f"step {step}/3", file=sys.stderr)
    results.append(step * step)
print("results:", results)
print("done", file=sys.stderr)
