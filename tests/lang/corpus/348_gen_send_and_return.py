# feature: generators
# Checks: send() into a generator and the return value carried by StopIteration.
def averager():
    total, count = 0, 0
    avg = None
    while True:
        value = yield avg
        if value is None:
            return total
        total += value
        count += 1
        avg = total / count
g = averager()
print(next(g))
print(g.send(10), g.send(20), g.send(60))
try:
    g.send(None)
except StopIteration as e:
    print("returned", e.value)
