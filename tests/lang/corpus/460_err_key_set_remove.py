# Error case: KeyError from set.remove with an int key.
active = {1, 2, 3}
active.remove(2)
print(sorted(active))
active.remove(5)
