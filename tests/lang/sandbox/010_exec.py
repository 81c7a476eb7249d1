# Sandbox: exec() is not available.
# expect: NameError: name 'exec' is not defined
code = "x = 1"
exec(code)
print("not reached")
