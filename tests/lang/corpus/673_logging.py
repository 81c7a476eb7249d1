# logging: basicConfig (stream, level, format, force, errors), the logger hierarchy and levels,
# record fields (funcName, lineno, module), {}-style formatters, filters, exception(), propagate,
# NullHandler, LoggerAdapter, getLevelName.
import logging, sys
import os as _os


class _Out:
    # stdout without the script's folder: tracebacks and warnings name the file by its full path
    name = "<stdout>"

    def write(self, s):
        return sys.stdout.write(s.replace(_os.path.dirname(_os.path.abspath(__file__)) + _os.sep, ""))

    def flush(self):
        sys.stdout.flush()


_out = _Out()
logging.basicConfig(stream=_out, level=logging.DEBUG, format="%(levelname)s|%(name)s|%(message)s|%(funcName)s|%(lineno)d|%(module)s")
log = logging.getLogger("app")
log.debug("debug %d", 1)
log.info("info %s", "x")
def work():
    log.warning("warn in %s", "work")
work()
child = logging.getLogger("app.db")
print(child.parent is log, child.getEffectiveLevel(), repr(child), repr(log), repr(logging.getLogger()))
child.setLevel(logging.ERROR)
child.info("hidden")
child.error("shown %(k)s", {"k": "v"})
print(child.isEnabledFor(logging.WARNING), logging.getLevelName(10), logging.getLevelName("WARNING"), logging.getLevelName(15))
h = logging.StreamHandler(_out)
h.setFormatter(logging.Formatter("[{levelname}] {name}: {message}", style="{"))
other = logging.getLogger("other")
other.addHandler(h)
other.propagate = False
other.warning("braces")
class OnlyA(logging.Filter):
    def filter(self, record):
        return "a" in record.getMessage()
other.addFilter(OnlyA())
other.warning("has a")
other.warning("none")
try:
    raise ZeroDivisionError("division by zero")
except ZeroDivisionError:
    log.exception("boom")
logging.info("root info")
logging.basicConfig(level=logging.ERROR)
logging.warning("still shown")
logging.basicConfig(stream=_out, format="%(message)s", force=True)
logging.warning("after force")
logging.debug("root level kept")
print(logging.root.level, len(logging.root.handlers))
nul = logging.getLogger("quiet")
nul.addHandler(logging.NullHandler())
nul.propagate = False
nul.error("nothing")
sub = logging.getLogger("a.b.c")
mid = logging.getLogger("a.b")
print(sub.parent.name, mid.parent.name)
f = logging.Formatter("%(name)s-%(levelno)s-%(message)s")
rec = logging.LogRecord("n", logging.INFO, "/x/y.py", 3, "m %s", ("z",), None)
print(f.format(rec), rec.filename, rec.module, rec.levelname)
try:
    logging.basicConfig(stream=sys.stdout, filename="x.log", force=True)
except ValueError as e:
    print("ValueError", e)
try:
    logging.getLogger("v").setLevel("LOUD")
except ValueError as e:
    print("ValueError", e)
ad = logging.LoggerAdapter(log, {"user": "bob"})
h2 = logging.StreamHandler(_out)
h2.setFormatter(logging.Formatter("%(user)s %(message)s"))
adl = logging.getLogger("adapted")
adl.addHandler(h2)
adl.propagate = False
logging.LoggerAdapter(adl, {"user": "bob"}).warning("hi")
print(logging.getLogger("app") is log, logging.getLogger("root") is logging.root)
