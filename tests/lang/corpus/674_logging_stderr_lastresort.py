# logging with no configuration: warnings and above reach sys.stderr as the bare message
# (logging.lastResort), lower levels are dropped; the module-level functions configure the root.
import logging, sys
log = logging.getLogger("lib")
log.info("dropped")
log.warning("lib warning %d", 1)
log.error("lib error")
print(logging.root.handlers, logging.lastResort.level)
logging.warning("root %s", "warning")
print(len(logging.root.handlers), type(logging.root.handlers[0]).__name__)
log.critical("now formatted")
