# str.translate and str.maketrans: deletions, code points, strings, missing keys, errors.
table = str.maketrans('abc', 'xyz', 'd')
print(sorted(table.items()), 'abcdd-cab'.translate(table))
print('hello'.translate({ord('l'): 'L', ord('o'): None}), 'hello'.translate({104: 72}), 'héllo'.translate({ord('é'): 'e'}))
print(str.maketrans({'a': '1', 98: None}), 'abc'.translate(str.maketrans({'a': '1', 98: None})))
print('abc'.translate([None, None]), 'tab\there'.translate({9: '    '}), ''.translate({}))
print('a.b'.translate(str.maketrans({c: '\\' + c for c in '.*'})))
for f in [lambda: str.maketrans('ab', 'c'), lambda: str.maketrans({'ab': 1}), lambda: str.maketrans(1),
          lambda: str.maketrans('a', 1), lambda: 'a'.translate({97: 1.5}), lambda: 'a'.translate({97: -1})]:
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
