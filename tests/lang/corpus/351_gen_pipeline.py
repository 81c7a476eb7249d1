# feature: generators
# Checks: generator pipelines (batching like tf.data, done in plain Python).
def batches(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
def scaled(items, k):
    for x in items:
        yield x * k
for b in batches(scaled(range(7), 10), 3):
    print(b)
print(sum(len(b) for b in batches(range(100), 8)))
