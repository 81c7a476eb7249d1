# Limit: an infinite loop is stopped by the step budget.
# expect: TimeoutError: step budget exceeded
# timeout: 120
print("looping forever")
n = 0
while True:
    n += 1
