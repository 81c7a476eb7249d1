// Exports read back: a Kineto trace written as Chrome JSON (plain and gzipped) and as an XSpace
// gives the same GPU analysis; so does the MI300X XSpace written as Chrome JSON.
#include <catch2/catch.hpp>
#include <cstdio>

#include "profiler/chrome_trace.h"
#include "profiler/gpu_analysis.h"
#include "profiler/trace_export.h"
#include "profiler/xplane.h"

using namespace graphlens::profiler;

namespace {

const std::string kProfiles = GRAPHLENS_PROFILES_DIR;

void sameAnalysis(const GpuAnalysis& a, const GpuAnalysis& b) {
    CHECK(a.gpuEvents == b.gpuEvents);
    CHECK(a.temporal.spanNs == b.temporal.spanNs);
    CHECK(a.temporal.idleNs == b.temporal.idleNs);
    CHECK(a.temporal.computeNs == b.temporal.computeNs);
    CHECK(a.temporal.nonComputeNs == b.temporal.nonComputeNs);
    REQUIRE(a.streams.size() == b.streams.size());
    for (size_t i = 0; i < a.streams.size(); ++i) {
        CHECK(a.streams[i].stream == b.streams[i].stream);
        CHECK(a.streams[i].hostWait.ns == b.streams[i].hostWait.ns);
        CHECK(a.streams[i].kernelWait.ns == b.streams[i].kernelWait.ns);
        CHECK(a.streams[i].other.ns == b.streams[i].other.ns);
    }
    REQUIRE(a.devices.size() == b.devices.size());
    for (size_t i = 0; i < a.devices.size(); ++i) CHECK(a.devices[i].busyNs == b.devices[i].busyNs);
}

} // namespace

TEST_CASE("export: Kineto -> Chrome JSON and XSpace -> the same analysis", "[profiler]") {
    Trace original;
    readChromeTrace(kProfiles + "/hta_simple_add/benchmark_result_493459_1694039959_trace.json.gz", original);
    const GpuAnalysis expected = analyseGpu(original);
    for (const char* name : { "/tmp/graphlens_export.json", "/tmp/graphlens_export.json.gz" }) {
        writeChromeTrace(original, name);
        Trace back;
        readChromeTrace(name, back);
        INFO(name);
        sameAnalysis(analyseGpu(back), expected);
        CHECK(back.events().size() == original.events().size());
        CHECK(back.flows().size() == original.flows().size());
        std::remove(name);
    }
    const std::string xspace = "/tmp/graphlens_export.xplane.pb";
    writeXSpace(original, xspace);
    Trace back;
    const XSpaceInfo info = readXSpace(xspace, back);
    CHECK(std::count(info.planes.begin(), info.planes.end(), "/device:GPU:0") == 1);
    const GpuAnalysis fromXSpace = analyseGpu(back);
    CHECK(fromXSpace.temporal.spanNs == expected.temporal.spanNs);
    CHECK(fromXSpace.temporal.idleNs == expected.temporal.idleNs);
    CHECK(fromXSpace.temporal.computeNs == expected.temporal.computeNs);
    CHECK(fromXSpace.devices.at(0).busyNs == expected.devices.at(0).busyNs);
    std::remove(xspace.c_str());
}

TEST_CASE("export: the MI300X XSpace as Chrome JSON keeps each GPU's busy time", "[profiler]") {
    Trace original;
    readXSpace(kProfiles + "/tracelens_mi300_jax_conv/chi-mi300x-013.ord.vultr.cpe.ice.amd.com.xplane.pb", original);
    const std::string json = "/tmp/graphlens_export_mi300.json";
    writeChromeTrace(original, json);
    Trace back;
    readChromeTrace(json, back);
    sameAnalysis(analyseGpu(back), analyseGpu(original));
    std::remove(json.c_str());
}
