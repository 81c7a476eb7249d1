#pragma once
// Devices: where kernels run and where their memory lives. Kernels are registered per device
// type ("CPU", later "GPU"); each type gets a small index so dispatch compares integers.
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/tensor/allocator.h"

namespace graphlens::tensor {

class Device {
public:
    Device(std::string name, std::string type, std::unique_ptr<Allocator> allocator);
    virtual ~Device() = default;

    // Full name: "/job:localhost/replica:0/task:0/device:CPU:0".
    const std::string& name() const { return m_name; }
    const std::string& type() const { return m_type; } // "CPU", "GPU"
    int typeIndex() const { return m_typeIndex; }
    Allocator* allocator() const { return m_allocator.get(); }

    // Small integer for a device type, stable for the process ("CPU" is 0, "GPU" is 1).
    static int typeIndexOf(std::string_view type);

private:
    std::string m_name;
    std::string m_type;
    int m_typeIndex;
    std::unique_ptr<Allocator> m_allocator;
};

class DeviceRegistry {
public:
    static DeviceRegistry& global();

    Device* cpu() const { return m_cpu; }
    // By full name or by short form ("CPU:0", "/device:CPU:0"); nullptr when absent.
    Device* find(std::string_view name) const;
    Device* add(std::unique_ptr<Device> device);
    std::vector<Device*> devices() const;

private:
    DeviceRegistry();
    mutable std::mutex m_mutex;
    std::vector<std::unique_ptr<Device>> m_devices;
    Device* m_cpu = nullptr;
};

// The process's CPU device and its allocator.
Device* cpuDevice();
CpuAllocator* cpuAllocator();

} // namespace graphlens::tensor
