# Checks: safe patterns for modifying containers while iterating.
nums = [1, 2, 3, 4, 5, 6]
nums = [n for n in nums if n % 3]
print(nums)
counts = {"a": 0, "b": 2, "c": 0}
for k in [k for k, v in counts.items() if v == 0]:
    del counts[k]
print(counts)
todo = [3]
done = []
for item in todo:
    done.append(item)
    if item > 0:
        todo.append(item - 1)
print(done)
