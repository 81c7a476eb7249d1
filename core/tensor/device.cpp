#include "core/tensor/device.h"

namespace graphlens::tensor {

namespace {
std::mutex g_typeMutex;
std::vector<std::string>& deviceTypes() {
    static std::vector<std::string> types{ "CPU", "GPU" };
    return types;
}
} // namespace

Device::Device(std::string name, std::string type, std::unique_ptr<Allocator> allocator)
    : m_name(std::move(name))
    , m_type(std::move(type))
    , m_typeIndex(typeIndexOf(m_type))
    , m_allocator(std::move(allocator)) { }

int Device::typeIndexOf(std::string_view type) {
    std::lock_guard lock(g_typeMutex);
    auto& types = deviceTypes();
    for (size_t i = 0; i < types.size(); ++i)
        if (types[i] == type) return static_cast<int>(i);
    types.emplace_back(type);
    return static_cast<int>(types.size() - 1);
}

DeviceRegistry::DeviceRegistry() {
    const std::string name = "/job:localhost/replica:0/task:0/device:CPU:0";
    m_cpu = add(std::make_unique<Device>(name, "CPU", std::make_unique<CpuAllocator>("cpu", name)));
}

DeviceRegistry& DeviceRegistry::global() {
    // Never destroyed: tensors that other statics hold (the op registry's attr defaults, built on
    // first use and so destroyed after a registry made before them) free their memory through
    // these devices' allocators at exit.
    static DeviceRegistry* registry = new DeviceRegistry;
    return *registry;
}

Device* DeviceRegistry::add(std::unique_ptr<Device> device) {
    std::lock_guard lock(m_mutex);
    m_devices.push_back(std::move(device));
    return m_devices.back().get();
}

Device* DeviceRegistry::find(std::string_view name) const {
    std::lock_guard lock(m_mutex);
    for (const auto& d : m_devices) {
        std::string_view full = d->name();
        if (full == name) return d.get();
        // "CPU:0" and "/device:CPU:0" name the local device too.
        if (name.size() < full.size() && full.substr(full.size() - name.size()) == name &&
            (name.front() == '/' || full[full.size() - name.size() - 1] == ':'))
            return d.get();
    }
    return nullptr;
}

std::vector<Device*> DeviceRegistry::devices() const {
    std::lock_guard lock(m_mutex);
    std::vector<Device*> out;
    for (const auto& d : m_devices) out.push_back(d.get());
    return out;
}

Device* cpuDevice() {
    static Device* cpu = DeviceRegistry::global().cpu();
    return cpu;
}

CpuAllocator* cpuAllocator() {
    static auto* alloc = static_cast<CpuAllocator*>(cpuDevice()->allocator());
    return alloc;
}

} // namespace graphlens::tensor
