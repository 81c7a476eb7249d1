# Checks: functions returning tuples and unpacking them.
def stats(values):
    return min(values), max(values), sum(values) / len(values)
lo, hi, avg = stats([4, 8, 15, 16, 23, 42])
print(lo, hi, avg)
result = stats([1, 2])
print(result, type(result).__name__)
def split_name(full):
    first, _, last = full.partition(" ")
    return first, last
print(split_name("Ada Lovelace"))
