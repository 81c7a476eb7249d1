# Limit: a list growing without bound hits the memory cap.
# expect: MemoryError
# timeout: 120
data = ["block" * 1000]
rounds = 0
while True:
    data.extend(data)
    rounds += 1
