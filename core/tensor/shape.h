#pragma once
// Shapes. TensorShape is the exact shape of a value; PartialShape is what a graph knows before it
// runs (unknown rank, or -1 for an unknown dimension), as TensorFlow's TensorShape in Python.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace graphlens::tensor {

class TensorShape {
public:
    TensorShape() = default; // a scalar
    TensorShape(std::initializer_list<int64_t> dims)
        : m_dims(dims) { }
    explicit TensorShape(std::vector<int64_t> dims)
        : m_dims(std::move(dims)) { }
    explicit TensorShape(std::span<const int64_t> dims)
        : m_dims(dims.begin(), dims.end()) { }

    int rank() const { return static_cast<int>(m_dims.size()); }
    int64_t dim(int i) const { return m_dims[static_cast<size_t>(i)]; }
    int64_t operator[](int i) const { return dim(i); }
    void setDim(int i, int64_t size) { m_dims[static_cast<size_t>(i)] = size; }
    void addDim(int64_t size) { m_dims.push_back(size); }
    void insertDim(int at, int64_t size) { m_dims.insert(m_dims.begin() + at, size); }
    void removeDim(int at) { m_dims.erase(m_dims.begin() + at); }
    const std::vector<int64_t>& dims() const { return m_dims; }
    int64_t numElements() const;
    bool isScalar() const { return m_dims.empty(); }

    // Python's str(TensorShape): "()", "(2,)", "(2, 3)".
    std::string debugString() const;
    // TensorFlow's C++ DebugString used in kernel error texts: "[]", "[2,3]".
    std::string str() const;

    friend bool operator==(const TensorShape&, const TensorShape&) = default;

private:
    std::vector<int64_t> m_dims;
};

class PartialShape {
public:
    static constexpr int64_t kUnknown = -1;

    PartialShape() = default; // unknown rank
    PartialShape(std::initializer_list<int64_t> dims)
        : m_dims(std::vector<int64_t>(dims)) { }
    explicit PartialShape(std::vector<int64_t> dims)
        : m_dims(std::move(dims)) { }
    PartialShape(const TensorShape& shape)
        : m_dims(shape.dims()) { } // NOLINT: exact is partial
    static PartialShape unknown() { return {}; }
    static PartialShape unknownOfRank(int rank) {
        return PartialShape(std::vector<int64_t>(static_cast<size_t>(rank), kUnknown));
    }

    bool hasRank() const { return m_dims.has_value(); }
    int rank() const { return m_dims ? static_cast<int>(m_dims->size()) : -1; }
    int64_t dim(int i) const { return (*m_dims)[static_cast<size_t>(i)]; }
    const std::vector<int64_t>& dims() const { return *m_dims; }
    bool isFullyDefined() const;
    // The exact shape; requires isFullyDefined().
    TensorShape toShape() const { return TensorShape(*m_dims); }
    // Known element count, or -1.
    int64_t numElements() const;

    // Python's str(TensorShape): "<unknown>", "(None, 3)", "(2,)".
    std::string debugString() const;
    // C++ text as in shape-function errors: "?", "[?,3]".
    std::string str() const;

    bool isCompatibleWith(const PartialShape& other) const;
    // The most specific shape compatible with both; nullopt when they conflict.
    std::optional<PartialShape> merge(const PartialShape& other) const;

    friend bool operator==(const PartialShape&, const PartialShape&) = default;

private:
    std::optional<std::vector<int64_t>> m_dims;
};

} // namespace graphlens::tensor
