# `fnmatch`: shell-style wildcards over names, matched by _fnmatch (no `re` here, so there is no
# translate(): a pattern is never turned into a regular expression). POSIX names keep their case.
import os
import _fnmatch

__all__ = ['filter', 'fnmatch', 'fnmatchcase']


def fnmatch(name, pat):
    return fnmatchcase(os.path.normcase(name), os.path.normcase(pat))


def fnmatchcase(name, pat):
    if isinstance(name, bytes) != isinstance(pat, bytes):
        if isinstance(pat, bytes):
            raise TypeError('cannot use a bytes pattern on a string-like object')
        raise TypeError('cannot use a string pattern on a bytes-like object')
    if isinstance(pat, bytes):
        return _fnmatch.fnmatchcase(name.decode('latin-1'), pat.decode('latin-1'))
    return _fnmatch.fnmatchcase(name, pat)


def filter(names, pat):
    pat = os.path.normcase(pat)
    tokens = _fnmatch.matcher(pat.decode('latin-1') if isinstance(pat, bytes) else pat)
    out = []
    for name in names:
        n = os.path.normcase(name)
        if isinstance(n, bytes) != isinstance(pat, bytes):
            fnmatchcase(n, pat)  # the TypeError CPython gives
        if _fnmatch.match_tokens(tokens, n.decode('latin-1') if isinstance(n, bytes) else n):
            out.append(name)
    return out
