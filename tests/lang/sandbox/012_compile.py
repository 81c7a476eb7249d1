# Sandbox: compile() is not available.
# expect: NameError: name 'compile' is not defined
src = "print(42)"
code = compile(src, "<string>", "exec")
print(code)
