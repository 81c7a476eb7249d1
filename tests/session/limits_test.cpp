// The script's limits hold inside the graphs it runs (issue #18): loops of a tf.function
// (AutoGraph's `while`, tf.while_loop) and tf.data pipelines in one end on --timeout, on
// --max-steps and on a cancel from another thread, with the error the interpreter gives for its
// own loops. Timing bounds are generous: a 1 s limit must end the run in well under 20 s (the
// loops here would run for minutes to hours).
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <thread>

#include "captured_run.h"
#include "core/session/session.h"
#include "core/util/progress.h"

namespace {

using graphlens::session::ScriptRequest;

using graphlens::session::test::Captured;

Captured run(const std::string& source, const graphlens::lang::Limits& limits) {
    ScriptRequest request;
    request.source = source;
    request.path = "limits.py";
    request.limits = limits;
    return graphlens::session::test::runCaptured(request);
}

// Each runs for a very long time unless a limit stops it; "started" is printed before the graph runs.
const char* const kAutoGraphWhile = R"PY(
import tensorflow as tf

@tf.function
def f():
    i = tf.constant(0)
    while i < 10**9:
        i += 1
    return i

print("started", flush=True)
print(f())
)PY";

const char* const kWhileLoop = R"PY(
import tensorflow as tf

@tf.function
def f():
    return tf.while_loop(lambda i: i < 10**9, lambda i: i + 1, [tf.constant(0)])

print("started", flush=True)
print(f())
)PY";

const char* const kDatasetReduce = R"PY(
import tensorflow as tf

@tf.function
def f():
    return tf.data.Dataset.range(10**15).reduce(tf.constant(0, tf.int64), lambda s, x: s + x)

print("started", flush=True)
print(f())
)PY";

const char* const kDatasetFilter = R"PY(
import tensorflow as tf

@tf.function
def f():
    d = tf.data.Dataset.range(10**15).filter(lambda x: x < 0)
    return d.reduce(tf.constant(0, tf.int64), lambda s, x: s + x)

print("started", flush=True)
print(f())
)PY";

struct Script {
    const char* name;
    const char* source;
    int line; // the line of the call in the traceback
};

const Script kScripts[] = { { "AutoGraph while", kAutoGraphWhile, 12 },
                            { "tf.while_loop", kWhileLoop, 9 },
                            { "Dataset.reduce", kDatasetReduce, 9 },
                            { "Dataset.filter", kDatasetFilter, 10 } };

double secondsOf(const Captured& c) {
    return c.result.seconds;
}

} // namespace

TEST_CASE("a timeout ends loops inside a tf.function with the interpreter's TimeoutError") {
    for (const Script& s : kScripts) {
        INFO(s.name);
        graphlens::lang::Limits limits;
        limits.timeoutSeconds = 1;
        const Captured c = run(s.source, limits);
        INFO(c.out << c.err << c.result.failure);
        CHECK(c.result.failure.empty());
        CHECK_FALSE(c.result.ok);
        CHECK(c.result.exitCode == 1);
        CHECK(c.out == "started\n");
        CHECK(c.err.find("Traceback (most recent call last):\n  File \"") == 0);
        CHECK(c.err.find("limits.py\", line " + std::to_string(s.line) + ", in <module>\n    print(f())\n") !=
              std::string::npos);
        CHECK(c.err.ends_with("TimeoutError: time limit exceeded (1 s)\n"));
        CHECK(secondsOf(c) < 20);
    }
}

TEST_CASE("the step budget (--max-steps) counts the loop iterations of a tf.function graph") {
    for (const Script& s : kScripts) {
        INFO(s.name);
        graphlens::lang::Limits limits;
        limits.maxSteps = 200000;
        const Captured c = run(s.source, limits);
        INFO(c.out << c.err << c.result.failure);
        CHECK(c.result.failure.empty());
        CHECK(c.result.exitCode == 1);
        CHECK(c.out == "started\n");
        CHECK(c.err.ends_with("TimeoutError: step budget exceeded (200000 steps; GraphLens stops scripts that run "
                              "longer)\n"));
        CHECK(secondsOf(c) < 20);
    }
    // The graph's steps add up with the script's own: each call takes 30000 loop steps, and the
    // budget runs out in a later call, not the first.
    graphlens::lang::Limits limits;
    limits.maxSteps = 100000;
    const Captured c = run(R"PY(
import tensorflow as tf

@tf.function
def f():
    return tf.while_loop(lambda i: i < 30000, lambda i: i + 1, [tf.constant(0)])

for k in range(10):
    print(k, int(f()[0]))
)PY",
                           limits);
    INFO(c.out << c.err);
    CHECK(c.out.starts_with("0 30000\n1 30000\n"));
    CHECK(c.out.find("4 30000") == std::string::npos);
    CHECK(c.err.ends_with("TimeoutError: step budget exceeded (100000 steps; GraphLens stops scripts that run "
                          "longer)\n"));
}

TEST_CASE("a cancel from another thread ends loops inside a tf.function as it ends Python's") {
    const auto cancelled = [](const char* source) {
        graphlens::CancelToken token;
        graphlens::lang::Limits limits;
        limits.cancel = &token;
        std::thread stopper([&token] {
            std::this_thread::sleep_for(std::chrono::milliseconds(700));
            token.cancel();
        });
        Captured c = run(source, limits);
        stopper.join();
        return c;
    };
    const Captured python = cancelled("print('started', flush=True)\nwhile True:\n    pass\n");
    REQUIRE(python.err.ends_with("KeyboardInterrupt: the script was cancelled\n"));
    for (const Script& s : kScripts) {
        INFO(s.name);
        const Captured c = cancelled(s.source);
        INFO(c.out << c.err << c.result.failure);
        CHECK(c.result.failure.empty());
        CHECK(c.result.exitCode == python.result.exitCode);
        CHECK(c.out == "started\n");
        CHECK(c.err.ends_with("KeyboardInterrupt: the script was cancelled\n"));
        CHECK(secondsOf(c) < 20);
    }
}

// Small tensors collected by the million (an eager batch() of a repeated dataset gathers its
// elements in a list) count against the memory cap as they accumulate: the run ends with
// MemoryError at the cap. (TF 2.21 sets no limit: the same script grew past 12 GB in 60 s before
// it was killed.)
TEST_CASE("a batch that never fills ends at the memory cap, not gigabytes later") {
    graphlens::lang::Limits limits;
    limits.maxMemoryBytes = int64_t(64) << 20;
    limits.timeoutSeconds = 120;
    const Captured c = run(R"PY(
import tensorflow as tf

print("started", flush=True)
for b in tf.data.Dataset.range(10).repeat().batch(10**10):
    print(b.shape)
)PY",
                           limits);
    INFO(c.out << c.err << c.result.failure);
    CHECK(c.result.failure.empty());
    CHECK(c.result.exitCode == 1);
    CHECK(c.out == "started\n");
    CHECK(c.err.find("MemoryError") != std::string::npos);
    CHECK(c.err.find("TimeoutError") == std::string::npos);
    CHECK(secondsOf(c) < 60);
}

// What each small eager tensor really holds counts: under a 64 MiB cap a list of scalars ends
// with MemoryError after some 10^5 of them (each some hundreds of bytes natively), not after the
// ~4 million the list's slots alone would allow (gigabytes of process memory).
TEST_CASE("small eager tensors count their native size against the memory cap") {
    graphlens::lang::Limits limits;
    limits.maxMemoryBytes = int64_t(64) << 20;
    const Captured c = run(R"PY(
import tensorflow as tf

xs = []
n = 0  # bound before the cap is reached: binding a new global at the cap may itself not fit
try:
    while True:
        xs.append(tf.constant(1))
except MemoryError:
    n = len(xs)
    xs = None
    print("MemoryError after", n)
)PY",
                           limits);
    INFO(c.out << c.err << c.result.failure);
    REQUIRE(c.out.starts_with("MemoryError after "));
    const long n = std::stol(c.out.substr(18));
    CHECK(n > 10000);
    CHECK(n < 1000000);
}

// One kernel that would run for tens of seconds to minutes (about 8e12 multiply-adds of
// convolution, 6e10 int32 ones Eigen does on one thread, a 12000^3 float product in a graph)
// ends at a 1 s limit or a cancel mid-way: the kernels check the script's limits between their
// blocks (util::checkInterrupt), and the pool's workers see the same limits.
const Script kLongKernels[] = { { "eager Conv2D", R"PY(
import tensorflow as tf
x = tf.ones([1, 512, 512, 512])
w = tf.ones([11, 11, 512, 512])
print("started", flush=True)
y = tf.nn.conv2d(x, w, 1, "SAME")
print("done")
)PY",
                                  6 },
                                { "eager int32 MatMul", R"PY(
import tensorflow as tf
a = tf.ones([4000, 4000], tf.int32)
print("started", flush=True)
c = tf.matmul(a, a)
print("done")
)PY",
                                  5 },
                                { "MatMul in a tf.function", R"PY(
import tensorflow as tf
@tf.function
def f(a):
    return tf.matmul(a, a)
a = tf.ones([12000, 12000])
print("started", flush=True)
c = f(a)
print("done")
)PY",
                                  8 } };

TEST_CASE("a timeout or a cancel ends one long kernel mid-way") {
    for (const Script& s : kLongKernels) {
        INFO(s.name);
        graphlens::lang::Limits limits;
        limits.timeoutSeconds = 1;
        const Captured timed = run(s.source, limits);
        INFO(timed.out << timed.err << timed.result.failure);
        CHECK(timed.out == "started\n");
        CHECK(timed.err.find("limits.py\", line " + std::to_string(s.line) + ", in <module>\n") != std::string::npos);
        CHECK(timed.err.ends_with("TimeoutError: time limit exceeded (1 s)\n"));
        CHECK(secondsOf(timed) < 5);

        graphlens::CancelToken token;
        graphlens::lang::Limits cancelling;
        cancelling.cancel = &token;
        std::thread stopper([&token] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1000));
            token.cancel();
        });
        const Captured cancelled = run(s.source, cancelling);
        stopper.join();
        INFO(cancelled.out << cancelled.err << cancelled.result.failure);
        CHECK(cancelled.out == "started\n");
        CHECK(cancelled.err.ends_with("KeyboardInterrupt: the script was cancelled\n"));
        CHECK(secondsOf(cancelled) < 5);
    }
}
