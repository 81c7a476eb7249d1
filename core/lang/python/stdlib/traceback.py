# The `traceback` module: an exception's report as text, as CPython's traceback module writes
# it (without the ^^^ markers under the failing expression). The natives (_traceback) format
# from the entries each exception keeps; there are no traceback or frame objects, so `tb`
# arguments are accepted and ignored.
import sys as _sys
import _traceback

_sentinel = object()


_CHAIN_MESSAGES = (
    "The above exception was the direct cause of the following exception:\n",
    "During handling of the above exception, another exception occurred:\n",
)


def _chunks(text):
    # CPython's list form: the header, one string per frame ("  File ...\n    code\n"), each
    # chaining message with its blank lines ("\nDuring handling ...:\n\n") and the final line.
    lines = text.splitlines(True)
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line == "\n" and i + 2 < len(lines) and lines[i + 1] in _CHAIN_MESSAGES and lines[i + 2] == "\n":
            out.append("".join(lines[i:i + 3]))
            i += 3
            continue
        if line.startswith("    ") and out and out[-1].startswith("  File "):
            out[-1] += line
        else:
            out.append(line)
        i += 1
    return out


def _exc(exc, value):
    return exc if value is _sentinel else value


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    exc = _exc(exc, value)
    if exc is None:
        return ["NoneType: None\n"]
    return _chunks(_traceback.format(exc, limit, chain))


def format_exception_only(exc, /, value=_sentinel):
    exc = _exc(exc, value)
    if exc is None:
        return ["NoneType: None\n"]
    return _chunks(_traceback.format(exc, 0, False))


def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    if file is None:
        file = _sys.stderr
    for chunk in format_exception(exc, value, limit=limit, chain=chain):
        print(chunk, file=file, end="")


def format_exc(limit=None, chain=True):
    return "".join(format_exception(_sys.exception(), limit=limit, chain=chain))


def print_exc(limit=None, file=None, chain=True):
    print_exception(_sys.exception(), limit=limit, file=file, chain=chain)
