# B3: string building and formatting.
parts = []
for i in range(200000):
    parts.append(f"{i}:{i * i % 97}")
s = ",".join(parts)
print(len(s), s[:30])
