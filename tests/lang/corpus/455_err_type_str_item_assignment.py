# Error case: 'str' object does not support item assignment.
name = "model"
print(name.upper())
print(name[0])
name[0] = "M"
