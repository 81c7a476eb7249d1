// Running plans over a flat slot array; nothing is looked up by name and no attrs are converted
// per call. Plans where two heavy steps can be ready at once run in parallel: steps become ready
// as their predecessor counts reach zero; a thread runs what it readied itself when that is cheap
// (measured), and hands the rest to the inter-op pool. Other plans run in plan order.
#include "core/exec/executor.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>

#include "core/exec/compiler.h"
#include "core/exec/datasets.h"
#include "core/exec/ref_variables.h"
#include "core/exec/v1_loops.h"
#include "core/graph/io/meta_graph_builder.h"
#include "core/ops/execute.h"
#include "core/ops/resource.h"
#include "core/tensor/errors.h"
#include "core/util/thread_pool.h"

namespace graphlens::exec {

namespace {

// TF's ToBool for If's condition: a scalar's value (non-zero, non-empty string), else whether
// the tensor has elements.
bool truthy(const Tensor& t, const Step& step) {
    if (t.rank() != 0) return t.numElements() > 0;
    switch (t.dtype()) {
    case DType::Bool:
        return t.item<bool>();
    case DType::Float32:
        return t.item<float>() != 0.0f;
    case DType::Float64:
        return t.item<double>() != 0.0;
    case DType::Int32:
        return t.item<int32_t>() != 0;
    case DType::Int64:
        return t.item<int64_t>() != 0;
    case DType::Int8:
        return t.item<int8_t>() != 0;
    case DType::UInt8:
        return t.item<uint8_t>() != 0;
    case DType::Int16:
        return t.item<int16_t>() != 0;
    case DType::String:
        return !t.item<std::string>().empty();
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

class Runner;

// Steps between two reads of the clock for the run's deadline (loop steps read it themselves).
constexpr uint32_t kStepsPerClockRead = 32;

// A thread's ready steps: cheap ones, and at most one expensive one, run where they became ready;
// the rest go to the run's shared queue.
struct LocalWork {
    static constexpr int kCapacity = 32;
    std::array<int32_t, kCapacity> steps;
    std::array<bool, kCapacity> expensive;
    int size = 0;
    int numExpensive = 0;
};

} // namespace

// A parallel run's shared state, one per frame (kept across its calls). Every ready or running
// step holds one token of `inFlight`; the run is over when none is left. Pool tasks ("helpers")
// drain `queue` and return when it is empty; the owner (the thread that called run) drains it too
// while it waits, so no step waits on a worker that is busy elsewhere.
struct ParallelRun : std::enable_shared_from_this<ParallelRun> {
    std::mutex mutex;
    std::condition_variable wake; // the owner: work queued, or the run is over
    std::vector<int32_t> queue;
    bool ownerWaiting = false;
    int helpers = 0; // pool tasks scheduled and not yet returned (stale ones included)
    std::atomic<int32_t> inFlight{ 0 };
    std::atomic<bool> failed{ false };
    std::exception_ptr error; // the first failure

    // This call's (set by the owner before any step is queued):
    Runner* runner = nullptr;
    const Plan* plan = nullptr;
    Frame* frame = nullptr;
    util::ThreadPool* pool = nullptr;
    int maxHelpers = 0;

    void push(int32_t step);
    void help();
    void fail(std::exception_ptr e) {
        std::lock_guard lock(mutex);
        if (!error) error = std::move(e);
        failed.store(true, std::memory_order_relaxed);
    }
    // Gives back one token; the last one ends the run.
    void release() {
        if (inFlight.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
        std::lock_guard lock(mutex);
        wake.notify_one();
    }
};

namespace {

class Runner {
public:
    Runner(const Program& program, const RunOptions& options)
        : m_program(program)
        , m_options(options)
        , m_profile(options.profile ? options.profile : processProfile())
        , m_inlineBelowNs(static_cast<int64_t>(options.inlineStepSeconds * 1e9)) {
        if (options.interOpThreads != 1) {
            m_pool = options.interOpPool ? options.interOpPool : &util::interOpPool();
            m_maxHelpers = m_pool->numWorkers();
            if (options.interOpThreads > 1) m_maxHelpers = std::min(m_maxHelpers, options.interOpThreads - 1);
        }
    }

    std::vector<Tensor> run(const Plan& plan, std::span<const Tensor> args) {
        if (args.size() != plan.argSlots.size())
            throw tensor::InvalidArgumentError((plan.name.empty() ? std::string("the graph") : plan.name) + " takes " +
                                               std::to_string(plan.argSlots.size()) + " inputs, got " +
                                               std::to_string(args.size()));
        std::unique_ptr<Frame> frame = plan.takeFrame(m_program.device->allocator());
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
        if (plan.parallel && m_maxHelpers > 0) runParallel(plan, *frame);
        else runSequential(plan, *frame);
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

    // Runs `work` and every step that becomes ready from it and stays on this thread.
    void drain(ParallelRun& run, LocalWork& work);
    const std::shared_ptr<tensor::MemoryBudget>& memory() const { return m_options.memory; }

private:
    const Plan& plan(int32_t index) const { return *m_program.plans[static_cast<size_t>(index)]; }

    // Steps in plan order; a read that is the slot's last use in that order takes the value.
    void runSequential(const Plan& plan, Frame& frame) {
        std::vector<Tensor>& slots = frame.slots;
        std::vector<Tensor>& in = frame.gathered;
        const CancelToken* cancel = m_options.cancel;
        RunLimits* limits = m_options.limits.get();
        uint32_t sinceClock = 0;
        if (plan.deadness) frame.deadSteps.assign(plan.steps.size(), 0);
        for (const Step& step : plan.steps) {
            if (cancel) cancel->throwIfCancelled();
            if (limits) {
                limits->checkCancelled();
                if (++sinceClock == kStepsPerClockRead) {
                    sinceClock = 0;
                    limits->checkDeadline();
                }
            }
            for (int32_t i = step.inputBegin; i < step.inputBegin + step.inputCount; ++i) {
                const InputRef& r = plan.inputs[static_cast<size_t>(i)];
                Tensor& slot = slots[static_cast<size_t>(r.slot)];
                if (r.move) in.push_back(std::move(slot));
                else in.push_back(slot);
            }
            if (plan.deadness && runControlFlow(plan, step, in, frame)) {
                // done: a dead step, a Switch or a Merge
            } else if (m_profile || (step.heavy && m_options.stepObserver)) {
                timedStep(plan, step, in, frame);
            } else {
                runStep(step, in, frame);
            }
            finishStep(plan, step, in, frame);
            in.clear();
        }
        if (plan.deadness)
            for (size_t i = 0; i < plan.results.size(); ++i)
                if (!slots[static_cast<size_t>(plan.results[i].slot)].isValid())
                    throw tensor::InvalidArgumentError("Retval[" + std::to_string(i) + "] does not have value");
    }

    // TF1 control flow in a plan with deadness: true when the step is done (it was dead, or it
    // was a Switch or a Merge); false when it runs as usual.
    bool runControlFlow(const Plan& plan, const Step& step, std::span<Tensor> in, Frame& frame) {
        const auto index = static_cast<size_t>(&step - plan.steps.data());
        bool deadControl = false;
        for (int32_t i = step.controlBegin; i < step.controlBegin + step.controlCount; ++i)
            deadControl =
                deadControl || frame.deadSteps[static_cast<size_t>(plan.controlInputs[static_cast<size_t>(i)])];
        auto out = [&](int32_t i) -> Tensor& { return frame.slots[static_cast<size_t>(step.outputBegin + i)]; };
        auto markDead = [&] {
            frame.deadSteps[index] = 1;
            for (int32_t i = 0; i < step.outputCount; ++i) out(i) = Tensor();
            return true;
        };
        if (step.kind == StepKind::Merge) {
            if (deadControl) return markDead();
            for (size_t k = 0; k < in.size(); ++k)
                if (in[k].isValid()) {
                    out(0) = in[k];
                    out(1) = Tensor::scalar<int32_t>(static_cast<int32_t>(k));
                    return true;
                }
            return markDead();
        }
        if (deadControl || std::any_of(in.begin(), in.end(), [](const Tensor& t) { return !t.isValid(); }))
            return markDead();
        if (step.kind != StepKind::Switch) return false;
        const Tensor& pred = in[1];
        if (pred.rank() != 0 || pred.dtype() != DType::Bool)
            throw tensor::InvalidArgumentError("The second input must be a scalar, but it has shape " +
                                               pred.shape().str() + "\n\t [[{{node " + step.name + "}}]]");
        const bool taken = pred.item<bool>();
        out(taken ? 1 : 0) = in[0];
        out(taken ? 0 : 1) = Tensor();
        return true;
    }

    // Steps run as their inputs become ready: the owner and the pool's helpers share them.
    void runParallel(const Plan& plan, Frame& frame) {
        const size_t numSteps = plan.steps.size();
        if (!frame.pending) {
            frame.pending = std::make_unique<std::atomic<int32_t>[]>(numSteps);
            frame.readersLeft = std::make_unique<std::atomic<int32_t>[]>(static_cast<size_t>(plan.numSlots));
            frame.stepInputs.resize(plan.inputs.size());
            frame.parallel = std::make_shared<ParallelRun>();
        }
        if (frame.countersStale) {
            for (size_t s = 0; s < numSteps; ++s)
                frame.pending[s].store(plan.steps[s].pendingCount, std::memory_order_relaxed);
            for (size_t s = 0; s < static_cast<size_t>(plan.numSlots); ++s)
                frame.readersLeft[s].store(plan.slotReaders[s], std::memory_order_relaxed);
            frame.countersStale = false;
        }
        ParallelRun& run = *frame.parallel;
        {
            std::lock_guard lock(run.mutex);
            run.runner = this;
            run.plan = &plan;
            run.frame = &frame;
            run.pool = m_pool;
            run.maxHelpers = m_maxHelpers;
            run.failed.store(false, std::memory_order_relaxed);
            run.error = nullptr;
        }
        run.inFlight.store(1, std::memory_order_relaxed); // the owner's, handed to the first root
        LocalWork work;
        bool tokenUsed = false;
        for (const int32_t root : plan.roots) place(run, work, root, tokenUsed);
        if (!tokenUsed) run.release();
        drain(run, work);
        std::unique_lock lock(run.mutex);
        while (run.inFlight.load(std::memory_order_acquire) != 0) {
            if (!run.queue.empty()) {
                work.steps[0] = run.queue.back();
                work.expensive[0] = false;
                work.size = 1;
                run.queue.pop_back();
                lock.unlock();
                drain(run, work);
                lock.lock();
                continue;
            }
            run.ownerWaiting = true;
            run.wake.wait(lock);
            run.ownerWaiting = false;
        }
        if (run.error) {
            frame.countersStale = true;
            std::rethrow_exception(run.error);
        }
    }

    bool isExpensive(const Plan& plan, int32_t step) const {
        if (!plan.steps[static_cast<size_t>(step)].heavy) return false;
        const int64_t cost = plan.stepCostNs[static_cast<size_t>(step)].load(std::memory_order_relaxed);
        return cost < 0 || cost >= m_inlineBelowNs;
    }

    // A step that just became ready: the first one takes the finished step's token, others get
    // their own before anyone else can see them.
    void place(ParallelRun& run, LocalWork& work, int32_t step, bool& tokenUsed) const {
        if (tokenUsed) run.inFlight.fetch_add(1, std::memory_order_relaxed);
        tokenUsed = true;
        const bool expensive = isExpensive(*run.plan, step);
        if (work.size < LocalWork::kCapacity && (!expensive || work.numExpensive == 0)) {
            work.steps[static_cast<size_t>(work.size)] = step;
            work.expensive[static_cast<size_t>(work.size)] = expensive;
            ++work.size;
            work.numExpensive += expensive;
        } else {
            run.push(step);
        }
    }

    // Takes a step's inputs: a slot's only reader moves its value; of several readers the last
    // one (counted at run time) empties the slot, so that only it can reuse the buffer.
    void gather(const Plan& plan, const Step& step, Frame& frame) const {
        for (int32_t i = step.inputBegin; i < step.inputBegin + step.inputCount; ++i) {
            const auto slotIndex = static_cast<size_t>(plan.inputs[static_cast<size_t>(i)].slot);
            Tensor& slot = frame.slots[slotIndex];
            Tensor& in = frame.stepInputs[static_cast<size_t>(i)];
            const int32_t readers = plan.slotReaders[slotIndex];
            if (readers == 1) {
                in = std::move(slot);
                continue;
            }
            in = slot;
            if (readers > 1 && frame.readersLeft[slotIndex].fetch_sub(1, std::memory_order_acq_rel) == 1) {
                slot = Tensor();
                frame.readersLeft[slotIndex].store(readers, std::memory_order_relaxed);
            }
        }
    }

    void runParallelStep(ParallelRun& run, int32_t index) {
        const Plan& plan = *run.plan;
        Frame& frame = *run.frame;
        const Step& step = plan.steps[static_cast<size_t>(index)];
        if (m_options.cancel) m_options.cancel->throwIfCancelled();
        if (RunLimits* limits = m_options.limits.get()) {
            limits->checkCancelled();
            thread_local uint32_t sinceClock = 0;
            if (++sinceClock >= kStepsPerClockRead) {
                sinceClock = 0;
                limits->checkDeadline();
            }
        }
        gather(plan, step, frame);
        const std::span<Tensor> in(frame.stepInputs.data() + step.inputBegin, static_cast<size_t>(step.inputCount));
        if (step.heavy || m_profile) timedStep(plan, step, in, frame);
        else runStep(step, in, frame);
        finishStep(plan, step, in, frame);
    }

    // Runs a step with its time measured: the schedule's cost estimate, the profile, observers.
    void timedStep(const Plan& plan, const Step& step, std::span<Tensor> in, Frame& frame) {
        const auto index = static_cast<size_t>(&step - plan.steps.data());
        if (m_options.stepObserver && step.heavy) m_options.stepObserver(step.name, true);
        const auto start = std::chrono::steady_clock::now();
        runStep(step, in, frame);
        const auto ns =
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
        if (m_options.stepObserver && step.heavy) m_options.stepObserver(step.name, false);
        std::atomic<int64_t>& cost = plan.stepCostNs[index];
        const int64_t previous = cost.load(std::memory_order_relaxed);
        cost.store(previous < 0 ? ns : (previous + ns) / 2, std::memory_order_relaxed);
        if (m_profile && (step.kind == StepKind::Kernel || step.kind == StepKind::Print))
            m_profile->add(plan.name, step.name, step.opName, static_cast<double>(ns) * 1e-9);
    }

    // Inputs and unread outputs whose buffers nobody else holds go to the frame's pool.
    void finishStep(const Plan& plan, const Step& step, std::span<Tensor> in, Frame& frame) const {
        const bool recycle = m_options.recycleBuffers;
        for (Tensor& t : in) {
            if (recycle) frame.buffers.give(t);
            else t = Tensor();
        }
        for (int32_t i = step.dropBegin; i < step.dropBegin + step.dropCount; ++i) {
            Tensor& slot = frame.slots[static_cast<size_t>(plan.drops[static_cast<size_t>(i)])];
            if (recycle) frame.buffers.give(slot);
            else slot = Tensor();
        }
    }

    static void store(const Step& step, std::vector<Tensor>& values, std::vector<Tensor>& slots) {
        if (values.size() < static_cast<size_t>(step.outputCount))
            throw tensor::InternalError(step.opName + " gave " + std::to_string(values.size()) +
                                        " outputs, the graph expects " + std::to_string(step.outputCount) +
                                        "\n\t [[{{node " + step.name + "}}]]");
        for (int32_t i = 0; i < step.outputCount; ++i)
            slots[static_cast<size_t>(step.outputBegin + i)] = std::move(values[static_cast<size_t>(i)]);
    }

    std::vector<Tensor> executeKernel(const Step& step, std::span<const Tensor> in, Frame& frame) {
        std::optional<BufferPool::Lend> lend;
        if (m_options.recycleBuffers) lend.emplace(&frame.buffers);
        if (!step.random) return ops::execute(step.op, in, step.attrs, m_program.device);
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

    void runStep(const Step& step, std::span<Tensor> in, Frame& frame) {
        std::vector<Tensor>& slots = frame.slots;
        switch (step.kind) {
        case StepKind::Kernel: {
            std::vector<Tensor> out;
            try {
                out = executeKernel(step, in, frame);
            } catch (const tensor::OpError& e) {
                rethrowAtNode(e, step);
            }
            store(step, out, slots);
            return;
        }
        case StepKind::Const:
            slots[static_cast<size_t>(step.outputBegin)] = step.constant;
            return;
        case StepKind::Forward:
            for (int32_t i = 0; i < step.outputCount; ++i)
                slots[static_cast<size_t>(step.outputBegin + i)] = std::move(in[static_cast<size_t>(i)]);
            return;
        case StepKind::NoOp:
            return;
        case StepKind::Switch:
        case StepKind::Merge:
            return; // runControlFlow (plans with these run in plan order)
        case StepKind::Unfed:
            throw tensor::InvalidArgumentError(step.failure);
        case StepKind::Print:
            if (m_options.print) {
                const Tensor& text = in[0];
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
            const bool cond = truthy(in[0], step);
            auto out = run(plan(step.callees[cond ? 0 : 1]), std::span<const Tensor>(in).subspan(1));
            store(step, out, slots);
            return;
        }
        case StepKind::Case: {
            const Tensor& index = in[0];
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
            // They keep the run's limits and memory budget (nothing else of its options: the
            // print sink and hooks may be gone when they run).
            auto options = std::make_shared<RunOptions>();
            options->cancel = m_options.cancel;
            options->limits = m_options.limits;
            options->memory = m_options.memory;
            std::vector<DatasetFunction> functions;
            for (const int32_t callee : step.callees)
                functions.push_back([program = &m_program, callee, options](std::span<const Tensor> args) {
                    return Runner(*program, *options).run(*program->plans[static_cast<size_t>(callee)], args);
                });
            auto out = runDatasetOp(step.opName, step.attrs, in, std::move(functions), options->limits);
            store(step, out, slots);
            return;
        }
        case StepKind::While: {
            const Plan& cond = plan(step.callees[0]);
            const Plan& body = plan(step.callees[1]);
            std::vector<Tensor> vars(std::make_move_iterator(in.begin()), std::make_move_iterator(in.end()));
            RunLimits* limits = m_options.limits.get();
            for (;;) {
                if (m_options.cancel) m_options.cancel->throwIfCancelled();
                if (limits) limits->loopStep();
                const auto c = run(cond, vars);
                if (c.empty())
                    throw tensor::InvalidArgumentError("the loop condition returned nothing\n\t [[{{node " + step.name +
                                                       "}}]]");
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
    int64_t m_inlineBelowNs;
    util::ThreadPool* m_pool = nullptr;
    int m_maxHelpers = 0;
};

void Runner::drain(ParallelRun& run, LocalWork& work) {
    const Plan& plan = *run.plan;
    Frame& frame = *run.frame;
    while (work.size > 0) {
        --work.size;
        const int32_t index = work.steps[static_cast<size_t>(work.size)];
        work.numExpensive -= work.expensive[static_cast<size_t>(work.size)];
        bool ok = !run.failed.load(std::memory_order_relaxed);
        if (ok) {
            try {
                runParallelStep(run, index);
            } catch (...) {
                run.fail(std::current_exception());
                ok = false;
            }
        }
        bool tokenUsed = false;
        if (ok) {
            const Step& step = plan.steps[static_cast<size_t>(index)];
            for (int32_t i = step.successorBegin; i < step.successorBegin + step.successorCount; ++i) {
                const int32_t next = plan.successors[static_cast<size_t>(i)];
                const int32_t waits = plan.steps[static_cast<size_t>(next)].pendingCount;
                // The step that readies another resets its count for the frame's next call.
                if (waits > 1) {
                    if (frame.pending[static_cast<size_t>(next)].fetch_sub(1, std::memory_order_acq_rel) != 1) continue;
                    frame.pending[static_cast<size_t>(next)].store(waits, std::memory_order_relaxed);
                }
                place(run, work, next, tokenUsed);
            }
        }
        if (!tokenUsed) run.release();
    }
}

} // namespace

void ParallelRun::push(int32_t step) {
    bool spawn = false;
    {
        std::lock_guard lock(mutex);
        queue.push_back(step);
        if (helpers < maxHelpers) {
            ++helpers;
            spawn = true;
        }
        if (ownerWaiting) wake.notify_one();
    }
    if (spawn) pool->schedule([self = shared_from_this()] { self->help(); });
}

void ParallelRun::help() {
    LocalWork work;
    for (;;) {
        Runner* owner = nullptr;
        {
            std::lock_guard lock(mutex);
            if (queue.empty()) {
                --helpers;
                return;
            }
            work.steps[0] = queue.back();
            work.expensive[0] = false;
            work.size = 1;
            queue.pop_back();
            owner = runner;
        }
        const tensor::MemoryBudgetScope budget(owner->memory());
        owner->drain(*this, work);
    }
}

namespace {

const RunOptions kDefaultRunOptions{};

} // namespace

void StepProfile::add(const std::string& function, const std::string& node, const std::string& op, double seconds) {
    std::lock_guard lock(m_mutex);
    NodeEntry& n = m_nodes[{ function, node }];
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
    m_entries.push_back({ op, 1, seconds });
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
    std::stable_sort(out.begin(), out.end(),
                     [](const NodeEntry& a, const NodeEntry& b) { return a.seconds > b.seconds; });
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
        std::snprintf(line, sizeof line, "%-30s %8lld %12.2f %6.1f%% %9.2f\n", e.op.c_str(),
                      static_cast<long long>(e.count), e.seconds * 1e3, total > 0 ? 100.0 * e.seconds / total : 0.0,
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
            if (StepProfile* q = processProfile())
                std::fprintf(stderr, "graph executor kernel time:\n%s", q->summary(20).c_str());
        });
        return p;
    }();
    return profile;
}

std::unique_ptr<Frame> Plan::takeFrame(tensor::Allocator* allocator) const {
    Frame* f = cachedFrame.exchange(nullptr, std::memory_order_acquire);
    if (!f) {
        f = new Frame(allocator);
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

Executable::Executable(std::shared_ptr<Program> program, int32_t entry)
    : m_program(std::move(program))
    , m_entry(entry) { }
Executable::~Executable() = default;

std::shared_ptr<const Executable> Executable::compileFunction(const graph::FunctionLibrary& library,
                                                              const std::string& function,
                                                              const CompileOptions& options) {
    auto program = std::make_shared<Program>();
    program->device = options.device ? options.device : tensor::cpuDevice();
    Compiler compiler(*program, &library);
    const int32_t entry = compiler.functionPlan(function, "the caller");
    compiler.throwIfFailed();
    return std::make_shared<const Executable>(std::move(program), entry);
}

std::shared_ptr<const Executable>
Executable::compileGraph(const graph::Graph& graph, const graph::FunctionLibrary* library,
                         std::span<const std::string> feeds, std::span<const std::string> fetches,
                         std::span<const std::string> targets, const CompileOptions& options) {
    // TF1 graphs are rewritten first (ref_variables.h, v1_loops.h): `compiled` is what compiles.
    const graph::Graph* compiled = &graph;
    std::optional<graph::MetaGraph> withResources, withLoops;
    std::vector<std::string> fetchNames(fetches.begin(), fetches.end());
    if (hasRefVariables(*compiled)) {
        RefVariablesRewrite rewrite = refVariablesAsResources(*compiled, fetches);
        withResources = io::buildFromGraphDef(std::move(rewrite.graph), "graph", {});
        compiled = &withResources->graph;
        fetchNames = std::move(rewrite.fetches);
    }
    if (hasV1Loops(*compiled))
        if (std::optional<tensorflow::GraphDef> rewritten = v1LoopsAsWhile(*compiled)) {
            withLoops = io::buildFromGraphDef(std::move(*rewritten), "graph", {});
            compiled = &withLoops->graph;
        }
    auto program = std::make_shared<Program>();
    program->device = options.device ? options.device : tensor::cpuDevice();
    Compiler compiler(*program, library);
    const int32_t entry = compiler.compileGraph(*compiled, feeds, fetchNames, targets);
    compiler.throwIfFailed();
    return std::make_shared<const Executable>(std::move(program), entry);
}

std::vector<Tensor> Executable::run(std::span<const Tensor> args) const {
    return run(args, kDefaultRunOptions);
}

std::vector<Tensor> Executable::run(std::span<const Tensor> args, const RunOptions& options) const {
    std::optional<tensor::MemoryBudgetScope> budget;
    if (options.memory && options.memory != tensor::currentMemoryBudget()) budget.emplace(options.memory);
    Runner runner(*m_program, options);
    return runner.run(*m_program->plans[static_cast<size_t>(m_entry)], args);
}

size_t Executable::numInputs() const {
    return m_program->plans[static_cast<size_t>(m_entry)]->argSlots.size();
}
size_t Executable::numOutputs() const {
    return m_program->plans[static_cast<size_t>(m_entry)]->results.size();
}
std::span<const tensor::DType> Executable::inputTypes() const {
    return m_program->plans[static_cast<size_t>(m_entry)]->argTypes;
}
std::span<const tensor::DType> Executable::outputTypes() const {
    return m_program->plans[static_cast<size_t>(m_entry)]->resultTypes;
}
size_t Executable::numSteps() const {
    return m_program->plans[static_cast<size_t>(m_entry)]->steps.size();
}
size_t Executable::numPlans() const {
    return m_program->plans.size();
}

std::string Executable::describe() const {
    static const char* const kKinds[] = { "kernel", "const", "forward", "noop",    "call",   "if",   "case",
                                          "while",  "print", "unfed",   "dataset", "switch", "merge" };
    static_assert(std::size(kKinds) == static_cast<size_t>(StepKind::Merge) + 1, "a name per StepKind");
    std::string out;
    for (size_t p = 0; p < m_program->plans.size(); ++p) {
        const Plan& plan = *m_program->plans[p];
        out += "plan " + std::to_string(p) + " '" + plan.name + "'" +
            (static_cast<int32_t>(p) == m_entry ? " (entry)" : "") + ": " + std::to_string(plan.numSlots) + " slots" +
            (plan.parallel ? ", parallel" : "") + ", args ->";
        for (int32_t s : plan.argSlots) out += " " + std::to_string(s);
        out += "\n";
        for (const Step& step : plan.steps) {
            out +=
                "  " + std::string(kKinds[static_cast<int>(step.kind)]) + " " + step.opName + " '" + step.name + "' <-";
            for (int32_t i = step.inputBegin; i < step.inputBegin + step.inputCount; ++i) {
                const InputRef& r = plan.inputs[static_cast<size_t>(i)];
                out += " " + std::to_string(r.slot) + (r.move ? "*" : "");
            }
            out += " ->";
            for (int32_t i = 0; i < step.outputCount; ++i) out += " " + std::to_string(step.outputBegin + i);
            for (int32_t c : step.callees) out += " calls " + std::to_string(c);
            if (step.dropCount) out += " (drops " + std::to_string(step.dropCount) + ")";
            if (plan.parallel) {
                out += " [waits " + std::to_string(step.pendingCount) + (step.ordered ? ", ordered" : "") + " ->";
                for (int32_t i = step.successorBegin; i < step.successorBegin + step.successorCount; ++i)
                    out += " " + std::to_string(plan.successors[static_cast<size_t>(i)]);
                out += "]";
            }
            out += "\n";
        }
        out += "  results <-";
        for (const InputRef& r : plan.results) out += " " + std::to_string(r.slot);
        out += "\n";
    }
    return out;
}

} // namespace graphlens::exec
