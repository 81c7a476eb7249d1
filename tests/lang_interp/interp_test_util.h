#pragma once
// Runs Python source in a fresh interpreter and captures stdout / stderr.
#include <string>

#include "core/lang/interp.h"

namespace graphlens::lang::test {

struct Captured {
    std::string out, err;
    Interpreter::RunResult result;
};

inline Captured runPy(const std::string& src, const Limits* limits = nullptr) {
    Captured c;
    Interpreter in;
    if (limits) in.setLimits(*limits);
    in.setOut([&](std::string_view s) { c.out += s; });
    in.setErr([&](std::string_view s) { c.err += s; });
    c.result = in.runSource(src, "test.py");
    c.result.exception = Value(); // do not outlive the interpreter
    return c;
}

inline std::string lastLine(const std::string& s) {
    std::string t = s;
    while (!t.empty() && t.back() == '\n') t.pop_back();
    auto p = t.rfind('\n');
    return p == std::string::npos ? t : t.substr(p + 1);
}

} // namespace graphlens::lang::test
