#include "core/ops/resource.h"

#include <atomic>
#include <unordered_map>

#include "core/tensor/errors.h"

namespace graphlens::ops {

std::shared_ptr<Resource> ResourceManager::lookup(const ResourceHandle& h) const {
    std::lock_guard lock(m_mutex);
    auto it = m_resources.find({ h.container, h.name });
    return it == m_resources.end() ? nullptr : it->second;
}

void ResourceManager::create(const ResourceHandle& h, std::shared_ptr<Resource> r) {
    std::lock_guard lock(m_mutex);
    m_resources[{ h.container, h.name }] = std::move(r);
}

bool ResourceManager::erase(const ResourceHandle& h) {
    std::lock_guard lock(m_mutex);
    return m_resources.erase({ h.container, h.name }) > 0;
}

size_t ResourceManager::size() const {
    std::lock_guard lock(m_mutex);
    return m_resources.size();
}

void ResourceManager::clear() {
    std::lock_guard lock(m_mutex);
    m_resources.clear();
}

ResourceManager& resourceManager(tensor::Device* device) {
    static std::mutex mu;
    static std::unordered_map<tensor::Device*, std::unique_ptr<ResourceManager>> managers;
    std::lock_guard lock(mu);
    auto& m = managers[device ? device : tensor::cpuDevice()];
    if (!m) m = std::make_unique<ResourceManager>();
    return *m;
}

tensor::Tensor makeVarHandle(tensor::Device* device, const std::string& container, const std::string& sharedName,
                             tensor::DType dtype, const PartialShape& shape) {
    if (!device) device = tensor::cpuDevice();
    tensor::Tensor t(tensor::DType::Resource, TensorShape{}, device->allocator());
    auto& h = *t.data<ResourceHandle>();
    h.device = device->name();
    h.container = container.empty() ? ResourceManager::kDefaultContainer : container;
    h.name = sharedName;
    h.typeName = "tensorflow::Var";
    h.hashCode = std::hash<std::string>{}(h.container + "/" + h.name);
    h.dtypesAndShapes.emplace_back(dtype, shape);
    return t;
}

const ResourceHandle& handleFromTensor(const tensor::Tensor& t) {
    if (t.dtype() != tensor::DType::Resource || t.numElements() != 1)
        throw tensor::InvalidArgumentError("Expected a scalar resource handle, got a " +
                                           std::string(tensor::dtypeName(t.dtype())) + " tensor of shape " +
                                           t.shape().str());
    return *t.data<ResourceHandle>();
}

std::string anonymousVarName() {
    static std::atomic<int64_t> next{ 0 };
    return "_AnonymousVar" + std::to_string(next.fetch_add(1));
}

namespace {
thread_local numeric::TfEagerRandom* t_random = nullptr;
}

numeric::TfEagerRandom& statefulRandom() {
    if (t_random) return *t_random;
    static numeric::TfEagerRandom* process = new numeric::TfEagerRandom();
    return *process;
}

void setStatefulRandom(numeric::TfEagerRandom* state) {
    t_random = state;
}

} // namespace graphlens::ops
