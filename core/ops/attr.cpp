#include "core/ops/attr.h"

#include <sstream>

namespace graphlens::ops {

void AttrMap::set(std::string name, AttrValue value) {
    for (auto& [n, v] : m_attrs)
        if (n == name) {
            v = std::move(value);
            return;
        }
    m_attrs.emplace_back(std::move(name), std::move(value));
}

namespace {
std::string typeEnumName(DType dt) {
    std::string n(tensor::dtypeCppName(dt));
    for (auto& c : n) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return "DT_" + n;
}

template<class T> std::string listString(const std::vector<T>& values, auto&& one) {
    std::string out = "[";
    for (size_t i = 0; i < values.size(); ++i) {
        if (i) out += ", ";
        out += one(values[i]);
    }
    return out + "]";
}

std::string floatString(float f) {
    std::ostringstream os;
    os << f;
    return os.str();
}
} // namespace

std::string attrToString(const AttrValue& value) {
    return std::visit(
        [](const auto& v) -> std::string {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, std::monostate>) return "<none>";
            else if constexpr (std::is_same_v<V, int64_t>) return std::to_string(v);
            else if constexpr (std::is_same_v<V, float>) return floatString(v);
            else if constexpr (std::is_same_v<V, bool>) return v ? "true" : "false";
            else if constexpr (std::is_same_v<V, std::string>) return "\"" + v + "\"";
            else if constexpr (std::is_same_v<V, DType>) return typeEnumName(v);
            else if constexpr (std::is_same_v<V, PartialShape>) return v.str();
            else if constexpr (std::is_same_v<V, Tensor>) return "<tensor>";
            else if constexpr (std::is_same_v<V, FuncAttr>) return v.name;
            else if constexpr (std::is_same_v<V, std::vector<int64_t>>)
                return listString(v, [](int64_t x) { return std::to_string(x); });
            else if constexpr (std::is_same_v<V, std::vector<float>>) return listString(v, floatString);
            else if constexpr (std::is_same_v<V, std::vector<bool>>)
                return listString(v, [](bool x) { return std::string(x ? "true" : "false"); });
            else if constexpr (std::is_same_v<V, std::vector<std::string>>)
                return listString(v, [](const std::string& x) { return "\"" + x + "\""; });
            else if constexpr (std::is_same_v<V, std::vector<DType>>) return listString(v, typeEnumName);
            else return listString(v, [](const PartialShape& s) { return s.str(); });
        },
        value);
}

} // namespace graphlens::ops
