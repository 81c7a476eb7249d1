#include "core/passes/shape_inference.h"

#include <algorithm>
#include <unordered_map>

#include "core/ops/execute.h"
#include "core/passes/pass_util.h"

namespace graphlens::passes {
namespace {

tensor::PartialShape fromProto(const tensorflow::TensorShapeProto& p) {
    if (p.unknown_rank()) return tensor::PartialShape::unknown();
    std::vector<int64_t> dims;
    for (const auto& d : p.dim()) dims.push_back(d.size() < 0 ? -1 : d.size());
    return tensor::PartialShape(std::move(dims));
}

// Element count above which Const values are not decoded for shape functions.
constexpr int64_t kMaxValueElements = 1 << 16;

} // namespace

const tensor::PartialShape& GraphShapes::shape(int32_t node, int32_t output) const {
    static const tensor::PartialShape unknown;
    if (node < 0 || static_cast<size_t>(node) >= shapes.size()) return unknown;
    const auto& s = shapes[static_cast<size_t>(node)];
    return output >= 0 && static_cast<size_t>(output) < s.size() ? s[static_cast<size_t>(output)] : unknown;
}

GraphShapes inferShapes(const tensorflow::GraphDef& graph, const GraphIndex& index) {
    GraphShapes out;
    const auto n = static_cast<size_t>(index.size());
    out.shapes.resize(n);
    out.types.resize(n);
    std::unordered_map<int32_t, tensor::Tensor> values;
    for (const int32_t i : index.topologicalOrder()) {
        const auto& node = index.node(i);
        auto& shapes = out.shapes[static_cast<size_t>(i)];
        auto& types = out.types[static_cast<size_t>(i)];
        for (auto t : outputTypes(node, graph.library())) types.push_back(static_cast<tensor::DType>(t));
        shapes.assign(types.size(), tensor::PartialShape::unknown());
        // Recorded shapes first; the shape function may refine them.
        if (const auto it = node.attr().find("_output_shapes"); it != node.attr().end())
            for (int k = 0; k < it->second.list().shape_size() && static_cast<size_t>(k) < shapes.size(); ++k)
                shapes[static_cast<size_t>(k)] = fromProto(it->second.list().shape(k));
        if ((node.op() == "Placeholder" || node.op() == "_Arg") && !shapes.empty()) {
            if (const auto it = node.attr().find("shape"); it != node.attr().end() && it->second.has_shape())
                shapes[0] = fromProto(it->second.shape());
            continue;
        }
        if (node.op() == "Const") {
            // The shape from the proto; the value only when small (shape-like inputs).
            const auto it = node.attr().find("value");
            if (it == node.attr().end()) continue;
            const auto shape = fromProto(it->second.tensor().tensor_shape());
            if (!shapes.empty()) shapes[0] = shape;
            int64_t count = shape.rank() < 0 ? kMaxValueElements + 1 : 1;
            if (shape.rank() >= 0)
                for (int64_t d : shape.dims())
                    count = d < 0 ? kMaxValueElements + 1 : std::min(count * d, kMaxValueElements + 1);
            if (count > kMaxValueElements) continue;
            try {
                values.emplace(i, constValue(node));
            } catch (const std::exception&) { }
            continue;
        }
        const auto* op = ops::findOp(node.op());
        if (!op || !op->shapeFn) continue;
        std::vector<tensor::PartialShape> inShapes;
        std::vector<tensor::DType> inTypes;
        std::vector<const tensor::Tensor*> inValues;
        bool ok = true;
        for (const auto& in : index.inputs(i)) {
            if (in.output < 0) continue;
            if (in.node < 0) {
                ok = false;
                break;
            }
            const auto& ts = out.types[static_cast<size_t>(in.node)];
            if (static_cast<size_t>(in.output) >= ts.size()) {
                ok = false;
                break;
            }
            inShapes.push_back(out.shape(in.node, in.output));
            inTypes.push_back(ts[static_cast<size_t>(in.output)]);
            const auto v = in.output == 0 ? values.find(in.node) : values.end();
            inValues.push_back(v == values.end() ? nullptr : &v->second);
        }
        if (!ok) continue;
        try {
            auto inferred = ops::inferOutputs(op, inShapes, inTypes, inValues, nodeAttrs(node));
            for (size_t k = 0; k < inferred.shapes.size() && k < shapes.size(); ++k)
                if (inferred.shapes[k].rank() >= 0 && !(shapes[k].rank() >= 0 && shapes[k].isFullyDefined()))
                    shapes[k] = inferred.shapes[k];
        } catch (const std::exception&) {
            // Shape functions that reject what they see leave the outputs unknown.
        }
    }
    return out;
}

} // namespace graphlens::passes
