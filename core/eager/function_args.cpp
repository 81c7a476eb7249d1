// tf.function's argument side: see function_args.h.
#include "core/eager/function_args.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/eager/func_graph.h"

namespace graphlens::eager::function_args {

using namespace lang;
namespace fn = graphlens::function;

bool tensorSpecOf(Interpreter& in, const Value& v, PartialShape& shape, DType& dtype) {
    if (!v.isKind(ObjKind::Instance) || in.typeOf(v)->name != "TensorSpec") return false;
    Value dims = in.getAttr(in.getAttr(v, "_shape"), "_dims");
    shape = dims.isNone() ? PartialShape::unknown() : PartialShape([&] {
        std::vector<int64_t> d;
        for (const auto& x : in.toVector(dims)) d.push_back(x.isNone() ? -1 : in.toIndex(x));
        return d;
    }());
    dtype = dtypeFromValue(in, in.getAttr(v, "_dtype"));
    return true;
}

Bound bindArguments(const Value& callable, const std::vector<Value>& args,
                    const std::vector<std::pair<std::string, Value>>& kwargs) {
    Bound b;
    Value f = callable;
    std::vector<Value> all;
    if (f.isKind(ObjKind::BoundMethod)) {
        all.push_back(f.as<BoundMethodObj>()->self);
        f = f.as<BoundMethodObj>()->func;
    }
    all.insert(all.end(), args.begin(), args.end());
    if (!f.isKind(ObjKind::Func)) {
        for (size_t i = 0; i < all.size(); ++i)
            b.add("args_" + std::to_string(i), all[i], fn::ParamKind::PositionalOnly);
        for (const auto& [k, v] : kwargs) b.add(k, v, fn::ParamKind::KeywordOnly);
        return b;
    }
    auto* fo = f.as<FuncObj>();
    const Arguments& A = *fo->args;
    std::vector<const Arg*> pos;
    for (const auto& a : A.posonlyargs) pos.push_back(&a);
    for (const auto& a : A.args) pos.push_back(&a);
    // TF's words for a call that does not bind: inspect.Signature.bind's reason, what was passed
    // and the signature (a method's without self, defaults as TF captures them).
    auto fail = [&](const std::string& reason) {
        Interpreter& in = *currentInterpreter();
        // A method's self, bound or passed first, is neither in what TF shows nor in its signature.
        const bool boundSelf = all.size() > args.size();
        const bool selfInArgs = !boundSelf && !pos.empty() && pos[0]->arg == "self" && !args.empty();
        const size_t firstShown = selfInArgs ? 1 : 0, skip = boundSelf || selfInArgs ? 1 : 0;
        std::string ar = "(";
        for (size_t k = firstShown; k < args.size(); ++k) ar += (k > firstShown ? ", " : "") + in.repr(args[k]);
        ar += args.size() - firstShown == 1 ? ",)" : ")";
        std::string kw = "{";
        for (size_t k = 0; k < kwargs.size(); ++k)
            kw += (k ? ", '" : "'") + kwargs[k].first + "': " + in.repr(kwargs[k].second);
        kw += "}";
        const size_t firstDefault = pos.size() - fo->defaults.size();
        std::string sig = "(";
        auto param = [&](const std::string& text) { sig += (sig.size() > 1 ? ", " : "") + text; };
        for (size_t p = skip; p < pos.size(); ++p)
            param(pos[p]->arg + (p >= firstDefault ? "=<captured_default_value>" : ""));
        if (A.vararg) param("*" + A.vararg->arg);
        else if (!A.kwonlyargs.empty()) param("*");
        for (size_t p = 0; p < A.kwonlyargs.size(); ++p)
            param(A.kwonlyargs[p].arg +
                  (p < fo->kwDefaults.size() && !fo->kwDefaults[p].isUndef() ? "=<captured_default_value>" : ""));
        if (A.kwarg) param("**" + A.kwarg->arg);
        raise(types().TypeError,
              "Binding inputs to tf.function failed due to `" + reason + "`. Received args: " + ar +
                  " and kwargs: " + kw + " for signature: " + sig + ").");
    };
    std::vector<Value> posVals(pos.size());
    size_t i = 0;
    for (; i < all.size() && i < pos.size(); ++i) posVals[i] = all[i];
    std::vector<Value> extra(all.begin() + long(std::min(all.size(), pos.size())), all.end());
    if (!extra.empty() && !A.vararg) fail("too many positional arguments");
    std::vector<Value> kwonly(A.kwonlyargs.size());
    std::vector<std::pair<std::string, Value>> extraKw;
    for (const auto& [k, v] : kwargs) {
        bool done = false;
        for (size_t p = A.posonlyargs.size(); p < pos.size() && !done; ++p)
            if (pos[p]->arg == k) {
                if (!posVals[p].isUndef()) fail("multiple values for argument '" + k + "'");
                posVals[p] = v;
                done = true;
            }
        for (size_t p = 0; p < A.kwonlyargs.size() && !done; ++p)
            if (A.kwonlyargs[p].arg == k) {
                kwonly[p] = v;
                done = true;
            }
        if (!done) {
            if (!A.kwarg) fail("got an unexpected keyword argument '" + k + "'");
            extraKw.emplace_back(k, v);
        }
    }
    const size_t firstDefault = pos.size() - fo->defaults.size();
    for (size_t p = 0; p < pos.size(); ++p) {
        if (posVals[p].isUndef()) {
            if (p >= firstDefault) posVals[p] = fo->defaults[p - firstDefault];
            else fail("missing a required argument: '" + pos[p]->arg + "'");
        }
        b.add(pos[p]->arg, posVals[p],
              p < A.posonlyargs.size() || A.vararg ? fn::ParamKind::PositionalOnly
                                                   : fn::ParamKind::PositionalOrKeyword);
    }
    for (size_t k = 0; k < extra.size(); ++k)
        b.add(A.vararg->arg + "_" + std::to_string(k), extra[k], fn::ParamKind::PositionalOnly);
    for (size_t p = 0; p < A.kwonlyargs.size(); ++p) {
        Value v = kwonly[p];
        if (v.isUndef()) v = p < fo->kwDefaults.size() ? fo->kwDefaults[p] : Value();
        if (v.isUndef()) fail("missing a required argument: '" + A.kwonlyargs[p].arg + "'");
        b.add(A.kwonlyargs[p].arg, v, fn::ParamKind::KeywordOnly);
    }
    std::sort(extraKw.begin(), extraKw.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (auto& [k, v] : extraKw) b.add(k, v, fn::ParamKind::KeywordOnly);
    return b;
}

std::vector<std::pair<Value, Value>> nestItems(Interpreter& in, const Value& dict) {
    std::vector<std::pair<std::string, std::pair<Value, Value>>> keyed;
    dict.as<DictObj>()->forEach([&](const Value& k, const Value& x) {
        keyed.push_back({ k.isKind(ObjKind::Str) ? k.as<StrObj>()->s : in.repr(k), { k, x } });
    });
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    std::vector<std::pair<Value, Value>> items;
    items.reserve(keyed.size());
    for (auto& [key, item] : keyed) items.push_back(std::move(item));
    return items;
}

bool datasetMethod(Interpreter& in, const Value& v, const char* method, Value& out) {
    return v.isKind(ObjKind::Instance) && in.getAttrOpt(v, method, out);
}

void collectLeaves(Interpreter& in, const Value& v, std::vector<Value>& leaves) {
    if (Value variant; datasetMethod(in, v, "_graphlens_variant", variant)) {
        leaves.push_back(in.call(variant, {}));
        return;
    }
    if (isVariable(v)) {
        // one resource input per distinct variable (the trace type's alias ids)
        for (const auto& x : leaves)
            if (isVariable(x) && &varData(x) == &varData(v)) return;
        leaves.push_back(v);
        return;
    }
    if (isTensor(v) || isSymbolic(v)) {
        leaves.push_back(v);
        return;
    }
    if (!v.isObj()) return;
    if (v.isKind(ObjKind::List)) {
        for (const auto& x : v.as<ListObj>()->items) collectLeaves(in, x, leaves);
    } else if (v.isKind(ObjKind::Tuple)) {
        for (const auto& x : v.as<TupleObj>()->items) collectLeaves(in, x, leaves);
    } else if (v.isKind(ObjKind::Dict)) {
        for (const auto& [k, x] : nestItems(in, v)) collectLeaves(in, x, leaves);
    }
}

namespace {

fn::PyLiteral literalOf(Interpreter& in, const Value& v, bool& ok) {
    ok = true;
    if (v.isNone()) return fn::PyLiteral::none();
    if (v.isBool()) return fn::PyLiteral::boolean(v.asBool());
    if (v.isInt()) return fn::PyLiteral::integer(v.asInt());
    if (v.isFloat()) return fn::PyLiteral::floating(v.asFloat());
    if (v.isKind(ObjKind::Str)) return fn::PyLiteral::str(v.as<StrObj>()->s);
    if (v.isKind(ObjKind::Tuple)) {
        std::vector<fn::PyLiteral> items;
        for (const auto& x : v.as<TupleObj>()->items) {
            items.push_back(literalOf(in, x, ok));
            if (!ok) return {};
        }
        return fn::PyLiteral::tuple(std::move(items));
    }
    ok = false;
    return {};
}

struct TypeBuilder {
    Interpreter& in;
    std::map<int64_t, int> aliases; // variable id -> dense alias id of this call

    fn::TraceType of(const Value& v) {
        PartialShape specShape;
        DType specDtype = DType::Invalid;
        if (tensorSpecOf(in, v, specShape, specDtype)) {
            // a spec's name is part of its type (a call's unnamed tensors are its subtypes)
            Value name;
            if (in.getAttrOpt(v, "name", name) && name.isKind(ObjKind::Str))
                return fn::TraceType::tensor(specShape, specDtype, name.as<StrObj>()->s);
            return fn::TraceType::tensor(specShape, specDtype);
        }
        if (isTensor(v) || isSymbolic(v)) {
            Input x = toInput(in, v);
            return fn::TraceType::tensor(x.shape(), x.dtype());
        }
        if (isVariable(v)) {
            const VarData& d = varData(v);
            auto [it, fresh] = aliases.emplace(d.id, int(aliases.size()));
            (void)fresh;
            return fn::TraceType::variable(PartialShape(d.value().shape()), d.value().dtype(), d.trainable, it->second);
        }
        if (v.isKind(ObjKind::List)) {
            std::vector<fn::TraceType> items;
            for (const auto& x : v.as<ListObj>()->items) items.push_back(of(x));
            return fn::TraceType::list(std::move(items));
        }
        if (v.isKind(ObjKind::Tuple)) {
            std::vector<fn::TraceType> items;
            for (const auto& x : v.as<TupleObj>()->items) items.push_back(of(x));
            if (ClassObj* nt = namedTupleClass(v))
                return fn::TraceType::namedTuple(nt->name, namedTupleFields(nt), std::move(items));
            return fn::TraceType::tuple(std::move(items));
        }
        if (v.isKind(ObjKind::Dict)) {
            // In nest order, the order placeholders are made and fed in.
            std::vector<std::pair<fn::PyLiteral, fn::TraceType>> items;
            for (const auto& [k, x] : nestItems(in, v)) {
                bool ok = false;
                fn::PyLiteral key = literalOf(in, k, ok);
                if (!ok) key = fn::PyLiteral::str(in.repr(k));
                items.emplace_back(std::move(key), of(x));
            }
            return fn::TraceType::dict(std::move(items));
        }
        // A tf.data.Dataset: TF's DatasetSpec, so any dataset of the same element spec fits.
        if (Value specKey; datasetMethod(in, v, "_graphlens_spec_key", specKey))
            return fn::TraceType::literal(fn::PyLiteral::str(in.str(in.call(specKey, {}))));
        bool ok = false;
        fn::PyLiteral lit = literalOf(in, v, ok);
        if (ok) return fn::TraceType::literal(std::move(lit));
        if (!v.isObj()) return fn::TraceType::literal(fn::PyLiteral::str(in.repr(v)));
        // The tracing protocol: the object's own TraceType, by its equality and subtyping.
        if (Value tracingType; v.isKind(ObjKind::Instance) && in.getAttrOpt(v, "__tf_tracing_type__", tracingType)) {
            Value key = in.call(in.getAttr(in.importModule("tensorflow"), "_graphlens_custom_trace_key"), { v });
            return fn::TraceType::literal(fn::PyLiteral::str(in.str(key)));
        }
        // Objects are keyed by identity but must be hashable, as TF's weakref trace type needs.
        try {
            (void)in.hash(v);
        } catch (PyError& e) {
            if (!in.isInstance(e.exc, types().TypeError)) throw;
            raise(types().TypeError,
                  "Could not generate a generic TraceType for " + in.repr(v) +
                      ".Please verify that it is immutable/hashable. Otheriwse, consider implementing "
                      "the Tracing Protocol for it.");
        }
        char buf[64];
        std::snprintf(buf, sizeof buf, " object at 0x%llx>",
                      static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(v.obj())));
        const std::string typeName = in.typeOf(v)->name;
        return fn::TraceType::weakref(reinterpret_cast<uintptr_t>(v.obj()), typeName, "<" + typeName + buf);
    }
};

} // namespace

fn::FunctionType functionTypeOf(Interpreter& in, const Bound& b) {
    TypeBuilder tb{ in, {} };
    std::vector<fn::Parameter> params;
    params.reserve(b.values.size());
    for (size_t i = 0; i < b.values.size(); ++i)
        params.push_back(fn::Parameter{ b.names[i], b.kinds[i], tb.of(b.values[i]) });
    return fn::FunctionType(std::move(params));
}

void tensorShapes(const fn::TraceType& t, std::vector<PartialShape>& out) {
    switch (t.kind()) {
    case fn::TraceKind::Tensor:
        out.push_back(t.shape());
        break;
    case fn::TraceKind::List:
    case fn::TraceKind::Tuple:
    case fn::TraceKind::NamedTuple:
    case fn::TraceKind::Dict:
        for (const auto& x : t.items()) tensorShapes(x, out);
        break;
    default:
        break;
    }
}

} // namespace graphlens::eager::function_args
