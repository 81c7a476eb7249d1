# traceback: format_exception / format_exc / format_exception_only / print_exc(file=) with
# limits (outermost n, innermost -n, 0), chained causes and contexts, chain=False, and
# sys.exc_info / sys.exception while handling and after.
import sys
import traceback


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


def inner(n):
    if n == 0:
        raise ValueError("deep")
    return inner(n - 1)


def outer():
    try:
        inner(2)
    except ValueError as e:
        raise KeyError("wrapped") from e


print(sys.exc_info(), sys.exception())
try:
    inner(3)
except ValueError as e:
    print(sys.exc_info()[0].__name__, sys.exception() is e)
    for limit in [None, 1, 2, -1, -2, 0]:
        lines = traceback.format_exception(e, limit=limit)
        print(limit, len(lines), [l.split(",")[1].strip() if l.startswith("  File") else l.strip() for l in lines])
    print(traceback.format_exception_only(e), traceback.format_exc(limit=1).splitlines()[-1])
    sink = Sink()
    traceback.print_exc(limit=-1, file=sink)
    print("".join(sink.parts).count("\n"), sink.parts[-1])
try:
    outer()
except KeyError as e:
    text = traceback.format_exc()
    print(text.count("Traceback"), "direct cause" in text, text.splitlines()[-1])
    print(len(traceback.format_exception(e, chain=False)), traceback.format_exception_only(e))
try:
    try:
        1 / 0
    except ZeroDivisionError:
        [][1]
except IndexError as e:
    print([l.strip() for l in traceback.format_exception(e, limit=0)])
print(traceback.format_exception(None), sys.exc_info())
