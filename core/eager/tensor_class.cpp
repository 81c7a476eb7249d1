// tf.Tensor (EagerTensor), tf.Variable and tf.DType as native classes.
#include <cmath>

#include "core/eager/internal.h"
#include "core/eager/trace_state.h"
#include "core/numeric/array_format.h"
#include "core/numeric/tf_format.h"

namespace graphlens::eager {

using namespace lang;

namespace {

Value moduleAttr(Interpreter& in, const char* module, const char* name) {
    Value m = in.importModule(module);
    Value* v = m.as<ModuleObj>()->d()->findStr(name);
    if (!v) raise(types().AttributeError, std::string("module '") + module + "' has no attribute '" + name + "'");
    return *v;
}

// A dunder implemented by a Python function of the tensorflow prelude.
NativeFn bridge(const char* module, const char* pyName) {
    return [module, pyName](Interpreter& in, CallArgs& a) -> Value {
        Value f = moduleAttr(in, module, pyName);
        return in.call(f, a.args, a.n, a.kw);
    };
}

const Tensor& selfTensor(const Value& v) {
    return tensorData(v).t;
}

bool isIntType(DType d) {
    return tensor::isInteger(d);
}

// Converts the other operand of a Python operator with the tensor's dtype as hint.
Input otherOperand(Interpreter& in, const Value& other, DType hint) {
    if (isTensor(other) || isVariable(other) || isSymbolic(other)) return toInput(in, other);
    try {
        return toInput(in, other, hint);
    } catch (PyError& e) {
        if (!in.isInstance(e.exc, types().TypeError)) throw;
    }
    return toInput(in, other);
}

DType truedivType(DType d) {
    switch (d) {
    case DType::Int8:
    case DType::Int16:
    case DType::UInt8:
    case DType::UInt16:
        return DType::Float32;
    case DType::Int32:
    case DType::Int64:
    case DType::UInt32:
    case DType::UInt64:
        return DType::Float64;
    default:
        return d;
    }
}

// The node name TF's Python operators give in a graph (x + y is "add", x @ y is "matmul").
std::string graphNodeName(const std::string& op) {
    static const std::pair<const char*, const char*> names[] = {
        { "AddV2", "add" },         { "Sub", "sub" },      { "Mul", "mul" }, { "truediv", "truediv" },
        { "FloorDiv", "floordiv" }, { "FloorMod", "mod" }, { "Pow", "pow" }, { "MatMul", "matmul" },
        { "And", "and" },           { "Or", "or" },        { "Xor", "xor" }
    };
    for (const auto& [o, n] : names)
        if (op == o) return n;
    return {};
}

Value binop(Interpreter& in, const std::string& op, const Value& self, const Value& other, bool reflected) {
    // A variable's own operator reads it first (TF's _OverloadOperator calls the tensor operator
    // on a.value(): "ReadVariableOp"); a variable on the other side is read in the op's name
    // scope ("mul/ReadVariableOp"): the op's name is reserved first and taken by the op itself,
    // whatever runs in between.
    Value selfV = isVariable(self) && tracing() ? readVariable(in, self) : self, otherV = other;
    std::string reservedName;
    if (tracing() && isVariable(other)) {
        TraceFrame& f = *currentTraceFrame();
        f.nextName = graphNodeName(op);
        f.exactName = false;
        readVariablesForOp(in, op, std::nullopt, { &selfV, &otherV });
        reservedName = std::exchange(f.nextName, std::string());
        f.exactName = false;
    }
    Value selfT = isVariable(selfV) ? readVariable(in, selfV) : selfV;
    Input x = toInput(in, selfT);
    Input y = otherOperand(in, otherV, x.dtype());
    if (reflected) std::swap(x, y);
    std::string opName = op;
    if (op == "truediv") {
        DType dx = x.dtype(), dy = y.dtype();
        if (dx != dy) {
            // let the kernel report the mismatch as TF does
            try {
                tensor::throwOpError(tensor::ErrorCode::InvalidArgument,
                                     "cannot compute RealDiv as input #1(zero-based) was expected to be a " +
                                         std::string(tensor::dtypeCppName(dx)) + " tensor but is a " +
                                         std::string(tensor::dtypeCppName(dy)) + " tensor [Op:RealDiv]");
            } catch (const tensor::OpError& e) {
                raiseOpError(in, e, std::string());
            }
        }
        if (isIntType(dx)) {
            DType f = truedivType(dx);
            x = toInput(in, runOp1(in, "Cast", { x }, { { "DstT", f }, { "Truncate", false } }));
            y = toInput(in, runOp1(in, "Cast", { y }, { { "DstT", f }, { "Truncate", false } }));
        }
        opName = "RealDiv";
    } else if (op == "AddV2" && x.dtype() == DType::String) {
        opName = "Add"; // TF's math_ops.add: strings have no AddV2 kernel
    } else if (op == "MatMul") {
        if (x.rank() > 2 || y.rank() > 2) opName = "BatchMatMulV2";
    } else if (op == "And" || op == "Or" || op == "Xor") {
        if (x.dtype() == DType::Bool) {
            if (op == "And") opName = "LogicalAnd";
            else if (op == "Or") opName = "LogicalOr";
            else {
                Value o = runOp1(in, "LogicalOr", { x, y }, {}, std::string());
                Value n = runOp1(in, "LogicalAnd", { x, y }, {}, std::string());
                Value nn = runOp1(in, "LogicalNot", { toInput(in, n) }, {}, std::string());
                return runOp1(in, "LogicalAnd", { toInput(in, o), toInput(in, nn) }, {}, std::string());
            }
        } else {
            opName = op == "And" ? "BitwiseAnd" : op == "Or" ? "BitwiseOr" : "BitwiseXor";
        }
    }
    if (TraceFrame* f = tracing() ? currentTraceFrame() : nullptr) {
        f->nextName = reservedName.empty() ? graphNodeName(op) : reservedName;
        f->exactName = !reservedName.empty();
    }
    return runOp1(in, opName, { x, y }, {}, std::string());
}

void defBinary(ClassObj* c, const char* dunder, const char* rdunder, std::string op) {
    setMethod(c, dunder, [op](Interpreter& in, CallArgs& a) -> Value { return binop(in, op, a[0], a[1], false); });
    if (rdunder)
        setMethod(c, rdunder, [op](Interpreter& in, CallArgs& a) -> Value { return binop(in, op, a[0], a[1], true); });
}

Value tensorEq(Interpreter& in, const Value& selfV, const Value& other, bool ne) {
    if (other.isNone()) return Value::boolean(ne);
    Value self = isVariable(selfV) ? readVariable(in, selfV) : selfV;
    Input x = toInput(in, self);
    Input y;
    if (isTensor(other) || isVariable(other) || isSymbolic(other)) y = toInput(in, other);
    else y = toInput(in, other, x.dtype());
    return runOp1(in, ne ? "NotEqual" : "Equal", { x, y }, { { "incompatible_shape_error", false } }, std::string());
}

std::string scalarOnlyError() {
    return "only 0-dimensional arrays can be converted to Python scalars";
}

Value scalarValue(Interpreter& in, const Tensor& t) {
    (void)in;
    if (t.numElements() != 1) raise(types().TypeError, scalarOnlyError());
    return elementToPython(t, 0);
}

std::string formatTensor(Interpreter& in, const Tensor& t, const std::string& spec) {
    if (t.rank() == 0) {
        if (t.dtype() == DType::String) return in.format(elementToPython(t, 0), spec);
        return in.format(elementToPython(t, 0), spec);
    }
    if (spec.empty()) return numeric::numpyStr(arrayView(t, NpStr::Object));
    raise(types().TypeError, "unsupported format string passed to numpy.ndarray.__format__");
}

} // namespace

// ---------------------------------------------------------------------------------------------

void buildTensorClass() {
    auto& C = classes();
    C.tensorBase = makeClass("Tensor", nullptr);
    C.eagerTensor = makeClass("EagerTensor", C.tensorBase);
    ClassObj* c = C.eagerTensor;

    c->getattrHook = [](Interpreter& in, const Value& self, const std::string& name, Value& out) -> bool {
        const Tensor& t = selfTensor(self);
        if (name == "shape") {
            std::vector<Value> dims;
            for (auto d : t.shape().dims()) dims.push_back(Value::integer(d));
            Value cls = moduleAttr(in, "tensorflow", "TensorShape");
            out = in.call(cls, { newList(std::move(dims)) });
            return true;
        }
        if (name == "dtype") {
            out = tfDtypeValue(t.dtype());
            return true;
        }
        if (name == "ndim") {
            out = Value::integer(t.rank());
            return true;
        }
        if (name == "device") {
            out = newStr("/job:localhost/replica:0/task:0/device:CPU:0");
            return true;
        }
        if (name == "_id") {
            out = Value::integer(tensorData(self).id);
            return true;
        }
        if (name == "name") raise(types().AttributeError, "Tensor.name is undefined when eager execution is enabled.");
        return false;
    };
    setStaticDunder(c, "__repr__", [](Interpreter&, CallArgs& a) -> Value {
        return newStr(numeric::tfTensorRepr(arrayView(selfTensor(a[0]), NpStr::Object)));
    });
    setStaticDunder(c, "__str__", [](Interpreter&, CallArgs& a) -> Value {
        return newStr(numeric::tfTensorStr(arrayView(selfTensor(a[0]), NpStr::Object)));
    });
    setStaticDunder(c, "__format__", [](Interpreter& in, CallArgs& a) -> Value {
        return newStr(formatTensor(in, selfTensor(a[0]), a.n > 1 ? in.str(a[1]) : std::string()));
    });
    setStaticDunder(c, "__eq__", [](Interpreter& in, CallArgs& a) -> Value { return tensorEq(in, a[0], a[1], false); });
    setStaticDunder(c, "__ne__", [](Interpreter& in, CallArgs& a) -> Value { return tensorEq(in, a[0], a[1], true); });
    setMethod(c, "__hash__", [](Interpreter&, CallArgs&) -> Value {
        raise(types().TypeError, "Tensor is unhashable. Instead, use tensor.ref() as the key.");
    });
    setMethod(c, "numpy", [](Interpreter&, CallArgs& a) -> Value {
        const Tensor& t = selfTensor(a[0]);
        if (t.rank() == 0 && t.dtype() == DType::String) return elementToPython(t, 0); // bytes
        return wrapArray(t, true, NpStr::Object);
    });
    setMethod(c, "_numpy",
              [](Interpreter&, CallArgs& a) -> Value { return wrapArray(selfTensor(a[0]), true, NpStr::Object); });
    setMethod(c, "__array__",
              [](Interpreter&, CallArgs& a) -> Value { return wrapArray(selfTensor(a[0]), false, NpStr::Object); });
    setMethod(c, "__bool__", [](Interpreter&, CallArgs& a) -> Value {
        const Tensor& t = selfTensor(a[0]);
        if (t.numElements() != 1)
            raise(types().ValueError,
                  "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
        Value v = elementToPython(t, 0);
        if (v.isKind(ObjKind::Bytes)) return Value::boolean(!v.as<BytesObj>()->s.empty());
        return Value::boolean(v.isBool() ? v.asBool() : v.isInt() ? v.asInt() != 0 : v.asFloat() != 0);
    });
    setMethod(c, "__float__", [](Interpreter& in, CallArgs& a) -> Value {
        Value v = scalarValue(in, selfTensor(a[0]));
        return Value::flt(in.toDouble(v));
    });
    setMethod(c, "__int__", [](Interpreter& in, CallArgs& a) -> Value {
        Value v = scalarValue(in, selfTensor(a[0]));
        if (v.isFloat()) {
            double d = v.asFloat();
            if (std::isnan(d)) raise(types().ValueError, "cannot convert float NaN to integer");
            return Value::integer(int64_t(d));
        }
        if (v.isBool()) return Value::integer(v.asBool());
        return v;
    });
    setMethod(c, "__index__", [](Interpreter& in, CallArgs& a) -> Value {
        const Tensor& t = selfTensor(a[0]);
        if (!tensor::isInteger(t.dtype()) || t.rank() != 0)
            raise(types().TypeError, "only integer scalar arrays can be converted to a scalar index");
        return scalarValue(in, t);
    });
    setMethod(c, "__len__", [](Interpreter&, CallArgs& a) -> Value {
        const Tensor& t = selfTensor(a[0]);
        if (t.rank() == 0) raise(types().TypeError, "Scalar tensor has no `len()`");
        return Value::integer(t.dim(0));
    });
    setMethod(c, "__iter__", [](Interpreter& in, CallArgs& a) -> Value {
        const Tensor& t = selfTensor(a[0]);
        if (t.rank() == 0) raise(types().TypeError, "Cannot iterate over a scalar tensor.");
        if (t.dim(0) == 0) return in.iter(newList());
        auto outs = runOp(in, "Unpack", { toInput(in, a[0]) }, { { "num", t.dim(0) }, { "axis", int64_t(0) } });
        return in.iter(newList(std::move(outs)));
    });
    setMethod(c, "__getitem__", bridge("tensorflow", "_tensor_getitem"));
    setMethod(c, "get_shape", [](Interpreter& in, CallArgs& a) -> Value { return in.getAttr(a[0], "shape"); });
    setMethod(c, "__neg__", [](Interpreter& in, CallArgs& a) -> Value {
        return runOp1(in, "Neg", { toInput(in, a[0]) }, {}, std::string());
    });
    setMethod(c, "__pos__", [](Interpreter&, CallArgs& a) -> Value { return a[0]; });
    setMethod(c, "__abs__", [](Interpreter& in, CallArgs& a) -> Value {
        Input x = toInput(in, a[0]);
        const DType dt = x.dtype();
        if (tensor::isComplex(dt))
            return runOp1(in, "ComplexAbs", { x }, { { "Tout", tensor::realPartDType(dt) } }, std::string());
        return runOp1(in, "Abs", { x }, {}, std::string());
    });
    setMethod(c, "__invert__", [](Interpreter& in, CallArgs& a) -> Value {
        Input x = toInput(in, a[0]);
        return runOp1(in, x.dtype() == DType::Bool ? "LogicalNot" : "Invert", { x }, {}, std::string());
    });
    defBinary(c, "__add__", "__radd__", "AddV2");
    defBinary(c, "__sub__", "__rsub__", "Sub");
    defBinary(c, "__mul__", "__rmul__", "Mul");
    defBinary(c, "__truediv__", "__rtruediv__", "truediv");
    defBinary(c, "__floordiv__", "__rfloordiv__", "FloorDiv");
    defBinary(c, "__mod__", "__rmod__", "FloorMod");
    defBinary(c, "__pow__", "__rpow__", "Pow");
    defBinary(c, "__matmul__", "__rmatmul__", "MatMul");
    defBinary(c, "__and__", "__rand__", "And");
    defBinary(c, "__or__", "__ror__", "Or");
    defBinary(c, "__xor__", "__rxor__", "Xor");
    defBinary(c, "__lt__", nullptr, "Less");
    defBinary(c, "__le__", nullptr, "LessEqual");
    defBinary(c, "__gt__", nullptr, "Greater");
    defBinary(c, "__ge__", nullptr, "GreaterEqual");
}

void copyTensorOperators(ClassObj* from, ClassObj* to) {
    for (const char* m :
         { "__add__",      "__radd__",     "__sub__",       "__rsub__", "__mul__",  "__rmul__", "__truediv__",
           "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__",  "__rmod__", "__pow__",  "__rpow__",
           "__matmul__",   "__rmatmul__",  "__and__",       "__rand__", "__or__",   "__ror__",  "__xor__",
           "__rxor__",     "__lt__",       "__le__",        "__gt__",   "__ge__",   "__neg__",  "__pos__",
           "__abs__",      "__invert__",   "__getitem__",   "__eq__",   "__ne__" })
        if (Value* v = from->d()->findStr(m)) to->d()->setStr(m, *v);
}

// ---------------------------------------------------------------------------------------------
// tf.Variable

namespace {

Value varRead(Interpreter& in, const Value& v) {
    return readVariable(in, v);
}

bool isUnread(const Value& v) {
    auto* n = v.as<NativeObj>();
    return n->dict.isObj() && n->dict.as<DictObj>()->findStr("_unread");
}

std::string varRepr(const Value& v) {
    const VarData& d = varData(v);
    // A Keras 3 variable (a layer's weight) prints as keras.Variable does, its value as numpy's str.
    if (!d.kerasPath.empty()) {
        const auto value = arrayView(d.value(), NpStr::Object);
        return "<Variable path=" + d.kerasPath + ", shape=" + numeric::pythonShapeTuple(value.shape) +
            ", dtype=" + numeric::tfDtypeName(value.type) + ", value=" + numeric::numpyStr(value) + ">";
    }
    return numeric::tfVariableRepr(isUnread(v) ? "UnreadVariable" : d.name, arrayView(d.value(), NpStr::Object));
}

// Delegates a method to the value read from the variable.
NativeFn viaRead(const char* name) {
    return [name](Interpreter& in, CallArgs& a) -> Value {
        Value t = varRead(in, a[0]);
        Value m = in.getAttr(t, name);
        return in.call(m, a.args + 1, a.n - 1, a.kw);
    };
}

Value doAssign(Interpreter& in, CallArgs& a, const char* op) {
    Value self = a[0];
    VarData& d = varData(self);
    const Value* val = argOrKw(a, 1, "value");
    if (!val) raise(types().TypeError, "assign() missing 1 required positional argument: 'value'");
    Value readValue = argOr(a, 3, "read_value", Value::boolean(true));
    if (tracing()) {
        Input x = isTensor(*val) || isVariable(*val) || isSymbolic(*val) ? toInput(in, *val)
                                                                         : toInput(in, *val, d.value().dtype());
        assignVariableInGraph(in, self, x, op);
        if (!in.truthy(readValue)) return Value::none();
        // TF returns the variable unread (a read op is made only when the value is used).
        auto* n = new NativeObj(classes().variable, self.as<NativeObj>()->payload);
        Value r = Value::adopt(n);
        n->dict = newDict();
        n->dict.as<DictObj>()->setStr("_unread", Value::boolean(true));
        return r;
    }
    Tensor nv;
    if (isTensor(*val) || isVariable(*val)) {
        nv = toTensor(in, *val);
        if (nv.dtype() != d.value().dtype()) {
            raise(types().ValueError,
                  "Cannot assign value to variable ' " + d.name + "': the variable dtype (" +
                      tfDtypeReprName(d.value().dtype()) + ") and the assigned value dtype (" +
                      tfDtypeReprName(nv.dtype()) + ") are incompatible.");
        }
    } else {
        nv = toTensor(in, *val, d.value().dtype());
        takeTfUid(); // TF converts the Python value to an EagerTensor
    }
    if (std::string(op) != "assign") {
        if (nv.shape() != d.value().shape() && nv.numElements() != 1 && d.value().numElements() != 1) {
            // kernels report the mismatch
        }
        nv = guarded(in, [&] { return execRaw1(std::string(op) == "add" ? "AddV2" : "Sub", { d.value(), nv }); });
    }
    if (nv.shape() != d.value().shape()) {
        raise(types().ValueError,
              "Cannot assign value to variable ' " + d.name + "': Shape mismatch.The variable shape " +
                  numeric::pythonShapeTuple(d.value().shape().dims()) + ", and the assigned value shape " +
                  numeric::pythonShapeTuple(nv.shape().dims()) + " are incompatible.");
    }
    d.value() = nv.sharesBufferWith(d.value()) ? nv.deepCopy() : nv;
    if (!in.truthy(readValue)) return Value::none();
    auto* n = new NativeObj(classes().variable, self.as<NativeObj>()->payload);
    Value r = Value::adopt(n);
    n->dict = newDict();
    n->dict.as<DictObj>()->setStr("_unread", Value::boolean(true));
    return r;
}

} // namespace

void buildVariableClass() {
    auto& C = classes();
    C.variable = makeClass("Variable", nullptr);
    ClassObj* c = C.variable;
    c->d()->setStr("__name__", newStr("ResourceVariable"));
    c->getattrHook = [](Interpreter& in, const Value& self, const std::string& name, Value& out) -> bool {
        const VarData& d = varData(self);
        if (name == "name") {
            out = newStr(isUnread(self) ? "UnreadVariable" : !d.kerasName.empty() ? d.kerasName : d.name);
            return true;
        }
        if (name == "path" && !d.kerasPath.empty()) {
            out = newStr(d.kerasPath);
            return true;
        }
        if (name == "dtype") {
            out = tfDtypeValue(d.value().dtype());
            return true;
        }
        if (name == "shape") {
            std::vector<Value> dims;
            for (auto x : d.value().shape().dims()) dims.push_back(Value::integer(x));
            out = in.call(moduleAttr(in, "tensorflow", "TensorShape"), { newList(std::move(dims)) });
            return true;
        }
        if (name == "trainable") {
            out = Value::boolean(d.trainable);
            return true;
        }
        if (name == "ndim") {
            out = Value::integer(d.value().rank());
            return true;
        }
        if (name == "device") {
            out = newStr("/job:localhost/replica:0/task:0/device:CPU:0");
            return true;
        }
        if (name == "_id") {
            out = Value::integer(d.id);
            return true;
        }
        return false;
    };
    setStaticDunder(c, "__new__", bridge("tensorflow", "_variable_new"));
    setStaticDunder(c, "__repr__", [](Interpreter&, CallArgs& a) -> Value { return newStr(varRepr(a[0])); });
    setStaticDunder(c, "__str__", [](Interpreter&, CallArgs& a) -> Value { return newStr(varRepr(a[0])); });
    setStaticDunder(c, "__format__", [](Interpreter& in, CallArgs& a) -> Value {
        return newStr(formatTensor(in, varData(a[0]).value(), a.n > 1 ? in.str(a[1]) : std::string()));
    });
    setStaticDunder(c, "__eq__", [](Interpreter& in, CallArgs& a) -> Value { return tensorEq(in, a[0], a[1], false); });
    setStaticDunder(c, "__ne__", [](Interpreter& in, CallArgs& a) -> Value { return tensorEq(in, a[0], a[1], true); });
    setMethod(c, "numpy",
              [](Interpreter&, CallArgs& a) -> Value { return wrapArray(varData(a[0]).value(), true, NpStr::Object); });
    setMethod(c, "read_value", [](Interpreter& in, CallArgs& a) -> Value {
        // In a graph TF's read_value() is the read, in a "Read" scope, through an Identity (value() is
        // the bare read).
        if (!tracing()) {
            Value r = varRead(in, a[0]);
            takeTfUid(); // TF's eager read_value is the read and an identity of it
            return r;
        }
        Value r;
        {
            GraphNameScope scope("Read");
            r = varRead(in, a[0]);
        }
        currentTraceFrame()->nextName = "Identity";
        return runOp1(in, "Identity", { toInput(in, r) });
    });
    setMethod(c, "value", [](Interpreter& in, CallArgs& a) -> Value { return varRead(in, a[0]); });
    setMethod(c, "_read", [](Interpreter& in, CallArgs& a) -> Value { return varRead(in, a[0]); });
    setMethod(c, "assign", [](Interpreter& in, CallArgs& a) -> Value { return doAssign(in, a, "assign"); });
    setMethod(c, "assign_add", [](Interpreter& in, CallArgs& a) -> Value { return doAssign(in, a, "add"); });
    setMethod(c, "assign_sub", [](Interpreter& in, CallArgs& a) -> Value { return doAssign(in, a, "sub"); });
    setMethod(c, "get_shape", [](Interpreter& in, CallArgs& a) -> Value { return in.getAttr(a[0], "shape"); });
    for (const char* m : { "__bool__", "__float__", "__int__", "__index__", "__len__", "__iter__", "__neg__", "__abs__",
                           "__invert__", "__array__" })
        setMethod(c, m, viaRead(m));
    setMethod(c, "__getitem__", bridge("tensorflow", "_var_getitem"));
    setMethod(c, "__pos__", [](Interpreter& in, CallArgs& a) -> Value { return varRead(in, a[0]); });
    defBinary(c, "__add__", "__radd__", "AddV2");
    defBinary(c, "__sub__", "__rsub__", "Sub");
    defBinary(c, "__mul__", "__rmul__", "Mul");
    defBinary(c, "__truediv__", "__rtruediv__", "truediv");
    defBinary(c, "__floordiv__", "__rfloordiv__", "FloorDiv");
    defBinary(c, "__mod__", "__rmod__", "FloorMod");
    defBinary(c, "__pow__", "__rpow__", "Pow");
    defBinary(c, "__matmul__", "__rmatmul__", "MatMul");
    defBinary(c, "__lt__", nullptr, "Less");
    defBinary(c, "__le__", nullptr, "LessEqual");
    defBinary(c, "__gt__", nullptr, "Greater");
    defBinary(c, "__ge__", nullptr, "GreaterEqual");
}

VarData::VarData()
    : res(std::make_shared<ops::VarResource>()) { }

VarData::~VarData() {
    if (handle.isValid()) ops::resourceManager(tensor::cpuDevice()).erase(ops::handleFromTensor(handle));
}

Value varCreate(Interpreter& in, CallArgs& a) {
    // var_create(value_tensor, name, trainable)
    auto d = std::make_shared<VarData>();
    d->value() = toTensor(in, a[0]);
    d->res->isInitialized = true;
    d->handle = ops::makeVarHandle(tensor::cpuDevice(), "", ops::anonymousVarName(), d->value().dtype(),
                                   PartialShape(d->value().shape().dims()));
    ops::resourceManager(tensor::cpuDevice()).create(ops::handleFromTensor(d->handle), d->res);
    d->id = nextTensorId();
    d->name = in.str(a[1]);
    d->trainable = in.truthy(a[2]);
    // TF's uids for a variable: the default graph (the process's first), the handle, its unique id
    noteDefaultGraph();
    takeTfUid(2);
    return Value::adopt(new NativeObj(classes().variable, std::move(d)));
}

// ---------------------------------------------------------------------------------------------
// tf.DType

void buildDTypeClass() {
    auto& C = classes();
    C.dtype = makeClass("DType", nullptr);
    ClassObj* c = C.dtype;
    auto dt = [](const Value& v) { return DType(*static_cast<int*>(v.as<NativeObj>()->payload.get())); };
    c->getattrHook = [dt](Interpreter& in, const Value& self, const std::string& name, Value& out) -> bool {
        DType d = dt(self);
        if (name == "name") {
            out = newStr(tfDtypeReprName(d));
            return true;
        }
        if (name == "is_floating") {
            out = Value::boolean(tensor::isFloating(d));
            return true;
        }
        if (name == "is_integer") {
            out = Value::boolean(tensor::isInteger(d));
            return true;
        }
        if (name == "is_bool") {
            out = Value::boolean(d == DType::Bool);
            return true;
        }
        if (name == "is_complex") {
            out = Value::boolean(d == DType::Complex64 || d == DType::Complex128);
            return true;
        }
        if (name == "is_unsigned") {
            out = Value::boolean(d == DType::UInt8 || d == DType::UInt16 || d == DType::UInt32 || d == DType::UInt64);
            return true;
        }
        if (name == "is_signed") {
            out = Value::boolean(tensor::isSigned(d));
            return true;
        }
        if (name == "size") {
            out = Value::integer(d == DType::String ? 8 : int64_t(tensor::dtypeSize(d)));
            return true;
        }
        if (name == "base_dtype") {
            out = self;
            return true;
        }
        if (name == "real_dtype") {
            out = tensor::isComplex(d) ? tfDtypeValue(tensor::realPartDType(d)) : self;
            return true;
        }
        if (name == "as_datatype_enum") {
            out = Value::integer(int(d));
            return true;
        }
        if (name == "as_numpy_dtype") {
            auto& st = classes().scalarTypes;
            if (d == DType::String) {
                out = Value::object(types().object);
                return true;
            }
            if (size_t(d) < st.size() && st[size_t(d)]) {
                out = Value::object(st[size_t(d)]);
                return true;
            }
            return false;
        }
        if (name == "min" || name == "max") {
            bool mx = name == "max";
            switch (d) {
            case DType::Int8:
                out = Value::integer(mx ? 127 : -128);
                return true;
            case DType::Int16:
                out = Value::integer(mx ? 32767 : -32768);
                return true;
            case DType::Int32:
                out = Value::integer(mx ? 2147483647 : -2147483648LL);
                return true;
            case DType::Int64:
                out = Value::integer(mx ? INT64_MAX : INT64_MIN);
                return true;
            case DType::UInt8:
                out = Value::integer(mx ? 255 : 0);
                return true;
            case DType::UInt16:
                out = Value::integer(mx ? 65535 : 0);
                return true;
            case DType::UInt32:
                out = Value::integer(mx ? 4294967295LL : 0);
                return true;
            case DType::Bool:
                out = Value::boolean(mx);
                return true;
            case DType::Float32:
                out = Value::flt(mx ? 3.4028234663852886e+38 : -3.4028234663852886e+38);
                return true;
            case DType::Float64:
                out = Value::flt(mx ? 1.7976931348623157e+308 : -1.7976931348623157e+308);
                return true;
            case DType::Float16:
                out = Value::flt(mx ? 65504.0 : -65504.0);
                return true;
            case DType::BFloat16:
                out = Value::flt(mx ? 3.3895313892515355e+38 : -3.3895313892515355e+38);
                return true;
            default:
                break;
            }
            raise(types().TypeError, "Cannot find minimum value of " + tfDtypeReprName(d) + ".");
        }
        (void)in;
        return false;
    };
    setStaticDunder(c, "__repr__",
                    [dt](Interpreter&, CallArgs& a) -> Value { return newStr("tf." + tfDtypeReprName(dt(a[0]))); });
    setStaticDunder(c, "__str__", [dt](Interpreter&, CallArgs& a) -> Value {
        return newStr("<dtype: '" + tfDtypeReprName(dt(a[0])) + "'>");
    });
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
              [dt](Interpreter&, CallArgs& a) -> Value { return Value::integer(int(dt(a[0])) * 7919 + 13); });
    setMethod(c, "is_compatible_with", [dt](Interpreter& in, CallArgs& a) -> Value {
        return Value::boolean(dtypeFromValue(in, a[1]) == dt(a[0]));
    });

    DType all[] = {
        DType::Float16, DType::Float32, DType::Float64,   DType::BFloat16,   DType::Int8,     DType::Int16,
        DType::Int32,   DType::Int64,   DType::UInt8,     DType::UInt16,     DType::UInt32,   DType::UInt64,
        DType::Bool,    DType::String,  DType::Complex64, DType::Complex128, DType::Resource, DType::Variant
    };
    C.tfDtypes.resize(32);
    for (DType d : all) {
        auto* o = new NativeObj(c, std::make_shared<int>(int(d)));
        o->rc = int64_t(1) << 40;
        C.tfDtypes[size_t(d)] = Value::object(o);
    }
}

} // namespace graphlens::eager
