#pragma once
// Stateful resources: a per-device ResourceManager maps (container, name) to resources, as TF's
// ResourceMgr does; DT_RESOURCE tensors hold ResourceHandles naming them. Variables (Var) are the
// main resource; TensorList is the DT_VARIANT value behind tf.TensorArray.
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "core/numeric/tf_random.h"
#include "core/tensor/device.h"
#include "core/tensor/tensor.h"

namespace graphlens::ops {

using tensor::PartialShape;
using tensor::ResourceHandle;
using tensor::TensorShape;

class Resource {
public:
    virtual ~Resource() = default;
    // TF's type name in handles and messages: "tensorflow::Var".
    virtual const char* typeName() const = 0;
    // The mangled name in "Resource localhost/v/N10tensorflow3VarE does not exist."
    virtual const char* mangledName() const = 0;
};

// tensorflow::Var: a tensor and whether it has been assigned.
class VarResource final : public Resource {
public:
    const char* typeName() const override { return "tensorflow::Var"; }
    const char* mangledName() const override { return "N10tensorflow3VarE"; }
    std::mutex mu;
    tensor::Tensor value; // invalid until initialised
    bool isInitialized = false;
};

class ResourceManager {
public:
    // TF's default container in eager mode.
    static constexpr const char* kDefaultContainer = "localhost";
    std::shared_ptr<Resource> lookup(const ResourceHandle& h) const;
    template<class T> std::shared_ptr<T> lookupAs(const ResourceHandle& h) const {
        return std::dynamic_pointer_cast<T>(lookup(h));
    }
    void create(const ResourceHandle& h, std::shared_ptr<Resource> r);
    // Removes it; false when absent.
    bool erase(const ResourceHandle& h);
    size_t size() const;
    void clear();

private:
    mutable std::mutex m_mutex;
    std::map<std::pair<std::string, std::string>, std::shared_ptr<Resource>> m_resources;
};

// The manager of `device` (created on first use).
ResourceManager& resourceManager(tensor::Device* device);

// A scalar DT_RESOURCE tensor naming a variable on `device` (VarHandleOp's output).
tensor::Tensor makeVarHandle(tensor::Device* device, const std::string& container, const std::string& sharedName,
                             tensor::DType dtype, const PartialShape& shape);
// The handle in a scalar resource tensor (InvalidArgumentError otherwise).
const ResourceHandle& handleFromTensor(const tensor::Tensor& t);
// A unique anonymous name for eager variables ("_AnonymousVar<N>").
std::string anonymousVarName();

// The random state stateful random kernels draw from: the thread's, set by the eager runtime
// (tf.random.set_seed resets it), else a process default.
numeric::TfEagerRandom& statefulRandom();
void setStatefulRandom(numeric::TfEagerRandom* state); // nullptr: the process default

// tensorflow::TensorList, the DT_VARIANT behind TensorArray and while-loop accumulators.
class TensorList final : public tensor::VariantValue {
public:
    std::string typeName() const override { return "tensorflow::TensorList"; }
    std::string debugString() const override { return "TensorList"; }
    std::vector<tensor::Tensor> tensors; // invalid Tensor: an unset element
    tensor::DType elementDtype = tensor::DType::Invalid;
    PartialShape elementShape;
    int64_t maxNumElements = -1;
};

} // namespace graphlens::ops
