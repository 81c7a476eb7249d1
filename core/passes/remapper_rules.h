#pragma once
// The remapper's conditions (which node, dtype, format and device grappler's remapper accepts, as
// TF 2.21 without oneDNN does) and the nodes it builds (_FusedMatMul, _FusedConv2D,
// _FusedBatchNormEx, an inference FusedBatchNorm as primitive ops). Split from remapper.cpp,
// which walks the graph and decides what to fuse.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/passes/graph_index.h"
#include "core/passes/pass.h"
#include "core/proto/graph.pb.h"

namespace graphlens::passes {

// Why a pattern did not fuse: FusionMiss's condition key and the reason in words.
struct Miss {
    std::string condition;
    std::string reason;
};

enum class DeviceKind { Cpu, Gpu, Other };

// CPU or GPU from the node's device string; an unplaced node counts as placed on `target`.
DeviceKind deviceKind(const tensorflow::NodeDef& node, Target target);
tensorflow::DataType typeAttr(const tensorflow::NodeDef& node, const std::string& name = "T");

bool isContraction(const std::string& op); // Conv2D, MatMul, DepthwiseConv2dNative
bool isFusedBatchNorm(const std::string& op);
// Unary ops a fusion could end with: the supported activations and those TF leaves outside.
bool isActivationLike(const std::string& op);

// The contraction's filter shape (input 1) when a Const, `_output_shapes` or the shape of the
// variable it reads tells it.
std::optional<std::vector<int64_t>> filterShape(const tensorflow::GraphDef& graph, const GraphIndex& index,
                                                int32_t contraction);

// Contraction+BiasAdd(+activation `activation`, "" for none) on the contraction's device.
std::optional<Miss> contractionDeviceMiss(const tensorflow::NodeDef& contraction, DeviceKind device,
                                          const std::string& activation,
                                          const std::optional<std::vector<int64_t>>& filter);
std::optional<Miss> activationSupportMiss(const tensorflow::NodeDef& activation, const tensorflow::NodeDef& contraction,
                                          DeviceKind device);
// An inference batch norm whose outputs other than y are unread (`batchNorm` is its position).
std::optional<Miss> batchNormInferenceMiss(const tensorflow::NodeDef& batchNorm, const GraphIndex& index,
                                           int32_t position);
std::optional<Miss> convBatchNormDeviceMiss(const tensorflow::NodeDef& conv, DeviceKind device,
                                            const std::string& activation);
std::optional<Miss> squeezeMiss(const tensorflow::NodeDef& squeeze);
// FusedBatchNorm(+side input)+Relu on its own: GPU only, inference (or TF's narrow training case).
std::optional<Miss> batchNormExMiss(const tensorflow::NodeDef& batchNorm, DeviceKind device);
bool canDecomposeBatchNorm(const GraphIndex& index, int32_t batchNorm);

// _FusedMatMul / _FusedConv2D of contraction + bias (+ activation), named `name`.
tensorflow::NodeDef fusedContraction(const tensorflow::NodeDef& contraction, const tensorflow::NodeDef& bias,
                                     const tensorflow::NodeDef* activation, const std::string& name);
tensorflow::NodeDef fusedConvBatchNorm(const tensorflow::NodeDef& conv, const tensorflow::NodeDef& batchNorm,
                                       const tensorflow::NodeDef* activation, const std::string& name);
// `sideInput` ("" for none): the tensor added to y before the Relu.
tensorflow::NodeDef fusedBatchNormEx(const tensorflow::NodeDef& batchNorm, const std::string& sideInput = {});
// The primitive ops replacing an inference batch norm, in TF's names; the last one (an Add)
// takes the batch norm's name.
std::vector<tensorflow::NodeDef> decomposedBatchNorm(const tensorflow::NodeDef& batchNorm);

} // namespace graphlens::passes
