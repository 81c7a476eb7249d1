#pragma once
// Per-device memory. Every tensor buffer comes from an Allocator and goes back to it, so a device
// can count live and peak bytes and refuse allocations beyond a cap, as TF's BFC allocator does.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "core/tensor/dtype.h"
#include "core/tensor/shape.h"

namespace graphlens::tensor {

struct AllocatorStats {
    int64_t liveBytes = 0;
    int64_t peakBytes = 0;
    int64_t numAllocs = 0;  // allocations ever made
    int64_t totalBytes = 0; // bytes of all allocations ever made
    int64_t liveAllocs = 0; // allocations not yet returned
    int64_t byteLimit = -1; // -1: none
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
    // TF's text of the ResourceExhaustedError for a tensor this allocator could not hold.
    virtual std::string outOfMemoryMessage(const TensorShape& shape, DType dtype) const = 0;
};

// One run's share of tensor memory: the bytes its live tensors hold and its cap. An allocator
// serves the whole process (as TF's do); a budget is what lets two scripts in one process each
// have their own cap. A buffer charges the budget current on the thread that makes it and
// credits the same budget when freed, on whatever thread that happens.
class MemoryBudget {
public:
    explicit MemoryBudget(int64_t limit = -1)
        : m_limit(limit) { }
    // False (and nothing charged) when `bytes` more would exceed the cap.
    bool charge(int64_t bytes);
    void release(int64_t bytes) { m_live.fetch_sub(bytes, std::memory_order_relaxed); }
    void setLimit(int64_t limit) { m_limit.store(limit, std::memory_order_relaxed); }
    int64_t limit() const { return m_limit.load(std::memory_order_relaxed); }
    int64_t liveBytes() const { return m_live.load(std::memory_order_relaxed); }
    int64_t peakBytes() const { return m_peak.load(std::memory_order_relaxed); }

private:
    std::atomic<int64_t> m_limit;
    std::atomic<int64_t> m_live{ 0 };
    std::atomic<int64_t> m_peak{ 0 };
};

// The budget new buffers on this thread charge; null: none (no cap beyond the allocator's).
const std::shared_ptr<MemoryBudget>& currentMemoryBudget();
// Sets this thread's budget for the scope's lifetime (a session's thread, an executor worker
// running that session's steps).
class MemoryBudgetScope {
public:
    explicit MemoryBudgetScope(std::shared_ptr<MemoryBudget> budget);
    ~MemoryBudgetScope();
    MemoryBudgetScope(const MemoryBudgetScope&) = delete;
    MemoryBudgetScope& operator=(const MemoryBudgetScope&) = delete;

private:
    std::shared_ptr<MemoryBudget> m_previous;
};

// Freed blocks of 1 MiB and more are kept (up to 256 MiB, or a quarter of the byte limit) and
// handed out again for the same size: the C library maps big blocks fresh and unmaps them on
// free, and touching a fresh block costs a page fault per 4 KiB (about 10 ms for an 8 MiB tensor
// here), which made every eager op on a big tensor pay for its output memory again. Kept blocks
// are not live bytes.
class CpuAllocator final : public Allocator {
public:
    CpuAllocator(std::string name, std::string deviceName);
    ~CpuAllocator() override;
    CpuAllocator(const CpuAllocator&) = delete;
    CpuAllocator& operator=(const CpuAllocator&) = delete;

    const std::string& name() const override { return m_name; }
    void* allocate(size_t bytes, const TensorShape& shape, DType dtype) override;
    void deallocate(void* ptr, size_t bytes) override;
    AllocatorStats stats() const override;

    void setByteLimit(int64_t limit) override { m_limit.store(limit); }
    std::string outOfMemoryMessage(const TensorShape& shape, DType dtype) const override;
    void resetPeak() { m_peak.store(m_live.load()); }

private:
    std::string m_name;
    std::string m_deviceName;
    std::atomic<int64_t> m_live{ 0 };
    std::atomic<int64_t> m_peak{ 0 };
    std::atomic<int64_t> m_numAllocs{ 0 };
    std::atomic<int64_t> m_totalBytes{ 0 };
    std::atomic<int64_t> m_liveAllocs{ 0 };
    std::atomic<int64_t> m_limit{ -1 };

    void* takeCached(size_t bytes);
    bool keep(void* ptr, size_t bytes);
    std::mutex m_cacheMutex;
    std::vector<std::pair<size_t, void*>> m_cache; // (bytes, block), most recently freed last
    size_t m_cacheBytes = 0;
};

} // namespace graphlens::tensor
