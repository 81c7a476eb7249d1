# Checks: dispatch via dict of lambdas instead of long if chains.
ops = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": lambda a, b: a / b if b else None,
}
program = [("add", 2, 3), ("mul", 4, 5), ("div", 1, 0), ("sub", 9, 12), ("div", 9, 4)]
for name, a, b in program:
    print(name, a, b, "->", ops[name](a, b))
print(sorted(ops))
