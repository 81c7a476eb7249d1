# Checks: class bodies execute top to bottom; class-level code runs once.
print("before class")
class Setup:
    print("inside class body")
    values = [i * i for i in range(4)]
    total = sum(values)
print("after class", Setup.values, Setup.total)
class Derived(Setup):
    total = Setup.total * 2
print(Derived.total, Derived.values)
