// Core object implementations: constructors, memory accounting, dict and set tables, hashing,
// float repr, builtin type objects.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/lang/interp_internal.h"
#include "core/numeric/format_float.h"

namespace graphlens::lang {

thread_local MemAccount* detail::tl_mem = nullptr;

// MemoryError() with no arguments, as CPython raises it when an allocation fails.
static Value newMemoryError() {
    Value e = makeException(types().MemoryError, "");
    static_cast<ExcObj*>(e.obj())->args = newTuple();
    return e;
}

void memExceeded() {
    MemAccount* m = detail::tl_mem;
    if (!m) raiseValue(newMemoryError());
    int64_t saved = m->limit;
    m->limit = INT64_MAX; // the exception itself must not be refused
    Value e = newMemoryError();
    m->limit = saved;
    raiseValue(e);
}

// Growing a buffer holds the old and the new one at once while the items move: the new one must
// fit beside everything charged (the old one included), though only the difference stays charged.
// So a container's growth cannot take real memory past the cap, whatever the rounding of doubling.
namespace {
// The capacity a vector of `size` items (capacity `cap`) grows to for `extra` more: doubling, as
// push_back does, or what is needed.
size_t grownCapacity(size_t cap, size_t size, size_t extra) {
    return std::max(cap * 2, size + extra);
}
} // namespace

void CountedValues::grow(size_t extra) {
    size_t cap = m_v.capacity();
    size_t nc = grownCapacity(cap, m_v.size(), extra);
    if (nc > m_v.max_size()) memExceeded();
    int64_t d = int64_t(nc - cap) * int64_t(sizeof(Value));
    if (m_acct) {
        int64_t whole = int64_t(nc) * int64_t(sizeof(Value)); // the new buffer beside the old one
        if (m_acct->used > m_acct->limit - whole) memExceeded();
        m_acct->used += d;
        m_counted += d;
    }
    try {
        m_v.reserve(nc);
    } catch (...) {
        if (m_acct) {
            m_acct->used -= d;
            m_counted -= d;
        }
        throw;
    }
}

StrObj::StrObj(std::string str)
    : Object(ObjKind::Str, types().str)
    , s(std::move(str)) {
    memAdd(int64_t(s.size()) + 48);
}
StrObj::~StrObj() {
    if (detail::tl_mem) detail::tl_mem->used -= int64_t(s.size()) + 48;
}
int64_t StrObj::length() const {
    if (cpLen < 0) {
        int64_t n = 0;
        for (unsigned char c : s)
            if ((c & 0xC0) != 0x80) ++n;
        cpLen = n;
    }
    return cpLen;
}
BytesObj::BytesObj(std::string b)
    : Object(ObjKind::Bytes, types().bytes)
    , s(std::move(b)) {
    account();
}
BytesObj::BytesObj(std::string b, bool bytearray)
    : Object(ObjKind::Bytes, bytearray ? types().bytearray : types().bytes)
    , s(std::move(b)) {
    account();
}
BytesObj::~BytesObj() {
    if (detail::tl_mem) detail::tl_mem->used -= accounted;
}
void BytesObj::account() {
    int64_t now = int64_t(s.capacity()) + 40;
    if (now != accounted) {
        memAdd(now - accounted);
        accounted = now;
    }
}
bool BytesObj::isArray() const {
    return cls == types().bytearray;
}
BigIntObj::BigIntObj()
    : Object(ObjKind::BigInt, types().int_) { }
BigIntObj::~BigIntObj() {
    if (detail::tl_mem) detail::tl_mem->used -= int64_t(mag.size()) * 4;
}

ListObj::ListObj()
    : Object(ObjKind::List, types().list) { }
ListObj::ListObj(std::vector<Value> v)
    : Object(ObjKind::List, types().list)
    , items(std::move(v)) {
    account();
}
ListObj::~ListObj() {
    if (detail::tl_mem) detail::tl_mem->used -= accounted;
    if (attrs.isObj()) { // a subclass instance holds its class (adoptSubclass)
        attrs = Value();
        decref(cls);
    }
}
void ListObj::account() {
    int64_t now = int64_t(items.capacity()) * 16 + 56;
    if (now != accounted) {
        memAdd(now - accounted);
        accounted = now;
    }
}
void ListObj::reserveMore(size_t extra) {
    size_t cap = items.capacity();
    if (cap - items.size() >= extra) return;
    size_t nc = grownCapacity(cap, items.size(), extra);
    if (nc > items.max_size()) memExceeded();
    int64_t before = accounted, now = int64_t(nc) * 16 + 56;
    memCheck(now); // the new buffer beside the old one
    memAdd(now - before);
    accounted = now;
    try {
        items.reserve(nc);
    } catch (...) {
        memAdd(before - now);
        accounted = before;
        throw;
    }
}
TupleObj::TupleObj()
    : Object(ObjKind::Tuple, types().tuple) { }
TupleObj::TupleObj(std::vector<Value> v)
    : Object(ObjKind::Tuple, types().tuple)
    , items(std::move(v)) {
    memAdd(int64_t(items.size()) * 16 + 56);
}
TupleObj::~TupleObj() {
    if (detail::tl_mem) detail::tl_mem->used -= int64_t(items.size()) * 16 + 56;
    // A namedtuple instance holds its (non-builtin) class (makeNamedTuple).
    if (cls && !cls->builtin) decref(cls);
}
RangeObj::RangeObj(int64_t a, int64_t b, int64_t c)
    : Object(ObjKind::Range, types().range)
    , start(a)
    , stop(b)
    , step(c) { }
RangeObj::RangeObj(Value a, Value b, Value c)
    : Object(ObjKind::Range, types().range)
    , start(0)
    , stop(0)
    , step(1)
    , bstart(std::move(a))
    , bstop(std::move(b))
    , bstep(std::move(c)) { }
int64_t RangeObj::length() const { // makeRange keeps the result within int64
    return int64_t(rangeCount(start, stop, step));
}
SliceObj::SliceObj(Value a, Value b, Value c)
    : Object(ObjKind::Slice, types().slice)
    , start(std::move(a))
    , stop(std::move(b))
    , step(std::move(c)) { }
CellObj::CellObj()
    : Object(ObjKind::Cell, types().cell) { }
BuiltinObj::BuiltinObj(std::string n, NativeFn f, bool method)
    : Object(ObjKind::Builtin, types().builtin_function)
    , name(std::move(n))
    , fn(std::move(f))
    , isMethod(method) { }
ModuleObj::ModuleObj(std::string n)
    : Object(ObjKind::Module, types().module)
    , name(std::move(n)) {
    dict = newDict();
    d()->setStr("__name__", newStr(name));
}
InstanceObj::InstanceObj(ClassObj* c, ObjKind k)
    : Object(k, c) {
    dict = newDict();
    incref(c);
}
InstanceObj::~InstanceObj() {
    ClassObj* c = cls;
    dict = Value();
    decref(c);
}
ExcObj::ExcObj(ClassObj* c)
    : InstanceObj(c) {
    args = newTuple();
    cause = Value::none();
    context = Value::none();
}
ClassObj::ClassObj(std::string n)
    : Object(ObjKind::Class, nullptr)
    , name(std::move(n)) {
    dict = newDict();
}
Value* ClassObj::lookup(std::string_view attr) const {
    for (ClassObj* c : mro)
        if (Value* v = c->d()->findStr(attr)) return v;
    return nullptr;
}
bool ClassObj::isSubclassOf(const ClassObj* other) const {
    for (ClassObj* c : mro)
        if (c == other) return true;
    return false;
}
BoundMethodObj::BoundMethodObj(Value s, Value f)
    : Object(ObjKind::BoundMethod, types().method)
    , self(std::move(s))
    , func(std::move(f)) { }
PropertyObj::PropertyObj()
    : Object(ObjKind::Property, types().property) { }
WrapperObj::WrapperObj(ObjKind k, Value f)
    : Object(k, k == ObjKind::StaticMethod ? types().staticmethod : types().classmethod)
    , func(std::move(f)) { }
SuperObj::SuperObj(ClassObj* t, Value s)
    : Object(ObjKind::Super, types().super)
    , type(t)
    , typeHold(Value::object(t))
    , self(std::move(s)) { }
SingletonObj::SingletonObj(std::string n, ClassObj* c)
    : Object(ObjKind::Singleton, c)
    , name(std::move(n)) { }
IterObj::IterObj(std::function<Value(Interpreter&)> n, Value h)
    : Object(ObjKind::Iter, types().iterator)
    , next(std::move(n))
    , hold(std::move(h)) { }
NativeObj::NativeObj(ClassObj* c, std::shared_ptr<void> p)
    : Object(ObjKind::Native, c)
    , payload(std::move(p)) { }

Value newStr(std::string s) {
    return Value::adopt(new StrObj(std::move(s)));
}
Value newList(std::vector<Value> v) {
    return Value::adopt(new ListObj(std::move(v)));
}
Value newTuple(std::vector<Value> v) {
    return Value::adopt(new TupleObj(std::move(v)));
}
Value newDict() {
    return Value::adopt(new DictObj());
}
Value newSet(bool frozen) {
    return Value::adopt(new SetObj(frozen));
}

// ---------------------------------------------------------------------------------------------
// Hashing (CPython's numeric hash; strings use FNV-1a, any fixed function will do)

static constexpr int64_t kModulus = (int64_t(1) << 61) - 1;

int64_t hashInt(int64_t i) {
    if (i == -1) return -2;
    if (i >= -kModulus + 1 && i < kModulus && i != INT64_MIN) {
        // fast path: |i| < modulus
        if (i >= 0) return i;
        return i;
    }
    bool neg = i < 0;
    uint64_t m = neg ? uint64_t(0) - uint64_t(i) : uint64_t(i);
    int64_t r = int64_t(m % uint64_t(kModulus));
    if (neg) r = -r;
    if (r == -1) r = -2;
    return r;
}

int64_t hashDouble(double v) {
    if (std::isinf(v)) return v > 0 ? 314159 : -314159;
    if (std::isnan(v)) return 0; // CPython uses object identity; 0 is fine here
    int e;
    double m = std::frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m) {
        x = ((x << 28) & uint64_t(kModulus)) | x >> (61 - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = uint64_t(m);
        m -= double(y);
        x += y;
        if (x >= uint64_t(kModulus)) x -= uint64_t(kModulus);
    }
    e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
    x = ((x << e) & uint64_t(kModulus)) | x >> (61 - e);
    int64_t r = int64_t(x) * sign;
    if (r == -1) r = -2;
    return r;
}

int64_t hashString(std::string_view s) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    int64_t r = int64_t(h >> 1);
    if (r == -1) r = -2;
    return r;
}

// ---------------------------------------------------------------------------------------------
// Float repr: CPython's, from core/numeric (the one home of it)

std::string floatRepr(double d) {
    return numeric::pythonFloatRepr(d);
}

// ---------------------------------------------------------------------------------------------
// Dict

DictObj::DictObj()
    : Object(ObjKind::Dict, types().dict) { }
DictObj::~DictObj() {
    if (detail::tl_mem) detail::tl_mem->used -= int64_t(entries.capacity()) * 40 + int64_t(index.size()) * 4;
    if (attrs.isObj()) {
        attrs = Value();
        decref(cls);
    }
}

static bool fastKeyEq(const Value& a, const Value& b, bool& decided) {
    decided = true;
    if (a.tag() == Tag::Obj && b.tag() == Tag::Obj) {
        if (a.obj() == b.obj()) return true;
        if (a.obj()->kind == ObjKind::Str && b.obj()->kind == ObjKind::Str)
            return a.as<StrObj>()->s == b.as<StrObj>()->s;
        decided = false;
        return false;
    }
    if (a.tag() == Tag::Obj || b.tag() == Tag::Obj) {
        decided = false;
        return false;
    }
    // numbers / None / bool
    auto num = [](const Value& v, double& d, int64_t& i, bool& isF) {
        switch (v.tag()) {
        case Tag::Bool:
            i = v.asBool();
            isF = false;
            return true;
        case Tag::Int:
            i = v.asInt();
            isF = false;
            return true;
        case Tag::Float:
            d = v.asFloat();
            isF = true;
            return true;
        default:
            return false;
        }
    };
    double da = 0, db = 0;
    int64_t ia = 0, ib = 0;
    bool fa = false, fb = false;
    bool na = num(a, da, ia, fa), nb = num(b, db, ib, fb);
    if (!na || !nb) return a.tag() == b.tag();
    if (!fa && !fb) return ia == ib;
    if (fa && fb) return da == db;
    if (fa) return da == double(ib) && std::floor(da) == da && da == da && int64_t(da) == ib;
    return db == double(ia) && int64_t(db) == ia;
}

static Interpreter*& curInterp() {
    static thread_local Interpreter* p = nullptr;
    return p;
}
Interpreter* currentInterpreter();
Interpreter* currentInterpreter() {
    return curInterp();
}
void setCurrentInterpreter(Interpreter* in);
void setCurrentInterpreter(Interpreter* in) {
    curInterp() = in;
    detail::tl_heap = in ? &InterpreterAccess::impl(*in).heap : nullptr;
}

static bool keyEq(const Value& a, const Value& b) {
    bool decided;
    bool r = fastKeyEq(a, b, decided);
    if (decided) return r;
    return curInterp()->eq(a, b);
}
static int64_t keyHash(const Value& k) {
    if (k.isKind(ObjKind::Str)) {
        auto* s = k.as<StrObj>();
        if (s->hashCache == -1) s->hashCache = hashString(s->s);
        return s->hashCache;
    }
    if (k.isInt()) return hashInt(k.asInt());
    return curInterp()->hash(k);
}

int64_t DictObj::lookupIndex(const Value& key, int64_t h, int64_t* slotOut) {
    if (index.empty()) {
        if (slotOut) *slotOut = -1;
        return -1;
    }
    size_t mask = index.size() - 1;
    uint64_t perturb = uint64_t(h);
    size_t i = size_t(h) & mask;
    int64_t freeslot = -1;
    for (;;) {
        int32_t ix = index[i];
        if (ix == -1) {
            if (slotOut) *slotOut = freeslot >= 0 ? freeslot : int64_t(i);
            return -1;
        }
        if (ix == -2) {
            if (freeslot < 0) freeslot = int64_t(i);
        } else {
            Entry& e = entries[size_t(ix)];
            if (e.hash == h && keyEq(e.key, key)) {
                if (slotOut) *slotOut = int64_t(i);
                return ix;
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

void DictObj::rebuild(size_t minSize) {
    // compact entries
    size_t sz = 8;
    while (sz < minSize) sz <<= 1;
    // The new index is charged before it is allocated: a MemoryError leaves the dict as it was.
    int64_t grow = (int64_t(sz) - int64_t(index.size())) * 4;
    memCheck(int64_t(sz) * 4); // the new index beside the old one
    memAdd(grow);
    try {
        std::vector<int32_t> fresh(sz, -1);
        index.swap(fresh);
    } catch (...) {
        memAdd(-grow);
        throw;
    }
    if (used != int64_t(entries.size())) {
        std::vector<Entry> ne;
        ne.reserve(size_t(used));
        for (auto& e : entries)
            if (!e.key.isUndef()) ne.push_back(std::move(e));
        int64_t released = (int64_t(entries.capacity()) - int64_t(ne.capacity())) * 40;
        entries.swap(ne);
        memAdd(-released);
    }
    size_t mask = sz - 1;
    for (size_t k = 0; k < entries.size(); ++k) {
        uint64_t perturb = uint64_t(entries[k].hash);
        size_t i = size_t(entries[k].hash) & mask;
        while (index[i] != -1) {
            perturb >>= 5;
            i = (i * 5 + perturb + 1) & mask;
        }
        index[i] = int32_t(k);
    }
}

Value* DictObj::find(const Value& key) {
    int64_t h = keyHash(key);
    int64_t ix = lookupIndex(key, h, nullptr);
    return ix < 0 ? nullptr : &entries[size_t(ix)].value;
}
Value* DictObj::findStr(StrObj* key) {
    if (key->hashCache == -1) key->hashCache = hashString(key->s);
    int64_t h = key->hashCache;
    if (index.empty()) return nullptr;
    size_t mask = index.size() - 1;
    uint64_t perturb = uint64_t(h);
    size_t i = size_t(h) & mask;
    for (;;) {
        int32_t ix = index[i];
        if (ix == -1) return nullptr;
        if (ix >= 0) {
            Entry& e = entries[size_t(ix)];
            if (e.hash == h && e.key.isKind(ObjKind::Str) && (e.key.obj() == key || e.key.as<StrObj>()->s == key->s))
                return &e.value;
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}
Value* DictObj::findStr(std::string_view key) {
    int64_t h = hashString(key);
    if (index.empty()) return nullptr;
    size_t mask = index.size() - 1;
    uint64_t perturb = uint64_t(h);
    size_t i = size_t(h) & mask;
    for (;;) {
        int32_t ix = index[i];
        if (ix == -1) return nullptr;
        if (ix >= 0) {
            Entry& e = entries[size_t(ix)];
            if (e.hash == h && e.key.isKind(ObjKind::Str) && e.key.as<StrObj>()->s == key) return &e.value;
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}
void DictObj::set(const Value& key, const Value& value) {
    int64_t h = keyHash(key);
    int64_t slot;
    int64_t ix = lookupIndex(key, h, &slot);
    if (ix >= 0) {
        entries[size_t(ix)].value = value;
        return;
    }
    if (index.empty() || (entries.size() + 1) * 3 >= index.size() * 2) {
        rebuild(size_t(used + 1) * 3);
        lookupIndex(key, h, &slot);
    }
    size_t cap = entries.capacity();
    if (entries.size() == cap) {                  // charged before the entries grow
        size_t nc = std::max<size_t>(cap * 2, 1); // as push_back grows
        memCheck(int64_t(nc) * 40);               // the new entries beside the old ones
        memAdd(int64_t(nc - cap) * 40);
        try {
            entries.reserve(nc);
        } catch (...) {
            memAdd(-int64_t(nc - cap) * 40);
            throw;
        }
    }
    entries.push_back(Entry{ h, key, value });
    index[size_t(slot)] = int32_t(entries.size() - 1);
    ++used;
}
void DictObj::setStr(std::string_view key, const Value& value) {
    // an existing key keeps its string (as d[k] = v keeps the first key); no new one is made
    if (Value* v = findStr(key)) {
        *v = value;
        return;
    }
    set(newStr(std::string(key)), value);
}
bool DictObj::erase(const Value& key) {
    int64_t h = keyHash(key);
    int64_t slot;
    int64_t ix = lookupIndex(key, h, &slot);
    if (ix < 0) return false;
    index[size_t(slot)] = -2;
    entries[size_t(ix)].key = Value();
    entries[size_t(ix)].value = Value();
    --used;
    if (ix == int64_t(entries.size()) - 1) {
        // keep trailing deleted entries out of the vector (not required)
    }
    return true;
}
void DictObj::clear() {
    // Released memory leaves the account now: the destructor only subtracts what is left.
    int64_t before = int64_t(entries.capacity()) * 40 + int64_t(index.size()) * 4;
    std::vector<Entry> drop;
    drop.swap(entries);
    index = std::vector<int32_t>();
    used = 0;
    if (detail::tl_mem) detail::tl_mem->used -= before;
}

// ---------------------------------------------------------------------------------------------
// Set (CPython setobject.c table discipline)

static constexpr int kLinearProbes = 9;

SetObj::SetObj(bool frozen)
    : Object(frozen ? ObjKind::FrozenSet : ObjKind::Set, frozen ? types().frozenset : types().set) {
    table.resize(8);
    memAdd(int64_t(table.size()) * 32); // the destructor releases what the table holds
}
SetObj::~SetObj() {
    if (detail::tl_mem) detail::tl_mem->used -= int64_t(table.size()) * 32;
}

bool SetObj::add(const Value& key) {
    int64_t h = keyHash(key);
    size_t mask = table.size() - 1;
    size_t i = size_t(h) & mask;
    uint64_t perturb = uint64_t(h);
    Entry* freeslot = nullptr;
    for (;;) {
        Entry* entry = &table[i];
        int probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
        do {
            if (entry->key.isUndef() && !entry->dummy) {
                if (freeslot) {
                    entry = freeslot;
                    --fill;
                }
                entry->key = key;
                entry->hash = h;
                entry->dummy = false;
                ++fill;
                ++used;
                if (size_t(fill) * 5 >= mask * 3) resize(used > 50000 ? used * 2 : used * 4);
                return true;
            }
            if (entry->dummy) {
                if (!freeslot) freeslot = entry;
            } else if (entry->hash == h && keyEq(entry->key, key)) {
                return false;
            }
            ++entry;
        } while (probes--);
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

void SetObj::insertClean(const Value& key, int64_t h) {
    size_t mask = table.size() - 1;
    size_t i = size_t(h) & mask;
    uint64_t perturb = uint64_t(h);
    for (;;) {
        Entry* entry = &table[i];
        if (entry->key.isUndef()) {
            entry->key = key;
            entry->hash = h;
            entry->dummy = false;
            return;
        }
        if (i + kLinearProbes <= mask) {
            for (int j = 0; j < kLinearProbes; ++j) {
                ++entry;
                if (entry->key.isUndef()) {
                    entry->key = key;
                    entry->hash = h;
                    entry->dummy = false;
                    return;
                }
            }
        }
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

void SetObj::resize(int64_t minused) {
    size_t newsize = 8;
    while (int64_t(newsize) <= minused) newsize <<= 1;
    // The new table is charged before it is allocated: a MemoryError leaves the set as it was.
    int64_t grow = int64_t(newsize) * 32 - int64_t(table.size()) * 32;
    memCheck(int64_t(newsize) * 32); // the new table beside the old one
    memAdd(grow);
    std::vector<Entry> old;
    try {
        std::vector<Entry> fresh(newsize);
        old.swap(table);
        table.swap(fresh);
    } catch (...) {
        memAdd(-grow);
        throw;
    }
    fill = used;
    for (auto& e : old)
        if (!e.key.isUndef() && !e.dummy) insertClean(e.key, e.hash);
}

// The live entry equal to `key` (hash `h`), or nullptr: CPython's probe sequence.
SetObj::Entry* SetObj::findEntry(const Value& key, int64_t h) {
    size_t mask = table.size() - 1;
    size_t i = size_t(h) & mask;
    uint64_t perturb = uint64_t(h);
    for (;;) {
        Entry* entry = &table[i];
        int probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
        do {
            if (entry->key.isUndef() && !entry->dummy) return nullptr;
            if (!entry->dummy && entry->hash == h && keyEq(entry->key, key)) return entry;
            ++entry;
        } while (probes--);
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

bool SetObj::contains(const Value& key) {
    return findEntry(key, keyHash(key)) != nullptr;
}

bool SetObj::discard(const Value& key) {
    Entry* entry = findEntry(key, keyHash(key));
    if (!entry) return false;
    entry->key = Value();
    entry->dummy = true;
    --used;
    return true;
}
void SetObj::clear() {
    std::vector<Entry> drop(8);
    drop.swap(table);
    fill = used = 0;
    if (detail::tl_mem) detail::tl_mem->used -= (int64_t(drop.size()) - int64_t(table.size())) * 32;
}

} // namespace graphlens::lang
