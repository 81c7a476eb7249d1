# Limit: one huge allocation is refused by the memory cap.
# expect: MemoryError
print("allocating")
s = "x" * (10 ** 12)
print(len(s))
