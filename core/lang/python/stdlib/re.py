# The `re` module with CPython 3.11's behaviour. Parsing and matching are native (_sre, with
# sre's syntax, messages and backtracking rules); Pattern, Match, the flags, replacement templates,
# split, sub and the module cache are here, written from the documented behaviour.
import enum
import _sre

__all__ = [
    "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer", "compile", "purge",
    "template", "escape", "error", "Pattern", "Match", "A", "I", "L", "M", "S", "X", "U", "ASCII",
    "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE", "UNICODE", "NOFLAG", "RegexFlag",
]

__version__ = "2.2.1"


class RegexFlag(enum.IntFlag):
    NOFLAG = 0
    ASCII = A = 256
    IGNORECASE = I = 2
    LOCALE = L = 4
    UNICODE = U = 32
    MULTILINE = M = 8
    DOTALL = S = 16
    VERBOSE = X = 64
    TEMPLATE = T = 1
    DEBUG = 128

    def __repr__(self):
        value = int(self)
        if value == 0:
            return 're.NOFLAG'
        return _flag_text(value, _FLAG_ORDER)

    __str__ = __repr__

    def __format__(self, spec):
        return format(str(self), spec)


def _flag_text(value, order):
    # "re.IGNORECASE|re.MULTILINE": the bits named in `order`'s order, any left in hex
    names = []
    for name, bit in order:
        if value & bit:
            names.append('re.' + name)
            value &= ~bit
    if value:
        names.append(hex(value))
    return '|'.join(names)


_FLAG_ORDER = (('ASCII', 256), ('IGNORECASE', 2), ('LOCALE', 4), ('UNICODE', 32), ('MULTILINE', 8),
               ('DOTALL', 16), ('VERBOSE', 64), ('TEMPLATE', 1), ('DEBUG', 128))

# the order _sre's Pattern repr names them in
_PATTERN_FLAG_ORDER = (('TEMPLATE', 1), ('IGNORECASE', 2), ('LOCALE', 4), ('MULTILINE', 8), ('DOTALL', 16),
                       ('UNICODE', 32), ('VERBOSE', 64), ('DEBUG', 128), ('ASCII', 256))

NOFLAG = RegexFlag.NOFLAG
A = ASCII = RegexFlag.ASCII
I = IGNORECASE = RegexFlag.IGNORECASE
L = LOCALE = RegexFlag.LOCALE
U = UNICODE = RegexFlag.UNICODE
M = MULTILINE = RegexFlag.MULTILINE
S = DOTALL = RegexFlag.DOTALL
X = VERBOSE = RegexFlag.VERBOSE
T = TEMPLATE = RegexFlag.TEMPLATE
DEBUG = RegexFlag.DEBUG


class error(Exception):
    """Exception raised for invalid regular expressions."""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            msg = '%s at position %d' % (msg, pos)
            if isinstance(pattern, str):
                newline = '\n'
            else:
                newline = b'\n'
            self.lineno = pattern.count(newline, 0, pos) + 1
            self.colno = pos - pattern.rfind(newline, 0, pos)
            if newline in pattern:
                msg = '%s (line %d, column %d)' % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        super().__init__(msg)


error.__module__ = 're'

_MAXSIZE = 9223372036854775807


def _type_name(x):
    return type(x).__name__


def _check_subject(string):
    if not isinstance(string, (str, bytes, bytearray)):
        raise TypeError("expected string or bytes-like object, got '%s'" % _type_name(string))
    return string


class _Immutable:
    # Pattern and Match: copies are the object itself; re.Pattern[str] is a generic alias
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)


class Pattern(_Immutable):
    """Compiled regular expression object."""

    def __init__(self, pattern, flags, program, groups, groupindex):
        self._pattern = pattern
        self._flags = flags
        self._program = program
        self._groups = groups
        self._groupindex = groupindex
        self._names = {index: name for name, index in groupindex.items()}

    @property
    def pattern(self):
        return self._pattern

    @property
    def flags(self):
        return self._flags

    @property
    def groups(self):
        return self._groups

    @property
    def groupindex(self):
        return _MappingProxy(self._groupindex)

    def _run(self, string, pos, endpos, mode):
        _check_subject(string)
        if isinstance(string, bytearray):
            string = bytes(string)
        spans = _sre.match(self._program, string, pos, endpos, mode, False)
        if spans is None:
            return None
        return Match(self, string, pos, endpos, spans)

    def match(self, string, pos=0, endpos=_MAXSIZE):
        return self._run(string, pos, endpos, 0)

    def fullmatch(self, string, pos=0, endpos=_MAXSIZE):
        return self._run(string, pos, endpos, 1)

    def search(self, string, pos=0, endpos=_MAXSIZE):
        return self._run(string, pos, endpos, 2)

    def _scan(self, string, pos=0, endpos=_MAXSIZE, limit=0):
        _check_subject(string)
        if isinstance(string, bytearray):
            string = bytes(string)
        return string, _sre.scan(self._program, string, pos, endpos, limit)

    def finditer(self, string, pos=0, endpos=_MAXSIZE):
        string, found = self._scan(string, pos, endpos)
        for spans in found:
            yield Match(self, string, pos, endpos, spans)

    def findall(self, string, pos=0, endpos=_MAXSIZE):
        string, found = self._scan(string, pos, endpos)
        empty = string[:0]
        out = []
        n = self._groups
        for spans in found:
            if n == 0:
                out.append(string[spans[1]:spans[2]])
            elif n == 1:
                s, e = spans[3], spans[4]
                out.append(string[s:e] if s >= 0 and e >= 0 else empty)
            else:
                item = []
                for g in range(1, n + 1):
                    s, e = spans[2 * g + 1], spans[2 * g + 2]
                    item.append(string[s:e] if s >= 0 and e >= 0 else empty)
                out.append(tuple(item))
        return out

    def split(self, string, maxsplit=0):
        string, found = self._scan(string, 0, _MAXSIZE, maxsplit if maxsplit > 0 else 0)
        if maxsplit < 0:
            return [string]
        out = []
        last = 0
        n = self._groups
        for spans in found:
            out.append(string[last:spans[1]])
            for g in range(1, n + 1):
                s, e = spans[2 * g + 1], spans[2 * g + 2]
                out.append(string[s:e] if s >= 0 and e >= 0 else None)
            last = spans[2]
        out.append(string[last:])
        return out

    def subn(self, repl, string, count=0):
        if count < 0:
            string = _check_subject(string)
            return string, 0
        if callable(repl):
            expand = repl
        else:
            if not isinstance(repl, (str, bytes, bytearray)):
                raise TypeError("decoding to str: need a bytes-like object, %s found" % _type_name(repl))
            if isinstance(string, str) != isinstance(repl, str):
                raise TypeError("sequence item 0: expected %s, %s found" % (
                    "str instance" if isinstance(string, str) else "a bytes-like object", _type_name(repl)))
            template = _compile_template(self, repl)
            if len(template) == 1 and not isinstance(template[0], int):
                literal = template[0]
                expand = lambda m: literal
            else:
                expand = lambda m: _expand_template(template, m)
        string, found = self._scan(string, 0, _MAXSIZE, count)
        pieces = []
        last = 0
        for spans in found:
            pieces.append(string[last:spans[1]])
            piece = expand(Match(self, string, 0, _MAXSIZE, spans))
            if piece:
                if isinstance(string, str) != isinstance(piece, str):
                    raise TypeError("expected %s instance, %s found" % (
                        "str" if isinstance(string, str) else "a bytes-like object", _type_name(piece)))
                pieces.append(piece)
            last = spans[2]
        pieces.append(string[last:])
        return string[:0].join(pieces), len(found)

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def scanner(self, string, pos=0, endpos=_MAXSIZE):
        return _Scanner(self, string, pos, endpos)

    def __repr__(self):
        flags = self._flags
        if isinstance(self._pattern, str):
            flags &= ~UNICODE
        text = repr(self._pattern)[:200]
        if flags:
            return 're.compile(%s, %s)' % (text, _flag_text(flags, _PATTERN_FLAG_ORDER))
        return 're.compile(%s)' % text

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self._pattern == other._pattern and self._flags == other._flags

    def __hash__(self):
        return hash((self._pattern, self._flags))


Pattern.__module__ = 're'


class _MappingProxy:
    # types.MappingProxyType: a read-only view of the group index
    def __init__(self, d):
        self._d = d

    def __getitem__(self, key):
        return self._d[key]

    def __len__(self):
        return len(self._d)

    def __iter__(self):
        return iter(self._d)

    def __contains__(self, key):
        return key in self._d

    def get(self, key, default=None):
        return self._d.get(key, default)

    def keys(self):
        return self._d.keys()

    def values(self):
        return self._d.values()

    def items(self):
        return self._d.items()

    def copy(self):
        return dict(self._d)

    def __eq__(self, other):
        if isinstance(other, _MappingProxy):
            other = other._d
        return self._d == other

    def __repr__(self):
        return 'mappingproxy(%r)' % (self._d,)

    def __str__(self):
        return str(self._d)


class Match(_Immutable):
    """The result of re.match() and re.search()."""

    def __init__(self, pattern, string, pos, endpos, spans):
        self._re = pattern
        self._string = string
        self._pos = pos if pos >= 0 else 0
        n = len(string)
        self._endpos = n if endpos > n else max(endpos, 0)
        self._lastindex = spans[0]
        self._spans = spans

    @property
    def re(self):
        return self._re

    @property
    def string(self):
        return self._string

    @property
    def pos(self):
        return self._pos

    @property
    def endpos(self):
        return self._endpos

    @property
    def lastindex(self):
        return None if self._lastindex < 0 else self._lastindex

    @property
    def lastgroup(self):
        if self._lastindex < 0:
            return None
        return self._re._names.get(self._lastindex)

    @property
    def regs(self):
        return tuple(self.span(g) for g in range(self._re._groups + 1))

    def _index(self, g):
        if isinstance(g, int) and not isinstance(g, bool) or hasattr(g, '__index__') and not isinstance(g, str):
            try:
                g = g.__index__()
            except Exception:
                raise IndexError("no such group") from None
            if 0 <= g <= self._re._groups:
                return g
            raise IndexError("no such group")
        if isinstance(g, str):
            index = self._re._groupindex.get(g)
            if index is not None:
                return index
        raise IndexError("no such group")

    def _group(self, g, default=None):
        i = self._index(g)
        s, e = self._spans[2 * i + 1], self._spans[2 * i + 2]
        if s < 0 or e < 0:
            return default
        return self._string[s:e]

    def group(self, *groups):
        if not groups:
            return self._group(0)
        if len(groups) == 1:
            return self._group(groups[0])
        return tuple(self._group(g) for g in groups)

    def __getitem__(self, g):
        return self._group(g)

    def groups(self, default=None):
        return tuple(self._group(g, default) for g in range(1, self._re._groups + 1))

    def groupdict(self, default=None):
        return {name: self._group(index, default) for name, index in self._re._groupindex.items()}

    def start(self, group=0):
        return self._spans[2 * self._index(group) + 1]

    def end(self, group=0):
        return self._spans[2 * self._index(group) + 2]

    def span(self, group=0):
        i = self._index(group)
        return (self._spans[2 * i + 1], self._spans[2 * i + 2])

    def expand(self, template):
        return _expand_template(_compile_template(self._re, template), self)

    def __repr__(self):
        return '<re.Match object; span=%r, match=%r>' % (self.span(), self.group(0))


Match.__module__ = 're'


class _Scanner:
    def __init__(self, pattern, string, pos, endpos):
        self.pattern = pattern
        self._string = _check_subject(string)
        self._pos = pos
        self._endpos = endpos
        self._must_advance = False

    def _next(self, mode):
        if self._pos is None:
            return None
        spans = _sre.match(self.pattern._program, self._string, self._pos, self._endpos, mode,
                           self._must_advance)
        if spans is None:
            self._pos = None
            return None
        m = Match(self.pattern, self._string, self._pos, self._endpos, spans)
        self._must_advance = spans[2] == spans[1]
        self._pos = spans[2]
        return m

    def match(self):
        return self._next(0)

    def search(self):
        return self._next(2)


# --- templates (the replacement strings of sub, subn and Match.expand) ---

_ESCAPES = {'a': '\a', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', '\\': '\\'}
_DIGITS = '0123456789'
_OCTDIGITS = '01234567'
_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'


def _compile_template(pattern, template):
    # A list of literal pieces and group numbers, as sre's parse_template builds it.
    is_bytes = not isinstance(template, str)
    text = template.decode('latin-1') if is_bytes else template
    items = []
    literal = []
    i = 0
    n = len(text)

    def fail(msg, pos):
        raise error(msg, template, pos)

    def flush():
        if literal:
            items.append(''.join(literal))
            del literal[:]

    def add_group(index, pos):
        if index > pattern.groups:
            fail("invalid group reference %d" % index, pos)
        flush()
        items.append(index)

    while i < n:
        c = text[i]
        if c != '\\':
            literal.append(c)
            i += 1
            continue
        if i + 1 >= n:
            fail("bad escape (end of pattern)", i)
        c = text[i + 1]
        start = i
        i += 2
        if c == 'g':
            if i >= n or text[i] != '<':
                fail("missing <", i)
            i += 1
            close = text.find('>', i)
            if close < 0:
                if i >= n:
                    fail("missing group name", i)
                fail("missing >, unterminated name", i)
            name = text[i:close]
            if not name:
                fail("missing group name", i)
            if name.isidentifier():
                if name not in pattern._groupindex:
                    raise IndexError("unknown group name %r" % name)
                index = pattern._groupindex[name]
            else:
                if not name.isdigit() or not name.isascii():
                    fail("bad character in group name %r" % name, i)
                index = int(name)
            i = close + 1
            add_group(index, start + 3)
        elif c == '0':
            digits = ''
            while len(digits) < 2 and i < n and text[i] in _OCTDIGITS:
                digits += text[i]
                i += 1
            literal.append(chr(int('0' + digits, 8) & 0xff))
        elif c in _DIGITS:
            digits = c
            isoctal = False
            if i < n and text[i] in _DIGITS:
                digits += text[i]
                i += 1
                if c in _OCTDIGITS and digits[1] in _OCTDIGITS and i < n and text[i] in _OCTDIGITS:
                    digits += text[i]
                    i += 1
                    isoctal = True
                    value = int(digits, 8)
                    if value > 0o377:
                        fail('octal escape value \\%s outside of range 0-0o377' % digits, start)
                    literal.append(chr(value))
            if not isoctal:
                add_group(int(digits), start + 1)
        elif c in _ESCAPES:
            literal.append(_ESCAPES[c])
        elif c in _LETTERS:
            fail('bad escape \\%s' % c, start)
        else:
            literal.append('\\' + c)
    flush()
    if is_bytes:
        items = [x if isinstance(x, int) else x.encode('latin-1') for x in items]
    if not items:
        items = [template[:0]]
    return items


def _expand_template(items, m):
    out = []
    empty = m.string[:0]
    for item in items:
        if isinstance(item, int):
            value = m.group(item)
            if value is not None:
                out.append(value)
        else:
            out.append(item)
    return empty.join(out)


# --- module functions ---

_cache = {}
_MAXCACHE = 512


def _compile(pattern, flags):
    if isinstance(flags, RegexFlag):
        flags = int(flags)
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, (str, bytes)):
        raise TypeError("first argument must be string or compiled pattern")
    key = (type(pattern), pattern, flags)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    result = _sre.compile(pattern, flags)
    if result[0] is None:
        raise error(result[1], pattern, result[2])
    program, groups, names, final_flags = result
    p = Pattern(pattern, final_flags, program, groups, dict(names))
    if len(_cache) >= _MAXCACHE:
        _cache.clear()
    _cache[key] = p
    return p


def compile(pattern, flags=0):
    return _compile(pattern, flags)


def match(pattern, string, flags=0):
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return _compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return _compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile(pattern, flags).finditer(string)


def purge():
    _cache.clear()


def template(pattern, flags=0):
    import warnings
    warnings.warn("The re.template() function is deprecated as it is an undocumented function without "
                  "an obvious purpose. Use re.compile() instead.", DeprecationWarning, stacklevel=2)
    return _compile(pattern, flags | TEMPLATE)


_special_chars_map = {i: '\\' + chr(i) for i in b'()[]{}?*+-|^$\\.&~# \t\n\r\v\f'}


def escape(pattern):
    if isinstance(pattern, str):
        return pattern.translate(_special_chars_map)
    pattern = str(pattern, 'latin1')
    return pattern.translate(_special_chars_map).encode('latin1')
