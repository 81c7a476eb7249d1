# collections: OrderedDict (order-aware methods, equality, repr), defaultdict (__missing__,
# default_factory, repr), Counter (counting, most_common, arithmetic, repr), deque (maxlen,
# both ends, rotate, indexing, repr), ChainMap.
from collections import ChainMap, Counter, OrderedDict, defaultdict, deque
import collections

od = OrderedDict()
od['b'] = 1
od['a'] = 2
od['c'] = 3
print(od, list(od), repr(OrderedDict()))
od.move_to_end('b')
print(list(od.keys()))
od.move_to_end('c', last=False)
print(list(od.items()))
print(od.popitem(), od.popitem(last=False), od)
x = OrderedDict([(1, 'x'), (2, 'y')])
y = OrderedDict([(2, 'y'), (1, 'x')])
print(x == y, x == dict(y), dict(x) == dict(y))
print(OrderedDict.fromkeys('ab', 0), OrderedDict(a=1) | {'b': 2})

dd = defaultdict(list)
for word in ['apple', 'avocado', 'banana', 'cherry', 'blueberry']:
    dd[word[0]].append(word)
print(dd)
print(dict(dd), dd.default_factory, 'z' in dd, dd.get('z'), len(dd))
counts = defaultdict(int)
for ch in 'mississippi':
    counts[ch] += 1
print(sorted(counts.items()), counts['q'], len(counts))
none = defaultdict()
try:
    none['x']
except KeyError as e:
    print('KeyError', e)
print(repr(defaultdict(lambda: 5, {'a': 1}))[:24])

c = Counter('abracadabra')
print(c)
print(c.most_common(2), c['z'], c.total(), sorted(c.elements())[:6])
c.update(['a', 'z'])
c.subtract({'b': 5})
print(c)
d = Counter(a=3, b=1)
e = Counter(a=1, b=2)
print(d + e, d - e, d | e, d & e, -Counter(a=-2, b=1), +Counter(a=-2, b=1))
print(Counter(), Counter(a=0) == Counter(), Counter([1, 1, 2]) == {1: 2, 2: 1})
del c['nothing']
print(Counter(['x', 'y', 'x']).most_common())

q = deque([1, 2, 3], maxlen=4)
q.append(4)
q.append(5)
q.appendleft(0)
print(q, len(q), q.maxlen, q[0], q[-1], 3 in q)
q.rotate(1)
print(q)
q.rotate(-2)
print(q, q.pop(), q.popleft(), q)
r = deque('abc')
r.extendleft('xy')
print(r, list(reversed(r)), r.index('a'), r.count('b'))
try:
    deque().pop()
except IndexError as e:
    print('IndexError', e)
window = deque(maxlen=3)
means = []
for v in [1.0, 2.0, 3.0, 4.0, 5.0]:
    window.append(v)
    means.append(sum(window) / len(window))
print(means)

base = {'lr': 0.1, 'epochs': 5}
over = {'lr': 0.01}
cm = ChainMap(over, base)
print(cm['lr'], cm['epochs'], len(cm), sorted(cm), cm)
cm['batch'] = 32
print(over, cm.new_child({'lr': 1}).get('lr'), cm.parents)


print(collections.namedtuple('P', 'x y')(1, 2), type(collections.OrderedDict()).__name__)
