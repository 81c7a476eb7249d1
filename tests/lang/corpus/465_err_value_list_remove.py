# Error case: ValueError list.remove(x): x not in list.
queue = ["a", "b"]
queue.remove("a")
print(queue)
queue.remove("z")
