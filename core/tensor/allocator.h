#pragma once
// Per-device memory. Every tensor buffer comes from an Allocator and goes back to it, so a device
// can count live and peak bytes and refuse allocations beyond a cap, as TF's BFC allocator does.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/tensor/dtype.h"
#include "core/tensor/shape.h"

namespace graphlens::tensor {

struct AllocatorStats {
    int64_t liveBytes = 0;
    int64_t peakBytes = 0;
    int64_t numAllocs = 0;   // allocations ever made
    int64_t totalBytes = 0;  // bytes of all allocations ever made
    int64_t liveAllocs = 0;  // allocations not yet returned
    int64_t byteLimit = -1;  // -1: none
};

class Allocator {
public:
    static constexpr size_t kAlignment = 64; // cache line and AVX-512 friendly

    virtual ~Allocator() = default;
    // TF's allocator name, as in OOM messages ("cpu", "GPU_0_bfc").
    virtual const std::string& name() const = 0;
    // Memory for a tensor of `shape` and `dtype` (named in the OOM error); `bytes` may be 0.
    virtual void* allocate(size_t bytes, const TensorShape& shape, DType dtype) = 0;
    virtual void deallocate(void* ptr, size_t bytes) = 0;
    virtual AllocatorStats stats() const = 0;
    // Live bytes may not exceed `limit` (-1: no cap); exceeding it throws ResourceExhaustedError.
    virtual void setByteLimit(int64_t limit) = 0;
};

class CpuAllocator final : public Allocator {
public:
    CpuAllocator(std::string name, std::string deviceName);

    const std::string& name() const override { return m_name; }
    void* allocate(size_t bytes, const TensorShape& shape, DType dtype) override;
    void deallocate(void* ptr, size_t bytes) override;
    AllocatorStats stats() const override;

    void setByteLimit(int64_t limit) override { m_limit.store(limit); }
    void resetPeak() { m_peak.store(m_live.load()); }

private:
    std::string m_name;
    std::string m_deviceName;
    std::atomic<int64_t> m_live{0};
    std::atomic<int64_t> m_peak{0};
    std::atomic<int64_t> m_numAllocs{0};
    std::atomic<int64_t> m_totalBytes{0};
    std::atomic<int64_t> m_liveAllocs{0};
    std::atomic<int64_t> m_limit{-1};
};

} // namespace graphlens::tensor
