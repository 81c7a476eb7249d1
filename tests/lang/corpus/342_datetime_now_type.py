# Checks: datetime.now() returns a datetime (value not printed).
import datetime
now = datetime.datetime.now()
print(type(now).__name__, now.year >= 2024)
today = datetime.date.today()
print(type(today).__name__, today <= now.date())
stamp = now.strftime("%Y-%m-%d")
print(len(stamp), stamp[4], stamp[7])
