# An uncaught re.error from a bad pattern: the traceback and CPython's last line.
import re


def parse(pattern):
    return re.compile(pattern)


print(parse(r'\d+').pattern)
parse('(unclosed')
