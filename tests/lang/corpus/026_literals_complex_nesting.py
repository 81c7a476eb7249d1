# Checks: formatting a realistic nested record structure.
record = {
    'id': 17,
    'name': "O'Brien",
    'scores': [9.5, 7.25, 10.0],
    'tags': ('a', 'b'),
    'meta': {'active': True, 'ratio': 0.1 + 0.2, 'parent': None},
}
print(record)
for key, value in record.items():
    print(key, '->', value)
print(record['meta']['ratio'])
