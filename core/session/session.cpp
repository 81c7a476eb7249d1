#include "core/session/session.h"

#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <pthread.h>
#include <stdlib.h>

#include "core/tensor/allocator.h"

namespace graphlens::session {

Session::Session(const ScriptRequest& request)
    : m_request(request) {
    eager::registerModules();
    m_interpreter = std::make_unique<lang::Interpreter>();
    lang::Interpreter& in = *m_interpreter;
    lang::Limits limits = request.limits;
    limits.nativeStackBytes = kInterpreterStackBytes;
    in.setLimits(limits);
    in.setStatementHook(request.statementHook);
    std::vector<std::string> argv{ request.path };
    argv.insert(argv.end(), request.args.begin(), request.args.end());
    in.setArgv(std::move(argv));
    if (request.out) in.setOut(request.out);
    if (request.err) {
        in.setErr(request.err);
    } else {
        in.setErr([](std::string_view s) {
            std::fflush(stdout);
            std::fwrite(s.data(), 1, s.size(), stderr);
        });
    }
    if (request.fileAccess) setUpFileAccess(in);
    eager::setRunFunctionsEagerly(in, request.runFunctionsEagerly);
    eager::hooksOf(in) = request.hooks;
}

void Session::setUpFileAccess(lang::Interpreter& in) {
    namespace fs = std::filesystem;
    lang::FileAccess access;
    access.maxWrittenBytes = m_request.maxWrittenBytes;
    std::error_code ec;
    // only a script that is a file has a folder (the GUI names an unsaved one "<untitled>")
    if (!m_request.path.empty() && fs::is_regular_file(m_request.path, ec)) {
        const fs::path folder = fs::absolute(m_request.path, ec).parent_path();
        if (!ec && fs::is_directory(folder, ec)) access.roots.push_back(fs::canonical(folder, ec).string());
        if (ec) access.roots.clear();
    }
    std::string pattern = (fs::temp_directory_path(ec) / "graphlens-run-XXXXXX").string();
    if (ec) pattern = "/tmp/graphlens-run-XXXXXX";
    if (::mkdtemp(pattern.data())) {
        m_tempDir = pattern;
        access.tempDir = m_tempDir;
        access.roots.push_back(m_tempDir);
    }
    in.setFileAccess(std::move(access));
}

Session::~Session() {
    // the script's files are closed with its interpreter, before its temporary folder goes
    m_interpreter.reset();
    if (!m_tempDir.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(m_tempDir, ec);
    }
}

lang::Interpreter::RunResult Session::run() {
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(m_request.path, ec);
    const std::string file = ec || m_request.path.empty() ? m_request.path : absolute.lexically_normal().string();
    // The script's tensors, on this thread and on the executor's workers, count against its own
    // memory cap, whatever else runs in the process.
    const tensor::MemoryBudgetScope memory(eager::memoryBudget(*m_interpreter));
    if (!ec && !m_request.path.empty()) { // as CPython sets it for a script: the way to its folder
        lang::InterpreterScope scope(m_interpreter.get());
        m_interpreter->globals()->setStr("__file__", lang::newStr(file));
    }
    auto result = m_interpreter->runSource(m_request.source, file);
    if (!m_request.out) std::fflush(stdout);
    return result;
}

function::RetraceLog Session::retraceLog() {
    return eager::retraceLog(*m_interpreter);
}

std::vector<eager::TracedGraph> Session::tracedGraphs() {
    return eager::tracedGraphs(*m_interpreter);
}

std::string Session::exportFunction(const std::string& function, const std::string& path) {
    return eager::exportConcreteFunction(*m_interpreter, function, path);
}

namespace {

struct ScriptThread {
    const ScriptRequest* request = nullptr;
    ScriptResult result;
};

void runOnThisThread(ScriptThread& job) {
    const auto start = std::chrono::steady_clock::now();
    ScriptResult& result = job.result;
    // A C++ exception must not leave the thread (that would end the process).
    try {
        Session session(*job.request);
        const auto run = session.run();
        result.ok = run.ok;
        result.exitCode = run.exitCode;
        result.report = run.report;
        // What the script traced lives in its session: take it before the session goes.
        result.retraceLog = session.retraceLog();
        if (job.request->collectTracedGraphs) result.tracedGraphs = session.tracedGraphs();
        if (job.request->afterRun) job.request->afterRun(session);
    } catch (const std::exception& error) {
        result.ok = false;
        result.failure = error.what();
    } catch (...) {
        result.ok = false;
        result.failure = "unknown engine error";
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void* scriptThreadMain(void* p) {
    runOnThisThread(*static_cast<ScriptThread*>(p));
    return nullptr;
}

} // namespace

ScriptResult runScript(const ScriptRequest& request) {
    ScriptThread job;
    job.request = &request;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, kScriptThreadStackBytes);
    pthread_t thread;
    const bool started = pthread_create(&thread, &attr, scriptThreadMain, &job) == 0;
    pthread_attr_destroy(&attr);
    if (!started) {
        job.result.ok = false;
        job.result.failure =
            "could not start the script thread (" + std::to_string(kScriptThreadStackBytes >> 20) + " MiB of stack)";
        return std::move(job.result);
    }
    pthread_join(thread, nullptr);
    return std::move(job.result);
}

} // namespace graphlens::session
