# Checks: date objects, weekday, comparisons and formatting.
import datetime
d = datetime.date(2024, 3, 15)
print(d, repr(d), d.weekday(), d.isoweekday())
print(d.strftime("%Y/%m/%d (%a)"))
print(d + datetime.timedelta(days=20))
print(datetime.date(2024, 12, 31) - d)
print(d < datetime.date(2025, 1, 1), d.replace(day=1))
print(d.toordinal(), datetime.date.fromordinal(d.toordinal()) == d)
