#include "core/tensor/allocator.h"

#include <new>

#include "core/tensor/errors.h"

namespace graphlens::tensor {

CpuAllocator::CpuAllocator(std::string name, std::string deviceName)
    : m_name(std::move(name)), m_deviceName(std::move(deviceName)) {}

void* CpuAllocator::allocate(size_t bytes, const TensorShape& shape, DType dtype) {
    const auto size = static_cast<int64_t>(bytes);
    const int64_t live = m_live.fetch_add(size) + size;
    const int64_t limit = m_limit.load(std::memory_order_relaxed);
    if (limit >= 0 && live > limit) {
        m_live.fetch_sub(size);
        throw ResourceExhaustedError("OOM when allocating tensor with shape" + shape.str() + " and type " +
                                     std::string(dtypeCppName(dtype)) + " on " + m_deviceName + " by allocator " +
                                     m_name);
    }
    void* ptr = nullptr;
    if (bytes > 0) {
        try {
            ptr = ::operator new(bytes, std::align_val_t(kAlignment));
        } catch (const std::bad_alloc&) {
            m_live.fetch_sub(size);
            throw ResourceExhaustedError("OOM when allocating tensor with shape" + shape.str() + " and type " +
                                         std::string(dtypeCppName(dtype)) + " on " + m_deviceName +
                                         " by allocator " + m_name);
        }
    }
    m_numAllocs.fetch_add(1, std::memory_order_relaxed);
    m_totalBytes.fetch_add(size, std::memory_order_relaxed);
    m_liveAllocs.fetch_add(1, std::memory_order_relaxed);
    int64_t peak = m_peak.load(std::memory_order_relaxed);
    while (live > peak && !m_peak.compare_exchange_weak(peak, live)) {}
    return ptr;
}

void CpuAllocator::deallocate(void* ptr, size_t bytes) {
    if (ptr) ::operator delete(ptr, std::align_val_t(kAlignment));
    m_live.fetch_sub(static_cast<int64_t>(bytes));
    m_liveAllocs.fetch_sub(1, std::memory_order_relaxed);
}

AllocatorStats CpuAllocator::stats() const {
    AllocatorStats s;
    s.liveBytes = m_live.load();
    s.peakBytes = m_peak.load();
    s.numAllocs = m_numAllocs.load();
    s.totalBytes = m_totalBytes.load();
    s.liveAllocs = m_liveAllocs.load();
    s.byteLimit = m_limit.load();
    return s;
}

} // namespace graphlens::tensor
