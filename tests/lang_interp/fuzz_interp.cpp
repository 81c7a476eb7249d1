// libFuzzer target for the core/lang interpreter: the input bytes are run as a Python script in
// a fresh Interpreter with tight limits (step budget, wall clock, recursion limit, memory cap).
// Any Python-level outcome is normal: an uncaught exception, a SyntaxError, SystemExit or a limit
// stop (step budget / wall clock). Only crashes, sanitizer reports, leaks, uncaught C++
// exceptions and hangs are findings.
//
// Build (clang only):
//   cmake -S . -B build/fuzz -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
//         -DGRAPHLENS_FUZZ=ON -DGRAPHLENS_BUILD_GUI=OFF && ninja -C build/fuzz lang_fuzz_interp
// Seed corpus: tests/lang/corpus/*.py
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/lang/interp.h"

using namespace graphlens::lang;

// Known, by-design leaks that every input hits: the per-AST-node caches (interned names and
// constant values in Node::userData, "owned by the AST node forever") are never freed when the
// AST is. Suppressed so that LeakSanitizer can still report other leaks. Reference cycles also
// leak by design (no cycle collector yet); run with -detect_leaks=0 to ignore leaks entirely.
extern "C" const char* __lsan_default_suppressions() {
    return "leak:graphlens::lang::internName\n"
           "leak:graphlens::lang::(anonymous namespace)::constantValue\n";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 64 * 1024) return 0;
    std::string src(reinterpret_cast<const char*>(data), size);
    std::string captured; // stdout + stderr of the script, discarded
    {
        Interpreter in;
        Limits limits;
        limits.maxSteps = 200000;
        limits.timeoutSeconds = 2.0;
        limits.recursionLimit = 200;
        limits.maxMemoryBytes = 64ll << 20;
        // libFuzzer runs the input on the main thread (8 MiB stack); ASan frames are larger than
        // release ones, so keep the native stack guard well under that.
        limits.nativeStackBytes = 4u << 20;
        in.setLimits(limits);
        in.setOut([&](std::string_view s) {
            if (captured.size() < (1u << 20)) captured.append(s);
        });
        in.setErr([&](std::string_view s) {
            if (captured.size() < (1u << 20)) captured.append(s);
        });
        Interpreter::RunResult r = in.runSource(src, "fuzz.py");
        // Python-level exceptions, SyntaxError, SystemExit and limit stops are all fine.
        r.exception = Value(); // must not outlive the interpreter
    }
    return 0;
}
