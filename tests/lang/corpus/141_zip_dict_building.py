# Checks: zip to build dicts; zip stops at the shortest; unzip with *.
names = ["w", "b", "extra"]
values = [0.5, 0.1]
print(dict(zip(names, values)))
pairs = list(zip("abc", range(3)))
print(pairs)
letters, nums = zip(*pairs)
print(letters, nums)
print(list(zip()))
print(list(zip([1, 2], [3, 4], [5, 6])))
