# The `datetime` module (date, time, datetime, timedelta; naive, local time only), run in the
# module's namespace when it is first imported. core/lang/module_std.cpp adds the native helpers
# first: _now() and _localtime(ts) give local (year, month, day, hour, minute, second, microsecond)
# tuples, _mktime(year, month, day, hour, minute, second) the timestamp of a local time.

class _Ordered:
    # Equality, ordering and hashing by _order_key among objects of the same _order_kind.
    def __eq__(self, other):
        return isinstance(other, _Ordered) and self._order_kind == other._order_kind and self._order_key() == other._order_key()
    def __lt__(self, other):
        return self._order_key() < other._order_key()
    def __le__(self, other):
        return self._order_key() <= other._order_key()
    def __gt__(self, other):
        return self._order_key() > other._order_key()
    def __ge__(self, other):
        return self._order_key() >= other._order_key()
    def __hash__(self):
        return hash(self._order_key())

class timedelta(_Ordered):
    def __init__(self, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        total_us = round(((((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000000 + milliseconds * 1000 + microseconds)
        d, rem = divmod(total_us, 86400 * 1000000)
        s, us = divmod(rem, 1000000)
        self.days = int(d)
        self.seconds = int(s)
        self.microseconds = int(us)
    def _us(self):
        return (self.days * 86400 + self.seconds) * 1000000 + self.microseconds
    def total_seconds(self):
        return self._us() / 1000000
    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta(microseconds=self._us() + other._us())
        return NotImplemented
    def __radd__(self, other):
        return self.__add__(other)
    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta(microseconds=self._us() - other._us())
        return NotImplemented
    def __neg__(self):
        return timedelta(microseconds=-self._us())
    def __mul__(self, k):
        return timedelta(microseconds=round(self._us() * k))
    __rmul__ = __mul__
    def __truediv__(self, other):
        if isinstance(other, timedelta):
            return self._us() / other._us()
        return timedelta(microseconds=round(self._us() / other))
    def __floordiv__(self, other):
        if isinstance(other, timedelta):
            return self._us() // other._us()
        return timedelta(microseconds=self._us() // other)
    _order_kind = "timedelta"
    _order_key = _us
    def __bool__(self):
        return self._us() != 0
    def __abs__(self):
        return timedelta(microseconds=abs(self._us()))
    def __str__(self):
        mm, ss = divmod(self.seconds, 60)
        hh, mm = divmod(mm, 60)
        s = "%d:%02d:%02d" % (hh, mm, ss)
        if self.days:
            s = "%d day%s, " % (self.days, "s" if abs(self.days) != 1 else "") + s
        if self.microseconds:
            s = s + ".%06d" % self.microseconds
        return s
    def __repr__(self):
        args = []
        if self.days:
            args.append("days=%d" % self.days)
        if self.seconds:
            args.append("seconds=%d" % self.seconds)
        if self.microseconds:
            args.append("microseconds=%d" % self.microseconds)
        if not args:
            args.append("0")
        return "datetime.timedelta(" + ", ".join(args) + ")"

_DAYS_IN_MONTH = [-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_DAYNAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MONTHNAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

def _is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)

def _days_in_month(y, m):
    if m == 2 and _is_leap(y):
        return 29
    return _DAYS_IN_MONTH[m]

def _days_before_year(y):
    y = y - 1
    return y * 365 + y // 4 - y // 100 + y // 400

def _days_before_month(y, m):
    d = 0
    for k in range(1, m):
        d += _days_in_month(y, k)
    return d

def _ymd2ord(y, m, d):
    return _days_before_year(y) + _days_before_month(y, m) + d

def _ord2ymd(n):
    y = (n - 1) * 400 // 146097 + 1
    while _ymd2ord(y + 1, 1, 1) <= n:
        y += 1
    while _ymd2ord(y, 1, 1) > n:
        y -= 1
    m = 1
    while m < 12 and _ymd2ord(y, m + 1, 1) <= n:
        m += 1
    return y, m, n - _ymd2ord(y, m, 1) + 1

class date(_Ordered):
    def __init__(self, year, month, day):
        if not 1 <= month <= 12:
            raise ValueError("month must be in 1..12")
        if not 1 <= day <= _days_in_month(year, month):
            raise ValueError("day is out of range for month")
        self.year = year
        self.month = month
        self.day = day
    @classmethod
    def today(cls):
        t = _now()
        return cls(t[0], t[1], t[2])
    def toordinal(self):
        return _ymd2ord(self.year, self.month, self.day)
    @classmethod
    def fromordinal(cls, n):
        y, m, d = _ord2ymd(n)
        return cls(y, m, d)
    def weekday(self):
        return (self.toordinal() + 6) % 7
    def isoweekday(self):
        return self.weekday() + 1
    def isoformat(self):
        return "%04d-%02d-%02d" % (self.year, self.month, self.day)
    def __str__(self):
        return self.isoformat()
    def __repr__(self):
        return "datetime.date(%d, %d, %d)" % (self.year, self.month, self.day)
    def strftime(self, fmt):
        return _strftime(self, fmt)
    _order_kind = "date"
    _order_key = toordinal
    def replace(self, year=None, month=None, day=None):
        return date(self.year if year is None else year, self.month if month is None else month,
                    self.day if day is None else day)
    def __sub__(self, other):
        if isinstance(other, timedelta):
            y, m, d = _ord2ymd(self.toordinal() - other.days)
            return date(y, m, d)
        return timedelta(days=self.toordinal() - other.toordinal())
    def __add__(self, other):
        y, m, d = _ord2ymd(self.toordinal() + other.days)
        return date(y, m, d)

def _strftime(d, fmt):
    out = ""
    i = 0
    n = len(fmt)
    hour = getattr(d, "hour", 0)
    minute = getattr(d, "minute", 0)
    second = getattr(d, "second", 0)
    micro = getattr(d, "microsecond", 0)
    while i < n:
        c = fmt[i]
        if c != "%" or i + 1 >= n:
            out += c
            i += 1
            continue
        k = fmt[i + 1]
        i += 2
        if k == "Y":
            out += "%04d" % d.year
        elif k == "y":
            out += "%02d" % (d.year % 100)
        elif k == "m":
            out += "%02d" % d.month
        elif k == "d":
            out += "%02d" % d.day
        elif k == "H":
            out += "%02d" % hour
        elif k == "I":
            out += "%02d" % (hour % 12 if hour % 12 else 12)
        elif k == "p":
            out += "AM" if hour < 12 else "PM"
        elif k == "M":
            out += "%02d" % minute
        elif k == "S":
            out += "%02d" % second
        elif k == "f":
            out += "%06d" % micro
        elif k == "A":
            out += _DAYNAMES[d.weekday()]
        elif k == "a":
            out += _DAYNAMES[d.weekday()][:3]
        elif k == "B":
            out += _MONTHNAMES[d.month - 1]
        elif k == "b":
            out += _MONTHNAMES[d.month - 1][:3]
        elif k == "j":
            out += "%03d" % (_days_before_month(d.year, d.month) + d.day)
        elif k == "w":
            out += str((d.weekday() + 1) % 7)
        elif k == "%":
            out += "%"
        else:
            out += "%" + k
    return out

class datetime(date):
    def __init__(self, year, month, day, hour=0, minute=0, second=0, microsecond=0):
        date.__init__(self, year, month, day)
        if not 0 <= hour <= 23:
            raise ValueError("hour must be in 0..23")
        if not 0 <= minute <= 59:
            raise ValueError("minute must be in 0..59")
        if not 0 <= second <= 59:
            raise ValueError("second must be in 0..59")
        self.hour = hour
        self.minute = minute
        self.second = second
        self.microsecond = microsecond
    @classmethod
    def now(cls):
        t = _now()
        return cls(t[0], t[1], t[2], t[3], t[4], t[5], t[6])
    @classmethod
    def today(cls):
        return cls.now()
    @classmethod
    def fromtimestamp(cls, ts):
        t = _localtime(ts)
        return cls(t[0], t[1], t[2], t[3], t[4], t[5], t[6])
    def _us(self):
        return ((self.toordinal() * 86400 + self.hour * 3600 + self.minute * 60 + self.second) * 1000000 + self.microsecond)
    @classmethod
    def _from_us(cls, us):
        days, rem = divmod(us, 86400 * 1000000)
        y, m, d = _ord2ymd(days)
        s, micro = divmod(rem, 1000000)
        hh, s = divmod(s, 3600)
        mm, ss = divmod(s, 60)
        return cls(y, m, d, hh, mm, ss, micro)
    def date(self):
        return date(self.year, self.month, self.day)
    def time(self):
        return time(self.hour, self.minute, self.second, self.microsecond)
    def timestamp(self):
        return _mktime(self.year, self.month, self.day, self.hour, self.minute, self.second) + self.microsecond / 1000000
    def isoformat(self, sep="T"):
        s = "%04d-%02d-%02d%s%02d:%02d:%02d" % (self.year, self.month, self.day, sep, self.hour, self.minute, self.second)
        if self.microsecond:
            s += ".%06d" % self.microsecond
        return s
    def __str__(self):
        return self.isoformat(" ")
    def __repr__(self):
        parts = [self.year, self.month, self.day, self.hour, self.minute, self.second, self.microsecond]
        while len(parts) > 5 and parts[-1] == 0:
            parts.pop()
        if len(parts) == 5 and parts[4] == 0:
            parts.pop()
            if parts[3] == 0:
                pass
        return "datetime.datetime(" + ", ".join(str(p) for p in parts) + ")"
    def __sub__(self, other):
        if isinstance(other, timedelta):
            return datetime._from_us(self._us() - other._us())
        return timedelta(microseconds=self._us() - other._us())
    def __add__(self, other):
        return datetime._from_us(self._us() + other._us())
    __radd__ = __add__
    _order_kind = "datetime"
    _order_key = _us
    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None, microsecond=None):
        return datetime(self.year if year is None else year, self.month if month is None else month,
                        self.day if day is None else day, self.hour if hour is None else hour,
                        self.minute if minute is None else minute, self.second if second is None else second,
                        self.microsecond if microsecond is None else microsecond)

class time:
    def __init__(self, hour=0, minute=0, second=0, microsecond=0):
        self.hour = hour
        self.minute = minute
        self.second = second
        self.microsecond = microsecond
    def isoformat(self):
        s = "%02d:%02d:%02d" % (self.hour, self.minute, self.second)
        if self.microsecond:
            s += ".%06d" % self.microsecond
        return s
    def __str__(self):
        return self.isoformat()
    def strftime(self, fmt):
        return _strftime(datetime(1900, 1, 1, self.hour, self.minute, self.second, self.microsecond), fmt)

MINYEAR = 1
MAXYEAR = 9999
