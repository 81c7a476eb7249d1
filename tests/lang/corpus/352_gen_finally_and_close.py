# feature: generators
# Checks: close() runs finally blocks; generator state after close.
def worker():
    try:
        yield "step 1"
        yield "step 2"
    finally:
        print("cleanup")
g = worker()
print(next(g))
g.close()
print(next(g, "closed"))
for s in worker():
    print(s)
