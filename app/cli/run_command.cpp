// `graphlens-cli run [--max-steps N] [--timeout S] [--eager] [--trace-log F.json] SCRIPT.py [args...]`:
// runs a Python script in the GraphLens interpreter with CPython's stdout/stderr and exit status;
// --trace-log writes the retrace log of its tf.functions (also when the script raised);
// --trace-shapes the static shape of every node output in each traced graph (the audit against
// TF's in run_corpus.py).
// As with `python`, our options come before the script and the script's after it. One of our
// option names after the script is refused (exit 2: it would silently run without the limit),
// unless a `--` after the script separates the script's own arguments.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/commands.h"
#include "core/session/session.h"
#include "core/util/json.h"

namespace graphlens::cli {

namespace {
constexpr const char* kUsage =
    "usage: graphlens-cli run [--max-steps N] [--timeout S] [--eager] [--trace-log F.json] [--trace-shapes F.json]\n"
    "                         [--export FUNCTION=OUT.pb|OUT.pbtxt|SAVEDMODEL_DIR] SCRIPT.py [args...]\n"
    "       (options go before the script; after it, `--` passes the rest to the script as is)";

// Our options: after the script they are refused unless `--` came first.
bool isRunOption(const std::string& a) {
    for (const char* name : { "--max-steps", "--timeout", "--eager", "--trace-log", "--trace-shapes", "--export" }) {
        const size_t n = std::char_traits<char>::length(name);
        if (a.compare(0, n, name) == 0 && (a.size() == n || a[n] == '=')) return true;
    }
    return false;
}

// {"version": 1, "traces": [{"function", "trace", "graph", "nodes": {name: {"op", "inputs", "shapes": [dims
// with null for unknown | null for an unknown rank]}}}]}, traces by function then trace index.
std::string traceShapesJson(session::Session& s) {
    std::map<int, std::string> names;
    const function::RetraceLog log = s.retraceLog();
    for (const auto& f : log.functions()) names[f.id] = f.name;
    JsonWriter w;
    w.beginObject().field("version", int64_t{ 1 });
    w.key("traces").beginArray();
    for (const eager::TracedGraph& g : s.tracedGraphs()) {
        w.beginObject();
        w.field("function", names.count(g.function) ? names[g.function] : std::string("?"));
        w.field("trace", g.traceIndex);
        w.field("graph", g.name);
        w.key("nodes").beginObject();
        for (const auto& n : g.nodeShapes) {
            w.key(n.name).beginObject().field("op", n.op);
            w.key("inputs").beginArray();
            for (const std::string& input : n.inputs) w.value(input);
            w.endArray();
            w.key("shapes").beginArray();
            for (const tensor::PartialShape& shape : n.shapes) {
                if (!shape.hasRank()) {
                    w.null();
                    continue;
                }
                w.beginArray();
                for (int64_t d : shape.dims()) d < 0 ? w.null() : w.value(d);
                w.endArray();
            }
            w.endArray().endObject();
        }
        w.endObject().endObject();
    }
    w.endArray().endObject();
    return w.str() + "\n";
}

struct RunJob {
    session::ScriptRequest request;
    std::string traceLog;                                     // --trace-log
    std::string traceShapes;                                  // --trace-shapes
    std::vector<std::pair<std::string, std::string>> exports; // --export FUNCTION=PATH
};
} // namespace

int runCommand(const std::vector<std::string>& args) {
    RunJob job;
    session::ScriptRequest& request = job.request;
    request.limits.maxSteps = 400000000; // default step budget
    size_t i = 0;
    auto badValue = [](const std::string& opt, const std::string& v) {
        std::cerr << "graphlens-cli run: invalid value '" << v << "' for " << opt << "\n";
        return 2;
    };
    bool separated = false; // a `--` after the script: the rest is the script's, whatever it says
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (!request.path.empty()) { // everything after the script belongs to the script, as in Python
            if (!separated && a == "--") {
                separated = true;
                continue;
            }
            if (!separated && isRunOption(a)) {
                std::cerr << "graphlens-cli run: " << a.substr(0, a.find('='))
                          << " comes after the script, where it would be the script's own argument: put it "
                             "before the script (graphlens-cli run "
                          << a.substr(0, a.find('=')) << " ... " << request.path << "), or write `-- " << a
                          << "` after the script to pass it to the script\n";
                return 2;
            }
            request.args.push_back(a);
            continue;
        }
        if (a == "--max-steps" && i + 1 < args.size()) {
            const std::string& v = args[++i];
            auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), request.limits.maxSteps);
            if (ec != std::errc() || end != v.data() + v.size() || request.limits.maxSteps < 0) return badValue(a, v);
        } else if (a == "--timeout" && i + 1 < args.size()) {
            const std::string& v = args[++i];
            char* end = nullptr;
            const double timeout = std::strtod(v.c_str(), &end);
            if (v.empty() || *end != '\0' || !std::isfinite(timeout) || timeout < 0) return badValue(a, v);
            request.limits.timeoutSeconds = timeout;
        } else if (a == "--trace-log" && i + 1 < args.size()) {
            job.traceLog = args[++i];
        } else if (a == "--trace-shapes" && i + 1 < args.size()) {
            job.traceShapes = args[++i];
        } else if (a == "--export" && i + 1 < args.size()) {
            const std::string& v = args[++i];
            const size_t eq = v.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == v.size()) return badValue(a, v);
            job.exports.emplace_back(v.substr(0, eq), v.substr(eq + 1));
        } else if (a == "--eager") {
            request.runFunctionsEagerly = true;
        } else if (a == "-h" || a == "--help") {
            std::puts(kUsage);
            return 0;
        } else if (!a.empty() && a[0] == '-' && request.path.empty()) {
            std::cerr << "graphlens-cli run: unknown option '" << a << "'\n";
            return 2;
        } else {
            request.path = a;
        }
    }
    if (request.path.empty()) {
        std::cerr << kUsage << "\n";
        return 2;
    }
    std::ifstream f(request.path, std::ios::binary);
    if (!f) {
        std::cerr << "graphlens-cli run: can't open file '" << request.path << "'\n";
        return 2;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    request.source = ss.str();
    // Written once the script ended (also when it raised), while its session still lives.
    std::string error;
    request.afterRun = [&](session::Session& s) {
        if (!job.traceLog.empty()) {
            std::ofstream log(job.traceLog, std::ios::binary | std::ios::trunc);
            log << s.retraceLog().toJson();
            if (!log) error = "graphlens-cli run: can't write the trace log '" + job.traceLog + "'";
        }
        if (!job.traceShapes.empty()) {
            std::ofstream out(job.traceShapes, std::ios::binary | std::ios::trunc);
            out << traceShapesJson(s);
            if (!out) error = "graphlens-cli run: can't write the trace shapes '" + job.traceShapes + "'";
        }
        for (const auto& [function, path] : job.exports) {
            std::string err = s.exportFunction(function, path);
            if (!err.empty()) error = "graphlens-cli run: --export " + function + ": " + err;
        }
    };
    const session::ScriptResult result = session::runScript(request);
    if (!result.failure.empty()) error = "graphlens-cli run: " + result.failure;
    if (!error.empty()) {
        std::cerr << error << "\n";
        return 2;
    }
    return result.exitCode;
}

} // namespace graphlens::cli
