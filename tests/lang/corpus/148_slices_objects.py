# Checks: slice objects and their indices() method.
s = slice(1, 10, 2)
print(s.start, s.stop, s.step)
print(s.indices(5))
print(slice(None, None, -1).indices(4))
print(slice(-3, None).indices(10))
data = list(range(12))
print(data[s])
print("abcdefghijkl"[s])
