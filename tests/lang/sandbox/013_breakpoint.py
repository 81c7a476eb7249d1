# Sandbox: breakpoint() is not available (the GraphLens stepper provides breakpoints instead).
# expect: NameError: name 'breakpoint' is not defined
x = 1
breakpoint()
print(x)
