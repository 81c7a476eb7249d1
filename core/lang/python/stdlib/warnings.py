# The `warnings` module: warn / warn_explicit with CPython 3.11's filters and default filter
# list, the actions (default, error, ignore, always, module, once), formatwarning/showwarning
# (to sys.stderr), simplefilter / filterwarnings / resetwarnings, catch_warnings(record=...).
# Message and module patterns are matched as CPython matches its regular expressions for the
# forms scripts use: from the start, case-insensitively for messages, '.' any character, '.*'
# any run, a backslash escaping the next character (there is no `re` module yet).
import sys as _sys
import _warnings

filters = [
    ("default", None, DeprecationWarning, "__main__", 0),
    ("ignore", None, DeprecationWarning, None, 0),
    ("ignore", None, PendingDeprecationWarning, None, 0),
    ("ignore", None, ImportWarning, None, 0),
    ("ignore", None, ResourceWarning, None, 0),
]
defaultaction = "default"
_registry = {}   # what "default", "module" and "once" have shown (cleared when filters change)
_recorders = []  # the logs of catch_warnings(record=True) blocks, innermost last
_ACTIONS = ("error", "ignore", "always", "default", "module", "once")


def _matches(pattern, text, fold):
    if pattern is None:
        return True
    if fold:
        pattern, text = pattern.lower(), text.lower()

    def at(p, t):
        while p < len(pattern):
            c = pattern[p]
            if c == "." and p + 1 < len(pattern) and pattern[p + 1] == "*":
                return any(at(p + 2, k) for k in range(t, len(text) + 1))
            if t >= len(text):
                return False
            if c == "\\" and p + 1 < len(pattern):
                if text[t] != pattern[p + 1]:
                    return False
                p += 2
            elif c == "." or c == text[t]:
                p += 1
            else:
                return False
            t += 1
        return True

    return at(0, 0)


def _add_filter(item, append):
    if item in filters:
        filters.remove(item)
    if append:
        filters.append(item)
    else:
        filters.insert(0, item)
    _registry.clear()


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(message, str), "message must be a string"
    assert isinstance(category, type) and issubclass(category, Warning), "category must be a Warning subclass"
    assert isinstance(module, str), "module must be a string"
    assert isinstance(lineno, int) and lineno >= 0, "lineno must be an int >= 0"
    _add_filter((action, message or None, category, module or None, lineno), append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(lineno, int) and lineno >= 0, "lineno must be an int >= 0"
    _add_filter((action, None, category, None, lineno), append)


def resetwarnings():
    filters[:] = []
    _registry.clear()


def formatwarning(message, category, filename, lineno, line=None):
    s = f"{filename}:{lineno}: {category.__name__}: {message}\n"
    if line:
        s += "  %s\n" % line.strip()
    return s


def showwarning(message, category, filename, lineno, file=None, line=None):
    if file is None:
        file = _sys.stderr
    try:
        file.write(formatwarning(message, category, filename, lineno, line))
    except OSError:
        pass


class WarningMessage:
    _WARNING_DETAILS = ("message", "category", "filename", "lineno", "file", "line", "source")

    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, line : %r}"
                % (self.message, self._category_name, self.filename, self.lineno, self.line))


def warn_explicit(message, category, filename, lineno, module=None, registry=None, module_globals=None, source=None,
                  _line=None):
    if module is None:
        module = filename or "<unknown>"
        if module[-3:].lower() == ".py":
            module = module[:-3]
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    action = defaultaction
    for act, msg, cat, mod, ln in filters:
        if (_matches(msg, text, True) and issubclass(category, cat) and _matches(mod, module, False)
                and (ln == 0 or lineno == ln)):
            action = act
            break
    if action == "ignore":
        return
    if action == "error":
        raise message
    if action == "once":
        key = ("once", text, category)
    elif action == "module":
        key = ("module", module, text, category)
    elif action == "default":
        key = ("default", module, text, category, lineno)
    else:
        key = None
    if key is not None:
        if key in _registry:
            return
        _registry[key] = True
    msg = WarningMessage(message, category, filename, lineno, source=source)
    if _recorders and _recorders[-1] is not None:
        _recorders[-1].append(msg)
    else:
        # CPython reads the source line when it shows the warning (a recorded one has None).
        showwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.file, _line)


def warn(message, category=None, stacklevel=1, source=None):
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '{:s}'".format(type(category).__name__))
    filename, lineno, module, line = _warnings.caller(stacklevel)
    warn_explicit(message, category, filename, lineno, module, source=source, _line=line)


class catch_warnings:
    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._entered = False
        self._filter = (action, category, lineno, append) if action is not None else None

    def __repr__(self):
        args = []
        if self._record:
            args.append("record=True")
        return "%s(%s)" % (type(self).__name__, ", ".join(args))

    def __enter__(self):
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        self._entered = True
        self._filters = filters[:]
        _registry.clear()
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []
            _recorders.append(log)
            return log
        _recorders.append(None)
        return None

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        filters[:] = self._filters
        _recorders.pop()
        _registry.clear()
