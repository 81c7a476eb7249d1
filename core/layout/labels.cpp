#include "core/layout/labels.h"

#include <algorithm>
#include <array>

#include "core/graph/io/tensor_value.h"

namespace graphlens::layout {
namespace {

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}
bool endsWith(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}
bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

template<size_t N> bool oneOf(std::string_view op, const std::array<std::string_view, N>& names) {
    return std::find(names.begin(), names.end(), op) != names.end();
}

constexpr std::array<std::string_view, 8> kConstants{ "Const", "HostConst",      "ZerosLike", "OnesLike",
                                                      "Fill",  "ImmutableConst", "Range",     "LinSpace" };
constexpr std::array<std::string_view, 22> kControl{
    "Switch",         "RefSwitch", "Merge",       "RefMerge",      "Enter",
    "RefEnter",       "Exit",      "RefExit",     "NextIteration", "RefNextIteration",
    "LoopCond",       "If",        "StatelessIf", "_If",           "While",
    "StatelessWhile", "_While",    "Case",        "StatelessCase", "NoOp",
    "ControlTrigger", "Abort"
};
constexpr std::array<std::string_view, 10> kCalls{ "PartitionedCall",    "StatefulPartitionedCall",
                                                   "TPUPartitionedCall", "RemoteCall",
                                                   "SymbolicGradient",   "BatchFunction",
                                                   "_XlaLaunch",         "XlaLaunch",
                                                   "XlaCluster",         "MapDefun" };
constexpr std::array<std::string_view, 22> kArray{ "Identity",     "IdentityN", "Reshape",  "Squeeze",  "ExpandDims",
                                                   "Concat",       "ConcatV2",  "Pack",     "Unpack",   "Slice",
                                                   "StridedSlice", "Gather",    "GatherV2", "GatherNd", "Transpose",
                                                   "Shape",        "ShapeN",    "Size",     "Rank",     "Tile",
                                                   "Pad",          "Split" };
constexpr std::array<std::string_view, 24> kNeural{ "Conv2D",
                                                    "Conv3D",
                                                    "DepthwiseConv2dNative",
                                                    "Conv2DBackpropInput",
                                                    "MatMul",
                                                    "BatchMatMul",
                                                    "BatchMatMulV2",
                                                    "BatchMatMulV3",
                                                    "BiasAdd",
                                                    "Relu",
                                                    "Relu6",
                                                    "Elu",
                                                    "Selu",
                                                    "Softmax",
                                                    "LogSoftmax",
                                                    "Softplus",
                                                    "Sigmoid",
                                                    "Tanh",
                                                    "MaxPool",
                                                    "AvgPool",
                                                    "LRN",
                                                    "Dropout",
                                                    "LeakyRelu",
                                                    "Einsum" };
constexpr std::array<std::string_view, 12> kIo{ "Placeholder",   "PlaceholderWithDefault",
                                                "PlaceholderV2", "_Arg",
                                                "_Retval",       "SaveV2",
                                                "RestoreV2",     "Save",
                                                "Restore",       "ReadFile",
                                                "WriteFile",     "MergeV2Checkpoints" };

} // namespace

OpCategory opCategory(std::string_view op, bool callsFunction) {
    if (oneOf(op, kControl)) return OpCategory::ControlFlow;
    if (callsFunction || oneOf(op, kCalls)) return OpCategory::Call;
    if (oneOf(op, kConstants)) return OpCategory::Constant;
    if (oneOf(op, kIo) || endsWith(op, "Dataset") || endsWith(op, "DatasetV2") || endsWith(op, "Reader") ||
        endsWith(op, "ReaderV2") || startsWith(op, "Iterator") || contains(op, "Queue") || startsWith(op, "Decode") ||
        startsWith(op, "Parse") || startsWith(op, "Restore") || startsWith(op, "Save"))
        return OpCategory::InputOutput;
    if (startsWith(op, "Variable") || startsWith(op, "VarHandle") || contains(op, "VariableOp") ||
        op == "VarIsInitializedOp" || op == "Assign" || op == "AssignAdd" || op == "AssignSub" ||
        startsWith(op, "AssignVariable") || startsWith(op, "AssignAddVariable") ||
        startsWith(op, "AssignSubVariable") || op == "IsVariableInitialized" || contains(op, "HashTable") ||
        op == "DestroyResourceOp")
        return OpCategory::Variable;
    if (startsWith(op, "Apply") || startsWith(op, "ResourceApply") || startsWith(op, "SparseApply") ||
        startsWith(op, "ResourceSparseApply") || op == "BroadcastGradientArgs" || endsWith(op, "Grad") ||
        contains(op, "Backprop") || op == "StopGradient" || op == "PreventGradient")
        return OpCategory::Training;
    if (contains(op, "Summary") || op == "Print" || op == "PrintV2" || op == "Assert" || startsWith(op, "Write") ||
        op == "CheckNumerics" || op == "CheckNumericsV2")
        return OpCategory::Summary;
    if (oneOf(op, kNeural) || startsWith(op, "Conv") || startsWith(op, "_Fused") || startsWith(op, "Fused") ||
        contains(op, "Pool") || contains(op, "BatchNorm") || contains(op, "Lstm") || contains(op, "GRU") ||
        startsWith(op, "Softmax") || startsWith(op, "SparseSoftmax") || contains(op, "CrossEntropy"))
        return OpCategory::NeuralNet;
    if (oneOf(op, kArray) || startsWith(op, "Concat") || startsWith(op, "Split") || startsWith(op, "Gather") ||
        startsWith(op, "Scatter") || startsWith(op, "Tensor") || startsWith(op, "Reverse") ||
        startsWith(op, "Broadcast") || startsWith(op, "Resize") || op == "Cast" || op == "Bitcast" || op == "OneHot" ||
        op == "Where" || op == "Select" || op == "SelectV2" || op == "Unique" || op == "DynamicStitch" ||
        op == "DynamicPartition" || op == "ZerosLike" || op == "Snapshot")
        return OpCategory::ArrayOps;
    if (op.empty()) return OpCategory::Other;
    static constexpr std::array<std::string_view, 60> kMath{ "Add",         "AddV2",
                                                             "AddN",        "Sub",
                                                             "Mul",         "Div",
                                                             "RealDiv",     "FloorDiv",
                                                             "FloorMod",    "Mod",
                                                             "Maximum",     "Minimum",
                                                             "Neg",         "Abs",
                                                             "Sign",        "Square",
                                                             "Sqrt",        "Rsqrt",
                                                             "Exp",         "Log",
                                                             "Log1p",       "Pow",
                                                             "Reciprocal",  "Inv",
                                                             "Floor",       "Ceil",
                                                             "Round",       "Sum",
                                                             "Mean",        "Prod",
                                                             "Max",         "Min",
                                                             "ArgMax",      "ArgMin",
                                                             "All",         "Any",
                                                             "Equal",       "NotEqual",
                                                             "Less",        "LessEqual",
                                                             "Greater",     "GreaterEqual",
                                                             "LogicalAnd",  "LogicalOr",
                                                             "LogicalNot",  "SquaredDifference",
                                                             "Cumsum",      "Cumprod",
                                                             "Erf",         "Sin",
                                                             "Cos",         "Tan",
                                                             "Atan",        "Atan2",
                                                             "DivNoNan",    "MulNoNan",
                                                             "ClipByValue", "L2Loss",
                                                             "TruncateDiv", "BiasAddV1" };
    if (oneOf(op, kMath) || startsWith(op, "Random") || startsWith(op, "Stateless") ||
        startsWith(op, "TruncatedNormal") || startsWith(op, "Segment") || startsWith(op, "Unsorted"))
        return OpCategory::Math;
    return OpCategory::Other;
}

const char* categoryName(OpCategory category) {
    switch (category) {
    case OpCategory::Constant:
        return "constant";
    case OpCategory::Variable:
        return "variable";
    case OpCategory::Math:
        return "math";
    case OpCategory::NeuralNet:
        return "neural network";
    case OpCategory::ArrayOps:
        return "array";
    case OpCategory::ControlFlow:
        return "control flow";
    case OpCategory::Call:
        return "function call";
    case OpCategory::InputOutput:
        return "input/output";
    case OpCategory::Training:
        return "training";
    case OpCategory::Summary:
        return "summary/debug";
    case OpCategory::Other:
        break;
    }
    return "other";
}

std::string dtypeLabel(tensorflow::DataType dtype) {
    if (dtype == tensorflow::DT_INVALID) return "?";
    return io::dtypeName(dtype);
}

std::string shapeOnEdge(const tensorflow::TensorShapeProto& shape) {
    if (shape.unknown_rank()) return "?";
    if (shape.dim_size() == 0) return "scalar";
    std::string out;
    for (int i = 0; i < shape.dim_size(); ++i) {
        if (i) out += "\u00d7";
        const int64_t size = shape.dim(i).size();
        out += size < 0 ? "?" : std::to_string(size);
    }
    return out;
}

std::string shapeInBrackets(const tensorflow::TensorShapeProto& shape) {
    if (shape.unknown_rank()) return "<unknown>";
    std::string out = "[";
    for (int i = 0; i < shape.dim_size(); ++i) {
        if (i) out += ",";
        const int64_t size = shape.dim(i).size();
        out += size < 0 ? "?" : std::to_string(size);
    }
    return out + "]";
}

std::string_view lastSegment(std::string_view name) {
    const auto slash = name.rfind('/');
    return slash == std::string_view::npos ? name : name.substr(slash + 1);
}

} // namespace graphlens::layout
