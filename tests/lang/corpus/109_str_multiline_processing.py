# Checks: processing a multi-line text block line by line.
log = """INFO start
WARN low memory
INFO step 1
ERROR failed step 2
INFO step 3"""
levels = {}
for line in log.splitlines():
    level, _, msg = line.partition(" ")
    levels.setdefault(level, []).append(msg)
for level in levels:
    print(level, len(levels[level]), levels[level])
errors = [l for l in log.splitlines() if l.startswith("ERROR")]
print(errors)
