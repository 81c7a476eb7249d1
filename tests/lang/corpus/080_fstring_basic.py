# Checks: f-strings with expressions, calls and nested quotes.
name = "world"
n = 3
print(f"hello {name}")
print(f"{n} squared is {n * n}")
print(f"{name.upper()}!")
print(f"{'nested'} {[1, 2][0]}")
print(f"{n}{n}{n}")
print(f"{{braces}} {n}")
items = {"a": 1}
print(f"{items['a']} {len(items)}")
print(F"capital F {n + 1}")
print(f"")
