#pragma once

// The tensor value: dtype, shape and a reference-counted buffer. Copies share the buffer (as
// TF's Tensor does); kernels write only into buffers they allocated. Row-major.
#include <atomic>
#include <cassert>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/tensor/allocator.h"
#include "core/tensor/dtype.h"
#include "core/tensor/resource_handle.h"
#include "core/tensor/shape.h"

namespace graphlens::tensor {

// False in the ThreadSanitizer build: Tensor::ownsBufferAlone() then never says yes (tests that
// check in-place reuse say they are skipped there).
#if defined(GRAPHLENS_TSAN)
inline constexpr bool kWritesInPlace = false;
#else
inline constexpr bool kWritesInPlace = true;
#endif

// Calls f(T{}) with the C++ element type of an object dtype (string, resource, variant).
template<class F> void visitObject(DType dt, F&& f) {
    switch (dt) {
    case DType::String:
        f(std::string{});
        break;
    case DType::Resource:
        f(ResourceHandle{});
        break;
    case DType::Variant:
        f(Variant{});
        break;
    default:
        break;
    }
}

// Memory owned by one allocator; buffers of object dtypes (strings, resource handles, variants)
// construct and destroy their elements.
class Buffer {
public:
    Buffer(Allocator* allocator, DType dtype, const TensorShape& shape, int64_t numElements);
    ~Buffer();
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    void* data() const { return m_data; }
    size_t bytes() const { return m_bytes; }
    Allocator* allocator() const { return m_allocator; }

private:
    Allocator* m_allocator;
    std::shared_ptr<MemoryBudget> m_budget; // the run it was made for; null: none
    void* m_data = nullptr;
    size_t m_bytes = 0;
    int64_t m_strings = 0; // elements to destroy when the buffer holds objects
    DType m_objectType = DType::Invalid;
};

class Tensor {
public:
    Tensor() = default; // no value (dtype Invalid)
    // Uninitialised numbers (or empty strings) from `allocator` (the CPU allocator by default).
    Tensor(DType dtype, TensorShape shape, Allocator* allocator = nullptr);

    template<class T> static Tensor scalar(T value) {
        Tensor t(dtypeOf<T>, TensorShape{});
        *t.data<T>() = std::move(value);
        return t;
    }
    static Tensor scalar(const char* value) { return scalar(std::string(value)); }
    template<class T> static Tensor fromVector(const std::vector<T>& values) {
        return fromVector(values, TensorShape{ static_cast<int64_t>(values.size()) });
    }
    // `values` laid out row-major for `shape`; their count must match.
    template<class T> static Tensor fromVector(const std::vector<T>& values, TensorShape shape) {
        Tensor t(dtypeOf<T>, std::move(shape));
        assert(static_cast<int64_t>(values.size()) == t.numElements());
        T* out = t.data<T>();
        for (size_t i = 0; i < values.size(); ++i) out[i] = values[i];
        return t;
    }
    template<class T> static Tensor filled(TensorShape shape, T value) {
        Tensor t(dtypeOf<T>, std::move(shape));
        for (auto& v : t.flat<T>()) v = value;
        return t;
    }
    // Zeros of any numeric dtype (or false, or empty strings).
    static Tensor zeros(DType dtype, TensorShape shape, Allocator* allocator = nullptr);

    bool isValid() const { return m_dtype != DType::Invalid; }
    DType dtype() const { return m_dtype; }
    const TensorShape& shape() const { return m_shape; }
    int rank() const { return m_shape.rank(); }
    int64_t dim(int i) const { return m_shape.dim(i); }
    int64_t numElements() const { return m_numElements; }
    size_t totalBytes() const { return static_cast<size_t>(m_numElements) * dtypeSize(m_dtype); }

    void* rawData() const { return m_buffer ? m_buffer->data() : nullptr; }
    template<class T> T* data() {
        assert(dtypeOf<T> == m_dtype);
        return static_cast<T*>(rawData());
    }
    template<class T> const T* data() const {
        assert(dtypeOf<T> == m_dtype);
        return static_cast<const T*>(rawData());
    }
    template<class T> std::span<T> flat() { return { data<T>(), static_cast<size_t>(m_numElements) }; }
    template<class T> std::span<const T> flat() const { return { data<T>(), static_cast<size_t>(m_numElements) }; }
    // The single element of a one-element tensor.
    template<class T> const T& item() const {
        assert(m_numElements == 1);
        return *data<T>();
    }
    // Elements converted to T (numeric dtypes only); for attr-like inputs such as axes and shapes.
    std::vector<int64_t> toInt64Vector() const;
    std::vector<double> toDoubleVector() const;

    // The same buffer seen with another shape of the same element count.
    Tensor reshaped(TensorShape shape) const;
    bool sharesBufferWith(const Tensor& other) const { return m_buffer && m_buffer == other.m_buffer; }
    // True when no other Tensor shares the buffer, so the caller may write it (a kernel's output,
    // a pooled buffer). The other holders may have dropped it on other threads (parallel graph
    // steps): the acquire fence orders their reads before our writes. ThreadSanitizer does not
    // model fences, so under it the answer is always false and nothing is written in place:
    // slower, same results, and the rest of the executor is still checked.
    bool ownsBufferAlone() const {
        if (!kWritesInPlace || !m_buffer || m_buffer.use_count() != 1) return false;
        std::atomic_thread_fence(std::memory_order_acquire);
        return true;
    }
    // A copy with its own buffer.
    Tensor deepCopy(Allocator* allocator = nullptr) const;
    Allocator* allocator() const { return m_buffer ? m_buffer->allocator() : nullptr; }

    // numpy-like text of the values, at most `summarize` per dimension (-1: all).
    std::string valuesString(int summarize = 3) const;
    // "tf.Tensor(<values>, shape=(2,), dtype=float32)".
    std::string debugString() const;

private:
    DType m_dtype = DType::Invalid;
    TensorShape m_shape;
    int64_t m_numElements = 0;
    std::shared_ptr<Buffer> m_buffer;
};

} // namespace graphlens::tensor
