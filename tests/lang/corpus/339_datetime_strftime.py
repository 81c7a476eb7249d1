# Checks: datetime construction and strftime with common directives.
import datetime
d = datetime.datetime(2024, 1, 2, 3, 4, 5)
print(d)
print(d.strftime("%Y-%m-%d %H:%M:%S"))
print(d.strftime("%d/%m/%y %I:%M %p"))
print(d.strftime("%A %B %j"))
print(d.strftime("%a %b %w"))
print(d.year, d.month, d.day, d.hour, d.minute, d.second)
print(repr(d))
print(d.isoformat())
