// GPU idle time with HTA's definitions on real Kineto traces, against what HTA 0.5.0 reported for
// the same files (../shared/fixtures/profiles/EXPECTED.md §1 and §5, unrounded).
#include <catch2/catch.hpp>

#include "profiler/chrome_trace.h"
#include "profiler/gpu_analysis.h"

using namespace graphlens::profiler;

namespace {

const std::string kProfiles = GRAPHLENS_PROFILES_DIR;

GpuAnalysis analyse(const std::string& relative) {
    Trace trace;
    readChromeTrace(kProfiles + "/" + relative, trace);
    return analyseGpu(trace);
}

const StreamIdle& stream(const GpuAnalysis& analysis, int64_t id) {
    for (const StreamIdle& s : analysis.streams)
        if (s.stream == id) return s;
    FAIL("no stream " << id);
    return analysis.streams.front();
}

constexpr int64_t us = 1000;

} // namespace

TEST_CASE("gpu analysis: HTA's temporal and idle breakdown on hta_simple_add", "[profiler]") {
    const GpuAnalysis a = analyse("hta_simple_add/benchmark_result_493459_1694039959_trace.json.gz");
    CHECK(a.temporal.spanNs == 16464339 * us);
    CHECK(a.temporal.idleNs == 16414376 * us);
    CHECK(a.temporal.computeNs == 10676 * us);
    CHECK(a.temporal.nonComputeNs == 39287 * us);
    const StreamIdle& s7 = stream(a, 7);
    CHECK(s7.hostWait.ns == 15976739 * us);
    CHECK(s7.hostWait.gaps == 51);
    CHECK(s7.kernelWait.ns == 91 * us);
    CHECK(s7.kernelWait.gaps == 39);
    CHECK(s7.other.ns == 0);
    const StreamIdle& s20 = stream(a, 20);
    CHECK(s20.hostWait.ns == 13582776 * us);
    CHECK(s20.hostWait.gaps == 4);
    CHECK(s20.kernelWait.ns == 8 * us);
    CHECK(s20.kernelWait.gaps == 2);
    CHECK(a.launches == 98);
}

TEST_CASE("gpu analysis: hta_alexnet and the multi-stream event sync trace", "[profiler]") {
    const GpuAnalysis alexnet = analyse("hta_alexnet/benchmark_result_2869224_1695835535_trace.json.gz");
    CHECK(alexnet.temporal.spanNs == 12996011 * us);
    CHECK(alexnet.temporal.idleNs == 12929684 * us);
    CHECK(alexnet.temporal.computeNs == 10637 * us);
    CHECK(alexnet.temporal.nonComputeNs == 55690 * us);
    CHECK(stream(alexnet, 7).hostWait.ns == 12855007 * us);
    CHECK(stream(alexnet, 7).hostWait.gaps == 34);
    CHECK(stream(alexnet, 7).kernelWait.ns == 104 * us);
    CHECK(stream(alexnet, 7).kernelWait.gaps == 56);
    CHECK(stream(alexnet, 20).hostWait.ns == 12011718 * us);
    CHECK(stream(alexnet, 20).kernelWait.ns == 3 * us);
    CHECK(alexnet.launches == 98);

    const GpuAnalysis sync = analyse("hta_cuda_event_sync_multi_stream/event_sync_trace.json.gz");
    CHECK(sync.temporal.spanNs == 19506 * us); // the device-wide syncs (stream -1) are left out
    CHECK(sync.temporal.idleNs == 19132 * us);
    CHECK(sync.temporal.computeNs == 371 * us);
    CHECK(sync.temporal.nonComputeNs == 3 * us);
    CHECK(stream(sync, 20).hostWait.ns == 32 * us);
    CHECK(stream(sync, 24).kernelWait.ns == 15 * us);
    CHECK(stream(sync, 28).kernelWait.ns == 15 * us);
    CHECK(sync.launches == 6);
}

TEST_CASE("gpu analysis: nanosecond timestamps kept exact (hta_ns_resolution, unrounded)", "[profiler]") {
    const GpuAnalysis a = analyse("hta_ns_resolution/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz");
    // HTA's figures carry float64 noise: a double holds 0.25 µs at these timestamps.
    CHECK(a.temporal.spanNs == Approx(384634523).margin(500));
    CHECK(a.temporal.idleNs == Approx(6452761).margin(500));
    CHECK(a.temporal.computeNs == Approx(374738006).margin(500));
    CHECK(a.temporal.nonComputeNs == Approx(3443756).margin(500));
    // The stream's idle time in all is HTA's (1290.81 + 5161.96 µs over 4875 gaps); its split
    // between host and kernel waits is not: HTA decides "launched after the previous end" in
    // float64 µs, where 0.25 µs is one step, and moves gaps that GraphLens, in exact ns, does not.
    const StreamIdle& s7 = stream(a, 7);
    const int64_t idle = s7.hostWait.ns + s7.kernelWait.ns + s7.other.ns;
    CHECK(idle == Approx(1290810 + 5161960).epsilon(0.001));
    CHECK(s7.hostWait.gaps + s7.kernelWait.gaps + s7.other.gaps == 41 + 4834);
    CHECK(s7.hostWait.gaps == Approx(41).epsilon(0.2));
    CHECK(a.launches == 4876);
}

TEST_CASE("gpu analysis: TraceLens's H100 BERT trace, busy and idle as published", "[profiler]") {
    const GpuAnalysis a = analyse("tracelens_h100_bert_small/gaunernst_bert-small-uncased__1016001.json.gz");
    // gpu_timeline.csv: total 3.907824951171875 ms, busy 0.309437744140625 ms (TraceLens rounds
    // through float32 µs; HTA unrounded: 3907.824922 and 3598.387922 µs idle).
    CHECK(a.temporal.spanNs == Approx(3907824.922).margin(1));
    CHECK(a.temporal.idleNs == Approx(3598387.922).margin(1));
    CHECK(a.temporal.computeNs == Approx(307197).margin(1));
    CHECK(a.temporal.nonComputeNs == Approx(2240).margin(1));
    const StreamIdle& s7 = stream(a, 7);
    CHECK(s7.hostWait.ns == Approx(3598390).margin(10));
    CHECK(s7.hostWait.gaps == 60);
    CHECK(s7.kernelWait.gaps == 0);
    CHECK(a.launches == 39);
}

TEST_CASE("gpu analysis: profiler steps, the last left out as HTA does (hta_negative_queue_length)", "[profiler]") {
    const GpuAnalysis a = analyse("hta_negative_queue_length/rank0.json.gz");
    CHECK(a.stepsAnalysed == 4); // ProfilerStep#550..#553 of #550..#554
    CHECK(a.temporal.spanNs == 1016554 * us);
    CHECK(a.temporal.idleNs == 705853 * us);
    CHECK(a.temporal.computeNs == 143836 * us);
    CHECK(a.temporal.nonComputeNs == 166865 * us);
    // Overlapping work on one stream makes negative gaps; HTA counts them as kernel waits.
    CHECK(stream(a, 7).kernelWait.gaps == 4904);
    CHECK(stream(a, 7).kernelWait.ns == 17159 * us);
    CHECK(stream(a, 7).other.ns == 691231 * us);
    CHECK(stream(a, 27).hostWait.ns == 792592 * us);
    CHECK(stream(a, 285).other.ns == 675305 * us);
    CHECK(a.launches == 5224);
}

TEST_CASE("chrome trace: Kineto's launch flows join each runtime call to its GPU work", "[profiler]") {
    Trace trace;
    readChromeTrace(kProfiles + "/hta_simple_add/benchmark_result_493459_1694039959_trace.json.gz", trace);
    const auto& events = trace.events();
    size_t toGpu = 0;
    for (const Flow& flow : trace.flows()) {
        const Event& from = events[flow.from];
        const Event& to = events[flow.to];
        if (trace.tracks()[to.track].kind != TrackKind::Stream) continue;
        ++toGpu;
        INFO(trace.strings.text(from.name) << " -> " << trace.strings.text(to.name));
        CHECK(trace.tracks()[from.track].kind == TrackKind::Thread);
        CHECK(from.correlation == to.correlation); // the flow id is the correlation id
        CHECK(from.start <= to.start);
    }
    CHECK(toGpu >= 98); // one per launch HTA counts
}
