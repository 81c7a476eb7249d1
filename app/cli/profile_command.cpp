// graphlens-cli profile [-o OUT] SCRIPT.py [args...]: runs a script with the engine's recorder on
// and writes what ran as a profile (Chrome JSON by default, an XSpace for .xplane.pb): the run as
// one slice, every eager op, and every step of every tf.function graph on the executor thread
// that ran it.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <vector>

#include "app/cli/commands.h"
#include "core/session/session.h"
#include "core/util/error.h"
#include "profiler/recorder.h"
#include "profiler/trace_export.h"

namespace graphlens::cli {
namespace {

const char* kProfileUsage = "usage: graphlens-cli profile [-o OUT.json|OUT.json.gz|OUT.xplane.pb] SCRIPT.py [args...]";

} // namespace

int profileCommand(const std::vector<std::string>& args) {
    std::string output = "profile.json";
    session::ScriptRequest request;
    request.limits.maxSteps = 400000000;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (!request.path.empty()) request.args.push_back(a); // the script's own arguments
        else if (a == "-o" && i + 1 < args.size()) output = args[++i];
        else if (!a.empty() && a[0] == '-') {
            std::cerr << "graphlens-cli profile: unknown option '" << a << "'\n" << kProfileUsage << "\n";
            return 2;
        } else request.path = a;
    }
    if (request.path.empty()) {
        std::cerr << kProfileUsage << "\n";
        return 2;
    }
    std::ifstream file(request.path, std::ios::binary);
    if (!file) {
        std::cerr << "graphlens-cli profile: can't open file '" << request.path << "'\n";
        return 2;
    }
    std::stringstream text;
    text << file.rdbuf();
    request.source = text.str();

    profiler::Recorder recorder;
    recorder.setEnabled(true);
    // A graph step's start is kept on the thread that runs it until the step ends.
    request.hooks.graphStep = [&recorder](std::string_view node, bool started) {
        thread_local std::vector<int64_t> open;
        if (started) {
            open.push_back(profiler::nowNs());
        } else if (!open.empty()) {
            recorder.slice("graph_step", node, open.back(), profiler::nowNs());
            open.pop_back();
        }
    };
    // Eager ops run on the script's thread, one at a time.
    int64_t eagerStart = 0;
    request.hooks.eagerOp = [&recorder, &eagerStart](std::string_view op, bool started) {
        if (started) eagerStart = profiler::nowNs();
        else recorder.slice("eager_op", op, eagerStart, profiler::nowNs());
    };
    const int64_t start = profiler::nowNs();
    const session::ScriptResult result = session::runScript(request);
    recorder.slice("script", request.path, start, profiler::nowNs());
    recorder.setEnabled(false);
    profiler::Trace trace = recorder.collect("graphlens-cli " + request.path);
    try {
        profiler::writeProfile(trace, output);
    } catch (const FormatError& error) {
        std::cerr << "graphlens-cli: " << error.what() << "\n";
        return 2;
    }
    // What took the time: graph steps by node name, eager ops by op.
    std::map<std::string, std::pair<uint64_t, int64_t>> byNode;
    const profiler::StringId step = trace.strings.find("graph_step");
    const profiler::StringId eager = trace.strings.find("eager_op");
    for (const profiler::Event& event : trace.events())
        if (event.category == step || event.category == eager) {
            auto& total = byNode[trace.strings.text(event.name)];
            ++total.first;
            total.second += event.duration;
        }
    std::vector<std::pair<std::string, std::pair<uint64_t, int64_t>>> top(byNode.begin(), byNode.end());
    std::sort(top.begin(), top.end(), [](const auto& a, const auto& b) { return a.second.second > b.second.second; });
    std::cerr << "graphlens-cli profile: " << trace.events().size() << " events on " << trace.tracks().size()
              << " threads written to " << output << "\n";
    for (size_t i = 0; i < top.size() && i < 5; ++i)
        std::cerr << "  " << top[i].first << ": " << top[i].second.first << " runs, "
                  << static_cast<double>(top[i].second.second) / 1e6 << " ms\n";
    if (!result.failure.empty()) {
        std::cerr << "graphlens-cli profile: " << result.failure << "\n";
        return 2;
    }
    return result.exitCode;
}

} // namespace graphlens::cli
