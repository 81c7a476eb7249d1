#include "core/exec/buffer_pool.h"

#include <algorithm>
#include <iterator>

namespace graphlens::exec {

int64_t BufferPool::byteCap() const {
    // Pooled buffers count as live bytes: under a cap (a script's memory limit) keep a small share.
    // The cap is the running session's budget (on the threads that run its steps) or, without
    // one, the allocator's own.
    constexpr int64_t kMaxBytes = int64_t{ 64 } << 20;
    const auto& budget = tensor::currentMemoryBudget();
    const int64_t limit = budget ? budget->limit() : m_allocator->stats().byteLimit;
    return limit < 0 ? kMaxBytes : std::min(kMaxBytes, limit / 32);
}

void BufferPool::give(Tensor& value) {
    const auto bytes = static_cast<int64_t>(value.totalBytes());
    if (bytes < static_cast<int64_t>(kMinBytes) || tensor::isObjectDType(value.dtype()) || !value.ownsBufferAlone() ||
        value.allocator() != m_allocator) {
        value = Tensor();
        return;
    }
    const int64_t cap = byteCap();
    std::lock_guard lock(m_mutex);
    if (m_buffers.size() < kMaxBuffers && m_bytes + bytes <= cap) {
        m_keys.push_back({ value.dtype(), value.numElements() });
        m_buffers.push_back(std::move(value));
        m_bytes += bytes;
        m_count.store(m_buffers.size(), std::memory_order_relaxed);
    }
    value = Tensor();
}

Tensor BufferPool::take(DType dtype, const TensorShape& shape) {
    const int64_t elements = shape.numElements();
    // Most outputs of small graphs are scalars and tiny vectors: never pooled, no lock.
    if (m_count.load(std::memory_order_relaxed) == 0 || tensor::isObjectDType(dtype) ||
        elements * static_cast<int64_t>(tensor::dtypeSize(dtype)) < static_cast<int64_t>(kMinBytes))
        return {};
    Tensor found;
    {
        std::lock_guard lock(m_mutex);
        // The most recently freed first: its memory is the likeliest to be in cache.
        auto it = std::find_if(m_keys.rbegin(), m_keys.rend(),
                               [&](const Key& k) { return k.dtype == dtype && k.elements == elements; });
        if (it == m_keys.rend()) return {};
        const auto i = static_cast<size_t>(std::distance(it, m_keys.rend()) - 1);
        found = std::move(m_buffers[i]);
        if (i + 1 != m_buffers.size()) {
            m_buffers[i] = std::move(m_buffers.back());
            m_keys[i] = m_keys.back();
        }
        m_buffers.pop_back();
        m_keys.pop_back();
        m_count.store(m_buffers.size(), std::memory_order_relaxed);
        m_bytes -= static_cast<int64_t>(found.totalBytes());
    }
    return found.reshaped(shape);
}

int64_t BufferPool::bytes() const {
    std::lock_guard lock(m_mutex);
    return m_bytes;
}

size_t BufferPool::size() const {
    std::lock_guard lock(m_mutex);
    return m_buffers.size();
}

} // namespace graphlens::exec
