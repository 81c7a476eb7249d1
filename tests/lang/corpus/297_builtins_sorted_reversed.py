# Checks: sorted returns new list; reversed on sequences and objects with __reversed__.
data = [3, 1, 2]
s = sorted(data)
print(s, data, s is data)
class Deck:
    def __init__(self):
        self.cards = ["A", "K", "Q"]
    def __reversed__(self):
        return iter(self.cards[::-1])
print(list(reversed(Deck())))
print(list(reversed(sorted("hello"))))
print(sorted([1.5, 1, True, 0.5]))
