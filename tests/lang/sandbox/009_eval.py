# Sandbox: eval() is not available.
# expect: NameError: name 'eval' is not defined
expr = "1 + 1"
print(expr)
print(eval(expr))
