#pragma once
// Op definitions (OpDef) by name: the ops a file declares (MetaInfoDef.stripped_op_list) layered
// over the definitions GraphLens knows. Used to count outputs, name output arguments and derive
// output dtypes.
#include <string>
#include <unordered_map>
#include <vector>

#include "core/proto/node_def.pb.h"
#include "core/proto/op_def.pb.h"

namespace graphlens::graph {

class OpRegistry {
public:
    // The definitions built into GraphLens (recorded from TensorFlow's own registry).
    static const OpRegistry& builtin();

    OpRegistry() = default;
    explicit OpRegistry(const tensorflow::OpList& ops, const OpRegistry* fallback = nullptr);

    const tensorflow::OpDef* find(const std::string& op) const;

    // Output dtypes of `node` per flat output; empty when the op is unknown or an attr is missing.
    std::vector<tensorflow::DataType> outputTypes(const tensorflow::NodeDef& node) const;
    // Flat output index of output argument `arg`, element `index`; -1 if unknown.
    int32_t outputIndex(const tensorflow::NodeDef& node, const std::string& arg, int32_t index) const;
    // Name of flat output `output`, e.g. "output:0" or "z"; empty if unknown.
    std::string outputName(const tensorflow::NodeDef& node, int32_t output) const;
    // Input argument name of flat input `input`; empty if unknown.
    std::string inputName(const tensorflow::NodeDef& node, int32_t input) const;

private:
    // Number of tensors produced/consumed by `arg` for this node; -1 if it cannot be told.
    static int32_t argCount(const tensorflow::OpDef::ArgDef& arg, const tensorflow::NodeDef& node);
    // Name of the flat tensor `flatIndex` among `args` ("x", or "values:2" inside a list argument).
    static std::string flatArgName(const google::protobuf::RepeatedPtrField<tensorflow::OpDef::ArgDef>& args,
                                   const tensorflow::NodeDef& node, int32_t flatIndex);

    std::unordered_map<std::string, tensorflow::OpDef> m_ops;
    const OpRegistry* m_fallback = nullptr;
};

} // namespace graphlens::graph
