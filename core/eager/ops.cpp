// Running ops from Python: input conversion with TF's dtype hints, attrs from Python values,
// OpError -> tf.errors.*, tape recording.
#include "core/eager/eager_state.h"
#include "core/eager/func_graph.h"
#include "core/eager/internal.h"
#include "core/eager/trace_state.h"
#include "core/ops/execute.h"
#include "core/ops/registry.h"

namespace graphlens::eager {

using namespace lang;

void setOpErrorFields(ExcObj* e, const Value& nodeDef, const Value& op, const Value& message) {
    e->args = newTuple({ message });
    e->d()->setStr("node_def", nodeDef);
    e->d()->setStr("op", op);
    e->d()->setStr("message", message);
}

Value newOpError(ClassObj* cls, const std::string& message) {
    auto* ex = new ExcObj(cls);
    Value ev = Value::adopt(ex);
    setOpErrorFields(ex, Value::none(), Value::none(), newStr(message));
    return ev;
}

void raiseOpError(Interpreter& in, const tensor::OpError& e, const std::optional<std::string>& name) {
    (void)in;
    std::string msg = e.what();
    if (name) msg += " name: " + *name;
    ClassObj* cls = classes().opError;
    for (auto& [code, c] : classes().errors)
        if (code == e.code()) cls = c;
    raiseValue(newOpError(cls, msg));
}

std::vector<Tensor> execRaw(std::string_view op, const std::vector<Tensor>& inputs, const ops::AttrMap& attrs) {
    return ops::execute(op, std::span<const Tensor>(inputs.data(), inputs.size()), attrs);
}
Tensor execRaw1(std::string_view op, const std::vector<Tensor>& inputs, const ops::AttrMap& attrs) {
    return execRaw(op, inputs, attrs).at(0);
}

std::vector<Value> runOp(Interpreter& in, std::string_view op, const std::vector<Input>& inputs,
                         const ops::AttrMap& attrs, std::optional<std::string> name) {
    if (tracing()) return runOpInGraph(in, op, inputs, attrs, name);
    for (const auto& x : inputs)
        if (x.sym)
            raise(types().TypeError,
                  "An op outside of the function building code is being passed\na \"Graph\" tensor. It is possible to "
                  "have "
                  "Graph tensors\nleak out of the function building context by including a\ntf.init_scope in your "
                  "function building code.\nFor example, the following function will fail:\n  @tf.function\n  def "
                  "has_init_scope():\n    my_constant = tf.constant(1.)\n    with tf.init_scope():\n      added = "
                  "my_constant * 2\nThe graph tensor has name: " +
                      x.sym->graph->tensorName({ x.sym->node, x.sym->output }));
    std::vector<Tensor> ins;
    ins.reserve(inputs.size());
    for (auto& i : inputs) {
        ins.push_back(i.t);
        if (i.id == 0) takeTfUid(); // a Python value: TF converts it to an EagerTensor first
    }
    std::vector<Tensor> outs;
    const auto& observe = eagerState(in).hooks.eagerOp;
    if (observe) observe(op, true);
    try {
        outs = execRaw(op, ins, attrs);
    } catch (const tensor::OpError& e) {
        if (observe) observe(op, false);
        raiseOpError(in, e, name);
    }
    if (observe) observe(op, false);
    std::vector<int64_t> ids;
    std::vector<Value> res;
    for (auto& t : outs) {
        int64_t id = nextTensorId();
        ids.push_back(id);
        res.push_back(wrapTensorWithId(t, id));
    }
    if (anyTapeActive()) tapeRecord(op, inputs, outs, ids, attrs);
    return res;
}

Value runOp1(Interpreter& in, std::string_view op, const std::vector<Input>& inputs, const ops::AttrMap& attrs,
             std::optional<std::string> name) {
    auto r = runOp(in, op, inputs, attrs, std::move(name));
    return r.at(0);
}

// ---------------------------------------------------------------------------------------------
// Python attrs

static PartialShape shapeFromValue(Interpreter& in, const Value& v) {
    if (v.isNone()) return PartialShape::unknown();
    Value dims;
    if (v.isKind(ObjKind::Instance) && in.getAttrOpt(v, "_dims", dims)) {
        if (dims.isNone()) return PartialShape::unknown();
        return PartialShape(intList(in, dims));
    }
    return PartialShape(intList(in, v));
}

static ops::AttrValue attrFromPython(Interpreter& in, const ops::AttrDef* def, const Value& v) {
    std::string type = def ? def->type : "";
    if (type.empty()) {
        if (v.isBool()) return v.asBool();
        if (v.isInt()) return v.asInt();
        if (v.isFloat()) return float(v.asFloat());
        if (v.isKind(ObjKind::Str)) return v.as<StrObj>()->s;
        if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) return intList(in, v);
        return dtypeFromValue(in, v);
    }
    if (type == "int") return in.toIndex(v);
    if (type == "float") return float(in.toDouble(v));
    if (type == "bool") return in.truthy(v);
    if (type == "string") return in.str(v);
    if (type == "type") return dtypeFromValue(in, v);
    if (type == "shape") return shapeFromValue(in, v);
    if (type == "tensor") return toTensor(in, v);
    if (type == "func") return ops::FuncAttr{ in.str(v) };
    if (type == "list(int)") return intList(in, v);
    if (type == "list(float)") {
        std::vector<float> out;
        in.forEach(v, [&](const Value& x) { out.push_back(float(in.toDouble(x))); });
        return out;
    }
    if (type == "list(type)") {
        std::vector<DType> out;
        in.forEach(v, [&](const Value& x) { out.push_back(dtypeFromValue(in, x)); });
        return out;
    }
    if (type == "list(string)") {
        std::vector<std::string> out;
        in.forEach(v, [&](const Value& x) { out.push_back(in.str(x)); });
        return out;
    }
    if (type == "list(shape)") {
        std::vector<PartialShape> out;
        in.forEach(v, [&](const Value& x) { out.push_back(shapeFromValue(in, x)); });
        return out;
    }
    raise(types().TypeError, "unsupported attr type " + type);
}

// Whether `v` (an int, or lists / tuples of them) holds an int that int32 cannot hold.
static bool hasIntBeyondInt32(Interpreter& in, const Value& v) {
    if (v.isInt()) return v.asInt() < INT32_MIN || v.asInt() > INT32_MAX;
    if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) {
        for (const auto& x : in.toVector(v))
            if (hasIntBeyondInt32(in, x)) return true;
        return false;
    }
    return v.isKind(ObjKind::BigInt); // beyond int64
}

// The inputs that hold a shape (Fill's dims, Reshape's and BroadcastTo's shape, Tile's
// multiples, Pad's paddings).
static bool isShapeInput(const std::string& name) {
    return name == "dims" || name == "shape" || name == "multiples" || name == "paddings";
}

static bool containsSymbolic(Interpreter& in, const Value& v) {
    if (isSymbolic(v)) return true;
    if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) {
        for (const auto& x : in.toVector(v))
            if (containsSymbolic(in, x)) return true;
    }
    return false;
}

// A (nested) list holding graph tensors, as one tensor: TF's auto-packing (Pack ops).
static Input autoPack(Interpreter& in, const Value& v, DType hint) {
    if (!(v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple))) {
        if (isTensor(v) || isSymbolic(v) || isVariable(v)) return toInput(in, v);
        return toInput(in, v, hint);
    }
    std::vector<Input> items;
    for (const auto& x : in.toVector(v)) items.push_back(autoPack(in, x, hint));
    // Python numbers take the dtype of the tensors among them.
    DType dt = hint;
    for (const auto& x : items)
        if (x.sym) dt = x.dtype();
    if (dt != DType::Invalid)
        for (size_t i = 0; i < items.size(); ++i)
            if (!items[i].sym && items[i].t.dtype() != dt) items[i] = toInput(in, in.toVector(v)[i], dt);
    return toInput(in, runOp1(in, "Pack", items, { { "axis", int64_t(0) } }));
}

// _core.op_signature(name): (input arg names, names of the attrs a caller gives, output arg
// names, whether an output is a list) of op `name`, the keywords of tf.raw_ops.NAME; the attrs the
// inputs decide (type, number and type-list attrs) are left out. Unknown ops raise AttributeError.
Value opSignaturePrimitive(Interpreter& in, CallArgs& a) {
    if (a.n != 1) raise(types().TypeError, "op_signature(name)");
    const std::string opName = in.str(a[0]);
    ops::OpHandle op = nullptr;
    try {
        op = ops::lookupOp(opName);
    } catch (const tensor::OpError&) {
        raise(types().AttributeError, "module 'tensorflow._api.v2.raw_ops' has no attribute '" + opName + "'");
    }
    std::vector<bool> inferred(op->attrs.size(), false);
    std::vector<Value> inputs, attrs, outputs;
    for (const ops::ArgDef& ad : op->inputs) {
        inputs.push_back(newStr(ad.name));
        for (int idx : { ad.typeAttr, ad.numberAttr, ad.typeListAttr })
            if (idx >= 0) inferred[size_t(idx)] = true;
    }
    // as TF's Python wrappers order them: the attrs without a default first, then the others
    for (bool required : { true, false })
        for (size_t i = 0; i < op->attrs.size(); ++i)
            if (!inferred[i] && std::holds_alternative<std::monostate>(op->attrs[i].defaultValue) == required)
                attrs.push_back(newStr(op->attrs[i].name));
    bool listOutput = false;
    for (const ops::ArgDef& ad : op->outputs) {
        outputs.push_back(newStr(ad.name));
        listOutput = listOutput || ad.kind != ops::ArgDef::Kind::Single;
    }
    return newTuple({ newTuple(std::move(inputs)), newTuple(std::move(attrs)), newTuple(std::move(outputs)),
                      Value::boolean(listOutput) });
}

// _core.op(name, inputs, attrs=None, name=None, hint=None): runs op `name`. `inputs` follows the
// OpDef's input args (a list for list args). Non-tensor inputs are converted with the dtype of the
// tensors sharing their type attr (TF's convert_to_tensor dtype hint), falling back to plain
// conversion. `name` appends " name: NAME" to error messages (None: nothing).
Value opPrimitive(Interpreter& in, CallArgs& a) {
    if (a.n < 2) raise(types().TypeError, "op(name, inputs, attrs=None)");
    std::string opName = in.str(a[0]);
    ops::OpHandle op;
    try {
        op = ops::lookupOp(opName);
    } catch (const tensor::OpError& e) {
        raiseOpError(in, e, std::nullopt);
    }
    std::vector<Value> args = in.toVector(a[1]);
    Value attrsV = argOr(a, 2, "attrs", Value::none());
    Value nameV = argOr(a, 3, "name", Value::none());
    std::optional<std::string> name;
    if (!nameV.isNone()) name = in.str(nameV);

    ops::AttrMap attrs;
    if (attrsV.isKind(ObjKind::Dict)) {
        attrsV.as<DictObj>()->forEach([&](const Value& k, const Value& v) {
            if (v.isNone()) return;
            std::string key = in.str(k);
            int idx = op->attrIndex(key);
            attrs.set(key, attrFromPython(in, idx >= 0 ? &op->attrs[size_t(idx)] : nullptr, v));
        });
    }
    if (args.size() != op->inputs.size())
        raise(types().TypeError,
              opName + " takes " + std::to_string(op->inputs.size()) + " inputs, got " + std::to_string(args.size()));

    // pass 1: dtypes of tensor inputs per type attr
    std::vector<DType> attrType(op->attrs.size(), DType::Invalid);
    for (size_t i = 0; i < op->attrs.size(); ++i) {
        if (const ops::AttrValue* v = attrs.find(op->attrs[i].name))
            if (auto* d = std::get_if<DType>(v)) attrType[i] = *d;
    }
    auto noteTensor = [&](const ops::ArgDef& ad, const Value& v) {
        if (ad.typeAttr < 0 || attrType[size_t(ad.typeAttr)] != DType::Invalid) return;
        if (isTensor(v)) attrType[size_t(ad.typeAttr)] = tensorData(v).t.dtype();
        else if (isSymbolic(v)) attrType[size_t(ad.typeAttr)] = toInput(in, v).dtype();
        else if (isVariable(v)) attrType[size_t(ad.typeAttr)] = varData(v).value().dtype();
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const auto& ad = op->inputs[i];
        if (ad.kind == ops::ArgDef::Kind::Single) noteTensor(ad, args[i]);
        else if (ad.kind == ops::ArgDef::Kind::Number) in.forEach(args[i], [&](const Value& x) { noteTensor(ad, x); });
    }
    // pass 2: convert
    std::vector<Input> inputs;
    // graph_name / scope_name name the node after its inputs are converted: no early reservation
    const auto given = [&](const char* key) {
        const Value* v = a.kwarg(key);
        return v && !v->isNone();
    };
    const bool graphNameGiven = given("graph_name") || given("scope_name");
    // TF converts a variable input in the op's name scope ("MatMul/ReadVariableOp")
    if (tracing() && !graphNameGiven) {
        // the variables inside list inputs too ("concat/ReadVariableOp_1"), in input order
        std::vector<std::vector<Value>> lists(args.size());
        std::vector<Value*> operands;
        for (size_t i = 0; i < args.size() && i < op->inputs.size(); ++i) {
            if (op->inputs[i].kind == ops::ArgDef::Kind::Single) {
                operands.push_back(&args[i]);
            } else if (args[i].isKind(ObjKind::List) || args[i].isKind(ObjKind::Tuple)) {
                lists[i] = in.toVector(args[i]);
                for (Value& x : lists[i]) operands.push_back(&x);
            }
        }
        const bool anyVariable =
            std::any_of(operands.begin(), operands.end(), [](const Value* v) { return isVariable(*v); });
        readVariablesForOp(in, opName, name, operands);
        if (anyVariable) name.reset(); // the op takes the name reserved for it, "Add" not "Add_1"
        for (size_t i = 0; i < lists.size(); ++i)
            if (!lists[i].empty()) args[i] = newList(std::move(lists[i]));
    }
    int listIndex = -1; // the element of a list input being converted ("values_1")
    // the names TF gives a packed input: StridedSlice's begin/end/strides come from tf.stack
    auto inputName = [&](const ops::ArgDef& ad) {
        if (opName == "StridedSlice") return stackedInputName(opName, ad.name);
        return listIndex >= 0 ? ad.name + "_" + std::to_string(listIndex) : ad.name;
    };
    auto convert = [&](const ops::ArgDef& ad, const Value& v) {
        if (isTensor(v) || isVariable(v) || isSymbolic(v)) {
            inputs.push_back(toInput(in, v));
            return;
        }
        if (tracing() && (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) && containsSymbolic(in, v)) {
            DType hint = ad.fixedType;
            if (hint == DType::Invalid && ad.typeAttr >= 0) hint = attrType[size_t(ad.typeAttr)];
            // TF converts the list in the op's name scope: its Pack is "<node>/<input>" (a flat
            // list; nested lists keep their own Packs' names)
            bool flat = true;
            for (const Value& x : in.toVector(v))
                if (x.isKind(ObjKind::List) || x.isKind(ObjKind::Tuple)) flat = false;
            if (flat && !graphNameGiven) {
                TraceFrame* f = currentTraceFrame();
                const std::string node = reserveNextNodeName(opName, name);
                // TF converts the inputs in order: Python values before this one are Const nodes
                // already ("Slice/begin" before the Pack "Slice/size")
                for (size_t j = 0; j < inputs.size() && j < op->inputs.size(); ++j) {
                    if (op->inputs[j].kind != ops::ArgDef::Kind::Single) break;
                    if (inputs[j].sym || inputs[j].id != 0) continue;
                    const std::string& arg = op->inputs[j].name;
                    const GraphEndpoint e = f->graph->addConst(
                        inputs[j].t, node + "/" + (opName == "StridedSlice" ? stackedInputName(opName, arg) : arg));
                    inputs[j] = toInput(in, wrapSymbolic(f->graph, e));
                }
                f->nextName = f->graph->reserveName(node + "/" + inputName(ad));
                f->exactName = true;
                inputs.push_back(autoPack(in, v, hint));
                f->nextName = node; // the op itself, as reserved
                f->exactName = true;
                name.reset();
            } else {
                inputs.push_back(autoPack(in, v, hint));
            }
            if (ad.typeAttr >= 0 && attrType[size_t(ad.typeAttr)] == DType::Invalid)
                attrType[size_t(ad.typeAttr)] = inputs.back().dtype();
            return;
        }
        DType hint = ad.fixedType;
        if (hint == DType::Invalid && ad.typeAttr >= 0) hint = attrType[size_t(ad.typeAttr)];
        if (hint == DType::Invalid && ad.typeAttr >= 0 && !isArray(v)) {
            // an index-like input (Reshape's shape, Sum's axis): the attr's default dtype for
            // values that are empty or all ints
            const auto& adef = op->attrs[size_t(ad.typeAttr)];
            const auto* d = std::get_if<DType>(&adef.defaultValue);
            // A shape given as a list with an int beyond int32 is int64, never a truncated int32:
            // TF 2.21's tf.fill / tf.reshape / tf.tile / tf.broadcast_to / tf.pad keep such a
            // dimension (tf.fill([2**32 + 3, 2], 1.0) runs out of memory for shape
            // [4294967299,2]). Scalars (an axis) and other lists (a permutation) TF truncates.
            if (d && *d == DType::Int32 && isShapeInput(ad.name) &&
                (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) && hasIntBeyondInt32(in, v))
                d = nullptr;
            if (d) {
                try {
                    inputs.push_back(toInput(in, v, *d));
                    attrType[size_t(ad.typeAttr)] = inputs.back().t.dtype();
                    return;
                } catch (PyError& e) {
                    if (!in.isInstance(e.exc, types().TypeError)) throw;
                }
            }
        }
        if (hint != DType::Invalid && !isArray(v)) {
            try {
                inputs.push_back(toInput(in, v, hint));
                return;
            } catch (PyError& e) {
                if (!in.isInstance(e.exc, types().TypeError)) throw;
            }
        }
        if (hint != DType::Invalid && isArray(v)) {
            inputs.push_back(toInput(in, v, hint));
            return;
        }
        inputs.push_back(toInput(in, v));
        if (ad.typeAttr >= 0 && attrType[size_t(ad.typeAttr)] == DType::Invalid)
            attrType[size_t(ad.typeAttr)] = inputs.back().t.dtype();
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const auto& ad = op->inputs[i];
        if (ad.kind == ops::ArgDef::Kind::Single) convert(ad, args[i]);
        else {
            listIndex = 0;
            in.forEach(args[i], [&](const Value& x) {
                convert(ad, x);
                ++listIndex;
            });
            listIndex = -1;
        }
    }
    // graph_name: the node's name when traced, where TF's Python wrapper names it in a name scope
    // but passes no name down in eager mode (its errors then carry no " name: ").
    if (const Value* graphName = a.kwarg("graph_name"); graphName && tracing() && !graphName->isNone())
        currentTraceFrame()->nextName = in.str(*graphName);
    // scope_name: the node's full name, a name scope's TF's composite wrappers opened ("clip_by_value")
    if (const Value* scopeName = a.kwarg("scope_name"); scopeName && tracing() && !scopeName->isNone()) {
        currentTraceFrame()->nextName = in.str(*scopeName);
        currentTraceFrame()->exactName = true;
    }
    auto outs = runOp(in, opName, inputs, attrs, name);
    Value multi = argOr(a, 4, "multi", Value::boolean(false));
    if (outs.size() == 1 && !in.truthy(multi)) return outs[0];
    return newList(std::move(outs));
}

} // namespace graphlens::eager
