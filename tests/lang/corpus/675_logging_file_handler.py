# logging to a file in the script's folder: basicConfig(filename=..., filemode='w'), FileHandler
# with its own formatter and level, datefmt via a fixed converter, reading the file back.
import logging, os, time, tempfile
path = os.path.join(tempfile.gettempdir(), "gl_log_test.log")
logging.basicConfig(filename=path, filemode="w", level=logging.INFO, format="%(levelname)s:%(message)s")
logging.info("first")
logging.debug("skipped")
log = logging.getLogger("files")
fh = logging.FileHandler(path + ".2", mode="w")
fh.setLevel(logging.WARNING)
fmt = logging.Formatter("%(asctime)s %(name)s %(message)s", datefmt="%Y")
fh.setFormatter(fmt)
log.addHandler(fh)
log.info("only in root file")
log.warning("in both")
for h in logging.root.handlers + [fh]:
    h.flush()
fh.close()
with open(path) as f:
    print(f.read().splitlines())
with open(path + ".2") as f:
    line = f.read().strip()
    print(line.split(" ", 1)[1], line.split(" ")[0].isdigit())
print(os.path.basename(fh.baseFilename), repr(fh).startswith("<FileHandler "))
logging.shutdown()
os.remove(path)
os.remove(path + ".2")
