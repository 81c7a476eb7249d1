// graphlens-cli timeline FILE... [--json]: what a profile (Chrome/Kineto JSON or an XSpace) says
// about the GPU, as `nsys stats`
// and HTA summarise it: busy and idle time, idle per stream by class, launch delays, top kernels.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "core/util/error.h"
#include "profiler/gpu_analysis.h"
#include "profiler/profile_file.h"
#include "profiler/trace_export.h"

namespace graphlens::cli {
namespace {

double ms(int64_t ns) {
    return static_cast<double>(ns) / 1e6;
}

double percent(int64_t part, int64_t whole) {
    return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

nlohmann::json idleJson(const profiler::IdleClass& idle) {
    return { { "ms", ms(idle.ns) }, { "gaps", idle.gaps } };
}

nlohmann::json toJson(const std::string& path, const profiler::Trace& trace, const profiler::ProfileFile& info,
                      const profiler::GpuAnalysis& gpu) {
    nlohmann::json out = { { "path", path },
                           { "events", trace.events().size() },
                           { "tracks", trace.tracks().size() },
                           { "flows", trace.flows().size() },
                           { "format", info.format },
                           { "span_ms", ms(trace.endTime() - trace.startTime()) },
                           { "warnings", info.warnings } };
    nlohmann::json g = { { "events", gpu.gpuEvents },
                         { "profiler_steps", gpu.stepsAnalysed },
                         { "span_ms", ms(gpu.temporal.spanNs) },
                         { "idle_ms", ms(gpu.temporal.idleNs) },
                         { "compute_ms", ms(gpu.temporal.computeNs) },
                         { "non_compute_ms", ms(gpu.temporal.nonComputeNs) },
                         { "idle_percent", percent(gpu.temporal.idleNs, gpu.temporal.spanNs) },
                         { "launches", gpu.launches },
                         { "launch_delay_ms", ms(gpu.launchDelayNs) },
                         { "max_launch_delay_ms", ms(gpu.maxLaunchDelayNs) } };
    for (const auto& d : gpu.devices)
        g["devices"].push_back({ { "device", d.device },
                                 { "events", d.events },
                                 { "span_ms", ms(d.spanNs) },
                                 { "busy_ms", ms(d.busyNs) } });
    for (const auto& s : gpu.streams)
        g["streams"].push_back({ { "device", s.device },
                                 { "stream", s.stream },
                                 { "events", s.events },
                                 { "host_wait", idleJson(s.hostWait) },
                                 { "kernel_wait", idleJson(s.kernelWait) },
                                 { "other", idleJson(s.other) } });
    for (const auto& k : gpu.topKernels)
        g["top_kernels"].push_back({ { "name", k.name }, { "count", k.count }, { "total_ms", ms(k.totalNs) } });
    out["gpu"] = g;
    return out;
}

void printText(const std::string& path, const profiler::Trace& trace, const profiler::ProfileFile& info,
               const profiler::GpuAnalysis& gpu) {
    std::printf("%s\n  %zu events on %zu tracks, %zu flows, %.3f ms\n", path.c_str(), trace.events().size(),
                trace.tracks().size(), trace.flows().size(), ms(trace.endTime() - trace.startTime()));
    for (const auto& warning : info.warnings) std::printf("  warning: %s\n", warning.c_str());
    if (gpu.gpuEvents == 0) {
        std::printf("  no GPU events\n");
        return;
    }
    const auto& t = gpu.temporal;
    std::printf("\n  GPU (%llu events%s)\n", static_cast<unsigned long long>(gpu.gpuEvents),
                gpu.stepsAnalysed ? (", " + std::to_string(gpu.stepsAnalysed) + " profiler steps").c_str() : "");
    std::printf("    span %.3f ms: compute %.3f ms (%.1f%%), non-compute %.3f ms (%.1f%%), idle %.3f ms (%.1f%%)\n",
                ms(t.spanNs), ms(t.computeNs), percent(t.computeNs, t.spanNs), ms(t.nonComputeNs),
                percent(t.nonComputeNs, t.spanNs), ms(t.idleNs), percent(t.idleNs, t.spanNs));
    for (const auto& d : gpu.devices)
        std::printf("    device %lld: %llu events, span %.3f ms, busy %.3f ms (%.1f%%)\n",
                    static_cast<long long>(d.device), static_cast<unsigned long long>(d.events), ms(d.spanNs),
                    ms(d.busyNs), percent(d.busyNs, d.spanNs));
    std::printf("\n  Idle by stream        host wait            kernel wait          other\n");
    for (const auto& s : gpu.streams)
        std::printf("    device %lld stream %-4lld %10.3f ms (%5llu) %10.3f ms (%5llu) %10.3f ms (%5llu)\n",
                    static_cast<long long>(s.device), static_cast<long long>(s.stream), ms(s.hostWait.ns),
                    static_cast<unsigned long long>(s.hostWait.gaps), ms(s.kernelWait.ns),
                    static_cast<unsigned long long>(s.kernelWait.gaps), ms(s.other.ns),
                    static_cast<unsigned long long>(s.other.gaps));
    if (gpu.launches)
        std::printf("\n  Launches: %llu, delay %.3f ms in all, mean %.1f us, max %.1f us\n",
                    static_cast<unsigned long long>(gpu.launches), ms(gpu.launchDelayNs),
                    static_cast<double>(gpu.launchDelayNs) / 1e3 / static_cast<double>(gpu.launches),
                    static_cast<double>(gpu.maxLaunchDelayNs) / 1e3);
    std::printf("\n  Top kernels                                                  count    total ms\n");
    for (const auto& k : gpu.topKernels) {
        std::string name = k.name.size() > 60 ? k.name.substr(0, 57) + "..." : k.name;
        std::printf("    %-60s %6llu %11.3f\n", name.c_str(), static_cast<unsigned long long>(k.count), ms(k.totalNs));
    }
}

} // namespace

int timelineCommand(const std::vector<std::string>& args) {
    bool json = false;
    std::string output;
    std::vector<std::string> paths;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--json") json = true;
        else if (arg == "-o" && i + 1 < args.size()) output = args[++i];
        else if (!arg.empty() && arg[0] == '-') {
            std::fprintf(stderr, "graphlens-cli timeline: unknown option %s\n", arg.c_str());
            return 2;
        } else paths.push_back(arg);
    }
    if (paths.empty()) {
        std::fprintf(stderr,
                     "usage: graphlens-cli timeline FILE... [--json] [-o OUT.json|OUT.json.gz|OUT.xplane.pb]\n");
        return 2;
    }
    if (!output.empty() && paths.size() != 1) {
        std::fprintf(stderr, "graphlens-cli timeline: -o converts one file\n");
        return 2;
    }
    nlohmann::json all = nlohmann::json::array();
    for (const auto& path : paths) {
        try {
            profiler::Trace trace;
            const auto info = profiler::readProfile(path, trace);
            const auto gpu = profiler::analyseGpu(trace);
            if (!output.empty()) profiler::writeProfile(trace, output);
            if (json) all.push_back(toJson(path, trace, info, gpu));
            else printText(path, trace, info, gpu);
        } catch (const FormatError& error) {
            std::fprintf(stderr, "graphlens-cli: %s\n", error.what());
            return 2;
        }
    }
    if (json) std::cout << (paths.size() == 1 ? all.front() : all).dump(2) << "\n";
    return 0;
}

} // namespace graphlens::cli
