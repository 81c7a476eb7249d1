# pprint's layout: what fits stays on one line, nested dicts/lists/tuples/sets break as CPython
# 3.11 breaks them, at several widths and indents, with sort_dicts, compact and depth.
import pprint

data = {
    'name': 'model', 'layers': [{'type': 'Dense', 'units': 64, 'activation': 'relu'},
                                {'type': 'Dropout', 'rate': 0.5},
                                {'type': 'Dense', 'units': 10, 'activation': 'softmax'}],
    'optimizer': {'name': 'adam', 'learning_rate': 0.001, 'beta': (0.9, 0.999)},
    'metrics': ['accuracy', 'precision', 'recall'], 'epochs': 10, 'flags': {3, 1, 2},
    'empty': {}, 'nothing': None, 'ok': True, 'shape': (None, 28, 28, 1), 'single': (5,),
}
pprint.pprint(data)
for width in [1, 20, 40, 60, 120]:
    print('--- width', width)
    pprint.pprint(data, width=width)
print('--- indent 4')
pprint.pprint(data, indent=4)
print('--- indent 0, width 30')
pprint.pprint(data, indent=0, width=30)
print('--- depth')
pprint.pprint(data, depth=1)
pprint.pprint(data, depth=2, width=50)
print(pprint.pformat([[1, [2, [3, [4, [5]]]]]], depth=3))
print('--- sort_dicts=False / pp')
pprint.pprint({'b': 1, 'a': 2, 'c': [3] * 30}, sort_dicts=False)
pprint.pp({'b': 1, 'a': 2, 'c': [3] * 30})
print('--- compact')
pprint.pprint(list(range(60)), compact=True)
pprint.pprint(list(range(60)))
pprint.pprint([['aa'] * 5, 'bbbbbbbbbb' * 3, list(range(30)), ('x',) * 12], compact=True, width=40)
print('--- sets')
pprint.pprint(set(range(40)))
pprint.pprint(frozenset(range(30)))
pprint.pprint(frozenset(), width=1)
pprint.pprint({'s': set('abcdefghijklmnopqrstuvwxyz')}, width=40)
print('--- tuples')
pprint.pprint((1,), width=1)
pprint.pprint(((1, 2), (3, 4), ('abcdefghijklmnop', 'qrstuvwxyz')), width=20)
pprint.pprint([(), [], {}, '', b''], width=1)
print('--- mixed keys and numbers')
pprint.pprint({1: 'a', 'b': 2, (1, 2): 3, None: 4, 2.5: 5})
pprint.pprint({10 ** 12: [10 ** 9, 123456789], 'x': 1234567}, underscore_numbers=True)
pprint.pprint(sorted({-3.5, 2, 7}), width=5)
print(pprint.pformat(data, width=70) == pprint.PrettyPrinter(width=70).pformat(data))
for kw in [{'indent': -1}, {'depth': 0}, {'width': 0}]:
    try:
        pprint.PrettyPrinter(**kw)
    except ValueError as e:
        print('ValueError', e)
