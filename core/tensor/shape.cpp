#include "core/tensor/shape.h"

namespace graphlens::tensor {

int64_t TensorShape::numElements() const {
    int64_t n = 1;
    for (int64_t d : m_dims) n *= d;
    return n;
}

std::string TensorShape::debugString() const {
    return PartialShape(*this).debugString();
}

std::string TensorShape::str() const {
    return PartialShape(*this).str();
}

bool PartialShape::isFullyDefined() const {
    if (!m_dims) return false;
    for (int64_t d : *m_dims)
        if (d < 0) return false;
    return true;
}

int64_t PartialShape::numElements() const {
    if (!isFullyDefined()) return -1;
    int64_t n = 1;
    for (int64_t d : *m_dims) n *= d;
    return n;
}

std::string PartialShape::debugString() const {
    if (!m_dims) return "<unknown>";
    std::string out = "(";
    for (size_t i = 0; i < m_dims->size(); ++i) {
        if (i) out += ", ";
        int64_t d = (*m_dims)[i];
        out += d < 0 ? std::string("None") : std::to_string(d);
    }
    if (m_dims->size() == 1) out += ",";
    return out + ")";
}

std::string PartialShape::str() const {
    if (!m_dims) return "?";
    std::string out = "[";
    for (size_t i = 0; i < m_dims->size(); ++i) {
        if (i) out += ",";
        int64_t d = (*m_dims)[i];
        out += d < 0 ? std::string("?") : std::to_string(d);
    }
    return out + "]";
}

bool PartialShape::isCompatibleWith(const PartialShape& other) const {
    return merge(other).has_value();
}

std::optional<PartialShape> PartialShape::merge(const PartialShape& other) const {
    if (!m_dims) return other;
    if (!other.m_dims) return *this;
    if (m_dims->size() != other.m_dims->size()) return std::nullopt;
    std::vector<int64_t> out(*m_dims);
    for (size_t i = 0; i < out.size(); ++i) {
        int64_t b = (*other.m_dims)[i];
        if (out[i] < 0) out[i] = b;
        else if (b >= 0 && b != out[i]) return std::nullopt;
    }
    return PartialShape(std::move(out));
}

} // namespace graphlens::tensor
