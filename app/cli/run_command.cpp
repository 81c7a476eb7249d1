// `graphlens-cli run SCRIPT.py [--max-steps N] [--timeout S] [--eager] [--trace-log F.json] [args...]`:
// runs a Python script in the GraphLens interpreter with CPython's stdout/stderr and exit status;
// --trace-log writes the retrace log of its tf.functions (also when the script raised).
#include <pthread.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/commands.h"
#include "core/lang/interp.h"
#ifdef GRAPHLENS_HAVE_EAGER
#include "core/eager/eager.h"
#endif

namespace graphlens::cli {

namespace {
constexpr const char* kUsage =
    "usage: graphlens-cli run SCRIPT.py [--max-steps N] [--timeout S] [--eager] [--trace-log F.json]\n"
    "                           [--export FUNCTION=OUT.pb|OUT.pbtxt|SAVEDMODEL_DIR] [script args...]";

struct RunJob {
    std::string source, path;
    std::vector<std::string> argv;
    int64_t maxSteps = 400000000;  // default step budget
    double timeout = 0;
    std::string traceLog;  // --trace-log
    std::vector<std::pair<std::string, std::string>> exports;  // --export FUNCTION=PATH
    bool eager = false;    // --eager: tf.config.run_functions_eagerly(True) from the start
    int exitCode = 0;
    std::string error;
};

void* runJob(void* p) {
    auto* job = static_cast<RunJob*>(p);
    lang::Interpreter in;
    in.limits.maxSteps = job->maxSteps;
    in.limits.timeoutSeconds = job->timeout;
    in.limits.nativeStackBytes = 200u << 20;
    in.argv = job->argv;
    static std::string outBuf;
    in.out = [](std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); };
    in.err = [](std::string_view s) {
        std::fflush(stdout);
        std::fwrite(s.data(), 1, s.size(), stderr);
    };
    std::string source = job->source;
#ifdef GRAPHLENS_HAVE_EAGER
    if (job->eager) eager::setRunFunctionsEagerly(true);
#endif
    // As CPython 3.9+: the main script's code (tracebacks, __file__) names it by its absolute
    // path; sys.argv[0] stays as typed.
    std::error_code ec;
    std::filesystem::path absolute = std::filesystem::absolute(job->path, ec);
    auto r = in.runSource(source, ec ? job->path : absolute.lexically_normal().string());
    std::fflush(stdout);
    job->exitCode = r.exitCode;
#ifdef GRAPHLENS_HAVE_EAGER
    if (!job->traceLog.empty()) {
        std::ofstream log(job->traceLog, std::ios::binary | std::ios::trunc);
        log << eager::traceLogJson(in);
        if (!log) job->error = "graphlens-cli run: can't write the trace log '" + job->traceLog + "'";
    }
    for (const auto& [function, path] : job->exports) {
        std::string err = eager::exportConcreteFunction(in, function, path);
        if (!err.empty()) job->error = "graphlens-cli run: --export " + function + ": " + err;
    }
#endif
    return nullptr;
}
} // namespace

int runCommand(const std::vector<std::string>& args) {
    RunJob job;
    size_t i = 0;
    auto badValue = [](const std::string& opt, const std::string& v) {
        std::cerr << "graphlens-cli run: invalid value '" << v << "' for " << opt << "\n";
        return 2;
    };
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (!job.path.empty()) {  // everything after the script belongs to the script, as in Python
            job.argv.push_back(a);
            continue;
        }
        if (a == "--max-steps" && i + 1 < args.size()) {
            const std::string& v = args[++i];
            auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), job.maxSteps);
            if (ec != std::errc() || end != v.data() + v.size() || job.maxSteps < 0) return badValue(a, v);
        } else if (a == "--timeout" && i + 1 < args.size()) {
            const std::string& v = args[++i];
            char* end = nullptr;
            job.timeout = std::strtod(v.c_str(), &end);
            if (v.empty() || *end != '\0' || !std::isfinite(job.timeout) || job.timeout < 0) return badValue(a, v);
        } else if (a == "--trace-log" && i + 1 < args.size()) {
            job.traceLog = args[++i];
        } else if (a == "--export" && i + 1 < args.size()) {
            const std::string& v = args[++i];
            const size_t eq = v.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == v.size()) return badValue(a, v);
            job.exports.emplace_back(v.substr(0, eq), v.substr(eq + 1));
        } else if (a == "--eager") {
            job.eager = true;
        } else if (a == "-h" || a == "--help") {
            std::puts(kUsage);
            return 0;
        } else if (!a.empty() && a[0] == '-' && job.path.empty()) {
            std::cerr << "graphlens-cli run: unknown option '" << a << "'\n";
            return 2;
        } else {
            job.path = a;
            job.argv.push_back(a);
        }
    }
    if (job.path.empty()) {
        std::cerr << kUsage << "\n";
        return 2;
    }
    std::ifstream f(job.path, std::ios::binary);
    if (!f) {
        std::cerr << "graphlens-cli run: can't open file '" << job.path << "'\n";
        return 2;
    }
    std::stringstream ss;
    ss << f.rdbuf();
#ifdef GRAPHLENS_HAVE_EAGER
    eager::registerModules();  // `import tensorflow as tf`, `import numpy as np`
#endif
    job.source = ss.str();
    // run on a thread with a large stack so deep (but limited) recursion never overflows
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, size_t(512) << 20);
    pthread_t th;
    if (pthread_create(&th, &attr, runJob, &job) != 0) {
        runJob(&job);
    } else {
        pthread_join(th, nullptr);
    }
    pthread_attr_destroy(&attr);
    if (!job.error.empty()) {
        std::cerr << job.error << "\n";
        return 2;
    }
    return job.exitCode;
}

} // namespace graphlens::cli
