# The `string` module: the character-class constants, capwords and Template ($-substitution),
# written from the documented behaviour of CPython 3.11's string. Template scans the template by
# hand (there is no `re`): a subclass may change `delimiter`, not `idpattern` / `pattern`.

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords', 'digits',
           'hexdigits', 'octdigits', 'printable', 'punctuation', 'whitespace', 'Template']

whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Split the argument into words using split, capitalize each word using capitalize, and
    join the capitalized words using join."""
    return (sep or ' ').join(map(str.capitalize, s.split(sep)))


_id_start = frozenset('_' + ascii_letters)
_id_char = frozenset('_' + ascii_letters + digits)


def _placeholders(template, delim):
    # Yields (start, end, kind, name) for each placeholder: kind is 'escaped', 'named',
    # 'braced' or 'invalid' (a delimiter followed by no identifier).
    n, dn = len(template), len(delim)
    i = template.find(delim)
    while i >= 0:
        j = i + dn
        if template.startswith(delim, j):
            yield i, j + dn, 'escaped', None
            i = template.find(delim, j + dn)
            continue
        if j < n and template[j] in _id_start:
            k = j + 1
            while k < n and template[k] in _id_char:
                k += 1
            yield i, k, 'named', template[j:k]
            i = template.find(delim, k)
            continue
        if j < n and template[j] == '{' and j + 1 < n and template[j + 1] in _id_start:
            k = j + 2
            while k < n and template[k] in _id_char:
                k += 1
            if k < n and template[k] == '}':
                yield i, k + 1, 'braced', template[j + 1:k]
                i = template.find(delim, k + 1)
                continue
        yield i, j, 'invalid', None
        i = template.find(delim, j)


class _Chain:
    # The keyword arguments first, then the mapping (as a ChainMap(kws, mapping)).
    def __init__(self, kws, mapping):
        self.kws = kws
        self.mapping = mapping

    def __getitem__(self, key):
        if key in self.kws:
            return self.kws[key]
        return self.mapping[key]


class Template:
    """A string class for supporting $-substitutions."""

    delimiter = '$'
    idpattern = r'(?a:[_a-z][_a-z0-9]*)'
    braceidpattern = None

    def __init__(self, template):
        self.template = template

    def _invalid(self, i):
        # 1-based line and column of the delimiter at index i
        lineno = self.template.count('\n', 0, i) + 1
        colno = i - (self.template.rfind('\n', 0, i) + 1) + 1
        raise ValueError('Invalid placeholder in string: line %d, col %d' % (lineno, colno))

    def _mapping(self, mapping, kws):
        if mapping is None:
            return kws
        if kws:
            return _Chain(kws, mapping)
        return mapping

    def substitute(self, mapping=None, /, **kws):
        return self._render(self._mapping(mapping, kws), False)

    def safe_substitute(self, mapping=None, /, **kws):
        return self._render(self._mapping(mapping, kws), True)

    def _render(self, mapping, safe):
        # safe: invalid placeholders and missing names stay as written instead of raising.
        template = self.template
        out = []
        pos = 0
        for start, end, kind, name in _placeholders(template, type(self).delimiter):
            out.append(template[pos:start])
            if kind == 'escaped':
                out.append(type(self).delimiter)
            elif kind == 'invalid':
                if not safe:
                    self._invalid(start)
                out.append(template[start:end])
            elif safe:
                try:
                    out.append(str(mapping[name]))
                except KeyError:
                    out.append(template[start:end])
            else:
                out.append(str(mapping[name]))
            pos = end
        out.append(template[pos:])
        return ''.join(out)

    def is_valid(self):
        for _, _, kind, _ in _placeholders(self.template, type(self).delimiter):
            if kind == 'invalid':
                return False
        return True

    def get_identifiers(self):
        ids = []
        for _, _, kind, name in _placeholders(self.template, type(self).delimiter):
            if name is not None and name not in ids:
                ids.append(name)
        return ids
