// Whether TF 2.21 would run its oneDNN kernels on this CPU: it changes numbers (Softmax) and the
// kernel names in eager error texts (__MklMatMul), so GraphLens follows the same switch.
#pragma once

#include <atomic>
#include <cpuid.h>
#include <cstdlib>
#include <string>

namespace graphlens::ops {

struct CpuFeatures {
    bool avx512 = false; // F, DQ, BW and VL: oneDNN's avx512_core kernels
    bool onednnByDefault = false;
    CpuFeatures() {
        unsigned a = 0, b = 0, c = 0, d = 0;
        if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
            avx512 = (b >> 16 & 1) && (b >> 17 & 1) && (b >> 30 & 1) && (b >> 31 & 1);
            onednnByDefault = (c >> 11 & 1) || (d >> 22 & 1) || (d >> 24 & 1) || (d >> 25 & 1); // VNNI, AMX
        }
        if (__get_cpuid_count(7, 1, &a, &b, &c, &d)) onednnByDefault = onednnByDefault || (a >> 4 & 1) || (a >> 5 & 1);
    }
};
inline const CpuFeatures& cpuFeatures() {
    static const CpuFeatures features;
    return features;
}
// A TF_ENABLE_ONEDNN_OPTS value: 1 on, 0 off, -1 not a value TF takes.
inline int parseOnednnSetting(const std::string& s) {
    if (s == "0" || s == "false" || s == "False" || s == "FALSE") return 0;
    if (s == "1" || s == "true" || s == "True" || s == "TRUE") return 1;
    return -1;
}
// What the running script's os.environ said when it imported tensorflow (TF reads the variable
// then); -1 when it said nothing. One per process: two scripts at once share it.
inline std::atomic<int>& onednnScriptSetting() {
    static std::atomic<int> setting{ -1 };
    return setting;
}
// Whether TF would run its oneDNN kernels here: the script's TF_ENABLE_ONEDNN_OPTS, else the
// host's, else TF's default, on for CPUs with AVX512_VNNI, AVX512_BF16, AVX_VNNI or AMX.
inline bool onednnEnabled() {
    if (const int script = onednnScriptSetting().load(std::memory_order_relaxed); script >= 0) return script == 1;
    if (const char* v = std::getenv("TF_ENABLE_ONEDNN_OPTS"))
        if (const int host = parseOnednnSetting(v); host >= 0) return host == 1;
    return cpuFeatures().onednnByDefault;
}

} // namespace graphlens::ops
