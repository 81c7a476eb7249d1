# Checks: dict and set comprehensions.
squares = {n: n * n for n in range(5)}
print(squares)
inverted = {v: k for k, v in squares.items()}
print(inverted)
print({k: v for k, v in zip("abc", [1, 2, 3]) if v != 2})
print({n % 3 for n in range(10)})
words = ["apple", "bob", "cat", "avocado"]
by_letter = {w[0]: [x for x in words if x[0] == w[0]] for w in words}
print(by_letter)
print({i: {j: i * j for j in range(2)} for i in range(2)})
