#include "core/passes/remapper_rules.h"

#include <algorithm>
#include <cctype>

#include "core/tensor/dtype.h"

namespace graphlens::passes {
namespace {

using tensorflow::AttrValue;
using tensorflow::DataType;
using tensorflow::NodeDef;

std::string quoted(const NodeDef& node) {
    return "'" + node.name() + "'";
}

// Python's dtype names ("float32"), as TF's messages and the oracle's recordings use them; the
// enum values are TF's DataType numbers.
std::string typeName(tensorflow::DataType type) {
    return std::string(graphlens::tensor::dtypeName(static_cast<graphlens::tensor::DType>(type)));
}

std::string stringAttr(const NodeDef& node, const std::string& name, const std::string& fallback) {
    const auto it = node.attr().find(name);
    return it == node.attr().end() ? fallback : it->second.s();
}

bool boolAttr(const NodeDef& node, const std::string& name, bool fallback) {
    const auto it = node.attr().find(name);
    return it == node.attr().end() ? fallback : it->second.b();
}

float floatAttr(const NodeDef& node, const std::string& name, float fallback) {
    const auto it = node.attr().find(name);
    return it == node.attr().end() ? fallback : it->second.f();
}

void copyAttr(const NodeDef& from, NodeDef& to, const std::string& name, const AttrValue& fallback) {
    const auto it = from.attr().find(name);
    (*to.mutable_attr())[name] = it == from.attr().end() ? fallback : it->second;
}

AttrValue intListAttr(std::initializer_list<int64_t> values) {
    AttrValue v;
    auto* list = v.mutable_list();
    for (const int64_t x : values) list->add_i(x);
    if (values.size() == 0) (void)list; // an empty list is still a list
    return v;
}

AttrValue stringAttrValue(const std::string& s) {
    AttrValue v;
    v.set_s(s);
    return v;
}

AttrValue boolAttrValue(bool b) {
    AttrValue v;
    v.set_b(b);
    return v;
}

// fused_ops, num_args, epsilon and leakyrelu_alpha as TF's SetFusedOpAttributes writes them.
void setFusedOps(NodeDef& fused, const std::vector<std::string>& ops, int numArgs, float epsilon,
                 const NodeDef* activation) {
    auto& attrs = *fused.mutable_attr();
    auto* list = attrs["fused_ops"].mutable_list();
    for (const auto& op : ops) list->add_s(op);
    attrs["num_args"].set_i(numArgs);
    attrs["epsilon"].set_f(epsilon);
    attrs["leakyrelu_alpha"].set_f(activation && activation->op() == "LeakyRelu" ? floatAttr(*activation, "alpha", 0.2F)
                                                                                 : 0.2F);
}

void copyConvAttrs(const NodeDef& conv, NodeDef& fused, DataType type, int numArgs) {
    auto& attrs = *fused.mutable_attr();
    attrs["T"].set_type(type);
    auto* targs = attrs["TArgs"].mutable_list();
    for (int k = 0; k < numArgs; ++k) targs->add_type(type);
    attrs["num_host_args"].set_i(0);
    copyAttr(conv, fused, "strides", intListAttr({ 1, 1, 1, 1 }));
    copyAttr(conv, fused, "padding", stringAttrValue("VALID"));
    AttrValue emptyList;
    emptyList.mutable_list();
    copyAttr(conv, fused, "explicit_paddings", emptyList);
    copyAttr(conv, fused, "data_format", stringAttrValue("NHWC"));
    copyAttr(conv, fused, "dilations", intListAttr({ 1, 1, 1, 1 }));
    copyAttr(conv, fused, "use_cudnn_on_gpu", boolAttrValue(true));
    attrs["filter_format"].set_s("HWIO");
}

// Data inputs in canonical form ("x:0" as "x"), as grappler writes the nodes it builds.
std::vector<std::string> dataInputs(const NodeDef& node) {
    std::vector<std::string> out;
    for (const auto& in : node.input()) {
        if (!in.empty() && in.front() == '^') continue;
        const auto [name, output] = splitInput(in);
        out.push_back(inputString(name, output));
    }
    return out;
}

bool outputsBeyondFirstRead(const GraphIndex& index, int32_t position) {
    for (const auto& c : index.consumers(position))
        if (c.output > 0) return true;
    return false;
}

NodeDef primitive(const std::string& name, const std::string& op, const NodeDef& like,
                  std::initializer_list<std::string> inputs) {
    NodeDef n;
    n.set_name(name);
    n.set_op(op);
    n.set_device(like.device());
    for (const auto& in : inputs) n.add_input(in);
    (*n.mutable_attr())["T"].set_type(tensorflow::DT_FLOAT);
    return n;
}

} // namespace

DeviceKind deviceKind(const NodeDef& node, Target target) {
    if (node.device().empty()) return target == Target::Gpu ? DeviceKind::Gpu : DeviceKind::Cpu;
    std::string upper = node.device();
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
    if (upper.find("GPU") != std::string::npos) return DeviceKind::Gpu;
    if (upper.find("CPU") != std::string::npos) return DeviceKind::Cpu;
    return DeviceKind::Other;
}

DataType typeAttr(const NodeDef& node, const std::string& name) {
    const auto it = node.attr().find(name);
    return it == node.attr().end() ? tensorflow::DT_INVALID : it->second.type();
}

bool isContraction(const std::string& op) {
    return op == "Conv2D" || op == "MatMul" || op == "DepthwiseConv2dNative";
}

bool isFusedBatchNorm(const std::string& op) {
    return op == "FusedBatchNorm" || op == "FusedBatchNormV2" || op == "FusedBatchNormV3";
}

bool isActivationLike(const std::string& op) {
    return op == "Relu" || op == "Relu6" || op == "Elu" || op == "LeakyRelu" || op == "Tanh" || op == "Sigmoid" ||
        op == "Selu" || op == "Softplus" || op == "Softsign";
}

std::optional<std::vector<int64_t>> filterShape(const tensorflow::GraphDef& graph, const GraphIndex& index,
                                                int32_t contraction) {
    const auto& ins = index.inputs(contraction);
    if (ins.size() < 2 || ins[1].node < 0 || ins[1].output < 0) return std::nullopt;
    int32_t producerIndex = ins[1].node;
    // Keras filters are variables: follow ReadVariableOp (through Identity) to the handle, whose
    // shape the VarHandleOp's `shape` or a resource argument's `_handle_shapes` gives, as
    // grappler's shape inference reads the handle's shape.
    for (int hops = 0; hops < 8; ++hops) {
        const auto& n = graph.node(producerIndex);
        if (n.op() != "Identity" && n.op() != "ReadVariableOp") break;
        const auto& up = index.inputs(producerIndex);
        if (up.empty() || up[0].node < 0 || up[0].output < 0) break;
        producerIndex = up[0].node;
        if (n.op() == "ReadVariableOp") {
            const auto& handle = graph.node(producerIndex);
            const tensorflow::TensorShapeProto* shape = nullptr;
            if (const auto it = handle.attr().find("shape"); handle.op() == "VarHandleOp" && it != handle.attr().end())
                shape = &it->second.shape();
            else if (const auto hs = handle.attr().find("_handle_shapes");
                     hs != handle.attr().end() && hs->second.list().shape_size() > 0)
                shape = &hs->second.list().shape(0);
            if (!shape || shape->unknown_rank()) return std::nullopt;
            std::vector<int64_t> dims;
            for (const auto& d : shape->dim()) dims.push_back(d.size());
            return dims;
        }
    }
    const auto& producer = graph.node(producerIndex);
    if (producer.op() == "Const") {
        const auto it = producer.attr().find("value");
        if (it == producer.attr().end()) return std::nullopt;
        std::vector<int64_t> dims;
        for (const auto& d : it->second.tensor().tensor_shape().dim()) dims.push_back(d.size());
        return dims;
    }
    const int32_t output = producerIndex == ins[1].node ? ins[1].output : 0;
    const auto it = producer.attr().find("_output_shapes");
    if (it == producer.attr().end() || it->second.list().shape_size() <= output) return std::nullopt;
    const auto& shape = it->second.list().shape(output);
    if (shape.unknown_rank()) return std::nullopt;
    std::vector<int64_t> dims;
    for (const auto& d : shape.dim()) dims.push_back(d.size());
    return dims;
}

std::optional<Miss> contractionDeviceMiss(const NodeDef& contraction, DeviceKind device, const std::string& activation,
                                          const std::optional<std::vector<int64_t>>& filter) {
    const std::string& op = contraction.op();
    const DataType type = typeAttr(contraction);
    const std::string format = stringAttr(contraction, "data_format", "NHWC");
    if (device == DeviceKind::Other)
        return Miss{ "device", quoted(contraction) + " is on '" + contraction.device() + "', neither CPU nor GPU" };
    if (device == DeviceKind::Cpu) {
        if (op == "DepthwiseConv2dNative")
            return Miss{ "device",
                         "DepthwiseConv2dNative " + quoted(contraction) + " is fused on CPU only with oneDNN" };
        if (op == "MatMul" && type != tensorflow::DT_FLOAT)
            return Miss{ "dtype",
                         "MatMul " + quoted(contraction) + " is " + typeName(type) + "; on CPU only float32 fuses" };
        if (op == "Conv2D" && type != tensorflow::DT_FLOAT && type != tensorflow::DT_DOUBLE)
            return Miss{ "dtype",
                         "Conv2D " + quoted(contraction) + " is " + typeName(type) +
                             "; on CPU only float32 and float64 fuse" };
        if (op == "Conv2D" && format != "NHWC")
            return Miss{ "data_format",
                         "Conv2D " + quoted(contraction) + " is " + format + "; on CPU only NHWC fuses" };
        return std::nullopt;
    }
    if (op == "MatMul")
        return Miss{ "device",
                     "MatMul " + quoted(contraction) + " on GPU is fused only with cuBLASLt (TF_USE_CUBLASLT=1)" };
    if (op == "DepthwiseConv2dNative")
        return Miss{ "device", "DepthwiseConv2dNative " + quoted(contraction) + " is not fused on GPU" };
    if (type != tensorflow::DT_FLOAT)
        return Miss{ "dtype",
                     "Conv2D " + quoted(contraction) + " is " + typeName(type) + "; on GPU only float32 fuses" };
    if (format != "NHWC" && format != "NCHW")
        return Miss{ "data_format", "Conv2D " + quoted(contraction) + " is " + format };
    if (activation.empty())
        return Miss{ "device", "on GPU Conv2D+BiasAdd (" + quoted(contraction) + ") is fused only with an activation" };
    if (!filter || filter->size() != 4 || (*filter)[0] < 0 || (*filter)[1] < 0)
        return Miss{ "filter_shape",
                     "the filter shape of " + quoted(contraction) + " is unknown (GPU fuses spatial filters only)" };
    if ((*filter)[0] == 1 && (*filter)[1] == 1)
        return Miss{ "filter_shape", quoted(contraction) + " has a 1x1 filter; GPU fuses spatial filters only" };
    return std::nullopt;
}

std::optional<Miss> activationSupportMiss(const NodeDef& activation, const NodeDef& contraction, DeviceKind device) {
    const std::string& op = activation.op();
    if (device == DeviceKind::Gpu) {
        if (op == "Relu") return std::nullopt;
        return Miss{ "unsupported_activation", op + " " + quoted(activation) + ": on GPU only Relu fuses" };
    }
    if (op == "Relu" || op == "Relu6" || op == "Elu") return std::nullopt;
    if (op == "LeakyRelu" && (contraction.op() == "Conv2D" || contraction.op() == "MatMul")) return std::nullopt;
    return Miss{ "unsupported_activation",
                 op + " " + quoted(activation) + " is not a fusable activation (Relu, Relu6, Elu, LeakyRelu; " +
                     "Tanh and Sigmoid only with oneDNN)" };
}

std::optional<Miss> batchNormInferenceMiss(const NodeDef& batchNorm, const GraphIndex& index, int32_t position) {
    if (boolAttr(batchNorm, "is_training", true))
        return Miss{ "training_batch_norm", quoted(batchNorm) + " is in training mode (is_training=true)" };
    if (outputsBeyondFirstRead(index, position))
        return Miss{ "batch_norm_outputs_used", quoted(batchNorm) + ": outputs 1-5 (mean, variance, ...) are read" };
    if (batchNorm.op() != "FusedBatchNorm" && typeAttr(batchNorm, "U") != tensorflow::DT_FLOAT)
        return Miss{ "dtype", quoted(batchNorm) + " has U other than float32" };
    return std::nullopt;
}

std::optional<Miss> convBatchNormDeviceMiss(const NodeDef& conv, DeviceKind device, const std::string& activation) {
    if (device != DeviceKind::Cpu)
        return Miss{ "device", "Conv2D+FusedBatchNorm is fused on CPU only (" + quoted(conv) + ")" };
    if (auto m = contractionDeviceMiss(conv, device, activation, std::nullopt)) return m;
    return std::nullopt;
}

std::optional<Miss> squeezeMiss(const NodeDef& squeeze) {
    const auto it = squeeze.attr().find("squeeze_dims");
    if (it == squeeze.attr().end() || it->second.list().i_size() == 0)
        return Miss{ "squeeze_dims", quoted(squeeze) + " squeezes every size-1 dimension (the channel one too)" };
    for (const int64_t d : it->second.list().i())
        if (d == 3 || d == -1) return Miss{ "squeeze_dims", quoted(squeeze) + " removes the channel dimension" };
    return std::nullopt;
}

std::optional<Miss> batchNormExMiss(const NodeDef& batchNorm, DeviceKind device) {
    if (device == DeviceKind::Cpu)
        return Miss{ "device",
                     quoted(batchNorm) +
                         " is on CPU: FusedBatchNorm+Relu (_FusedBatchNormEx) is fused on GPU "
                         "only, or on CPU with oneDNN" };
    if (device == DeviceKind::Other)
        return Miss{ "device", quoted(batchNorm) + " is on '" + batchNorm.device() + "', neither CPU nor GPU" };
    if (batchNorm.op() == "FusedBatchNorm")
        return Miss{ "op_version", quoted(batchNorm) + " is FusedBatchNorm V1; _FusedBatchNormEx replaces V2/V3" };
    const DataType type = typeAttr(batchNorm);
    if (type != tensorflow::DT_FLOAT && type != tensorflow::DT_HALF)
        return Miss{ "dtype", quoted(batchNorm) + " is " + typeName(type) + "; float32 or float16 fuse" };
    if (typeAttr(batchNorm, "U") != tensorflow::DT_FLOAT)
        return Miss{ "dtype", quoted(batchNorm) + " has U other than float32" };
    if (boolAttr(batchNorm, "is_training", true))
        return Miss{ "training_batch_norm",
                     quoted(batchNorm) +
                         " is in training mode: fused only for float16, NHWC, channels%4==0 "
                         "with TF_USE_CUDNN_BATCHNORM_SPATIAL_PERSISTENT=1" };
    // Unlike Conv2D+FusedBatchNorm, TF lets outputs 1-5 have readers here: _FusedBatchNormEx
    // makes them too.
    return std::nullopt;
}

bool canDecomposeBatchNorm(const GraphIndex& index, int32_t batchNorm) {
    const auto& bn = index.node(batchNorm);
    if (!isFusedBatchNorm(bn.op()) || typeAttr(bn) != tensorflow::DT_FLOAT) return false;
    if (boolAttr(bn, "is_training", true) || outputsBeyondFirstRead(index, batchNorm)) return false;
    const std::string format = stringAttr(bn, "data_format", "NHWC");
    if (format != "NHWC" && format != "NCHW") return false;
    // TF needs the scale and the variance as known values (graph properties); Const nodes here.
    const auto& ins = index.inputs(batchNorm);
    if (ins.size() < 5) return false;
    for (const size_t k : { size_t{ 1 }, size_t{ 4 } })
        if (ins[k].node < 0 || ins[k].output != 0 || index.node(ins[k].node).op() != "Const") return false;
    return true;
}

NodeDef fusedContraction(const NodeDef& contraction, const NodeDef& bias, const NodeDef* activation,
                         const std::string& name) {
    NodeDef fused;
    fused.set_name(name);
    fused.set_device(contraction.device());
    const auto ins = dataInputs(contraction);
    fused.add_input(ins.at(0));
    fused.add_input(ins.at(1));
    fused.add_input(dataInputs(bias).at(1));
    const DataType type = typeAttr(contraction);
    std::vector<std::string> ops{ "BiasAdd" };
    if (activation) ops.push_back(activation->op());
    if (contraction.op() == "MatMul") {
        fused.set_op("_FusedMatMul");
        auto& attrs = *fused.mutable_attr();
        attrs["T"].set_type(type);
        copyAttr(contraction, fused, "transpose_a", boolAttrValue(false));
        copyAttr(contraction, fused, "transpose_b", boolAttrValue(false));
    } else {
        fused.set_op(contraction.op() == "Conv2D" ? "_FusedConv2D" : "_FusedDepthwiseConv2dNative");
        copyConvAttrs(contraction, fused, type, 1);
    }
    setFusedOps(fused, ops, 1, 0.0F, activation);
    return fused;
}

NodeDef fusedConvBatchNorm(const NodeDef& conv, const NodeDef& batchNorm, const NodeDef* activation,
                           const std::string& name) {
    NodeDef fused;
    fused.set_name(name);
    fused.set_op("_FusedConv2D");
    fused.set_device(conv.device());
    const auto ins = dataInputs(conv);
    fused.add_input(ins.at(0));
    fused.add_input(ins.at(1));
    const auto bnIns = dataInputs(batchNorm);
    for (size_t k = 1; k <= 4; ++k) fused.add_input(bnIns.at(k));
    copyConvAttrs(conv, fused, typeAttr(conv), 4);
    std::vector<std::string> ops{ "FusedBatchNorm" };
    if (activation) ops.push_back(activation->op());
    setFusedOps(fused, ops, 4, floatAttr(batchNorm, "epsilon", 0.0001F), activation);
    return fused;
}

NodeDef fusedBatchNormEx(const NodeDef& batchNorm, const std::string& sideInput) {
    NodeDef fused;
    fused.set_name(batchNorm.name());
    fused.set_op("_FusedBatchNormEx");
    fused.set_device(batchNorm.device());
    const auto ins = dataInputs(batchNorm);
    for (size_t k = 0; k < 5; ++k) fused.add_input(ins.at(k));
    auto& attrs = *fused.mutable_attr();
    attrs["T"].set_type(typeAttr(batchNorm));
    attrs["U"].set_type(tensorflow::DT_FLOAT);
    attrs["epsilon"].set_f(floatAttr(batchNorm, "epsilon", 0.0001F));
    attrs["exponential_avg_factor"].set_f(floatAttr(batchNorm, "exponential_avg_factor", 1.0F));
    attrs["data_format"].set_s(stringAttr(batchNorm, "data_format", "NHWC"));
    attrs["is_training"].set_b(boolAttr(batchNorm, "is_training", true));
    attrs["activation_mode"].set_s("Relu");
    attrs["num_side_inputs"].set_i(sideInput.empty() ? 0 : 1);
    if (!sideInput.empty()) fused.add_input(sideInput);
    return fused;
}

std::vector<NodeDef> decomposedBatchNorm(const NodeDef& batchNorm) {
    const std::string& base = batchNorm.name();
    const auto ins = dataInputs(batchNorm);
    std::string x = ins.at(0), scale = ins.at(1), offset = ins.at(2), mean = ins.at(3), variance = ins.at(4);
    std::vector<NodeDef> out;
    NodeDef epsilon;
    epsilon.set_name(base + "/Const");
    epsilon.set_op("Const");
    epsilon.set_device(batchNorm.device());
    (*epsilon.mutable_attr())["dtype"].set_type(tensorflow::DT_FLOAT);
    auto* epsilonValue = (*epsilon.mutable_attr())["value"].mutable_tensor();
    epsilonValue->set_dtype(tensorflow::DT_FLOAT);
    epsilonValue->mutable_tensor_shape();
    epsilonValue->add_float_val(floatAttr(batchNorm, "epsilon", 0.0001F));
    out.push_back(std::move(epsilon));
    if (stringAttr(batchNorm, "data_format", "NHWC") == "NCHW") {
        // Per-channel vectors become [1, C, 1, 1] to broadcast over NCHW.
        NodeDef shape;
        shape.set_name(base + "/NCHWShape");
        shape.set_op("Const");
        shape.set_device(batchNorm.device());
        shape.add_input("^" + std::string(splitInput(scale).first));
        (*shape.mutable_attr())["dtype"].set_type(tensorflow::DT_INT32);
        auto* value = (*shape.mutable_attr())["value"].mutable_tensor();
        value->set_dtype(tensorflow::DT_INT32);
        value->mutable_tensor_shape()->add_dim()->set_size(4);
        for (const int v : { 1, -1, 1, 1 }) value->add_int_val(v);
        out.push_back(std::move(shape));
        const auto reshape = [&](const std::string& suffix, std::string& input) {
            NodeDef r = primitive(base + "/NCHWShaped" + suffix, "Reshape", batchNorm, { input, base + "/NCHWShape" });
            (*r.mutable_attr())["Tshape"].set_type(tensorflow::DT_INT32);
            input = r.name();
            out.push_back(std::move(r));
        };
        reshape("Scale", scale);
        reshape("Mean", mean);
        reshape("Variance", variance);
        reshape("Offset", offset);
    }
    out.push_back(primitive(base + "/VarPlusEpsilon", "Add", batchNorm, { variance, base + "/Const" }));
    out.push_back(primitive(base + "/Inv", "Rsqrt", batchNorm, { base + "/VarPlusEpsilon" }));
    out.push_back(primitive(base + "/Scaled", "Mul", batchNorm, { base + "/Inv", scale }));
    out.push_back(primitive(base + "/Mul", "Mul", batchNorm, { x, base + "/Scaled" }));
    out.push_back(primitive(base + "/Mul2", "Mul", batchNorm, { mean, base + "/Scaled" }));
    out.push_back(primitive(base + "/Offset", "Sub", batchNorm, { offset, base + "/Mul2" }));
    out.push_back(primitive(base, "Add", batchNorm, { base + "/Mul", base + "/Offset" }));
    return out;
}

} // namespace graphlens::passes
