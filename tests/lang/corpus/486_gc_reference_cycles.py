# feature: reference cycles, gc
# Checks: objects in reference cycles are freed (many cycles fit in little memory), gc.collect()
# is callable, and cyclic structures still work while alive.
import gc

class Node:
    def __init__(self, value):
        self.value = value
        self.next = self
        self.children = []

def make_ring(n):
    nodes = [Node(i) for i in range(n)]
    for a, b in zip(nodes, nodes[1:] + nodes[:1]):
        a.next = b
        b.children.append(a)
    return nodes[0]

total = 0
for round_ in range(2000):
    head = make_ring(20)
    total += head.next.next.value
    d = {}
    d["self"] = d
    lst = [1, 2]
    lst.append(lst)
print(total)
print(lst)
print(d)
ring = make_ring(3)
print(ring.value, ring.next.value, ring.next.next.next.value)
gc.collect()
print(gc.isenabled())
gc.disable()
print(gc.isenabled())
gc.enable()
print(isinstance(gc.collect(), int))
