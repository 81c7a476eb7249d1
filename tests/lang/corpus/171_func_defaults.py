# Checks: default argument values and keyword calls.
def greet(name, greeting="Hello", punct="!"):
    return f"{greeting}, {name}{punct}"
print(greet("Ann"))
print(greet("Bob", "Hi"))
print(greet("Cy", punct="?"))
print(greet(punct=".", name="Di", greeting="Yo"))
def power(base, exp=2):
    return base ** exp
print(power(3), power(3, 3), power(exp=0, base=9))
