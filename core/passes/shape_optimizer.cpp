// grappler's shape_optimizer and constant folding's shape materialisation: Shape, Size, Rank and
// ShapeN of tensors whose static shape is known become Consts (same name, a control input on
// the tensor's producer keeps the order), and StridedSlice of a Shape that picks only known
// dimensions becomes a Const even when other dimensions are unknown.
#include <algorithm>

#include "core/ops/execute.h"
#include "core/passes/pass_util.h"
#include "core/passes/passes.h"
#include "core/passes/shape_inference.h"

namespace graphlens::passes {
namespace {

using tensor::DType;
using tensor::Tensor;

tensor::DType outType(const tensorflow::NodeDef& n) {
    const auto it = n.attr().find("out_type");
    return it == n.attr().end() ? DType::Int32 : static_cast<DType>(it->second.type());
}

// A shape vector of `dims` (-1 for unknown) in dtype `type`.
Tensor shapeVector(const std::vector<int64_t>& dims, DType type) {
    if (type == DType::Int64) return Tensor::fromVector(dims);
    std::vector<int32_t> v(dims.begin(), dims.end());
    return Tensor::fromVector(v);
}

class ShapeOptimizer : public Pass {
public:
    std::string_view name() const override { return "shape_optimizer"; }

    void run(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report) override {
        // Only Shape, Size and Rank nodes (and slices of a Shape) become constants: without one,
        // inferring every shape of a large graph would be wasted.
        const bool anyShapeOp = std::any_of(graph.node().begin(), graph.node().end(), [](const auto& n) {
            return n.op() == "Shape" || n.op() == "Size" || n.op() == "Rank";
        });
        if (!anyShapeOp) return;
        const auto preserved = preservedNodes(graph, options);
        std::optional<GraphIndex> own;
        const GraphIndex& index = indexOf(graph, options.index, own);
        const auto shapes = inferShapes(graph, index);
        for (int32_t i = 0; i < index.size(); ++i) {
            if (options.cancel) options.cancel->throwIfCancelled();
            const auto& n = index.node(i);
            if (preserved.count(n.name())) continue;
            const std::string& op = n.op();
            if (op != "Shape" && op != "Size" && op != "Rank" && op != "StridedSlice") continue;
            const auto& ins = index.inputs(i);
            if (ins.empty() || ins.front().node < 0 || ins.front().output < 0) continue;
            Tensor value;
            std::string detail;
            if (op == "StridedSlice") {
                if (!sliceOfShape(graph, index, shapes, i, value)) continue;
                detail = "StridedSlice of a Shape picks known dimensions -> Const";
            } else {
                const auto& s = shapes.shape(ins.front().node, ins.front().output);
                if (s.rank() < 0) continue;
                if (op == "Rank") value = Tensor::scalar<int32_t>(s.rank());
                else if (!s.isFullyDefined()) continue;
                else if (op == "Shape") value = shapeVector(s.dims(), outType(n));
                else {
                    int64_t count = 1;
                    for (int64_t d : s.dims()) count *= d;
                    value = outType(n) == DType::Int64 ? Tensor::scalar<int64_t>(count)
                                                       : Tensor::scalar<int32_t>(static_cast<int32_t>(count));
                }
                detail = op + " of a statically known shape -> Const";
            }
            // The Const waits for what the shape came from, as grappler's materialised shapes do.
            int32_t source = ins.front().node;
            if (op == "StridedSlice") source = index.inputs(source).front().node;
            const std::string sourceName = index.node(source).name();
            auto& def = *graph.mutable_node(i);
            makeConst(def, value, false);
            def.add_input("^" + sourceName);
            tidyInputs(def);
            report.changes.push_back({ ChangeKind::Rewritten, def.name(), "Const", {}, detail });
        }
    }

private:
    // StridedSlice(Shape(x), begin, end, strides) with constant begin/end/strides: slice the
    // partly known shape (unknown = -1) with the kernel; a result without -1 is the answer.
    static bool sliceOfShape(const tensorflow::GraphDef&, const GraphIndex& index, const GraphShapes& shapes, int32_t i,
                             Tensor& value) {
        const auto& ins = index.inputs(i);
        if (ins.size() < 4) return false;
        const int32_t shapeNode = ins[0].node;
        if (shapeNode < 0 || ins[0].output != 0 || index.node(shapeNode).op() != "Shape") return false;
        const auto& src = index.inputs(shapeNode);
        if (src.empty() || src.front().node < 0) return false;
        const auto& s = shapes.shape(src.front().node, src.front().output);
        if (s.rank() < 0) return false;
        std::vector<Tensor> args{ shapeVector(s.dims(), outType(index.node(shapeNode))) };
        for (int k = 1; k < 4; ++k) {
            const int32_t p = ins[static_cast<size_t>(k)].node;
            if (p < 0 || ins[static_cast<size_t>(k)].output != 0 || index.node(p).op() != "Const") return false;
            try {
                args.push_back(constValue(index.node(p)));
            } catch (const std::exception&) {
                return false;
            }
        }
        try {
            value = ops::execute("StridedSlice", std::span<const Tensor>(args), nodeAttrs(index.node(i))).at(0);
        } catch (const std::exception&) {
            return false;
        }
        for (int64_t d : value.toInt64Vector())
            if (d < 0) return false;
        return true;
    }
};

} // namespace

std::unique_ptr<Pass> makeShapeOptimizer() {
    return std::make_unique<ShapeOptimizer>();
}

} // namespace graphlens::passes
