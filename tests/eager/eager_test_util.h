#pragma once
// Runs a script in a fresh interpreter with the tensorflow and numpy modules registered.
#include <string>

#include "core/eager/eager.h"
#include "core/lang/interp.h"

namespace graphlens::eager::test {

struct ScriptResult {
    bool ok = false;
    std::string out, err, lastErrLine;
    std::string traceLog; // the retrace log (JSON) after the run
};

inline ScriptResult runScript(const std::string& source) {
    registerModules();
    ScriptResult res;
    lang::Interpreter in;
    in.out = [&](std::string_view s) { res.out += s; };
    in.err = [&](std::string_view s) { res.err += s; };
    auto r = in.runSource(source, "t.py");
    res.ok = r.ok;
    res.traceLog = traceLogJson(in);
    std::string e = res.err;
    while (!e.empty() && e.back() == '\n') e.pop_back();
    size_t nl = e.rfind('\n');
    res.lastErrLine = nl == std::string::npos ? e : e.substr(nl + 1);
    return res;
}

} // namespace graphlens::eager::test
