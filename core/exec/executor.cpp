// Running plans: one pass over the steps with a flat slot array; nothing is looked up by name
// and no attrs are converted per call.
#include "core/exec/executor.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "core/exec/compiler.h"
#include "core/exec/datasets.h"
#include "core/ops/execute.h"
#include "core/ops/resource.h"
#include "core/tensor/errors.h"

namespace graphlens::exec {

namespace {

// TF's ToBool for If's condition: a scalar's value (non-zero, non-empty string), else whether
// the tensor has elements.
bool truthy(const Tensor& t, const Step& step) {
    if (t.rank() != 0) return t.numElements() > 0;
    switch (t.dtype()) {
    case DType::Bool: return t.item<bool>();
    case DType::Float32: return t.item<float>() != 0.0f;
    case DType::Float64: return t.item<double>() != 0.0;
    case DType::Int32: return t.item<int32_t>() != 0;
    case DType::Int64: return t.item<int64_t>() != 0;
    case DType::Int8: return t.item<int8_t>() != 0;
    case DType::UInt8: return t.item<uint8_t>() != 0;
    case DType::Int16: return t.item<int16_t>() != 0;
    case DType::String: return !t.item<std::string>().empty();
    default:
        throw tensor::InvalidArgumentError("Invalid argument: Can't convert " + t.debugString() +
                                           " to a boolean\n\t [[{{node " + step.name + "}}]]");
    }
}

// A kernel error as TF's graph runtime words it: the kernel's message and "{{node NAME}}", not
// the eager wrapper ("{{function_node __wrapped__Op...}} ... [Op:Op]") that ops::execute adds.
[[noreturn]] void rethrowAtNode(const tensor::OpError& e, const Step& step) {
    std::string msg = e.message();
    if (msg.starts_with("{{function_node ")) {
        if (const size_t end = msg.find("}} "); end != std::string::npos) msg.erase(0, end + 3);
    }
    const std::string suffix = " [Op:" + step.opName + "]";
    if (msg.ends_with(suffix)) msg.erase(msg.size() - suffix.size());
    tensor::throwOpError(e.code(), msg + "\n\t [[{{node " + step.name + "}}]]");
}

class Runner {
public:
    Runner(const Program& program, const RunOptions& options)
        : m_program(program), m_options(options), m_profile(options.profile ? options.profile : processProfile()) {}

    std::vector<Tensor> run(const Plan& plan, std::span<const Tensor> args) {
        if (args.size() != plan.argSlots.size())
            throw tensor::InvalidArgumentError((plan.name.empty() ? std::string("the graph") : plan.name) + " takes " +
                                               std::to_string(plan.argSlots.size()) + " inputs, got " +
                                               std::to_string(args.size()));
        std::unique_ptr<Frame> frame = plan.takeFrame();
        std::vector<Tensor>& slots = frame->slots;
        for (size_t i = 0; i < args.size(); ++i) {
            const DType want = plan.argTypes[i];
            if (want != DType::Invalid && args[i].dtype() != want)
                throw tensor::InvalidArgumentError(
                    "cannot compute " + (plan.name.empty() ? std::string("the graph") : plan.name) + " as input #" +
                    std::to_string(i) + "(zero-based) was expected to be a " + std::string(tensor::dtypeCppName(want)) +
                    " tensor but is a " + std::string(tensor::dtypeCppName(args[i].dtype())) + " tensor");
            if (plan.argSlots[i] >= 0) slots[static_cast<size_t>(plan.argSlots[i])] = args[i];
        }
        const CancelToken* cancel = m_options.cancel;
        for (const Step& step : plan.steps) {
            if (cancel) cancel->throwIfCancelled();
            std::vector<Tensor>& in = frame->gathered;
            for (int32_t i = step.inputBegin; i < step.inputBegin + step.inputCount; ++i) {
                const InputRef& r = plan.inputs[static_cast<size_t>(i)];
                Tensor& slot = slots[static_cast<size_t>(r.slot)];
                if (r.move) in.push_back(std::move(slot));
                else in.push_back(slot);
            }
            if (m_profile && (step.kind == StepKind::Kernel || step.kind == StepKind::Print)) {
                const auto start = std::chrono::steady_clock::now();
                runStep(step, in, slots);
                m_profile->add(plan.name, step.name, step.opName, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
            } else {
                runStep(step, in, slots);
            }
            in.clear();
            for (int32_t i = step.dropBegin; i < step.dropBegin + step.dropCount; ++i)
                slots[static_cast<size_t>(plan.drops[static_cast<size_t>(i)])] = Tensor();
        }
        std::vector<Tensor> out;
        out.reserve(plan.results.size());
        for (const InputRef& r : plan.results) {
            Tensor& slot = slots[static_cast<size_t>(r.slot)];
            if (r.move) out.push_back(std::move(slot));
            else out.push_back(slot);
        }
        plan.returnFrame(std::move(frame));
        return out;
    }

private:
    const Plan& plan(int32_t index) const { return *m_program.plans[static_cast<size_t>(index)]; }

    static void store(const Step& step, std::vector<Tensor>& values, std::vector<Tensor>& slots) {
        if (values.size() < static_cast<size_t>(step.outputCount))
            throw tensor::InternalError(step.opName + " gave " + std::to_string(values.size()) + " outputs, the graph expects " +
                                        std::to_string(step.outputCount) + "\n\t [[{{node " + step.name + "}}]]");
        for (int32_t i = 0; i < step.outputCount; ++i)
            slots[static_cast<size_t>(step.outputBegin + i)] = std::move(values[static_cast<size_t>(i)]);
    }

    std::vector<Tensor> executeWithOwnRandom(const Step& step, std::span<const Tensor> in) {
        std::lock_guard lock(step.random->mutex);
        numeric::TfEagerRandom* previous = &ops::statefulRandom();
        ops::setStatefulRandom(&step.random->random);
        try {
            auto out = ops::execute(step.op, in, step.attrs, m_program.device);
            ops::setStatefulRandom(previous);
            return out;
        } catch (...) {
            ops::setStatefulRandom(previous);
            throw;
        }
    }

    void runStep(const Step& step, std::vector<Tensor>& in, std::vector<Tensor>& slots) {
        switch (step.kind) {
        case StepKind::Kernel: {
            std::vector<Tensor> out;
            try {
                if (step.random) out = executeWithOwnRandom(step, in);
                else out = ops::execute(step.op, in, step.attrs, m_program.device);
            } catch (const tensor::OpError& e) {
                rethrowAtNode(e, step);
            }
            store(step, out, slots);
            return;
        }
        case StepKind::Const: slots[static_cast<size_t>(step.outputBegin)] = step.constant; return;
        case StepKind::Forward:
            for (int32_t i = 0; i < step.outputCount; ++i)
                slots[static_cast<size_t>(step.outputBegin + i)] = std::move(in[static_cast<size_t>(i)]);
            return;
        case StepKind::NoOp: return;
        case StepKind::Unfed: throw tensor::InvalidArgumentError(step.failure);
        case StepKind::Print:
            if (m_options.print) {
                const Tensor& text = in.at(0);
                if (text.rank() != 0 || text.dtype() != DType::String)
                    throw tensor::InvalidArgumentError("Input is expected to be scalar, but got " + text.shape().str() +
                                                       "\n\t [[{{node " + step.name + "}}]]");
                m_options.print(step.printStream, text.item<std::string>() + step.printEnd);
                return;
            }
            try {
                ops::execute(step.op, in, step.attrs, m_program.device);
            } catch (const tensor::OpError& e) {
                rethrowAtNode(e, step);
            }
            return;
        case StepKind::Call: {
            auto out = run(plan(step.callees[0]), in);
            store(step, out, slots);
            return;
        }
        case StepKind::If: {
            const bool cond = truthy(in.at(0), step);
            auto out = run(plan(step.callees[cond ? 0 : 1]), std::span<const Tensor>(in).subspan(1));
            store(step, out, slots);
            return;
        }
        case StepKind::Case: {
            const Tensor& index = in.at(0);
            if (index.dtype() != DType::Int32 || index.rank() != 0)
                throw tensor::InvalidArgumentError("branch_index must be a scalar int32, got " + index.debugString() +
                                                   "\n\t [[{{node " + step.name + "}}]]");
            const int32_t i = index.item<int32_t>();
            const size_t n = step.callees.size();
            const size_t branch = i < 0 || static_cast<size_t>(i) >= n ? n - 1 : static_cast<size_t>(i);
            auto out = run(plan(step.callees[branch]), std::span<const Tensor>(in).subspan(1));
            store(step, out, slots);
            return;
        }
        case StepKind::Dataset: {
            // The functions outlive this run inside the datasets they make: each call runs its
            // plan on its own.
            std::vector<DatasetFunction> functions;
            for (const int32_t callee : step.callees)
                functions.push_back([program = &m_program, callee](std::span<const Tensor> args) {
                    static const RunOptions none{};
                    return Runner(*program, none).run(*program->plans[static_cast<size_t>(callee)], args);
                });
            auto out = runDatasetOp(step.opName, step.attrs, in, std::move(functions));
            store(step, out, slots);
            return;
        }
        case StepKind::While: {
            const Plan& cond = plan(step.callees[0]);
            const Plan& body = plan(step.callees[1]);
            std::vector<Tensor> vars(std::make_move_iterator(in.begin()), std::make_move_iterator(in.end()));
            in.clear();
            for (;;) {
                if (m_options.cancel) m_options.cancel->throwIfCancelled();
                const auto c = run(cond, vars);
                if (c.empty()) throw tensor::InvalidArgumentError("the loop condition returned nothing\n\t [[{{node " + step.name + "}}]]");
                if (!truthy(c[0], step)) break;
                vars = run(body, vars);
            }
            store(step, vars, slots);
            return;
        }
        }
    }

    const Program& m_program;
    const RunOptions& m_options;
    StepProfile* m_profile;
};

const RunOptions kDefaultRunOptions{};

} // namespace

void StepProfile::add(const std::string& function, const std::string& node, const std::string& op, double seconds) {
    std::lock_guard lock(m_mutex);
    NodeEntry& n = m_nodes[{function, node}];
    if (n.count++ == 0) {
        n.function = function;
        n.node = node;
        n.op = op;
    }
    n.seconds += seconds;
    for (Entry& e : m_entries)
        if (e.op == op) {
            ++e.count;
            e.seconds += seconds;
            return;
        }
    m_entries.push_back({op, 1, seconds});
}

std::vector<StepProfile::Entry> StepProfile::entries() const {
    std::vector<Entry> out;
    {
        std::lock_guard lock(m_mutex);
        out = m_entries;
    }
    std::stable_sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.seconds > b.seconds; });
    return out;
}

std::vector<StepProfile::NodeEntry> StepProfile::nodeEntries() const {
    std::vector<NodeEntry> out;
    {
        std::lock_guard lock(m_mutex);
        out.reserve(m_nodes.size());
        for (const auto& [key, entry] : m_nodes) out.push_back(entry);
    }
    std::stable_sort(out.begin(), out.end(), [](const NodeEntry& a, const NodeEntry& b) { return a.seconds > b.seconds; });
    return out;
}

double StepProfile::totalSeconds() const {
    std::lock_guard lock(m_mutex);
    double total = 0;
    for (const Entry& e : m_entries) total += e.seconds;
    return total;
}

std::string StepProfile::summary(size_t top) const {
    const std::vector<Entry> all = entries();
    double total = 0;
    for (const Entry& e : all) total += e.seconds;
    std::string out = "op                               calls     total ms   share   us/call\n";
    char line[160];
    for (size_t i = 0; i < all.size() && i < top; ++i) {
        const Entry& e = all[i];
        std::snprintf(line, sizeof line, "%-30s %8lld %12.2f %6.1f%% %9.2f\n", e.op.c_str(), static_cast<long long>(e.count),
                      e.seconds * 1e3, total > 0 ? 100.0 * e.seconds / total : 0.0,
                      e.count ? e.seconds * 1e6 / static_cast<double>(e.count) : 0.0);
        out += line;
    }
    std::snprintf(line, sizeof line, "%-30s %8s %12.2f\n", "(all kernels)", "", total * 1e3);
    return out + line;
}

void StepProfile::clear() {
    std::lock_guard lock(m_mutex);
    m_entries.clear();
    m_nodes.clear();
}

StepProfile* processProfile() {
    static StepProfile* const profile = [] {
        const char* env = std::getenv("GRAPHLENS_OP_PROFILE");
        if (!env || !*env || std::string(env) == "0") return static_cast<StepProfile*>(nullptr);
        // Never freed: the summary is written at exit, after static destructors may have run.
        auto* p = new StepProfile;
        std::atexit([] {
            if (StepProfile* q = processProfile()) std::fprintf(stderr, "graph executor kernel time:\n%s", q->summary(20).c_str());
        });
        return p;
    }();
    return profile;
}

std::unique_ptr<Frame> Plan::takeFrame() const {
    Frame* f = cachedFrame.exchange(nullptr, std::memory_order_acquire);
    if (!f) {
        f = new Frame;
        f->slots.resize(static_cast<size_t>(numSlots));
        f->gathered.reserve(static_cast<size_t>(maxInputs));
    }
    return std::unique_ptr<Frame>(f);
}

void Plan::returnFrame(std::unique_ptr<Frame> frame) const {
    Frame* expected = nullptr;
    Frame* raw = frame.release();
    if (!cachedFrame.compare_exchange_strong(expected, raw, std::memory_order_release)) delete raw;
}

Executable::Executable(std::shared_ptr<Program> program, int32_t entry) : m_program(std::move(program)), m_entry(entry) {}
Executable::~Executable() = default;

std::shared_ptr<const Executable> Executable::compileFunction(const graph::FunctionLibrary& library,
                                                              const std::string& function, const CompileOptions& options) {
    auto program = std::make_shared<Program>();
    program->device = options.device ? options.device : tensor::cpuDevice();
    Compiler compiler(*program, &library);
    const int32_t entry = compiler.functionPlan(function, "the caller");
    compiler.throwIfFailed();
    return std::make_shared<const Executable>(std::move(program), entry);
}

std::shared_ptr<const Executable> Executable::compileGraph(const graph::Graph& graph, const graph::FunctionLibrary* library,
                                                           std::span<const std::string> feeds,
                                                           std::span<const std::string> fetches,
                                                           std::span<const std::string> targets,
                                                           const CompileOptions& options) {
    auto program = std::make_shared<Program>();
    program->device = options.device ? options.device : tensor::cpuDevice();
    Compiler compiler(*program, library);
    const int32_t entry = compiler.compileGraph(graph, feeds, fetches, targets);
    compiler.throwIfFailed();
    return std::make_shared<const Executable>(std::move(program), entry);
}

std::vector<Tensor> Executable::run(std::span<const Tensor> args) const { return run(args, kDefaultRunOptions); }

std::vector<Tensor> Executable::run(std::span<const Tensor> args, const RunOptions& options) const {
    Runner runner(*m_program, options);
    return runner.run(*m_program->plans[static_cast<size_t>(m_entry)], args);
}

size_t Executable::numInputs() const { return m_program->plans[static_cast<size_t>(m_entry)]->argSlots.size(); }
size_t Executable::numOutputs() const { return m_program->plans[static_cast<size_t>(m_entry)]->results.size(); }
std::span<const tensor::DType> Executable::inputTypes() const { return m_program->plans[static_cast<size_t>(m_entry)]->argTypes; }
std::span<const tensor::DType> Executable::outputTypes() const {
    return m_program->plans[static_cast<size_t>(m_entry)]->resultTypes;
}
size_t Executable::numSteps() const { return m_program->plans[static_cast<size_t>(m_entry)]->steps.size(); }
size_t Executable::numPlans() const { return m_program->plans.size(); }

std::string Executable::describe() const {
    static const char* const kKinds[] = {"kernel", "const", "forward", "noop", "call", "if", "case", "while", "print", "unfed"};
    std::string out;
    for (size_t p = 0; p < m_program->plans.size(); ++p) {
        const Plan& plan = *m_program->plans[p];
        out += "plan " + std::to_string(p) + " '" + plan.name + "'" + (static_cast<int32_t>(p) == m_entry ? " (entry)" : "") +
               ": " + std::to_string(plan.numSlots) + " slots, args ->";
        for (int32_t s : plan.argSlots) out += " " + std::to_string(s);
        out += "\n";
        for (const Step& step : plan.steps) {
            out += "  " + std::string(kKinds[static_cast<int>(step.kind)]) + " " + step.opName + " '" + step.name + "' <-";
            for (int32_t i = step.inputBegin; i < step.inputBegin + step.inputCount; ++i) {
                const InputRef& r = plan.inputs[static_cast<size_t>(i)];
                out += " " + std::to_string(r.slot) + (r.move ? "*" : "");
            }
            out += " ->";
            for (int32_t i = 0; i < step.outputCount; ++i) out += " " + std::to_string(step.outputBegin + i);
            for (int32_t c : step.callees) out += " calls " + std::to_string(c);
            if (step.dropCount) out += " (drops " + std::to_string(step.dropCount) + ")";
            out += "\n";
        }
        out += "  results <-";
        for (const InputRef& r : plan.results) out += " " + std::to_string(r.slot);
        out += "\n";
    }
    return out;
}

} // namespace graphlens::exec
