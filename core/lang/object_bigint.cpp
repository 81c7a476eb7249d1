// Arbitrary-precision integers (sign + base 2^32 magnitude). Multiplication is schoolbook below
// kKaratsubaCutoff limbs and Karatsuba above; division is Knuth's algorithm D. The long loops
// (multiplication, division, decimal conversion) check the run's limits as they go (WorkMeter):
// a script squaring a huge number ends at its timeout, cancellation or memory cap, not minutes
// later.
#include <algorithm>
#include <cmath>

#include "core/lang/interp_internal.h"
#include "core/lang/literals.h"

namespace graphlens::lang {

namespace {

// Counts limb operations; every kCheckEvery of them the running interpreter's limits are
// checked (Interpreter::checkLimits: step budget, wall clock, cancellation), which throws a
// LimitError out of the operation. Only while a script runs (a frame is current): a host that
// enters the interpreter after the run (InterpreterScope) gets no LimitError.
struct WorkMeter {
    static constexpr uint64_t kCheckEvery = uint64_t(1) << 22;
    uint64_t done = 0;
    void add(uint64_t units) {
        done += units;
        if (done >= kCheckEvery) {
            done = 0;
            if (Interpreter* in = currentInterpreter(); in && in->currentFrame()) in->checkLimits();
        }
    }
};
thread_local WorkMeter tl_meter;

constexpr size_t kKaratsubaCutoff = 48;
__extension__ typedef unsigned __int128 u128;
using Mag = std::vector<uint32_t>;
struct BI {
    bool neg = false;
    Mag mag;
};

void trim(Mag& m) {
    while (!m.empty() && m.back() == 0) m.pop_back();
}

BI fromValue(const Value& v) {
    BI r;
    if (v.isKind(ObjKind::BigInt)) {
        r.neg = v.as<BigIntObj>()->neg;
        r.mag = v.as<BigIntObj>()->mag;
        return r;
    }
    int64_t x = v.isBool() ? v.asBool() : v.asInt();
    r.neg = x < 0;
    uint64_t u = r.neg ? uint64_t(0) - uint64_t(x) : uint64_t(x);
    while (u) {
        r.mag.push_back(uint32_t(u));
        u >>= 32;
    }
    return r;
}

Value toValue(BI b) {
    trim(b.mag);
    if (b.mag.size() <= 2) {
        uint64_t u = b.mag.empty() ? 0 : b.mag[0];
        if (b.mag.size() == 2) u |= uint64_t(b.mag[1]) << 32;
        if (!b.neg && u <= uint64_t(INT64_MAX)) return Value::integer(int64_t(u));
        if (b.neg && u <= uint64_t(INT64_MAX) + 1) return Value::integer(int64_t(0 - u));
    }
    memAdd(int64_t(b.mag.size()) * 4); // charged first: nothing to undo when it does not fit
    auto* o = new BigIntObj();
    o->neg = b.neg && !b.mag.empty();
    o->mag = std::move(b.mag);
    return Value::adopt(o);
}

int cmpMag(const Mag& a, const Mag& b) {
    if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
    for (size_t i = a.size(); i-- > 0;)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}
Mag addMag(const Mag& a, const Mag& b) {
    Mag r(std::max(a.size(), b.size()) + 1, 0);
    uint64_t c = 0;
    for (size_t i = 0; i < r.size(); ++i) {
        uint64_t s = c + (i < a.size() ? a[i] : 0) + (i < b.size() ? b[i] : 0);
        r[i] = uint32_t(s);
        c = s >> 32;
    }
    trim(r);
    return r;
}
Mag subMag(const Mag& a, const Mag& b) { // a >= b
    Mag r(a.size(), 0);
    int64_t br = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        int64_t s = int64_t(a[i]) - (i < b.size() ? b[i] : 0) - br;
        br = s < 0;
        if (s < 0) s += int64_t(1) << 32;
        r[i] = uint32_t(s);
    }
    trim(r);
    return r;
}
// r[0, na + nb) = a * b (schoolbook); r must not overlap a or b.
void mulSchool(const uint32_t* a, size_t na, const uint32_t* b, size_t nb, uint32_t* r) {
    std::fill(r, r + na + nb, 0u);
    for (size_t i = 0; i < na; ++i) {
        uint64_t c = 0;
        for (size_t j = 0; j < nb; ++j) {
            uint64_t t = uint64_t(a[i]) * b[j] + r[i + j] + c;
            r[i + j] = uint32_t(t);
            c = t >> 32;
        }
        r[i + nb] = uint32_t(c);
    }
    tl_meter.add(uint64_t(na) * nb);
}
// acc[off, ...) += x[0, nx); acc is long enough for the carry.
void addInto(Mag& acc, size_t off, const uint32_t* x, size_t nx) {
    uint64_t c = 0;
    size_t i = 0;
    for (; i < nx; ++i) {
        uint64_t s = uint64_t(acc[off + i]) + x[i] + c;
        acc[off + i] = uint32_t(s);
        c = s >> 32;
    }
    for (size_t k = off + i; c && k < acc.size(); ++k) {
        uint64_t s = uint64_t(acc[k]) + c;
        acc[k] = uint32_t(s);
        c = s >> 32;
    }
}
// x -= y (x >= y), in place.
void subInPlace(Mag& x, const Mag& y) {
    int64_t br = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        int64_t s = int64_t(x[i]) - (i < y.size() ? y[i] : 0) - br;
        br = s < 0;
        if (s < 0) s += int64_t(1) << 32;
        x[i] = uint32_t(s);
        if (i >= y.size() && !br) break;
    }
}
Mag sumOf(const uint32_t* a, size_t na, const uint32_t* b, size_t nb) {
    if (na < nb) {
        std::swap(a, b);
        std::swap(na, nb);
    }
    Mag r(a, a + na);
    r.push_back(0);
    addInto(r, 0, b, nb);
    trim(r);
    return r;
}
size_t trimmedLen(const uint32_t* a, size_t n) {
    while (n && a[n - 1] == 0) --n;
    return n;
}
// a * b, untrimmed: na + nb limbs. Karatsuba above the cutoff.
Mag mulSpan(const uint32_t* a, size_t na, const uint32_t* b, size_t nb) {
    if (na < nb) {
        std::swap(a, b);
        std::swap(na, nb);
    }
    Mag r(na + nb, 0);
    if (nb == 0) return r;
    if (nb < kKaratsubaCutoff) {
        mulSchool(a, na, b, nb, r.data());
        return r;
    }
    if (2 * nb <= na) { // unbalanced: multiply b by nb-limb slices of a
        for (size_t off = 0; off < na; off += nb) {
            size_t n = std::min(nb, na - off);
            Mag part = mulSpan(a + off, n, b, nb);
            addInto(r, off, part.data(), trimmedLen(part.data(), part.size()));
        }
        return r;
    }
    size_t h = na / 2; // nb > h: both split into a low half of h limbs and a non-empty high part
    size_t a0 = trimmedLen(a, h), b0 = trimmedLen(b, h);
    Mag z0 = mulSpan(a, a0, b, b0);
    Mag z2 = mulSpan(a + h, na - h, b + h, nb - h);
    Mag sa = sumOf(a, a0, a + h, na - h), sb = sumOf(b, b0, b + h, nb - h);
    Mag z1 = mulSpan(sa.data(), sa.size(), sb.data(), sb.size());
    trim(z0);
    trim(z2);
    trim(z1);
    subInPlace(z1, z0);
    subInPlace(z1, z2);
    trim(z1);
    addInto(r, 0, z0.data(), z0.size());
    addInto(r, h, z1.data(), z1.size());
    addInto(r, 2 * h, z2.data(), z2.size());
    return r;
}
Mag mulMag(const Mag& a, const Mag& b) {
    if (a.empty() || b.empty()) return {};
    memCheck(int64_t(a.size() + b.size()) * 4); // the product's limbs, asked before they are allocated
    Mag r = mulSpan(a.data(), a.size(), b.data(), b.size());
    trim(r);
    return r;
}
uint32_t divSmall(Mag& a, uint32_t d) {
    tl_meter.add(a.size());
    uint64_t rem = 0;
    for (size_t i = a.size(); i-- > 0;) {
        uint64_t cur = (rem << 32) | a[i];
        a[i] = uint32_t(cur / d);
        rem = cur % d;
    }
    trim(a);
    return uint32_t(rem);
}
Mag shl(const Mag& a, size_t n) {
    if (a.empty()) return {};
    Mag r(n / 32, 0);
    unsigned bits = unsigned(n % 32);
    uint32_t carry = 0;
    for (uint32_t w : a) {
        r.push_back(bits ? (w << bits) | carry : w);
        carry = bits ? w >> (32 - bits) : 0;
    }
    r.push_back(carry);
    trim(r);
    return r;
}
Mag shr(const Mag& a, size_t n) {
    size_t words = n / 32;
    unsigned bits = unsigned(n % 32);
    if (words >= a.size()) return {};
    Mag r(a.begin() + long(words), a.end());
    if (bits) {
        for (size_t i = 0; i < r.size(); ++i) {
            r[i] >>= bits;
            if (i + 1 < r.size()) r[i] |= r[i + 1] << (32 - bits);
        }
    }
    trim(r);
    return r;
}
size_t bitLen(const Mag& a) {
    if (a.empty()) return 0;
    return (a.size() - 1) * 32 + (32 - size_t(__builtin_clz(a.back())));
}
void divModMag(const Mag& a, const Mag& b, Mag& q, Mag& r) {
    if (cmpMag(a, b) < 0) {
        q.clear();
        r = a;
        return;
    }
    if (b.size() == 1) {
        q = a;
        uint32_t rem = divSmall(q, b[0]);
        r.clear();
        if (rem) r.push_back(rem);
        return;
    }
    // Knuth's algorithm D (TAOCP 4.3.1), base 2^32: normalise so the divisor's top limb has its
    // high bit set, then one quotient limb per step from the top two limbs of the remainder.
    unsigned s = unsigned(__builtin_clz(b.back()));
    Mag v = shl(b, s), u = shl(a, s);
    size_t n = v.size();
    if (u.size() == a.size()) u.push_back(0);
    while (u.size() < a.size() + 1) u.push_back(0);
    size_t m = u.size() - n;
    q.assign(m, 0);
    const uint64_t B = uint64_t(1) << 32;
    for (size_t j = m; j-- > 0;) {
        uint64_t num = (uint64_t(u[j + n]) << 32) | u[j + n - 1];
        uint64_t qhat = num / v[n - 1], rhat = num % v[n - 1];
        while (qhat >= B || qhat * v[n - 2] > ((rhat << 32) | u[j + n - 2])) {
            --qhat;
            rhat += v[n - 1];
            if (rhat >= B) break;
        }
        int64_t borrow = 0;
        uint64_t carry = 0;
        for (size_t i = 0; i < n; ++i) {
            uint64_t p = qhat * v[i] + carry;
            carry = p >> 32;
            int64_t t = int64_t(u[i + j]) - int64_t(uint32_t(p)) - borrow;
            borrow = t < 0;
            u[i + j] = uint32_t(t);
        }
        int64_t t = int64_t(u[j + n]) - int64_t(carry) - borrow;
        u[j + n] = uint32_t(t);
        if (t < 0) { // qhat was one too large: add the divisor back
            --qhat;
            uint64_t c = 0;
            for (size_t i = 0; i < n; ++i) {
                uint64_t sum = uint64_t(u[i + j]) + v[i] + c;
                u[i + j] = uint32_t(sum);
                c = sum >> 32;
            }
            u[j + n] = uint32_t(uint64_t(u[j + n]) + c);
        }
        q[j] = uint32_t(qhat);
        tl_meter.add(n);
    }
    trim(q);
    u.resize(n);
    trim(u);
    r = shr(u, s);
}
BI add(const BI& a, const BI& b) {
    BI r;
    if (a.neg == b.neg) {
        r.neg = a.neg;
        r.mag = addMag(a.mag, b.mag);
        return r;
    }
    int c = cmpMag(a.mag, b.mag);
    if (c == 0) return r;
    if (c > 0) {
        r.neg = a.neg;
        r.mag = subMag(a.mag, b.mag);
    } else {
        r.neg = b.neg;
        r.mag = subMag(b.mag, a.mag);
    }
    return r;
}
BI negate(BI a) {
    if (!a.mag.empty()) a.neg = !a.neg;
    return a;
}
void floorDivMod(const BI& a, const BI& b, BI& q, BI& r) {
    Mag qm, rm;
    divModMag(a.mag, b.mag, qm, rm);
    q.neg = a.neg != b.neg;
    q.mag = qm;
    r.neg = a.neg;
    r.mag = rm;
    trim(q.mag);
    trim(r.mag);
    if (q.mag.empty()) q.neg = false;
    if (r.mag.empty()) r.neg = false;
    if (!r.mag.empty() && a.neg != b.neg) {
        q = add(q, fromValue(Value::integer(-1)));
        r = add(r, b);
    }
}
// two's complement helpers for bitwise ops on negative numbers
Mag toTwos(const BI& a, size_t words) {
    Mag m = a.mag;
    m.resize(words, 0);
    if (a.neg) {
        for (auto& w : m) w = ~w;
        for (auto& w : m) {
            if (++w != 0) break;
        }
    }
    return m;
}
BI fromTwos(Mag m) {
    BI r;
    if (!m.empty() && (m.back() & 0x80000000u)) {
        for (auto& w : m) w = ~w;
        for (auto& w : m) {
            if (++w != 0) break;
        }
        r.neg = true;
    }
    trim(m);
    r.mag = m;
    if (r.mag.empty()) r.neg = false;
    return r;
}
} // namespace

Value bigNormalize(BigIntObj* b) {
    BI x;
    x.neg = b->neg;
    x.mag = b->mag;
    return toValue(x);
}

Value bigFromString(std::string_view digits, int base, bool neg) {
    BI r;
    auto digitOf = [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10;
    };
    if ((base & (base - 1)) == 0) { // a power of two: the digits' bits, packed (linear time)
        unsigned bits = unsigned(__builtin_ctz(unsigned(base)));
        memCheck(int64_t(digits.size()) * bits / 8);
        uint64_t acc = 0;
        unsigned have = 0;
        for (size_t i = digits.size(); i-- > 0;) {
            if (digits[i] == '_') continue;
            acc |= uint64_t(digitOf(digits[i])) << have;
            have += bits;
            if (have >= 32) {
                r.mag.push_back(uint32_t(acc));
                acc >>= 32;
                have -= 32;
            }
        }
        if (have) r.mag.push_back(uint32_t(acc));
        trim(r.mag);
        r.neg = neg && !r.mag.empty();
        return toValue(r);
    }
    // Other bases: as many digits per step as a limb multiplier holds (9 decimal digits).
    uint32_t chunkMul = 1;
    int chunkLen = 0;
    while (uint64_t(chunkMul) * uint64_t(base) <= 0xFFFFFFFFull) {
        chunkMul *= uint32_t(base);
        ++chunkLen;
    }
    uint32_t acc = 0, mul = 1;
    int have = 0;
    auto flush = [&]() {
        // r = r * mul + acc
        uint64_t carry = acc;
        for (auto& w : r.mag) {
            uint64_t t = uint64_t(w) * mul + carry;
            w = uint32_t(t);
            carry = t >> 32;
        }
        if (carry) r.mag.push_back(uint32_t(carry));
        tl_meter.add(r.mag.size());
        acc = 0;
        mul = 1;
        have = 0;
    };
    for (char c : digits) {
        if (c == '_') continue;
        acc = acc * uint32_t(base) + uint32_t(digitOf(c));
        mul *= uint32_t(base);
        if (++have == chunkLen) flush();
    }
    if (have) flush();
    r.neg = neg && !r.mag.empty();
    return toValue(r);
}

std::string bigToString(const Value& v, int base) {
    BI a = fromValue(v);
    if (a.mag.empty()) return "0";
    if ((base & (base - 1)) == 0) { // a power of two: the bits, unpacked (linear time)
        unsigned bits = unsigned(__builtin_ctz(unsigned(base)));
        size_t nbits = bitLen(a.mag);
        std::string out;
        out.reserve(nbits / bits + 2);
        for (size_t pos = 0; pos < nbits; pos += bits) {
            uint32_t d = 0;
            for (unsigned k = 0; k < bits && pos + k < nbits; ++k)
                d |= ((a.mag[(pos + k) / 32] >> ((pos + k) % 32)) & 1u) << k;
            out += "0123456789abcdef"[d];
        }
        if (a.neg) out += '-';
        std::reverse(out.begin(), out.end());
        return out;
    }
    // CPython 3.11's int max str digits, checked as CPython does: first from the size (in 30-bit
    // digits) before converting, then the exact digit count (the sign not counted).
    Interpreter* in = currentInterpreter();
    int64_t limit = in ? in->limits().intMaxStrDigits : 4300;
    if (base == 10 && limit > 0 && int64_t((bitLen(a.mag) + 29) / 30) >= 10 * limit / (3 * 30) + 2)
        raise(types().ValueError, intDigitsLimitMessage(limit, 0));
    std::string out;
    Mag m = a.mag;
    uint32_t chunk = base == 10 ? 1000000000u : uint32_t(base);
    int chunkDigits = base == 10 ? 9 : 1;
    while (!m.empty()) {
        uint32_t rem = divSmall(m, chunk);
        for (int k = 0; k < chunkDigits; ++k) {
            out += "0123456789abcdef"[rem % uint32_t(base)];
            rem /= uint32_t(base);
            if (m.empty() && rem == 0) break;
        }
    }
    while (out.size() > 1 && out.back() == '0') out.pop_back();
    if (base == 10 && limit > 0 && int64_t(out.size()) > limit)
        raise(types().ValueError, intDigitsLimitMessage(limit, 0));
    if (a.neg) out += '-';
    std::reverse(out.begin(), out.end());
    return out;
}

double bigToDouble(const Value& v) {
    BI a = fromValue(v);
    double d = 0;
    for (size_t i = a.mag.size(); i-- > 0;) d = d * 4294967296.0 + a.mag[i];
    if (std::isinf(d)) raise(types().OverflowError, "int too large to convert to float");
    return a.neg ? -d : d;
}

Value bigFromDouble(double d) {
    if (std::isinf(d)) raise(types().OverflowError, "cannot convert float infinity to integer");
    if (std::isnan(d)) raise(types().ValueError, "cannot convert float NaN to integer");
    d = std::trunc(d);
    if (std::fabs(d) < 9.2e18) return Value::integer(int64_t(d));
    BI r;
    r.neg = d < 0;
    d = std::fabs(d);
    int e;
    double m = std::frexp(d, &e); // d = m * 2^e
    uint64_t mant = uint64_t(std::ldexp(m, 53));
    r.mag = { uint32_t(mant), uint32_t(mant >> 32) };
    trim(r.mag);
    r.mag = shl(r.mag, size_t(e - 53));
    return toValue(r);
}

int bigCompare(const Value& a, const Value& b) {
    if (a.isInt() && b.isInt()) return a.asInt() < b.asInt() ? -1 : a.asInt() > b.asInt() ? 1 : 0;
    BI x = fromValue(a), y = fromValue(b);
    if (x.neg != y.neg) return x.neg ? -1 : 1;
    int c = cmpMag(x.mag, y.mag);
    return x.neg ? -c : c;
}

int64_t bigHash(const Value& v) {
    BI a = fromValue(v);
    const uint64_t P = (uint64_t(1) << 61) - 1;
    uint64_t x = 0;
    for (size_t i = a.mag.size(); i-- > 0;) {
        // x = (x * 2^32 + w) mod P
        u128 t = (u128(x) << 32) + a.mag[i];
        x = uint64_t(t % P);
    }
    int64_t r = int64_t(x);
    if (a.neg) r = -r;
    if (r == -1) r = -2;
    return r;
}

Value bigNeg(const Value& v) {
    return toValue(negate(fromValue(v)));
}

Value bigBinary(Interpreter& in, BinOpKind op, const Value& av, const Value& bv) {
    (void)in;
    BI a = fromValue(av), b = fromValue(bv);
    switch (op) {
    case BinOpKind::Add:
        return toValue(add(a, b));
    case BinOpKind::Sub:
        return toValue(add(a, negate(b)));
    case BinOpKind::Mult: {
        BI r;
        r.mag = mulMag(a.mag, b.mag);
        r.neg = a.neg != b.neg;
        memAdd(0);
        return toValue(r);
    }
    case BinOpKind::FloorDiv:
    case BinOpKind::Mod: {
        if (b.mag.empty())
            raise(types().ZeroDivisionError,
                  op == BinOpKind::Mod ? "integer modulo by zero" : "integer division or modulo by zero");
        BI q, r;
        floorDivMod(a, b, q, r);
        return toValue(op == BinOpKind::FloorDiv ? q : r);
    }
    case BinOpKind::Div: {
        if (b.mag.empty()) raise(types().ZeroDivisionError, "division by zero");
        return Value::flt(bigToDouble(av) / bigToDouble(bv));
    }
    case BinOpKind::Pow: {
        if (b.neg) return Value::flt(std::pow(bigToDouble(av), bigToDouble(bv)));
        if (b.mag.size() > 1) memExceeded();
        uint64_t e = b.mag.empty() ? 0 : b.mag[0];
        if (detail::tl_mem && double(bitLen(a.mag)) * double(e) / 8 > double(detail::tl_mem->limit)) memExceeded();
        BI result;
        result.mag = { 1 };
        BI base = a;
        while (e) {
            if (e & 1) {
                result.mag = mulMag(result.mag, base.mag);
                result.neg = result.neg != base.neg;
            }
            e >>= 1;
            if (e) {
                base.mag = mulMag(base.mag, base.mag);
                base.neg = false;
            }
            in.step();
        }
        return toValue(result);
    }
    case BinOpKind::LShift: {
        if (b.neg) raise(types().ValueError, "negative shift count");
        if (b.mag.size() > 1 || (b.mag.size() == 1 && b.mag[0] > (1u << 26)))
            raise(types().OverflowError, "too many digits in integer");
        BI r = a;
        r.mag = shl(a.mag, b.mag.empty() ? 0 : b.mag[0]);
        return toValue(r);
    }
    case BinOpKind::RShift: {
        if (b.neg) raise(types().ValueError, "negative shift count");
        size_t n = b.mag.size() > 1 ? SIZE_MAX / 2 : (b.mag.empty() ? 0 : b.mag[0]);
        if (!a.neg) {
            BI r;
            r.mag = shr(a.mag, n);
            return toValue(r);
        }
        // floor for negatives: -((|a| - 1) >> n) - 1
        BI t = add(a, fromValue(Value::integer(1))); // a + 1 (negative or zero)
        BI r;
        r.mag = shr(t.mag, n);
        r.neg = false;
        return toValue(add(negate(r), fromValue(Value::integer(-1))));
    }
    case BinOpKind::BitAnd:
    case BinOpKind::BitOr:
    case BinOpKind::BitXor: {
        size_t words = std::max(a.mag.size(), b.mag.size()) + 1;
        Mag x = toTwos(a, words), y = toTwos(b, words), r(words);
        for (size_t i = 0; i < words; ++i)
            r[i] = op == BinOpKind::BitAnd ? (x[i] & y[i]) : op == BinOpKind::BitOr ? (x[i] | y[i]) : (x[i] ^ y[i]);
        return toValue(fromTwos(r));
    }
    default:
        break;
    }
    raise(types().TypeError, "unsupported operand type(s) for int operation");
}

} // namespace graphlens::lang
