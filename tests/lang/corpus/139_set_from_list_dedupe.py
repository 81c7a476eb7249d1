# Checks: deduplicating while preserving order, vs. set of small ints.
data = [3, 1, 3, 2, 1, 5, 2]
seen = set()
unique = []
for x in data:
    if x not in seen:
        seen.add(x)
        unique.append(x)
print(unique)
print(seen)
print(sorted(set(data)))
print(list(dict.fromkeys(data)))
print(len(seen), 5 in seen)
