# The `json` module: dumps/dump and loads/load with CPython 3.11's output and error messages
# (separators, indent, sort_keys, ensure_ascii, allow_nan, default, check_circular; object_hook,
# object_pairs_hook, parse_float/parse_int/parse_constant; JSONDecodeError with line and column).


class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        ValueError.__init__(self, "%s: line %d column %d (char %d)" % (msg, lineno, colno, pos))
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


JSONDecodeError.__module__ = "json.decoder"

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def _encode_string(s, ensure_ascii):
    out = ['"']
    for ch in s:
        esc = _ESCAPES.get(ch)
        if esc is not None:
            out.append(esc)
            continue
        code = ord(ch)
        if code < 0x20 or (ensure_ascii and code > 0x7E):
            if code > 0xFFFF:
                code -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 | (code >> 10), 0xDC00 | (code & 0x3FF)))
            else:
                out.append("\\u%04x" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _float_text(f, allow_nan):
    if f != f:
        text = "NaN"
    elif f == float("inf"):
        text = "Infinity"
    elif f == -float("inf"):
        text = "-Infinity"
    else:
        return float.__repr__(f)
    if not allow_nan:
        raise ValueError("Out of range float values are not JSON compliant")
    return text


class JSONEncoder:
    item_separator = ", "
    key_separator = ": "

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ","
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")

    def encode(self, o):
        return "".join(self.iterencode(o))

    def iterencode(self, o, _one_shot=False):
        indent = self.indent
        if indent is not None and not isinstance(indent, str):
            indent = " " * indent
        markers = {} if self.check_circular else None
        chunks = []
        self._encode(o, chunks, markers, indent, 0)
        return chunks

    def _mark(self, o, markers):
        if markers is not None:
            if id(o) in markers:
                raise ValueError("Circular reference detected")
            markers[id(o)] = o

    def _unmark(self, o, markers):
        if markers is not None:
            del markers[id(o)]

    def _encode(self, o, out, markers, indent, level):
        if isinstance(o, str):
            out.append(_encode_string(o, self.ensure_ascii))
        elif o is None:
            out.append("null")
        elif o is True:
            out.append("true")
        elif o is False:
            out.append("false")
        elif isinstance(o, int):
            out.append(int.__repr__(o))
        elif isinstance(o, float):
            out.append(_float_text(o, self.allow_nan))
        elif isinstance(o, (list, tuple)):
            self._encode_list(o, out, markers, indent, level)
        elif isinstance(o, dict):
            self._encode_dict(o, out, markers, indent, level)
        else:
            self._mark(o, markers)
            self._encode(self.default(o), out, markers, indent, level)
            self._unmark(o, markers)

    def _encode_container(self, o, brackets, write_items, out, markers, indent, level):
        # A list's or a dict's brackets, indentation and circular check; write_items(sep, level)
        # writes the entries with `sep` between them.
        if not o:
            out.append(brackets)
            return
        self._mark(o, markers)
        out.append(brackets[0])
        sep = self.item_separator
        if indent is not None:
            level += 1
            newline = "\n" + indent * level
            sep += newline
            out.append(newline)
        write_items(sep, level)
        if indent is not None:
            out.append("\n" + indent * (level - 1))
        out.append(brackets[1])
        self._unmark(o, markers)

    def _encode_list(self, o, out, markers, indent, level):
        def write_items(sep, inner):
            for i, item in enumerate(o):
                if i:
                    out.append(sep)
                self._encode(item, out, markers, indent, inner)

        self._encode_container(o, "[]", write_items, out, markers, indent, level)

    def _key(self, key):
        if isinstance(key, str):
            return key
        if key is True:
            return "true"
        if key is False:
            return "false"
        if key is None:
            return "null"
        if isinstance(key, int):
            return int.__repr__(key)
        if isinstance(key, float):
            return _float_text(key, self.allow_nan)
        if self.skipkeys:
            return None
        raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")

    def _encode_dict(self, o, out, markers, indent, level):
        def write_items(sep, inner):
            first = True
            for key, value in (sorted(o.items()) if self.sort_keys else list(o.items())):
                key = self._key(key)
                if key is None:
                    continue
                if not first:
                    out.append(sep)
                first = False
                out.append(_encode_string(key, self.ensure_ascii))
                out.append(self.key_separator)
                self._encode(value, out, markers, indent, inner)

        self._encode_container(o, "{}", write_items, out, markers, indent, level)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
          separators=None, default=None, sort_keys=False, **kw):
    encoder = (cls or JSONEncoder)(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
                                   allow_nan=allow_nan, indent=indent, separators=separators, default=default,
                                   sort_keys=sort_keys, **kw)
    return encoder.encode(obj)


def dump(obj, fp, **kw):
    for chunk in (kw.pop("cls", None) or JSONEncoder)(**kw).iterencode(obj):
        fp.write(chunk)


_WS = " \t\n\r"
_CONSTANTS = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}
_UNESCAPE = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_HEX = "0123456789abcdefABCDEF"


class JSONDecoder:
    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, strict=True,
                 object_pairs_hook=None):
        self.object_hook = object_hook
        self.object_pairs_hook = object_pairs_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONSTANTS.__getitem__
        self.strict = strict

    def decode(self, s):
        obj, end = self.raw_decode(s, self._skip(s, 0))
        end = self._skip(s, end)
        if end != len(s):
            raise JSONDecodeError("Extra data", s, end)
        return obj

    def raw_decode(self, s, idx=0):
        return self._value(s, idx)

    def _skip(self, s, i):
        while i < len(s) and s[i] in _WS:
            i += 1
        return i

    def _value(self, s, i):
        if i >= len(s):
            raise JSONDecodeError("Expecting value", s, i)
        ch = s[i]
        if ch == '"':
            return self._string(s, i + 1)
        if ch == "{":
            return self._object(s, i + 1)
        if ch == "[":
            return self._array(s, i + 1)
        for word, value in (("null", None), ("true", True), ("false", False)):
            if s.startswith(word, i):
                return value, i + len(word)
        for word in ("NaN", "Infinity", "-Infinity"):
            if s.startswith(word, i):
                return self.parse_constant(word), i + len(word)
        return self._number(s, i)

    def _number(self, s, i):
        j = i
        if j < len(s) and s[j] == "-":
            j += 1
        if j < len(s) and s[j] == "0":
            j += 1
        elif j < len(s) and "1" <= s[j] <= "9":
            while j < len(s) and s[j].isdigit():
                j += 1
        else:
            raise JSONDecodeError("Expecting value", s, i)
        is_float = False
        if j + 1 < len(s) and s[j] == "." and s[j + 1].isdigit():
            is_float = True
            j += 1
            while j < len(s) and s[j].isdigit():
                j += 1
        if j < len(s) and s[j] in "eE":
            k = j + 1
            if k < len(s) and s[k] in "+-":
                k += 1
            if k < len(s) and s[k].isdigit():
                is_float = True
                j = k
                while j < len(s) and s[j].isdigit():
                    j += 1
        text = s[i:j]
        return (self.parse_float(text) if is_float else self.parse_int(text)), j

    def _string(self, s, i):
        start = i - 1
        parts = []
        while True:
            j = i
            while j < len(s) and s[j] != '"' and s[j] != "\\" and (s[j] >= " " or not self.strict):
                j += 1
            parts.append(s[i:j])
            if j >= len(s):
                raise JSONDecodeError("Unterminated string starting at", s, start)
            ch = s[j]
            if ch == '"':
                return "".join(parts), j + 1
            if ch != "\\":
                raise JSONDecodeError("Invalid control character at", s, j)
            if j + 1 >= len(s):
                raise JSONDecodeError("Unterminated string starting at", s, start)
            esc = s[j + 1]
            if esc != "u":
                if esc not in _UNESCAPE:
                    raise JSONDecodeError("Invalid \\escape", s, j)
                parts.append(_UNESCAPE[esc])
                i = j + 2
                continue
            code, i = self._hex4(s, j)
            if 0xD800 <= code <= 0xDBFF and s.startswith("\\u", i):
                low, k = self._hex4(s, i)
                if 0xDC00 <= low <= 0xDFFF:
                    code = 0x10000 + (((code - 0xD800) << 10) | (low - 0xDC00))
                    i = k
            parts.append(chr(code))

    def _hex4(self, s, j):
        digits = s[j + 2:j + 6]
        if len(digits) != 4 or any(c not in _HEX for c in digits):
            raise JSONDecodeError("Invalid \\uXXXX escape", s, j + 1)
        return int(digits, 16), j + 6

    def _object(self, s, i):
        pairs = []
        i = self._skip(s, i)
        if i < len(s) and s[i] == "}":
            return self._finish_object(pairs), i + 1
        while True:
            if i >= len(s) or s[i] != '"':
                raise JSONDecodeError("Expecting property name enclosed in double quotes", s, i)
            key, i = self._string(s, i + 1)
            i = self._skip(s, i)
            if i >= len(s) or s[i] != ":":
                raise JSONDecodeError("Expecting ':' delimiter", s, i)
            value, i = self._value(s, self._skip(s, i + 1))
            pairs.append((key, value))
            i = self._skip(s, i)
            if i < len(s) and s[i] == "}":
                return self._finish_object(pairs), i + 1
            if i >= len(s) or s[i] != ",":
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = self._skip(s, i + 1)

    def _finish_object(self, pairs):
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs)
        d = dict(pairs)
        return self.object_hook(d) if self.object_hook is not None else d

    def _array(self, s, i):
        items = []
        i = self._skip(s, i)
        if i < len(s) and s[i] == "]":
            return items, i + 1
        while True:
            value, i = self._value(s, i)
            items.append(value)
            i = self._skip(s, i)
            if i < len(s) and s[i] == "]":
                return items, i + 1
            if i >= len(s) or s[i] != ",":
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = self._skip(s, i + 1)


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
          object_pairs_hook=None, **kw):
    if isinstance(s, (bytes, bytearray)):
        s = s.decode("utf-8")
    if not isinstance(s, str):
        raise TypeError(f"the JSON object must be str, bytes or bytearray, not {s.__class__.__name__}")
    return (cls or JSONDecoder)(object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
                                parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw).decode(s)


def load(fp, **kw):
    return loads(fp.read(), **kw)
