// tf.function in the engine (core/eager/function.cpp, trace.cpp): behaviour that the recorded
// corpus (tests/corpus, fn_* scripts) does not show on stdout: bounded memory under endless
// retracing, the retrace log, graphs that run on the executor.
#include <catch2/catch.hpp>

#include "core/function/retrace_log.h"
#include "eager_test_util.h"

using graphlens::eager::test::runScript;

TEST_CASE("a tf.function retracing on every call for 10^4 calls keeps memory and the log bounded",
          "[eager][function]") {
    const char* script = R"PY(import tensorflow as tf

@tf.function
def f(x, n):
    return x * n

x = tf.constant([1.0, 2.0])
for i in range(10000):
    f(x, i)
print(f.experimental_get_tracing_count(), tf._core.fn_live_concrete_functions(f._state))
print(f(x, 9999).numpy().tolist(), f.experimental_get_tracing_count())
print(f(x, 3).numpy().tolist(), f.experimental_get_tracing_count())
)PY";
    auto r = runScript(script);
    INFO(r.err.substr(0, 2000));
    REQUIRE(r.ok);
    // every call traced; only the most recent 256 concrete functions are kept, so an old
    // signature traces again
    CHECK(r.out == "10000 256\n[9999.0, 19998.0] 10000\n[3.0, 6.0] 10001\n");
    // TF's warning fires twice, then stays quiet
    size_t warnings = 0;
    for (size_t p = r.err.find("WARNING:tensorflow:"); p != std::string::npos;
         p = r.err.find("WARNING:tensorflow:", p + 1))
        ++warnings;
    CHECK(warnings == 2);
    // the log as the GUI gets it, and as --trace-log writes and reads it
    const auto& log = r.traceLog;
    const std::string json = log.toJson();
    CHECK(graphlens::function::RetraceLog::fromJson(json).toJson() == json);
    REQUIRE(log.functions().size() == 1);
    const auto& fr = log.functions()[0];
    CHECK(fr.traces == 10001);
    CHECK(fr.calls == 10002);
    CHECK(fr.traceEvents.size() <= 200);
    int64_t represented = fr.collapsedEvents;
    for (const auto& e : fr.traceEvents) represented += e.repeat;
    CHECK(represented == 10001);
    CHECK(json.size() < 400000);
    CHECK(fr.warnings.size() == 2);
}

TEST_CASE("the retrace log names the argument that changed and suggests a fix", "[eager][function]") {
    const char* script = R"PY(import tensorflow as tf

@tf.function
def f(x, scale):
    return x * scale

f(tf.constant([1.0, 2.0]), 2)
f(tf.constant([1.0, 2.0, 3.0]), 2)
f(tf.constant([1.0, 2.0, 3.0]), 3)
f(tf.constant([1, 2, 3]), 3)
f(tf.constant([4.0, 5.0]), 2)
)PY";
    auto r = runScript(script);
    INFO(r.err);
    REQUIRE(r.ok);
    const auto& log = r.traceLog;
    const auto& fr = log.functions().at(0);
    CHECK(fr.name == "f");
    CHECK(fr.line == 4);
    CHECK(fr.calls == 5);
    REQUIRE(fr.traceEvents.size() == 4);
    CHECK(fr.traceEvents[0].reasons.at(0).kind == graphlens::function::RetraceKind::FirstCall);
    CHECK(fr.traceEvents[1].summary == "x: shape (2,) -> (3,)");
    CHECK(fr.traceEvents[2].summary == "scale: python value 2 -> 3");
    CHECK(fr.traceEvents[3].summary == "x: dtype float32 -> int32");
    CHECK(fr.traceEvents[1].callSite.line == 8);
    CHECK_FALSE(fr.traceEvents[2].suggestion.empty());
    CHECK(fr.traceEvents[1].ops.at("Mul") == 1);
    CHECK(fr.concreteFunctions.at(0).calls == 2); // the last call reuses the first trace
}

TEST_CASE("dict arguments are fed in one order whatever their insertion order", "[eager][function]") {
    // Expected output recorded from real TF 2.21 (tests/oracle/venv) on this script.
    const char* script = R"PY(import tensorflow as tf

@tf.function
def f(d):
    return d["a"] * 10.0 + tf.reduce_sum(d["b"]), d["b"] * 2.0

print(f({"b": tf.constant([1.0, 2.0]), "a": tf.constant(3.0)}))
print(f({"a": tf.constant(4.0), "b": tf.constant([5.0, 6.0])}))
print(f.experimental_get_tracing_count())
)PY";
    const char* expected = "(<tf.Tensor: shape=(), dtype=float32, numpy=33.0>, <tf.Tensor: shape=(2,), dtype=float32, "
                           "numpy=array([2., 4.], dtype=float32)>)\n"
                           "(<tf.Tensor: shape=(), dtype=float32, numpy=51.0>, <tf.Tensor: shape=(2,), dtype=float32, "
                           "numpy=array([10., 12.], dtype=float32)>)\n"
                           "1\n";
    auto r = runScript(script);
    INFO(r.err);
    REQUIRE(r.ok);
    CHECK(r.out == expected);
}
