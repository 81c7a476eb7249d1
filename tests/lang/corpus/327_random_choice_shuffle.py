# Checks: choice and shuffle after seeding.
import random
random.seed(42)
items = ["a", "b", "c", "d", "e"]
print([random.choice(items) for _ in range(6)])
deck = list(range(10))
random.shuffle(deck)
print(deck)
random.shuffle(deck)
print(deck)
print(random.choice("xyz"), random.choice(range(100)))
