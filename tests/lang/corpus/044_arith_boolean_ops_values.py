# Checks: and/or return operands, not always bools.
print(0 or 5)
print(3 or 5)
print(0 and 5)
print(3 and 5)
print('' or 'default')
print([] or [1])
print(None and 1)
print(1 and 2 and 3)
print(0 or '' or None)
print(not 0, not 'x', not [])
name = ''
print(name or 'anonymous')
