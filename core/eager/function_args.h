#pragma once
// tf.function's argument side (used by function.cpp): binding a call's arguments to the Python
// function's parameters as Python does, walking argument structures in TF's nest order, and the
// trace type (FunctionType) of a bound call.
#include <string>
#include <utility>
#include <vector>

#include "core/eager/internal.h"
#include "core/function/trace_type.h"
#include "core/lang/named_tuple.h"

namespace graphlens::eager::function_args {

// A call's arguments bound to the parameters, in parameter order (then *args, then **kwargs
// sorted by name), with the kind of each.
struct Bound {
    std::vector<std::string> names;
    std::vector<Value> values;
    std::vector<function::ParamKind> kinds;
    void add(std::string name, Value v, function::ParamKind kind) {
        names.push_back(std::move(name));
        values.push_back(std::move(v));
        kinds.push_back(kind);
    }
};

Bound bindArguments(const Value& callable, const std::vector<Value>& args,
                    const std::vector<std::pair<std::string, Value>>& kwargs);

// A tf.TensorSpec (Python class of tf_function.py): its shape and dtype.
bool tensorSpecOf(Interpreter& in, const Value& v, PartialShape& shape, DType& dtype);

// A dict's items in nest order: keys sorted (as TF's nest and the dict trace type order them), so
// that making placeholders, feeding them and relaxing their shapes meet the tensors in one order.
std::vector<std::pair<Value, Value>> nestItems(Interpreter& in, const Value& dict);

// A tf.data.Dataset argument: fed as one DT_VARIANT tensor (its `_graphlens_variant()`: the
// elements made now, or the variant tensor of a dataset in an enclosing trace).
bool datasetMethod(Interpreter& in, const Value& v, const char* method, Value& out);

// The tensors of an argument structure, depth first (what a call feeds its placeholders).
void collectLeaves(Interpreter& in, const Value& v, std::vector<Value>& leaves);

// The (nested) list / tuple / dict `v` rebuilt with each leaf replaced by leaf(x); leaves are
// visited in nest order (see nestItems), dicts keep their own key order.
template<class Leaf> Value mapStructure(Interpreter& in, const Value& v, Leaf&& leaf) {
    if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) {
        std::vector<Value> items;
        for (const auto& x : in.toVector(v)) items.push_back(mapStructure(in, x, leaf));
        if (ClassObj* nt = lang::namedTupleClass(v)) return lang::makeNamedTuple(nt, std::move(items));
        return v.isKind(ObjKind::List) ? lang::newList(std::move(items)) : lang::newTuple(std::move(items));
    }
    if (v.isKind(ObjKind::Dict)) {
        Value mapped = lang::newDict();
        for (const auto& [k, x] : nestItems(in, v)) in.setItem(mapped, k, mapStructure(in, x, leaf));
        Value d = lang::newDict();
        v.as<lang::DictObj>()->forEach([&](const Value& k, const Value&) { in.setItem(d, k, in.getItem(mapped, k)); });
        if (v.obj()->cls == lang::types().dict) return d;
        // a dict subclass keeps its type (OrderedDict, defaultdict with its factory), as TF's nest
        // rebuilds it: its copy() emptied and refilled in its key order
        Value same = in.callMethod(v, "copy", nullptr, 0);
        if (!same.isKind(ObjKind::Dict) || same.obj()->cls != v.obj()->cls) return d;
        in.callMethod(same, "clear", nullptr, 0);
        d.as<lang::DictObj>()->forEach([&](const Value& k, const Value& x) { in.setItem(same, k, x); });
        return same;
    }
    return leaf(v);
}

// The trace type of a bound call: what the dispatch table matches concrete functions on.
function::FunctionType functionTypeOf(Interpreter& in, const Bound& b);

// Tensor shapes of a type's tensor leaves, depth first (the shapes a trace gives its placeholders).
void tensorShapes(const function::TraceType& t, std::vector<PartialShape>& out);

} // namespace graphlens::eager::function_args
