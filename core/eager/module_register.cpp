// The `tensorflow` and `numpy` modules: native primitives (the `_core` / `_np` dicts) plus the
// Python halves in core/eager/python/*.py, run by the module builders.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <random>
#include <span>

#include "core/eager/eager.h"
#include "core/eager/eager_state.h"
#include "core/eager/internal.h"
#include "core/eager/trace_state.h"
#include "core/lang/parser.h"
#include "core/numeric/mt19937.h"
#include "core/numeric/tf_format.h"
#include "core/numeric/tf_random.h"
#include "core/ops/execute.h"
#include "core/ops/numpy_sum.h"
#include "core/ops/onednn.h"
#include "core/ops/registry.h"
#include "core/ops/resource.h"
#include "core/ops/string_ops.h"

namespace graphlens::eager {

using namespace lang;

Value opPrimitive(Interpreter& in, CallArgs& a);
Value opSignaturePrimitive(Interpreter& in, CallArgs& a);
Value varCreate(Interpreter& in, CallArgs& a);
void buildDTypeClass();
Value npNamedStringDtype(const std::string& name);
DType npPromote(DType a, DType b);

namespace {

// The tensorflow module's Python half, run in this order into one module dict.
const char* const kTensorflowPy[] = {
#include "core/eager/tensorflow_py.inc"
    ,
#include "core/eager/tf_nn_py.inc"
    ,
#include "core/eager/tf_runtime_py.inc"
    ,
#include "core/eager/tf_ragged_py.inc"
    ,
#include "core/eager/tf_sparse_strings_py.inc"
    ,
#include "core/eager/tf_checkpoint_py.inc"
};
const char* const kTfFunctionPy[] = {
#include "core/eager/tf_function_py.inc"
    ,
#include "core/eager/tf_saved_model_py.inc"
};
const char* const kNumpyPy[] = {
#include "core/eager/numpy_py.inc"
    ,
#include "core/eager/numpy_testing_py.inc"
};
// tf.data and tf.keras: Python sources run into their own module dicts (see registerModules).
const char* const kTfDataPy[] = {
#include "core/eager/tf_data_py.inc"
    ,
#include "core/eager/tf_data_more_py.inc"
};
const char* kKerasPy[] = {
#include "core/eager/keras_core_py.inc"
    ,
#include "core/eager/keras_layers_py.inc"
    ,
#include "core/eager/keras_layers_more_py.inc"
    ,
#include "core/eager/keras_attention_py.inc"
    ,
#include "core/eager/keras_train_py.inc"
    ,
#include "core/eager/keras_model_py.inc"
    ,
#include "core/eager/keras_ops_py.inc"
    ,
#include "core/eager/keras_saving_py.inc"
};

} // namespace

numeric::TfEagerRandom& tfRandom() {
    numeric::TfEagerRandom& random = eagerState().tfRandom;
    ops::setStatefulRandom(&random); // the registered random kernels draw from it
    return random;
}

namespace {

// numpy.random.RandomState instances of the running script (by handle).
std::deque<numeric::NumpyRandomState>& npStates() {
    return eagerState().npStates;
}
numeric::NumpyRandomState& npRandom() {
    auto& random = eagerState().npRandom;
    if (!random) random = std::make_unique<numeric::NumpyRandomState>(uint32_t(std::random_device{}()));
    return *random;
}

ClassObj* makeErrorClass(const std::string& name, ClassObj* base) {
    auto* c = new ClassObj("tensorflow.python.framework.errors_impl." + name);
    noteProcessClass(c);
    c->rc = int64_t(1) << 40;
    c->cls = types().type;
    c->builtin = true;
    c->isException = true;
    c->bases.push_back(base);
    c->basesHold.push_back(Value::object(base));
    c->mro.push_back(c);
    c->mro.insert(c->mro.end(), base->mro.begin(), base->mro.end());
    c->d()->setStr("__name__", newStr(name));
    c->d()->setStr("__qualname__", newStr(name));
    c->d()->setStr("__module__", newStr("tensorflow.python.framework.errors_impl"));
    return c;
}

void def(DictObj* d, const char* n, NativeFn f) {
    d->setStr(n, newBuiltin(n, std::move(f)));
}

TensorShape shapeArg(Interpreter& in, const Value& v) {
    return TensorShape(intList(in, v));
}

// ----- random -----------------------------------------------------------------------------------

const char* opNameOf(const std::string& kind) {
    if (kind == "normal") return "RandomStandardNormal";
    if (kind == "uniform") return "RandomUniform";
    if (kind == "uniform_int") return "RandomUniformInt";
    return "TruncatedNormal";
}

// A random op's shape input: int32 as TF's Python converts a list of small ints, int64 when a
// dimension does not fit (never a truncated int32: tf.random.normal([2**32 + 3]) is 4294967299
// values, and runs out of memory as TF does, rather than giving 3).
Tensor shapeInput(const TensorShape& shape) {
    const auto dims = shape.dims();
    if (std::all_of(dims.begin(), dims.end(), [](int64_t d) { return d <= INT32_MAX; }))
        return Tensor::fromVector(std::vector<int32_t>(dims.begin(), dims.end()));
    return Tensor::fromVector(std::vector<int64_t>(dims.begin(), dims.end()));
}

// rand_fill(kind, shape, dtype, seed, seed2, lo=0, hi=0): the registered stateful random op
// (RandomUniform, RandomStandardNormal, TruncatedNormal, RandomUniformInt) on the eager state.
Value randFill(Interpreter& in, CallArgs& a) {
    std::string kind = in.str(a[0]);
    TensorShape shape = shapeArg(in, a[1]);
    DType dt = dtypeFromValue(in, a[2]);
    int64_t seed = in.toIndex(a[3]), seed2 = in.toIndex(a[4]);
    tfRandom();
    std::vector<Tensor> inputs = { shapeInput(shape) };
    ops::AttrMap attrs = { { "seed", seed }, { "seed2", seed2 } };
    if (kind == "uniform_int") {
        inputs.push_back(castTensor(Tensor::scalar<int64_t>(in.toIndex(a[5])), dt));
        inputs.push_back(castTensor(Tensor::scalar<int64_t>(in.toIndex(a[6])), dt));
    } else {
        attrs.set("dtype", dt);
    }
    try {
        return wrapTensor(ops::execute(opNameOf(kind), inputs, attrs).at(0));
    } catch (const tensor::OpError& e) {
        raiseOpError(in, e, std::nullopt);
    }
}

// rand_stateless(kind, shape, dtype, s0, s1, lo=0, hi=0): StatelessRandomGetKeyCounter, then the
// V2 op of `kind`.
Value randStateless(Interpreter& in, CallArgs& a) {
    std::string kind = in.str(a[0]);
    TensorShape shape = shapeArg(in, a[1]);
    DType dt = dtypeFromValue(in, a[2]);
    try {
        auto kc = ops::execute("StatelessRandomGetKeyCounter",
                               { Tensor::fromVector<int64_t>({ in.toIndex(a[3]), in.toIndex(a[4]) }) });
        std::vector<Tensor> inputs = { shapeInput(shape), kc.at(0), kc.at(1), Tensor::scalar<int32_t>(1) };
        const char* op = kind == "normal" ? "StatelessRandomNormalV2"
            : kind == "uniform"           ? "StatelessRandomUniformV2"
            : kind == "uniform_int"       ? "StatelessRandomUniformIntV2"
                                          : "StatelessTruncatedNormalV2";
        if (kind == "uniform_int") {
            inputs.push_back(castTensor(Tensor::scalar<int64_t>(in.toIndex(a[5])), dt));
            inputs.push_back(castTensor(Tensor::scalar<int64_t>(in.toIndex(a[6])), dt));
        }
        return wrapTensor(ops::execute(op, inputs, { { "dtype", dt } }).at(0));
    } catch (const tensor::OpError& e) {
        raiseOpError(in, e, std::nullopt);
    }
}

// ----- tf primitives ----------------------------------------------------------------------------

Value convertPrim(Interpreter& in, CallArgs& a) {
    // convert(value, dtype=None, hint=None)
    Value v = a[0];
    DType dt = a.n > 1 ? dtypeFromValueOpt(in, a[1]) : DType::Invalid;
    DType hint = a.n > 2 ? dtypeFromValueOpt(in, a[2]) : DType::Invalid;
    if (isTensor(v) || isVariable(v) || isSymbolic(v)) {
        Value t = isVariable(v) ? readVariable(in, v) : v;
        const DType have = toInput(in, t).dtype();
        if (dt != DType::Invalid && have != dt)
            raise(types().ValueError,
                  "Tensor conversion requested dtype " + tfDtypeReprName(dt) + " for Tensor with dtype " +
                      tfDtypeReprName(have) + ": " + in.repr(t));
        return t;
    }
    if (dt == DType::Invalid && hint != DType::Invalid) {
        try {
            return constantValue(toTensor(in, v, hint));
        } catch (PyError& e) {
            if (!in.isInstance(e.exc, types().TypeError)) throw;
        }
    }
    return constantValue(toTensor(in, v, dt));
}

Value printPrim(Interpreter& in, CallArgs& a) {
    // tf_print_text(args, summarize, sep, end) -> str
    std::vector<Value> args = in.toVector(a[0]);
    int64_t summarize = a[1].isNone() ? 3 : in.toIndex(a[1]);
    std::string sep = in.str(a[2]), end = in.str(a[3]);
    std::vector<Tensor> keep;
    std::vector<numeric::ArrayView> views;
    keep.reserve(args.size());
    views.reserve(args.size());
    std::vector<numeric::TfPrintArg> pa(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
        const Value& v = args[i];
        if (isTensor(v) || isVariable(v) || isArray(v)) {
            keep.push_back(toTensor(in, v));
            views.push_back(arrayView(keep.back(), NpStr::Object));
        }
    }
    size_t k = 0;
    for (size_t i = 0; i < args.size(); ++i) {
        const Value& v = args[i];
        if (isTensor(v) || isVariable(v) || isArray(v)) pa[i].tensor = &views[k++];
        else pa[i].text = in.str(v);
    }
    return newStr(numeric::tfPrint(pa, summarize, sep, end));
}

void fillTf(Interpreter& interp, DictObj* d) {
    (void)interp;
    auto& C = classes();
    def(d, "op", opPrimitive);
    def(d, "op_signature", opSignaturePrimitive);
    def(d, "convert", convertPrim);
    def(d, "constant", [](Interpreter& in, CallArgs& a) -> Value {
        DType dt = a.n > 1 ? dtypeFromValueOpt(in, a[1]) : DType::Invalid;
        if (isSymbolic(a[0])) return a[0];
        if (isTensor(a[0]) || isVariable(a[0])) {
            Tensor t = toTensor(in, a[0]);
            if (dt != DType::Invalid && t.dtype() != dt) t = guarded(in, [&] { return castTensor(t, dt); });
            return wrapTensor(t);
        }
        return constantValue(toTensor(in, a[0], dt));
    });
    def(d, "is_tensor",
        [](Interpreter&, CallArgs& a) -> Value { return Value::boolean(isTensor(a[0]) || isSymbolic(a[0])); });
    def(d, "is_variable", [](Interpreter&, CallArgs& a) -> Value { return Value::boolean(isVariable(a[0])); });
    def(d, "is_array", [](Interpreter&, CallArgs& a) -> Value { return Value::boolean(isArray(a[0])); });
    def(d, "var_create", varCreate);
    // var_slice_assign(var, begin, end, strides, masks, value): v[...].assign(value) through
    // ResourceStridedSliceAssign on a handle to the variable's value.
    def(d, "var_slice_assign", [](Interpreter& in, CallArgs& a) -> Value {
        VarData& v = varData(a[0]);
        auto ints = [&](const Value& x) {
            std::vector<int32_t> out;
            for (int64_t i : intList(in, x)) out.push_back(int32_t(i));
            return Tensor::fromVector(out);
        };
        ops::AttrMap attrs;
        for (const char* m : { "begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask" })
            attrs.set(m, int64_t(in.toIndex(in.getItem(a[4], newStr(m)))));
        Tensor value = toTensor(in, a[5], v.value().dtype());
        try {
            ops::execute("ResourceStridedSliceAssign", { v.handle, ints(a[1]), ints(a[2]), ints(a[3]), value }, attrs);
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
        return Value::none();
    });
    def(d, "read", [](Interpreter& in, CallArgs& a) -> Value { return readVariable(in, a[0]); });
    def(d, "dtype", [](Interpreter& in, CallArgs& a) -> Value { return tfDtypeValue(dtypeFromValue(in, a[0])); });
    def(d, "dtype_of", [](Interpreter& in, CallArgs& a) -> Value {
        if (isSymbolic(a[0])) return tfDtypeValue(toInput(in, a[0]).dtype());
        return tfDtypeValue(toTensor(in, a[0]).dtype());
    });
    def(d, "shape_of", [](Interpreter& in, CallArgs& a) -> Value {
        if (isSymbolic(a[0])) {
            PartialShape s = toInput(in, a[0]).shape();
            if (!s.hasRank()) return Value::none();
            std::vector<Value> dims;
            for (auto x : s.dims()) dims.push_back(x < 0 ? Value::none() : Value::integer(x));
            return newList(std::move(dims));
        }
        Tensor t = isTensor(a[0]) ? tensorData(a[0]).t
            : isVariable(a[0])    ? varData(a[0]).value()
            : isArray(a[0])       ? arrayData(a[0]).t
                                  : toTensor(in, a[0]);
        std::vector<Value> dims;
        for (auto x : t.shape().dims()) dims.push_back(Value::integer(x));
        return newList(std::move(dims));
    });
    def(d, "tensor_id", [](Interpreter&, CallArgs& a) -> Value {
        if (isTensor(a[0]) || isSymbolic(a[0])) return Value::integer(tensorData(a[0]).id);
        if (isVariable(a[0])) return Value::integer(varData(a[0]).id);
        return Value::integer(0);
    });
    def(d, "tolist", [](Interpreter& in, CallArgs& a) -> Value { return tensorToList(toTensor(in, a[0])); });
    def(d, "print_text", printPrim);
    def(d, "rand_seed", [](Interpreter& in, CallArgs& a) -> Value {
        if (a[0].isNone()) tfRandom().setGlobalSeed(std::nullopt);
        else tfRandom().setGlobalSeed(in.toIndex(a[0]));
        return Value::none();
    });
    def(d, "rand_get_seed", [](Interpreter& in, CallArgs& a) -> Value {
        std::optional<int64_t> op;
        if (!a[0].isNone()) op = in.toIndex(a[0]);
        // In a graph being traced, TF's graph rules: the graph's seed and its own op counter.
        TraceFrame* f = currentTraceFrame();
        auto s = f && !f->suspended ? numeric::tfGraphSeed(f->graphSeed, op, f->nextOpSeed) : tfRandom().getSeed(op);
        if (!s) return newTuple({ Value::integer(0), Value::integer(0) });
        return newTuple({ Value::integer(s->first), Value::integer(s->second) });
    });
    // rand_scratch_graph(on): random ops run as in a fresh graph (Keras's symbolic build).
    def(d, "rand_scratch_graph", [](Interpreter& in, CallArgs& a) -> Value {
        if (in.truthy(a[0])) tfRandom().beginScratchGraph();
        else tfRandom().endScratchGraph();
        return Value::none();
    });
    def(d, "rand_global_seed", [](Interpreter&, CallArgs&) -> Value {
        auto g = tfRandom().globalSeed();
        return g ? Value::integer(*g) : Value::none();
    });
    def(d, "rand_fill", randFill);
    def(d, "rand_stateless", randStateless);
    // philox_u32(seed_lo, seed_hi, start, count): uint32 samples start..start+count-1 of TF's
    // SingleSampleAdapter<PhiloxRandom(seed_lo, seed_hi)> (tf.data's shuffle and seed generators).
    def(d, "philox_u32", [](Interpreter& in, CallArgs& a) -> Value {
        auto lo = uint64_t(in.toIndex(a[0])), hi = uint64_t(in.toIndex(a[1]));
        int64_t start = in.toIndex(a[2]), count = in.toIndex(a[3]);
        if (start < 0 || count < 0) raise(types().ValueError, "philox_u32: negative range");
        numeric::Philox4x32 gen(lo, hi);
        gen.skip(uint64_t(start / 4));
        std::vector<Value> out;
        out.reserve(size_t(count));
        int64_t skipFirst = start % 4;
        while (int64_t(out.size()) < count) {
            auto b = gen.next();
            for (int i = int(skipFirst); i < 4 && int64_t(out.size()) < count; ++i)
                out.push_back(Value::integer(b[size_t(i)]));
            skipFirst = 0;
        }
        return newList(std::move(out));
    });
    // func_params(f) -> ([parameter names], has **kwargs, has *args) of a Python function or bound method, or
    // None for other callables (tf.keras checks whether `call` takes `training`).
    def(d, "func_params", [](Interpreter&, CallArgs& a) -> Value {
        Value f = a[0];
        if (f.isObj() && f.as<Object>()->kind == ObjKind::BoundMethod) f = f.as<BoundMethodObj>()->func;
        if (!f.isObj() || f.as<Object>()->kind != ObjKind::Func) return Value::none();
        const Arguments* args = f.as<FuncObj>()->args;
        std::vector<Value> names;
        if (args) {
            for (const auto* v : { &args->posonlyargs, &args->args, &args->kwonlyargs })
                for (const Arg& x : *v) names.push_back(newStr(x.arg));
        }
        return newTuple({ newList(std::move(names)), Value::boolean(f.as<FuncObj>()->hasKwargs),
                          Value::boolean(args && args->vararg.has_value()) });
    });
    // func_signature(f): [(name, has_default, default), ...] of a Python function's (or bound
    // method's function's) positional and keyword-only parameters, `self` included.
    def(d, "func_signature", [](Interpreter&, CallArgs& a) -> Value {
        Value f = a[0];
        if (f.isObj() && f.as<Object>()->kind == ObjKind::BoundMethod) f = f.as<BoundMethodObj>()->func;
        if (!f.isObj() || f.as<Object>()->kind != ObjKind::Func) return Value::none();
        const auto* fn = f.as<FuncObj>();
        std::vector<Value> out;
        if (const Arguments* args = fn->args) {
            std::vector<const Arg*> positional;
            for (const auto* v : { &args->posonlyargs, &args->args })
                for (const Arg& x : *v) positional.push_back(&x);
            const size_t firstDefault = positional.size() - std::min(positional.size(), fn->defaults.size());
            for (size_t i = 0; i < positional.size(); ++i) {
                const bool has = i >= firstDefault;
                out.push_back(newTuple({ newStr(positional[i]->arg), Value::boolean(has),
                                         has ? fn->defaults[i - firstDefault] : Value::none() }));
            }
            for (size_t i = 0; i < args->kwonlyargs.size(); ++i) {
                const bool has = i < fn->kwDefaults.size() && !fn->kwDefaults[i].isUndef();
                out.push_back(newTuple(
                    { newStr(args->kwonlyargs[i].arg), Value::boolean(has), has ? fn->kwDefaults[i] : Value::none() }));
            }
        }
        return newList(std::move(out));
    });
    // terminal_columns(): shutil.get_terminal_size().columns as Keras' summary() sees it when
    // output is not a terminal: $COLUMNS, else 80.
    def(d, "terminal_columns", [](Interpreter&, CallArgs&) -> Value {
        const char* c = std::getenv("COLUMNS");
        if (c && *c) {
            char* end = nullptr;
            long v = std::strtol(c, &end, 10);
            if (end && *end == 0 && v > 0) return Value::integer(v);
        }
        return Value::integer(80);
    });
    // var_set_keras(var, name, path): the Keras 3 `name` / `path` of a variable.
    def(d, "var_set_keras", [](Interpreter& in, CallArgs& a) -> Value {
        if (!isVariable(a[0])) raise(types().TypeError, "var_set_keras: not a variable");
        VarData& v = varData(a[0]);
        v.kerasName = in.str(a[1]);
        v.kerasPath = in.str(a[2]);
        return Value::none();
    });
    def(d, "timestamp", [](Interpreter&, CallArgs&) -> Value {
        auto now = std::chrono::system_clock::now().time_since_epoch();
        return Value::flt(double(std::chrono::duration_cast<std::chrono::microseconds>(now).count()) / 1e6);
    });
    def(d, "raise_error", [](Interpreter& in, CallArgs& a) -> Value {
        // raise_error(code_name, message)
        std::string code = in.str(a[0]);
        ClassObj* cls = classes().opError;
        for (auto& [c, k] : classes().errors)
            if (std::string(tensor::OpError::errorClassName(c)) == code) cls = k;
        auto* ex = new ExcObj(cls);
        Value ev = Value::adopt(ex);
        std::string msg = in.str(a[1]);
        ex->args = newTuple({ newStr(msg) });
        ex->d()->setStr("message", newStr(msg));
        raiseValue(ev);
    });
    fillTapePrimitives(d);
    fillKerasIo(d);
    fillSavedModelLoad(d);
    fillCheckpoint(d);
    fillSavedModelSave(d);
    fillDataFiles(d);
    fillFunctionCore(interp, d);
    // classes
    d->setStr("Tensor", Value::object(C.tensorBase));
    d->setStr("EagerTensor", Value::object(C.eagerTensor));
    d->setStr("SymbolicTensor", Value::object(C.symbolicTensor));
    d->setStr("Variable", Value::object(C.variable));
    d->setStr("DType", Value::object(C.dtype));
    Value errs = newDict();
    errs.as<DictObj>()->setStr("OpError", Value::object(C.opError));
    for (auto& [code, cls] : C.errors)
        errs.as<DictObj>()->setStr(std::string(tensor::OpError::errorClassName(code)), Value::object(cls));
    d->setStr("errors", errs);
}

// ----- numpy primitives -------------------------------------------------------------------------

Value npArrayPrim(Interpreter& in, CallArgs& a) {
    // array(value, dtype=None, copy=True)
    DType dt = a.n > 1 ? dtypeFromValueOpt(in, a[1]) : DType::Invalid;
    NpStr s = NpStr::Unicode;
    Tensor t = toNumpyTensor(in, a[0], dt, &s);
    bool copy = a.n > 2 ? in.truthy(a[2]) : true;
    if (copy && isArray(a[0]) && t.sharesBufferWith(arrayData(a[0]).t)) t = t.deepCopy();
    if (dt != DType::Invalid && dt != DType::String && isArray(a[0])) s = arrayData(a[0]).str;
    return wrapArray(t, false, s);
}

// x(op, inputs, attrs=None): a kernel on numpy values (no tape), result as array/scalar.
Value npExecPrim(Interpreter& in, CallArgs& a) {
    std::string op = in.str(a[0]);
    std::vector<Tensor> ins;
    // String results keep the kind of the string arrays they come from ('U', 'S' or object).
    std::optional<NpStr> strKind;
    auto input = [&](const Value& x) {
        ins.push_back(toNumpyTensor(in, x));
        if (!strKind && isArray(x) && ins.back().dtype() == DType::String) strKind = arrayData(x).str;
    };
    in.forEach(a[1], [&](const Value& v) {
        if (v.isKind(ObjKind::List) && !v.as<ListObj>()->items.empty() && isArray(v.as<ListObj>()->items[0])) {
            // list argument (ConcatV2 / Pack / AddN): flatten
            in.forEach(v, input);
        } else {
            input(v);
        }
    });
    ops::AttrMap attrs;
    if (a.n > 2 && a[2].isKind(ObjKind::Dict)) {
        ops::OpHandle h = nullptr;
        try {
            h = ops::lookupOp(op);
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
        a[2].as<DictObj>()->forEach([&](const Value& k, const Value& v) {
            if (v.isNone()) return;
            std::string key = in.str(k);
            int idx = h->attrIndex(key);
            std::string type = idx >= 0 ? h->attrs[size_t(idx)].type : "";
            if (type == "type") attrs.set(key, dtypeFromValue(in, v));
            else if (type == "int") attrs.set(key, in.toIndex(v));
            else if (type == "bool") attrs.set(key, in.truthy(v));
            else if (type == "float") attrs.set(key, float(in.toDouble(v)));
            else if (type == "list(int)") attrs.set(key, intList(in, v));
            else if (type == "string") attrs.set(key, in.str(v));
            else if (v.isBool()) attrs.set(key, v.asBool());
            else if (v.isInt()) attrs.set(key, v.asInt());
            else attrs.set(key, in.str(v));
        });
    }
    bool scalar = a.n > 3 ? in.truthy(a[3]) : true;
    std::vector<Tensor> outs = guarded(in, [&] { return execRaw(op, ins, attrs); });
    const NpStr kind = strKind.value_or(NpStr::Unicode);
    if (outs.size() == 1) return wrapArray(outs[0], scalar, kind);
    std::vector<Value> r;
    for (auto& t : outs) r.push_back(wrapArray(t, scalar, kind));
    return newList(std::move(r));
}

Value npRound(Interpreter& in, CallArgs& a) {
    Tensor t = toNumpyTensor(in, a[0]);
    int64_t dec = a.n > 1 ? in.toIndex(a[1]) : 0;
    if (!tensor::isFloating(t.dtype())) return wrapArray(t, isNpScalar(a[0]));
    Tensor d = castTensor(t, DType::Float64);
    Tensor out(DType::Float64, d.shape());
    auto src = d.flat<double>();
    auto dst = out.flat<double>();
    for (size_t i = 0; i < src.size(); ++i) {
        double x = src[i];
        if (dec >= 0) {
            double p = std::pow(10.0, double(dec));
            double y = std::nearbyint(x * p) / p;
            dst[i] = std::isfinite(y) ? y : x;
        } else {
            double p = std::pow(10.0, double(-dec));
            dst[i] = std::nearbyint(x / p) * p;
        }
    }
    Tensor r = t.dtype() == DType::Float64 ? out : guarded(in, [&] { return castTensor(out, t.dtype()); });
    return wrapArray(r, isNpScalar(a[0]));
}

// scatter(array, flat_indices, values): a[flat] = values (broadcast), copy-on-write.
Value npScatter(Interpreter& in, CallArgs& a) {
    ArrayData& ad = arrayData(a[0]);
    if (!ad.t.ownsBufferAlone()) ad.t = ad.t.deepCopy();
    Tensor idx = toNumpyTensor(in, a[1], DType::Int64);
    Tensor vals = toNumpyTensor(in, a[2], ad.t.dtype());
    auto ix = idx.flat<int64_t>();
    int64_t nv = vals.numElements();
    if (nv != 1 && nv != int64_t(ix.size()))
        raise(types().ValueError,
              "shape mismatch: value array of shape " + numeric::pythonShapeTuple(vals.shape().dims()) +
                  " could not be broadcast to indexing result of shape " +
                  numeric::pythonShapeTuple(idx.shape().dims()));
    if (ad.t.dtype() == DType::String) {
        auto* dst = static_cast<std::string*>(ad.t.rawData());
        auto* src = static_cast<const std::string*>(vals.rawData());
        for (size_t i = 0; i < ix.size(); ++i) dst[ix[i]] = src[nv == 1 ? 0 : i];
    } else {
        size_t es = tensor::dtypeSize(ad.t.dtype());
        char* dst = static_cast<char*>(ad.t.rawData());
        const char* src = static_cast<const char*>(vals.rawData());
        for (size_t i = 0; i < ix.size(); ++i) std::memcpy(dst + size_t(ix[i]) * es, src + (nv == 1 ? 0 : i) * es, es);
    }
    return Value::none();
}

Value npRandomPrim(Interpreter& in, CallArgs& a) {
    // rnd(kind, shape, *params)
    std::string kind = in.str(a[0]);
    auto& rs = npRandom();
    if (kind == "seed") {
        if (a[1].isNone()) rs.seed32(uint32_t(std::random_device{}()));
        else {
            int64_t s = in.toIndex(a[1]);
            if (s < 0 || s > int64_t(UINT32_MAX)) raise(types().ValueError, "Seed must be between 0 and 2**32 - 1");
            rs.seed32(uint32_t(s));
        }
        return Value::none();
    }
    if (kind == "permutation") {
        auto p = rs.permutation(in.toIndex(a[1]));
        return wrapArray(Tensor::fromVector(p), false);
    }
    if (kind == "shuffle_index") {
        int64_t n = in.toIndex(a[1]);
        std::vector<int64_t> v(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; ++i) v[size_t(i)] = i;
        rs.shuffle(v);
        return wrapArray(Tensor::fromVector(v), false);
    }
    bool scalar = a[1].isNone();
    TensorShape shape = scalar ? TensorShape{} : shapeArg(in, a[1]);
    int64_t n = shape.numElements();
    if (kind == "rand" || kind == "uniform") {
        std::vector<double> v(static_cast<size_t>(n));
        rs.randomSample(v);
        if (kind == "uniform") {
            double lo = in.toDouble(a[2]), hi = in.toDouble(a[3]);
            for (auto& x : v) x = lo + (hi - lo) * x;
        }
        Tensor t = Tensor::fromVector(v, shape);
        return wrapArray(t, scalar);
    }
    if (kind == "randn" || kind == "normal") {
        std::vector<double> v(static_cast<size_t>(n));
        rs.standardNormal(v);
        if (kind == "normal") {
            double loc = in.toDouble(a[2]), sc = in.toDouble(a[3]);
            for (auto& x : v) x = loc + sc * x;
        }
        return wrapArray(Tensor::fromVector(v, shape), scalar);
    }
    if (kind == "randint") {
        int64_t lo = in.toIndex(a[2]), hi = in.toIndex(a[3]);
        if (lo >= hi) raise(types().ValueError, "low >= high");
        DType dt = a.n > 4 ? dtypeFromValueOpt(in, a[4]) : DType::Invalid;
        if (dt == DType::Int32) {
            std::vector<int32_t> v(static_cast<size_t>(n));
            rs.randint(int32_t(lo), int32_t(hi), v);
            return wrapArray(Tensor::fromVector(v, shape), scalar);
        }
        std::vector<int64_t> v(static_cast<size_t>(n));
        rs.randint(lo, hi, v);
        return wrapArray(Tensor::fromVector(v, shape), scalar);
    }
    if (kind == "choice") {
        int64_t pop = in.toIndex(a[2]);
        bool replace = in.truthy(a[3]);
        auto v = rs.choice(pop, n, replace);
        return wrapArray(Tensor::fromVector(v, shape), scalar);
    }
    raise(types().ValueError, "unknown random kind " + kind);
}

void fillNumpy(Interpreter& interp, DictObj* d) {
    (void)interp;
    auto& C = classes();
    def(d, "array", npArrayPrim);
    def(d, "x", npExecPrim);
    def(d, "round", npRound);
    // float_sum(array, axes, keepdims): a float32/float64 sum in numpy's order (not TF's).
    def(d, "float_sum", [](Interpreter& in, CallArgs& a) -> Value {
        const Tensor x = toNumpyTensor(in, a[0]);
        std::vector<int64_t> axes = intList(in, a[1]);
        return wrapArray(guarded(in, [&] { return ops::numpySum(x, axes, in.truthy(a[2])); }));
    });
    def(d, "scatter", npScatter);
    def(d, "rnd", npRandomPrim);
    fillNumpyGenerator(d);
    // numpy.random.RandomState: rnd_state_new(seed) -> handle; rnd_state_swap(handle) exchanges
    // that state with the global one (the Python class swaps around each draw).
    def(d, "rnd_state_new", [](Interpreter& in, CallArgs& a) -> Value {
        auto& states = npStates();
        uint32_t seed = a.n > 0 && !a[0].isNone() ? uint32_t(in.toIndex(a[0])) : uint32_t(std::random_device{}());
        states.emplace_back(seed);
        return Value::integer(int64_t(states.size()) - 1);
    });
    def(d, "rnd_state_swap", [](Interpreter& in, CallArgs& a) -> Value {
        auto& states = npStates();
        int64_t h = in.toIndex(a[0]);
        if (h < 0 || h >= int64_t(states.size())) raise(types().ValueError, "bad RandomState handle");
        std::swap(npRandom(), states[size_t(h)]);
        return Value::none();
    });
    def(d, "is_array", [](Interpreter&, CallArgs& a) -> Value { return Value::boolean(isArray(a[0])); });
    def(d, "is_scalar", [](Interpreter&, CallArgs& a) -> Value { return Value::boolean(isNpScalar(a[0])); });
    def(d, "is_tensorlike",
        [](Interpreter&, CallArgs& a) -> Value { return Value::boolean(isTensor(a[0]) || isVariable(a[0])); });
    def(d, "scalar", [](Interpreter& in, CallArgs& a) -> Value {
        // scalar(value, dtype)
        DType dt = dtypeFromValue(in, a[1]);
        Tensor t = toNumpyTensor(in, a[0], dt);
        if (t.numElements() != 1) return wrapArray(t, false);
        return npScalar(t.reshaped(TensorShape{}));
    });
    def(d, "cast", [](Interpreter& in, CallArgs& a) -> Value {
        DType dt = dtypeFromValue(in, a[1]);
        NpStr s = isArray(a[0]) ? arrayData(a[0]).str : NpStr::Unicode;
        Tensor t = toNumpyTensor(in, a[0]);
        Tensor r = guarded(in, [&] { return castTensor(t, dt); });
        bool scalar = a.n > 2 ? in.truthy(a[2]) : isNpScalar(a[0]);
        return wrapArray(r, scalar, s);
    });
    def(d, "reshape", [](Interpreter& in, CallArgs& a) -> Value {
        Tensor t = toNumpyTensor(in, a[0]);
        std::vector<int64_t> dims = intList(in, a[1]);
        int64_t known = 1, unknown = -1;
        for (size_t i = 0; i < dims.size(); ++i) {
            if (dims[i] < 0) unknown = int64_t(i);
            else known *= dims[i];
        }
        if (unknown >= 0) dims[size_t(unknown)] = known ? t.numElements() / known : 0;
        int64_t total = 1;
        for (auto x : dims) total *= x;
        if (total != t.numElements())
            raise(types().ValueError,
                  "cannot reshape array of size " + std::to_string(t.numElements()) + " into shape " +
                      numeric::pythonShapeTuple(intList(in, a[1])));
        NpStr s = isArray(a[0]) ? arrayData(a[0]).str : NpStr::Unicode;
        return wrapArray(t.reshaped(TensorShape(dims)), false, s);
    });
    def(d, "shape_of", [](Interpreter& in, CallArgs& a) -> Value {
        Tensor t = toNumpyTensor(in, a[0]);
        std::vector<Value> dims;
        for (auto x : t.shape().dims()) dims.push_back(Value::integer(x));
        return newTuple(std::move(dims));
    });
    def(d, "dtype_of", [](Interpreter& in, CallArgs& a) -> Value {
        Tensor t = toNumpyTensor(in, a[0]);
        if (t.dtype() == DType::String) return classes().npObjectDtype;
        return npDtypeValue(t.dtype());
    });
    def(d, "dtype_obj", [](Interpreter& in, CallArgs& a) -> Value {
        if (a[0].isKind(ObjKind::Str)) {
            const std::string& s = a[0].as<StrObj>()->s;
            if (s == "object" || s == "O") return classes().npObjectDtype;
            if (!s.empty() && (s[0] == '<' || s[0] == '|' || s[0] == 'U' || s[0] == 'S')) {
                std::string n = s;
                if (s[0] == 'U') n = "<" + s;
                if (s[0] == 'S') n = "|" + s;
                return npNamedStringDtype(n);
            }
        }
        return npDtypeValue(dtypeFromValue(in, a[0]));
    });
    def(d, "promote", [](Interpreter& in, CallArgs& a) -> Value {
        return npDtypeValue(npPromote(dtypeFromValue(in, a[0]), dtypeFromValue(in, a[1])));
    });
    def(d, "str_kind", [](Interpreter&, CallArgs& a) -> Value {
        if (!isArray(a[0])) return newStr("");
        NpStr s = arrayData(a[0]).str;
        return newStr(s == NpStr::Unicode ? "U" : s == NpStr::Bytes ? "S" : "O");
    });
    def(d, "with_str_kind", [](Interpreter& in, CallArgs& a) -> Value {
        Tensor t = toNumpyTensor(in, a[0]);
        std::string k = in.str(a[1]);
        NpStr s = k == "S" ? NpStr::Bytes : k == "O" ? NpStr::Object : NpStr::Unicode;
        return wrapArray(t, a.n > 2 && in.truthy(a[2]), s);
    });
    def(d, "tolist", [](Interpreter& in, CallArgs& a) -> Value { return tensorToList(toNumpyTensor(in, a[0])); });
    def(d, "flat_values", [](Interpreter& in, CallArgs& a) -> Value {
        Tensor t = toNumpyTensor(in, a[0]);
        std::vector<Value> v;
        for (int64_t i = 0; i < t.numElements(); ++i) v.push_back(elementToPython(t, i));
        return newList(std::move(v));
    });
    def(d, "to_tensor", [](Interpreter& in, CallArgs& a) -> Value { return wrapTensor(toNumpyTensor(in, a[0])); });
    d->setStr("ndarray", Value::object(C.ndarray));
    d->setStr("generic", Value::object(C.npGeneric));
    d->setStr("number", Value::object(C.npNumber));
    d->setStr("integer", Value::object(C.npInteger));
    d->setStr("signedinteger", Value::object(C.npSignedInteger));
    d->setStr("unsignedinteger", Value::object(C.npUnsignedInteger));
    d->setStr("floating", Value::object(C.npFloating));
    d->setStr("complexfloating", Value::object(C.npComplexFloating));
    d->setStr("dtype", Value::object(C.npDtype));
    for (size_t i = 0; i < C.scalarTypes.size(); ++i)
        if (C.scalarTypes[i])
            d->setStr(C.scalarTypes[i]->name == "bool" ? "bool_" : C.scalarTypes[i]->name,
                      Value::object(C.scalarTypes[i]));
}

Value makeCoreModule(const std::string& name, void (*fill)(Interpreter&, DictObj*), Interpreter& in) {
    auto* m = new ModuleObj(name);
    Value mv = Value::adopt(m);
    fill(in, m->d());
    return mv;
}

} // namespace

void execPrelude(Interpreter& in, const char* src, const std::string& filename, DictObj* globals) {
    execSourceInDict(in, src, filename, globals);
}

void initClasses() {
    static std::once_flag once;
    std::call_once(once, [] {
        UntrackedScope untracked; // process-wide objects: untracked by any interpreter's collector
        auto& C = classes();
        buildTensorClass();
        buildSymbolicClass();
        buildVariableClass();
        buildDTypeClass();
        buildNumpyClasses();
        buildTapeClass();
        C.opError = makeErrorClass("OpError", types().Exception);
        // OpError(node_def, op, message, *args): str() is the message, as TF's.
        setMethod(C.opError, "__init__", [](Interpreter&, CallArgs& a) -> Value {
            if (a.n < 4)
                raise(types().TypeError, "__init__() missing required arguments: 'node_def', 'op', and 'message'");
            setOpErrorFields(static_cast<ExcObj*>(a[0].obj()), a[1], a[2], a[3]);
            return Value::none();
        });
        using tensor::ErrorCode;
        for (ErrorCode code :
             { ErrorCode::Cancelled, ErrorCode::Unknown, ErrorCode::InvalidArgument, ErrorCode::NotFound,
               ErrorCode::AlreadyExists, ErrorCode::ResourceExhausted, ErrorCode::FailedPrecondition,
               ErrorCode::Aborted, ErrorCode::OutOfRange, ErrorCode::Unimplemented, ErrorCode::Internal,
               ErrorCode::DeadlineExceeded, ErrorCode::PermissionDenied, ErrorCode::Unavailable, ErrorCode::DataLoss,
               ErrorCode::Unauthenticated }) {
            ClassObj* cls = makeErrorClass(std::string(tensor::OpError::errorClassName(code)), C.opError);
            cls->d()->setStr("error_code", Value::integer(static_cast<int64_t>(code)));
            C.errors.emplace_back(code, cls);
        }
        // core/lang creates the dict view types (dict_items, ...) lazily, under whichever heap
        // is live, which then frees their methods at shutdown; create them here, untracked, so
        // that interpreters run one after another in a process keep working.
        {
            Interpreter tmp;
            InterpreterScope none(nullptr);
            Value d = newDict();
            for (const char* m : { "items", "keys", "values" }) {
                Value f = tmp.getAttr(d, m);
                tmp.call(f, nullptr, 0);
            }
        }
        makeProcessClassesImmortal();
    });
}

void registerModules() {
    static std::once_flag once;
    std::call_once(once, [] {
        initClasses();
        Interpreter::registerModule("tensorflow", [](Interpreter& in, ModuleObj& m) {
            ops::setStatefulRandom(&eagerState(in).tfRandom); // eager random kernels draw from it
            // TF reads TF_ENABLE_ONEDNN_OPTS when it is imported: the script's os.environ decides.
            const Value setting = in.call(in.getAttr(in.getAttr(in.importModule("os"), "environ"), "get"),
                                          { newStr("TF_ENABLE_ONEDNN_OPTS") });
            ops::onednnScriptSetting() =
                setting.isKind(ObjKind::Str) ? ops::parseOnednnSetting(setting.as<StrObj>()->s) : -1;
            m.d()->setStr("__name__", newStr("tensorflow"));
            m.d()->setStr("_core", makeCoreModule("tensorflow._core", fillTf, in));
            for (const char* source : kTensorflowPy) execPrelude(in, source, "<tensorflow>", m.d());
            for (const char* source : kTfFunctionPy) execPrelude(in, source, "<tensorflow>", m.d());
            auto sub = [&](const char* name, std::span<const char* const> srcs, const char* file) {
                auto* sm = new ModuleObj(name);
                Value sv = Value::adopt(sm);
                sm->d()->setStr("__name__", newStr(name));
                sm->d()->setStr("_tf", Value::object(&m));
                sm->d()->setStr("_core", *m.d()->findStr("_core"));
                for (const char* src : srcs) execPrelude(in, src, file, sm->d());
                m.d()->setStr(std::string_view(name).substr(11), sv);
            };
            sub("tensorflow.data", std::span<const char* const>(kTfDataPy), "<tensorflow.data>");
            // Every part of tf.keras, in order, into one module.
            sub("tensorflow.keras", kKerasPy, "<tensorflow.keras>");
        });
        // Keras 3 as its own package: `import keras` holds the objects of tf.keras (the same
        // classes and functions; as in TF 2.21 the two modules are not one object), and its
        // parts import as modules too (`from keras.layers import Dense`).
        Interpreter::registerModule("keras", [](Interpreter& in, ModuleObj& m) {
            const Value tf = in.importModule("tensorflow");
            DictObj* tfKeras = in.getAttr(tf, "keras").as<ModuleObj>()->d();
            tfKeras->forEach([&](const Value& k, const Value& v) {
                if (!(k.isKind(ObjKind::Str) && k.as<StrObj>()->s == "__name__")) m.d()->set(k, v);
            });
            // Where Keras 3's names differ from tf.keras's (keras_train.py).
            for (const char* part : { "losses", "metrics", "saving" })
                if (Value* own = tfKeras->findStr(std::string("_keras3_") + part)) m.d()->setStr(part, *own);
        });
        for (const char* part :
             { "layers", "models", "losses", "optimizers", "callbacks", "utils", "metrics", "initializers",
               "activations", "backend", "random", "ops", "regularizers", "saving" }) {
            Interpreter::registerModule(std::string("keras.") + part, [part](Interpreter& in, ModuleObj& m) {
                const Value ns = in.getAttr(in.importModule("keras"), part);
                if (ns.isKind(ObjKind::Instance))
                    static_cast<InstanceObj*>(ns.obj())->dict.as<DictObj>()->forEach(
                        [&](const Value& k, const Value& v) { m.d()->set(k, v); });
            });
        }
        Interpreter::registerModule("numpy", [](Interpreter& in, ModuleObj& m) {
            eagerState(in).npRandom = std::make_unique<numeric::NumpyRandomState>(uint32_t(std::random_device{}()));
            m.d()->setStr("__name__", newStr("numpy"));
            m.d()->setStr("_np", makeCoreModule("numpy._np", fillNumpy, in));
            for (const char* source : kNumpyPy) execPrelude(in, source, "<numpy>", m.d());
        });
    });
}

} // namespace graphlens::eager
