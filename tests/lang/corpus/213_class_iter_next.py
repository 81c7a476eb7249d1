# Checks: __iter__/__next__ iterator protocol on a user class.
class Countdown:
    def __init__(self, start):
        self.current = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1
print(list(Countdown(4)))
c = Countdown(2)
print(next(c), next(c), next(c, "done"))
for x in Countdown(3):
    print("tick", x)
print(sum(Countdown(10)))
