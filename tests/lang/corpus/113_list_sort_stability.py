# Checks: sorting is stable, including with reverse=True.
records = [("ann", 3), ("bob", 1), ("cid", 3), ("dan", 2), ("eve", 1), ("fay", 2)]
print(sorted(records, key=lambda r: r[1]))
print(sorted(records, key=lambda r: r[1], reverse=True))
by_name_desc = sorted(records, key=lambda r: r[0], reverse=True)
print(sorted(by_name_desc, key=lambda r: r[1]))
pairs = [(1, 'b'), (0, 'a'), (1, 'a'), (0, 'b')]
pairs.sort(key=lambda p: p[0])
print(pairs)
