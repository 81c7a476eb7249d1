// The executor's inter-op parallelism and buffer reuse: every recorded graph gives the same bits
// in parallel as in plan order (outputs, printed text, variables, errors), wide graphs really run
// steps at the same time (counted through RunOptions::stepObserver, not timed), side effects keep
// their plan order, the first error wins, cancellation stops the run, and dead buffers are reused.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <mutex>
#include <thread>

#include "core/exec/executor.h"
#include "core/ops/execute.h"
#include "core/tensor/device.h"
#include "core/tensor/errors.h"
#include "core/util/error.h"
#include "core/util/thread_pool.h"
#include "tests/exec/exec_test_util.h"
#include "tests/exec/wide_graph.h"

using exectest::makeVariable;
using exectest::sameBits;
using exectest::tensorFromJson;
using exectest::variableValue;
using exectest::WideGraph;
using graphlens::exec::Executable;
using graphlens::exec::RunOptions;
using graphlens::tensor::Tensor;
using graphlens::tensor::TensorShape;
using nlohmann::json;

namespace {

const std::string kDataDir = GRAPHLENS_SOURCE_DIR "/tests/exec/data/";

// Every ready kernel step beyond a thread's first goes to the pool.
RunOptions parallelOptions(graphlens::util::ThreadPool& pool) {
    RunOptions o;
    o.interOpPool = &pool;
    o.inlineStepSeconds = 0;
    return o;
}

RunOptions sequentialOptions() {
    RunOptions o;
    o.interOpThreads = 1;
    return o;
}

// What one call did: outputs (or the error), printed text, variables after.
struct CallRecord {
    std::vector<Tensor> outputs;
    std::string errorClass, errorMessage;
    std::string printed;
    std::vector<Tensor> variables;
};

// All calls of a recorded case, on a fresh executable and fresh variables (random streams and
// variables start over), with `options`.
std::vector<CallRecord> runRecorded(const json& c, bool asFunction, RunOptions options, const std::string& tag) {
    const std::string name = c["name"];
    auto model = graphlens::io::loadModel(kDataDir + name + ".pb");
    const auto& mg = model->metaGraphs.at(0);
    std::shared_ptr<const Executable> exe;
    if (asFunction) {
        exe = Executable::compileFunction(mg.library, c["function"].get<std::string>());
    } else {
        const auto feeds = c["feeds"].get<std::vector<std::string>>();
        const auto fetches = c["fetches"].get<std::vector<std::string>>();
        exe = Executable::compileGraph(mg.graph, &mg.library, feeds, fetches);
    }
    std::vector<Tensor> variables;
    std::vector<CallRecord> records;
    for (const json& call : c["calls"]) {
        std::vector<Tensor> args;
        size_t v = 0;
        for (const json& in : call["inputs"]) {
            if (!in.contains("variable")) {
                args.push_back(tensorFromJson(in));
                continue;
            }
            if (variables.size() <= v)
                variables.push_back(makeVariable(name + "/" + tag + (asFunction ? "/fn/" : "/graph/") +
                                                     in["variable"].get<std::string>(),
                                                 tensorFromJson(in["value"])));
            args.push_back(variables[v++]);
        }
        CallRecord record;
        options.print = [&](std::string_view, std::string_view text) { record.printed += text; };
        try {
            record.outputs = exe->run(args, options);
        } catch (const graphlens::tensor::OpError& e) {
            record.errorClass = e.pythonName();
            record.errorMessage = e.message();
        }
        for (const Tensor& h : variables) record.variables.push_back(variableValue(h));
        records.push_back(std::move(record));
    }
    return records;
}

void checkSame(const std::vector<CallRecord>& a, const std::vector<CallRecord>& b) {
    REQUIRE(a.size() == b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        INFO("call " << i);
        CHECK(a[i].errorClass == b[i].errorClass);
        CHECK(a[i].errorMessage == b[i].errorMessage);
        CHECK(a[i].printed == b[i].printed);
        REQUIRE(a[i].outputs.size() == b[i].outputs.size());
        for (size_t k = 0; k < a[i].outputs.size(); ++k) {
            INFO("output " << k << ": " << a[i].outputs[k].debugString() << " vs " << b[i].outputs[k].debugString());
            CHECK(sameBits(a[i].outputs[k], b[i].outputs[k]));
        }
        REQUIRE(a[i].variables.size() == b[i].variables.size());
        for (size_t k = 0; k < a[i].variables.size(); ++k) CHECK(sameBits(a[i].variables[k], b[i].variables[k]));
    }
}

Tensor matrix(int n, float scale, float offset) {
    std::vector<float> v(static_cast<size_t>(n * n));
    for (size_t i = 0; i < v.size(); ++i) v[i] = offset + scale * static_cast<float>((i * 37) % 101) / 101.0f;
    return Tensor::fromVector(v, TensorShape{ n, n });
}

// Counts kernel steps running at once; each step waits (up to a second) until two have overlapped
// once, so that overlap is seen whenever the schedule allows it, whatever the machine's speed.
struct OverlapCounter {
    bool waitForPartner = true;
    std::mutex mutex;
    std::condition_variable changed;
    int running = 0;
    int most = 0;

    void observe(std::string_view, bool started) {
        std::unique_lock lock(mutex);
        if (!started) {
            --running;
            return;
        }
        most = std::max(most, ++running);
        changed.notify_all();
        if (waitForPartner) changed.wait_for(lock, std::chrono::seconds(1), [&] { return most >= 2; });
    }
};

} // namespace

TEST_CASE("recorded graphs give the same bits in parallel as in plan order", "[exec][parallel]") {
    std::ifstream in(kDataDir + "cases.json");
    REQUIRE(in);
    const json recorded = json::parse(in);
    graphlens::util::ThreadPool one(1), three(3);
    for (const json& c : recorded["cases"]) {
        for (const bool asFunction : { false, true }) {
            DYNAMIC_SECTION(c["name"].get<std::string>() << (asFunction ? " as library function" : " as main graph")) {
                const auto sequential = runRecorded(c, asFunction, sequentialOptions(), "seq");
                for (auto* pool : { &one, &three }) {
                    INFO(pool->numWorkers() << " workers");
                    const auto got =
                        runRecorded(c, asFunction, parallelOptions(*pool), "par" + std::to_string(pool->numWorkers()));
                    checkSame(sequential, got);
                }
                // The default options too: the process's inter-op pool, measured costs.
                checkSame(sequential, runRecorded(c, asFunction, RunOptions{}, "default"));
            }
        }
    }
}

TEST_CASE("most recorded graphs have steps that can run at the same time", "[exec][parallel]") {
    std::ifstream in(kDataDir + "cases.json");
    REQUIRE(in);
    const json recorded = json::parse(in);
    int parallelPlans = 0, plans = 0;
    for (const json& c : recorded["cases"]) {
        auto model = graphlens::io::loadModel(kDataDir + c["name"].get<std::string>() + ".pb");
        const auto& mg = model->metaGraphs.at(0);
        const auto exe = Executable::compileFunction(mg.library, c["function"].get<std::string>());
        ++plans;
        parallelPlans += exe->describe().find(", parallel") != std::string::npos;
    }
    // So the comparison above really exercised the parallel run.
    INFO(parallelPlans << " of " << plans);
    CHECK(parallelPlans * 2 >= plans);
}

TEST_CASE("a wide graph runs its branches at the same time", "[exec][parallel]") {
    WideGraph wide;
    auto exe = wide.compile();
    INFO(exe->describe());
    REQUIRE(exe->describe().find(", parallel") != std::string::npos);
    const std::vector<Tensor> args{ matrix(32, 0.1f, -0.05f), matrix(32, 0.2f, -0.1f) };
    graphlens::util::ThreadPool pool(3);

    OverlapCounter sequentialCount;
    sequentialCount.waitForPartner = false;
    RunOptions sequential = sequentialOptions();
    sequential.stepObserver = [&](std::string_view node, bool started) { sequentialCount.observe(node, started); };
    const auto expected = exe->run(args, sequential);
    CHECK(sequentialCount.most == 1);

    OverlapCounter parallelCount;
    RunOptions parallel = parallelOptions(pool);
    parallel.stepObserver = [&](std::string_view node, bool started) { parallelCount.observe(node, started); };
    const auto got = exe->run(args, parallel);
    CHECK(parallelCount.most >= 2);
    CHECK(parallelCount.running == 0);
    REQUIRE(got.size() == expected.size());
    for (size_t i = 0; i < got.size(); ++i) CHECK(sameBits(got[i], expected[i]));
}

TEST_CASE("chains and tiny plans take the sequential run", "[exec][parallel]") {
    WideGraph chain;
    chain.branches = 1;
    auto exe = chain.compile();
    INFO(exe->describe());
    CHECK(exe->describe().find(", parallel") == std::string::npos);
    // No step ever leaves the calling thread.
    graphlens::util::ThreadPool pool(3);
    RunOptions options = parallelOptions(pool);
    const auto caller = std::this_thread::get_id();
    std::atomic<int> elsewhere{ 0 };
    options.stepObserver = [&](std::string_view, bool) { elsewhere += std::this_thread::get_id() != caller; };
    exe->run(std::vector<Tensor>{ matrix(8, 1, 0), matrix(8, 1, 0) }, options);
    CHECK(elsewhere == 0);
}

TEST_CASE("side effects keep their plan order in parallel", "[exec][parallel]") {
    WideGraph wide;
    wide.print = true;
    wide.assign = true;
    auto exe = wide.compile();
    INFO(exe->describe());
    const std::vector<Tensor> inputs{ matrix(24, 0.1f, -0.05f), matrix(24, 0.2f, -0.1f) };
    auto runWith = [&](RunOptions options, const std::string& tag, std::string& printed) {
        const Tensor v = makeVariable("parallel_order/" + tag,
                                      Tensor::zeros(graphlens::tensor::DType::Float32, TensorShape{ 24, 24 }));
        options.print = [&](std::string_view, std::string_view text) { printed += text; };
        std::vector<Tensor> args = inputs;
        args.push_back(v);
        auto out = exe->run(args, options);
        out.push_back(variableValue(v));
        return out;
    };
    std::string sequentialText;
    const auto expected = runWith(sequentialOptions(), "seq", sequentialText);
    CHECK(sequentialText.starts_with("b0_"));

    // Branch 0's first MatMul waits until the other branches' last ones ran, so that branch 0
    // finishes last; its print and assignment still come first.
    graphlens::util::ThreadPool pool(3);
    std::mutex mutex;
    std::condition_variable changed;
    int lastOfOthers = 0;
    RunOptions options = parallelOptions(pool);
    options.stepObserver = [&](std::string_view node, bool started) {
        std::unique_lock lock(mutex);
        if (!started && node.ends_with("_mm2") && node != "b0_mm2") {
            ++lastOfOthers;
            changed.notify_all();
        }
        if (started && node == "b0_mm0")
            changed.wait_for(lock, std::chrono::seconds(1), [&] { return lastOfOthers == 3; });
    };
    std::string parallelText;
    const auto got = runWith(options, "par", parallelText);
    CHECK(lastOfOthers == 3);
    CHECK(parallelText == sequentialText);
    REQUIRE(got.size() == expected.size());
    for (size_t i = 0; i < got.size(); ++i) CHECK(sameBits(got[i], expected[i]));
}

TEST_CASE("the failing step's error stops a parallel run", "[exec][parallel]") {
    WideGraph wide;
    wide.failing = 2;
    auto exe = wide.compile();
    const std::vector<Tensor> args{ matrix(16, 0.1f, 0), matrix(16, 0.1f, 0) };
    graphlens::util::ThreadPool pool(3);
    for (const RunOptions& options : { sequentialOptions(), parallelOptions(pool) }) {
        try {
            exe->run(args, options);
            FAIL("expected an error");
        } catch (const graphlens::tensor::InvalidArgumentError& e) {
            CHECK(e.message() ==
                  "Input to reshape is a tensor with 256 values, but the requested shape has 7\n\t [[{{node "
                  "b2_fail}}]]");
        }
    }
    // The executable runs again afterwards (its counters start over).
    WideGraph good;
    auto fine = good.compile();
    const auto expected = fine->run(args, sequentialOptions());
    for (int i = 0; i < 3; ++i) {
        RunOptions failing = parallelOptions(pool);
        failing.stepObserver = [&](std::string_view node, bool started) {
            if (started && node == "b1_mm1" && i == 1) throw graphlens::tensor::InternalError("observer failure");
        };
        if (i == 1) {
            CHECK_THROWS_AS(fine->run(args, failing), graphlens::tensor::InternalError);
            continue;
        }
        const auto got = fine->run(args, failing);
        for (size_t k = 0; k < got.size(); ++k) CHECK(sameBits(got[k], expected[k]));
    }
}

TEST_CASE("a cancelled parallel run starts no further steps", "[exec][parallel]") {
    WideGraph wide;
    wide.depth = 6;
    auto exe = wide.compile();
    const std::vector<Tensor> args{ matrix(16, 0.1f, 0), matrix(16, 0.1f, 0) };
    graphlens::util::ThreadPool pool(3);
    graphlens::CancelToken token;
    RunOptions options = parallelOptions(pool);
    options.cancel = &token;
    std::atomic<int> startedAfterCancel{ 0 }, started{ 0 };
    options.stepObserver = [&](std::string_view, bool begins) {
        if (!begins) return;
        if (token.isCancelled()) ++startedAfterCancel;
        if (++started == 3) token.cancel();
    };
    CHECK_THROWS_AS(exe->run(args, options), graphlens::Cancelled);
    // Steps already past the check when the token was cancelled may still start; at most one per thread.
    CHECK(startedAfterCancel <= pool.numWorkers() + 1);
    CHECK(started < 24 * 2);
}

TEST_CASE("dead buffers are reused by later steps and calls", "[exec][buffers]") {
    if (!graphlens::tensor::kWritesInPlace) {
        WARN("ThreadSanitizer build: buffers are never reused, test skipped");
        return;
    }
    WideGraph wide;
    wide.depth = 4;
    auto exe = wide.compile();
    const std::vector<Tensor> args{ matrix(64, 0.05f, -0.02f), matrix(64, 0.05f, -0.02f) };
    auto* allocator = graphlens::tensor::cpuDevice()->allocator();
    graphlens::util::ThreadPool pool(3);
    for (const bool parallel : { false, true }) {
        INFO((parallel ? "parallel" : "sequential"));
        auto allocationsPerCall = [&](bool recycle, std::vector<Tensor>& out) {
            RunOptions options = parallel ? parallelOptions(pool) : sequentialOptions();
            options.recycleBuffers = recycle;
            out = exe->run(args, options); // warm: the frame's pool fills
            const int64_t before = allocator->stats().numAllocs;
            out = exe->run(args, options);
            return allocator->stats().numAllocs - before;
        };
        std::vector<Tensor> fresh, recycled;
        const int64_t without = allocationsPerCall(false, fresh);
        const int64_t with = allocationsPerCall(true, recycled);
        INFO(without << " allocations per call without reuse, " << with << " with");
        // 4 branches x 4 MatMuls: each MatMul output is a 64x64 buffer (Tanh writes over it);
        // with reuse only the results' buffers are new in a steady-state call in plan order. In
        // parallel a step may allocate before another branch's buffer died.
        CHECK(without >= 16);
        if (parallel) CHECK(with <= without / 2);
        else CHECK(with <= 4);
        REQUIRE(fresh.size() == recycled.size());
        for (size_t i = 0; i < fresh.size(); ++i) CHECK(sameBits(fresh[i], recycled[i]));
    }
}
