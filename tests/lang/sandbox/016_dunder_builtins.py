# Sandbox: __builtins__ is not exposed to scripts.
# expect: NameError: name '__builtins__' is not defined
table = __builtins__
print(type(table))
print("not reached")
