#pragma once
// Op attributes: a small variant of the kinds TensorFlow's AttrValue holds, and a flat map that
// is cheap to build for the one or two attrs an eager call passes.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/tensor/tensor.h"

namespace graphlens::ops {

using tensor::DType;
using tensor::PartialShape;
using tensor::Tensor;
using tensor::TensorShape;

// A function-valued attr (If/While branches, PartitionedCall's f): the name in a library.
struct FuncAttr {
    std::string name;
    friend bool operator==(const FuncAttr&, const FuncAttr&) = default;
};

using AttrValue = std::variant<std::monostate, int64_t, float, bool, std::string, DType, PartialShape, Tensor, FuncAttr,
                               std::vector<int64_t>, std::vector<float>, std::vector<bool>, std::vector<std::string>,
                               std::vector<DType>, std::vector<PartialShape>>;

// TensorFlow's attr text for messages: "5", "true", "DT_FLOAT", "[1, 2]".
std::string attrToString(const AttrValue& value);

class AttrMap {
public:
    AttrMap() = default;
    AttrMap(std::initializer_list<std::pair<std::string, AttrValue>> attrs)
        : m_attrs(attrs) { }

    void set(std::string name, AttrValue value);
    const AttrValue* find(std::string_view name) const {
        for (const auto& [n, v] : m_attrs)
            if (n == name) return &v;
        return nullptr;
    }
    bool empty() const { return m_attrs.empty(); }
    size_t size() const { return m_attrs.size(); }
    auto begin() const { return m_attrs.begin(); }
    auto end() const { return m_attrs.end(); }

private:
    std::vector<std::pair<std::string, AttrValue>> m_attrs;
};

} // namespace graphlens::ops
