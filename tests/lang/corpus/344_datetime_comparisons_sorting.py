# Checks: sorting datetimes and computing durations.
import datetime as dt
events = [dt.datetime(2024, 5, 1, 12), dt.datetime(2023, 1, 1), dt.datetime(2024, 5, 1, 9, 30)]
for e in sorted(events):
    print(e.isoformat())
span = max(events) - min(events)
print(span, span.days, span.seconds)
print(dt.timedelta(hours=36) > dt.timedelta(days=1))
print(dt.timedelta(minutes=90).total_seconds() / 60)
