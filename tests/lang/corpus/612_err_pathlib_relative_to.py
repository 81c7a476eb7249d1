# An uncaught ValueError from PurePath.relative_to: CPython 3.11's message and traceback.
from pathlib import PurePath


def relative(a, b):
    return PurePath(a).relative_to(b)


print(relative('/data/train/x.png', '/data'))
print(relative('/data/train/x.png', '/models'))
