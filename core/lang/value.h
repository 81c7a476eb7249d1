#pragma once
// GraphLens runtime values.
//
// Value is a 16-byte tagged union: Undef (internal "unbound"), None, Bool, Int (int64), Float
// (double) are unboxed; everything else is a pointer to a heap Object with an intrusive,
// non-atomic reference count. Objects that can hold references are also tracked by the running
// interpreter's Heap (heap.h), whose cycle collector frees unreachable reference cycles.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace graphlens::lang {

struct Object;
struct ClassObj;
struct StrObj;
struct DictObj;

enum class Tag : uint8_t { Undef, None, Bool, Int, Float, Obj };

enum class ObjKind : uint8_t {
    Str,
    Bytes,
    BigInt,
    List,
    Tuple,
    Dict,
    Set,
    FrozenSet,
    Range,
    Slice,
    Func,
    Builtin,
    BoundMethod,
    Class,
    Instance,
    Module,
    Cell,
    Iter,
    Property,
    StaticMethod,
    ClassMethod,
    Super,
    Singleton,
    Native,
    Generator,
};

struct Heap;
struct RefVisitor;
namespace detail {
// The running interpreter's heap on this thread (null: objects untracked). core/lang's own, as is
// tl_mem below: code outside it uses InterpreterScope and UntrackedScope (interp.h).
extern thread_local Heap* tl_heap;
} // namespace detail
void heapTrack(Heap* h, Object* o);
void heapUntrack(Object* o);

// Kinds that can hold references to other objects: the ones the cycle collector must see.
constexpr bool kindHoldsRefs(ObjKind k) {
    return k != ObjKind::Str && k != ObjKind::Bytes && k != ObjKind::BigInt && k != ObjKind::Range &&
        k != ObjKind::Singleton;
}

struct Object {
    int64_t rc = 0;
    ObjKind kind;
    uint32_t gcIndex = 0; // position in heap->objects
    ClassObj* cls = nullptr;
    Heap* heap = nullptr; // the heap tracking this object, if any
    explicit Object(ObjKind k, ClassObj* c)
        : kind(k)
        , cls(c) {
        if (detail::tl_heap && kindHoldsRefs(k)) heapTrack(detail::tl_heap, this);
    }
    virtual ~Object() {
        if (heap) heapUntrack(this);
    }
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;
    // Every reference this object owns that is visible to the collector (each Value field and
    // each counted raw pointer); references kept inside C++ closures stay invisible, which only
    // makes the collector more conservative.
    virtual void traverse(RefVisitor&) { }
    // Drops the references traverse() reports, to break a garbage cycle. The object must stay
    // safe to destroy afterwards.
    virtual void clearRefs() { }
    // Drops references held in opaque places (closures, native payloads, generator stacks);
    // only done when the interpreter shuts down.
    virtual void releaseOpaque() { }
};

void destroyObject(Object* o); // rc reached 0: finalize (generators) and delete
// Reference counts this high mark immortal objects: the process-wide builtin and native types,
// their method tables and what they reach (makeImmortal). Their counts are never written, so
// interpreters on several threads share them without a data race (as CPython 3.12's PEP 683).
constexpr int64_t kImmortalRc = int64_t(1) << 39;
inline void incref(Object* o) {
    if (o->rc < kImmortalRc) ++o->rc;
}
inline void decref(Object* o) {
    if (o->rc < kImmortalRc && --o->rc == 0) destroyObject(o);
}
// Makes `root` and every object it reaches (Object::traverse) immortal. Called once a
// process-wide object is complete, before any interpreter can share it.
void makeImmortal(Object* root);

class Value {
public:
    Value()
        : m_tag(Tag::Undef) {
        m_u.i = 0;
    }
    static Value none() {
        Value v;
        v.m_tag = Tag::None;
        return v;
    }
    static Value boolean(bool b) {
        Value v;
        v.m_tag = Tag::Bool;
        v.m_u.i = 0;
        v.m_u.b = b;
        return v;
    }
    static Value integer(int64_t i) {
        Value v;
        v.m_tag = Tag::Int;
        v.m_u.i = i;
        return v;
    }
    static Value flt(double d) {
        Value v;
        v.m_tag = Tag::Float;
        v.m_u.f = d;
        return v;
    }
    // Takes a new reference (increments).
    static Value object(Object* o) {
        Value v;
        v.m_tag = Tag::Obj;
        v.m_u.o = o;
        incref(o);
        return v;
    }
    // Adopts a freshly created object (rc 0 -> 1).
    template<class T> static Value adopt(T* o) { return object(o); }

    Value(const Value& o)
        : m_tag(o.m_tag)
        , m_u(o.m_u) {
        if (m_tag == Tag::Obj) incref(m_u.o);
    }
    Value(Value&& o) noexcept
        : m_tag(o.m_tag)
        , m_u(o.m_u) {
        o.m_tag = Tag::Undef;
    }
    Value& operator=(const Value& o) {
        if (o.m_tag == Tag::Obj) incref(o.m_u.o);
        release();
        m_tag = o.m_tag;
        m_u = o.m_u;
        return *this;
    }
    Value& operator=(Value&& o) noexcept {
        if (this != &o) {
            release();
            m_tag = o.m_tag;
            m_u = o.m_u;
            o.m_tag = Tag::Undef;
        }
        return *this;
    }
    ~Value() { release(); }

    Tag tag() const { return m_tag; }
    bool isUndef() const { return m_tag == Tag::Undef; }
    bool isNone() const { return m_tag == Tag::None; }
    bool isBool() const { return m_tag == Tag::Bool; }
    bool isInt() const { return m_tag == Tag::Int; }
    bool isFloat() const { return m_tag == Tag::Float; }
    bool isObj() const { return m_tag == Tag::Obj; }
    bool isKind(ObjKind k) const { return m_tag == Tag::Obj && m_u.o->kind == k; }
    bool asBool() const { return m_u.b; }
    int64_t asInt() const { return m_u.i; }
    double asFloat() const { return m_u.f; }
    Object* obj() const { return m_u.o; }
    template<class T> T* as() const { return static_cast<T*>(m_u.o); }
    // Identity (Python `is`).
    bool identical(const Value& o) const {
        if (m_tag != o.m_tag) return false;
        switch (m_tag) {
        case Tag::Undef:
        case Tag::None:
            return true;
        case Tag::Bool:
            return m_u.b == o.m_u.b;
        case Tag::Int:
            return m_u.i == o.m_u.i;
        case Tag::Float:
            return m_u.f == o.m_u.f || (m_u.f != m_u.f && o.m_u.f != o.m_u.f);
        case Tag::Obj:
            return m_u.o == o.m_u.o;
        }
        return false;
    }

private:
    void release() {
        if (m_tag == Tag::Obj) decref(m_u.o);
    }
    Tag m_tag;
    union U {
        bool b;
        int64_t i;
        double f;
        Object* o;
    } m_u;
};
static_assert(sizeof(Value) == 16);

struct RefVisitor {
    virtual void visit(Object* o) = 0;
    void operator()(const Value& v) {
        if (v.isObj()) visit(v.obj());
    }
    void operator()(Object* o) {
        if (o) visit(o);
    }

protected:
    ~RefVisitor() = default;
};

// Memory accounting (per thread: one interpreter runs on one thread at a time).
struct MemAccount {
    int64_t used = 0;
    int64_t limit = INT64_MAX;
};
namespace detail {
extern thread_local MemAccount* tl_mem; // the running interpreter's account (null: no cap)
} // namespace detail
[[noreturn]] void memExceeded(); // throws MemoryError
// Whether `n` more bytes fit under the running interpreter's cap (nothing is charged).
inline bool memFits(int64_t n) {
    MemAccount* m = detail::tl_mem;
    return !m || n <= 0 || m->used <= m->limit - n;
}
// Raises MemoryError unless `n` more bytes fit; charges nothing. For a size about to be allocated.
inline void memCheck(int64_t n) {
    if (!memFits(n)) memExceeded();
}
// Charges `n` bytes (n < 0 releases them). When n > 0 does not fit, raises MemoryError and charges
// nothing, so a caller that charges before it allocates leaves the account as it was.
inline void memAdd(int64_t n) {
    if (MemAccount* m = detail::tl_mem) {
        if (n > 0 && m->used > m->limit - n) memExceeded();
        m->used += n;
    }
}
// A vector<Value> that native code fills before it becomes a list or tuple (toVector, unpacking,
// displays): its capacity counts against the memory cap as it grows (charged before the vector
// reallocates, so a runaway iterable ends in MemoryError, not in the allocator) until `take()`
// hands the vector on, or the filler is destroyed.
class CountedValues {
public:
    CountedValues() = default;
    CountedValues(const CountedValues&) = delete;
    CountedValues& operator=(const CountedValues&) = delete;
    ~CountedValues() { release(); }
    void push(const Value& x) {
        if (m_v.size() == m_v.capacity()) grow(1);
        m_v.push_back(x);
    }
    void reserveMore(size_t extra) {
        if (m_v.capacity() - m_v.size() < extra) grow(extra);
    }
    size_t size() const { return m_v.size(); }
    std::vector<Value>& items() { return m_v; } // growth past the capacity is not counted
    std::vector<Value> take() {
        release();
        return std::move(m_v);
    }

private:
    void grow(size_t extra);
    void release() {
        if (m_acct) m_acct->used -= m_counted;
        m_counted = 0;
    }
    std::vector<Value> m_v;
    MemAccount* m_acct = detail::tl_mem;
    int64_t m_counted = 0;
};

// ---------------------------------------------------------------------------------------------
// Concrete objects

struct StrObj : Object {
    std::string s;
    mutable int64_t hashCache = -1;
    mutable int64_t cpLen = -1; // cached code point length
    explicit StrObj(std::string str);
    ~StrObj() override;
    int64_t length() const;
    bool isAscii() const { return length() == int64_t(s.size()); }
};

// bytes, or bytearray (same kind, class types().bytearray: mutable, unhashable).
struct BytesObj : Object {
    std::string s;
    explicit BytesObj(std::string b);
    BytesObj(std::string b, bool bytearray);
    ~BytesObj() override;
    bool isArray() const;
    void account(); // re-account the buffer after a bytearray grew or shrank
    int64_t accounted = 0;
};

// Arbitrary precision integer: sign + magnitude in base 2^32 (little endian). Always normalised
// (no leading zero limbs); values fitting int64 are kept as Value ints instead.
struct BigIntObj : Object {
    bool neg = false;
    std::vector<uint32_t> mag;
    BigIntObj();
    ~BigIntObj() override; // releases the magnitude's bytes (charged when it was made)
};

struct ListObj : Object {
    std::vector<Value> items;
    // An instance of a Python subclass of list: its __dict__ (Undef for a plain list). The
    // object then holds its class (cls, counted) as InstanceObj does.
    Value attrs;
    ListObj();
    explicit ListObj(std::vector<Value> v);
    ~ListObj() override;
    void account(); // re-account capacity after growth
    int64_t accounted = 0;
    // Appending: the capacity is charged before it grows (MemoryError when it does not fit).
    void push(const Value& v) {
        if (items.size() == items.capacity()) reserveMore(1);
        items.push_back(v);
    }
    void reserveMore(size_t extra); // capacity for `extra` more items, charged first
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

struct TupleObj : Object {
    std::vector<Value> items;
    TupleObj();
    explicit TupleObj(std::vector<Value> v);
    ~TupleObj() override;
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

// Insertion-ordered hash map with Python equality/hash semantics.
struct DictObj : Object {
    struct Entry {
        int64_t hash;
        Value key; // Undef = deleted
        Value value;
    };
    std::vector<Entry> entries;
    std::vector<int32_t> index; // -1 empty, -2 dummy, else entry index
    int64_t used = 0;
    Value attrs; // a dict subclass instance's __dict__ (Undef for a plain dict), as ListObj's
    DictObj();
    ~DictObj() override;
    Value* find(const Value& key); // nullptr if absent; may throw (unhashable / __eq__)
    Value* findStr(StrObj* key);   // fast path for string keys
    Value* findStr(std::string_view key);
    void set(const Value& key, const Value& value);
    void setStr(std::string_view key, const Value& value);
    bool erase(const Value& key);
    void clear();
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
    int64_t size() const { return used; }
    template<class F> void forEach(F&& f) const {
        for (auto& e : entries)
            if (!e.key.isUndef()) f(e.key, e.value);
    }

private:
    int64_t lookupIndex(const Value& key, int64_t hash, int64_t* slotOut);
    void rebuild(size_t minSize);
};

// Set/frozenset emulating CPython's set table so iteration order matches.
struct SetObj : Object {
    struct Entry {
        int64_t hash = 0;
        Value key; // Undef = empty; `dummy` marks deleted
        bool dummy = false;
    };
    std::vector<Entry> table;
    int64_t fill = 0, used = 0;
    explicit SetObj(bool frozen);
    ~SetObj() override;
    bool add(const Value& key); // true when inserted
    bool contains(const Value& key);
    bool discard(const Value& key);
    void clear();
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
    int64_t size() const { return used; }
    template<class F> void forEach(F&& f) const {
        for (auto& e : table)
            if (!e.key.isUndef() && !e.dummy) f(e.key);
    }

private:
    Entry* findEntry(const Value& key, int64_t hash);
    void insertClean(const Value& key, int64_t hash);
    void resize(int64_t minused);
};

// int64 bounds (fast path), or "big": bounds beyond int64 or a length beyond INT64_MAX, kept
// as int/bigint Values in bstart/bstop/bstep (start/stop/step unused). See object_range.cpp.
struct RangeObj : Object {
    int64_t start, stop, step;
    Value bstart, bstop, bstep; // Undef unless big
    RangeObj(int64_t a, int64_t b, int64_t c);
    RangeObj(Value a, Value b, Value c);
    bool big() const { return !bstart.isUndef(); }
    int64_t length() const; // int64 ranges only
};
// Element count of range(a, b, s) for int64 bounds (exact: it is below 2^64).
inline uint64_t rangeCount(int64_t a, int64_t b, int64_t s) {
    if (s > 0 && a < b) return (uint64_t(b) - uint64_t(a) - 1) / uint64_t(s) + 1;
    if (s < 0 && a > b) return (uint64_t(a) - uint64_t(b) - 1) / (uint64_t(0) - uint64_t(s)) + 1;
    return 0;
}

struct SliceObj : Object {
    Value start, stop, step;
    SliceObj(Value a, Value b, Value c);
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

struct CellObj : Object {
    Value value;
    CellObj();
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

class Interpreter;
struct CallArgs;
using NativeFn = std::function<Value(Interpreter&, CallArgs&)>;

struct BuiltinObj : Object {
    std::string name;
    NativeFn fn;
    Value self;                // bound receiver for builtin methods bound to a value (Undef when unbound)
    bool isMethod = false;     // defined in a type dict: binds self when looked up on an instance
    ClassObj* owner = nullptr; // the builtin type whose dict defines it (addMethod): self is checked
    BuiltinObj(std::string n, NativeFn f, bool method);
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
    void releaseOpaque() override;
};

struct ModuleObj : Object {
    std::string name;
    Value dict; // DictObj
    explicit ModuleObj(std::string n);
    DictObj* d() const { return dict.as<DictObj>(); }
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

struct InstanceObj : Object {
    Value dict; // DictObj (attributes)
    // An instance of a Python subclass of int, float or str: the builtin value it stands for
    // (Undef otherwise), which the builtin operations use where the class does not override them.
    Value base;
    explicit InstanceObj(ClassObj* c, ObjKind k = ObjKind::Instance);
    ~InstanceObj() override;
    DictObj* d() const { return dict.as<DictObj>(); }
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

struct TracebackEntry {
    std::shared_ptr<const struct SourceFile> source;
    uint32_t line = 0;
    std::string function;
};

// Instances of BaseException subclasses. `kind` is Instance so attribute access is uniform.
struct ExcObj : InstanceObj {
    Value args;           // TupleObj
    Value cause, context; // None or exception
    bool suppressContext = false;
    std::vector<TracebackEntry> tb;    // innermost first
    const void* lastTbFrame = nullptr; // frame of the last entry (no duplicates while unwinding)
    explicit ExcObj(ClassObj* c);
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

struct ClassObj : Object {
    std::string name;
    std::vector<ClassObj*> bases; // owned refs (kept alive via basesHold)
    std::vector<Value> basesHold;
    std::vector<ClassObj*> mro; // includes this
    Value dict;                 // DictObj
    Value metaHold;             // the metaclass (cls) when it is not `type`: a Python subclass of it
    bool builtin = false;
    bool isException = false;
    ObjKind instanceKind = ObjKind::Instance; // for builtin types: the kind of their instances
    bool hasCustomEq = false, hasCustomHash = false;
    bool hasDataDescriptors = false; // a property somewhere in the MRO
    bool hasCustomSetattr = false;   // a Python __setattr__ somewhere in the MRO
    // Native classes: optional attribute hooks (checked before the dict on instances).
    std::function<bool(Interpreter&, const Value& self, const std::string& name, Value& out)> getattrHook;
    std::function<bool(Interpreter&, const Value& self, const std::string& name, const Value& v)> setattrHook;
    explicit ClassObj(std::string n);
    DictObj* d() const { return dict.as<DictObj>(); }
    Value* lookup(std::string_view attr) const; // along the MRO
    bool isSubclassOf(const ClassObj* other) const;
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

struct FuncObj;
struct BoundMethodObj : Object {
    Value self, func;
    BoundMethodObj(Value s, Value f);
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

struct PropertyObj : Object {
    Value fget, fset, fdel, doc;
    PropertyObj();
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

struct WrapperObj : Object { // staticmethod / classmethod
    Value func;
    WrapperObj(ObjKind k, Value f);
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

struct SuperObj : Object {
    ClassObj* type; // the class super() was called in
    Value typeHold;
    Value self; // instance or class
    SuperObj(ClassObj* t, Value s);
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

struct SingletonObj : Object {
    std::string name;
    SingletonObj(std::string n, ClassObj* c);
};

// Generic iterator object driven by a C++ closure; returns Undef when exhausted.
struct IterObj : Object {
    std::function<Value(Interpreter&)> next;
    Value hold; // keeps the iterated container alive
    IterObj(std::function<Value(Interpreter&)> n, Value h);
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
    void releaseOpaque() override;
};

// Native objects for extension modules: a class plus an opaque payload.
struct NativeObj : Object {
    std::shared_ptr<void> payload;
    Value dict; // optional attribute dict (may be Undef)
    NativeObj(ClassObj* c, std::shared_ptr<void> p);
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
    void releaseOpaque() override;
};

// Convenience constructors
Value newStr(std::string s);
Value newList(std::vector<Value> v = {});
Value newTuple(std::vector<Value> v = {});
Value newDict();
Value newSet(bool frozen = false);

} // namespace graphlens::lang
