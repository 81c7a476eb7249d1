#pragma once
// Runs a script the way the CLI and the GUI do (session::runScript: its own session and thread).
#include <string>

#include "core/function/retrace_log.h"
#include "core/session/session.h"

namespace graphlens::eager::test {

struct ScriptResult {
    bool ok = false;
    std::string out, err, lastErrLine;
    function::RetraceLog traceLog; // the retrace log after the run
};

inline ScriptResult runScript(const std::string& source) {
    ScriptResult res;
    session::ScriptRequest request;
    request.source = source;
    request.path = "t.py";
    request.out = [&](std::string_view s) { res.out += s; };
    request.err = [&](std::string_view s) { res.err += s; };
    session::ScriptResult run = session::runScript(request);
    res.ok = run.ok && run.failure.empty();
    res.traceLog = std::move(run.retraceLog);
    std::string e = res.err;
    while (!e.empty() && e.back() == '\n') e.pop_back();
    size_t nl = e.rfind('\n');
    res.lastErrLine = nl == std::string::npos ? e : e.substr(nl + 1);
    return res;
}

} // namespace graphlens::eager::test
