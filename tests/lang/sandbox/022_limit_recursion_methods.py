# Limit: deep recursion through __getitem__ and __call__ dunders is also caught.
# expect: RecursionError: maximum recursion depth exceeded
class Chain:
    def __getitem__(self, i):
        return self(i)
    def __call__(self, i):
        return self[i + 1]
print("chaining")
Chain()[0]
