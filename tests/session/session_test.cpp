// session::runScript: what a script prints reaches its sinks whole and in order, also from the
// executor threads of a tf.function's graph; two scripts at once in one process keep their own
// output, retrace logs, random streams and tf.config state.
#include <algorithm>
#include <catch2/catch.hpp>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "captured_run.h"
#include "core/lang/ast.h"
#include "core/session/session.h"

namespace {

using graphlens::session::runScript;
using graphlens::session::ScriptRequest;
using graphlens::session::ScriptResult;

using graphlens::session::test::Captured;
using graphlens::session::test::runCaptured;

Captured run(const std::string& source, const std::string& path = "script.py") {
    ScriptRequest request;
    request.source = source;
    request.path = path;
    return runCaptured(request);
}

// A tf.function whose prints depend on independent matrix products: the executor runs the
// products on its inter-op threads, and each PrintV2 on whichever thread made it ready.
const char* kManyPrints = R"PY(
import tensorflow as tf

@tf.function
def f(x):
    a = tf.matmul(x, x)
    b = tf.matmul(x + 1.0, x)
    c = tf.matmul(x - 1.0, x)
    d = tf.matmul(x * 2.0, x)
    tf.print("a", tf.reduce_sum(a))
    tf.print("b", tf.reduce_sum(b), output_stream="file://stdout")
    tf.print("c", tf.reduce_sum(c))
    tf.print("d", tf.reduce_sum(d), output_stream="file://stdout")
    tf.print("end of call")
    return a + b + c + d

x = tf.ones([96, 96])
for i in range(40):
    f(x)
    print("python", i)
)PY";

std::string expectedManyPrintsStdout() {
    std::string out;
    for (int i = 0; i < 40; ++i) out += "b 1769472\nd 1769472\npython " + std::to_string(i) + "\n";
    return out;
}

std::string expectedManyPrintsStderr() {
    std::string err;
    for (int i = 0; i < 40; ++i) err += "a 884736\nc 0\nend of call\n";
    return err;
}

} // namespace

TEST_CASE("runScript gives the script's output, exit status and traceback") {
    Captured ok = run("import sys\nprint('hello', sys.argv)\n", "hello.py");
    CHECK(ok.result.ok);
    CHECK(ok.result.failure.empty());
    CHECK(ok.result.exitCode == 0);
    CHECK(ok.out == "hello ['hello.py']\n");

    Captured raised = run("def g():\n    raise ValueError('bad')\ng()\n", "raises.py");
    CHECK_FALSE(raised.result.ok);
    CHECK(raised.result.exitCode == 1);
    CHECK(raised.err.find("ValueError: bad") != std::string::npos);
    CHECK(raised.result.report == raised.err);

    Captured exits = run("import sys\nsys.exit(3)\n");
    CHECK(exits.result.exitCode == 3);
}

TEST_CASE("tf.print in a tf.function reaches the script's streams whole and in order") {
    // Before the fix, PrintV2 run on an executor thread found no interpreter on that thread and
    // its line was dropped; on a busy machine most runs lost one.
    for (int run_ = 0; run_ < 15; ++run_) {
        Captured c = run(kManyPrints);
        INFO("run " << run_);
        REQUIRE(c.result.ok);
        CHECK(c.out == expectedManyPrintsStdout());
        CHECK(c.err == expectedManyPrintsStderr());
    }
}

TEST_CASE("a session's retrace log and hooks belong to it") {
    ScriptRequest request;
    request.source = R"PY(
import tensorflow as tf

@tf.function
def square(x):
    return x * x

square(tf.constant(2.0))
square(tf.constant(3.0))
square(tf.constant([1.0, 2.0]))
)PY";
    request.path = "log.py";
    std::mutex mutex;
    std::vector<std::string> started;
    request.hooks.graphStep = [&](std::string_view node, bool isStart) {
        std::lock_guard lock(mutex);
        if (isStart) started.emplace_back(node);
    };
    request.out = request.err = [](std::string_view) {};
    const ScriptResult result = runScript(request);
    REQUIRE(result.ok);
    REQUIRE(result.retraceLog.functions().size() == 1);
    const auto& fn = result.retraceLog.functions()[0];
    CHECK(fn.name == "square");
    CHECK(fn.calls == 3);
    CHECK(fn.traceEvents.size() == 2);
    CHECK(std::count(started.begin(), started.end(), "mul") == 3);
}

TEST_CASE("two scripts at once in one process keep their own state") {
    // Each script sets what TF keeps per process (run_functions_eagerly, the global seed) and
    // traces functions of its own; run alone first, then both at once, several times.
    const std::string eagerScript = R"PY(
import tensorflow as tf
tf.config.run_functions_eagerly(True)
tf.random.set_seed(7)

@tf.function
def noisy(x):
    return x + tf.random.uniform([3])

for i in range(30):
    y = noisy(tf.constant(float(i)))
print("eagerly:", tf.config.functions_run_eagerly())
print(y.numpy())
print(noisy.get_concrete_function(tf.constant(1.0)).name)
)PY";
    const std::string graphScript = R"PY(
import tensorflow as tf
tf.random.set_seed(11)

@tf.function
def scaled(x, k):
    tf.print("k", k)
    return x * float(k) + tf.random.normal([2])

for k in range(12):
    z = scaled(tf.constant([1.0, 2.0]), k % 4)
print("eagerly:", tf.config.functions_run_eagerly())
print(z.numpy())
print(scaled.get_concrete_function(tf.constant([1.0, 2.0]), 0).name)
print(scaled.experimental_get_tracing_count())
)PY";
    const Captured eagerAlone = run(eagerScript, "eager.py");
    const Captured graphAlone = run(graphScript, "graph.py");
    REQUIRE(eagerAlone.result.ok);
    REQUIRE(graphAlone.result.ok);
    CHECK(eagerAlone.out.find("eagerly: True") != std::string::npos);
    CHECK(graphAlone.out.find("eagerly: False") != std::string::npos);
    CHECK(graphAlone.out.find("\n4\n") != std::string::npos); // four traces, one per k

    for (int round = 0; round < 4; ++round) {
        Captured eagerTogether, graphTogether;
        std::thread a([&] { eagerTogether = run(eagerScript, "eager.py"); });
        std::thread b([&] { graphTogether = run(graphScript, "graph.py"); });
        a.join();
        b.join();
        INFO("round " << round);
        CHECK(eagerTogether.out == eagerAlone.out);
        CHECK(eagerTogether.err == eagerAlone.err);
        CHECK(graphTogether.out == graphAlone.out);
        CHECK(graphTogether.err == graphAlone.err);
        CHECK(eagerTogether.result.retraceLog.toJson().find("\"scaled\"") == std::string::npos);
        CHECK(graphTogether.result.retraceLog.toJson().find("\"noisy\"") == std::string::npos);
        REQUIRE(graphTogether.result.retraceLog.functions().size() == 1);
        CHECK(graphTogether.result.retraceLog.functions()[0].traceEvents.size() ==
              graphAlone.result.retraceLog.functions()[0].traceEvents.size());
    }
}

TEST_CASE("each session's tensors count against its own memory cap") {
    // The same script under a 64 MiB and a 1 GiB cap, at once: each session's hook holds its
    // script at line 3 until both have imported tensorflow, so every allocation below happens
    // while the other session lives and holds its own tensors. One process-wide cap (or count)
    // would fail the small session's second step or the big session's allocations.
    const std::string script = R"PY(
import tensorflow as tf
both_imported = True
held = []
for mib in SIZES:
    try:
        held.append(tf.zeros([mib << 18]))
        print("ok", mib)
    except tf.errors.ResourceExhaustedError as e:
        print("OOM", mib, "OOM when allocating tensor with shape[" in e.message)

@tf.function
def filled(n):
    return tf.reduce_sum(tf.ones([n]))

try:
    print("graph", int(filled(tf.constant(GRAPH_MIB << 18)).numpy()))
except tf.errors.ResourceExhaustedError:
    print("graph OOM")
)PY";
    auto withSizes = [&](const std::string& sizes, int graphMib) {
        std::string s = script;
        s.replace(s.find("SIZES"), 5, sizes);
        s.replace(s.find("GRAPH_MIB"), 9, std::to_string(graphMib));
        return s;
    };
    for (int round = 0; round < 3; ++round) {
        std::mutex mutex;
        std::condition_variable arrived;
        int atBarrier = 0;
        auto barrierAtLine3 = [&](const graphlens::lang::Frame&, const graphlens::lang::Stmt& stmt) {
            if (stmt.span.line != 3) return;
            std::unique_lock lock(mutex);
            ++atBarrier;
            arrived.notify_all();
            arrived.wait(lock, [&] { return atBarrier >= 2; });
        };
        auto runCapped = [&](const std::string& source, int64_t capMib) {
            ScriptRequest request;
            request.source = source;
            request.path = "capped.py";
            request.limits.maxMemoryBytes = capMib << 20;
            request.statementHook = barrierAtLine3;
            return runCaptured(request);
        };
        Captured small, big;
        // 32 MiB fits the small cap, 32 + 48 does not; its graph's 64 MiB of ones do not either.
        std::thread a([&] { small = runCapped(withSizes("[32, 48]", 64), 64); });
        // 300 + 300 MiB fit the big cap (and would not fit the small one).
        std::thread b([&] { big = runCapped(withSizes("[300, 300]", 64), 1024); });
        a.join();
        b.join();
        INFO("round " << round << "\nsmall: " << small.err << "\nbig: " << big.err);
        CHECK(small.out == "ok 32\nOOM 48 True\ngraph OOM\n");
        CHECK(big.out == "ok 300\nok 300\ngraph 16777216\n");
    }
}
