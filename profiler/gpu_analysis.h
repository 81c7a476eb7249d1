#pragma once
// Where a profile's GPU time went, with Holistic Trace Analysis's definitions (research/
// profilers.md §b): the temporal breakdown (span, idle, compute, non-compute), idle time per
// stream in HTA's three classes, launch delays by correlation id, and the top kernels. Checked
// against HTA 0.5.0 on the fixtures (../shared/fixtures/profiles/EXPECTED.md, unrounded).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "profiler/trace.h"

namespace graphlens::profiler {

enum class GpuWorkType : uint8_t { Computation, Memory, Communication };
// HTA's rule by name: NCCL is communication; memcpy, memset and synchronisation are memory;
// the rest (kernels, stream waits) computation.
GpuWorkType gpuWorkType(std::string_view name);

struct TemporalBreakdown {
    int64_t spanNs = 0;       // first GPU event start to last end
    int64_t idleNs = 0;       // span minus the union of all GPU events
    int64_t computeNs = 0;    // union of computation events
    int64_t nonComputeNs = 0; // span - compute - idle
};

struct IdleClass {
    int64_t ns = 0;
    uint64_t gaps = 0;
};

struct StreamIdle {
    int64_t device = 0;
    int64_t stream = 0;
    uint64_t events = 0;
    IdleClass hostWait;   // the launch of the next event began after the previous one ended
    IdleClass kernelWait; // back to back: the gap is below the consecutive-kernel delay
    IdleClass other;      // anything else (waiting on an event, a sync, ...)
};

// One device's GPU time, as TraceLens reports it per GPU: span and the union of its events.
struct DeviceBusy {
    int64_t device = 0;
    uint64_t events = 0;
    int64_t spanNs = 0;
    int64_t busyNs = 0;
};

struct KernelTotal {
    std::string name;
    uint64_t count = 0;
    int64_t totalNs = 0;
};

struct GpuAnalysisOptions {
    int64_t consecutiveKernelDelayNs = 30'000; // HTA's default, 30 in the trace's µs
    size_t topKernels = 10;
};

struct GpuAnalysis {
    uint64_t gpuEvents = 0;     // analysed
    uint64_t stepsAnalysed = 0; // ProfilerStep#N slices whose GPU work counts; 0: no steps, all of it
    TemporalBreakdown temporal;
    std::vector<DeviceBusy> devices; // by device
    std::vector<StreamIdle> streams; // by device, then stream
    uint64_t launches = 0;           // runtime calls joined to their GPU work by correlation id
    int64_t launchDelayNs = 0;       // sum of max(0, first GPU start - call end)
    int64_t maxLaunchDelayNs = 0;
    std::vector<KernelTotal> topKernels; // computation events by total time
};

// GPU events are the slices on stream tracks other than stream -1 (Kineto's device-wide syncs);
// with two or more ProfilerStep#N slices on the host, those launched in all steps but the last.
GpuAnalysis analyseGpu(const Trace& trace, const GpuAnalysisOptions& options = {});

} // namespace graphlens::profiler
