# Checks: timedelta arithmetic with datetimes.
import datetime
start = datetime.datetime(2024, 2, 28, 22, 30)
later = start + datetime.timedelta(hours=3)
print(later)
print(start + datetime.timedelta(days=2))
print(start - datetime.timedelta(weeks=1, minutes=45))
diff = datetime.datetime(2024, 3, 1) - datetime.datetime(2023, 3, 1)
print(diff, diff.days, diff.total_seconds())
td = datetime.timedelta(days=1, seconds=3661)
print(td, repr(td), td * 2, td // 2)
print(datetime.timedelta(seconds=-1))
