// Einsum for one or two operands, in the steps of TF's EinsumOp so that results match it: every
// label typed batch / free / contract / reduce, each operand's dimensions sorted by (type, label),
// reduce labels summed, the contraction one BatchMatMul of [batch, free, contract] operands, the
// output transposed into place. An ellipsis stands for the same number of leading batch labels in
// every operand (broadcast where sizes are 1); a label repeated within one operand (a diagonal) is
// not supported.
#include <algorithm>
#include <map>
#include <numeric>
#include <optional>

#include "core/ops/einsum_equation.h"
#include "core/ops/execute.h"
#include "core/ops/gradient.h"
#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {

enum class Kind { Batch = 1, Free = 2, Contract = 3, Reduce = 4 };

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out(1);
    for (char ch : s) {
        if (ch == sep) out.emplace_back();
        else out.back() += ch;
    }
    return out;
}

Tensor run1(std::string_view op, std::initializer_list<Tensor> inputs, const AttrMap& attrs, Device* device) {
    return execute(op, inputs, attrs, device).at(0);
}

Tensor shapeTensor(const std::vector<int64_t>& dims) {
    return Tensor::fromVector(dims);
}

int64_t product(const std::vector<int64_t>& dims) {
    int64_t p = 1;
    for (int64_t d : dims) p *= d;
    return p;
}

bool isIdentity(const std::vector<int64_t>& perm) {
    for (size_t k = 0; k < perm.size(); ++k)
        if (perm[k] != int64_t(k)) return false;
    return true;
}

// Each label's size (-1 unknown); a 1 gives way to the other operand's size (a broadcast
// ellipsis dimension), other sizes must agree.
std::map<char, int64_t> labelSizes(const EinsumEquation& eq, const std::vector<std::vector<int64_t>>& shapes) {
    std::map<char, int64_t> sizes;
    for (size_t i = 0; i < shapes.size(); ++i)
        for (size_t k = 0; k < eq.inputs[i].size(); ++k) {
            const char l = eq.inputs[i][k];
            const int64_t d = shapes[i][k];
            auto it = sizes.find(l);
            if (it == sizes.end() || it->second < 0 || it->second == 1) sizes[l] = d;
            else if (d >= 0 && d != 1 && d != it->second)
                invalidArgument("Expected dimension ", it->second, " at axis ", k, " of the input shaped ",
                                PartialShape(shapes[i]).str(), " but got dimension ", d);
        }
    return sizes;
}

void einsumKernel(KernelContext& c) {
    const int n = c.numInputs();
    if (n < 1 || n > 2) throw tensor::UnimplementedError("Einsum of " + std::to_string(n) + " operands");
    std::vector<std::vector<int64_t>> shapes;
    for (int i = 0; i < n; ++i) shapes.push_back(c.input(i).shape().dims());
    const EinsumEquation eq = parseEinsum(c.attrs().getString("equation"), shapes);
    Device* device = c.device();
    std::map<char, int64_t> sizes = labelSizes(eq, shapes);
    auto sizeOf = [&](const std::string& labels) {
        std::vector<int64_t> d;
        for (char l : labels) d.push_back(sizes[l]);
        return d;
    };
    std::map<char, int> labelId;
    for (const auto& spec : eq.inputs)
        for (char l : spec) labelId.emplace(l, int(labelId.size()));
    auto kind = [&](char l) {
        int count = 0;
        for (const auto& spec : eq.inputs) count += spec.find(l) != std::string::npos;
        const bool removed = eq.output.find(l) == std::string::npos;
        if (count == 1 && removed) return Kind::Reduce;
        if (removed) return Kind::Contract;
        return count > 1 ? Kind::Batch : Kind::Free;
    };
    struct Prepared {
        Tensor t;
        std::string labels;
    };
    std::vector<Prepared> prepared;
    for (int i = 0; i < n; ++i) {
        const std::string& spec = eq.inputs[size_t(i)];
        Tensor x = c.input(i);
        // broadcast size-1 ellipsis dims up to the other operand's
        const std::vector<int64_t> target = sizeOf(spec);
        if (target != shapes[size_t(i)]) x = run1("BroadcastTo", { x, shapeTensor(target) }, {}, device);
        std::vector<int64_t> order(spec.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
            const auto ka = int(kind(spec[size_t(a)])), kb = int(kind(spec[size_t(b)]));
            return ka != kb ? ka < kb : labelId[spec[size_t(a)]] < labelId[spec[size_t(b)]];
        });
        std::string labels;
        for (int64_t k : order) labels += spec[size_t(k)];
        if (!isIdentity(order)) x = run1("Transpose", { x, Tensor::fromVector(order) }, {}, device);
        std::vector<int64_t> kept, reduced;
        std::string keptLabels;
        for (char l : labels) {
            if (kind(l) == Kind::Reduce) reduced.push_back(sizes[l]);
            else {
                kept.push_back(sizes[l]);
                keptLabels += l;
            }
        }
        if (!reduced.empty()) {
            // TF sums the trailing reduce labels of a [kept, reduced] matrix along its rows
            x = run1("Reshape", { x, shapeTensor({ product(kept), product(reduced) }) }, {}, device);
            x = run1("Sum", { x, Tensor::scalar<int32_t>(1) }, { { "keep_dims", false } }, device);
            x = run1("Reshape", { x, shapeTensor(kept) }, {}, device);
        }
        prepared.push_back({ x, keptLabels });
    }
    auto toOutput = [&](Tensor r, const std::string& labels) {
        std::vector<int64_t> perm;
        for (char l : eq.output) perm.push_back(int64_t(labels.find(l)));
        c.setOutput(0, isIdentity(perm) ? r : run1("Transpose", { r, Tensor::fromVector(perm) }, {}, device));
    };
    if (n == 1) return toOutput(prepared[0].t, prepared[0].labels);
    const std::string& la = prepared[0].labels;
    const std::string& lb = prepared[1].labels;
    std::string batch, freeA, freeB, contract;
    for (char l : la) {
        const Kind k = kind(l);
        if (k == Kind::Batch) batch += l;
        else if (k == Kind::Free) freeA += l;
        else if (k == Kind::Contract) contract += l;
    }
    for (char l : lb)
        if (kind(l) == Kind::Free) freeB += l;
    const int64_t nb = product(sizeOf(batch)), nc = product(sizeOf(contract));
    const Tensor a3 = run1("Reshape", { prepared[0].t, shapeTensor({ nb, product(sizeOf(freeA)), nc }) }, {}, device);
    const Tensor b3 = run1("Reshape", { prepared[1].t, shapeTensor({ nb, product(sizeOf(freeB)), nc }) }, {}, device);
    Tensor r = run1("BatchMatMulV2", { a3, b3 }, { { "adj_x", false }, { "adj_y", true } }, device);
    const std::string labels = batch + freeA + freeB;
    r = run1("Reshape", { r, shapeTensor(sizeOf(labels)) }, {}, device);
    toOutput(r, labels);
}

void einsumShape(ShapeContext& c) {
    std::vector<std::vector<int64_t>> shapes;
    for (int i = 0; i < c.numInputs(); ++i) {
        const PartialShape& s = c.inputShape(i);
        if (!s.hasRank()) {
            c.setOutput(0, PartialShape::unknown());
            return;
        }
        shapes.emplace_back(s.dims().begin(), s.dims().end());
    }
    const EinsumEquation eq = parseEinsum(c.attrs().getString("equation"), shapes);
    std::map<char, int64_t> sizes = labelSizes(eq, shapes);
    std::vector<int64_t> out;
    for (char l : eq.output) out.push_back(sizes[l]);
    c.setOutput(0, PartialShape(out));
}

// ---- gradient: math_grad.py's _EinsumGrad (the gradient of each operand is an einsum of the
// output gradient and the other operand; labels summed away inside one operand come back by
// broadcasting)

Sym einsumOp(GradBuilder& b, std::vector<Sym> inputs, const std::string& equation) {
    const auto n = int64_t(inputs.size());
    return b.op1("Einsum", std::move(inputs), { { "equation", equation }, { "N", n } });
}

// _GetGradReduced: `grad` (labels `outSubs`) back to the input's labels `inSubs`, the labels in
// `reduced` broadcast to their sizes in `input`.
Sym gradReduced(GradBuilder& b, Sym grad, const std::string& outSubs, const std::string& inSubs, Sym input,
                const std::string& reduced) {
    const PartialShape inShape = b.shape(input);
    if (!inShape.hasRank() || inSubs.find("...") != std::string::npos)
        throw tensor::UnimplementedError("the gradient of Einsum '" + inSubs + "->" + outSubs +
                                         "' with summed labels and an ellipsis or unknown rank");
    std::vector<int64_t> axes;
    for (char l : reduced) axes.push_back(int64_t(inSubs.find(l)));
    const Sym shapeIn = b.op1("Shape", { input }, { { "out_type", DType::Int32 } });
    const Sym reducedDims = b.op1("GatherV2", { shapeIn, grad::intVector(b, axes), grad::intScalar(b, 0) },
                                  { { "batch_dims", int64_t(0) } });
    const Sym shapeGrad = b.op1("Shape", { grad }, { { "out_type", DType::Int32 } });
    const Sym axis0 = grad::intScalar(b, 0);
    const AttrMap concat{ { "N", int64_t(2) } };
    const Sym fullShape = b.op1("ConcatV2", { reducedDims, shapeGrad, axis0 }, concat);
    const Sym onesShape =
        b.op1("ConcatV2", { grad::intVector(b, std::vector<int64_t>(reduced.size(), 1)), shapeGrad, axis0 }, concat);
    const Sym broadcast = b.op1("BroadcastTo", { b.op1("Reshape", { grad, onesShape }), fullShape });
    return einsumOp(b, { broadcast }, reduced + outSubs + "->" + inSubs);
}

Sym gradWrt(GradBuilder& b, Sym grad, Sym other, Sym input, const std::string& inSubs, const std::string& otherSubs,
            const std::string& outSubs) {
    std::string reduced, left;
    for (char l : inSubs) {
        if (l != '.' && outSubs.find(l) == std::string::npos && otherSubs.find(l) == std::string::npos) {
            if (reduced.find(l) == std::string::npos) reduced += l;
        } else {
            left += l;
        }
    }
    const Sym g = einsumOp(b, { grad, other }, outSubs + "," + otherSubs + "->" + left);
    return reduced.empty() ? g : gradReduced(b, g, left, inSubs, input, reduced);
}

std::vector<Sym> einsumGrad(GradBuilder& b, const GradContext& c) {
    std::string eq;
    for (char ch : c.attrs->getString("equation"))
        if (ch != ' ') eq += ch;
    const size_t arrow = eq.find("->");
    const std::vector<std::string> ins = split(eq.substr(0, arrow), ',');
    const std::string out = eq.substr(arrow + 2);
    const Sym g = c.grad(0);
    if (ins.size() == 1) {
        std::string reduced;
        for (char l : ins[0])
            if (l != '.' && out.find(l) == std::string::npos && reduced.find(l) == std::string::npos) reduced += l;
        if (reduced.empty()) return { einsumOp(b, { g }, out + "->" + ins[0]) };
        return { gradReduced(b, g, out, ins[0], c.input(0), reduced) };
    }
    const Sym x = c.input(0), y = c.input(1);
    if (out.find("...") != std::string::npos) {
        // the ellipsis dims must not have been broadcast (TF would sum the gradient over them)
        const PartialShape sx = b.shape(x), sy = b.shape(y);
        const auto ellipsisDims = [](const PartialShape& s, const std::string& subs) {
            std::vector<int64_t> d;
            const int64_t named = int64_t(subs.size()) - 3;
            const size_t dots = subs.find("...");
            if (!s.hasRank()) return std::optional<std::vector<int64_t>>();
            for (int64_t k = int64_t(dots); k < int64_t(dots) + s.rank() - named; ++k) d.push_back(s.dim(int(k)));
            return std::optional<std::vector<int64_t>>(d);
        };
        const auto ex = ins[0].find("...") != std::string::npos ? ellipsisDims(sx, ins[0]) : std::vector<int64_t>();
        const auto ey = ins[1].find("...") != std::string::npos ? ellipsisDims(sy, ins[1]) : std::vector<int64_t>();
        if (!ex || !ey || *ex != *ey || std::find(ex->begin(), ex->end(), -1) != ex->end())
            throw tensor::UnimplementedError("the gradient of Einsum '" + eq +
                                             "' whose ellipsis dimensions broadcast is not supported by GraphLens");
    }
    return { gradWrt(b, g, y, x, ins[0], ins[1], out), gradWrt(b, g, x, y, ins[1], ins[0], out) };
}

} // namespace

EinsumEquation parseEinsum(const std::string& equation, const std::vector<std::vector<int64_t>>& shapes) {
    std::string eq;
    for (char ch : equation)
        if (ch != ' ') eq += ch;
    const size_t arrow = eq.find("->");
    const std::vector<std::string> specs = split(eq.substr(0, arrow), ',');
    if (specs.size() != shapes.size()) invalidArgument("Expecting ", specs.size(), " inputs but got: ", shapes.size());
    EinsumEquation out;
    int64_t maxEllipsis = 0;
    std::vector<int64_t> ellipsisRank(specs.size(), 0);
    for (size_t i = 0; i < specs.size(); ++i) {
        const size_t dots = specs[i].find("...");
        const int64_t named = int64_t(specs[i].size()) - (dots == std::string::npos ? 0 : 3);
        const int64_t rank = int64_t(shapes[i].size());
        if (dots == std::string::npos ? rank != named : rank < named)
            invalidArgument("Expected input ", i, " to have rank ", named, " but got: ", rank);
        ellipsisRank[i] = dots == std::string::npos ? 0 : rank - named;
        maxEllipsis = std::max(maxEllipsis, ellipsisRank[i]);
    }
    auto expand = [&](const std::string& spec, int64_t rank) {
        const size_t dots = spec.find("...");
        if (dots == std::string::npos) return spec;
        std::string labels;
        for (int64_t k = 0; k < rank; ++k) labels += char(1 + (maxEllipsis - rank) + k);
        return spec.substr(0, dots) + labels + spec.substr(dots + 3);
    };
    for (size_t i = 0; i < specs.size(); ++i) {
        std::string labels = expand(specs[i], ellipsisRank[i]);
        std::string sorted = labels;
        std::sort(sorted.begin(), sorted.end());
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
            throw tensor::UnimplementedError("Einsum: a label repeated within one operand ('" + specs[i] +
                                             "', a diagonal) is not supported by GraphLens");
        out.inputs.push_back(std::move(labels));
    }
    if (arrow == std::string::npos) {
        // implicit output: the ellipsis, then the labels that appear once, sorted
        for (int64_t k = 0; k < maxEllipsis; ++k) out.output += char(1 + k);
        std::map<char, int> counts;
        for (const auto& spec : specs)
            for (char l : spec)
                if (l != '.') ++counts[l];
        for (const auto& [l, n] : counts)
            if (n == 1) out.output += l;
    } else {
        out.output = expand(eq.substr(arrow + 2), maxEllipsis);
    }
    for (char l : out.output) {
        bool found = false;
        for (const auto& spec : out.inputs) found = found || spec.find(l) != std::string::npos;
        if (!found) invalidArgument("Output subscript contains a label not present in any input: ", std::string(1, l));
    }
    return out;
}

void registerEinsumKernels() {
    defineOp("Einsum")
        .kernel(einsumKernel, maskOf(DType::Float32, DType::Float64, DType::Int32, DType::Int64))
        .viaFloat()
        .shape(einsumShape)
        .grad(einsumGrad);
}

} // namespace graphlens::ops
