// _GraphLensFusedElementwise: a chain of elementwise ops (written by the elementwise fusion pass)
// evaluated in one pass over the output, block by block: every step works on a small block buffer
// that stays in cache, inputs are broadcast as the ops broadcast, and no intermediate full-size
// tensor exists. When an input of the output's shape is held by nobody else (the executor moved
// its last use in), the output is written over it.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>

#include "core/ops/kernel_util.h"
#include "core/ops/tf_math.h"

namespace graphlens::ops {

namespace {

enum class Code : uint8_t {
    // binary
    Add,
    Sub,
    Mul,
    Div,
    Maximum,
    Minimum,
    SquaredDifference,
    Pow,
    // unary
    Neg,
    Abs,
    Square,
    Relu,
    Relu6,
    Sign,
    Exp,
    Expm1,
    Log,
    Log1p,
    Sqrt,
    Rsqrt,
    Tanh,
    Sigmoid,
    Elu,
    Selu,
    Softplus,
    LeakyRelu,
    Reciprocal,
    Floor,
    Ceil,
    Sin,
    Cos,
};
constexpr Code kFirstUnary = Code::Neg;
constexpr Code kFirstFloatOnly = Code::Exp;

struct OpName {
    const char* name;
    Code code;
};
constexpr OpName kOps[] = {
    { "Add", Code::Add },
    { "AddV2", Code::Add },
    { "Sub", Code::Sub },
    { "Mul", Code::Mul },
    { "RealDiv", Code::Div },
    { "Div", Code::Div },
    { "Maximum", Code::Maximum },
    { "Minimum", Code::Minimum },
    { "SquaredDifference", Code::SquaredDifference },
    { "Pow", Code::Pow },
    { "Neg", Code::Neg },
    { "Abs", Code::Abs },
    { "Square", Code::Square },
    { "Relu", Code::Relu },
    { "Relu6", Code::Relu6 },
    { "Sign", Code::Sign },
    { "Exp", Code::Exp },
    { "Expm1", Code::Expm1 },
    { "Log", Code::Log },
    { "Log1p", Code::Log1p },
    { "Sqrt", Code::Sqrt },
    { "Rsqrt", Code::Rsqrt },
    { "Tanh", Code::Tanh },
    { "Sigmoid", Code::Sigmoid },
    { "Elu", Code::Elu },
    { "Selu", Code::Selu },
    { "Softplus", Code::Softplus },
    { "LeakyRelu", Code::LeakyRelu },
    { "Reciprocal", Code::Reciprocal },
    { "Inv", Code::Reciprocal },
    { "Floor", Code::Floor },
    { "Ceil", Code::Ceil },
    { "Sin", Code::Sin },
    { "Cos", Code::Cos },
};

// An operand: input K (>= 0) or the result of step K (encoded -1 - K).
struct Step {
    Code code = Code::Add;
    int operands[2] = { 0, 0 };
    float alpha = 0.2f; // LeakyRelu
};

struct Program {
    std::vector<Step> steps;
    bool floatOnly = false; // some step has no integer kernel
    int maxInput = -1;
};

[[noreturn]] void badExpr(size_t step, const std::string& text, const std::string& why) {
    invalidArgument("_GraphLensFusedElementwise: step ", step, " '", text, "': ", why);
}

Program parseProgram(const std::vector<std::string>& expr) {
    if (expr.empty()) invalidArgument("_GraphLensFusedElementwise: expr is empty");
    Program p;
    for (size_t s = 0; s < expr.size(); ++s) {
        const std::string& text = expr[s];
        std::vector<std::string> words;
        for (size_t i = 0; i < text.size();) {
            const size_t j = text.find(' ', i);
            const size_t end = j == std::string::npos ? text.size() : j;
            if (end > i) words.push_back(text.substr(i, end - i));
            i = end + 1;
        }
        if (words.empty()) badExpr(s, text, "empty step");
        Step step;
        const auto* op =
            std::find_if(std::begin(kOps), std::end(kOps), [&](const OpName& o) { return words[0] == o.name; });
        if (op == std::end(kOps)) badExpr(s, text, "unsupported op '" + words[0] + "'");
        step.code = op->code;
        const int arity = step.code >= kFirstUnary ? 1 : 2;
        int operands = 0;
        for (size_t w = 1; w < words.size(); ++w) {
            const std::string& word = words[w];
            if (const size_t eq = word.find('='); eq != std::string::npos) {
                const std::string key = word.substr(0, eq);
                if (key != "alpha") badExpr(s, text, "unknown attr '" + key + "'");
                try {
                    step.alpha = std::stof(word.substr(eq + 1));
                } catch (const std::exception&) {
                    badExpr(s, text, "bad value in '" + word + "'");
                }
                continue;
            }
            if (word.size() < 2 || (word[0] != 'a' && word[0] != 't') ||
                !std::all_of(word.begin() + 1, word.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
                badExpr(s, text, "bad operand '" + word + "' (aK or tK)");
            if (operands == arity) badExpr(s, text, "too many operands");
            const int k = std::stoi(word.substr(1));
            if (word[0] == 't' && k >= static_cast<int>(s))
                badExpr(s, text, "t" + std::to_string(k) + " is not an earlier step");
            if (word[0] == 'a') p.maxInput = std::max(p.maxInput, k);
            step.operands[operands++] = word[0] == 'a' ? k : -1 - k;
        }
        if (operands != arity) badExpr(s, text, "expects " + std::to_string(arity) + " operand(s)");
        if (step.code >= kFirstFloatOnly || step.code == Code::Div || step.code == Code::Pow) p.floatOnly = true;
        p.steps.push_back(step);
    }
    return p;
}

// Parsing on every call would cost more than small chains compute; plans keep their attrs, so
// the same few expr lists come back on each thread.
const Program& cachedProgram(const std::vector<std::string>& expr) {
    struct Entry {
        std::vector<std::string> expr;
        Program program;
    };
    static thread_local std::vector<Entry> cache;
    static thread_local size_t next = 0;
    for (const Entry& e : cache)
        if (e.expr == expr) return e.program;
    constexpr size_t kEntries = 32;
    cache.reserve(kEntries); // references handed out stay valid
    Entry entry{ expr, parseProgram(expr) };
    if (cache.size() < kEntries) {
        cache.push_back(std::move(entry));
        return cache.back().program;
    }
    next = (next + 1) % kEntries;
    cache[next] = std::move(entry);
    return cache[next].program;
}

// The ops whose value TF computes with a packet algorithm or a scalar one by the element's place in
// the op's own output (tf_math.h), and which flush denormals as TF does.
bool byPosition(Code code) {
    switch (code) {
    case Code::Pow:
    case Code::Exp:
    case Code::Expm1:
    case Code::Log:
    case Code::Log1p:
    case Code::Sqrt:
    case Code::Rsqrt:
    case Code::Tanh:
    case Code::Sigmoid:
    case Code::Elu:
    case Code::Selu:
    case Code::Softplus:
    case Code::Sin:
    case Code::Cos:
        return true;
    default:
        return false;
    }
}

// Formulas as the standalone kernels have them (kernels_unary.cpp, kernels_binary.cpp); `packet`
// says for each element whether the standalone op would give it the packet form.
template<class T> void runStep(const Step& s, const T* a, const T* b, T* r, int64_t n, const bool* packet) {
    auto unary = [&](auto f) {
        for (int64_t i = 0; i < n; ++i) r[i] = f(a[i]);
    };
    auto binary = [&](auto f) {
        for (int64_t i = 0; i < n; ++i) r[i] = f(a[i], b[i]);
    };
    // Lane form where the standalone kernel would use it, the scalar form elsewhere.
    auto tfUnary = [&](auto lane, auto scalar) {
        const tfmath::FlushDenormals flush;
        for (int64_t i = 0; i < n; ++i) r[i] = packet[i] ? lane(a[i]) : scalar(a[i]);
    };
    if constexpr (std::is_integral_v<T>) {
        switch (s.code) {
        case Code::Add:
            return binary([](T x, T y) { return wrapAdd(x, y); });
        case Code::Sub:
            return binary([](T x, T y) { return wrapSub(x, y); });
        case Code::Mul:
            return binary([](T x, T y) { return wrapMul(x, y); });
        case Code::Maximum:
            return binary([](T x, T y) { return x > y ? x : y; });
        case Code::Minimum:
            return binary([](T x, T y) { return x < y ? x : y; });
        case Code::SquaredDifference:
            return binary([](T x, T y) { return wrapMul(wrapSub(x, y), wrapSub(x, y)); });
        case Code::Neg:
            return unary([](T x) { return wrapNeg(x); });
        case Code::Abs:
            return unary([](T x) { return x < 0 ? wrapNeg(x) : x; });
        case Code::Square:
            return unary([](T x) { return wrapMul(x, x); });
        case Code::Relu:
            return unary([](T x) { return x < T(0) ? T(0) : x; });
        case Code::Relu6:
            return unary([](T x) { return x < T(0) ? T(0) : (x > T(6) ? T(6) : x); });
        case Code::Sign:
            return unary([](T x) { return static_cast<T>((T(0) < x) - (x < T(0))); });
        default:
            throw tensor::InternalError("_GraphLensFusedElementwise: float op on integers");
        }
    } else {
        const T alpha = static_cast<T>(s.alpha);
        switch (s.code) {
        case Code::Add:
            return binary([](T x, T y) { return x + y; });
        case Code::Sub:
            return binary([](T x, T y) { return x - y; });
        case Code::Mul:
            return binary([](T x, T y) { return x * y; });
        case Code::Div:
            return binary([](T x, T y) { return x / y; });
        case Code::Maximum:
            return binary([](T x, T y) {
                if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<T>::quiet_NaN();
                return x > y ? x : y;
            });
        case Code::Minimum:
            return binary([](T x, T y) {
                if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<T>::quiet_NaN();
                return x < y ? x : y;
            });
        case Code::SquaredDifference:
            return binary([](T x, T y) { return (x - y) * (x - y); });
        case Code::Pow: {
            const tfmath::FlushDenormals flush;
            for (int64_t i = 0; i < n; ++i) r[i] = packet[i] ? tfmath::powLane(a[i], b[i]) : std::pow(a[i], b[i]);
            return;
        }
        case Code::Neg:
            return unary([](T x) { return -x; });
        case Code::Abs:
            return unary([](T x) { return std::fabs(x); });
        case Code::Square:
            return unary([](T x) { return x * x; });
        case Code::Relu:
            return unary([](T x) { return x < T(0) ? T(0) : x; });
        case Code::Relu6:
            return unary([](T x) { return x < T(0) ? T(0) : (x > T(6) ? T(6) : x); });
        case Code::Sign:
            return unary([](T x) { return std::isnan(x) ? x : static_cast<T>((T(0) < x) - (x < T(0))); });
        case Code::Exp:
            return tfUnary([](T x) { return tfmath::expLane(x); }, [](T x) { return std::exp(x); });
        case Code::Expm1:
            return tfUnary([](T x) { return tfmath::expm1Lane(x); }, [](T x) { return std::expm1(x); });
        case Code::Log:
            return tfUnary([](T x) { return tfmath::logLane(x); }, [](T x) { return tfmath::logScalar(x); });
        case Code::Log1p:
            return tfUnary([](T x) { return tfmath::log1pLane(x); }, [](T x) { return std::log1p(x); });
        case Code::Sqrt:
            return tfUnary([](T x) { return std::sqrt(x); }, [](T x) { return std::sqrt(x); });
        case Code::Rsqrt:
            return tfUnary([](T x) { return tfmath::rsqrtLane(x); }, [](T x) { return T(1) / std::sqrt(x); });
        case Code::Tanh:
            return tfUnary([](T x) { return tfmath::tanhLane(x); },
                           [](T x) {
                               if constexpr (std::is_same_v<T, float>) return tfmath::tanhLane(x);
                               else return std::tanh(x);
                           });
        case Code::Sigmoid:
            return tfUnary([](T x) { return tfmath::sigmoidLane(x); }, [](T x) { return tfmath::sigmoidScalar(x); });
        case Code::Elu:
            return tfUnary([](T x) { return x < T(0) ? tfmath::expLane(x) - T(1) : x; },
                           [](T x) { return x < T(0) ? std::exp(x) - T(1) : x; });
        case Code::Selu: {
            constexpr T scaleAlpha = T(1.7580993408473768599402175208123), scale = T(1.0507009873554804934193349852946);
            return tfUnary([](T x) { return x < T(0) ? scaleAlpha * (tfmath::expLane(x) - T(1)) : scale * x; },
                           [](T x) { return x < T(0) ? scaleAlpha * (std::exp(x) - T(1)) : scale * x; });
        }
        case Code::Softplus: {
            const T threshold = std::log(std::numeric_limits<T>::epsilon()) + T(2);
            return tfUnary(
                [threshold](T x) {
                    return x > -threshold
                        ? x
                        : (x < threshold ? tfmath::expLane(x) : tfmath::log1pLane(tfmath::expLane(x)));
                },
                [threshold](T x) {
                    return x > -threshold ? x : (x < threshold ? std::exp(x) : std::log1p(std::exp(x)));
                });
        }
        case Code::LeakyRelu:
            return unary([alpha](T x) { return x > T(0) ? x : alpha * x; });
        case Code::Reciprocal:
            return unary([](T x) { return T(1) / x; });
        case Code::Floor:
            return unary([](T x) { return std::floor(x); });
        case Code::Ceil:
            return unary([](T x) { return std::ceil(x); });
        case Code::Sin:
            return tfUnary(
                [](T x) {
                    if constexpr (std::is_same_v<T, float>) return tfmath::sinCosLane<true>(x);
                    else return std::sin(x);
                },
                [](T x) { return std::sin(x); });
        case Code::Cos:
            return tfUnary(
                [](T x) {
                    if constexpr (std::is_same_v<T, float>) return tfmath::sinCosLane<false>(x);
                    else return std::cos(x);
                },
                [](T x) { return std::cos(x); });
        }
    }
}

// Reads a broadcast input in output order: strides over the output's dims, 0 where broadcast.
struct Cursor {
    std::vector<int64_t> dims, strides, index;
    int64_t offset = 0;

    Cursor(const TensorShape& in, const TensorShape& out) {
        const int rank = out.rank(), shift = out.rank() - in.rank();
        int64_t stride = 1;
        std::vector<int64_t> st(static_cast<size_t>(rank), 0);
        for (int d = in.rank() - 1; d >= 0; --d) {
            if (in.dim(d) != 1) st[static_cast<size_t>(d + shift)] = stride;
            stride *= in.dim(d);
        }
        // Adjacent dims that step alike are one dim: fewer, longer inner runs.
        for (int d = 0; d < rank; ++d) {
            const int64_t size = out.dim(d), s = st[static_cast<size_t>(d)];
            if (!dims.empty() && (strides.back() == s * size || (strides.back() == 0 && s == 0))) {
                dims.back() *= size;
                strides.back() = s;
            } else if (size != 1) {
                dims.push_back(size);
                strides.push_back(s);
            }
        }
        if (dims.empty()) {
            dims.push_back(1);
            strides.push_back(0);
        }
        index.assign(dims.size(), 0);
    }

    template<class T> void fill(const T* src, T* dst, int64_t count) {
        const size_t last = dims.size() - 1;
        while (count > 0) {
            const int64_t run = std::min(count, dims[last] - index[last]);
            const int64_t s = strides[last];
            if (s == 0) std::fill(dst, dst + run, src[offset]);
            else
                for (int64_t j = 0; j < run; ++j) dst[j] = src[offset + j * s];
            dst += run;
            count -= run;
            index[last] += run;
            offset += run * s;
            for (size_t d = last; d > 0 && index[d] == dims[d]; --d) {
                offset -= dims[d] * strides[d];
                index[d] = 0;
                ++index[d - 1];
                offset += strides[d - 1];
            }
        }
    }
};

constexpr int64_t kBlock = 1024;

template<class T> void evaluate(KernelContext& c, const Program& program, const TensorShape& outShape) {
    const int numInputs = c.numInputs();
    const int64_t total = outShape.numElements();
    // Write over an input of the output's shape that nobody else holds.
    Tensor out;
    for (int i = 0; i < numInputs && !out.isValid(); ++i) {
        const Tensor& in = c.input(i);
        if (in.shape() == outShape && in.ownsBufferAlone()) out = in;
    }
    if (!out.isValid()) out = c.allocate(c.input(0).dtype(), outShape);
    enum class Kind { Full, Scalar, Broadcast };
    std::vector<Kind> kinds(static_cast<size_t>(numInputs));
    std::vector<Cursor> cursors;
    std::vector<int> cursorOf(static_cast<size_t>(numInputs), -1);
    const int64_t block = std::min(kBlock, std::max<int64_t>(total, 1));
    // Block buffers: one per step, one per scalar or broadcast input.
    const size_t numSteps = program.steps.size();
    std::vector<T> buffers(static_cast<size_t>(block) * (numSteps + static_cast<size_t>(numInputs)));
    auto inputBuffer = [&](int i) {
        return buffers.data() + static_cast<size_t>(block) * (numSteps + static_cast<size_t>(i));
    };
    for (int i = 0; i < numInputs; ++i) {
        const Tensor& in = c.input(i);
        if (in.shape() == outShape) kinds[static_cast<size_t>(i)] = Kind::Full;
        else if (in.numElements() == 1) {
            kinds[static_cast<size_t>(i)] = Kind::Scalar;
            std::fill(inputBuffer(i), inputBuffer(i) + block, in.data<T>()[0]);
        } else {
            kinds[static_cast<size_t>(i)] = Kind::Broadcast;
            cursorOf[static_cast<size_t>(i)] = static_cast<int>(cursors.size());
            cursors.emplace_back(in.shape(), outShape);
        }
    }
    // Where a step goes by position, TF decides by the element's place in that op's own output: the
    // output's place, or for a step on broadcast operands its place in the smaller tensor.
    struct Placement {
        bool full = true;
        int64_t body = 0; // elements before the scalar tail
        std::optional<Cursor> cursor;
        std::vector<int64_t> iota;
    };
    std::vector<TensorShape> stepShapes(numSteps);
    std::vector<Placement> placements(numSteps);
    for (size_t s = 0; s < numSteps; ++s) {
        const Step& step = program.steps[s];
        auto shapeOf = [&](int ref) -> const TensorShape& {
            return ref >= 0 ? c.input(ref).shape() : stepShapes[static_cast<size_t>(-1 - ref)];
        };
        stepShapes[s] = step.code >= kFirstUnary
            ? shapeOf(step.operands[0])
            : Broadcast(shapeOf(step.operands[0]), shapeOf(step.operands[1])).outShape;
        if constexpr (std::is_floating_point_v<T>) {
            if (!byPosition(step.code)) continue;
            Placement& p = placements[s];
            const int64_t own = stepShapes[s].numElements();
            p.body = own - own % tfmath::kPacket<T>;
            if (stepShapes[s] == outShape) continue;
            p.full = false;
            p.cursor.emplace(stepShapes[s], outShape);
            p.iota.resize(static_cast<size_t>(own));
            for (int64_t i = 0; i < own; ++i) p.iota[static_cast<size_t>(i)] = i;
        }
    }
    std::vector<int64_t> places(static_cast<size_t>(block));
    const std::unique_ptr<bool[]> packet(new bool[static_cast<size_t>(block)]);
    std::vector<const T*> operandsOf(static_cast<size_t>(numInputs));
    T* const outData = out.data<T>();
    for (int64_t o = 0; o < total; o += block) {
        const int64_t n = std::min(block, total - o);
        for (int i = 0; i < numInputs; ++i) {
            const auto ui = static_cast<size_t>(i);
            switch (kinds[ui]) {
            case Kind::Full:
                operandsOf[ui] = c.input(i).data<T>() + o;
                break;
            case Kind::Scalar:
                operandsOf[ui] = inputBuffer(i);
                break;
            case Kind::Broadcast:
                cursors[static_cast<size_t>(cursorOf[ui])].fill(c.input(i).data<T>(), inputBuffer(i), n);
                operandsOf[ui] = inputBuffer(i);
                break;
            }
        }
        for (size_t s = 0; s < numSteps; ++s) {
            const Step& step = program.steps[s];
            auto operand = [&](int ref) -> const T* {
                return ref >= 0 ? operandsOf[static_cast<size_t>(ref)]
                                : buffers.data() + static_cast<size_t>(block) * static_cast<size_t>(-1 - ref);
            };
            T* result = s + 1 == numSteps ? outData + o : buffers.data() + static_cast<size_t>(block) * s;
            if (std::is_floating_point_v<T> && byPosition(step.code)) {
                Placement& p = placements[s];
                if (p.full) {
                    for (int64_t i = 0; i < n; ++i) packet[static_cast<size_t>(i)] = o + i < p.body;
                } else {
                    p.cursor->fill(p.iota.data(), places.data(), n);
                    for (int64_t i = 0; i < n; ++i)
                        packet[static_cast<size_t>(i)] = places[static_cast<size_t>(i)] < p.body;
                }
            }
            runStep<T>(step, operand(step.operands[0]), step.code >= kFirstUnary ? nullptr : operand(step.operands[1]),
                       result, n, packet.get());
        }
    }
    c.setOutput(0, std::move(out));
}

void fusedElementwiseKernel(KernelContext& c) {
    const Program& program = cachedProgram(c.attrs().get<std::vector<std::string>>("expr"));
    if (program.maxInput >= c.numInputs())
        invalidArgument("_GraphLensFusedElementwise: expr reads a", program.maxInput, " but there are ", c.numInputs(),
                        " inputs");
    const DType dt = c.input(0).dtype();
    if (program.floatOnly && dt != DType::Float32 && dt != DType::Float64)
        invalidArgument("_GraphLensFusedElementwise: expr has float-only ops for ", tensor::dtypeCppName(dt));
    TensorShape outShape = c.input(0).shape();
    for (int i = 1; i < c.numInputs(); ++i) outShape = Broadcast(outShape, c.input(i).shape()).outShape;
    switch (dt) {
    case DType::Float32:
        return evaluate<float>(c, program, outShape);
    case DType::Float64:
        return evaluate<double>(c, program, outShape);
    case DType::Int32:
        return evaluate<int32_t>(c, program, outShape);
    case DType::Int64:
        return evaluate<int64_t>(c, program, outShape);
    default:
        invalidArgument("_GraphLensFusedElementwise: unsupported dtype ", tensor::dtypeCppName(dt));
    }
}

void fusedElementwiseShape(ShapeContext& c) {
    PartialShape out = c.inputShape(0);
    for (int i = 1; i < c.numInputs(); ++i) out = broadcastPartial(out, c.inputShape(i));
    c.setOutput(0, out);
}

} // namespace

void registerFusedElementwiseKernels() {
    defineOp("_GraphLensFusedElementwise")
        .kernel(fusedElementwiseKernel, maskOf(DType::Float32, DType::Float64, DType::Int32, DType::Int64))
        .shape(fusedElementwiseShape);
}

} // namespace graphlens::ops
