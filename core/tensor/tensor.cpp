#include "core/tensor/tensor.h"

#include <cmath>
#include <cstring>
#include <sstream>

#include "core/tensor/device.h"
#include "core/tensor/dispatch.h"

namespace graphlens::tensor {

std::string ResourceHandle::debugString() const {
    std::string shapes;
    for (const auto& [dt, shape] : dtypesAndShapes)
        shapes += (shapes.empty() ? "" : ", ") + std::string("DType enum: ") + std::to_string(static_cast<int>(dt)) +
            ", Shape: " + shape.str();
    return "<ResourceHandle(name=\"" + name + "\", device=\"" + device + "\", container=\"" + container +
        "\", type=\"" + typeName + "\", dtype and shapes : \"[ " + shapes + " ]\")>";
}

void throwUnsupportedDType(DType dt, const char* what) {
    throw InternalError("dtype " + std::string(dtypeName(dt)) + " is not handled here (" + what + " kernel)");
}

namespace {

// The buffer's size, refused when it does not fit an int64 (or the count is negative): budgets and
// allocators count bytes as int64_t.
size_t bufferBytes(Allocator* allocator, DType dtype, const TensorShape& shape, int64_t numElements) {
    int64_t bytes = 0;
    if (numElements < 0 || __builtin_mul_overflow(numElements, static_cast<int64_t>(dtypeSize(dtype)), &bytes))
        throw ResourceExhaustedError(allocator->outOfMemoryMessage(shape, dtype));
    return static_cast<size_t>(bytes);
}

} // namespace

Buffer::Buffer(Allocator* allocator, DType dtype, const TensorShape& shape, int64_t numElements)
    : m_allocator(allocator)
    , m_bytes(bufferBytes(allocator, dtype, shape, numElements)) {
    if (const auto& budget = currentMemoryBudget()) {
        if (!budget->charge(static_cast<int64_t>(m_bytes)))
            throw ResourceExhaustedError(m_allocator->outOfMemoryMessage(shape, dtype));
        m_budget = budget;
    }
    try {
        m_data = m_allocator->allocate(m_bytes, shape, dtype);
    } catch (...) {
        if (m_budget) m_budget->release(static_cast<int64_t>(m_bytes));
        throw;
    }
    if (isObjectDType(dtype)) {
        m_objectType = dtype;
        visitObject(dtype, [&](auto tag) {
            using T = decltype(tag);
            auto* s = static_cast<T*>(m_data);
            for (int64_t i = 0; i < numElements; ++i) new (s + i) T();
        });
        m_strings = numElements;
    }
}

Buffer::~Buffer() {
    if (m_strings > 0)
        visitObject(m_objectType, [&](auto tag) {
            using T = decltype(tag);
            auto* s = static_cast<T*>(m_data);
            for (int64_t i = 0; i < m_strings; ++i) s[i].~T();
        });
    m_allocator->deallocate(m_data, m_bytes);
    if (m_budget) m_budget->release(static_cast<int64_t>(m_bytes));
}

Tensor::Tensor(DType dtype, TensorShape shape, Allocator* allocator)
    : m_dtype(dtype)
    , m_shape(std::move(shape))
    , m_numElements(m_shape.numElements()) {
    if (!isSupported(dtype))
        throw InvalidArgumentError("Tensors of dtype " + std::string(dtypeName(dtype)) + " are not supported");
    for (int64_t d : m_shape.dims())
        if (d < 0) throw InvalidArgumentError("Dimension " + std::to_string(d) + " must be >= 0");
    m_buffer = std::make_shared<Buffer>(allocator ? allocator : cpuAllocator(), dtype, m_shape, m_numElements);
}

Tensor Tensor::zeros(DType dtype, TensorShape shape, Allocator* allocator) {
    Tensor t(dtype, std::move(shape), allocator);
    if (!isObjectDType(dtype) && t.totalBytes() > 0) std::memset(t.rawData(), 0, t.totalBytes());
    return t;
}

std::vector<int64_t> Tensor::toInt64Vector() const {
    std::vector<int64_t> out(static_cast<size_t>(m_numElements));
    if (m_dtype == DType::Bool) {
        for (size_t i = 0; i < out.size(); ++i) out[i] = data<bool>()[i];
        return out;
    }
    visitReal(m_dtype, [&](auto tag) {
        using T = decltype(tag);
        const T* p = data<T>();
        for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<int64_t>(static_cast<double>(p[i]));
    });
    return out;
}

std::vector<double> Tensor::toDoubleVector() const {
    std::vector<double> out(static_cast<size_t>(m_numElements));
    if (m_dtype == DType::Bool) {
        for (size_t i = 0; i < out.size(); ++i) out[i] = data<bool>()[i];
        return out;
    }
    visitReal(m_dtype, [&](auto tag) {
        using T = decltype(tag);
        const T* p = data<T>();
        for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<double>(p[i]);
    });
    return out;
}

Tensor Tensor::reshaped(TensorShape shape) const {
    if (shape.numElements() != m_numElements)
        throw InvalidArgumentError("Input to reshape is a tensor with " + std::to_string(m_numElements) +
                                   " values, but the requested shape has " + std::to_string(shape.numElements()));
    Tensor t = *this;
    t.m_shape = std::move(shape);
    return t;
}

Tensor Tensor::deepCopy(Allocator* allocator) const {
    if (!isValid()) return {};
    Tensor t(m_dtype, m_shape, allocator ? allocator : this->allocator());
    if (isObjectDType(m_dtype)) {
        visitObject(m_dtype, [&](auto tag) {
            using T = decltype(tag);
            auto src = flat<T>();
            auto dst = t.flat<T>();
            for (size_t i = 0; i < src.size(); ++i) dst[i] = src[i];
        });
    } else if (totalBytes() > 0) {
        std::memcpy(t.rawData(), rawData(), totalBytes());
    }
    return t;
}

namespace {
std::string elementString(const Tensor& t, int64_t i) {
    std::ostringstream os;
    switch (t.dtype()) {
    case DType::Bool:
        return t.data<bool>()[i] ? "True" : "False";
    case DType::String:
        return "b'" + t.data<std::string>()[i] + "'";
    case DType::Resource:
        return t.data<ResourceHandle>()[i].debugString();
    case DType::Variant: {
        const auto& v = t.data<Variant>()[i];
        return "<" + (v.value ? v.value->debugString() : std::string("unknown")) + ">";
    }
    default:
        break;
    }
    visitReal(t.dtype(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_integral_v<T>) {
            os << static_cast<int64_t>(t.data<T>()[i]);
        } else {
            const double v = static_cast<double>(t.data<T>()[i]);
            if (std::isnan(v)) os << "nan";
            else if (std::isinf(v)) os << (v < 0 ? "-inf" : "inf");
            else if (v == std::floor(v) && std::fabs(v) < 1e16) os << static_cast<int64_t>(v) << '.';
            else {
                os.precision(8);
                os << v;
            }
        }
    });
    return os.str();
}

void appendValues(const Tensor& t, int dim, int64_t offset, int64_t stride, int summarize, std::string& out) {
    if (dim == t.rank()) {
        out += elementString(t, offset);
        return;
    }
    const int64_t n = t.dim(dim);
    const int64_t inner = stride / std::max<int64_t>(n, 1);
    out += '[';
    for (int64_t i = 0; i < n; ++i) {
        if (summarize >= 0 && n > 2 * summarize && i == summarize) {
            out += "...";
            i = n - summarize - 1;
            out += ' ';
            continue;
        }
        if (i) out += dim + 1 == t.rank() ? " " : "\n" + std::string(static_cast<size_t>(dim + 1), ' ');
        appendValues(t, dim + 1, offset + i * inner, inner, summarize, out);
    }
    out += ']';
}
} // namespace

std::string Tensor::valuesString(int summarize) const {
    if (!isValid()) return "<invalid>";
    std::string out;
    appendValues(*this, 0, 0, m_numElements, summarize, out);
    return out;
}

std::string Tensor::debugString() const {
    return "tf.Tensor(" + valuesString() + ", shape=" + m_shape.debugString() +
        ", dtype=" + std::string(dtypeName(m_dtype)) + ")";
}

} // namespace graphlens::tensor
