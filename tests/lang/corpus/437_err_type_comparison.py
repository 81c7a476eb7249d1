# Error case: TypeError comparing str and int with <.
items = [3, 1, "2"]
print(sorted(items[:2]))
print(len(items))
print(sorted(items))
