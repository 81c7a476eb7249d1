#pragma once
// Buffer reuse across the steps of a frame and across its calls (internal to core/exec). A value
// whose last reader ran, or an output nobody reads, leaves a buffer that nobody holds: the pool
// keeps it for a later kernel output of the same dtype and element count, as the memory
// planner's same-size reuse does (core/passes/memory_planner.h), so that a steady-state call
// allocates little beyond its results. In-place reuse (an elementwise output written over an
// input that dies at its step) happens in the kernels (ops::reuseOrAllocateOutput) before the
// pool is asked.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "core/ops/registry.h"

namespace graphlens::exec {

using tensor::DType;
using tensor::Tensor;
using tensor::TensorShape;

class BufferPool final : public ops::OutputBufferSource {
public:
    // Buffers of at least this many bytes are kept (smaller ones cost the allocator little).
    static constexpr size_t kMinBytes = 256;
    static constexpr size_t kMaxBuffers = 64;

    explicit BufferPool(tensor::Allocator* allocator)
        : m_allocator(allocator) { }

    // Keeps `value`'s buffer when nobody else holds it, it holds numbers from this pool's
    // allocator and there is room; `value` is empty afterwards either way.
    void give(Tensor& value);
    Tensor take(DType dtype, const TensorShape& shape) override;

    int64_t bytes() const;
    size_t size() const;

    // Makes `pool` the calling thread's source of output buffers while it lives.
    class Lend {
    public:
        explicit Lend(BufferPool* pool)
            : m_previous(ops::threadOutputBufferSource()) {
            ops::threadOutputBufferSource() = pool;
        }
        ~Lend() { ops::threadOutputBufferSource() = m_previous; }
        Lend(const Lend&) = delete;
        Lend& operator=(const Lend&) = delete;

    private:
        ops::OutputBufferSource* m_previous;
    };

private:
    struct Key {
        DType dtype;
        int64_t elements;
    };
    int64_t byteCap() const;

    tensor::Allocator* m_allocator;
    mutable std::mutex m_mutex;
    std::vector<Key> m_keys; // parallel to m_buffers, scanned without touching the tensors
    std::vector<Tensor> m_buffers;
    int64_t m_bytes = 0;
    std::atomic<size_t> m_count{ 0 }; // m_buffers.size(), read without the lock
};

} // namespace graphlens::exec
