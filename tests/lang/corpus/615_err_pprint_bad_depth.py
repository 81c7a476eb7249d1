# An uncaught ValueError from pprint.pformat with depth=0.
import pprint

print(pprint.pformat({'a': [1, 2]}, depth=1))
pprint.pformat({'a': [1, 2]}, depth=0)
