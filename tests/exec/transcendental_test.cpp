// The transcendental kernels against what TF 2.21's CPU kernels computed, bit for bit
// (tests/exec/data/transcendental_*.txt, written by tests/oracle/record_transcendental.py).
// TF prints eight significant digits, so a last-bit difference shows in a script's output.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <xmmintrin.h>

#include "core/ops/execute.h"
#include "core/ops/tf_math.h"

using graphlens::ops::execute;
using graphlens::tensor::DType;
using graphlens::tensor::Tensor;
using graphlens::tensor::TensorShape;

namespace {

struct Recording {
    std::vector<uint64_t> inputs, powX, powY;
    std::map<std::string, std::vector<uint64_t>> lines; // "<Op> <kind>"
    struct Softmax {
        std::string op;
        bool eigen; // recorded with TF_ENABLE_ONEDNN_OPTS=0
        int64_t rows, cols;
        std::vector<uint64_t> in, out;
    };
    std::vector<Softmax> softmax;
    struct BigSoftmax {
        std::string op;
        bool eigen;
        int64_t rows, cols;
        uint64_t hash; // FNV-1a of the output's bytes
    };
    std::vector<BigSoftmax> big;
};

std::vector<uint64_t> readHex(std::istringstream& in) {
    std::vector<uint64_t> out;
    std::string w;
    while (in >> w && w != "=") out.push_back(std::stoull(w, nullptr, 16));
    return out;
}

const Recording& recording(DType dtype) {
    static std::map<DType, Recording> cache;
    auto [it, fresh] = cache.try_emplace(dtype);
    if (!fresh) return it->second;
    const std::string path = std::string(GRAPHLENS_SOURCE_DIR "/tests/exec/data/transcendental_") +
        (dtype == DType::Float32 ? "f32" : "f64") + ".txt";
    std::ifstream file(path);
    REQUIRE(file.good());
    Recording& r = it->second;
    std::string line;
    while (std::getline(file, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream in(line);
        std::string head;
        in >> head;
        if (head == "inputs") r.inputs = readHex(in);
        else if (head == "pow_x") r.powX = readHex(in);
        else if (head == "pow_y") r.powY = readHex(in);
        else if (head.starts_with("big")) {
            Recording::BigSoftmax b{ head.starts_with("bigsoftmax") ? "Softmax" : "LogSoftmax",
                                     head.ends_with("_eigen"), 0, 0, 0 };
            std::string h;
            in >> b.rows >> b.cols >> h;
            b.hash = std::stoull(h, nullptr, 16);
            r.big.push_back(b);
        } else if (head.starts_with("softmax") || head.starts_with("logsoftmax")) {
            Recording::Softmax s{
                head.starts_with("softmax") ? "Softmax" : "LogSoftmax", head.ends_with("_eigen"), 0, 0, {}, {}
            };
            in >> s.rows >> s.cols;
            s.in = readHex(in);
            s.out = readHex(in);
            r.softmax.push_back(std::move(s));
        } else {
            std::string kind;
            in >> kind;
            r.lines[head + " " + kind] = readHex(in);
        }
    }
    REQUIRE(!r.inputs.empty());
    return r;
}

Tensor tensorOf(DType dtype, const std::vector<uint64_t>& bits, TensorShape shape) {
    Tensor t(dtype, std::move(shape));
    for (size_t i = 0; i < bits.size(); ++i) {
        if (dtype == DType::Float32) {
            const auto b = static_cast<uint32_t>(bits[i]);
            std::memcpy(t.data<float>() + i, &b, 4);
        } else {
            std::memcpy(t.data<double>() + i, &bits[i], 8);
        }
    }
    return t;
}

uint64_t bitsAt(const Tensor& t, int64_t i) {
    if (t.dtype() == DType::Float32) {
        uint32_t b;
        std::memcpy(&b, t.data<float>() + i, 4);
        return b;
    }
    uint64_t b;
    std::memcpy(&b, t.data<double>() + i, 8);
    return b;
}

bool isNanBits(DType dtype, uint64_t b) {
    return dtype == DType::Float32 ? (b & 0x7fffffffu) > 0x7f800000u : (b & ~(uint64_t(1) << 63)) > 0x7ff0000000000000u;
}

std::string hex(uint64_t b) {
    std::ostringstream s;
    s << std::hex << b;
    return s.str();
}

// The CPU's rcpss / rsqrtss estimates, hashed as tests/oracle/cpu_estimates.c hashes them.
uint64_t cpuEstimatesHash() {
    uint64_t h = 0xcbf29ce484222325ull;
    auto mix = [&](float v) {
        unsigned char b[4];
        std::memcpy(b, &v, 4);
        for (unsigned char c : b) h = (h ^ c) * 0x100000001b3ull;
    };
    for (int e = 1; e <= 2; ++e)
        for (int k = 0; k < 4096; ++k) {
            const float x = static_cast<float>(e) * (1.0f + static_cast<float>(k) / 4096.0f);
            mix(_mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(x))));
            mix(_mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x))));
        }
    return h;
}

// Ulps between two finite floats of the same dtype (a large number across signs or for NaN).
uint64_t ulpsApart(DType dtype, uint64_t a, uint64_t b) {
    if (isNanBits(dtype, a) || isNanBits(dtype, b)) return UINT64_MAX;
    const uint64_t sign = dtype == DType::Float32 ? 0x80000000u : uint64_t(1) << 63;
    if ((a & sign) != (b & sign)) return UINT64_MAX;
    return a > b ? a - b : b - a;
}

// Bit-identical, any NaN matching any NaN. Names the first few mismatches. With `ulps` > 0 (a
// kernel that starts from the CPU's estimate instructions, recorded on a CPU whose estimates
// differ from this one's) values that far apart pass, counted in a warning.
void checkBits(const std::string& what, DType dtype, const std::vector<uint64_t>& in, const std::vector<uint64_t>& want,
               const Tensor& got, const std::vector<uint64_t>* in2 = nullptr, uint64_t ulps = 0) {
    REQUIRE(got.numElements() == static_cast<int64_t>(want.size()));
    size_t bad = 0, near = 0;
    for (size_t i = 0; i < want.size(); ++i) {
        const uint64_t g = bitsAt(got, static_cast<int64_t>(i));
        if (g == want[i] || (isNanBits(dtype, g) && isNanBits(dtype, want[i]))) continue;
        if (ulps > 0 && ulpsApart(dtype, g, want[i]) <= ulps) {
            ++near;
            continue;
        }
        if (bad++ < 5)
            UNSCOPED_INFO(what << " [" << i << "] input " << hex(in[i]) << (in2 ? " " + hex((*in2)[i]) : "") << ": TF "
                               << hex(want[i]) << ", got " << hex(g));
    }
    if (near > 0)
        WARN(what << ": " << near << " of " << want.size() << " within " << ulps
                  << " ulp of TF's (this CPU's rcpps/rsqrtps estimates are not the recording CPU's)");
    INFO(what << ": " << bad << " of " << want.size() << " differ");
    CHECK(bad == 0);
}

// Whether this CPU's estimate instructions are the recording CPU's (the f32 recording's
// "cpu_estimates fnv1a" line); if not, the kernels built on them are compared to within 4 ulp.
uint64_t estimateTolerance(const Recording& r) {
    auto it = r.lines.find("cpu_estimates fnv1a");
    const bool same = it != r.lines.end() && it->second.size() == 1 && it->second[0] == cpuEstimatesHash();
    return same ? 0 : 4;
}

Tensor runOp(const std::string& op, std::vector<Tensor> inputs) {
    return execute(op, std::span<const Tensor>(inputs), {}).at(0);
}

std::vector<uint64_t> strided(const std::vector<uint64_t>& v, size_t step, size_t count = SIZE_MAX) {
    std::vector<uint64_t> out;
    for (size_t i = 0; i < v.size() && out.size() < count; i += step) out.push_back(v[i]);
    return out;
}

void checkUnary(const std::string& op, DType dtype) {
    const Recording& r = recording(dtype);
    const std::string name = op + (dtype == DType::Float32 ? " float32" : " float64");
    const auto n = static_cast<int64_t>(r.inputs.size());
    const uint64_t ulps =
        dtype == DType::Float32 && (op == "Rsqrt" || op == "Erfc") ? estimateTolerance(recording(DType::Float32)) : 0;
    // One tensor: TF's packet path throughout.
    checkBits(name + " (one tensor)", dtype, r.inputs, r.lines.at(op + " full"),
              runOp(op, { tensorOf(dtype, r.inputs, TensorShape{ n }) }), nullptr, ulps);
    // One element a tensor: TF's scalar path.
    const std::vector<uint64_t> single = strided(r.inputs, 16);
    const std::vector<uint64_t>& wantSingle = r.lines.at(op + " single");
    Tensor got(dtype, TensorShape{ static_cast<int64_t>(single.size()) });
    const size_t esize = dtype == DType::Float32 ? 4 : 8;
    for (size_t i = 0; i < single.size(); ++i) {
        const Tensor y = runOp(op, { tensorOf(dtype, { single[i] }, TensorShape{ 1 }) });
        std::memcpy(static_cast<char*>(got.rawData()) + i * esize, y.rawData(), esize);
    }
    checkBits(name + " (one element)", dtype, single, wantSingle, got);
    // Thirteen elements: packets, then the scalar tail.
    const std::vector<uint64_t> first(r.inputs.begin(), r.inputs.begin() + 13);
    checkBits(name + " (13 elements)", dtype, first, r.lines.at(op + " n13"),
              runOp(op, { tensorOf(dtype, first, TensorShape{ 13 }) }), nullptr, ulps);
}

} // namespace

TEST_CASE("transcendental kernels are bit-exact with TF's", "[exec][tfmath]") {
    const DType dtype = GENERATE(DType::Float32, DType::Float64);
    const std::string op = GENERATE(as<std::string>{}, "Exp", "Expm1", "Log", "Log1p", "Tanh", "Sigmoid", "Erf", "Erfc",
                                    "Sqrt", "Rsqrt", "Sin", "Cos", "Softplus", "Elu", "Selu");
    checkUnary(op, dtype);
}

// Sets TF_ENABLE_ONEDNN_OPTS while it lives, as a script's environment would.
class OnednnOpts {
public:
    explicit OnednnOpts(const char* value) {
        if (const char* old = std::getenv("TF_ENABLE_ONEDNN_OPTS")) m_old = old;
        ::setenv("TF_ENABLE_ONEDNN_OPTS", value, 1);
    }
    ~OnednnOpts() {
        if (m_old) ::setenv("TF_ENABLE_ONEDNN_OPTS", m_old->c_str(), 1);
        else ::unsetenv("TF_ENABLE_ONEDNN_OPTS");
    }
    OnednnOpts(const OnednnOpts&) = delete;
    OnednnOpts& operator=(const OnednnOpts&) = delete;

private:
    std::optional<std::string> m_old;
};

std::string caseName(const Recording::Softmax& s, DType dtype, const char* how) {
    return s.op + " " + std::to_string(s.rows) + "x" + std::to_string(s.cols) +
        (dtype == DType::Float32 ? " float32" : " float64") + how;
}

TEST_CASE("Softmax and LogSoftmax are bit-exact with TF's", "[exec][tfmath]") {
    const DType dtype = GENERATE(DType::Float32, DType::Float64);
    for (const auto& s : recording(dtype).softmax) {
        const TensorShape shape{ s.rows, s.cols };
        if (s.eigen) {
            // TF with TF_ENABLE_ONEDNN_OPTS=0: Eigen's kernels.
            const OnednnOpts off("0");
            const uint64_t ulps =
                dtype == DType::Float32 && s.op == "Softmax" ? estimateTolerance(recording(dtype)) : 0;
            checkBits(caseName(s, dtype, " (oneDNN off)"), dtype, s.in, s.out,
                      runOp(s.op, { tensorOf(dtype, s.in, shape) }), nullptr, ulps);
        } else if (dtype == DType::Float32 && s.op == "Softmax") {
            // Recorded where TF ran oneDNN's AVX-512 softmax: that kernel's arithmetic, on any CPU,
            // and the op itself where this CPU would have TF take the same path.
            const Tensor x = tensorOf(dtype, s.in, shape);
            Tensor y(dtype, shape);
            for (int64_t r = 0; r < s.rows; ++r)
                graphlens::ops::tfmath::onednnSoftmaxRow<16>(x.data<float>() + r * s.cols, y.data<float>() + r * s.cols,
                                                             s.cols);
            checkBits(caseName(s, dtype, " (oneDNN's AVX-512 kernel)"), dtype, s.in, s.out, y);
            if (graphlens::ops::cpuFeatures().avx512) {
                const OnednnOpts on("1");
                checkBits(caseName(s, dtype, " (oneDNN on)"), dtype, s.in, s.out, runOp(s.op, { x }));
            }
        } else {
            checkBits(caseName(s, dtype, ""), dtype, s.in, s.out, runOp(s.op, { tensorOf(dtype, s.in, shape) }));
        }
    }
}

uint64_t fnv1a(const Tensor& t) {
    uint64_t h = 0xcbf29ce484222325ull;
    const auto* p = static_cast<const unsigned char*>(t.rawData());
    const size_t bytes = static_cast<size_t>(t.numElements()) * (t.dtype() == DType::Float32 ? 4 : 8);
    for (size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

TEST_CASE("Softmax over rows past Eigen's tree-reduction leaf is bit-exact with TF's", "[exec][tfmath]") {
    const DType dtype = GENERATE(DType::Float32, DType::Float64);
    for (const auto& b : recording(dtype).big) {
        // The recorder's inputs: k * 0.004 in the dtype, k = (i * 7919) % 2001 - 1000.
        Tensor x(dtype, TensorShape{ b.rows, b.cols });
        for (int64_t i = 0; i < x.numElements(); ++i) {
            const auto k = static_cast<int32_t>(i * 7919 % 2001 - 1000);
            if (dtype == DType::Float32) x.data<float>()[i] = static_cast<float>(k) * 0.004f;
            else x.data<double>()[i] = static_cast<double>(k) * 0.004;
        }
        const std::string name = b.op + " " + std::to_string(b.rows) + "x" + std::to_string(b.cols) +
            (dtype == DType::Float32 ? " float32" : " float64");
        INFO(name << (b.eigen ? " (oneDNN off)" : ""));
        if (dtype == DType::Float32 && b.op == "Softmax" && !b.eigen) {
            Tensor y(dtype, x.shape());
            for (int64_t r = 0; r < b.rows; ++r)
                graphlens::ops::tfmath::onednnSoftmaxRow<16>(x.data<float>() + r * b.cols, y.data<float>() + r * b.cols,
                                                             b.cols);
            CHECK(fnv1a(y) == b.hash);
            continue;
        }
        const OnednnOpts off("0");
        const bool same = fnv1a(runOp(b.op, { x })) == b.hash;
        if (b.op == "Softmax") {
            // Known difference: past one block TF's tiled evaluator splits Eigen's exp(x - max) into
            // cache-sized blocks, each with its own scalar tail, and GraphLens does not place them.
            if (!same) WARN(name << " (oneDNN off) still differs from TF's (block tails)");
            continue;
        }
        CHECK(same);
    }
}

TEST_CASE("Pow is bit-exact with TF's", "[exec][tfmath]") {
    const DType dtype = GENERATE(DType::Float32, DType::Float64);
    const Recording& r = recording(dtype);
    const auto n = static_cast<int64_t>(r.powX.size());
    const std::string name = std::string("Pow") + (dtype == DType::Float32 ? " float32" : " float64");
    checkBits(name + " (one tensor)", dtype, r.powX, r.lines.at("Pow full"),
              runOp("Pow", { tensorOf(dtype, r.powX, TensorShape{ n }), tensorOf(dtype, r.powY, TensorShape{ n }) }),
              &r.powY);
    const std::vector<uint64_t> xs = strided(r.powX, 16), ys = strided(r.powY, 16);
    const size_t esize = dtype == DType::Float32 ? 4 : 8;
    Tensor got(dtype, TensorShape{ static_cast<int64_t>(xs.size()) });
    for (size_t i = 0; i < xs.size(); ++i) {
        // A scalar exponent broadcast over a one-element base, as `x ** 2.0` gives.
        const Tensor z = runOp("Pow", { tensorOf(dtype, { xs[i] }, TensorShape{ 1 }), tensorOf(dtype, { ys[i] }, {}) });
        std::memcpy(static_cast<char*>(got.rawData()) + i * esize, z.rawData(), esize);
    }
    checkBits(name + " (one element)", dtype, xs, r.lines.at("Pow single"), got, &ys);
}

TEST_CASE("the fused elementwise kernel gives the standalone kernels' bits", "[exec][tfmath]") {
    // Steps on the output's shape and on a smaller broadcast operand (its own scalar tail sits at
    // other output places); lengths with tails of several sizes, over more than one block.
    const int64_t rows = GENERATE(1, 3, 70), cols = GENERATE(5, 13);
    const DType dtype = GENERATE(DType::Float32, DType::Float64);
    const Recording& r = recording(dtype);
    auto slice = [&](size_t from, int64_t n, TensorShape shape) {
        std::vector<uint64_t> bits;
        for (int64_t i = 0; i < n; ++i) bits.push_back(r.inputs[(from + static_cast<size_t>(i)) % r.inputs.size()]);
        return tensorOf(dtype, bits, std::move(shape));
    };
    const Tensor a0 = slice(100, rows * cols, TensorShape{ rows, cols });
    const Tensor a1 = slice(700, cols, TensorShape{ cols });
    const Tensor a2 = slice(1500, rows * cols, TensorShape{ rows, cols });
    const std::vector<std::string> expr{ "Tanh a1",     "Exp a0",    "AddV2 t0 t1", "Sigmoid t2", "Pow t3 a2",
                                         "Softplus t4", "Log t5",    "Elu t6",      "Expm1 t7",   "Selu t8",
                                         "Log1p t9",    "Rsqrt t10", "Sqrt t11",    "Sin t12",    "Cos t13" };
    const std::vector<Tensor> inputs{ a0, a1, a2 };
    const Tensor got =
        execute("_GraphLensFusedElementwise", std::span<const Tensor>(inputs), { { "expr", expr } }).at(0);
    Tensor t1 = runOp("Tanh", { a1 });
    Tensor t = runOp("AddV2", { runOp("Exp", { a0 }), t1 });
    t = runOp("Pow", { runOp("Sigmoid", { t }), a2 });
    for (const char* op : { "Softplus", "Log", "Elu", "Expm1", "Selu", "Log1p", "Rsqrt", "Sqrt", "Sin", "Cos" })
        t = runOp(op, { t });
    std::vector<uint64_t> in(static_cast<size_t>(t.numElements())), want(in.size());
    for (size_t i = 0; i < in.size(); ++i) {
        in[i] = bitsAt(a0, static_cast<int64_t>(i));
        want[i] = bitsAt(t, static_cast<int64_t>(i));
    }
    checkBits("fused chain " + std::to_string(rows) + "x" + std::to_string(cols), dtype, in, want, got);
}
