#pragma once
// The retrace log (per tf.function: its concrete functions, every trace with why it happened, and
// the retrace warnings given) and TF's retrace warning itself (_FrequentTracingDetector). The GUI's
// retrace view takes the value; the CLI writes it as JSON (schema version 1, below) to files.
//
// {"version": 1, "functions": [{"id", "name", "qualname", "file", "line", "calls", "traces",
//   "concrete_functions": [{"id", "name", "signature", "calls", "graph_nodes", "ops": {"AddV2": 2}}],
//   "trace_events": [{"index", "call_index", "concrete", "signature", "call_site": {"file", "line"},
//     "time_ms", "graph_nodes", "ops": {...}, "reasons": [{"kind", "argument", "detail"}],
//     "summary", "suggestion", "repeat"}],
//   "warnings": [{"call_index", "text"}], "collapsed_events": 0}]}
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/function/dispatch.h"

namespace graphlens::function {

// ---- the retrace warning ----

// TF 2.21's _FrequentTracingDetector for one Python function code: it remembers how many calls
// followed each of the recent traces, and warns (at most twice) when 5 of the last ~10 calls
// traced.
class FrequentTracingDetector {
public:
    static constexpr int64_t kMaxCallHistory = 10;
    static constexpr size_t kThreshold = 5;
    static constexpr int kMaxWarnings = 2;

    // A call that traced. Returns the warning text to log (after "WARNING:tensorflow:"), or
    // nullopt. functionRepr is the Python function's repr, "<function f at 0x7f...>".
    std::optional<std::string> calledWithTracing(std::string_view functionRepr, bool omitWarning = false);
    void calledWithoutTracing();

    int64_t callCount() const { return m_callCount; }
    int warningsGiven() const { return m_warnings; }

private:
    std::vector<int64_t> m_callsPerTracing; // short (at most ~11 entries)
    int64_t m_callCount = 0;
    int m_warnings = 0;
};

// TF keys detectors by the Python function's code object (after unwrapping __wrapped__ and
// __func__), so tf.functions made again and again from one def share one. Only calls made eagerly
// (not from inside another trace) count. The key is the caller's identity for that code.
class FrequentTracingDetectors {
public:
    std::optional<std::string> calledWithTracing(uint64_t codeKey, std::string_view functionRepr,
                                                 bool omitWarning = false) {
        return m_detectors[codeKey].calledWithTracing(functionRepr, omitWarning);
    }
    void calledWithoutTracing(uint64_t codeKey) { m_detectors[codeKey].calledWithoutTracing(); }
    // Code that is gone (TF holds detectors weakly).
    void forget(uint64_t codeKey) { m_detectors.erase(codeKey); }

private:
    std::unordered_map<uint64_t, FrequentTracingDetector> m_detectors;
};

// TF's warning text for n traces out of the last `calls` calls.
std::string retraceWarningText(size_t traces, int64_t calls, std::string_view functionRepr);

// ---- the log ----

using OpHistogram = std::map<std::string, int64_t>;

struct ConcreteFunctionRecord {
    int id = 0;
    std::string name;      // FunctionDef name, "__inference_f_12"
    std::string signature; // FunctionType::signatureText()
    int64_t calls = 0;     // calls it served
    int64_t graphNodes = 0;
    OpHistogram ops;
};

struct CallSite {
    std::string file;
    int line = 0;
    friend bool operator==(const CallSite&, const CallSite&) = default;
};

struct TraceEvent {
    int64_t index = 0;      // 0-based trace number within the function
    int64_t callIndex = -1; // 0-based call number (-1: get_concrete_function outside a call)
    int concrete = -1;      // ConcreteFunctionRecord::id
    std::string signature;
    CallSite callSite;
    double timeMs = 0.0;
    int64_t graphNodes = 0;
    OpHistogram ops;
    OpHistogram libraryOps; // ops of the functions the graph calls (branches, bodies, nested calls)
    std::vector<RetraceReason> reasons;
    std::string summary;
    std::string suggestion;
    int64_t repeat = 1; // >1: this entry stands for a run of traces with the same reasons
};

struct WarningRecord {
    int64_t callIndex = 0;
    std::string text;
};

struct FunctionRecord {
    int id = 0;
    std::string name;
    std::string qualname;
    std::string file;
    int line = 0;
    int64_t calls = 0;  // exact
    int64_t traces = 0; // exact, even when events were collapsed
    std::vector<ConcreteFunctionRecord> concreteFunctions;
    std::vector<TraceEvent> traceEvents;
    std::vector<WarningRecord> warnings;
    int64_t collapsedEvents = 0;            // traces that no entry of traceEvents stands for
    int64_t collapsedConcreteFunctions = 0; // records dropped to bound the log (ids stay unique)
    // The record with this id, or nullptr when it was dropped.
    ConcreteFunctionRecord* concrete(int id);
    const ConcreteFunctionRecord* concrete(int id) const;
    // The entry that stands for trace `index` (an entry with repeat > 1 stands for a run of
    // traces), or nullptr when it was collapsed away.
    const TraceEvent* traceEvent(int64_t index) const;
    // The first entry whose trace made concrete function `concreteId`, or nullptr when it was
    // collapsed away.
    const TraceEvent* traceThatMade(int concreteId) const;
};

class RetraceLogError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class RetraceLog {
public:
    // Bounds per function: the first `headEvents` trace events are kept as they came; after them
    // a trace with the same reasons (kinds and arguments) as the entry before it joins that entry
    // (repeat+1), and at most `tailEvents` entries stay (older ones are dropped and counted in
    // collapsedEvents).
    struct Limits {
        size_t headEvents = 100;
        size_t tailEvents = 100;
    };

    RetraceLog() = default;
    explicit RetraceLog(Limits limits)
        : m_limits(limits) { }

    // A new tf.function; returns its id (ids are dense, from 0).
    int addFunction(std::string name, std::string qualname, std::string file, int line);
    // A concrete function of `function`; returns its record's id (dense per function).
    int addConcreteFunction(int function, std::string name, std::string signature, int64_t graphNodes, OpHistogram ops);
    // A call of `function` served by `concrete` (-1: run eagerly). Returns the call's index.
    int64_t recordCall(int function, int concrete);
    // A trace; index, repeat and collapsing are filled in here.
    void recordTrace(int function, TraceEvent event);
    void recordWarning(int function, int64_t callIndex, std::string text);

    const std::vector<FunctionRecord>& functions() const { return m_functions; }
    FunctionRecord& function(int id) { return m_functions.at(static_cast<size_t>(id)); }
    const FunctionRecord& function(int id) const { return m_functions.at(static_cast<size_t>(id)); }
    const Limits& limits() const { return m_limits; }

    std::string toJson() const;
    // Throws RetraceLogError for text that is not a version-1 retrace log.
    static RetraceLog fromJson(std::string_view text);

private:
    Limits m_limits;
    std::vector<FunctionRecord> m_functions;
};

} // namespace graphlens::function
