// The native classes shared by the tensorflow and numpy modules, dtypes, and conversion of Python
// values to tensors with TensorFlow's and numpy's rules.
#include <atomic>
#include <cmath>
#include <cstring>
#include <mutex>

#include "core/eager/internal.h"
#include "core/numeric/float16.h"
#include "core/ops/array_view.h"

namespace graphlens::eager {

using namespace lang;

Classes& classes() {
    // Immortal, as the classes it holds are: interpreters may run until the process ends, and the
    // pointer keeps them reachable for LeakSanitizer.
    static Classes* c = new Classes;
    return *c;
}

namespace {
std::vector<ClassObj*>& processClasses() {
    static auto* v = new std::vector<ClassObj*>;
    return *v;
}
} // namespace

void noteProcessClass(ClassObj* c) {
    processClasses().push_back(c);
}

void makeProcessClassesImmortal() {
    for (ClassObj* c : processClasses()) makeImmortal(c);
    auto& C = classes();
    for (const Value& v : C.tfDtypes)
        if (v.isObj()) makeImmortal(v.obj());
    for (const Value& v : C.npDtypes)
        if (v.isObj()) makeImmortal(v.obj());
}

ClassObj* makeClass(const std::string& name, ClassObj* base) {
    auto* c = new ClassObj(name);
    noteProcessClass(c);
    c->rc = int64_t(1) << 40; // immortal, process-wide
    c->cls = types().type;
    c->builtin = false;
    c->instanceKind = ObjKind::Native;
    ClassObj* b = base ? base : types().object;
    c->bases.push_back(b);
    c->basesHold.push_back(Value::object(b));
    c->mro.push_back(c);
    c->mro.insert(c->mro.end(), b->mro.begin(), b->mro.end());
    c->d()->setStr("__qualname__", newStr(name));
    return c;
}

void setStaticDunder(ClassObj* c, const std::string& name, NativeFn fn) {
    c->d()->setStr(name, Value::adopt(new WrapperObj(ObjKind::StaticMethod, newBuiltin(name, std::move(fn)))));
    if (name == "__eq__" || name == "__ne__") c->hasCustomEq = true;
}

void setMethod(ClassObj* c, const std::string& name, NativeFn fn) {
    addMethod(c, name, std::move(fn));
}

bool isTensor(const Value& v) {
    return v.isKind(ObjKind::Native) && v.obj()->cls->isSubclassOf(classes().eagerTensor);
}
bool isVariable(const Value& v) {
    return v.isKind(ObjKind::Native) && v.obj()->cls->isSubclassOf(classes().variable);
}
bool isArray(const Value& v) {
    if (!v.isKind(ObjKind::Native)) return false;
    ClassObj* c = v.obj()->cls;
    return c->isSubclassOf(classes().ndarray) || c->isSubclassOf(classes().npGeneric);
}
bool isNpScalar(const Value& v) {
    return v.isKind(ObjKind::Native) && v.obj()->cls->isSubclassOf(classes().npGeneric);
}
TensorData& tensorData(const Value& v) {
    return *static_cast<TensorData*>(v.as<NativeObj>()->payload.get());
}
VarData& varData(const Value& v) {
    return *static_cast<VarData*>(v.as<NativeObj>()->payload.get());
}
ArrayData& arrayData(const Value& v) {
    return *static_cast<ArrayData*>(v.as<NativeObj>()->payload.get());
}

int64_t nextTensorId() {
    static std::atomic<int64_t> next{ 1 };
    return next++;
}

Value wrapTensorWithId(Tensor t, int64_t id) {
    takeTfUid(); // an EagerTensor: TF gives each one a uid
    auto d = std::make_shared<TensorData>();
    d->t = std::move(t);
    d->id = id;
    return Value::adopt(new NativeObj(classes().eagerTensor, std::move(d)));
}
Value wrapTensor(Tensor t) {
    return wrapTensorWithId(std::move(t), nextTensorId());
}

Value npScalar(Tensor t, NpStr str) {
    auto d = std::make_shared<ArrayData>();
    DType dt = t.dtype();
    if (t.rank() != 0) t = t.reshaped(TensorShape{});
    // An element of an object array (what a string tensor's numpy() gives) is the Python bytes.
    if (dt == DType::String && str == NpStr::Object) return Value::adopt(new BytesObj(t.item<std::string>()));
    d->t = std::move(t);
    d->str = str;
    ClassObj* c = classes().scalarTypes.at(size_t(dt));
    if (!c) c = classes().npGeneric;
    return Value::adopt(new NativeObj(c, std::move(d)));
}

Value wrapArray(Tensor t, bool scalarFor0d, NpStr str) {
    if (scalarFor0d && t.rank() == 0) return npScalar(std::move(t), str);
    auto d = std::make_shared<ArrayData>();
    d->t = std::move(t);
    d->str = str;
    return Value::adopt(new NativeObj(classes().ndarray, std::move(d)));
}

// ---------------------------------------------------------------------------------------------
// DTypes

std::string tfDtypeReprName(DType dt) {
    return std::string(tensor::dtypeName(dt));
}

Value tfDtypeValue(DType dt) {
    auto& v = classes().tfDtypes;
    if (size_t(dt) < v.size() && v[size_t(dt)].isObj()) return v[size_t(dt)];
    raise(types().TypeError, "unsupported dtype " + std::string(tensor::dtypeName(dt)));
}
Value npDtypeValue(DType dt) {
    auto& v = classes().npDtypes;
    if (size_t(dt) < v.size() && v[size_t(dt)].isObj()) return v[size_t(dt)];
    raise(types().TypeError, "unsupported numpy dtype");
}

// TF's names (tensor::dtypeFromName: Python and C++ spellings) of the dtypes tensors hold, and
// numpy's spellings of them.
static DType dtypeFromName(const std::string& s) {
    static const std::pair<const char*, DType> numpyNames[] = {
        { "str", DType::String },   { "bool_", DType::Bool },     { "float_", DType::Float64 },
        { "int", DType::Int64 },    { "f4", DType::Float32 },     { "f8", DType::Float64 },
        { "i4", DType::Int32 },     { "i8", DType::Int64 },       { "<f4", DType::Float32 },
        { "<f8", DType::Float64 },  { "<i4", DType::Int32 },      { "<i8", DType::Int64 },
        { "c8", DType::Complex64 }, { "c16", DType::Complex128 }, { "complex", DType::Complex128 },
    };
    for (auto& [n, d] : numpyNames)
        if (s == n) return d;
    const DType d = tensor::dtypeFromName(s);
    return tensor::isFloating(d) || tensor::isInteger(d) || tensor::isComplex(d) || d == DType::Bool ||
            d == DType::String
        ? d
        : DType::Invalid;
}

DType dtypeFromValueOpt(Interpreter& in, const Value& v) {
    if (v.isNone() || v.isUndef()) return DType::Invalid;
    return dtypeFromValue(in, v);
}

DType dtypeFromValue(Interpreter& in, const Value& v) {
    auto& C = classes();
    if (v.isKind(ObjKind::Native)) {
        ClassObj* c = v.obj()->cls;
        if (c == C.dtype || c == C.npDtype) return DType(*static_cast<int*>(v.as<NativeObj>()->payload.get()));
    }
    if (v.isKind(ObjKind::Class)) {
        auto* c = v.as<ClassObj>();
        for (size_t i = 0; i < C.scalarTypes.size(); ++i)
            if (C.scalarTypes[i] == c) return DType(int(i));
        if (c == types().float_) return DType::Float64;
        if (c == types().complex_) return DType::Complex128;
        if (c == types().int_) return DType::Int64;
        if (c == types().bool_) return DType::Bool;
        if (c == types().str || c == types().bytes) return DType::String;
        if (c == types().object) return DType::String;
    }
    if (v.isKind(ObjKind::Str)) {
        DType d = dtypeFromName(v.as<StrObj>()->s);
        if (d != DType::Invalid) return d;
        const std::string& s = v.as<StrObj>()->s;
        if (!s.empty() && (s[0] == 'U' || s[0] == 'S' || s.substr(0, 2) == "<U" || s.substr(0, 2) == "|S"))
            return DType::String;
        raise(types().TypeError, "Cannot convert the argument `type_value`: " + in.repr(v) + " to a TensorFlow DType.");
    }
    if (isArray(v) || isTensor(v)) {
        Value dt;
        if (in.getAttrOpt(v, "dtype", dt) && !dt.isKind(ObjKind::Str)) return dtypeFromValue(in, dt);
    }
    raise(types().TypeError, "Cannot convert the argument `type_value`: " + in.repr(v) + " to a TensorFlow DType.");
}

// ---------------------------------------------------------------------------------------------
// Printing views and elements

numeric::ArrayView arrayView(const Tensor& t, NpStr str) {
    numeric::ArrayView v = ops::arrayViewOf(t);
    if (t.dtype() == DType::String && str != NpStr::Object)
        v.type = str == NpStr::Unicode ? numeric::ElementType::Unicode : numeric::ElementType::Bytes;
    return v;
}

template<class T> static T loadAt(const Tensor& t, int64_t i) {
    T v;
    std::memcpy(&v, static_cast<const char*>(t.rawData()) + size_t(i) * sizeof(T), sizeof(T));
    return v;
}

Value elementToPython(const Tensor& t, int64_t i) {
    switch (t.dtype()) {
    case DType::Bool:
        return Value::boolean(loadAt<uint8_t>(t, i) != 0);
    case DType::Int8:
        return Value::integer(loadAt<int8_t>(t, i));
    case DType::Int16:
        return Value::integer(loadAt<int16_t>(t, i));
    case DType::Int32:
        return Value::integer(loadAt<int32_t>(t, i));
    case DType::Int64:
        return Value::integer(loadAt<int64_t>(t, i));
    case DType::UInt8:
        return Value::integer(loadAt<uint8_t>(t, i));
    case DType::UInt16:
        return Value::integer(loadAt<uint16_t>(t, i));
    case DType::UInt32:
        return Value::integer(loadAt<uint32_t>(t, i));
    case DType::UInt64:
        return Value::integer(int64_t(loadAt<uint64_t>(t, i)));
    case DType::Float16:
        return Value::flt(numeric::halfToDouble(numeric::Half{ loadAt<uint16_t>(t, i) }));
    case DType::BFloat16:
        return Value::flt(double(numeric::bfloat16ToFloat(numeric::BFloat16{ loadAt<uint16_t>(t, i) })));
    case DType::Float32:
        return Value::flt(double(loadAt<float>(t, i)));
    case DType::Float64:
        return Value::flt(loadAt<double>(t, i));
    case DType::String:
        return Value::adopt(new BytesObj(static_cast<const std::string*>(t.rawData())[i]));
    case DType::Complex64: {
        const auto z = loadAt<std::complex<float>>(t, i);
        return lang::newComplex({ double(z.real()), double(z.imag()) });
    }
    case DType::Complex128:
        return lang::newComplex(loadAt<std::complex<double>>(t, i));
    default:
        raise(types().TypeError, "unsupported dtype " + std::string(tensor::dtypeName(t.dtype())));
    }
}

static Value listRec(const Tensor& t, int dim, int64_t& pos) {
    if (dim == t.rank()) return elementToPython(t, pos++);
    std::vector<Value> items;
    int64_t n = t.dim(dim);
    items.reserve(size_t(n));
    for (int64_t i = 0; i < n; ++i) items.push_back(listRec(t, dim + 1, pos));
    return newList(std::move(items));
}

Value tensorToList(const Tensor& t) {
    int64_t pos = 0;
    return listRec(t, 0, pos);
}

// ---------------------------------------------------------------------------------------------
// Argument helpers

const Value* argOrKw(CallArgs& a, size_t pos, std::string_view kw) {
    if (pos < a.n) return &a.args[pos];
    return a.kwarg(kw);
}
Value argOr(CallArgs& a, size_t pos, std::string_view kw, Value dflt) {
    const Value* v = argOrKw(a, pos, kw);
    return v ? *v : dflt;
}

std::vector<int64_t> intList(Interpreter& in, const Value& v) {
    if (isTensor(v) || isArray(v) || isVariable(v)) {
        Tensor t = toTensor(in, v);
        return t.toInt64Vector();
    }
    if (v.isInt() || v.isBool()) return { in.toIndex(v) };
    std::vector<int64_t> out;
    in.forEach(v, [&](const Value& x) {
        if (x.isNone()) out.push_back(-1);
        else if (isTensor(x) || isArray(x)) out.push_back(toTensor(in, x).toInt64Vector().at(0));
        else out.push_back(in.toIndex(x));
    });
    return out;
}

// ---------------------------------------------------------------------------------------------
// Python values -> tensors

namespace {

enum class Leaf : uint8_t { Bool, Int, Float, Complex, Str, Tensor };

struct Flat {
    std::vector<int64_t> shape;
    std::vector<Value> leaves;
    bool shapeSet = false;
};

bool isSequence(const Value& v) {
    return v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple);
}

// Walks nested lists/tuples; tensors and arrays inside are expanded to their elements' shape.
void flatten(Interpreter& in, const Value& v, int depth, std::vector<int64_t>& shape, bool& shapeSet,
             std::vector<Value>& leaves, bool& ragged) {
    if (isSequence(v)) {
        const auto& items = v.isKind(ObjKind::List) ? v.as<ListObj>()->items : v.as<TupleObj>()->items;
        if (!shapeSet) {
            if (int(shape.size()) == depth) shape.push_back(int64_t(items.size()));
        }
        if (int(shape.size()) <= depth || shape[size_t(depth)] != int64_t(items.size())) {
            ragged = true;
            return;
        }
        if (items.empty()) {
            if (!shapeSet) shapeSet = true;
            return;
        }
        for (auto& x : items) {
            flatten(in, x, depth + 1, shape, shapeSet, leaves, ragged);
            if (ragged) return;
        }
        return;
    }
    // a leaf (scalar, or a tensor/array whose dims extend the shape)
    std::vector<int64_t> sub;
    if (isTensor(v) || isArray(v) || isVariable(v)) {
        const Tensor& t = isTensor(v) ? tensorData(v).t : isArray(v) ? arrayData(v).t : varData(v).value();
        sub = t.shape().dims();
    }
    if (!shapeSet) {
        shape.insert(shape.end(), sub.begin(), sub.end());
        shapeSet = true;
    } else {
        if (int64_t(shape.size()) != depth + int64_t(sub.size())) {
            ragged = true;
            return;
        }
        for (size_t i = 0; i < sub.size(); ++i)
            if (shape[size_t(depth) + i] != sub[i]) {
                ragged = true;
                return;
            }
    }
    leaves.push_back(v);
}

bool fitsInt32(int64_t x) {
    return x >= INT32_MIN && x <= INT32_MAX;
}

template<class T> void storeNum(void* data, int64_t i, T v) {
    static_cast<T*>(data)[i] = v;
}

void storeDouble(Tensor& t, int64_t i, double d) {
    void* p = t.rawData();
    switch (t.dtype()) {
    case DType::Float32:
        storeNum<float>(p, i, float(d));
        break;
    case DType::Float64:
        storeNum<double>(p, i, d);
        break;
    case DType::Float16:
        storeNum<uint16_t>(p, i, numeric::doubleToHalf(d).bits);
        break;
    case DType::BFloat16:
        storeNum<uint16_t>(p, i, numeric::floatToBFloat16(float(d)).bits);
        break;
    case DType::Int8:
        storeNum<int8_t>(p, i, int8_t(int64_t(d)));
        break;
    case DType::Int16:
        storeNum<int16_t>(p, i, int16_t(int64_t(d)));
        break;
    case DType::Int32:
        storeNum<int32_t>(p, i, int32_t(int64_t(d)));
        break;
    case DType::Int64:
        storeNum<int64_t>(p, i, int64_t(d));
        break;
    case DType::UInt8:
        storeNum<uint8_t>(p, i, uint8_t(int64_t(d)));
        break;
    case DType::UInt16:
        storeNum<uint16_t>(p, i, uint16_t(int64_t(d)));
        break;
    case DType::UInt32:
        storeNum<uint32_t>(p, i, uint32_t(int64_t(d)));
        break;
    case DType::UInt64:
        storeNum<uint64_t>(p, i, uint64_t(int64_t(d)));
        break;
    case DType::Bool:
        storeNum<uint8_t>(p, i, d != 0);
        break;
    case DType::Complex64:
        storeNum<std::complex<float>>(p, i, std::complex<float>(float(d), 0.0f));
        break;
    case DType::Complex128:
        storeNum<std::complex<double>>(p, i, std::complex<double>(d, 0.0));
        break;
    default:
        raise(types().TypeError, "unsupported dtype " + std::string(tensor::dtypeName(t.dtype())));
    }
}

void storeComplex(Tensor& t, int64_t i, std::complex<double> z) {
    if (t.dtype() == DType::Complex64)
        storeNum<std::complex<float>>(t.rawData(), i, std::complex<float>(float(z.real()), float(z.imag())));
    else storeNum<std::complex<double>>(t.rawData(), i, z);
}

void storeInt(Tensor& t, int64_t i, int64_t x) {
    void* p = t.rawData();
    switch (t.dtype()) {
    case DType::Int8:
        storeNum<int8_t>(p, i, int8_t(x));
        break;
    case DType::Int16:
        storeNum<int16_t>(p, i, int16_t(x));
        break;
    case DType::Int32:
        storeNum<int32_t>(p, i, int32_t(x));
        break;
    case DType::Int64:
        storeNum<int64_t>(p, i, x);
        break;
    case DType::UInt8:
        storeNum<uint8_t>(p, i, uint8_t(x));
        break;
    case DType::UInt16:
        storeNum<uint16_t>(p, i, uint16_t(x));
        break;
    case DType::UInt32:
        storeNum<uint32_t>(p, i, uint32_t(x));
        break;
    case DType::UInt64:
        storeNum<uint64_t>(p, i, uint64_t(x));
        break;
    case DType::Bool:
        storeNum<uint8_t>(p, i, x != 0);
        break;
    default:
        storeDouble(t, i, double(x));
    }
}

std::string pyStrOfValue(Interpreter& in, const Value& v) {
    return in.repr(v);
}

} // namespace

Tensor castTensor(const Tensor& t, DType to) {
    if (t.dtype() == to) return t;
    return execRaw1("Cast", { t }, ops::AttrMap{ { "DstT", to }, { "Truncate", false } });
}

// Builds a tensor of `dtype` from flattened leaves. `tfRules`: TF's conversion checks.
static Tensor fromLeaves(Interpreter& in, const Value& whole, const Flat& f, DType dtype, bool tfRules) {
    TensorShape shape(f.shape);
    Tensor out(dtype, shape);
    int64_t pos = 0;
    for (const Value& v : f.leaves) {
        if (isTensor(v) || isArray(v) || isVariable(v)) {
            const Tensor& src = isTensor(v) ? tensorData(v).t : isArray(v) ? arrayData(v).t : varData(v).value();
            Tensor c = src.dtype() == dtype ? src : guarded(in, [&] { return castTensor(src, dtype); });
            int64_t n = c.numElements();
            if (dtype == DType::String) {
                auto* dst = static_cast<std::string*>(out.rawData());
                auto* s = static_cast<const std::string*>(c.rawData());
                for (int64_t k = 0; k < n; ++k) dst[pos + k] = s[k];
            } else {
                std::memcpy(static_cast<char*>(out.rawData()) + size_t(pos) * tensor::dtypeSize(dtype), c.rawData(),
                            size_t(n) * tensor::dtypeSize(dtype));
            }
            pos += n;
            continue;
        }
        if (dtype == DType::String) {
            if (v.isKind(ObjKind::Str)) static_cast<std::string*>(out.rawData())[pos] = v.as<StrObj>()->s;
            else if (v.isKind(ObjKind::Bytes)) static_cast<std::string*>(out.rawData())[pos] = v.as<BytesObj>()->s;
            else if (tfRules)
                raise(types().TypeError,
                      "Cannot convert " + pyStrOfValue(in, whole) + " to EagerTensor of dtype string");
            else static_cast<std::string*>(out.rawData())[pos] = in.str(v);
            ++pos;
            continue;
        }
        if (v.isBool()) {
            storeInt(out, pos++, v.asBool());
        } else if (v.isInt()) {
            if (tfRules && dtype == DType::Bool)
                raise(types().TypeError, "Cannot convert " + pyStrOfValue(in, whole) + " to EagerTensor of dtype bool");
            storeInt(out, pos++, v.asInt());
        } else if (v.isKind(ObjKind::BigInt)) {
            if (tensor::isFloating(dtype)) storeDouble(out, pos++, in.toDouble(v));
            else raise(types().ValueError, "Can't convert Python sequence with out-of-range integer to Tensor.");
        } else if (lang::isComplex(v)) {
            if (!tensor::isComplex(dtype)) {
                std::string tn = dtype == DType::Float32 ? "float"
                    : dtype == DType::Float64            ? "double"
                                                         : tfDtypeReprName(dtype);
                raise(types().TypeError,
                      "Cannot convert " + pyStrOfValue(in, whole) + " to EagerTensor of dtype " + tn);
            }
            storeComplex(out, pos++, lang::complexValue(v));
        } else if (v.isFloat()) {
            if (tfRules && !tensor::isFloating(dtype) && !tensor::isComplex(dtype)) {
                std::string tn = dtype == DType::Bool ? "bool" : tfDtypeReprName(dtype);
                raise(types().TypeError,
                      "Cannot convert " + pyStrOfValue(in, whole) + " to EagerTensor of dtype " + tn);
            }
            storeDouble(out, pos++, v.asFloat());
        } else if (v.isKind(ObjKind::Str) || v.isKind(ObjKind::Bytes)) {
            std::string tn = dtype == DType::Float32 ? "float"
                : dtype == DType::Float64            ? "double"
                                                     : tfDtypeReprName(dtype);
            raise(types().TypeError, "Cannot convert " + pyStrOfValue(in, whole) + " to EagerTensor of dtype " + tn);
        } else {
            // objects with __float__ / __index__
            Value ix = in.lookupSpecial(v, "__index__");
            if (!ix.isUndef()) storeInt(out, pos++, in.toIndex(v));
            else storeDouble(out, pos++, in.toDouble(v));
        }
    }
    return out;
}

static Leaf leafKind(const Value& v, DType& tdt) {
    if (v.isBool()) return Leaf::Bool;
    if (v.isInt() || v.isKind(ObjKind::BigInt)) return Leaf::Int;
    if (v.isFloat()) return Leaf::Float;
    if (lang::isComplex(v)) return Leaf::Complex;
    if (v.isKind(ObjKind::Str) || v.isKind(ObjKind::Bytes)) return Leaf::Str;
    if (isTensor(v)) {
        tdt = tensorData(v).t.dtype();
        return Leaf::Tensor;
    }
    if (isArray(v)) {
        tdt = arrayData(v).t.dtype();
        return Leaf::Tensor;
    }
    if (isVariable(v)) {
        tdt = varData(v).value().dtype();
        return Leaf::Tensor;
    }
    return Leaf::Float;
}

// The value an instance of a Python subclass of int, float or str stands for (an IntEnum member
// converts as its int, as in TF), else v itself.
static Value builtinValueOf(const Value& v) {
    if (!v.isKind(ObjKind::Instance)) return v;
    const Value& base = v.as<lang::InstanceObj>()->base;
    return base.isUndef() ? v : base;
}

static Flat flattenValue(Interpreter& in, const Value& v) {
    Flat f;
    bool ragged = false;
    flatten(in, v, 0, f.shape, f.shapeSet, f.leaves, ragged);
    if (ragged) raise(types().ValueError, "Can't convert non-rectangular Python sequence to Tensor.");
    for (Value& leaf : f.leaves) leaf = builtinValueOf(leaf);
    return f;
}

static void unsupported(Interpreter& in, const Value& v) {
    // the type's own repr: "<class '__main__.Foo'>", an enum's "<enum 'Color'>"
    const std::string type = in.repr(Value::object(in.typeOf(v)));
    raise(types().ValueError,
          "Attempt to convert a value (" + in.repr(v) + ") with an unsupported type (" + type + ") to a Tensor.");
}

Tensor toTensor(Interpreter& in, const Value& v, DType dtype) {
    if (isTensor(v)) {
        const Tensor& t = tensorData(v).t;
        return t;
    }
    if (isVariable(v)) return varData(v).value();
    if (isArray(v)) {
        const Tensor& t = arrayData(v).t;
        if (dtype == DType::Invalid || dtype == t.dtype()) return t;
        return guarded(in, [&] { return castTensor(t, dtype); });
    }
    if (v.isNone() || v.isUndef()) unsupported(in, v);
    if (Value plain = builtinValueOf(v); !plain.identical(v)) return toTensor(in, plain, dtype);
    if (!(isSequence(v) || v.isBool() || v.isInt() || v.isFloat() || lang::isComplex(v) || v.isKind(ObjKind::BigInt) ||
          v.isKind(ObjKind::Str) || v.isKind(ObjKind::Bytes))) {
        // objects convertible through __float__ / __index__ count as scalars
        if (in.lookupSpecial(v, "__float__").isUndef() && in.lookupSpecial(v, "__index__").isUndef())
            unsupported(in, v);
    }
    Flat f = flattenValue(in, v);
    if (dtype == DType::Invalid) {
        bool anyBool = false, anyInt = false, anyFloat = false, anyComplex = false, anyStr = false, big = false,
             huge = false;
        DType tensorDt = DType::Invalid;
        bool anyTensor = false;
        for (auto& x : f.leaves) {
            DType tdt = DType::Invalid;
            switch (leafKind(x, tdt)) {
            case Leaf::Bool:
                anyBool = true;
                break;
            case Leaf::Int:
                anyInt = true;
                if (x.isKind(ObjKind::BigInt)) huge = true;
                else if (!fitsInt32(x.asInt())) big = true;
                break;
            case Leaf::Float:
                anyFloat = true;
                break;
            case Leaf::Complex:
                anyComplex = true;
                break;
            case Leaf::Str:
                anyStr = true;
                break;
            case Leaf::Tensor:
                anyTensor = true;
                if (tensorDt == DType::Invalid) tensorDt = tdt;
                else if (tensorDt != tdt) {
                    if (tensor::isFloating(tdt) && !tensor::isFloating(tensorDt)) tensorDt = tdt;
                }
                break;
            }
        }
        if (anyStr && (anyBool || anyInt || anyFloat || anyComplex))
            raise(types().ValueError, "Can't convert Python sequence with mixed types to Tensor.");
        if (anyBool && (anyInt || anyFloat) && !f.leaves.empty() && f.leaves[0].isBool())
            raise(types().ValueError, "Can't convert Python sequence with mixed types to Tensor.");
        if (anyTensor) dtype = tensorDt;
        else if (anyStr) dtype = DType::String;
        else if (anyComplex) dtype = DType::Complex128;
        else if (anyFloat) dtype = DType::Float32;
        else if (anyInt) {
            if (huge) raise(types().ValueError, "Can't convert Python sequence with out-of-range integer to Tensor.");
            dtype = big ? DType::Int64 : DType::Int32;
        } else if (anyBool) dtype = DType::Bool;
        else dtype = DType::Float32; // empty
        if (anyTensor && anyFloat && !tensor::isFloating(dtype)) dtype = DType::Float32;
    }
    return fromLeaves(in, v, f, dtype, true);
}

Input toInput(Interpreter& in, const Value& v, DType dtype) {
    if (isTensor(v)) return { tensorData(v).t, tensorData(v).id };
    if (isSymbolic(v)) return { Tensor(), tensorData(v).id, tensorData(v).sym };
    if (isVariable(v)) {
        Value r = readVariable(in, v);
        return { tensorData(r).t, tensorData(r).id, tensorData(r).sym };
    }
    return { toTensor(in, v, dtype), 0 };
}

Tensor toNumpyTensor(Interpreter& in, const Value& v, DType dtype, NpStr* str) {
    if (str) *str = NpStr::Unicode;
    if (isArray(v)) {
        if (str) *str = arrayData(v).str;
        const Tensor& t = arrayData(v).t;
        if (dtype == DType::Invalid || dtype == t.dtype()) return t;
        return guarded(in, [&] { return castTensor(t, dtype); });
    }
    if (isTensor(v) || isVariable(v)) {
        const Tensor& t = isTensor(v) ? tensorData(v).t : varData(v).value();
        if (str && t.dtype() == DType::String) *str = NpStr::Object;
        if (dtype == DType::Invalid || dtype == t.dtype()) return t;
        return guarded(in, [&] { return castTensor(t, dtype); });
    }
    Flat f = flattenValue(in, v);
    if (dtype == DType::Invalid) {
        bool anyBool = false, anyInt = false, anyFloat = false, anyComplex = false, anyStr = false, anyBytes = false;
        DType arrDt = DType::Invalid;
        for (auto& x : f.leaves) {
            DType tdt = DType::Invalid;
            switch (leafKind(x, tdt)) {
            case Leaf::Bool:
                anyBool = true;
                break;
            case Leaf::Int:
                anyInt = true;
                break;
            case Leaf::Float:
                anyFloat = true;
                break;
            case Leaf::Complex:
                anyComplex = true;
                break;
            case Leaf::Str:
                anyStr = true;
                if (x.isKind(ObjKind::Bytes)) anyBytes = true;
                break;
            case Leaf::Tensor:
                if (arrDt == DType::Invalid) arrDt = tdt;
                else if (arrDt != tdt) {
                    // simple promotion: floats win, wider wins
                    bool fa = tensor::isFloating(arrDt), fb = tensor::isFloating(tdt);
                    if (fb && !fa) arrDt = tdt;
                    else if (fa == fb && tensor::dtypeSize(tdt) > tensor::dtypeSize(arrDt)) arrDt = tdt;
                }
                break;
            }
        }
        if (anyStr) {
            dtype = DType::String;
            if (str) *str = anyBytes ? NpStr::Bytes : NpStr::Unicode;
        } else if (arrDt != DType::Invalid) {
            dtype = arrDt;
            if (anyComplex && !tensor::isComplex(dtype)) dtype = DType::Complex128;
            else if (anyFloat && !tensor::isFloating(dtype) && !tensor::isComplex(dtype)) dtype = DType::Float64;
            else if (anyInt && dtype == DType::Bool) dtype = DType::Int64;
        } else if (anyComplex) dtype = DType::Complex128;
        else if (anyFloat) dtype = DType::Float64;
        else if (anyInt) dtype = DType::Int64;
        else if (anyBool) dtype = DType::Bool;
        else dtype = DType::Float64;
    } else if (dtype == DType::String && str) {
        *str = NpStr::Unicode;
    }
    return fromLeaves(in, v, f, dtype, false);
}

} // namespace graphlens::eager
