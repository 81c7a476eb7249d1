# Sandbox: __import__ is not available, so refused modules cannot be reached dynamically.
# expect: NameError: name '__import__' is not defined
name = "o" + "s"
mod = __import__(name)
print(mod)
