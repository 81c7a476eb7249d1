// Gradient tapes: ops run while a tape is active and whose inputs the tape watches are recorded;
// gradient() walks the records backwards with the ops' gradient functions (ops::gradientOf),
// running the gradient ops through the same recording path so outer tapes see them (higher-order
// gradients).
#include <algorithm>
#include <cstring>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "core/eager/eager_state.h"
#include "core/eager/internal.h"
#include "core/eager/trace_state.h"
#include "core/ops/execute.h"
#include "core/ops/gradient.h"
#include "core/ops/registry.h"

namespace graphlens::eager {

using namespace lang;

// A recorded op (named outside the anonymous namespace, as TapeState is).
struct TapeRecord {
    std::string op;
    std::vector<int64_t> in, out;
    std::vector<Input> inVals, outVals; // symbolic under tracing
    ops::AttrMap attrs;
    Value pyGrad; // tf.custom_gradient's grad_fn (op "__custom_gradient__")
};

// Named outside the anonymous namespace: EagerState holds the active tapes.
struct TapeState {
    bool persistent = false, watchAccessed = true;
    int stopped = 0;
    bool used = false;
    bool entered = false; // TF's tape exists only once its `with` block was entered
    std::unordered_set<int64_t> watched;
    std::vector<TapeRecord> recs;
    std::vector<Value> variables; // watched variables, in order
    std::unordered_set<int64_t> variableIds;
};

namespace {

// The running script's tapes (EagerState).
std::vector<std::shared_ptr<TapeState>>& activeTapes() {
    return eagerState().activeTapes;
}

bool trainableDtype(DType d) {
    return tensor::isFloating(d) || d == DType::Complex64 || d == DType::Complex128;
}

// What gradients flow through: the trainable types and, as TF's tape lets them, variants (a
// TensorList's gradient is a TensorList of gradients).
bool gradientFlows(DType d) {
    return trainableDtype(d) || d == DType::Variant;
}

// The tape watches the variable: explicitly, or as an accessed trainable one.
bool watchesVariable(const TapeState& t, const VarData& v) {
    return t.watched.count(v.id) || (t.watchAccessed && v.trainable && trainableDtype(v.value().dtype()));
}

std::shared_ptr<TapeState>& tapeOf(const Value& v) {
    return *static_cast<std::shared_ptr<TapeState>*>(v.as<NativeObj>()->payload.get());
}

// Keys each graph being built has seen (GradBuilder::firstInGraph), while the graph lives.
std::vector<std::pair<std::weak_ptr<FuncGraph>, std::unordered_set<std::string>>>& graphCaches() {
    return eagerState().gradientGraphKeys;
}

// Runs gradient ops eagerly, recording them on the active tapes (for higher-order gradients).
class TapeGradBuilder final : public ops::GradBuilder {
public:
    explicit TapeGradBuilder(Interpreter& in)
        : m_in(in) { }
    ops::Sym add(Tensor t, int64_t id) { return add(Input{ std::move(t), id, nullptr }); }
    ops::Sym add(Input x) {
        m_vals.push_back(std::move(x));
        return ops::Sym{ int32_t(m_vals.size() - 1) };
    }
    const Input& get(ops::Sym s) const { return m_vals.at(size_t(s.id)); }
    std::vector<ops::Sym> op(std::string_view op, std::vector<ops::Sym> inputs, const ops::AttrMap& attrs) override {
        std::vector<Input> ins;
        for (auto s : inputs) ins.push_back(get(s));
        auto outs = runOp(m_in, op, ins, attrs);
        std::vector<ops::Sym> res;
        for (auto& o : outs) res.push_back(add(Input{ tensorData(o).t, tensorData(o).id, tensorData(o).sym }));
        return res;
    }
    // Under tracing a constant is a Const node at once, as TF's gradient functions make them
    // (also those that end up unused).
    ops::Sym constant(const Tensor& value) override {
        if (!tracing()) return add(value, nextTensorId());
        const Value c = constantValue(value);
        return add(Input{ Tensor(), tensorData(c).id, tensorData(c).sym });
    }
    DType dtype(ops::Sym s) const override { return get(s).dtype(); }
    PartialShape shape(ops::Sym s) const override { return get(s).shape(); }
    // TF's tensor_util.constant_value: known for eager tensors and Const nodes.
    const Tensor* value(ops::Sym s) const override {
        const Input& x = get(s);
        if (!x.sym) return &x.t;
        return x.sym->graph->constValue({ x.sym->node, x.sym->output });
    }
    bool symbolic() const override { return tracing(); }
    bool firstInGraph(const std::string& key) override {
        if (!tracing()) return true;
        const std::shared_ptr<FuncGraph>& graph = currentTraceFrame()->graph;
        auto& caches = graphCaches();
        std::erase_if(caches, [](const auto& c) { return c.first.expired(); });
        for (auto& [g, keys] : caches)
            if (g.lock() == graph) return keys.insert(key).second;
        caches.push_back({ graph, { key } });
        return true;
    }

private:
    Interpreter& m_in;
    std::vector<Input> m_vals;
};

// The first gradient of a symbolic target, as TF's tape makes it: ones of its static shape (a
// Const when small), else Fill of its run-time Shape.
ops::Sym symbolicOnes(TapeGradBuilder& b, const Input& target) {
    const PartialShape shape = target.shape();
    const Tensor one = castTensor(Tensor::scalar<float>(1.0f), target.dtype());
    constexpr int64_t kConstantLimit = 1000; // array_ops._constant_if_small
    if (shape.isFullyDefined() && shape.numElements() < kConstantLimit)
        return b.constant(execRaw1("Fill", { Tensor::fromVector(shape.dims()), one }, ops::AttrMap{}));
    const ops::Sym dims = shape.isFullyDefined()
        ? b.constant(Tensor::fromVector(shape.dims()))
        : b.op1("Shape", { b.add(Input{ Tensor(), nextTensorId(), target.sym }) });
    return b.op1("Fill", { dims, b.constant(one) });
}

} // namespace

bool anyTapeActive() {
    return !activeTapes().empty();
}

void tapeRecord(std::string_view op, const std::vector<Input>& inputs, const std::vector<Tensor>& outputs,
                const std::vector<int64_t>& outIds, const ops::AttrMap& attrs) {
    std::vector<Input> outs;
    outs.reserve(outputs.size());
    for (size_t k = 0; k < outputs.size(); ++k) outs.push_back(Input{ outputs[k], outIds[k], nullptr });
    tapeRecordInputs(op, inputs, outs, attrs);
}

namespace {

// Records one step on every active tape that watches one of its inputs; `pyGrad` is the Python
// gradient function of a tf.custom_gradient step (op "__custom_gradient__"), else Undef.
void recordOnTapes(std::string_view op, const std::vector<Input>& inputs, const std::vector<Input>& outputs,
                   const ops::AttrMap& attrs, const Value& pyGrad) {
    EagerState& state = eagerState();
    for (auto& tp : state.activeTapes) {
        TapeState& t = *tp;
        if (t.stopped || &t == state.computingTape) continue;
        bool any = false;
        for (auto& i : inputs)
            if (i.id && t.watched.count(i.id)) {
                any = true;
                break;
            }
        if (!any) continue;
        TapeRecord r;
        r.op = std::string(op);
        for (auto& i : inputs) {
            r.in.push_back(i.id);
            r.inVals.push_back(i);
        }
        for (auto& o : outputs) {
            r.out.push_back(o.id);
            r.outVals.push_back(o);
            t.watched.insert(o.id);
        }
        r.attrs = attrs;
        r.pyGrad = pyGrad;
        t.recs.push_back(std::move(r));
    }
}

} // namespace

std::vector<size_t> tapeRecordCounts() {
    std::vector<size_t> counts;
    for (auto& t : eagerState().activeTapes) counts.push_back(t->recs.size());
    return counts;
}

void tapeLinkUnreadVariables(const std::vector<size_t>& before, const std::vector<VarData*>& vars,
                             const std::vector<Value>& outputs) {
    auto& tapes = eagerState().activeTapes;
    std::vector<Input> outs;
    for (const Value& o : outputs)
        if (isTensor(o)) outs.push_back(Input{ tensorData(o).t, tensorData(o).id, nullptr });
    if (outs.empty()) return;
    for (size_t k = 0; k < tapes.size() && k < before.size(); ++k) {
        TapeState& t = *tapes[k];
        if (t.stopped || &t == eagerState().computingTape) continue;
        for (VarData* v : vars) {
            if (!watchesVariable(t, *v)) continue;
            bool read = false;
            for (size_t r = before[k]; r < t.recs.size() && !read; ++r)
                read = std::find(t.recs[r].in.begin(), t.recs[r].in.end(), v->id) != t.recs[r].in.end();
            if (read) continue;
            t.watched.insert(v->id);
            TapeRecord rec;
            rec.op = "__custom_gradient__";
            rec.in = { v->id };
            rec.inVals = { Input{ v->value(), v->id, nullptr } };
            for (const Input& o : outs) {
                rec.out.push_back(o.id);
                rec.outVals.push_back(o);
                t.watched.insert(o.id);
            }
            const Tensor value = v->value();
            rec.pyGrad = newBuiltin("captured_variable_zeros", [value](Interpreter& in, CallArgs&) -> Value {
                return newList({ wrapTensor(guarded(in, [&] { return execRaw1("ZerosLike", { value }); })) });
            });
            t.recs.push_back(std::move(rec));
        }
    }
}

void tapesStopAll(int delta) {
    for (auto& t : eagerState().activeTapes) t->stopped += delta;
}

void tapeRecordCustom(const std::vector<Input>& inputs, const std::vector<Input>& outputs, const Value& gradFn) {
    recordOnTapes("__custom_gradient__", inputs, outputs, ops::AttrMap{}, gradFn);
}

void tapeRecordInputs(std::string_view op, const std::vector<Input>& inputs, const std::vector<Input>& outputs,
                      const ops::AttrMap& attrs) {
    recordOnTapes(op, inputs, outputs, attrs, Value());
}

namespace {
// A read of v (its value, or its symbolic read) on every tape watching v: an Identity from the
// variable's id to the read's.
void noteVariableRead(const VarData& v, int64_t readId, const Tensor& value, const std::shared_ptr<SymRef>& sym) {
    EagerState& state = eagerState();
    for (auto& tp : state.activeTapes) {
        TapeState& t = *tp;
        if (t.stopped || &t == state.computingTape || !watchesVariable(t, v)) continue;
        t.watched.insert(v.id);
        TapeRecord r;
        r.op = "Identity";
        r.in = { v.id };
        r.inVals = { Input{ value, v.id, sym } };
        r.out = { readId };
        r.outVals = { Input{ value, readId, sym } };
        t.watched.insert(readId);
        t.recs.push_back(std::move(r));
    }
}
} // namespace

void tapeNoteVariableReadSymbolic(const VarData& v, int64_t readId, const std::shared_ptr<SymRef>& sym) {
    noteVariableRead(v, readId, Tensor(), sym);
}

void tapeNoteVariableRead(const VarData& v, int64_t readId, const Tensor& value) {
    noteVariableRead(v, readId, value, nullptr);
}

Value readVariable(Interpreter& in, const Value& var) {
    VarData& v = varData(var);
    if (tracing()) {
        for (auto& tp : activeTapes()) {
            TapeState& t = *tp;
            if (t.stopped) continue;
            if (watchesVariable(t, v) && !t.variableIds.count(v.id)) {
                t.variableIds.insert(v.id);
                t.variables.push_back(var);
            }
        }
        return readVariableInGraph(in, var);
    }
    int64_t id = nextTensorId();
    if (anyTapeActive()) {
        // remember accessed variables for watched_variables()
        for (auto& tp : activeTapes()) {
            TapeState& t = *tp;
            if (t.stopped) continue;
            if (watchesVariable(t, v) && !t.variableIds.count(v.id)) {
                t.variableIds.insert(v.id);
                t.variables.push_back(var);
            }
        }
        tapeNoteVariableRead(v, id, v.value());
    }
    return wrapTensorWithId(v.value(), id);
}

// ---------------------------------------------------------------------------------------------

static Value tapeNew(Interpreter&, CallArgs& a) {
    auto st = std::make_shared<TapeState>();
    st->persistent = a.n > 0 && a[0].isBool() ? a[0].asBool() : false;
    st->watchAccessed = a.n > 1 && a[1].isBool() ? a[1].asBool() : true;
    auto holder = std::make_shared<std::shared_ptr<TapeState>>(st);
    return Value::adopt(new NativeObj(classes().tape, holder));
}

static Value tapePush(Interpreter&, CallArgs& a) {
    tapeOf(a[0])->entered = true;
    activeTapes().push_back(tapeOf(a[0]));
    return Value::none();
}
static Value tapePop(Interpreter&, CallArgs& a) {
    auto& st = tapeOf(a[0]);
    auto& tapes = activeTapes();
    for (size_t i = tapes.size(); i-- > 0;)
        if (tapes[i] == st) {
            tapes.erase(tapes.begin() + long(i));
            break;
        }
    return Value::none();
}
static Value tapeWatch(Interpreter& in, CallArgs& a) {
    auto& st = tapeOf(a[0]);
    in.forEach(a[1], [&](const Value& x) {
        if (isVariable(x)) {
            VarData& v = varData(x);
            st->watched.insert(v.id);
            if (!st->variableIds.count(v.id)) {
                st->variableIds.insert(v.id);
                st->variables.push_back(x);
            }
        } else if (isTensor(x) || isSymbolic(x)) {
            if (gradientFlows(toInput(in, x).dtype())) st->watched.insert(tensorData(x).id);
        } else {
            raise(types().ValueError,
                  "Passed in object " + in.repr(x) + " of type '" + in.typeOf(x)->name +
                      "', not tf.Tensor or tf.Variable or ExtensionType.");
        }
    });
    return Value::none();
}

static Value tapeWatchedVariables(Interpreter&, CallArgs& a) {
    auto& st = tapeOf(a[0]);
    return newTuple(st->variables);
}

static Value tapeReset(Interpreter&, CallArgs& a) {
    auto& st = tapeOf(a[0]);
    st->recs.clear();
    st->watched.clear();
    st->variables.clear();
    st->variableIds.clear();
    return Value::none();
}

// _core.tape_gradient(tape, targets, sources, output_gradients, zeros_for_unconnected)
// targets/sources: flat lists of tensors/variables; output_gradients: list (None entries allowed)
// or None. Returns a list (None where unconnected).
static Value tapeGradient(Interpreter& in, CallArgs& a) {
    auto st = tapeOf(a[0]);
    bool checkUsed = a.n > 5 ? in.truthy(a[5]) : true;
    if (checkUsed) {
        // A tape never entered has nothing to differentiate: TF says so in the same words.
        if (!st->entered || (st->used && !st->persistent))
            raise(types().RuntimeError,
                  "A non-persistent GradientTape can only be used to compute one set of gradients (or jacobians)");
        st->used = true;
    }
    std::vector<Value> targets = in.toVector(a[1]);
    std::vector<Value> sources = in.toVector(a[2]);
    std::vector<Value> outGrads;
    if (a.n > 3 && !a[3].isNone()) outGrads = in.toVector(a[3]);
    bool zerosForUnconnected = a.n > 4 && in.truthy(a[4]);

    TapeGradBuilder b(in);
    // Every gradient reaching a tensor, summed (one AddN, as TF's tape aggregates) when it is used.
    std::unordered_map<int64_t, std::vector<ops::Sym>> grads;
    auto accumulate = [&](int64_t id, ops::Sym g) { grads[id].push_back(g); };
    auto aggregated = [&](int64_t id) -> ops::Sym {
        auto it = grads.find(id);
        if (it == grads.end()) return ops::Sym{};
        if (it->second.size() > 1) it->second = { b.op1("AddN", it->second) };
        return it->second[0];
    };
    // IndexedSlices gradients (GatherV2 on axis 0): kept apart until something needs them dense,
    // as TF's aggregation does; a source that only gets slices receives an IndexedSlices.
    struct Slices {
        ops::Sym values, indices, denseShape;
    };
    std::unordered_map<int64_t, std::vector<Slices>> sparse;
    auto concatSlices = [&](const std::vector<Slices>& parts) -> Slices {
        if (parts.size() == 1) return parts[0];
        std::vector<ops::Sym> vs, is;
        for (const auto& p : parts) {
            vs.push_back(p.values);
            is.push_back(p.indices);
        }
        vs.push_back(b.constant(Tensor::scalar<int32_t>(0)));
        is.push_back(b.constant(Tensor::scalar<int32_t>(0)));
        return { b.op1("ConcatV2", vs), b.op1("ConcatV2", is), parts[0].denseShape };
    };
    auto densify = [&](int64_t id) {
        auto it = sparse.find(id);
        if (it == sparse.end()) return;
        Slices s = concatSlices(it->second);
        sparse.erase(it);
        ops::Sym n =
            b.op1("StridedSlice",
                  { s.denseShape, b.constant(Tensor::fromVector<int32_t>({ 0 })),
                    b.constant(Tensor::fromVector<int32_t>({ 1 })), b.constant(Tensor::fromVector<int32_t>({ 1 })) },
                  { { "shrink_axis_mask", int64_t{ 1 } } });
        ops::Sym dense = b.op1("UnsortedSegmentSum", { s.values, s.indices, n });
        accumulate(id, dense);
    };
    TapeState* prevComputing = eagerState().computingTape;
    eagerState().computingTape = st.get();
    struct Restore {
        TapeState* p;
        ~Restore() { eagerState().computingTape = p; }
    } restore{ prevComputing };

    for (size_t i = 0; i < targets.size(); ++i) {
        const Value& tv = targets[i];
        int64_t id;
        Tensor t;
        std::shared_ptr<SymRef> sym;
        if (isVariable(tv)) {
            id = varData(tv).id;
            t = varData(tv).value();
        } else if (isTensor(tv) || isSymbolic(tv)) {
            id = tensorData(tv).id;
            t = tensorData(tv).t;
            sym = tensorData(tv).sym;
        } else continue;
        Input target{ t, id, sym };
        if (!gradientFlows(target.dtype())) continue;
        ops::Sym g;
        if (i < outGrads.size() && !outGrads[i].isNone()) {
            Input gi = toInput(in, outGrads[i], target.dtype());
            if (!gi.id) gi.id = nextTensorId();
            g = b.add(gi);
        } else if (sym) {
            g = symbolicOnes(b, Input{ Tensor(), id, sym });
        } else {
            Tensor ones = guarded(in, [&] {
                return execRaw1(
                    "Fill",
                    { Tensor::fromVector(t.shape().dims()), castTensor(Tensor::scalar<float>(1.0f), t.dtype()) },
                    ops::AttrMap{});
            });
            g = b.add(ones, nextTensorId());
        }
        accumulate(id, g);
    }
    // TF's unneeded gradients (op.skip_input_indices): inputs neither computed from a watched
    // tensor nor asked for.
    std::unordered_set<int64_t> sourceIds;
    for (const Value& sv : sources) {
        if (isVariable(sv)) sourceIds.insert(varData(sv).id);
        else if (isTensor(sv) || isSymbolic(sv)) sourceIds.insert(tensorData(sv).id);
    }
    try {
        for (size_t r = st->recs.size(); r-- > 0;) {
            const TapeRecord& rec = st->recs[r];
            bool anyGrad = false;
            for (auto id : rec.out)
                if (grads.count(id) || sparse.count(id)) {
                    anyGrad = true;
                    break;
                }
            if (!anyGrad) continue;
            const bool symbolicRec = !rec.inVals.empty() && rec.inVals[0].sym;
            if ((rec.op == "Identity" || rec.op == "ReadVariableOp") && sparse.count(rec.out[0])) {
                if (trainableDtype(rec.inVals[0].dtype()) && rec.in[0]) {
                    auto& dst = sparse[rec.in[0]];
                    for (const auto& sl : sparse[rec.out[0]]) dst.push_back(sl);
                }
                sparse.erase(rec.out[0]);
                if (!grads.count(rec.out[0])) continue;
            }
            for (auto id : rec.out) densify(id);
            if (rec.op == "GatherV2" && !symbolicRec && !rec.inVals[1].sym && !rec.inVals[2].sym && rec.in[0] &&
                rec.inVals[2].t.numElements() == 1 && rec.inVals[2].t.toInt64Vector()[0] == 0 &&
                trainableDtype(rec.inVals[0].dtype())) {
                const ops::AttrValue* bd = rec.attrs.find("batch_dims");
                if (!bd || std::get<int64_t>(*bd) == 0) {
                    // TF's _GatherV2Grad for axis 0: IndexedSlices(values, indices, params' shape).
                    const ops::Sym gathered = aggregated(rec.out[0]);
                    if (!gathered) continue;
                    const Tensor& params = rec.inVals[0].t;
                    const Tensor& indices = rec.inVals[1].t;
                    std::vector<int32_t> shape;
                    for (auto d : params.shape().dims()) shape.push_back(int32_t(d));
                    std::vector<int32_t> vshape = { int32_t(indices.numElements()) };
                    for (size_t k = 1; k < shape.size(); ++k) vshape.push_back(shape[k]);
                    Slices sl;
                    sl.values = b.op1("Reshape", { gathered, b.constant(Tensor::fromVector(vshape)) });
                    sl.indices = b.op1("Reshape",
                                       { b.add(indices, rec.in[1] ? rec.in[1] : nextTensorId()),
                                         b.constant(Tensor::fromVector<int32_t>({ -1 })) });
                    sl.denseShape = b.constant(Tensor::fromVector(shape));
                    sparse[rec.in[0]].push_back(sl);
                    continue;
                }
            }
            std::vector<ops::Sym> ins, outs, ogs;
            for (size_t k = 0; k < rec.in.size(); ++k) {
                Input x = rec.inVals[k];
                if (!x.id) x.id = nextTensorId();
                ins.push_back(b.add(std::move(x)));
            }
            for (size_t k = 0; k < rec.out.size(); ++k) {
                outs.push_back(b.add(rec.outVals[k]));
                ogs.push_back(aggregated(rec.out[k]));
            }
            if (rec.op == "Identity" || rec.op == "ReadVariableOp") {
                if (gradientFlows(rec.inVals[0].dtype())) accumulate(rec.in[0], ogs[0]);
                continue;
            }
            if (rec.op == "__custom_gradient__") {
                // tf.custom_gradient: grad_fn(*upstream) gives the inputs' gradients (zeros for an
                // output nothing flowed into, as TF's tape fills them)
                std::vector<Value> upstream;
                for (size_t k = 0; k < rec.out.size(); ++k) {
                    if (ogs[k].valid()) {
                        upstream.push_back(wrapInput(b.get(ogs[k])));
                        continue;
                    }
                    // zeros as TF's tape makes them: a constant where the shape is known
                    const Input& o = rec.outVals[k];
                    const PartialShape shape = o.shape();
                    if (shape.isFullyDefined()) {
                        Tensor z(o.dtype(), TensorShape(shape.dims()));
                        std::memset(z.rawData(), 0, z.totalBytes());
                        upstream.push_back(wrapInput(b.get(b.constant(z))));
                    } else {
                        upstream.push_back(wrapInput(b.get(b.op1("ZerosLike", { outs[k] }))));
                    }
                }
                Value returned = in.call(rec.pyGrad, upstream.data(), upstream.size());
                std::vector<Value> given = returned.isKind(ObjKind::List) || returned.isKind(ObjKind::Tuple)
                    ? in.toVector(returned)
                    : std::vector<Value>{ returned };
                if (given.size() != rec.in.size())
                    raise(types().ValueError,
                          "custom_gradient function expected to return " + std::to_string(rec.in.size()) +
                              " gradients, but returned " + std::to_string(given.size()) + " instead.");
                for (size_t k = 0; k < given.size(); ++k) {
                    if (given[k].isNone() || !rec.in[k] || !gradientFlows(rec.inVals[k].dtype())) continue;
                    Input gi = toInput(in, given[k], rec.inVals[k].dtype());
                    if (!gi.id) gi.id = nextTensorId();
                    accumulate(rec.in[k], b.add(std::move(gi)));
                }
                continue;
            }
            ops::OpHandle op = ops::lookupOp(rec.op);
            if (op->notDifferentiable) continue;
            if (!op->gradFn) {
                raise(types().LookupError, "gradient registry has no entry for: " + rec.op);
            }
            std::unique_ptr<bool[]> skip(new bool[rec.in.size()]);
            for (size_t k = 0; k < rec.in.size(); ++k)
                skip[k] = !rec.in[k] || (!st->watched.count(rec.in[k]) && !sourceIds.count(rec.in[k]));
            std::vector<ops::Sym> ig =
                ops::gradientOf(b, op, ins, outs, ogs, rec.attrs, std::span<const bool>(skip.get(), rec.in.size()));
            for (size_t k = 0; k < ig.size() && k < rec.in.size(); ++k) {
                if (!ig[k].valid() || !rec.in[k]) continue;
                if (!gradientFlows(rec.inVals[k].dtype())) continue;
                accumulate(rec.in[k], ig[k]);
            }
        }
    } catch (const tensor::OpError& e) {
        if (e.code() == tensor::ErrorCode::NotFound) raise(types().LookupError, e.what());
        raiseOpError(in, e, std::nullopt);
    }
    std::vector<Value> res;
    for (const Value& sv : sources) {
        int64_t id;
        Tensor t;
        std::shared_ptr<SymRef> sym;
        if (isVariable(sv)) {
            id = varData(sv).id;
            t = varData(sv).value();
        } else if (isTensor(sv) || isSymbolic(sv)) {
            id = tensorData(sv).id;
            t = tensorData(sv).t;
            sym = tensorData(sv).sym;
        } else
            raise(types().ValueError,
                  "Passed in object " + in.repr(sv) + " of type '" + in.typeOf(sv)->name +
                      "', not tf.Tensor or tf.Variable or ExtensionType.");
        if (sparse.count(id) && trainableDtype(t.dtype())) {
            if (!grads.count(id)) {
                try {
                    Slices sl = concatSlices(sparse[id]);
                    std::vector<Value> parts;
                    for (ops::Sym part : { sl.values, sl.indices, sl.denseShape }) {
                        const Input& g = b.get(part);
                        parts.push_back(wrapInput(g));
                    }
                    res.push_back(newList(std::move(parts)));
                    continue;
                } catch (const tensor::OpError& e) {
                    raiseOpError(in, e, std::nullopt);
                }
            }
            try {
                densify(id);
            } catch (const tensor::OpError& e) {
                raiseOpError(in, e, std::nullopt);
            }
        }
        const DType sdt = sym ? Input{ t, id, sym }.dtype() : t.dtype();
        ops::Sym total;
        if (gradientFlows(sdt)) {
            try {
                total = aggregated(id);
            } catch (const tensor::OpError& e) {
                raiseOpError(in, e, std::nullopt);
            }
        }
        if (!total) {
            if (zerosForUnconnected && sym) res.push_back(runOp1(in, "ZerosLike", { Input{ t, id, sym } }));
            else if (zerosForUnconnected)
                res.push_back(wrapTensor(guarded(in, [&] { return execRaw1("ZerosLike", { t }); })));
            else res.push_back(Value::none());
            continue;
        }
        res.push_back(wrapInput(b.get(total)));
    }
    if (!st->persistent && checkUsed) st->recs.clear();
    return newList(std::move(res));
}

void buildTapeClass() {
    auto& C = classes();
    C.tape = makeClass("_TapeHandle", nullptr);
}

void fillTapePrimitives(DictObj* d) {
    auto def = [&](const char* n, NativeFn f) { d->setStr(n, newBuiltin(n, std::move(f))); };
    def("tape_new", tapeNew);
    def("tape_push", tapePush);
    def("tape_pop", tapePop);
    def("tape_stop", [](Interpreter&, CallArgs& a) -> Value {
        tapeOf(a[0])->stopped += int(a[1].asInt());
        return Value::none();
    });
    def("tape_watch", tapeWatch);
    def("tape_watched_variables", tapeWatchedVariables);
    def("tape_reset", tapeReset);
    def("tape_gradient", tapeGradient);
    def("tape_recording", [](Interpreter&, CallArgs&) -> Value { return Value::boolean(anyTapeActive()); });
    // tape_stop_all(delta): every active tape stops (+1) or resumes (-1) recording
    def("tape_stop_all", [](Interpreter&, CallArgs& a) -> Value {
        tapesStopAll(int(a[0].asInt()));
        return Value::none();
    });
    // tape_record_counts() -> token; tape_link_unread(token, variables, outputs): see
    // tapeLinkUnreadVariables (a restored function interpreted op by op under a tape)
    def("tape_record_counts", [](Interpreter&, CallArgs&) -> Value {
        std::vector<Value> counts;
        for (size_t n : tapeRecordCounts()) counts.push_back(Value::integer(int64_t(n)));
        return newList(std::move(counts));
    });
    def("tape_link_unread", [](Interpreter& in, CallArgs& a) -> Value {
        std::vector<size_t> before;
        for (const Value& n : in.toVector(a[0])) before.push_back(size_t(in.toIndex(n)));
        std::vector<VarData*> vars;
        for (const Value& v : in.toVector(a[1]))
            if (isVariable(v)) vars.push_back(&varData(v));
        tapeLinkUnreadVariables(before, vars, in.toVector(a[2]));
        return Value::none();
    });
    // tape_custom(outputs, inputs, grad_fn) -> the outputs as new tensors, recorded on the tapes
    // that watch an input as one step whose gradient grad_fn computes (tf.custom_gradient)
    def("tape_custom", [](Interpreter& in, CallArgs& a) -> Value {
        std::vector<Value> outs = in.toVector(a[0]), ins = in.toVector(a[1]);
        std::vector<Input> inputs, outputs;
        for (const Value& v : ins) {
            if (isVariable(v)) inputs.push_back(Input{ varData(v).value(), varData(v).id, nullptr });
            else inputs.push_back(toInput(in, v));
        }
        std::vector<Value> fresh;
        for (const Value& v : outs) {
            Input x = toInput(in, v);
            x.id = nextTensorId();
            outputs.push_back(x);
            fresh.push_back(wrapInput(x));
        }
        recordOnTapes("__custom_gradient__", inputs, outputs, ops::AttrMap{}, a[2]);
        return newList(std::move(fresh));
    });
}

} // namespace graphlens::eager
