#include "profiler/gpu_analysis.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <unordered_map>

namespace graphlens::profiler {
namespace {

bool containsIgnoringCase(std::string_view text, std::string_view word) {
    return std::search(text.begin(), text.end(), word.begin(), word.end(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
           }) != text.end();
}

int64_t unionLength(std::vector<Interval> intervals) {
    std::sort(intervals.begin(), intervals.end(),
              [](const Interval& a, const Interval& b) { return a.start < b.start; });
    int64_t total = 0;
    for (const Interval& merged : mergeIntervals(intervals, 1)) total += merged.end - merged.start;
    return total;
}

} // namespace

GpuWorkType gpuWorkType(std::string_view name) {
    if (containsIgnoringCase(name, "nccl")) return GpuWorkType::Communication;
    if (containsIgnoringCase(name, "memcpy") || containsIgnoringCase(name, "memset") ||
        containsIgnoringCase(name, "sync"))
        return GpuWorkType::Memory;
    return GpuWorkType::Computation;
}

GpuAnalysis analyseGpu(const Trace& trace, const GpuAnalysisOptions& options) {
    GpuAnalysis result;
    const auto& tracks = trace.tracks();
    const auto& events = trace.events();
    // Host events by correlation id: the runtime or driver call that launched each GPU event.
    const StringId runtime = trace.strings.find("cuda_runtime");
    const StringId driver = trace.strings.find("cuda_driver");
    // Annotations drawn on a stream (Kineto's copy of ProfilerStep#N) are labels, not work.
    const StringId annotation = trace.strings.find("gpu_user_annotation");
    const bool cudaCategories = runtime != StringTable::kAbsent || driver != StringTable::kAbsent;
    std::unordered_map<uint64_t, uint32_t> launchOf;
    std::vector<uint32_t> gpu;
    std::vector<Interval> steps; // the host's ProfilerStep#N slices, once each
    std::set<StringId> stepNames;
    for (uint32_t i = 0; i < events.size(); ++i) {
        const Event& event = events[i];
        const Track& track = tracks[event.track];
        if (event.kind != EventKind::Slice) continue;
        if (track.kind == TrackKind::Stream) {
            if (track.thread != -1 && event.category != annotation) gpu.push_back(i);
            continue;
        }
        if (track.kind != TrackKind::Thread) continue;
        const bool launch = cudaCategories ? event.category == runtime || event.category == driver : true;
        if (event.correlation != 0 && launch) launchOf.emplace(event.correlation, i);
        if (trace.strings.text(event.name).rfind("ProfilerStep#", 0) == 0 && stepNames.insert(event.name).second)
            steps.push_back({ event.start, event.end() });
    }
    // With several profiler steps, HTA analyses the GPU work launched in all but the last (which
    // the profiler may have cut short); work launched outside the steps is left out too.
    if (steps.size() >= 2) {
        std::sort(steps.begin(), steps.end(), [](const Interval& a, const Interval& b) { return a.start < b.start; });
        const int64_t from = steps.front().start, to = steps.back().start;
        std::vector<uint32_t> kept;
        for (const uint32_t i : gpu) {
            const auto launch = launchOf.find(events[i].correlation);
            if (events[i].correlation == 0 || launch == launchOf.end()) continue;
            const Event& call = events[launch->second];
            const bool inStep = std::any_of(steps.begin(), steps.end() - 1, [&](const Interval& step) {
                return call.start >= step.start && call.start < step.end;
            });
            if (inStep && call.start >= from && call.start < to) kept.push_back(i);
        }
        gpu.swap(kept);
        result.stepsAnalysed = steps.size() - 1;
    }
    result.gpuEvents = gpu.size();
    if (gpu.empty()) return result;

    // A copy or a fill is memory work whatever its name says (XSpace names AMD copies by API).
    const StringId memcpyCategory = trace.strings.find("gpu_memcpy");
    const StringId memsetCategory = trace.strings.find("gpu_memset");
    std::vector<Interval> all, compute;
    int64_t first = INT64_MAX, last = INT64_MIN;
    std::map<std::string, KernelTotal> kernels;
    for (const uint32_t i : gpu) {
        const Event& event = events[i];
        first = std::min(first, event.start);
        last = std::max(last, event.end());
        all.push_back({ event.start, event.end() });
        const std::string& name = trace.strings.text(event.name);
        const bool copy = event.category == memcpyCategory || event.category == memsetCategory;
        if (!copy && gpuWorkType(name) == GpuWorkType::Computation) {
            compute.push_back({ event.start, event.end() });
            KernelTotal& total = kernels[name];
            total.name = name;
            ++total.count;
            total.totalNs += event.duration;
        }
    }
    std::map<int64_t, std::vector<Interval>> perDevice;
    for (const uint32_t i : gpu)
        perDevice[tracks[events[i].track].process].push_back({ events[i].start, events[i].end() });
    for (auto& [device, intervals] : perDevice) {
        DeviceBusy busy;
        busy.device = device;
        busy.events = intervals.size();
        int64_t from = INT64_MAX, to = INT64_MIN;
        for (const Interval& interval : intervals) {
            from = std::min(from, interval.start);
            to = std::max(to, interval.end);
        }
        busy.spanNs = to - from;
        busy.busyNs = unionLength(std::move(intervals));
        result.devices.push_back(busy);
    }
    result.temporal.spanNs = last - first;
    result.temporal.idleNs = result.temporal.spanNs - unionLength(all);
    result.temporal.computeNs = unionLength(compute);
    result.temporal.nonComputeNs = result.temporal.spanNs - result.temporal.computeNs - result.temporal.idleNs;

    // Per stream, in start order (events() is sorted by track, then start); synchronisation
    // records are waits, not work, and stay out (as in HTA, facebookresearch/HTA#149).
    const StringId sync = trace.strings.find("cuda_sync");
    std::map<std::pair<int64_t, int64_t>, std::vector<uint32_t>> byStream;
    for (const uint32_t i : gpu) {
        if (events[i].category == sync) continue;
        const Track& track = tracks[events[i].track];
        byStream[{ track.process, track.thread }].push_back(i);
    }
    for (const auto& [key, members] : byStream) {
        StreamIdle idle;
        idle.device = key.first;
        idle.stream = key.second;
        idle.events = members.size();
        for (size_t k = 1; k < members.size(); ++k) {
            const Event& previous = events[members[k - 1]];
            const Event& next = events[members[k]];
            const int64_t gap = next.start - previous.end();
            const auto launch = launchOf.find(next.correlation);
            IdleClass* cls = &idle.other;
            // In exact nanoseconds. HTA compares float64 µs, which at 10^15 µs hold a quarter of a
            // µs: on nanosecond traces a few gaps then change class (EXPECTED.md §5).
            if (next.correlation != 0 && launch != launchOf.end() && events[launch->second].start > previous.end())
                cls = &idle.hostWait;
            else if (gap < options.consecutiveKernelDelayNs) cls = &idle.kernelWait;
            cls->ns += gap;
            ++cls->gaps;
        }
        result.streams.push_back(idle);
    }

    // One launch per correlation id, the delay to its first GPU event. As in HTA, a
    // cudaGraphLaunch (one call, a whole graph of kernels) is no kernel launch and stays out.
    const StringId graphLaunch = trace.strings.find("cudaGraphLaunch");
    std::map<uint64_t, int64_t> firstStart;
    for (const uint32_t i : gpu) {
        const Event& event = events[i];
        if (event.correlation == 0 || event.category == sync) continue;
        const auto [it, added] = firstStart.emplace(event.correlation, event.start);
        if (!added) it->second = std::min(it->second, event.start);
    }
    for (const auto& [correlation, start] : firstStart) {
        const auto launch = launchOf.find(correlation);
        // HTA's launch statistics join runtime calls only (a driver launch has its own costs).
        if (launch == launchOf.end() ||
            (runtime != StringTable::kAbsent && events[launch->second].category != runtime) ||
            events[launch->second].name == graphLaunch)
            continue;
        ++result.launches;
        const int64_t delay = std::max<int64_t>(0, start - events[launch->second].end());
        result.launchDelayNs += delay;
        result.maxLaunchDelayNs = std::max(result.maxLaunchDelayNs, delay);
    }

    for (auto& [name, total] : kernels) result.topKernels.push_back(std::move(total));
    std::sort(result.topKernels.begin(), result.topKernels.end(),
              [](const KernelTotal& a, const KernelTotal& b) { return a.totalNs > b.totalNs; });
    if (result.topKernels.size() > options.topKernels) result.topKernels.resize(options.topKernels);
    return result;
}

} // namespace graphlens::profiler
