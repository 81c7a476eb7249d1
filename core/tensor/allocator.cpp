#include "core/tensor/allocator.h"

#include <algorithm>
#include <new>
#include <utility>

#include "core/tensor/errors.h"

namespace graphlens::tensor {

namespace {
constexpr size_t kCacheMinBytes = size_t{ 1 } << 20;
constexpr size_t kCacheMaxBytes = size_t{ 256 } << 20;
constexpr size_t kCacheMaxBlocks = 32;
} // namespace

CpuAllocator::CpuAllocator(std::string name, std::string deviceName)
    : m_name(std::move(name))
    , m_deviceName(std::move(deviceName)) { }

CpuAllocator::~CpuAllocator() {
    for (const auto& [bytes, block] : m_cache) ::operator delete(block, std::align_val_t(kAlignment));
}

void* CpuAllocator::takeCached(size_t bytes) {
    if (bytes < kCacheMinBytes) return nullptr;
    std::lock_guard lock(m_cacheMutex);
    for (size_t i = m_cache.size(); i-- > 0;)
        if (m_cache[i].first == bytes) {
            void* block = m_cache[i].second;
            m_cache.erase(m_cache.begin() + static_cast<std::ptrdiff_t>(i));
            m_cacheBytes -= bytes;
            return block;
        }
    return nullptr;
}

bool CpuAllocator::keep(void* ptr, size_t bytes) {
    if (bytes < kCacheMinBytes) return false;
    const int64_t limit = m_limit.load(std::memory_order_relaxed);
    const size_t cap = limit < 0 ? kCacheMaxBytes : std::min(kCacheMaxBytes, static_cast<size_t>(limit / 4));
    std::lock_guard lock(m_cacheMutex);
    // The oldest go first when the new block does not fit.
    while (!m_cache.empty() && (m_cacheBytes + bytes > cap || m_cache.size() >= kCacheMaxBlocks)) {
        ::operator delete(m_cache.front().second, std::align_val_t(kAlignment));
        m_cacheBytes -= m_cache.front().first;
        m_cache.erase(m_cache.begin());
    }
    if (m_cacheBytes + bytes > cap) return false;
    m_cache.emplace_back(bytes, ptr);
    m_cacheBytes += bytes;
    return true;
}

void* CpuAllocator::allocate(size_t bytes, const TensorShape& shape, DType dtype) {
    const auto size = static_cast<int64_t>(bytes);
    const int64_t live = m_live.fetch_add(size) + size;
    const int64_t limit = m_limit.load(std::memory_order_relaxed);
    if (limit >= 0 && live > limit) {
        m_live.fetch_sub(size);
        throw ResourceExhaustedError(outOfMemoryMessage(shape, dtype));
    }
    void* ptr = takeCached(bytes);
    if (bytes > 0 && !ptr) {
        try {
            ptr = ::operator new(bytes, std::align_val_t(kAlignment));
        } catch (const std::bad_alloc&) {
            m_live.fetch_sub(size);
            throw ResourceExhaustedError(outOfMemoryMessage(shape, dtype));
        }
    }
    m_numAllocs.fetch_add(1, std::memory_order_relaxed);
    m_totalBytes.fetch_add(size, std::memory_order_relaxed);
    m_liveAllocs.fetch_add(1, std::memory_order_relaxed);
    int64_t peak = m_peak.load(std::memory_order_relaxed);
    while (live > peak && !m_peak.compare_exchange_weak(peak, live)) { }
    return ptr;
}

void CpuAllocator::deallocate(void* ptr, size_t bytes) {
    if (ptr && !keep(ptr, bytes)) ::operator delete(ptr, std::align_val_t(kAlignment));
    m_live.fetch_sub(static_cast<int64_t>(bytes));
    m_liveAllocs.fetch_sub(1, std::memory_order_relaxed);
}

std::string CpuAllocator::outOfMemoryMessage(const TensorShape& shape, DType dtype) const {
    return "OOM when allocating tensor with shape" + shape.str() + " and type " + std::string(dtypeCppName(dtype)) +
        " on " + m_deviceName + " by allocator " + m_name;
}

bool MemoryBudget::charge(int64_t bytes) {
    const int64_t live = m_live.fetch_add(bytes, std::memory_order_relaxed) + bytes;
    const int64_t limit = m_limit.load(std::memory_order_relaxed);
    if (limit >= 0 && live > limit) {
        m_live.fetch_sub(bytes, std::memory_order_relaxed);
        return false;
    }
    int64_t peak = m_peak.load(std::memory_order_relaxed);
    while (live > peak && !m_peak.compare_exchange_weak(peak, live, std::memory_order_relaxed)) { }
    return true;
}

namespace {
thread_local std::shared_ptr<MemoryBudget> tl_budget;
} // namespace

const std::shared_ptr<MemoryBudget>& currentMemoryBudget() {
    return tl_budget;
}

MemoryBudgetScope::MemoryBudgetScope(std::shared_ptr<MemoryBudget> budget)
    : m_previous(std::exchange(tl_budget, std::move(budget))) { }

MemoryBudgetScope::~MemoryBudgetScope() {
    tl_budget = std::move(m_previous);
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
