# `pprint` with CPython 3.11's layout: an object whose repr fits the width is written as it is,
# otherwise dicts, lists, tuples, sets, strings and bytes are broken over lines by the rules
# below (long strings into implicitly joined chunks at spaces, bytes in 4-byte steps), and a
# container met again inside itself is `<Recursion on T with id=N>`. Builtin types cannot be
# subclassed here, so the layout chooses by exact type where CPython looks at type(x).__repr__.
import sys as _sys

__all__ = ['pprint', 'pformat', 'isreadable', 'isrecursive', 'saferepr', 'PrettyPrinter', 'pp']


def pprint(object, stream=None, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True,
           underscore_numbers=False):
    printer = PrettyPrinter(stream=stream, indent=indent, width=width, depth=depth, compact=compact,
                            sort_dicts=sort_dicts, underscore_numbers=underscore_numbers)
    printer.pprint(object)


def pformat(object, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True,
            underscore_numbers=False):
    return PrettyPrinter(indent=indent, width=width, depth=depth, compact=compact,
                         sort_dicts=sort_dicts, underscore_numbers=underscore_numbers).pformat(object)


def pp(object, *args, sort_dicts=False, **kwargs):
    pprint(object, *args, sort_dicts=sort_dicts, **kwargs)


def saferepr(object):
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[0]


def isreadable(object):
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[1]


def isrecursive(object):
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[2]


class _safe_key:
    # orders what < cannot (mixed types) by type name, then id, as CPython does
    __slots__ = ['obj']

    def __init__(self, obj):
        self.obj = obj

    def __lt__(self, other):
        try:
            return self.obj < other.obj
        except TypeError:
            return ((str(type(self.obj)), id(self.obj)) < (str(type(other.obj)), id(other.obj)))


def _safe_tuple(t):
    return _safe_key(t[0]), _safe_key(t[1])


def _recursion(object):
    return '<Recursion on %s with id=%s>' % (type(object).__name__, id(object))


class _Collect:
    # the text pformat() builds (io.StringIO's part that the printer needs)
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)

    def getvalue(self):
        return ''.join(self.parts)


def _split_words(line):
    # runs of non-space followed by their spaces: re.findall(r'\S*\s*', line) less the empty end
    parts = []
    i = 0
    n = len(line)
    while i < n:
        j = i
        while j < n and not line[j].isspace():
            j += 1
        while j < n and line[j].isspace():
            j += 1
        parts.append(line[i:j])
        i = j
    return parts


def _wrap_bytes_repr(object, width, allowance):
    current = b''
    last = len(object) // 4 * 4
    for i in range(0, len(object), 4):
        part = object[i: i + 4]
        candidate = current + part
        if i == last:
            width -= allowance
        if len(repr(candidate)) > width:
            if current:
                yield repr(current)
            current = part
        else:
            current = candidate
    if current:
        yield repr(current)


_builtin_scalars = (str, bytes, bytearray, float, bool, type(None))  # no complex here


class PrettyPrinter:
    def __init__(self, indent=1, width=80, depth=None, stream=None, *, compact=False,
                 sort_dicts=True, underscore_numbers=False):
        indent = int(indent)
        width = int(width)
        if indent < 0:
            raise ValueError('indent must be >= 0')
        if depth is not None and depth <= 0:
            raise ValueError('depth must be > 0')
        if not width:
            raise ValueError('width must be != 0')
        self._depth = depth
        self._indent_per_level = indent
        self._width = width
        if stream is not None:
            self._stream = stream
        else:
            self._stream = _sys.stdout
        self._compact = bool(compact)
        self._sort_dicts = sort_dicts
        self._underscore_numbers = underscore_numbers

    def pprint(self, object):
        if self._stream is not None:
            self._format(object, self._stream, 0, 0, {}, 0)
            self._stream.write('\n')

    def pformat(self, object):
        sio = _Collect()
        self._format(object, sio, 0, 0, {}, 0)
        return sio.getvalue()

    def isrecursive(self, object):
        return self.format(object, {}, 0, 0)[2]

    def isreadable(self, object):
        s, readable, recursive = self.format(object, {}, 0, 0)
        return readable and not recursive

    def _format(self, object, stream, indent, allowance, context, level):
        objid = id(object)
        if objid in context:
            stream.write(_recursion(object))
            self._recursive = True
            self._readable = False
            return
        rep = self._repr(object, context, level)
        max_width = self._width - indent - allowance
        if len(rep) > max_width:
            p = _dispatch.get(type(object))
            if p is not None:
                context[objid] = 1
                p(self, object, stream, indent, allowance, context, level + 1)
                del context[objid]
                return
        stream.write(rep)

    def _pprint_dict(self, object, stream, indent, allowance, context, level):
        write = stream.write
        write('{')
        if self._indent_per_level > 1:
            write((self._indent_per_level - 1) * ' ')
        if len(object):
            if self._sort_dicts:
                items = sorted(object.items(), key=_safe_tuple)
            else:
                items = list(object.items())
            self._format_dict_items(items, stream, indent, allowance + 1, context, level)
        write('}')

    def _pprint_list(self, object, stream, indent, allowance, context, level):
        stream.write('[')
        self._format_items(object, stream, indent, allowance + 1, context, level)
        stream.write(']')

    def _pprint_tuple(self, object, stream, indent, allowance, context, level):
        stream.write('(')
        endchar = ',)' if len(object) == 1 else ')'
        self._format_items(object, stream, indent, allowance + len(endchar), context, level)
        stream.write(endchar)

    def _pprint_set(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        typ = type(object)
        if typ is set:
            stream.write('{')
            endchar = '}'
        else:
            stream.write(typ.__name__ + '({')
            endchar = '})'
            indent += len(typ.__name__) + 1
        object = sorted(object, key=_safe_key)
        self._format_items(object, stream, indent, allowance + len(endchar), context, level)
        stream.write(endchar)

    def _pprint_str(self, object, stream, indent, allowance, context, level):
        write = stream.write
        if not len(object):
            write(repr(object))
            return
        chunks = []
        lines = object.splitlines(True)
        if level == 1:
            indent += 1
            allowance += 1
        max_width1 = max_width = self._width - indent
        rep = ''
        for i, line in enumerate(lines):
            rep = repr(line)
            if i == len(lines) - 1:
                max_width1 -= allowance
            if len(rep) <= max_width1:
                chunks.append(rep)
            else:
                parts = _split_words(line)
                max_width2 = max_width
                current = ''
                for j, part in enumerate(parts):
                    candidate = current + part
                    if j == len(parts) - 1 and i == len(lines) - 1:
                        max_width2 -= allowance
                    if len(repr(candidate)) > max_width2:
                        if current:
                            chunks.append(repr(current))
                        current = part
                    else:
                        current = candidate
                if current:
                    chunks.append(repr(current))
        if len(chunks) == 1:
            write(rep)
            return
        if level == 1:
            write('(')
        for i, rep in enumerate(chunks):
            if i > 0:
                write('\n' + ' ' * indent)
            write(rep)
        if level == 1:
            write(')')

    def _pprint_bytes(self, object, stream, indent, allowance, context, level):
        write = stream.write
        if len(object) <= 4:
            write(repr(object))
            return
        parens = level == 1
        if parens:
            indent += 1
            allowance += 1
            write('(')
        delim = ''
        for rep in _wrap_bytes_repr(object, self._width - indent, allowance):
            write(delim)
            write(rep)
            if not delim:
                delim = '\n' + ' ' * indent
        if parens:
            write(')')

    def _pprint_bytearray(self, object, stream, indent, allowance, context, level):
        stream.write('bytearray(')
        self._pprint_bytes(bytes(object), stream, indent + 10, allowance + 1, context, level + 1)
        stream.write(')')

    def _format_dict_items(self, items, stream, indent, allowance, context, level):
        write = stream.write
        indent += self._indent_per_level
        delimnl = ',\n' + ' ' * indent
        last_index = len(items) - 1
        for i, (key, ent) in enumerate(items):
            last = i == last_index
            rep = self._repr(key, context, level)
            write(rep)
            write(': ')
            self._format(ent, stream, indent + len(rep) + 2, allowance if last else 1, context, level)
            if not last:
                write(delimnl)

    def _format_items(self, items, stream, indent, allowance, context, level):
        write = stream.write
        indent += self._indent_per_level
        if self._indent_per_level > 1:
            write((self._indent_per_level - 1) * ' ')
        delimnl = ',\n' + ' ' * indent
        delim = ''
        width = max_width = self._width - indent + 1
        it = iter(items)
        try:
            next_ent = next(it)
        except StopIteration:
            return
        last = False
        while not last:
            ent = next_ent
            try:
                next_ent = next(it)
            except StopIteration:
                last = True
                max_width -= allowance
                width -= allowance
            if self._compact:
                rep = self._repr(ent, context, level)
                w = len(rep) + 2
                if width < w:
                    width = max_width
                    if delim:
                        delim = delimnl
                if width >= w:
                    width -= w
                    write(delim)
                    delim = ', '
                    write(rep)
                    continue
            write(delim)
            delim = delimnl
            self._format(ent, stream, indent, allowance if last else 1, context, level)

    def _repr(self, object, context, level):
        repr, readable, recursive = self.format(object, dict(context), self._depth, level)
        if not readable:
            self._readable = False
        if recursive:
            self._recursive = True
        return repr

    def format(self, object, context, maxlevels, level):
        return self._safe_repr(object, context, maxlevels, level)

    def _safe_repr(self, object, context, maxlevels, level):
        typ = type(object)
        if typ in _builtin_scalars:
            return repr(object), True, False
        if typ is int:
            if self._underscore_numbers:
                return f'{object:_d}', True, False
            return repr(object), True, False
        if typ is dict:
            if not object:
                return '{}', True, False
            objid = id(object)
            if maxlevels and level >= maxlevels:
                return '{...}', False, objid in context
            if objid in context:
                return _recursion(object), False, True
            context[objid] = 1
            readable = True
            recursive = False
            components = []
            level += 1
            if self._sort_dicts:
                items = sorted(object.items(), key=_safe_tuple)
            else:
                items = object.items()
            for k, v in items:
                krepr, kreadable, krecur = self.format(k, context, maxlevels, level)
                vrepr, vreadable, vrecur = self.format(v, context, maxlevels, level)
                components.append('%s: %s' % (krepr, vrepr))
                readable = readable and kreadable and vreadable
                if krecur or vrecur:
                    recursive = True
            del context[objid]
            return '{%s}' % ', '.join(components), readable, recursive
        if typ is list or typ is tuple:
            if typ is list:
                if not object:
                    return '[]', True, False
                fmt = '[%s]'
            elif len(object) == 1:
                fmt = '(%s,)'
            else:
                if not object:
                    return '()', True, False
                fmt = '(%s)'
            objid = id(object)
            if maxlevels and level >= maxlevels:
                return fmt % '...', False, objid in context
            if objid in context:
                return _recursion(object), False, True
            context[objid] = 1
            readable = True
            recursive = False
            components = []
            level += 1
            for o in object:
                orepr, oreadable, orecur = self.format(o, context, maxlevels, level)
                components.append(orepr)
                if not oreadable:
                    readable = False
                if orecur:
                    recursive = True
            del context[objid]
            return fmt % ', '.join(components), readable, recursive
        rep = repr(object)
        return rep, (rep and not rep.startswith('<')), False


_dispatch = {
    dict: PrettyPrinter._pprint_dict,
    list: PrettyPrinter._pprint_list,
    tuple: PrettyPrinter._pprint_tuple,
    set: PrettyPrinter._pprint_set,
    frozenset: PrettyPrinter._pprint_set,
    str: PrettyPrinter._pprint_str,
    bytes: PrettyPrinter._pprint_bytes,
    bytearray: PrettyPrinter._pprint_bytearray,
}
