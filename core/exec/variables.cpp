// Restoring a model's resource variables from its checkpoint into a ResourceManager.
#include "core/exec/executor.h"
#include "core/exec/ref_variables.h"
#include "core/graph/io/tensor_bundle.h"
#include "core/graph/model.h"
#include "core/ops/proto_values.h"
#include "core/ops/resource.h"

namespace graphlens::exec {

size_t restoreVariables(const graph::Model& model, const graph::MetaGraph& metaGraph, tensor::Device* device,
                        std::vector<std::string>* skipped) {
    if (!device) device = tensor::cpuDevice();
    auto& resources = ops::resourceManager(device);
    size_t restored = 0;
    for (const graph::Variable& v : metaGraph.variables) {
        std::vector<graph::NodeId> handles = v.handles;
        if (handles.empty() && v.node != graph::kNoNode) handles.push_back(v.node);
        // TF1 ref variables run as resource variables under their shared_name (ref_variables.h).
        auto isVariable = [&](graph::NodeId id) {
            const std::string& op = metaGraph.graph.node(id).op();
            return op == "VarHandleOp" || op == "VariableV2" || op == "Variable";
        };
        std::erase_if(handles, [&](graph::NodeId id) { return !isVariable(id); });
        if (handles.empty()) continue;
        if (!model.bundle || v.checkpointKey.empty() || !model.bundle->find(v.checkpointKey)) {
            if (skipped) skipped->push_back(v.name);
            continue;
        }
        const tensor::Tensor value =
            ops::tensorFromValue(model.bundle->read(v.checkpointKey), "checkpoint key '" + v.checkpointKey + "'");
        for (graph::NodeId id : handles) {
            const auto& attrs = metaGraph.graph.node(id).def().attr();
            auto text = [&](const char* name) {
                auto it = attrs.find(name);
                return it == attrs.end() ? std::string() : it->second.s();
            };
            const auto& def = metaGraph.graph.node(id).def();
            const std::string shared = def.op() == "VarHandleOp" ? text("shared_name") : refVariableSharedName(def);
            const tensor::Tensor handle = ops::makeVarHandle(device, text("container"), shared, value.dtype(),
                                                             tensor::PartialShape(value.shape()));
            auto var = std::make_shared<ops::VarResource>();
            var->value = value;
            var->isInitialized = true;
            resources.erase(ops::handleFromTensor(handle));
            resources.create(ops::handleFromTensor(handle), std::move(var));
        }
        ++restored;
    }
    return restored;
}

} // namespace graphlens::exec
