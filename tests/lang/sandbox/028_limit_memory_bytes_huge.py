# Limit: bytes(n) asks the memory cap before it allocates n bytes (it used to abort the process).
# expect: MemoryError
# timeout: 60
try:
    bytes(10 ** 10)
except MemoryError:
    print("caught bytes(10**10)")
print(len(bytes(10 ** 12)))
