// graphlens-cli timeline: the GPU summary of a real Kineto trace (HTA's figures), as text and
// JSON, and bad input answered with exit code 2 and the file and byte in the message.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_run.h"

namespace {
const std::string kSimpleAdd = std::string(GRAPHLENS_SOURCE_DIR) +
    "/../shared/fixtures/profiles/hta_simple_add/benchmark_result_493459_1694039959_trace.json.gz";
}

TEST_CASE("cli timeline: HTA's idle figures for a Kineto trace, text and JSON", "[cli][profiler]") {
    graphlens::test::TempDir tmp;
    const auto text = graphlens::test::runCli(tmp, { "timeline", kSimpleAdd });
    INFO(text.err);
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("idle 16414.376 ms (99.7%)") != std::string::npos);
    CHECK(text.out.find("stream 7     15976.739 ms (   51)") != std::string::npos);

    const auto json = graphlens::test::runCli(tmp, { "timeline", kSimpleAdd, "--json" });
    REQUIRE(json.exitCode == 0);
    const auto summary = nlohmann::json::parse(json.out);
    CHECK(summary["gpu"]["idle_ms"].get<double>() == Approx(16414.376));
    CHECK(summary["gpu"]["compute_ms"].get<double>() == Approx(10.676));
    CHECK(summary["gpu"]["launches"].get<int>() == 98);
    CHECK(summary["gpu"]["streams"].size() == 2);
    CHECK(summary["format"] == "chrome-json");

    // An XSpace by its content: the JAX MI300X run's two GPUs (TraceLens's busy times).
    const auto xspace = graphlens::test::runCli(tmp,
                                                { "timeline", "--json",
                                                  std::string(GRAPHLENS_SOURCE_DIR) +
                                                      "/../shared/fixtures/profiles/tracelens_mi300_jax_conv/"
                                                      "chi-mi300x-013.ord.vultr.cpe.ice.amd.com.xplane.pb" });
    REQUIRE(xspace.exitCode == 0);
    const auto planes = nlohmann::json::parse(xspace.out);
    CHECK(planes["format"] == "xspace");
    REQUIRE(planes["gpu"]["devices"].size() == 2);
    CHECK(planes["gpu"]["devices"][1]["busy_ms"].get<double>() == Approx(3.586493).epsilon(1e-5));

    // -o converts: the Kineto trace as an XSpace, read back with the same idle time.
    const auto converted = graphlens::test::runCli(tmp, { "timeline", kSimpleAdd, "-o", tmp / "out.xplane.pb" });
    REQUIRE(converted.exitCode == 0);
    const auto again = graphlens::test::runCli(tmp, { "timeline", "--json", tmp / "out.xplane.pb" });
    REQUIRE(again.exitCode == 0);
    CHECK(nlohmann::json::parse(again.out)["gpu"]["idle_ms"].get<double>() == Approx(16414.376));
}

TEST_CASE("cli timeline: bad input exits 2 naming the file and the byte", "[cli][profiler][robustness]") {
    graphlens::test::TempDir tmp;
    graphlens::test::writeFile(tmp.path() / "bad.json", "{\"traceEvents\": [{\"ph\": \"X\", \"ts\": ");
    const auto bad = graphlens::test::runCli(tmp, { "timeline", tmp / "bad.json" });
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.rfind("graphlens-cli: " + (tmp / "bad.json") + ": byte ", 0) == 0);
    CHECK(graphlens::test::runCli(tmp, { "timeline" }).exitCode == 2);
    CHECK(graphlens::test::runCli(tmp, { "timeline", tmp / "missing.json" }).exitCode == 2);
}

TEST_CASE("cli profile: a tf.function script's graph steps, written and read back", "[cli][profiler]") {
    graphlens::test::TempDir tmp;
    graphlens::test::writeFile(tmp.path() / "step.py",
                               "import tensorflow as tf\n"
                               "@tf.function\n"
                               "def step(x, w):\n"
                               "    return tf.nn.relu(tf.matmul(x, w) + 1.0)\n"
                               "x = tf.ones([4, 8])\n"
                               "w = tf.ones([8, 3])\n"
                               "for _ in range(3):\n"
                               "    y = step(x, w)\n"
                               "print(y.numpy().sum())\n");
    const auto run = graphlens::test::runCli(tmp, { "profile", "-o", tmp / "p.json", tmp / "step.py" });
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    CHECK(run.out == "108.0\n"); // the script's own output is untouched
    CHECK(run.err.find("MatMul: 3 runs") != std::string::npos);
    const std::string json = graphlens::test::readFile(tmp.path() / "p.json");
    const auto trace = nlohmann::json::parse(json);
    int matmuls = 0, scripts = 0, eagerFills = 0;
    for (const auto& event : trace["traceEvents"]) {
        if (event.value("cat", "") == "graph_step" && event.value("name", "") == "MatMul") ++matmuls;
        if (event.value("cat", "") == "script") ++scripts;
        if (event.value("cat", "") == "eager_op" && event.value("name", "") == "Fill") ++eagerFills;
    }
    CHECK(matmuls == 3);
    CHECK(scripts == 1);
    CHECK(eagerFills == 2); // the two tf.ones outside the function
    // And the timeline reads it.
    CHECK(graphlens::test::runCli(tmp, { "timeline", tmp / "p.json" }).exitCode == 0);
    CHECK(graphlens::test::runCli(tmp, { "profile" }).exitCode == 2);
}
