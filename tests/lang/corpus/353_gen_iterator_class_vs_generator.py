# feature: generators
# Checks: a generator-based __iter__ in a class.
class Tree:
    def __init__(self, value, children=()):
        self.value = value
        self.children = list(children)
    def __iter__(self):
        yield self.value
        for child in self.children:
            yield from child
t = Tree(1, [Tree(2, [Tree(4)]), Tree(3)])
print(list(t))
print(sum(t), max(t), 4 in t)
print([v * 10 for v in t if v % 2])
