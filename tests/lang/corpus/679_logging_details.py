# logging details: captureWarnings into py.warnings, exception() and exc_info tracebacks, custom
# levels and addLevelName, extra fields and the overwrite KeyError, disable(), $-style formats.
import logging, warnings, sys
import os as _os


class _Out:
    # stdout without the script's folder: tracebacks and warnings name the file by its full path
    name = "<stdout>"

    def write(self, s):
        return sys.stdout.write(s.replace(_os.path.dirname(_os.path.abspath(__file__)) + _os.sep, ""))

    def flush(self):
        sys.stdout.flush()


_out = _Out()
h = logging.StreamHandler(_out)
h.setFormatter(logging.Formatter("%(name)s|%(levelname)s|%(message)s"))
logging.getLogger("py.warnings").addHandler(h)
logging.captureWarnings(True)
warnings.warn("careful", UserWarning)
logging.captureWarnings(False)
log = logging.getLogger("x")
log.addHandler(h)
log.propagate = False
log.setLevel(logging.DEBUG)
def inner():
    try:
        raise KeyError("missing")
    except KeyError:
        log.exception("failed %s", "op")
inner()
try:
    raise ValueError("bad")
except ValueError as e:
    log.error("with exc_info", exc_info=e)
log.log(25, "custom level")
logging.addLevelName(25, "NOTICE")
log.log(25, "named level")
log.info("extra %s", "v", extra={"user": "u"})
try:
    log.info("x", extra={"message": 1})
except KeyError as e:
    print("KeyError", e)
print(logging.getLevelName(25), logging.getLevelName("NOTICE"), log.getEffectiveLevel(), log.hasHandlers())
logging.disable(logging.WARNING)
log.warning("disabled")
log.error("still here")
logging.disable(logging.NOTSET)
log.debug("back %d%%", 100)
print(repr(h), repr(logging.NullHandler()))
fmt = logging.Formatter("$levelname: $message", style="$")
h.setFormatter(fmt)
log.info("dollar style")
try:
    logging.Formatter("%(message)s", style="x")
except ValueError as e:
    print("ValueError", e)
