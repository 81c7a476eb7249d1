// Chrome Trace Event JSON and Kineto traces: what is read, exact nanoseconds from float µs, and
// hostile input answered with an error that names the file and the byte.
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <zlib.h>

#include "core/util/error.h"
#include "profiler/chrome_trace.h"

using namespace graphlens::profiler;
using graphlens::FormatError;

namespace {

const std::string kProfiles = GRAPHLENS_PROFILES_DIR;

std::string errorOf(const std::string& text) {
    Trace trace;
    try {
        readChromeTraceText(text, "t.json", trace);
    } catch (const FormatError& error) {
        return error.what();
    }
    return {};
}

} // namespace

TEST_CASE("chrome trace: microsecond text to exact nanoseconds", "[profiler]") {
    int64_t ns = 0;
    REQUIRE(microsecondsTextToNs("1694039994139246.125", ns));
    CHECK(ns == 1694039994139246125);
    REQUIRE(microsecondsTextToNs("12.5", ns));
    CHECK(ns == 12500);
    REQUIRE(microsecondsTextToNs("0.0004", ns));
    CHECK(ns == 0);
    REQUIRE(microsecondsTextToNs("0.0005", ns));
    CHECK(ns == 1);
    REQUIRE(microsecondsTextToNs("-3.25", ns));
    CHECK(ns == -3250);
    CHECK_FALSE(microsecondsTextToNs("99999999999999999999", ns));
    CHECK_FALSE(microsecondsTextToNs("abc", ns));
}

TEST_CASE("chrome trace: slices, begin/end, instants, counters, flows and names", "[profiler]") {
    const std::string text = R"({"traceEvents": [
        {"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "python"}},
        {"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "main"}},
        {"ph": "X", "name": "step", "cat": "cpu_op", "pid": 1, "tid": 2, "ts": 100.5, "dur": 50},
        {"ph": "B", "name": "inner", "pid": 1, "tid": 2, "ts": 110},
        {"ph": "E", "pid": 1, "tid": 2, "ts": 120.25},
        {"ph": "E", "pid": 1, "tid": 2, "ts": 130},
        {"ph": "X", "name": "cudaLaunchKernel", "cat": "cuda_runtime", "pid": 1, "tid": 2, "ts": 121, "dur": 4,
         "args": {"correlation": 77}},
        {"ph": "s", "id": 77, "cat": "ac2g", "name": "ac2g", "pid": 1, "tid": 2, "ts": 121},
        {"ph": "X", "name": "gemm", "cat": "kernel", "pid": 0, "tid": 7, "ts": 140, "dur": 8,
         "args": {"stream": 7, "device": 0, "correlation": 77, "grid": [1, 2, 3]}},
        {"ph": "f", "id": 77, "cat": "ac2g", "name": "ac2g", "pid": 0, "tid": 7, "ts": 140, "bp": "e"},
        {"ph": "i", "name": "mark", "pid": 1, "tid": 2, "ts": 160, "s": "t"},
        {"ph": "C", "name": "memory", "pid": 1, "ts": 100, "args": {"bytes": 1024}},
        {"ph": "C", "name": "memory", "pid": 1, "ts": 150, "args": {"bytes": 4096}},
        {"ph": "X", "name": "bad", "pid": 1, "tid": 2, "ts": 170, "dur": -5}
    ], "baseTimeNanoseconds": 1700000000000000000})";
    Trace trace;
    const ChromeTraceInfo info = readChromeTraceText(text, "t.json", trace);
    CHECK(info.unmatchedEnds == 1);
    CHECK(info.negativeDurations == 1);
    CHECK(info.baseTimeNs == 1700000000000000000);
    CHECK(info.warnings.size() == 2);
    const auto& events = trace.events();
    auto find = [&](const char* name) -> const Event& {
        for (const Event& event : events)
            if (trace.strings.text(event.name) == name) return event;
        FAIL(name);
        return events.front();
    };
    CHECK(find("step").start == 100500);
    CHECK(find("step").duration == 50000);
    CHECK(find("inner").duration == 10250);
    CHECK(find("inner").depth == 1);
    CHECK(find("mark").kind == EventKind::Instant);
    const Event& gemm = find("gemm");
    CHECK(gemm.correlation == 77);
    const Track& stream = trace.tracks()[gemm.track];
    CHECK(stream.kind == TrackKind::Stream);
    CHECK(stream.thread == 7);
    const Track& main = trace.tracks()[find("step").track];
    CHECK(trace.strings.text(main.name) == "main");
    CHECK(trace.strings.text(main.processName) == "python");
    REQUIRE(trace.flows().size() == 1);
    CHECK(trace.strings.text(events[trace.flows()[0].from].name) == "cudaLaunchKernel");
    CHECK(trace.strings.text(events[trace.flows()[0].to].name) == "gemm");
    REQUIRE(trace.counters().size() == 2);
    CHECK(trace.counters()[1].value == 4096);
}

TEST_CASE("chrome trace: bad input names the file and the byte", "[profiler][robustness]") {
    CHECK(errorOf(R"({"traceEvents": [{"ph": "X", "ts": 1,)").find("t.json: byte ") == 0);
    INFO(errorOf("not json at all"));
    CHECK(errorOf("not json at all").find("t.json: byte 2: not valid JSON") == 0);
    CHECK(errorOf(R"({"traceEvents": [1, "x", null, {"ph": 3}]})").empty()); // odd events are skipped
    Trace capped;
    ChromeTraceOptions options;
    options.maxEvents = 2;
    CHECK_THROWS_WITH(
        readChromeTraceText(R"([{"ph":"i","ts":1},{"ph":"i","ts":2},{"ph":"i","ts":3}])", "t.json", capped, options),
        Catch::Contains("more than 2 events"));

    // A gzip file cut in half.
    std::string whole;
    {
        gzFile in =
            gzopen((kProfiles + "/hta_simple_add/benchmark_result_493459_1694039959_trace.json.gz").c_str(), "rb");
        REQUIRE(in);
        gzclose(in);
        std::ifstream raw(kProfiles + "/hta_simple_add/benchmark_result_493459_1694039959_trace.json.gz",
                          std::ios::binary);
        whole.assign(std::istreambuf_iterator<char>(raw), {});
    }
    const std::string cut = "/tmp/graphlens_truncated_trace.json.gz";
    {
        std::ofstream out(cut, std::ios::binary);
        out.write(whole.data(), static_cast<std::streamsize>(whole.size() / 2));
    }
    Trace trace;
    try {
        readChromeTrace(cut, trace);
        FAIL("a truncated gzip file was read without an error");
    } catch (const FormatError& error) {
        INFO(error.what());
        CHECK(error.file() == cut);
        CHECK(error.place().rfind("byte ", 0) == 0);
    }
    std::remove(cut.c_str());
    CHECK_THROWS_AS(readChromeTrace("/nonexistent/trace.json", trace), FormatError);
}
