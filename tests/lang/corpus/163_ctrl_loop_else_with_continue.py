# Checks: continue does not prevent the else clause from running.
for i in range(4):
    if i % 2:
        continue
    print("even", i)
else:
    print("else after continue-only loop")
attempts = 0
while attempts < 3:
    attempts += 1
    if attempts < 3:
        continue
else:
    print("attempts", attempts)
