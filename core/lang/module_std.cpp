// The `sys`, `time`, `random` and `datetime` modules.
#include "core/lang/interp_internal.h"
#include "core/lang/parser.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <cmath>
#include <ctime>
#include <thread>

namespace graphlens::lang {

void registerMathModule();

// Parsed per interpreter: the AST caches values (Node::userData) that belong to one interpreter,
// and interpreters may run on different threads.
void execSourceInDict(Interpreter& in, const std::string& src, const std::string& filename, DictObj* globals) {
    std::shared_ptr<ParsedModule> pm = parseModule(src, filename);
    in.m_modules.push_back(pm);
    Frame fr;
    fr.back = in.m_frame;
    fr.globals = globals;
    fr.source = pm->source;
    fr.name = "<module>";
    fr.scope = &pm->module->scope;
    Frame* prev = in.m_frame;
    in.m_frame = &fr;
    try {
        execBlock(in, fr, pm->module->body);
    } catch (...) {
        in.m_frame = prev;
        throw;
    }
    in.m_frame = prev;
}

namespace {

struct MT {
    uint32_t mt[624];
    int mti = 625;
    bool hasGauss = false;
    double gaussNext = 0;
    void initGenrand(uint32_t s) {
        mt[0] = s;
        for (mti = 1; mti < 624; mti++) mt[mti] = 1812433253u * (mt[mti - 1] ^ (mt[mti - 1] >> 30)) + uint32_t(mti);
    }
    void initByArray(const std::vector<uint32_t>& key) {
        initGenrand(19650218u);
        size_t i = 1, j = 0, k = 624 > key.size() ? 624 : key.size();
        for (; k; k--) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + uint32_t(j);
            i++; j++;
            if (i >= 624) { mt[0] = mt[623]; i = 1; }
            if (j >= key.size()) j = 0;
        }
        for (k = 623; k; k--) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
            i++;
            if (i >= 624) { mt[0] = mt[623]; i = 1; }
        }
        mt[0] = 0x80000000u;
        hasGauss = false;
    }
    uint32_t genrand() {
        static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
        uint32_t y;
        if (mti >= 624) {
            if (mti == 625) initGenrand(5489u);
            int kk;
            for (kk = 0; kk < 624 - 397; kk++) {
                y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
                mt[kk] = mt[kk + 397] ^ (y >> 1) ^ mag01[y & 0x1u];
            }
            for (; kk < 623; kk++) {
                y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
                mt[kk] = mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 0x1u];
            }
            y = (mt[623] & 0x80000000u) | (mt[0] & 0x7fffffffu);
            mt[623] = mt[396] ^ (y >> 1) ^ mag01[y & 0x1u];
            mti = 0;
        }
        y = mt[mti++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= (y >> 18);
        return y;
    }
    double random() {
        uint32_t a = genrand() >> 5, b = genrand() >> 6;
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }
    // k <= 64 here
    uint64_t getrandbits(int k) {
        if (k <= 32) return genrand() >> (32 - k);
        uint64_t lo = genrand();
        uint64_t hi = genrand() >> (64 - k);
        return lo | (hi << 32);
    }
    uint64_t randbelow(uint64_t n) {
        if (n == 0) return 0;
        int k = 64 - __builtin_clzll(n);
        uint64_t r = getrandbits(k);
        while (r >= n) r = getrandbits(k);
        return r;
    }
};

std::vector<uint32_t> seedKey(Interpreter& in, const Value& v) {
    Value x = v;
    if (x.isKind(ObjKind::Str)) {
        // CPython version 2 seeding: sha512 of the string; approximate with the str hash bytes
        x = Value::integer(hashString(x.as<StrObj>()->s) & INT64_MAX);
    } else if (x.isFloat()) {
        x = Value::integer(in.hash(x));
    }
    if (x.isBool()) x = Value::integer(x.asBool());
    if (x.isNone()) x = Value::integer(int64_t(std::chrono::system_clock::now().time_since_epoch().count()));
    if (!isIntLike(x)) x = Value::integer(in.hash(x));
    if (in.lessThan(x, Value::integer(0))) x = in.unaryOp(UnaryOpKind::USub, x);
    std::vector<uint32_t> key;
    Value mask = Value::integer(0xFFFFFFFF);
    while (in.truthy(x)) {
        key.push_back(uint32_t(in.binaryOp(BinOpKind::BitAnd, x, mask).asInt()));
        x = in.binaryOp(BinOpKind::RShift, x, Value::integer(32));
    }
    if (key.empty()) key.push_back(0);
    return key;
}

const char* kDatetimeSource = R"PY(
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
)PY";

Value tmTuple(const std::tm& t, int64_t micro) {
    return newTuple({Value::integer(t.tm_year + 1900), Value::integer(t.tm_mon + 1), Value::integer(t.tm_mday),
                     Value::integer(t.tm_hour), Value::integer(t.tm_min), Value::integer(t.tm_sec), Value::integer(micro)});
}

} // namespace

void fillRandom(DictObj* d, std::shared_ptr<MT> mt) {
        auto def = [&](const char* name, NativeFn fn) { d->setStr(name, newBuiltin(name, std::move(fn))); };
        def("seed", [mt](Interpreter& in, CallArgs& a) -> Value {
            mt->initByArray(seedKey(in, a.n ? a[0] : Value::none()));
            return Value::none();
        });
        def("random", [mt](Interpreter&, CallArgs&) -> Value { return Value::flt(mt->random()); });
        def("getrandbits", [mt](Interpreter& in, CallArgs& a) -> Value {
            int64_t k = in.toIndex(a[0]);
            if (k < 0) raise(types().ValueError, "number of bits must be non-negative");
            if (k <= 64) return bigFromString(std::to_string(mt->getrandbits(int(k))), 10, false);
            Value r = Value::integer(0);
            int64_t shift = 0;
            while (k > 0) {
                uint32_t w = mt->genrand();
                if (k < 32) w >>= (32 - k);
                r = in.binaryOp(BinOpKind::BitOr, r, in.binaryOp(BinOpKind::LShift, Value::integer(w), Value::integer(shift)));
                shift += 32;
                k -= 32;
            }
            return r;
        });
        auto randrange = [mt](Interpreter& in, int64_t start, int64_t stop, int64_t step) -> Value {
            if (step == 1) {
                if (stop <= start) raise(types().ValueError, "empty range for randrange() (" + std::to_string(start) + ", " + std::to_string(stop) + ", " + std::to_string(stop - start) + ")");
                return Value::integer(start + int64_t(mt->randbelow(uint64_t(stop - start))));
            }
            if (step == 0) raise(types().ValueError, "zero step for randrange()");
            int64_t n = step > 0 ? (stop - start + step - 1) / step : (stop - start + step + 1) / step;
            if (n <= 0) raise(types().ValueError, "empty range for randrange()");
            (void)in;
            return Value::integer(start + step * int64_t(mt->randbelow(uint64_t(n))));
        };
        def("randrange", [randrange](Interpreter& in, CallArgs& a) -> Value {
            auto idx = [&](const Value& v) {
                if (v.isFloat()) raise(types().TypeError, "'float' object cannot be interpreted as an integer");
                return in.toIndex(v);
            };
            if (a.n == 1) {
                int64_t stop = idx(a[0]);
                if (stop <= 0) raise(types().ValueError, "empty range for randrange()");
                return randrange(in, 0, stop, 1);
            }
            return randrange(in, idx(a[0]), idx(a[1]), a.n > 2 ? idx(a[2]) : 1);
        });
        def("randint", [randrange](Interpreter& in, CallArgs& a) -> Value {
            if (a.n != 2) raise(types().TypeError, "Random.randint() missing 1 required positional argument: 'b'");
            return randrange(in, in.toIndex(a[0]), in.toIndex(a[1]) + 1, 1);
        });
        def("choice", [mt](Interpreter& in, CallArgs& a) -> Value {
            int64_t n = in.len(a[0]);
            if (n == 0) raise(types().IndexError, "Cannot choose from an empty sequence");
            return in.getItem(a[0], Value::integer(int64_t(mt->randbelow(uint64_t(n)))));
        });
        def("shuffle", [mt](Interpreter&, CallArgs& a) -> Value {
            if (!a[0].isKind(ObjKind::List)) raise(types().TypeError, "shuffle() requires a list");
            auto& x = a[0].as<ListObj>()->items;
            for (size_t i = x.size(); i-- > 1;) {
                size_t j = size_t(mt->randbelow(uint64_t(i + 1)));
                std::swap(x[i], x[j]);
            }
            return Value::none();
        });
        def("sample", [mt](Interpreter& in, CallArgs& a) -> Value {
            std::vector<Value> pop = in.toVector(a[0]);
            const Value* kv = a.kwarg("k");
            int64_t k = a.n > 1 ? in.toIndex(a[1]) : kv ? in.toIndex(*kv) : 0;
            int64_t n = int64_t(pop.size());
            if (k < 0 || k > n) raise(types().ValueError, "Sample larger than population or is negative");
            std::vector<Value> result;
            result.resize(size_t(k));
            int64_t setsize = 21;
            if (k > 5) setsize += int64_t(std::pow(4.0, std::ceil(std::log(double(k * 3)) / std::log(4.0))));
            if (n <= setsize) {
                std::vector<Value> pool = pop;
                for (int64_t i = 0; i < k; ++i) {
                    int64_t j = int64_t(mt->randbelow(uint64_t(n - i)));
                    result[size_t(i)] = pool[size_t(j)];
                    pool[size_t(j)] = pool[size_t(n - i - 1)];
                }
            } else {
                std::vector<bool> sel(size_t(n), false);
                for (int64_t i = 0; i < k; ++i) {
                    int64_t j = int64_t(mt->randbelow(uint64_t(n)));
                    while (sel[size_t(j)]) j = int64_t(mt->randbelow(uint64_t(n)));
                    sel[size_t(j)] = true;
                    result[size_t(i)] = pop[size_t(j)];
                }
            }
            return newList(std::move(result));
        });
        def("choices", [mt](Interpreter& in, CallArgs& a) -> Value {
            std::vector<Value> pop = in.toVector(a[0]);
            const Value* kv = a.kwarg("k");
            const Value* wv = a.kwarg("weights");
            const Value* cw = a.kwarg("cum_weights");
            int64_t k = kv ? in.toIndex(*kv) : 1;
            std::vector<Value> out;
            if (!wv && !cw && a.n < 2) {
                double n = double(pop.size());
                for (int64_t i = 0; i < k; ++i) out.push_back(pop[size_t(std::floor(mt->random() * n))]);
                return newList(std::move(out));
            }
            std::vector<double> cum;
            if (cw) for (auto& w : in.toVector(*cw)) cum.push_back(in.toDouble(w));
            else {
                double acc = 0;
                for (auto& w : in.toVector(wv ? *wv : a[1])) { acc += in.toDouble(w); cum.push_back(acc); }
            }
            double total = cum.back();
            for (int64_t i = 0; i < k; ++i) {
                double r = mt->random() * total;
                size_t lo = size_t(std::upper_bound(cum.begin(), cum.end() - 1, r) - cum.begin());
                out.push_back(pop[lo]);
            }
            return newList(std::move(out));
        });
        def("getstate", [mt](Interpreter&, CallArgs&) -> Value {
            std::vector<Value> st;
            for (uint32_t w : mt->mt) st.push_back(Value::integer(w));
            st.push_back(Value::integer(mt->mti));
            return newTuple({Value::integer(3), newTuple(std::move(st)), mt->hasGauss ? Value::flt(mt->gaussNext) : Value::none()});
        });
        def("setstate", [mt](Interpreter& in, CallArgs& a) -> Value {
            auto parts = in.toVector(a[0]);
            auto st = in.toVector(parts[1]);
            for (size_t i = 0; i < 624; ++i) mt->mt[i] = uint32_t(st[i].asInt());
            mt->mti = int(st[624].asInt());
            mt->hasGauss = !parts[2].isNone();
            if (mt->hasGauss) mt->gaussNext = parts[2].asFloat();
            return Value::none();
        });
        def("uniform", [mt](Interpreter& in, CallArgs& a) -> Value {
            double x = in.toDouble(a[0]), y = in.toDouble(a[1]);
            return Value::flt(x + (y - x) * mt->random());
        });
        def("gauss", [mt](Interpreter& in, CallArgs& a) -> Value {
            double mu = a.n > 0 ? in.toDouble(a[0]) : 0, sigma = a.n > 1 ? in.toDouble(a[1]) : 1;
            double z;
            if (mt->hasGauss) { z = mt->gaussNext; mt->hasGauss = false; }
            else {
                double x2pi = mt->random() * 2 * M_PI;
                double g2rad = std::sqrt(-2.0 * std::log(1.0 - mt->random()));
                z = std::cos(x2pi) * g2rad;
                mt->gaussNext = std::sin(x2pi) * g2rad;
                mt->hasGauss = true;
            }
            return Value::flt(mu + z * sigma);
        });
        def("normalvariate", [mt](Interpreter& in, CallArgs& a) -> Value {
            double mu = a.n > 0 ? in.toDouble(a[0]) : 0, sigma = a.n > 1 ? in.toDouble(a[1]) : 1;
            const double NV_MAGICCONST = 4 * std::exp(-0.5) / std::sqrt(2.0);
            double z;
            for (;;) {
                double u1 = mt->random();
                double u2 = 1.0 - mt->random();
                z = NV_MAGICCONST * (u1 - 0.5) / u2;
                double zz = z * z / 4.0;
                if (zz <= -std::log(u2)) break;
            }
            return Value::flt(mu + z * sigma);
        });
    }

void registerGcModule();           // module_gc.cpp
void registerCollectionsModule();  // module_collections.cpp

void registerStdModules() {
    registerMathModule();
    registerGcModule();
    registerCollectionsModule();
    Interpreter::registerModule("sys", [](Interpreter& in, ModuleObj& m) {
        DictObj* d = m.d();
        auto def = [&](const char* name, NativeFn fn) { d->setStr(name, newBuiltin(name, std::move(fn))); };
        // stdout / stderr: instances of a small native class with write/flush
        static ClassObj* streamCls = [] {
            auto* c = new ClassObj("TextIOWrapper");
            c->rc = int64_t(1) << 40;
            c->cls = types().type;
            c->builtin = true;
            c->bases.push_back(types().object);
            c->mro = {c, types().object};
            addMethod(c, "write", [](Interpreter& inn, CallArgs& a) -> Value {
                if (a.n != 2) raise(types().TypeError, "write() takes exactly one argument");
                if (!a[1].isKind(ObjKind::Str)) raise(types().TypeError, std::string("write() argument must be str, not ") + typeName(inn, a[1]));
                bool err = a[0].identical(inn.impl().sysStderr);
                inn.write(err, a[1].as<StrObj>()->s);
                return Value::integer(a[1].as<StrObj>()->length());
            });
            addMethod(c, "flush", [](Interpreter&, CallArgs&) -> Value { return Value::none(); });
            addMethod(c, "isatty", [](Interpreter&, CallArgs&) -> Value { return Value::boolean(false); });
            return c;
        }();
        in.impl().sysStdout = Value::adopt(new NativeObj(streamCls, nullptr));
        in.impl().sysStderr = Value::adopt(new NativeObj(streamCls, nullptr));
        d->setStr("stdout", in.impl().sysStdout);
        d->setStr("stderr", in.impl().sysStderr);
        d->setStr("__stdout__", in.impl().sysStdout);
        d->setStr("__stderr__", in.impl().sysStderr);
        std::vector<Value> argv;
        for (auto& s : in.argv) argv.push_back(newStr(s));
        if (argv.empty()) argv.push_back(newStr(""));
        d->setStr("argv", newList(std::move(argv)));
        d->setStr("maxsize", Value::integer(INT64_MAX));
        d->setStr("version", newStr("3.11.0 (GraphLens)"));
        d->setStr("version_info", newTuple({Value::integer(3), Value::integer(11), Value::integer(0), newStr("final"), Value::integer(0)}));
        d->setStr("platform", newStr("linux"));
        d->setStr("byteorder", newStr("little"));
        d->setStr("path", newList());
        d->setStr("float_info", newTuple({Value::flt(1.7976931348623157e308), Value::integer(1024), Value::integer(308), Value::flt(2.2250738585072014e-308), Value::integer(-1021), Value::integer(-307), Value::integer(15), Value::integer(53), Value::flt(2.220446049250313e-16), Value::integer(2), Value::integer(1)}));
        def("getrecursionlimit", [](Interpreter& inn, CallArgs&) -> Value { return Value::integer(inn.limits.recursionLimit); });
        def("setrecursionlimit", [](Interpreter& inn, CallArgs& a) -> Value {
            int64_t n = inn.toIndex(a[0]);
            if (n < 1) raise(types().ValueError, "recursion limit must be greater or equal than 1");
            inn.limits.recursionLimit = int(std::min<int64_t>(n, 100000));
            return Value::none();
        });
        def("exit", [](Interpreter& inn, CallArgs& a) -> Value {
            Value arg = a.n ? a[0] : Value::none();
            raiseValue(inn.call(Value::object(types().SystemExit), &arg, 1));
        });
        def("getsizeof", [](Interpreter& inn, CallArgs& a) -> Value {
            if (a[0].isKind(ObjKind::List)) return Value::integer(56 + 8 * int64_t(a[0].as<ListObj>()->items.capacity()));
            if (a[0].isKind(ObjKind::Str)) return Value::integer(49 + int64_t(a[0].as<StrObj>()->s.size()));
            (void)inn;
            return Value::integer(28);
        });
        def("intern", [](Interpreter&, CallArgs& a) -> Value { return a[0]; });
    });
    Interpreter::registerModule("time", [](Interpreter&, ModuleObj& m) {
        DictObj* d = m.d();
        auto def = [&](const char* name, NativeFn fn) { d->setStr(name, newBuiltin(name, std::move(fn))); };
        auto wall = [] { return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count(); };
        auto mono = [] { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); };
        def("time", [wall](Interpreter&, CallArgs&) -> Value { return Value::flt(wall()); });
        def("time_ns", [](Interpreter&, CallArgs&) -> Value { return Value::integer(int64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count())); });
        def("perf_counter", [mono](Interpreter&, CallArgs&) -> Value { return Value::flt(mono()); });
        def("perf_counter_ns", [](Interpreter&, CallArgs&) -> Value { return Value::integer(int64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count())); });
        def("monotonic", [mono](Interpreter&, CallArgs&) -> Value { return Value::flt(mono()); });
        def("process_time", [](Interpreter&, CallArgs&) -> Value { return Value::flt(double(std::clock()) / CLOCKS_PER_SEC); });
        def("sleep", [](Interpreter& in, CallArgs& a) -> Value {
            double s = in.toDouble(a[0]);
            if (s < 0) raise(types().ValueError, "sleep length must be non-negative");
            auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(std::min(s, 60.0));
            while (std::chrono::steady_clock::now() < end) {
                in.checkLimits();
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
            return Value::none();
        });
        def("localtime", [wall](Interpreter& in, CallArgs& a) -> Value {
            std::time_t t = std::time_t(a.n ? in.toDouble(a[0]) : wall());
            std::tm tm{};
            localtime_r(&t, &tm);
            return tmTuple(tm, 0);
        });
        def("strftime", [wall](Interpreter& in, CallArgs& a) -> Value {
            std::time_t t = std::time_t(wall());
            std::tm tm{};
            localtime_r(&t, &tm);
            char buf[256];
            std::string fmt = in.str(a[0]);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
            size_t n = std::strftime(buf, sizeof buf, fmt.c_str(), &tm);
#pragma GCC diagnostic pop
            return newStr(std::string(buf, n));
        });
    });
    Interpreter::registerModule("random", [](Interpreter&, ModuleObj& m) {
        DictObj* d = m.d();
        auto mt = std::make_shared<MT>();
        {
            uint64_t s = uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
            mt->initByArray({uint32_t(s), uint32_t(s >> 32)});
        }
        fillRandom(d, mt);
        static ClassObj* randomCls = [] {
            auto* c = new ClassObj("Random");
            c->rc = int64_t(1) << 40;
            c->cls = types().type;
            c->builtin = true;
            c->bases.push_back(types().object);
            c->mro = {c, types().object};
            return c;
        }();
        d->setStr("Random", newBuiltin("Random", [](Interpreter& in, CallArgs& a) -> Value {
            auto own = std::make_shared<MT>();
            own->initByArray(seedKey(in, a.n ? a[0] : Value::none()));
            auto* obj = new NativeObj(randomCls, own);
            Value v = Value::adopt(obj);
            obj->dict = newDict();
            fillRandom(obj->dict.as<DictObj>(), own);
            return v;
        }));
    });
    Interpreter::registerModule("datetime", [](Interpreter& in, ModuleObj& m) {
        DictObj* d = m.d();
        d->setStr("_now", newBuiltin("_now", [](Interpreter&, CallArgs&) -> Value {
            auto now = std::chrono::system_clock::now();
            std::time_t t = std::chrono::system_clock::to_time_t(now);
            std::tm tm{};
            localtime_r(&t, &tm);
            int64_t micro = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() % 1000000;
            return tmTuple(tm, micro);
        }));
        d->setStr("_localtime", newBuiltin("_localtime", [](Interpreter& inn, CallArgs& a) -> Value {
            double ts = inn.toDouble(a[0]);
            std::time_t t = std::time_t(std::floor(ts));
            std::tm tm{};
            localtime_r(&t, &tm);
            return tmTuple(tm, int64_t(std::llround((ts - std::floor(ts)) * 1e6)));
        }));
        d->setStr("_mktime", newBuiltin("_mktime", [](Interpreter& inn, CallArgs& a) -> Value {
            std::tm tm{};
            tm.tm_year = int(inn.toIndex(a[0])) - 1900;
            tm.tm_mon = int(inn.toIndex(a[1])) - 1;
            tm.tm_mday = int(inn.toIndex(a[2]));
            tm.tm_hour = int(inn.toIndex(a[3]));
            tm.tm_min = int(inn.toIndex(a[4]));
            tm.tm_sec = int(inn.toIndex(a[5]));
            tm.tm_isdst = -1;
            return Value::flt(double(std::mktime(&tm)));
        }));
        execSourceInDict(in, kDatetimeSource, "<datetime>", d);
        // make reprs/qualnames say datetime.X
    });
}

} // namespace graphlens::lang
