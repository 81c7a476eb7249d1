#pragma once
// Runs a script through session::runScript with its stdout and stderr kept, as the tests read them.
#include <string>

#include "core/session/session.h"

namespace graphlens::session::test {

struct Captured {
    ScriptResult result;
    std::string out, err;
};

// `request` as given, its out and err sinks replaced by the captured strings.
inline Captured runCaptured(ScriptRequest request) {
    Captured c;
    request.out = [&c](std::string_view s) { c.out += s; };
    request.err = [&c](std::string_view s) { c.err += s; };
    c.result = runScript(request);
    return c;
}

} // namespace graphlens::session::test
