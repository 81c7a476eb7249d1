# Checks: `from datetime import datetime, timedelta` usage in a log formatter.
from datetime import datetime, timedelta
base = datetime(2023, 12, 31, 23, 59, 0)
for i in range(3):
    t = base + timedelta(seconds=30 * i)
    print(t.strftime("[%Y-%m-%d %H:%M:%S]"), "step", i)
print((base + timedelta(minutes=2)).year)
print(base.replace(year=2020), base.date(), base.time())
