# Checks: str() vs repr() for a mix of values.
items = [42, -3.5, 'word', "quote's", b'by', None, True, [1, 'a'], (2,), {'k': 'v'}]
for item in items:
    print(str(item), '|', repr(item))
print(str('nested') == 'nested', repr(repr('x')))
