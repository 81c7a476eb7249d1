# Error case: TypeError unhashable type: 'list'.
seen = {}
key = [1, 2]
print("inserting")
seen[key] = True
