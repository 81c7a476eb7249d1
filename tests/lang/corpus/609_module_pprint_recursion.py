# pprint's recursion markers, saferepr / isreadable / isrecursive, PrettyPrinter methods, other
# objects' reprs, streams, and nesting past the width. ids differ run to run, so they are
# replaced by N before printing.
import pprint


def noid(s):
    out = []
    i = 0
    while True:
        j = s.find('with id=', i)
        if j < 0:
            out.append(s[i:])
            return ''.join(out)
        k = j + len('with id=')
        out.append(s[i:k] + 'N')
        while k < len(s) and s[k].isdigit():
            k += 1
        i = k


a = [1, 2]
a.append(a)
d = {'self': None, 'list': a}
d['self'] = d
print(noid(pprint.pformat(a)))
print(noid(pprint.pformat(d)))
print(noid(pprint.pformat(d, width=20)))
print(noid(pprint.saferepr(d)))
print(pprint.isrecursive(a), pprint.isrecursive([1, 2]), pprint.isreadable(a), pprint.isreadable([1, 'x']))
print(pprint.isreadable(object()), pprint.isreadable({1: object}), pprint.isreadable(pprint), pprint.isreadable(None))
t = ([],)
t[0].append(t)
print(noid(pprint.pformat(t)))
print(noid(pprint.pformat([t, t], width=10)))
shared = [1, 2, 3]
print(pprint.pformat([shared, shared, {'k': shared}]))
print(pprint.saferepr('x' * 100) == repr('x' * 100), pprint.saferepr({'b': 1, 'a': [2]}))


class Thing:
    def __repr__(self):
        return 'Thing(' + 'x' * 70 + ')'


class Plain:
    pass


pprint.pprint([Thing(), Thing()])
print(pprint.isreadable(Thing()), pprint.pformat([Plain])[:15])
p = pprint.PrettyPrinter(width=30, indent=2)
print(p.pformat({'alpha': list(range(12)), 'beta': 'b'}))
print(p.isrecursive(a), p.isreadable([1]), p.format([1, 'a'], {}, 0, 0))


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


s = Sink()
pprint.pprint({'to': 'stream', 'n': list(range(25))}, stream=s)
print(repr(''.join(s.parts)))
pprint.PrettyPrinter(stream=s, width=10).pprint([1, 2, 3, 4])
print(repr(''.join(s.parts[-3:])))
deep = 'leaf'
for i in range(12):
    deep = [deep, i] if i % 2 else {'k%d' % i: deep}
pprint.pprint(deep, width=40)
pprint.pprint(deep, depth=4)
print(pprint.pformat(list(range(10)), width=1))
