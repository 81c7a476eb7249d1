# Limit: a dict growing without bound hits the memory cap.
# expect: MemoryError
# timeout: 120
table = {}
i = 0
while True:
    table[i] = [i] * 100
    i += 1
