// The retrace warning (replayed against TF 2.21's recorded warnings: which calls warned and the
// exact text) and the retrace log (bounded memory, exact totals, JSON written and read back).
#include <catch2/catch.hpp>

#include "core/function/retrace_log.h"
#include "dispatch_cases.h"

using namespace dispatch_cases;

namespace {

constexpr const char* kRepr = "<function f at 0x...>";

// Replays one recorded sequence ("t" traced call, "n" call without tracing, "g"
// get_concrete_function: a trace that is no call) and returns (step, text) per warning.
std::vector<std::pair<int, std::string>> replay(const std::string& steps, FrequentTracingDetector& detector,
                                                const std::string& repr) {
    std::vector<std::pair<int, std::string>> out;
    for (size_t i = 0; i < steps.size(); ++i) {
        std::optional<std::string> warning;
        if (steps[i] == 't') warning = detector.calledWithTracing(repr);
        if (steps[i] == 'n') detector.calledWithoutTracing();
        if (warning) out.emplace_back(static_cast<int>(i), *warning);
    }
    return out;
}

std::string functionReprIn(const std::string& text) {
    const size_t start = text.find("<function ");
    const std::string end = " at 0x...>";
    return text.substr(start, text.find(end, start) + end.size() - start);
}

} // namespace

TEST_CASE("The retrace warning fires exactly where TF 2.21's did", "[function][retrace_log][oracle]") {
    const json doc = load("warnings.json");
    int sequences = 0;
    for (const auto& seq : doc.at("sequences")) {
        INFO(seq.at("name").get<std::string>());
        std::vector<std::pair<int, std::string>> expected;
        for (const auto& w : seq.at("warnings"))
            expected.emplace_back(w.at("after_step").get<int>(), w.at("text").get<std::string>());
        const std::string repr = expected.empty() ? kRepr : functionReprIn(expected[0].second);
        FrequentTracingDetector detector;
        CHECK(replay(seq.at("steps"), detector, repr) == expected);
        ++sequences;
    }
    CHECK(sequences >= 10);
}

TEST_CASE("The warning over recorded dispatch cases: one detector per function code",
          "[function][retrace_log][oracle]") {
    const json doc = load("cases.json");
    FrequentTracingDetectors detectors;
    uint64_t code = 0;
    int warnings = 0;
    for (const auto& c : doc.at("cases")) {
        ++code;
        for (const auto& call : c.at("calls")) {
            if (call.at("op") != "call" || !call.at("error").is_null()) continue; // only completed calls count
            const bool traced = call.at("traced").get<int>() > 0;
            std::optional<std::string> warning;
            if (traced) warning = detectors.calledWithTracing(code, "<function fn at 0x...>");
            else detectors.calledWithoutTracing(code);
            INFO(c.at("name").get<std::string>() << ": " << call.at("request_text").get<std::string>());
            if (call.at("warning").is_null()) {
                CHECK_FALSE(warning.has_value());
            } else {
                REQUIRE(warning.has_value());
                CHECK(*warning == call.at("warning").get<std::string>());
                ++warnings;
            }
        }
    }
    CHECK(warnings > 5);
}

TEST_CASE("Detector details: omitted warnings and the two-warning cap", "[function][retrace_log]") {
    FrequentTracingDetector detector;
    for (int i = 0; i < 4; ++i) CHECK_FALSE(detector.calledWithTracing(kRepr, /*omitWarning=*/true));
    CHECK_FALSE(detector.calledWithTracing(kRepr, true)); // would warn, but omitted: not counted
    CHECK(detector.warningsGiven() == 0);
    CHECK(detector.calledWithTracing(kRepr).has_value());
    CHECK(detector.calledWithTracing(kRepr).has_value());
    for (int i = 0; i < 20; ++i) CHECK_FALSE(detector.calledWithTracing(kRepr));
    CHECK(detector.warningsGiven() == 2);
    CHECK(retraceWarningText(5, 5, kRepr).find("for  more details.") != std::string::npos);
}

TEST_CASE("The log keeps exact totals and bounded events for 10^4 retraces", "[function][retrace_log]") {
    RetraceLog log;
    const int f = log.addFunction("f", "f", "train.py", 3);
    for (int i = 0; i < 10000; ++i) {
        const int64_t call = log.recordCall(f, -1);
        const int concrete = log.addConcreteFunction(f, "__inference_f_" + std::to_string(i),
                                                     "(n: Literal[" + std::to_string(i) + "])", 4, { { "AddV2", 1 } });
        TraceEvent e;
        e.callIndex = call;
        e.concrete = concrete;
        e.reasons = { RetraceReason{ i == 0 ? RetraceKind::FirstCall : RetraceKind::PythonValue, i == 0 ? "" : "n",
                                     "python value " + std::to_string(i - 1) + " -> " + std::to_string(i) } };
        log.recordTrace(f, std::move(e));
    }
    const FunctionRecord& rec = log.function(f);
    CHECK(rec.calls == 10000);
    CHECK(rec.traces == 10000);
    // 100 in full, then one entry standing for the run of identical reasons.
    REQUIRE(rec.traceEvents.size() == 101);
    CHECK(rec.traceEvents[99].repeat == 1);
    CHECK(rec.traceEvents[100].repeat == 9900);
    CHECK(rec.traceEvents[100].index == 100);
    int64_t represented = rec.collapsedEvents;
    for (const auto& e : rec.traceEvents) represented += e.repeat;
    CHECK(represented == 10000);
}

TEST_CASE("Alternating reasons: the tail keeps the last entries, the rest is counted", "[function][retrace_log]") {
    RetraceLog log(RetraceLog::Limits{ 3, 4 });
    const int f = log.addFunction("g", "Model.g", "m.py", 10);
    for (int i = 0; i < 20; ++i) {
        TraceEvent e;
        e.callIndex = i;
        e.reasons = { RetraceReason{ RetraceKind::Shape, i % 2 ? "x" : "y", "shape" } };
        log.recordTrace(f, std::move(e));
    }
    const FunctionRecord& rec = log.function(f);
    REQUIRE(rec.traceEvents.size() == 7);
    CHECK(rec.traceEvents[0].index == 0);
    CHECK(rec.traceEvents[3].index == 16);
    CHECK(rec.traceEvents[6].index == 19);
    CHECK(rec.collapsedEvents == 13);
}

TEST_CASE("The log as JSON: the fixed schema, and read back", "[function][retrace_log]") {
    RetraceLog log;
    const int f = log.addFunction("train_step", "Trainer.train_step", "train.py", 12);
    const int c0 = log.addConcreteFunction(f, "__inference_train_step_12",
                                           "(x: TensorSpec(shape=(2,), dtype=tf.float32, name=None))", 7,
                                           { { "AddV2", 2 }, { "MatMul", 1 } });
    log.recordCall(f, c0);
    TraceEvent e;
    e.callIndex = 0;
    e.concrete = c0;
    e.signature = "(x: \"quoted\")\n";
    e.callSite = { "train.py", 40 };
    e.timeMs = 12.5;
    e.graphNodes = 7;
    e.ops = { { "AddV2", 2 }, { "MatMul", 1 } };
    e.reasons = { { RetraceKind::FirstCall, "", "first call" } };
    e.summary = "first call";
    log.recordTrace(f, e);
    log.recordWarning(f, 5,
                      "5 out of the last 5 calls to <function train_step at 0x...> triggered tf.function retracing.");

    const std::string text = log.toJson();
    const json doc = json::parse(text);
    CHECK(doc.at("version") == 1);
    const json& jf = doc.at("functions").at(0);
    for (const char* key : { "id", "name", "qualname", "file", "line", "calls", "traces", "concrete_functions",
                             "trace_events", "warnings", "collapsed_events" })
        CHECK(jf.contains(key));
    const json& je = jf.at("trace_events").at(0);
    for (const char* key : { "index", "call_index", "concrete", "signature", "call_site", "time_ms", "graph_nodes",
                             "ops", "reasons", "summary", "suggestion", "repeat" })
        CHECK(je.contains(key));
    CHECK(je.at("reasons").at(0).at("kind") == "first_call");
    CHECK(jf.at("concrete_functions").at(0).at("ops").at("MatMul") == 1);
    CHECK(jf.at("concrete_functions").at(0).at("calls") == 1);

    const RetraceLog back = RetraceLog::fromJson(text);
    CHECK(back.toJson() == text);
    const FunctionRecord& rf = back.function(0);
    CHECK(rf.qualname == "Trainer.train_step");
    CHECK(rf.traceEvents.at(0).signature == e.signature);
    CHECK(rf.traceEvents.at(0).callSite == CallSite{ "train.py", 40 });
    CHECK(rf.traceEvents.at(0).timeMs == 12.5);
    CHECK(rf.traceEvents.at(0).reasons == e.reasons);
    CHECK(rf.warnings.at(0).callIndex == 5);
}

TEST_CASE("Reading refuses what is not a version-1 retrace log", "[function][retrace_log]") {
    CHECK_THROWS_AS(RetraceLog::fromJson("not json"), RetraceLogError);
    CHECK_THROWS_AS(RetraceLog::fromJson(R"({"version": 2, "functions": []})"), RetraceLogError);
    CHECK_THROWS_AS(RetraceLog::fromJson(R"({"version": 1})"), RetraceLogError);
    CHECK_THROWS_AS(RetraceLog::fromJson(R"({"version": 1, "functions": [{"id": 0}]})"), RetraceLogError);
    CHECK(RetraceLog::fromJson(R"({"version": 1, "functions": []})").functions().empty());
}
