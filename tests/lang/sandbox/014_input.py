# Sandbox: input() is not available; scripts have no stdin.
# expect: NameError: name 'input' is not defined
print("what is your name?")
name = input()
print("hello", name)
