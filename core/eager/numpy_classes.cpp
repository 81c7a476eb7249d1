// numpy.ndarray, the numpy scalar types and numpy.dtype as native classes, with numpy 2's
// promotion rules (NEP 50: Python scalars are weak) for the operators.
#include <cmath>
#include <cstring>

#include "core/eager/internal.h"
#include "core/numeric/array_format.h"

namespace graphlens::eager {

using namespace lang;

namespace {

Value npModuleAttr(Interpreter& in, const char* name) {
    Value m = in.importModule("numpy");
    Value* v = m.as<ModuleObj>()->d()->findStr(name);
    if (!v) raise(types().AttributeError, std::string("module 'numpy' has no attribute '") + name + "'");
    return *v;
}

NativeFn npBridge(std::string pyName) {
    return [pyName](Interpreter& in, CallArgs& a) -> Value {
        Value f = npModuleAttr(in, pyName.c_str());
        return in.call(f, a.args, a.n, a.kw);
    };
}

const Tensor& arr(const Value& v) {
    return arrayData(v).t;
}

bool isUnsigned(DType d) {
    return d == DType::UInt8 || d == DType::UInt16 || d == DType::UInt32 || d == DType::UInt64;
}

DType signedOfSize(size_t n) {
    switch (n) {
    case 1:
        return DType::Int8;
    case 2:
        return DType::Int16;
    case 4:
        return DType::Int32;
    default:
        return DType::Int64;
    }
}
DType floatOfSize(size_t n) {
    switch (n) {
    case 2:
        return DType::Float16;
    case 4:
        return DType::Float32;
    default:
        return DType::Float64;
    }
}

} // namespace

// numpy's result_type for two strong dtypes.
DType npPromote(DType a, DType b) {
    if (a == b) return a;
    if (a == DType::Bool) return b;
    if (b == DType::Bool) return a;
    if (a == DType::String || b == DType::String) return DType::String;
    if (tensor::isComplex(a) || tensor::isComplex(b)) {
        // the complex type whose parts hold both: complex64 only when float32 parts suffice
        auto partBytes = [](DType d) -> size_t {
            if (tensor::isComplex(d)) return tensor::dtypeSize(d) / 2;
            if (tensor::isFloating(d)) return tensor::dtypeSize(d);
            return std::min<size_t>(tensor::dtypeSize(d) * 2, 8);
        };
        return std::max(partBytes(a), partBytes(b)) > 4 ? DType::Complex128 : DType::Complex64;
    }
    bool fa = tensor::isFloating(a), fb = tensor::isFloating(b);
    if (fa && fb) return tensor::dtypeSize(a) >= tensor::dtypeSize(b) ? a : b;
    if (fa || fb) {
        DType f = fa ? a : b, i = fa ? b : a;
        size_t need = tensor::dtypeSize(i) * 2; // a float that holds the int exactly
        if (need > 8) need = 8;
        size_t fs = tensor::dtypeSize(f);
        return floatOfSize(std::max(fs, need));
    }
    bool ua = isUnsigned(a), ub = isUnsigned(b);
    if (ua == ub) return tensor::dtypeSize(a) >= tensor::dtypeSize(b) ? a : b;
    DType u = ua ? a : b, s = ua ? b : a;
    if (tensor::dtypeSize(s) > tensor::dtypeSize(u)) return s;
    if (tensor::dtypeSize(u) >= 8) return DType::Float64;
    return signedOfSize(tensor::dtypeSize(u) * 2);
}

namespace {

bool isPyScalar(const Value& v) {
    return v.isBool() || v.isInt() || v.isFloat() || v.isKind(ObjKind::BigInt) || lang::isComplex(v);
}

// Both operands as tensors of one dtype, numpy-style.
std::pair<Tensor, Tensor> npOperands(Interpreter& in, const Value& a, const Value& b, DType& dt) {
    auto weak = [&](const Value& strongV, const Value& weakV) {
        DType s = toNumpyTensor(in, strongV).dtype();
        if (lang::isComplex(weakV) && !tensor::isComplex(s))
            return s == DType::Float32 || s == DType::Float16 ? DType::Complex64 : DType::Complex128;
        if (weakV.isFloat() && !tensor::isFloating(s) && !tensor::isComplex(s)) return DType::Float64;
        if ((weakV.isInt() || weakV.isKind(ObjKind::BigInt)) && s == DType::Bool) return DType::Int64;
        return s;
    };
    if (isPyScalar(b) && !isPyScalar(a)) dt = weak(a, b);
    else if (isPyScalar(a) && !isPyScalar(b)) dt = weak(b, a);
    else {
        DType da = toNumpyTensor(in, a).dtype(), db = toNumpyTensor(in, b).dtype();
        dt = npPromote(da, db);
    }
    return { toNumpyTensor(in, a, dt), toNumpyTensor(in, b, dt) };
}

Value npBinary(Interpreter& in, const std::string& op, const Value& self, const Value& other, bool reflected) {
    if (isTensor(other) || isVariable(other)) return types().NotImplemented;
    if (!(isArray(other) || isPyScalar(other) || other.isKind(ObjKind::List) || other.isKind(ObjKind::Tuple)))
        return types().NotImplemented;
    Value a = reflected ? other : self, b = reflected ? self : other;
    DType dt;
    auto [x, y] = npOperands(in, a, b, dt);
    std::string name = op;
    bool boolResult = false;
    if (op == "truediv") {
        if (!tensor::isFloating(dt) && !tensor::isComplex(dt)) {
            DType f = dt == DType::Bool || tensor::dtypeSize(dt) <= 2
                ? (dt == DType::Bool ? DType::Float64 : DType::Float32)
                : DType::Float64;
            if (dt == DType::Int8 || dt == DType::UInt8) f = DType::Float32;
            if (dt == DType::Int16 || dt == DType::UInt16) f = DType::Float32;
            if (dt == DType::Bool) f = DType::Float64;
            // numpy: int / int -> float64 always
            f = DType::Float64;
            x = guarded(in, [&] { return castTensor(x, f); });
            y = guarded(in, [&] { return castTensor(y, f); });
        }
        name = "RealDiv";
    } else if (op == "MatMul") {
        if (x.rank() == 1 && y.rank() == 1) {
            Tensor p = guarded(in, [&] { return execRaw1("Mul", { x, y }); });
            Tensor s = guarded(in, [&] { return execRaw1("Sum", { p, Tensor::scalar<int32_t>(0) }); });
            return wrapArray(s);
        }
        bool vecL = x.rank() == 1, vecR = y.rank() == 1;
        if (vecL) x = x.reshaped(TensorShape{ 1, x.dim(0) });
        if (vecR) y = y.reshaped(TensorShape{ y.dim(0), 1 });
        Tensor r = guarded(in, [&] {
            return execRaw1(x.rank() > 2 || y.rank() > 2 ? "BatchMatMulV2" : "MatMul", { x, y });
        });
        std::vector<int64_t> dims = r.shape().dims();
        if (vecR) dims.pop_back();
        if (vecL) dims.erase(dims.end() - (vecR ? 1 : 2));
        return wrapArray(r.reshaped(TensorShape(dims)));
    } else if (op == "Less" || op == "LessEqual" || op == "Greater" || op == "GreaterEqual" || op == "Equal" ||
               op == "NotEqual") {
        boolResult = true;
    } else if (op == "And" || op == "Or" || op == "Xor") {
        if (dt == DType::Bool) {
            if (op == "Xor") name = "NotEqual";
            else name = op == "And" ? "LogicalAnd" : "LogicalOr";
        } else {
            name = op == "And" ? "BitwiseAnd" : op == "Or" ? "BitwiseOr" : "BitwiseXor";
        }
    } else if (dt == DType::Bool && (op == "AddV2" || op == "Mul")) {
        name = op == "AddV2" ? "LogicalOr" : "LogicalAnd";
    }
    (void)boolResult;
    Tensor r = guarded(in, [&] { return execRaw1(name, { x, y }); });
    return wrapArray(r);
}

void defNpBinary(ClassObj* c, const char* dunder, const char* rdunder, std::string op) {
    setMethod(c, dunder, [op](Interpreter& in, CallArgs& a) -> Value { return npBinary(in, op, a[0], a[1], false); });
    if (rdunder)
        setMethod(c, rdunder,
                  [op](Interpreter& in, CallArgs& a) -> Value { return npBinary(in, op, a[0], a[1], true); });
}

std::string npFormat(Interpreter& in, const Value& self, const std::string& spec) {
    const Tensor& t = arr(self);
    if (t.rank() == 0) {
        if (spec.empty()) return numeric::numpyScalarStr(arrayView(t, arrayData(self).str));
        Value v = elementToPython(t, 0);
        return in.format(v, spec);
    }
    if (spec.empty()) return numeric::numpyStr(arrayView(t, arrayData(self).str));
    raise(types().TypeError, "unsupported format string passed to numpy.ndarray.__format__");
}

// Row i of the first dimension as a new tensor.
Tensor rowOf(const Tensor& t, int64_t i) {
    std::vector<int64_t> dims(t.shape().dims().begin() + 1, t.shape().dims().end());
    Tensor r(t.dtype(), TensorShape(dims));
    int64_t n = r.numElements();
    if (t.dtype() == DType::String) {
        auto* s = static_cast<const std::string*>(t.rawData());
        auto* d = static_cast<std::string*>(r.rawData());
        for (int64_t k = 0; k < n; ++k) d[k] = s[i * n + k];
    } else {
        size_t es = tensor::dtypeSize(t.dtype());
        std::memcpy(r.rawData(), static_cast<const char*>(t.rawData()) + size_t(i * n) * es, size_t(n) * es);
    }
    return r;
}

Value shapeTuple(const Tensor& t) {
    std::vector<Value> dims;
    for (auto d : t.shape().dims()) dims.push_back(Value::integer(d));
    return newTuple(std::move(dims));
}

std::string unicodeDtypeName(const Value& self) {
    const Tensor& t = arr(self);
    int64_t w = 1;
    auto* s = static_cast<const std::string*>(t.rawData());
    for (int64_t i = 0; i < t.numElements(); ++i) {
        int64_t cp = 0;
        for (unsigned char ch : s[i])
            if ((ch & 0xC0) != 0x80) ++cp;
        w = std::max(w, arrayData(self).str == NpStr::Unicode ? cp : int64_t(s[i].size()));
    }
    return (arrayData(self).str == NpStr::Unicode ? "<U" : "|S") + std::to_string(w);
}

void addArrayCommon(ClassObj* c) {
    c->getattrHook = [](Interpreter& in, const Value& self, const std::string& name, Value& out) -> bool {
        const Tensor& t = arr(self);
        if (name == "shape") {
            out = shapeTuple(t);
            return true;
        }
        if (name == "dtype") {
            if (t.dtype() == DType::String) {
                if (arrayData(self).str == NpStr::Object) {
                    out = classes().npObjectDtype;
                    return true;
                }
                out = in.call(npModuleAttr(in, "dtype"), { newStr(unicodeDtypeName(self)) });
                return true;
            }
            out = npDtypeValue(t.dtype());
            return true;
        }
        if (name == "ndim") {
            out = Value::integer(t.rank());
            return true;
        }
        if (name == "size") {
            out = Value::integer(t.numElements());
            return true;
        }
        if (name == "itemsize") {
            out = Value::integer(int64_t(tensor::dtypeSize(t.dtype())));
            return true;
        }
        if (name == "nbytes") {
            out = Value::integer(int64_t(tensor::dtypeSize(t.dtype())) * t.numElements());
            return true;
        }
        if (name == "real" || name == "imag") {
            const bool scalar = self.obj()->cls != classes().ndarray;
            if (tensor::isComplex(t.dtype())) {
                ops::AttrMap attrs{ { "Tout", tensor::realPartDType(t.dtype()) } };
                out = wrapArray(guarded(in, [&] { return execRaw1(name == "real" ? "Real" : "Imag", { t }, attrs); }),
                                scalar);
            } else if (name == "real") {
                out = self;
            } else {
                out = wrapArray(guarded(in, [&] { return execRaw1("ZerosLike", { t }); }), scalar);
            }
            return true;
        }
        if (name == "T") {
            out = in.call(npModuleAttr(in, "transpose"), { self });
            return true;
        }
        return false;
    };
    setStaticDunder(c, "__format__", [](Interpreter& in, CallArgs& a) -> Value {
        return newStr(npFormat(in, a[0], a.n > 1 ? in.str(a[1]) : std::string()));
    });
    setStaticDunder(c, "__eq__",
                    [](Interpreter& in, CallArgs& a) -> Value { return npBinary(in, "Equal", a[0], a[1], false); });
    setStaticDunder(c, "__ne__",
                    [](Interpreter& in, CallArgs& a) -> Value { return npBinary(in, "NotEqual", a[0], a[1], false); });
    setMethod(c, "__bool__", [](Interpreter&, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        if (t.numElements() != 1)
            raise(types().ValueError,
                  "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
        Value v = elementToPython(t, 0);
        if (v.isKind(ObjKind::Bytes)) return Value::boolean(!v.as<BytesObj>()->s.empty());
        return Value::boolean(v.isBool() ? v.asBool() : v.isInt() ? v.asInt() != 0 : v.asFloat() != 0);
    });
    setMethod(c, "__float__", [](Interpreter& in, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        if (t.numElements() != 1) raise(types().TypeError, "only length-1 arrays can be converted to Python scalars");
        return Value::flt(in.toDouble(elementToPython(t, 0)));
    });
    setMethod(c, "__int__", [](Interpreter&, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        if (t.numElements() != 1) raise(types().TypeError, "only length-1 arrays can be converted to Python scalars");
        Value v = elementToPython(t, 0);
        if (v.isFloat()) {
            if (std::isnan(v.asFloat())) raise(types().ValueError, "cannot convert float NaN to integer");
            return Value::integer(int64_t(v.asFloat()));
        }
        if (v.isBool()) return Value::integer(v.asBool());
        return v;
    });
    setMethod(c, "__index__", [](Interpreter&, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        if (!(tensor::isInteger(t.dtype()) || t.dtype() == DType::Bool) || t.rank() != 0)
            raise(types().TypeError, "only integer scalar arrays can be converted to a scalar index");
        Value v = elementToPython(t, 0);
        return v.isBool() ? Value::integer(v.asBool()) : v;
    });
    setMethod(c, "__hash__", [](Interpreter& in, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        if (t.rank() != 0) raise(types().TypeError, "unhashable type: 'numpy.ndarray'");
        return Value::integer(in.hash(elementToPython(t, 0)));
    });
    setMethod(c, "__len__", [](Interpreter&, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        if (t.rank() == 0) raise(types().TypeError, "len() of unsized object");
        return Value::integer(t.dim(0));
    });
    setMethod(c, "__iter__", [](Interpreter& in, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        if (t.rank() == 0) raise(types().TypeError, "iteration over a 0-d array");
        std::vector<Value> items;
        NpStr s = arrayData(a[0]).str;
        for (int64_t i = 0; i < t.dim(0); ++i) items.push_back(wrapArray(rowOf(t, i), true, s));
        return in.iter(newList(std::move(items)));
    });
    setMethod(c, "__array__",
              [](Interpreter&, CallArgs& a) -> Value { return wrapArray(arr(a[0]), false, arrayData(a[0]).str); });
    setMethod(c, "tolist", [](Interpreter&, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        Value r = tensorToList(t);
        if (t.dtype() == DType::String && arrayData(a[0]).str == NpStr::Unicode) {
            // unicode arrays give str
            std::function<Value(const Value&)> conv = [&](const Value& v) -> Value {
                if (v.isKind(ObjKind::List)) {
                    std::vector<Value> o;
                    for (auto& x : v.as<ListObj>()->items) o.push_back(conv(x));
                    return newList(std::move(o));
                }
                return newStr(v.as<BytesObj>()->s);
            };
            return conv(r);
        }
        return r;
    });
    setMethod(c, "item", [](Interpreter& in, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        if (a.n > 1) {
            int64_t i = in.toIndex(a[1]);
            if (i < 0) i += t.numElements();
            if (i < 0 || i >= t.numElements())
                raise(types().IndexError,
                      "index " + std::to_string(i) + " is out of bounds for size " + std::to_string(t.numElements()));
            return elementToPython(t, i);
        }
        if (t.numElements() != 1) raise(types().ValueError, "can only convert an array of size 1 to a Python scalar");
        Value v = elementToPython(t, 0);
        if (t.dtype() == DType::String && arrayData(a[0]).str == NpStr::Unicode) return newStr(v.as<BytesObj>()->s);
        return v;
    });
    setMethod(c, "__neg__", [](Interpreter& in, CallArgs& a) -> Value {
        return wrapArray(guarded(in, [&] { return execRaw1("Neg", { arr(a[0]) }); }));
    });
    setMethod(c, "__pos__", [](Interpreter&, CallArgs& a) -> Value { return a[0]; });
    setMethod(c, "__abs__", [](Interpreter& in, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        if (isUnsigned(t.dtype()) || t.dtype() == DType::Bool) return a[0];
        if (tensor::isComplex(t.dtype())) {
            ops::AttrMap attrs{ { "Tout", tensor::realPartDType(t.dtype()) } };
            return wrapArray(guarded(in, [&] { return execRaw1("ComplexAbs", { t }, attrs); }));
        }
        return wrapArray(guarded(in, [&] { return execRaw1("Abs", { t }); }));
    });
    setMethod(c, "__complex__", [](Interpreter& in, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        if (t.numElements() != 1) raise(types().TypeError, "only length-1 arrays can be converted to Python scalars");
        Value v = elementToPython(t, 0);
        return lang::isComplex(v) ? v : lang::newComplex({ in.toDouble(v), 0.0 });
    });
    const NativeFn conjugate = [](Interpreter& in, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        if (!tensor::isComplex(t.dtype())) return a[0];
        return wrapArray(guarded(in, [&] { return execRaw1("Conj", { t }); }), a[0].obj()->cls != classes().ndarray);
    };
    setMethod(c, "conjugate", conjugate);
    setMethod(c, "conj", conjugate);
    setMethod(c, "__invert__", [](Interpreter& in, CallArgs& a) -> Value {
        const Tensor& t = arr(a[0]);
        return wrapArray(
            guarded(in, [&] { return execRaw1(t.dtype() == DType::Bool ? "LogicalNot" : "Invert", { t }); }));
    });
    defNpBinary(c, "__add__", "__radd__", "AddV2");
    defNpBinary(c, "__sub__", "__rsub__", "Sub");
    defNpBinary(c, "__mul__", "__rmul__", "Mul");
    defNpBinary(c, "__truediv__", "__rtruediv__", "truediv");
    defNpBinary(c, "__floordiv__", "__rfloordiv__", "FloorDiv");
    defNpBinary(c, "__mod__", "__rmod__", "FloorMod");
    defNpBinary(c, "__pow__", "__rpow__", "Pow");
    defNpBinary(c, "__matmul__", "__rmatmul__", "MatMul");
    defNpBinary(c, "__and__", "__rand__", "And");
    defNpBinary(c, "__or__", "__ror__", "Or");
    defNpBinary(c, "__xor__", "__rxor__", "Xor");
    defNpBinary(c, "__lt__", nullptr, "Less");
    defNpBinary(c, "__le__", nullptr, "LessEqual");
    defNpBinary(c, "__gt__", nullptr, "Greater");
    defNpBinary(c, "__ge__", nullptr, "GreaterEqual");
    setMethod(c, "__getitem__", npBridge("_getitem"));
    setMethod(c, "__setitem__", npBridge("_setitem"));
    for (const char* m :
         { "reshape",      "transpose", "astype", "sum",     "mean",   "max",    "min",     "argmax",      "argmin",
           "std",          "var",       "prod",   "any",     "all",    "cumsum", "round",   "copy",        "flatten",
           "ravel",        "squeeze",   "clip",   "dot",     "fill",   "sort",   "argsort", "swapaxes",    "__round__",
           "__deepcopy__", "__copy__",  "view",   "nonzero", "repeat", "take",   "tobytes", "__contains__" }) {
        setMethod(c, m, npBridge(std::string("_m_") + m));
    }
}

} // namespace

void buildNumpyClasses() {
    auto& C = classes();
    C.ndarray = makeClass("ndarray", nullptr);
    addArrayCommon(C.ndarray);
    setStaticDunder(C.ndarray, "__repr__", [](Interpreter&, CallArgs& a) -> Value {
        return newStr(numeric::numpyRepr(arrayView(arr(a[0]), arrayData(a[0]).str)));
    });
    setStaticDunder(C.ndarray, "__str__", [](Interpreter&, CallArgs& a) -> Value {
        return newStr(numeric::numpyStr(arrayView(arr(a[0]), arrayData(a[0]).str)));
    });

    C.npGeneric = makeClass("generic", nullptr);
    addArrayCommon(C.npGeneric);
    setStaticDunder(C.npGeneric, "__repr__", [](Interpreter&, CallArgs& a) -> Value {
        return newStr(numeric::numpyScalarRepr(arrayView(arr(a[0]), arrayData(a[0]).str)));
    });
    setStaticDunder(C.npGeneric, "__str__", [](Interpreter&, CallArgs& a) -> Value {
        return newStr(numeric::numpyScalarStr(arrayView(arr(a[0]), arrayData(a[0]).str)));
    });
    setStaticDunder(C.npGeneric, "__new__", npBridge("_scalar_new"));
    C.npNumber = makeClass("number", C.npGeneric);
    C.npInteger = makeClass("integer", C.npNumber);
    C.npSignedInteger = makeClass("signedinteger", C.npInteger);
    C.npUnsignedInteger = makeClass("unsignedinteger", C.npInteger);
    C.npFloating = makeClass("floating", C.npNumber);
    C.npComplexFloating = makeClass("complexfloating", C.npNumber);
    C.scalarTypes.assign(32, nullptr);
    auto scalar = [&](DType d, const char* name, ClassObj* base) {
        ClassObj* k = makeClass(name, base);
        C.scalarTypes[size_t(d)] = k;
    };
    scalar(DType::Int8, "int8", C.npSignedInteger);
    scalar(DType::Int16, "int16", C.npSignedInteger);
    scalar(DType::Int32, "int32", C.npSignedInteger);
    scalar(DType::Int64, "int64", C.npSignedInteger);
    scalar(DType::UInt8, "uint8", C.npUnsignedInteger);
    scalar(DType::UInt16, "uint16", C.npUnsignedInteger);
    scalar(DType::UInt32, "uint32", C.npUnsignedInteger);
    scalar(DType::UInt64, "uint64", C.npUnsignedInteger);
    scalar(DType::Float16, "float16", C.npFloating);
    scalar(DType::Float32, "float32", C.npFloating);
    scalar(DType::Float64, "float64", C.npFloating);
    scalar(DType::BFloat16, "bfloat16", C.npFloating);
    scalar(DType::Complex64, "complex64", C.npComplexFloating);
    scalar(DType::Complex128, "complex128", C.npComplexFloating);
    scalar(DType::Bool, "bool", C.npGeneric);
    C.npBoolType = C.scalarTypes[size_t(DType::Bool)];
    scalar(DType::String, "bytes_", C.npGeneric);
    // repr(type(np.float32(1))) is "<class 'numpy.float32'>": the module comes from __module__.
    for (ClassObj* k : { C.ndarray, C.npGeneric, C.npNumber, C.npInteger, C.npSignedInteger, C.npUnsignedInteger,
                         C.npFloating, C.npComplexFloating })
        k->d()->setStr("__module__", newStr("numpy"));
    for (size_t i = 0; i < C.scalarTypes.size(); ++i)
        if (C.scalarTypes[i])
            C.scalarTypes[i]->d()->setStr("__module__", newStr(DType(i) == DType::BFloat16 ? "ml_dtypes" : "numpy"));

    // numpy.dtype
    C.npDtype = makeClass("dtype", nullptr);
    ClassObj* c = C.npDtype;
    c->d()->setStr("__module__", newStr("numpy"));
    auto dt = [](const Value& v) { return DType(*static_cast<int*>(v.as<NativeObj>()->payload.get())); };
    auto nameOf = [dt](const Value& v) -> std::string {
        auto* n = v.as<NativeObj>();
        if (n->dict.isObj())
            if (Value* s = n->dict.as<DictObj>()->findStr("_name")) return s->as<StrObj>()->s;
        DType d = dt(v);
        if (d == DType::Bool) return "bool";
        return tfDtypeReprName(d);
    };
    c->getattrHook = [dt, nameOf](Interpreter&, const Value& self, const std::string& name, Value& out) -> bool {
        DType d = dt(self);
        if (name == "name") {
            out = newStr(nameOf(self));
            return true;
        }
        if (name == "itemsize") {
            out = Value::integer(int64_t(tensor::dtypeSize(d)));
            return true;
        }
        if (name == "kind") {
            std::string k = d == DType::Bool ? "b"
                : tensor::isComplex(d)       ? "c"
                : tensor::isFloating(d)      ? "f"
                : isUnsigned(d)              ? "u"
                : tensor::isInteger(d)       ? "i"
                                             : "O";
            out = newStr(k);
            return true;
        }
        if (name == "type") {
            ClassObj* k = classes().scalarTypes[size_t(d)];
            if (!k) return false;
            out = Value::object(k);
            return true;
        }
        return false;
    };
    setStaticDunder(c, "__repr__", [nameOf](Interpreter&, CallArgs& a) -> Value {
        std::string n = nameOf(a[0]);
        if (n[0] == '<' || n[0] == '|') return newStr("dtype('" + n + "')");
        return newStr("dtype('" + n + "')");
    });
    setStaticDunder(c, "__str__", [nameOf](Interpreter&, CallArgs& a) -> Value { return newStr(nameOf(a[0])); });
    auto eqFn = [dt](Interpreter& in, const Value& self, const Value& other) -> bool {
        if (other.isNone()) return false;
        try {
            return dtypeFromValue(in, other) == dt(self);
        } catch (PyError&) {
            return false;
        }
    };
    setStaticDunder(c, "__eq__",
                    [eqFn](Interpreter& in, CallArgs& a) -> Value { return Value::boolean(eqFn(in, a[0], a[1])); });
    setStaticDunder(c, "__ne__",
                    [eqFn](Interpreter& in, CallArgs& a) -> Value { return Value::boolean(!eqFn(in, a[0], a[1])); });
    setMethod(c, "__hash__",
              [dt](Interpreter&, CallArgs& a) -> Value { return Value::integer(int(dt(a[0])) * 7919 + 17); });
    setStaticDunder(c, "__new__", npBridge("_dtype_new"));
    C.npDtypes.resize(32);
    for (size_t i = 0; i < C.scalarTypes.size(); ++i) {
        if (!C.scalarTypes[i] || DType(int(i)) == DType::String) continue;
        auto* o = new NativeObj(c, std::make_shared<int>(int(i)));
        o->rc = int64_t(1) << 40;
        C.npDtypes[i] = Value::object(o);
    }
    auto* o = new NativeObj(c, std::make_shared<int>(int(DType::String)));
    o->rc = int64_t(1) << 40;
    o->dict = newDict();
    o->dict.as<DictObj>()->setStr("_name", newStr("object"));
    C.npObjectDtype = Value::object(o);
}

// dtype object for a string dtype name such as "<U5".
Value npNamedStringDtype(const std::string& name) {
    auto* o = new NativeObj(classes().npDtype, std::make_shared<int>(int(DType::String)));
    Value v = Value::adopt(o);
    o->dict = newDict();
    o->dict.as<DictObj>()->setStr("_name", newStr(name));
    return v;
}

} // namespace graphlens::eager
