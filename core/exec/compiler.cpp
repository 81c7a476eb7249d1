// Graph -> Plan: pruning, topological order, slot numbering, last-use analysis, and the callee
// plans of every function call, If, Case and While reached from the entry.
#include "core/exec/compiler.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <unordered_map>

#include "core/exec/datasets.h"
#include "core/exec/v1_loops.h"
#include "core/graph/function_library.h"
#include "core/graph/graph.h"
#include "core/ops/proto_values.h"
#include "core/proto/function.pb.h"
#include "core/tensor/errors.h"

namespace graphlens::exec {

using graph::Endpoint;
using graph::Graph;
using graph::Node;
using graph::NodeId;
using graph::NodeKind;

namespace {

// Ops the executor runs itself: they move values or only order other nodes.
bool isForwardOp(const std::string& op) {
    return op == "Identity" || op == "IdentityN" || op == "Snapshot" || op == "StopGradient" ||
        op == "PreventGradient" || op == "PlaceholderWithDefault";
}

// Kernels that draw from ops::statefulRandom() (kernels_random.cpp).
bool isStatefulRandomOp(const std::string& op) {
    return op == "RandomUniform" || op == "RandomStandardNormal" || op == "TruncatedNormal" ||
        op == "RandomUniformInt" || op == "RandomShuffle" || op == "Multinomial";
}

bool isCallOp(const std::string& op) {
    return op == "PartitionedCall" || op == "StatefulPartitionedCall";
}
bool isIfOp(const std::string& op) {
    return op == "If" || op == "StatelessIf";
}
bool isWhileOp(const std::string& op) {
    return op == "While" || op == "StatelessWhile";
}
bool isCaseOp(const std::string& op) {
    return op == "Case" || op == "StatelessCase";
}

uint64_t endpointKey(Endpoint e) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(e.node)) << 32) | static_cast<uint32_t>(e.output);
}

} // namespace

Compiler::Compiler(Program& program, const graph::FunctionLibrary* library)
    : m_program(program)
    , m_library(library) { }

std::string Compiler::where(const std::string& function, const std::string& node) {
    return "node '" + node + "'" + (function.empty() ? "" : " in function '" + function + "'");
}

void Compiler::addMissing(const std::string& op, const std::string& place) {
    auto it = std::find_if(m_missing.begin(), m_missing.end(), [&](const auto& m) { return m.first == op; });
    if (it == m_missing.end()) m_missing.push_back({ op, { place } });
    else if (it->second.size() < 3) it->second.push_back(place);
}

void Compiler::fail(std::string message) {
    m_errors.push_back(std::move(message));
}

void Compiler::throwIfFailed() const {
    if (!m_missing.empty()) {
        std::string msg = "GraphLens has no kernel for " + std::to_string(m_missing.size()) +
            (m_missing.size() == 1 ? " op" : " ops") + " of this graph:";
        for (const auto& [op, places] : m_missing) {
            msg += "\n  " + op + " (";
            for (size_t i = 0; i < places.size(); ++i) msg += (i ? ", " : "") + places[i];
            msg += ")";
        }
        throw tensor::NotFoundError(msg);
    }
    if (!m_errors.empty()) {
        std::string msg = m_errors.front();
        for (size_t i = 1; i < m_errors.size() && i < 10; ++i) msg += "\n" + m_errors[i];
        throw tensor::InvalidArgumentError(msg);
    }
}

int32_t Compiler::functionPlan(const std::string& name, const std::string& caller) {
    const int32_t index = m_library ? m_library->indexOf(name) : -1;
    if (index < 0) {
        fail(caller + ": function '" + name + "' is not in the graph's library");
        return -1;
    }
    if (auto it = m_planOf.find(index); it != m_planOf.end()) return it->second;
    const auto planIndex = static_cast<int32_t>(m_program.plans.size());
    m_program.plans.push_back(std::make_unique<Plan>());
    m_planOf.emplace(index, planIndex); // before the body: recursive calls find it

    const graph::Function& f = m_library->functions()[static_cast<size_t>(index)];
    const auto& sig = f.def.signature();
    const Graph& body = f.body;
    BodySpec spec;
    spec.name = f.name;
    spec.feeds.resize(static_cast<size_t>(sig.input_arg_size()));
    spec.results.resize(static_cast<size_t>(sig.output_arg_size()));
    for (const auto& a : sig.input_arg()) spec.argTypes.push_back(static_cast<DType>(a.type()));
    for (const auto& a : sig.output_arg()) spec.resultTypes.push_back(static_cast<DType>(a.type()));
    for (NodeId id = 0; id < static_cast<NodeId>(body.size()); ++id) {
        const Node& n = body.node(id);
        if (n.kind != NodeKind::Op) {
            auto idx = n.def().attr().find("index");
            const auto i = idx == n.def().attr().end() ? -1 : idx->second.i();
            if (n.kind == NodeKind::Arg && i >= 0 && i < sig.input_arg_size())
                spec.feeds[static_cast<size_t>(i)] = Endpoint{ id, 0 };
            if (n.kind == NodeKind::Retval && i >= 0 && i < sig.output_arg_size()) {
                if (n.inputs.empty() || n.inputs[0].node == graph::kNoNode)
                    fail(where(f.name, n.name()) + ": the function's output has no resolvable producer");
                else spec.results[static_cast<size_t>(i)] = n.inputs[0];
            }
            continue;
        }
        // TF runs a function body's stateful ops even when no output needs them.
        if (isStateful(n)) spec.roots.push_back(id);
    }
    for (const auto& [key, nodeName] : f.def.control_ret()) {
        const NodeId id = body.find(nodeName);
        if (id == graph::kNoNode) fail("function '" + f.name + "': control output '" + key + "' names no node");
        else spec.roots.push_back(id);
    }
    compileBody(planIndex, body, spec);
    return planIndex;
}

bool Compiler::isStateful(const Node& n) const {
    const std::string& op = n.op();
    if (op == "StatefulPartitionedCall" || op == "If" || op == "While" || op == "Case") return true;
    if (m_library) {
        if (const graph::Function* f = m_library->find(op)) return f->def.signature().is_stateful();
    }
    const ops::OpHandle handle = ops::findOp(op);
    return handle && handle->stateful;
}

Endpoint Compiler::tensorNamed(const Graph& g, const std::string& name, const std::string& what) {
    const graph::InputRef ref = graph::parseInput(name);
    const NodeId id = g.find(ref.node);
    int32_t output = 0;
    if (!ref.port.empty()) {
        auto [p, ec] = std::from_chars(ref.port.data(), ref.port.data() + ref.port.size(), output);
        if (ec != std::errc() || p != ref.port.data() + ref.port.size()) output = -1;
    }
    if (id == graph::kNoNode || output < 0 || (g.node(id).numOutputs >= 0 && output >= g.node(id).numOutputs)) {
        fail(what + " '" + name + "' is not a tensor of the graph");
        return {};
    }
    return Endpoint{ id, output };
}

int32_t Compiler::compileGraph(const Graph& g, std::span<const std::string> feeds, std::span<const std::string> fetches,
                               std::span<const std::string> targets) {
    auto parse = [&](const std::string& name, const char* what) { return tensorNamed(g, name, what); };
    BodySpec spec;
    for (const auto& f : feeds) {
        spec.feeds.push_back(parse(f, "feed"));
        const NodeId id = spec.feeds.back().node;
        DType t = DType::Invalid;
        if (id != graph::kNoNode && graph::isPlaceholderOp(g.node(id).op())) {
            auto a = g.node(id).def().attr().find("dtype");
            if (a != g.node(id).def().attr().end()) t = static_cast<DType>(a->second.type());
        }
        spec.argTypes.push_back(t);
    }
    for (const auto& f : fetches) {
        spec.results.push_back(parse(f, "fetch"));
        spec.resultTypes.push_back(DType::Invalid);
    }
    for (const auto& t : targets) {
        const NodeId id = g.find(t);
        if (id == graph::kNoNode) fail("target '" + t + "' is not a node of the graph");
        else spec.roots.push_back(id);
    }
    const auto planIndex = static_cast<int32_t>(m_program.plans.size());
    m_program.plans.push_back(std::make_unique<Plan>());
    if (m_errors.empty()) compileBody(planIndex, g, spec);
    return planIndex;
}

void Compiler::compileBody(int32_t planIndex, const Graph& g, const BodySpec& spec) {
    const std::string& fn = spec.name;
    const Graph* outerGraph = m_graph;
    m_graph = &g;
    struct Restore {
        const Graph*& graph;
        const Graph* previous;
        ~Restore() { graph = previous; }
    } restore{ m_graph, outerGraph };
    std::unordered_map<uint64_t, int32_t> fedSlot;
    int32_t numSlots = 0;
    std::vector<int32_t> argSlots;
    for (const Endpoint& e : spec.feeds) {
        if (e.node == graph::kNoNode) {
            argSlots.push_back(-1);
            continue;
        }
        auto [it, inserted] = fedSlot.emplace(endpointKey(e), numSlots);
        argSlots.push_back(it->second);
        if (inserted) ++numSlots;
    }

    // What runs: everything the results and roots need, cut at fed tensors.
    std::vector<bool> keep(g.size(), false);
    std::vector<NodeId> stack;
    // Function arguments and fed placeholders are values, not steps (even as control inputs).
    auto isFedSource = [&](NodeId id) {
        const Node& n = g.node(id);
        if (n.kind != NodeKind::Op || (graph::isPlaceholderOp(n.op()) && fedSlot.count(endpointKey(Endpoint{ id, 0 }))))
            return true;
        return spec.fedNodesAreSources &&
            std::any_of(spec.feeds.begin(), spec.feeds.end(), [&](const Endpoint& e) { return e.node == id; });
    };
    auto want = [&](NodeId id) {
        if (id != graph::kNoNode && !keep[static_cast<size_t>(id)] && !isFedSource(id)) {
            keep[static_cast<size_t>(id)] = true;
            stack.push_back(id);
        }
    };
    for (const Endpoint& e : spec.results)
        if (e.node != graph::kNoNode && !fedSlot.count(endpointKey(e))) want(e.node);
    for (NodeId id : spec.roots) want(id);
    while (!stack.empty()) {
        const Node& n = g.node(stack.back());
        stack.pop_back();
        for (const Endpoint& in : n.inputs) {
            if (in.node == graph::kNoNode) continue; // reported below
            if (!fedSlot.count(endpointKey(in))) want(in.node);
        }
        for (NodeId c : n.controlInputs) want(c);
    }

    // Topological order (Kahn), ties in node order so that runs are deterministic.
    std::vector<int32_t> pending(g.size(), 0);
    std::vector<std::vector<NodeId>> successors(g.size());
    for (NodeId id = 0; id < static_cast<NodeId>(g.size()); ++id) {
        if (!keep[static_cast<size_t>(id)]) continue;
        const Node& n = g.node(id);
        auto edge = [&](NodeId from) {
            if (from == graph::kNoNode || !keep[static_cast<size_t>(from)]) return;
            ++pending[static_cast<size_t>(id)];
            successors[static_cast<size_t>(from)].push_back(id);
        };
        for (const Endpoint& in : n.inputs)
            if (!fedSlot.count(endpointKey(in))) edge(in.node);
        for (NodeId c : n.controlInputs) edge(c);
    }
    std::vector<NodeId> order;
    for (NodeId id = 0; id < static_cast<NodeId>(g.size()); ++id)
        if (keep[static_cast<size_t>(id)] && pending[static_cast<size_t>(id)] == 0) order.push_back(id);
    for (size_t i = 0; i < order.size(); ++i)
        for (NodeId s : successors[static_cast<size_t>(order[i])])
            if (--pending[static_cast<size_t>(s)] == 0) order.push_back(s);
    const auto kept = static_cast<size_t>(std::count(keep.begin(), keep.end(), true));
    if (order.size() != kept) {
        fail((fn.empty() ? std::string("the graph") : "function '" + fn + "'") +
             " has a cycle: a TF1 while loop whose frame is not of the shape tf.while_loop builds, or a fetch from "
             "inside a loop");
        return;
    }

    std::vector<int32_t> outputBase(g.size(), -1);
    auto slotOf = [&](Endpoint e) -> int32_t {
        if (auto it = fedSlot.find(endpointKey(e)); it != fedSlot.end()) return it->second;
        const int32_t base = outputBase[static_cast<size_t>(e.node)];
        return base < 0 ? -1 : base + e.output;
    };

    Plan& plan = *m_program.plans[static_cast<size_t>(planIndex)]; // stable while callees are added
    plan.name = fn;
    for (NodeId id : order) {
        const Node& n = g.node(id);
        Step step;
        step.name = n.name();
        step.opName = n.op();
        const std::string place = where(fn, n.name());
        int32_t outputs = n.numOutputs;
        buildStep(step, n, fn, outputs);
        if (outputs < 0) outputs = 0;
        step.outputBegin = numSlots;
        step.outputCount = outputs;
        outputBase[static_cast<size_t>(id)] = numSlots;
        numSlots += outputs;
        step.inputBegin = static_cast<int32_t>(plan.inputs.size());
        for (size_t i = 0; i < n.inputs.size(); ++i) {
            const Endpoint in = n.inputs[i];
            const int32_t slot = in.node == graph::kNoNode ? -1 : slotOf(in);
            if (slot < 0 ||
                (in.node != graph::kNoNode && !fedSlot.count(endpointKey(in)) &&
                 in.output >= g.node(in.node).numOutputs && g.node(in.node).numOutputs >= 0)) {
                fail(place + ": input " + std::to_string(i) + " ('" + n.def().input(static_cast<int>(i)) +
                     "') does not resolve to a tensor");
                continue;
            }
            plan.inputs.push_back({ slot, false });
        }
        step.inputCount = static_cast<int32_t>(plan.inputs.size()) - step.inputBegin;
        plan.maxInputs = std::max(plan.maxInputs, step.inputCount);
        plan.steps.push_back(std::move(step));
    }
    for (const Endpoint& e : spec.results) {
        const int32_t slot = e.node == graph::kNoNode ? -1 : slotOf(e);
        if (slot < 0 && e.node != graph::kNoNode) fail("output '" + g.node(e.node).name() + "' is not computed");
        plan.results.push_back({ slot, false });
    }
    plan.numSlots = numSlots;
    plan.argSlots = std::move(argSlots);
    plan.argTypes = spec.argTypes;
    plan.resultTypes = spec.resultTypes;
    planLastUses(plan);

    std::vector<int32_t> stepOf(g.size(), -1);
    for (size_t i = 0; i < order.size(); ++i) stepOf[static_cast<size_t>(order[i])] = static_cast<int32_t>(i);
    std::vector<std::vector<int32_t>> controlPredecessors(order.size());
    for (size_t i = 0; i < order.size(); ++i)
        for (NodeId c : g.node(order[i]).controlInputs)
            if (c != graph::kNoNode && stepOf[static_cast<size_t>(c)] >= 0)
                controlPredecessors[i].push_back(stepOf[static_cast<size_t>(c)]);
    planSchedule(plan, controlPredecessors);
    plan.deadness = std::any_of(plan.steps.begin(), plan.steps.end(),
                                [](const Step& s) { return s.kind == StepKind::Switch || s.kind == StepKind::Merge; });
    if (plan.deadness) {
        plan.parallel = false;
        for (size_t i = 0; i < plan.steps.size(); ++i) {
            plan.steps[i].controlBegin = static_cast<int32_t>(plan.controlInputs.size());
            plan.steps[i].controlCount = static_cast<int32_t>(controlPredecessors[i].size());
            plan.controlInputs.insert(plan.controlInputs.end(), controlPredecessors[i].begin(),
                                      controlPredecessors[i].end());
        }
    }
}

// A TF1 loop (v1_loops.h): a While step whose condition and body are plans cut from the frame, at
// the Merges (condition) or the Switches' true outputs (body), and at the invariant Enters.
void Compiler::buildV1While(Step& step, const Node& n, const std::string& fn, int32_t& outputs) {
    const Graph& g = *m_graph;
    const std::string place = where(fn, n.name());
    auto strings = [&](const char* attr) {
        std::vector<std::string> out;
        if (auto it = n.def().attr().find(attr); it != n.def().attr().end())
            for (const auto& s : it->second.list().s()) out.push_back(s);
        return out;
    };
    auto endpoint = [&](const std::string& name) { return tensorNamed(g, name, place + ": the loop's"); };
    BodySpec cond, body;
    cond.name = n.name() + "/cond";
    body.name = n.name() + "/body";
    cond.fedNodesAreSources = body.fedNodesAreSources = true;
    for (const auto& m : strings("merges")) cond.feeds.push_back(endpoint(m));
    for (const auto& s : strings("switches")) body.feeds.push_back(endpoint(s));
    for (const auto& v : strings("next_values")) body.results.push_back(endpoint(v));
    for (const auto& inv : strings("invariants")) {
        cond.feeds.push_back(endpoint(inv));
        body.feeds.push_back(endpoint(inv));
        body.results.push_back(endpoint(inv));
    }
    const auto condAttr = n.def().attr().find("cond");
    if (condAttr == n.def().attr().end() || cond.feeds.empty()) {
        fail(place + ": " + std::string(kV1WhileOp) + " is GraphLens's own loop node, and this one lacks its attrs");
        return;
    }
    cond.results.push_back(endpoint(condAttr->second.s()));
    cond.argTypes.assign(cond.feeds.size(), DType::Invalid);
    body.argTypes.assign(body.feeds.size(), DType::Invalid);
    cond.resultTypes.assign(cond.results.size(), DType::Invalid);
    body.resultTypes.assign(body.results.size(), DType::Invalid);
    step.kind = StepKind::While;
    outputs = static_cast<int32_t>(n.inputs.size());
    if (!m_errors.empty()) return;
    for (BodySpec* spec : { &cond, &body }) {
        const auto planIndex = static_cast<int32_t>(m_program.plans.size());
        m_program.plans.push_back(std::make_unique<Plan>());
        step.callees.push_back(planIndex);
        compileBody(planIndex, g, *spec);
    }
}

bool Compiler::hasEffects(const Step& step) const {
    switch (step.kind) {
    case StepKind::Kernel:
    case StepKind::Print:
        return step.random || (step.op && step.op->stateful);
    case StepKind::Dataset:
        return true;
    case StepKind::Call:
    case StepKind::If:
    case StepKind::Case:
    case StepKind::While:
        // A callee still being compiled (recursion) counts as having effects.
        return std::any_of(step.callees.begin(), step.callees.end(), [&](int32_t c) {
            if (c < 0) return false;
            const Plan& callee = *m_program.plans[static_cast<size_t>(c)];
            return !callee.complete || callee.effectful;
        });
    default:
        return false;
    }
}

// The parallel run's graph. A step waits for the producers of its inputs, its control inputs and,
// when it has side effects, the previous step with side effects in plan order, so that printed
// text, random streams and variable updates come in the sequential run's order.
void Compiler::planSchedule(Plan& plan, const std::vector<std::vector<int32_t>>& controlPredecessors) const {
    const auto numSteps = plan.steps.size();
    std::vector<int32_t> producer(static_cast<size_t>(plan.numSlots), -1);
    for (size_t s = 0; s < numSteps; ++s)
        for (int32_t o = 0; o < plan.steps[s].outputCount; ++o)
            producer[static_cast<size_t>(plan.steps[s].outputBegin + o)] = static_cast<int32_t>(s);
    plan.slotReaders.assign(static_cast<size_t>(plan.numSlots), 0);
    for (const InputRef& r : plan.inputs) ++plan.slotReaders[static_cast<size_t>(r.slot)];
    for (const InputRef& r : plan.results)
        if (r.slot >= 0) plan.slotReaders[static_cast<size_t>(r.slot)] = 0;

    std::vector<std::vector<int32_t>> successors(numSteps);
    std::vector<int32_t> seenBy(numSteps, -1), level(numSteps, 0);
    int32_t previousOrdered = -1;
    for (size_t s = 0; s < numSteps; ++s) {
        Step& step = plan.steps[s];
        const auto self = static_cast<int32_t>(s);
        step.heavy = step.kind == StepKind::Kernel || step.kind == StepKind::Call || step.kind == StepKind::If ||
            step.kind == StepKind::Case || step.kind == StepKind::While || step.kind == StepKind::Dataset;
        step.ordered = hasEffects(step);
        plan.effectful |= step.ordered;
        auto edge = [&](int32_t from) {
            if (from < 0 || seenBy[static_cast<size_t>(from)] == self) return;
            seenBy[static_cast<size_t>(from)] = self;
            successors[static_cast<size_t>(from)].push_back(self);
            ++step.pendingCount;
            level[s] = std::max(level[s], level[static_cast<size_t>(from)] + 1);
        };
        for (int32_t i = step.inputBegin; i < step.inputBegin + step.inputCount; ++i)
            edge(producer[static_cast<size_t>(plan.inputs[static_cast<size_t>(i)].slot)]);
        for (int32_t p : controlPredecessors[s]) edge(p);
        if (step.ordered) {
            edge(previousOrdered);
            previousOrdered = self;
        }
        if (step.pendingCount == 0) plan.roots.push_back(self);
    }
    // Two heavy steps on one level can run at once; plans without such a pair (chains, tiny
    // bodies) take the sequential run and pay nothing for scheduling.
    std::vector<int32_t> heavyAt(numSteps + 1, 0);
    for (size_t s = 0; s < numSteps; ++s)
        if (plan.steps[s].heavy && ++heavyAt[static_cast<size_t>(level[s])] >= 2) plan.parallel = true;
    for (size_t s = 0; s < numSteps; ++s) {
        plan.steps[s].successorBegin = static_cast<int32_t>(plan.successors.size());
        plan.steps[s].successorCount = static_cast<int32_t>(successors[s].size());
        plan.successors.insert(plan.successors.end(), successors[s].begin(), successors[s].end());
    }
    plan.stepCostNs = std::make_unique<std::atomic<int64_t>[]>(numSteps);
    for (size_t s = 0; s < numSteps; ++s) plan.stepCostNs[s].store(-1, std::memory_order_relaxed);
    plan.complete = true;
}

// Reads that are a slot's last use take the value (so kernels may reuse the buffer and nothing
// outlives its need); outputs nobody reads are dropped right after their step.
void Compiler::planLastUses(Plan& plan) {
    const auto slots = static_cast<size_t>(plan.numSlots);
    std::vector<bool> pinned(slots, false);
    for (InputRef& r : plan.results) {
        if (r.slot >= 0) pinned[static_cast<size_t>(r.slot)] = true;
    }
    std::vector<int32_t> lastRead(slots, -1); // index into plan.inputs
    for (size_t i = 0; i < plan.inputs.size(); ++i)
        lastRead[static_cast<size_t>(plan.inputs[i].slot)] = static_cast<int32_t>(i);
    for (size_t s = 0; s < slots; ++s)
        if (lastRead[s] >= 0 && !pinned[s]) plan.inputs[static_cast<size_t>(lastRead[s])].move = true;
    for (Step& step : plan.steps) {
        step.dropBegin = static_cast<int32_t>(plan.drops.size());
        for (int32_t s = step.outputBegin; s < step.outputBegin + step.outputCount; ++s)
            if (lastRead[static_cast<size_t>(s)] < 0 && !pinned[static_cast<size_t>(s)]) plan.drops.push_back(s);
        step.dropCount = static_cast<int32_t>(plan.drops.size()) - step.dropBegin;
    }
    for (int32_t& a : plan.argSlots)
        if (a >= 0 && lastRead[static_cast<size_t>(a)] < 0 && !pinned[static_cast<size_t>(a)]) a = -1;
    std::vector<int32_t> lastResult(slots, -1);
    for (size_t i = 0; i < plan.results.size(); ++i)
        if (plan.results[i].slot >= 0) lastResult[static_cast<size_t>(plan.results[i].slot)] = static_cast<int32_t>(i);
    for (size_t i = 0; i < plan.results.size(); ++i)
        if (plan.results[i].slot >= 0)
            plan.results[i].move = lastResult[static_cast<size_t>(plan.results[i].slot)] == static_cast<int32_t>(i);
}

std::string Compiler::funcAttr(const Node& n, const std::string& attr, const std::string& fn) {
    auto it = n.def().attr().find(attr);
    if (it == n.def().attr().end() || !it->second.has_func()) {
        fail(where(fn, n.name()) + ": " + n.op() + " has no function attr '" + attr + "'");
        return {};
    }
    return it->second.func().name();
}

void Compiler::buildStep(Step& step, const Node& n, const std::string& fn, int32_t& outputs) {
    const std::string& op = n.op();
    const std::string place = where(fn, n.name());
    auto callee = [&](const std::string& name) {
        const int32_t plan = name.empty() ? -1 : functionPlan(name, place);
        step.callees.push_back(plan);
        return plan;
    };
    auto calleeOutputs = [&](const std::string& name) -> int32_t {
        const graph::Function* f = m_library ? m_library->find(name) : nullptr;
        return f ? f->def.signature().output_arg_size() : -1;
    };
    if (m_library && m_library->indexOf(op) >= 0) {
        step.kind = StepKind::Call;
        callee(op);
        outputs = calleeOutputs(op);
        return;
    }
    if (op == "Const") {
        step.kind = StepKind::Const;
        auto it = n.def().attr().find("value");
        if (it == n.def().attr().end() || !it->second.has_tensor()) {
            fail(place + ": Const has no value");
        } else {
            try {
                step.constant = ops::tensorFromProto(it->second.tensor(), place);
            } catch (const tensor::OpError& e) {
                fail(e.message());
            }
        }
        outputs = 1;
        return;
    }
    if (isForwardOp(op)) {
        step.kind = StepKind::Forward;
        outputs = static_cast<int32_t>(n.inputs.size());
        return;
    }
    if (op == "NoOp") {
        step.kind = StepKind::NoOp;
        outputs = 0;
        return;
    }
    if (op == kV1WhileOp) return buildV1While(step, n, fn, outputs);
    if (op == "Switch" || op == "RefSwitch" || op == "Merge" || op == "RefMerge") {
        step.kind = op.ends_with("Switch") ? StepKind::Switch : StepKind::Merge;
        outputs = 2;
        return;
    }
    if (graph::isPlaceholderOp(op)) {
        // TF fails only when the placeholder would run (it may sit in a branch not taken).
        step.kind = StepKind::Unfed;
        step.failure = "You must feed a value for placeholder tensor '" + n.name() + "'";
        const auto& attrs = n.def().attr();
        if (auto dt = attrs.find("dtype"); dt != attrs.end())
            step.failure += " with dtype " + std::string(tensor::dtypeCppName(static_cast<DType>(dt->second.type())));
        if (auto sh = attrs.find("shape");
            sh != attrs.end() && sh->second.has_shape() && !sh->second.shape().unknown_rank()) {
            std::string dims;
            for (const auto& d : sh->second.shape().dim())
                dims += (dims.empty() ? "" : ",") + (d.size() < 0 ? std::string("?") : std::to_string(d.size()));
            step.failure += " and shape [" + dims + "]";
        }
        step.failure += "\n\t [[{{node " + n.name() + "}}]]";
        outputs = 1;
        return;
    }
    if (isCallOp(op)) {
        step.kind = StepKind::Call;
        const std::string f = funcAttr(n, "f", fn);
        callee(f);
        outputs = calleeOutputs(f);
        return;
    }
    if (isIfOp(op)) {
        step.kind = StepKind::If;
        callee(funcAttr(n, "then_branch", fn));
        callee(funcAttr(n, "else_branch", fn));
        return;
    }
    if (isWhileOp(op)) {
        step.kind = StepKind::While;
        callee(funcAttr(n, "cond", fn));
        callee(funcAttr(n, "body", fn));
        outputs = static_cast<int32_t>(n.inputs.size());
        return;
    }
    if (isCaseOp(op)) {
        step.kind = StepKind::Case;
        auto it = n.def().attr().find("branches");
        if (it == n.def().attr().end() || it->second.list().func_size() == 0) fail(place + ": Case has no branches");
        else
            for (const auto& f : it->second.list().func()) callee(f.name());
        return;
    }
    step.kind = op == "PrintV2" ? StepKind::Print : isDatasetOp(op) ? StepKind::Dataset : StepKind::Kernel;
    step.op = ops::findOp(op);
    if (step.kind == StepKind::Dataset)
        for (const std::string& attr : datasetFunctionAttrs(op)) callee(funcAttr(n, attr, fn));
    const tensor::Device* device = m_program.device;
    const bool hasKernel = step.op &&
        (step.kind == StepKind::Dataset ||
         std::any_of(step.op->kernels.begin(), step.op->kernels.end(),
                     [&](const ops::KernelEntry& k) { return k.deviceType == device->typeIndex(); }));
    if (!hasKernel) {
        addMissing(op, place);
        return;
    }
    for (const auto& [name, value] : n.def().attr()) {
        const int idx = step.op->attrIndex(name);
        if (idx < 0) continue; // "_output_shapes", "_class", ...: not the kernel's
        if (value.value_case() == tensorflow::AttrValue::kPlaceholder) {
            fail(place + ": attr '" + name + "' is a placeholder ($" + value.placeholder() +
                 "); polymorphic function bodies are not supported");
            continue;
        }
        try {
            step.attrs.set(name, ops::attrFromProto(value, step.op->attrs[static_cast<size_t>(idx)].type));
        } catch (const tensor::OpError& e) {
            fail(place + ": attr '" + name + "': " + e.message());
        }
    }
    if (isStatefulRandomOp(op)) step.random = std::make_unique<RandomState>();
    if (step.kind == StepKind::Print) {
        auto text = [&](const char* attr, const char* fallback) {
            auto it = n.def().attr().find(attr);
            return it == n.def().attr().end() ? std::string(fallback) : it->second.s();
        };
        step.printStream = text("output_stream", "stderr");
        step.printEnd = text("end", "\n");
    }
    if (outputs < 0) outputs = static_cast<int32_t>(step.op->outputs.size());
}

} // namespace graphlens::exec
