#include "core/function/retrace_log.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/util/json.h"

namespace graphlens::function {

// ---- the retrace warning ----

std::string retraceWarningText(size_t traces, int64_t calls, std::string_view functionRepr) {
    std::string out = std::to_string(traces);
    out += " out of the last ";
    out += std::to_string(calls);
    out += " calls to ";
    out += functionRepr;
    // TF 2.21's wording, including the double space before "more details".
    out += " triggered tf.function retracing. Tracing is expensive and the excessive number of tracings could be due "
           "to (1) creating @tf.function repeatedly in a loop, (2) passing tensors with different shapes, (3) passing "
           "Python objects instead of tensors. For (1), please define your @tf.function outside of the loop. For (2), "
           "@tf.function has reduce_retracing=True option that can avoid unnecessary retracing. For (3), please refer "
           "to https://www.tensorflow.org/guide/function#controlling_retracing and "
           "https://www.tensorflow.org/api_docs/python/tf/function for  more details.";
    return out;
}

std::optional<std::string> FrequentTracingDetector::calledWithTracing(std::string_view functionRepr, bool omitWarning) {
    ++m_callCount;
    m_callsPerTracing.push_back(1);
    // Forget traces whose following calls fall out of the window.
    while (!m_callsPerTracing.empty() && m_callCount - m_callsPerTracing.front() > kMaxCallHistory) {
        m_callCount -= m_callsPerTracing.front();
        m_callsPerTracing.erase(m_callsPerTracing.begin());
    }
    if (omitWarning || m_warnings >= kMaxWarnings) return std::nullopt;
    if (m_callsPerTracing.size() < kThreshold) return std::nullopt;
    ++m_warnings;
    return retraceWarningText(m_callsPerTracing.size(), m_callCount, functionRepr);
}

void FrequentTracingDetector::calledWithoutTracing() {
    // A first call can be a hit (get_concrete_function traced before): it still needs an entry.
    if (m_callsPerTracing.empty()) m_callsPerTracing.push_back(0);
    ++m_callsPerTracing.back();
    ++m_callCount;
}

// ---- the log ----

int RetraceLog::addFunction(std::string name, std::string qualname, std::string file, int line) {
    FunctionRecord f;
    f.id = static_cast<int>(m_functions.size());
    f.name = std::move(name);
    f.qualname = std::move(qualname);
    f.file = std::move(file);
    f.line = line;
    m_functions.push_back(std::move(f));
    return m_functions.back().id;
}

int RetraceLog::addConcreteFunction(int function, std::string name, std::string signature, int64_t graphNodes,
                                    OpHistogram ops) {
    FunctionRecord& f = this->function(function);
    ConcreteFunctionRecord c;
    c.id = static_cast<int>(f.concreteFunctions.size() + static_cast<size_t>(f.collapsedConcreteFunctions));
    c.name = std::move(name);
    c.signature = std::move(signature);
    c.graphNodes = graphNodes;
    c.ops = std::move(ops);
    f.concreteFunctions.push_back(std::move(c));
    const int id = f.concreteFunctions.back().id;
    // Like trace events: the first `headEvents` records stay, then only the newest `tailEvents`.
    if (f.concreteFunctions.size() > m_limits.headEvents + m_limits.tailEvents) {
        f.concreteFunctions.erase(f.concreteFunctions.begin() + static_cast<std::ptrdiff_t>(m_limits.headEvents));
        ++f.collapsedConcreteFunctions;
    }
    return id;
}

namespace {

// Records are kept in id order (ids only grow, dropped ones leave gaps).
// Records: the vector, const or not.
template<class Records> auto* concreteById(Records& records, int id) {
    auto it = std::lower_bound(records.begin(), records.end(), id,
                               [](const ConcreteFunctionRecord& c, int want) { return c.id < want; });
    return it != records.end() && it->id == id ? &*it : static_cast<decltype(&*it)>(nullptr);
}

} // namespace

ConcreteFunctionRecord* FunctionRecord::concrete(int id) {
    return concreteById(concreteFunctions, id);
}

const ConcreteFunctionRecord* FunctionRecord::concrete(int id) const {
    return concreteById(concreteFunctions, id);
}

const TraceEvent* FunctionRecord::traceEvent(int64_t index) const {
    for (const auto& e : traceEvents)
        if (index >= e.index && index < e.index + e.repeat) return &e;
    return nullptr;
}

const TraceEvent* FunctionRecord::traceThatMade(int concreteId) const {
    for (const auto& e : traceEvents)
        if (e.concrete == concreteId) return &e;
    return nullptr;
}

int64_t RetraceLog::recordCall(int function, int concrete) {
    FunctionRecord& f = this->function(function);
    if (ConcreteFunctionRecord* c = concrete >= 0 ? f.concrete(concrete) : nullptr) ++c->calls;
    return f.calls++;
}

namespace {

bool sameReasonKey(const TraceEvent& a, const TraceEvent& b) {
    if (a.reasons.size() != b.reasons.size()) return false;
    for (size_t i = 0; i < a.reasons.size(); ++i)
        if (a.reasons[i].kind != b.reasons[i].kind || a.reasons[i].argument != b.reasons[i].argument) return false;
    return true;
}

} // namespace

void RetraceLog::recordTrace(int function, TraceEvent event) {
    FunctionRecord& f = this->function(function);
    event.index = f.traces++;
    event.repeat = 1;
    auto& events = f.traceEvents;
    if (events.size() < m_limits.headEvents) {
        events.push_back(std::move(event));
        return;
    }
    // Beyond the head: a run of traces for the same reasons becomes one entry with a count.
    if (events.size() > m_limits.headEvents && sameReasonKey(events.back(), event)) {
        ++events.back().repeat;
        return;
    }
    events.push_back(std::move(event));
    if (events.size() - m_limits.headEvents > m_limits.tailEvents) {
        auto oldest = events.begin() + static_cast<std::ptrdiff_t>(m_limits.headEvents);
        f.collapsedEvents += oldest->repeat;
        events.erase(oldest);
    }
}

void RetraceLog::recordWarning(int function, int64_t callIndex, std::string text) {
    this->function(function).warnings.push_back(WarningRecord{ callIndex, std::move(text) });
}

namespace {

void writeOps(JsonWriter& w, const OpHistogram& ops, const char* key = "ops") {
    w.key(key).beginObject();
    for (const auto& [op, n] : ops) w.field(op, n);
    w.endObject();
}

} // namespace

std::string RetraceLog::toJson() const {
    JsonWriter w;
    w.beginObject();
    w.field("version", int64_t{ 1 });
    w.key("functions").beginArray();
    for (const FunctionRecord& f : m_functions) {
        w.beginObject();
        w.field("id", int64_t{ f.id });
        w.field("name", f.name);
        w.field("qualname", f.qualname);
        w.field("file", f.file);
        w.field("line", int64_t{ f.line });
        w.field("calls", f.calls);
        w.field("traces", f.traces);
        w.key("concrete_functions").beginArray();
        for (const auto& c : f.concreteFunctions) {
            w.beginObject();
            w.field("id", int64_t{ c.id });
            w.field("name", c.name);
            w.field("signature", c.signature);
            w.field("calls", c.calls);
            w.field("graph_nodes", c.graphNodes);
            writeOps(w, c.ops);
            w.endObject();
        }
        w.endArray();
        w.key("trace_events").beginArray();
        for (const auto& e : f.traceEvents) {
            w.beginObject();
            w.field("index", e.index);
            w.field("call_index", e.callIndex);
            w.field("concrete", int64_t{ e.concrete });
            w.field("signature", e.signature);
            w.key("call_site").beginObject();
            w.field("file", e.callSite.file);
            w.field("line", int64_t{ e.callSite.line });
            w.endObject();
            w.field("time_ms", e.timeMs);
            w.field("graph_nodes", e.graphNodes);
            writeOps(w, e.ops);
            writeOps(w, e.libraryOps, "library_ops");
            w.key("reasons").beginArray();
            for (const auto& r : e.reasons) {
                w.beginObject();
                w.field("kind", retraceKindName(r.kind));
                w.field("argument", r.argument);
                w.field("detail", r.detail);
                w.endObject();
            }
            w.endArray();
            w.field("summary", e.summary);
            w.field("suggestion", e.suggestion);
            w.field("repeat", e.repeat);
            w.endObject();
        }
        w.endArray();
        w.key("warnings").beginArray();
        for (const auto& warning : f.warnings) {
            w.beginObject();
            w.field("call_index", warning.callIndex);
            w.field("text", warning.text);
            w.endObject();
        }
        w.endArray();
        w.field("collapsed_events", f.collapsedEvents);
        w.field("collapsed_concrete_functions", f.collapsedConcreteFunctions);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str() + "\n";
}

namespace {

using nlohmann::json;

const json& member(const json& object, const char* key, const std::string& where) {
    if (!object.is_object()) throw RetraceLogError(where + ": expected an object");
    auto it = object.find(key);
    if (it == object.end()) throw RetraceLogError(where + ": missing \"" + key + "\"");
    return *it;
}

std::string text(const json& object, const char* key, const std::string& where) {
    const json& v = member(object, key, where);
    if (!v.is_string()) throw RetraceLogError(where + "." + key + ": expected a string");
    return v.get<std::string>();
}

int64_t integer(const json& object, const char* key, const std::string& where) {
    const json& v = member(object, key, where);
    if (!v.is_number_integer()) throw RetraceLogError(where + "." + key + ": expected an integer");
    return v.get<int64_t>();
}

double number(const json& object, const char* key, const std::string& where) {
    const json& v = member(object, key, where);
    if (v.is_null()) return 0.0; // a non-finite time is written as null
    if (!v.is_number()) throw RetraceLogError(where + "." + key + ": expected a number");
    return v.get<double>();
}

const json& array(const json& object, const char* key, const std::string& where) {
    const json& v = member(object, key, where);
    if (!v.is_array()) throw RetraceLogError(where + "." + key + ": expected an array");
    return v;
}

OpHistogram readOps(const json& object, const std::string& where, const char* key = "ops") {
    const json& v = member(object, key, where);
    if (!v.is_object()) throw RetraceLogError(where + "." + key + ": expected an object");
    OpHistogram ops;
    for (const auto& [op, n] : v.items()) {
        if (!n.is_number_integer()) throw RetraceLogError(where + "." + key + "." + op + ": expected an integer");
        ops[op] = n.get<int64_t>();
    }
    return ops;
}

} // namespace

RetraceLog RetraceLog::fromJson(std::string_view textIn) {
    json doc = json::parse(textIn.begin(), textIn.end(), nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded()) throw RetraceLogError("retrace log: not valid JSON");
    if (integer(doc, "version", "retrace log") != 1) throw RetraceLogError("retrace log: unsupported version");
    RetraceLog log;
    const json& functions = array(doc, "functions", "retrace log");
    for (size_t fi = 0; fi < functions.size(); ++fi) {
        const json& jf = functions[fi];
        const std::string where = "functions[" + std::to_string(fi) + "]";
        FunctionRecord f;
        f.id = static_cast<int>(integer(jf, "id", where));
        f.name = text(jf, "name", where);
        f.qualname = text(jf, "qualname", where);
        f.file = text(jf, "file", where);
        f.line = static_cast<int>(integer(jf, "line", where));
        f.calls = integer(jf, "calls", where);
        f.traces = integer(jf, "traces", where);
        const json& concretes = array(jf, "concrete_functions", where);
        for (size_t ci = 0; ci < concretes.size(); ++ci) {
            const std::string cw = where + ".concrete_functions[" + std::to_string(ci) + "]";
            ConcreteFunctionRecord c;
            c.id = static_cast<int>(integer(concretes[ci], "id", cw));
            c.name = text(concretes[ci], "name", cw);
            c.signature = text(concretes[ci], "signature", cw);
            c.calls = integer(concretes[ci], "calls", cw);
            c.graphNodes = integer(concretes[ci], "graph_nodes", cw);
            c.ops = readOps(concretes[ci], cw);
            f.concreteFunctions.push_back(std::move(c));
        }
        const json& events = array(jf, "trace_events", where);
        for (size_t ei = 0; ei < events.size(); ++ei) {
            const json& je = events[ei];
            const std::string ew = where + ".trace_events[" + std::to_string(ei) + "]";
            TraceEvent e;
            e.index = integer(je, "index", ew);
            e.callIndex = integer(je, "call_index", ew);
            e.concrete = static_cast<int>(integer(je, "concrete", ew));
            e.signature = text(je, "signature", ew);
            const json& site = member(je, "call_site", ew);
            e.callSite.file = text(site, "file", ew + ".call_site");
            e.callSite.line = static_cast<int>(integer(site, "line", ew + ".call_site"));
            e.timeMs = number(je, "time_ms", ew);
            e.graphNodes = integer(je, "graph_nodes", ew);
            e.ops = readOps(je, ew);
            if (je.contains("library_ops")) e.libraryOps = readOps(je, ew, "library_ops");
            const json& reasons = array(je, "reasons", ew);
            for (size_t ri = 0; ri < reasons.size(); ++ri) {
                const std::string rw = ew + ".reasons[" + std::to_string(ri) + "]";
                RetraceReason r;
                auto kind = retraceKindFromName(text(reasons[ri], "kind", rw));
                if (!kind) throw RetraceLogError(rw + ".kind: unknown kind");
                r.kind = *kind;
                r.argument = text(reasons[ri], "argument", rw);
                r.detail = text(reasons[ri], "detail", rw);
                e.reasons.push_back(std::move(r));
            }
            e.summary = text(je, "summary", ew);
            e.suggestion = text(je, "suggestion", ew);
            e.repeat = integer(je, "repeat", ew);
            f.traceEvents.push_back(std::move(e));
        }
        const json& warnings = array(jf, "warnings", where);
        for (size_t wi = 0; wi < warnings.size(); ++wi) {
            const std::string ww = where + ".warnings[" + std::to_string(wi) + "]";
            f.warnings.push_back(
                WarningRecord{ integer(warnings[wi], "call_index", ww), text(warnings[wi], "text", ww) });
        }
        f.collapsedEvents = integer(jf, "collapsed_events", where);
        if (jf.contains("collapsed_concrete_functions"))
            f.collapsedConcreteFunctions = integer(jf, "collapsed_concrete_functions", where);
        log.m_functions.push_back(std::move(f));
    }
    return log;
}

} // namespace graphlens::function
