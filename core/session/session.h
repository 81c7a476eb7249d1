#pragma once
// The engine session: one run of a script, owning all of its state (the interpreter with the
// tensorflow and numpy modules, eager and tracing state, function caches, the retrace log, the
// random streams, the limits, the output sinks and the hooks tools attach to). runScript runs one
// on a thread with a stack large enough for the interpreter's recursion limit; it serves the CLI,
// the GUI and the tests alike. Two sessions share no per-run state, so two scripts may run at
// once in one process.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/eager/eager.h"
#include "core/function/retrace_log.h"
#include "core/lang/interp.h"

namespace graphlens::session {

using OutputSink = std::function<void(std::string_view)>;

struct ScriptRequest {
    std::string source;
    // The script's path as given. Its code (tracebacks, __file__) names it by its absolute path,
    // as CPython 3.9+ does; sys.argv[0] stays as given.
    std::string path;
    std::vector<std::string> args; // sys.argv[1:]
    // Steps, wall clock, memory, cancellation. nativeStackBytes is set by runScript.
    lang::Limits limits;
    // Where the script's stdout and stderr go; null: the process's own streams (stdout flushed
    // before each write to stderr, so the two interleave as a terminal shows them).
    OutputSink out, err;
    bool runFunctionsEagerly = false; // tf.config.run_functions_eagerly(True) from the start
    eager::EngineHooks hooks;
    lang::StatementHook statementHook;
    // Called on the script's thread when the script has ended, while its session still lives
    // (exports of its concrete functions, for example).
    std::function<void(class Session&)> afterRun;
    bool collectTracedGraphs = false; // fill ScriptResult::tracedGraphs
    // open(), os and os.path reach the folder of `path` (the working directory) and a temporary
    // folder made for the run and removed after it; false: no files at all.
    bool fileAccess = true;
    int64_t maxWrittenBytes = int64_t(1) << 30; // what the script may write, all files together
};

struct ScriptResult {
    bool ok = true;     // the script ended without an uncaught exception
    int exitCode = 0;   // CPython's exit status
    std::string report; // the traceback or syntax error, as printed on err
    function::RetraceLog retraceLog;
    std::vector<eager::TracedGraph> tracedGraphs; // when requested
    double seconds = 0;                           // wall clock of the run
    // An engine fault (not a Python exception): the run did not complete. Empty when none.
    std::string failure;
};

class Session {
public:
    // Makes the interpreter; call on the thread that will run the script.
    explicit Session(const ScriptRequest& request);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    lang::Interpreter& interpreter() { return *m_interpreter; }
    // Runs the request's source as __main__.
    lang::Interpreter::RunResult run();
    function::RetraceLog retraceLog();
    std::vector<eager::TracedGraph> tracedGraphs();
    // See eager::exportConcreteFunction; returns an error text, empty on success.
    std::string exportFunction(const std::string& function, const std::string& path);

    // The run's temporary folder (empty without file access).
    const std::string& tempDir() const { return m_tempDir; }

private:
    void setUpFileAccess(lang::Interpreter& in);
    const ScriptRequest& m_request;
    std::string m_tempDir;
    std::unique_ptr<lang::Interpreter> m_interpreter;
};

// The native stack of the script thread, and the interpreter's share of it (the rest is head-room
// for the native code a Python frame calls).
constexpr size_t kScriptThreadStackBytes = size_t(512) << 20;
constexpr size_t kInterpreterStackBytes = size_t(200) << 20;

// Runs the request in a new Session on a new thread with kScriptThreadStackBytes of stack, and
// blocks until it ends. Never throws for what the script does; engine faults go to failure.
ScriptResult runScript(const ScriptRequest& request);

} // namespace graphlens::session
