// XSpace (.xplane.pb): a JAX run on an AMD MI300X, against what TraceLens's tests assert for the
// same file (EXPECTED.md §2), and TensorFlow's multi-worker GPU profile's structure (§6).
#include <catch2/catch.hpp>
#include <fstream>

#include "core/util/error.h"
#include "profiler/gpu_analysis.h"
#include "profiler/xplane.h"

using namespace graphlens::profiler;

namespace {
const std::string kProfiles = GRAPHLENS_PROFILES_DIR;
}

TEST_CASE("xplane: a JAX MI300X run, busy time per GPU as TraceLens asserts", "[profiler]") {
    Trace trace;
    const XSpaceInfo info =
        readXSpace(kProfiles + "/tracelens_mi300_jax_conv/chi-mi300x-013.ord.vultr.cpe.ice.amd.com.xplane.pb", trace);
    CHECK(std::find(info.planes.begin(), info.planes.end(), "/host:CPU") != info.planes.end());
    size_t kernels = 0, memcpys = 0;
    const StringId kernel = trace.strings.find("kernel"), memcpy = trace.strings.find("gpu_memcpy");
    for (const Event& event : trace.events()) {
        if (trace.tracks()[event.track].kind != TrackKind::Stream) continue;
        kernels += event.category == kernel ? 1 : 0;
        memcpys += event.category == memcpy ? 1 : 0;
    }
    CHECK(kernels == 25); // tests/test_jax_conv_analysis.py line 43
    CHECK(memcpys == 53); // line 108
    const GpuAnalysis gpu = analyseGpu(trace);
    REQUIRE(gpu.devices.size() == 2);
    // /device:GPU:0 (TraceLens's gpu_pid 1, memcpy only) and GPU:7 (gpu_pid 8): lines 146 and 152
    // (rel_tol 1e-5), gpu_timeline.csv lines 7 and 15 for the totals.
    CHECK(gpu.devices[0].device == 0);
    CHECK(gpu.devices[0].busyNs == Approx(889028).epsilon(1e-5));
    CHECK(gpu.devices[0].spanNs == Approx(27867728).epsilon(1e-5));
    CHECK(gpu.devices[1].device == 7);
    CHECK(gpu.devices[1].busyNs == Approx(3586493).epsilon(1e-5));
    CHECK(gpu.devices[1].spanNs == Approx(15761301).epsilon(1e-5));
    // The copies are memory work, the kernels all of the compute: GPU:7's busy time.
    CHECK(gpu.temporal.computeNs == Approx(3586493).epsilon(1e-5));
}

TEST_CASE("xplane: TensorFlow's multi-worker GPU profile, its planes and stream lines", "[profiler]") {
    Trace trace;
    const XSpaceInfo info = readXSpace(kProfiles + "/tfprof_gpu_multi_worker/34.83.195.179_6003.xplane.pb", trace);
    REQUIRE(info.hostnames.size() == 1);
    CHECK(info.hostnames[0] == "34.83.195.179:6003");
    CHECK(std::count_if(info.planes.begin(), info.planes.end(),
                        [](const std::string& p) { return p.rfind("/device:GPU:", 0) == 0; }) == 8);
    // GPU:4's compute stream holds 665 kernels, each joined to its launch by correlation id.
    size_t compute = 0, correlated = 0;
    for (const Event& event : trace.events()) {
        const Track& track = trace.tracks()[event.track];
        if (track.kind != TrackKind::Stream || track.process != 4 || track.thread != 134) continue;
        ++compute;
        correlated += event.correlation != 0 ? 1 : 0;
    }
    CHECK(compute == 665);
    CHECK(correlated == 665);
}

TEST_CASE("xplane: truncated and foreign files are errors naming the file", "[profiler][robustness]") {
    const std::string source = kProfiles + "/tfprof_gpu_multi_worker/34.83.195.179_6003.xplane.pb";
    std::ifstream in(source, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), {});
    const std::string cut = "/tmp/graphlens_truncated.xplane.pb";
    std::ofstream(cut, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size() / 3));
    Trace trace;
    try {
        readXSpace(cut, trace);
        FAIL("a truncated XSpace was read");
    } catch (const graphlens::FormatError& error) {
        INFO(error.what());
        CHECK(error.file() == cut);
        CHECK(error.place().rfind("byte ", 0) == 0);
        CHECK(error.kind() == graphlens::ErrorKind::Truncated);
    }
    std::remove(cut.c_str());
    CHECK_THROWS_AS(readXSpace("/nonexistent.xplane.pb", trace), graphlens::FormatError);
}
