# The `keyword` module: Python 3.11's keywords and soft keywords.
kwlist = [
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue',
    'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
    'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield',
]
softkwlist = ['_', 'case', 'match']
_keywords = frozenset(kwlist)
_soft = frozenset(softkwlist)


def iskeyword(s):
    return s in _keywords


def issoftkeyword(s):
    return s in _soft
