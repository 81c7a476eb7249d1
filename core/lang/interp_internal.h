#pragma once
// Internal declarations shared by the interpreter's translation units.
#include <optional>
#include <string>
#include <unordered_map>

#include "core/lang/heap.h"
#include "core/lang/interp.h"
#include "core/lang/repr.h"

namespace graphlens::lang {

// A non-Python error that ends the run (step budget, wall clock, cancellation). Not catchable by
// scripts; `finally` blocks do not run for it.
struct LimitError {
    std::string type; // "StepLimitExceeded", "TimeoutError", "Cancelled"
    std::string message;
    std::string trace; // "Traceback ..." lines captured where the limit hit
};

// SystemExit raised by sys.exit travels as a normal PyError.

enum class Flow : uint8_t { Normal, Return, Break, Continue };

struct Interpreter::Impl {
    Heap heap;                                     // first: outlives every value below
    std::unordered_map<ClassObj*, NativeFn> ctors; // builtin type constructors
    Value* stack = nullptr;                        // fast-locals stack (calloc'ed: all Undef)
    size_t stackSize = 0, sp = 0;
    Value sysStdout, sysStderr;
    Value sysModule;
};

// core/lang's own access to the interpreter's private state (Interpreter befriends it).
struct InterpreterAccess {
    static Interpreter::Impl& impl(Interpreter& in) { return *in.m_impl; }
    static Frame*& frame(Interpreter& in) { return in.m_frame; }
    static int& depth(Interpreter& in) { return in.m_depth; }
    static char*& stackBase(Interpreter& in) { return in.m_stackBase; } // native stack budget's origin
    static Limits& limits(Interpreter& in) { return in.m_limits; }      // writable (generators, sys)
    static std::vector<Value>& handling(Interpreter& in) { return in.m_handling; }
    static std::shared_ptr<void>& fileState(Interpreter& in) { return in.m_fileState; }
    [[noreturn]] static void recursionError(Interpreter& in) { in.recursionError(); }
    static void checkNativeStack(Interpreter& in) { in.checkNativeStack(); }
};

// Sets the interpreter of this thread and its heap (not its memory account: runModule and
// InterpreterScope do that too).
void setCurrentInterpreter(Interpreter* in);

// eval / exec (interp_eval.cpp, interp_exec.cpp)
Value evalExpr(Interpreter& in, Frame& f, const Expr* e);
Flow execBlock(Interpreter& in, Frame& f, const StmtList& body);
void assignTo(Interpreter& in, Frame& f, const Expr* target, const Value& v);
Value makeFunction(Interpreter& in, Frame& f, const Node* def, const std::string& name, const Arguments& args,
                   const ScopeInfo& scope);
StrObj* internName(const Node* n, const std::string& s); // cached str for a Name/Attribute
Value loadName(Interpreter& in, Frame& f, const Name* n);
Value runComprehension(Interpreter& in, Frame& f, const Expr* e);
void bindArguments(Interpreter& in, FuncObj* fn, CallArgs& a, Value* locals);
void addTraceback(Value& exc, const Frame& fr); // once per frame
Value callClass(Interpreter& in, ClassObj* c, CallArgs& a);
Value buildClass(Interpreter& in, Frame& f, const ClassDef* cd);
std::vector<ClassObj*> computeMro(ClassObj* c);
using KwList = std::vector<std::pair<std::string, Value>>;
// Class creation (interp_class.cpp): the metaclass a class statement uses, type.__new__'s work,
// a call of a metaclass (M.__new__ then M.__init__), type(name, bases, ns).
ClassObj* calculateMeta(ClassObj* meta, const std::vector<Value>& bases);
Value makeClass(Interpreter& in, ClassObj* meta, const std::string& name, const std::vector<Value>& bases,
                const Value& ns, const KwList* kw);
Value callMetaclass(Interpreter& in, ClassObj* m, CallArgs& a);
Value typeCall3(Interpreter& in, CallArgs& a);
void initClassTypeMethods();
// Sets a class attribute after creation, keeping the class's fast-path flags true (a dataclass
// adds __eq__, __hash__ and __setattr__ to a finished class).
void setClassAttr(ClassObj* c, std::string_view name, const Value& v);
Value classGetAttr(Interpreter& in, const Value& cls, std::string_view name); // Undef: no such attribute
Value superGetAttr(Interpreter& in, const Value& sup, std::string_view name);
Value descriptorGetAttr(Interpreter& in, const Value& d, std::string_view name); // property/static/classmethod
void classSetAttr(Interpreter& in, const Value& cls, std::string_view name, const Value& v);
bool classDelAttr(Interpreter& in, const Value& cls, std::string_view name);
Value classGetItem(Interpreter& in, const Value& cls, const Value& key); // Undef: the usual lookup
// An attribute found on `owner` (the type of `self`) as `self.name` gives it: functions bound,
// static/class methods unwrapped, a Python descriptor's __get__ called (interp_ops.cpp).
Value bindAttr(Interpreter& in, const Value& self, const Value& attr, ClassObj* owner);
// A Python-level data descriptor: an instance whose class defines __get__ with __set__ or
// __delete__; it takes precedence over the instance dict.
inline bool isDataDescriptor(const Value& v) {
    if (!v.isKind(ObjKind::Instance)) return false;
    ClassObj* c = v.obj()->cls;
    return c->lookup("__get__") && (c->lookup("__set__") || c->lookup("__delete__"));
}
// A class's __setattr__ that is not object's own: a Python function, or a builtin assigned to it
// (`__setattr__ = dict.__setitem__`).
inline bool overridesSetattr(const Value* sa) {
    return sa &&
        (sa->isKind(ObjKind::Func) ||
         (sa->isKind(ObjKind::Builtin) && sa->as<BuiltinObj>()->owner &&
          sa->as<BuiltinObj>()->owner != types().object));
}
inline bool definesDescriptorWrite(const Value& v) {
    return v.isKind(ObjKind::Instance) && (v.obj()->cls->lookup("__set__") || v.obj()->cls->lookup("__delete__"));
}
// A module or class body with annotated assignments starts with an empty __annotations__.
inline void setupAnnotations(const ScopeInfo* sc, DictObj* ns) {
    if (sc && sc->hasAnnotations && !ns->findStr("__annotations__")) ns->setStr("__annotations__", newDict());
}
// Function attributes CPython has and FuncObj keeps apart (__defaults__, __code__, ...;
// class_support.cpp): false when `name` is not one of them.
bool funcSpecialAttr(Interpreter& in, FuncObj* fn, std::string_view name, Value& out);
bool funcSetSpecialAttr(Interpreter& in, FuncObj* fn, std::string_view name, const Value& v);
// `int | None` (type.__or__ / __ror__): a types.UnionType, or Undef when the operands are not
// both types (or None, generic aliases, unions) and the usual dunders decide.
Value typeUnion(Interpreter& in, const Value& a, const Value& b);
Value builtinClassGetitem(Interpreter& in, const Value& cls, const Value& key);  // list[int]: types.GenericAlias
Value evalFunctionAnnotations(Interpreter& in, Frame& f, const FunctionDef* fd); // Undef: none

ClassObj* iterClass(const std::string& name);   // named builtin iterator types (list_iterator, map, ...)
Value withClass(Value v, const char* name);     // sets an IterObj's class
std::string asciiRepr(const std::string& repr); // ascii(): escape non-ASCII

// generators (interp_gen.cpp)
Value makeGenerator(const std::string& name, const std::string& qualname, std::function<Value(Interpreter&)> body);
void genSetFrame(Frame* f);
Value genYield(Interpreter& in, Value v);
Value genYieldFrom(Interpreter& in, const Value& src);
Value genNext(Interpreter& in, const Value& gen); // Undef when exhausted
std::string genRepr(const Value& gen);
void initGeneratorMethods();
void initBytearrayMethods();                      // after initStrMethods (copies the bytes methods)
Value bytearrayNew(Interpreter& in, CallArgs& a); // bytearray(...)
void bytearraySetItem(Interpreter& in, BytesObj* b, const Value& key, const Value& v);
void bytearrayDelItem(Interpreter& in, BytesObj* b, const Value& key);
// Ranges (object_range.cpp); the range* helpers handle int64 and big ranges alike.
Value makeRange(Interpreter& in, const Value& start, const Value& stop, const Value& step);
Value rangeStart(const RangeObj* r);
Value rangeStop(const RangeObj* r);
Value rangeStep(const RangeObj* r);
Value rangeLenValue(Interpreter& in, const RangeObj* r);
int64_t rangeLen(Interpreter& in, const RangeObj* r); // OverflowError beyond sys.maxsize
Value rangeGetItem(Interpreter& in, const Value& r, const Value& key);
bool rangeContainsInt(Interpreter& in, const RangeObj* r, const Value& x); // x int-like
bool rangeEq(Interpreter& in, const RangeObj* x, const RangeObj* y);
std::string rangeRepr(const RangeObj* r);
Value rangeIter(Interpreter& in, const Value& r, bool reversed);
Value rangeIndex(Interpreter& in, const RangeObj* r, const Value& x); // x in r, int-like

// builtins (builtins_*.cpp), modules (module_*.cpp)
void initBuiltins(Interpreter& in, DictObj* b);
void initTypeMethods(); // str/list/dict/... methods into the type dicts
void initContainerMethods();
void initStrMethods();
void registerStdModules();
// An exception's report as the traceback module formats it: `limit` entries of each traceback
// (n > 0 the outermost, n < 0 the innermost; none: all), `chain` with causes and contexts.
std::string formatExceptionAs(Interpreter& in, const Value& exc, std::optional<int> limit, bool chain);
// OSError's arguments and str() (os_error.cpp); the subclass CPython maps an errno to.
void initOSErrorMethods();
void initComplexMethods();                                            // object_complex.cpp
Value callComplex(Interpreter& in, CallArgs& a);                      // complex(...)
bool osErrorStr(Interpreter& in, const Value& exc, std::string& out); // false: not errno-style
ClassObj* osErrorSubclass(int64_t err);
// bytes.decode: `data` in `encoding` (utf-8 when Undef; also utf-8-sig, ascii, latin-1) with
// CPython's error handlers and UnicodeDecodeError messages (module_os.cpp's codecs).
Value decodeBytes(Interpreter& in, const std::string& data, const Value& encoding, const std::string& errors);
// The modules of core/lang/python/stdlib, sorted (module_stdlib.cpp).
std::vector<std::string> stdlibModuleNames();
std::string formatSpec(Interpreter& in, const Value& v, const std::string& spec);
std::string percentFormat(Interpreter& in, const std::string& fmt, const Value& args);
Value strGetItem(Interpreter& in, StrObj* s, const Value& key);
Value seqGetItem(Interpreter& in, const Value& seq, const Value& key); // list or tuple, no override
void listSetItem(Interpreter& in, ListObj* l, const Value& key, const Value& v);
void listDelItem(Interpreter& in, ListObj* l, const Value& key);
bool listContains(Interpreter& in, ListObj* l, const Value& item);
Value builtinIter(Interpreter& in, const Value& v); // v an object; no subclass __iter__ lookup

// Python subclasses of dict and list (builtin_subclass.cpp)
// The instance's own __dict__ when v is an instance of a subclass of dict or list, else null.
inline DictObj* subclassAttrs(const Value& v) {
    if (!v.isObj()) return nullptr;
    const Value* a = v.obj()->kind == ObjKind::Dict ? &v.as<DictObj>()->attrs
        : v.obj()->kind == ObjKind::List            ? &v.as<ListObj>()->attrs
                                                    : nullptr;
    return a && a->isObj() ? a->as<DictObj>() : nullptr;
}
Value newBuiltinSubclassInstance(ClassObj* c, ClassObj* base); // empty; c == base: a plain one
// The builtin value an instance of a Python subclass of int, float or str stands for
// (InstanceObj::base), or null for any other value.
inline const Value* boxedBase(const Value& v) {
    if (!v.isKind(ObjKind::Instance)) return nullptr;
    const Value& b = v.as<InstanceObj>()->base;
    return b.isUndef() ? nullptr : &b;
}
inline Value unboxed(const Value& v) {
    const Value* b = boxedBase(v);
    return b ? *b : v;
}
Value callBoxedSubclass(Interpreter& in, ClassObj* c, ClassObj* base,
                        CallArgs& a); // C(...), C an int/float/str subclass
// The special method `name` bound to self when self's class overrides it (a class before the
// builtin base in its MRO defines it); Undef when the builtin's own applies.
Value subclassSpecial(Interpreter& in, const Value& self, std::string_view name);
Value callBuiltinSubclass(Interpreter& in, ClassObj* c, ClassObj* base, CallArgs& a); // C(...)
Value dictGetItemOrMissing(Interpreter& in, const Value& d, const Value& key);        // d[key], __missing__
Value plainBuiltinCopy(const Value& v); // a plain dict or list with v's items (shallow)
void initBuiltinSubclassMethods();
bool sliceIndices(Interpreter& in, SliceObj* s, int64_t len, int64_t& start, int64_t& stop, int64_t& step,
                  int64_t& count);
Value intFromString(Interpreter& in, std::string_view s, int base);
Value floatFromString(Interpreter& in, std::string_view s);
[[noreturn]] void throwLimit(const std::string& type, const std::string& msg); // a LimitError

// bigint (object_bigint.cpp)
Value bigFromString(std::string_view digits, int base, bool neg);
Value bigBinary(Interpreter& in, BinOpKind op, const Value& a, const Value& b); // int/bigint
int bigCompare(const Value& a, const Value& b);                                 // -1/0/1 for int/bigint operands
std::string bigToString(const Value& v, int base);
double bigToDouble(const Value& v);
Value bigFromDouble(double d);
int64_t bigHash(const Value& v);
Value bigNeg(const Value& v);
Value bigNormalize(BigIntObj* b); // int if it fits
bool isIntLike(const Value& v);   // bool, int, bigint

inline const char* typeName(Interpreter& in, const Value& v) {
    return in.typeOf(v)->name.c_str();
}

} // namespace graphlens::lang
