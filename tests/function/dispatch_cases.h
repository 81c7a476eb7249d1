#pragma once
// Reading tests/function/dispatch/*.json (recorded from real TF 2.21 by
// tests/oracle/record_dispatch.py): argument encodings → TraceTypes, recorded requests →
// FunctionTypes.
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <stdexcept>
#include <string>

#include "core/function/trace_type.h"

namespace dispatch_cases {

using nlohmann::json;
using namespace graphlens::function;
namespace gt = graphlens::tensor;

inline json load(const std::string& name) {
    std::ifstream in(std::string(GRAPHLENS_SOURCE_DIR) + "/tests/function/dispatch/" + name);
    if (!in) throw std::runtime_error("missing recording " + name);
    return json::parse(in);
}

inline gt::PartialShape shapeOf(const json& j) {
    if (j.is_null()) return gt::PartialShape::unknown();
    std::vector<int64_t> dims;
    for (const auto& d : j) dims.push_back(d.is_null() ? gt::PartialShape::kUnknown : d.get<int64_t>());
    return gt::PartialShape(std::move(dims));
}

inline gt::DType dtypeOf(const json& j) {
    const auto dt = gt::dtypeFromName(j.get<std::string>());
    if (dt == gt::DType::Invalid) throw std::runtime_error("unknown dtype " + j.get<std::string>());
    return dt;
}

inline PyLiteral literalOf(const json& enc) {
    const std::string py = enc.at("py");
    const json& v = enc.at("v");
    if (py == "none") return PyLiteral::none();
    if (py == "bool") return PyLiteral::boolean(v.get<bool>());
    if (py == "int") return PyLiteral::integer(v.get<int64_t>());
    if (py == "float") return PyLiteral::floating(v.is_string() ? std::nan("") : v.get<double>());
    if (py == "str") return PyLiteral::str(v.get<std::string>());
    if (py == "bytes") {
        // Recorded as latin-1 text: one code point per byte.
        std::string bytes;
        const std::string utf8 = v.get<std::string>();
        for (size_t i = 0; i < utf8.size(); ++i) {
            const auto c = static_cast<unsigned char>(utf8[i]);
            if (c < 0x80) {
                bytes += static_cast<char>(c);
            } else {
                bytes += static_cast<char>(((c & 0x1f) << 6) | (static_cast<unsigned char>(utf8[++i]) & 0x3f));
            }
        }
        return PyLiteral::bytes(bytes);
    }
    throw std::runtime_error("unknown literal " + py);
}

inline TraceType typeOf(const json& enc) {
    const std::string t = enc.at("t");
    if (t == "tensor") return TraceType::tensor(shapeOf(enc.at("shape")), dtypeOf(enc.at("dtype")));
    if (t == "spec") {
        std::optional<std::string> name;
        if (!enc.at("name").is_null()) name = enc.at("name").get<std::string>();
        return TraceType::tensor(shapeOf(enc.at("shape")), dtypeOf(enc.at("dtype")), name);
    }
    if (t == "var")
        return TraceType::variable(shapeOf(enc.at("shape")), dtypeOf(enc.at("dtype")), enc.at("trainable").get<bool>(),
                                   enc.at("alias").get<int>());
    if (t == "lit") return TraceType::literal(literalOf(enc));
    if (t == "obj")
        return TraceType::weakref(enc.at("id").get<uint64_t>() + 0x1000, "Obj", enc.at("repr").get<std::string>());
    std::vector<TraceType> items;
    if (t == "list" || t == "tuple" || t == "nt")
        for (const auto& item : enc.at("items")) items.push_back(typeOf(item));
    if (t == "list") return TraceType::list(std::move(items));
    if (t == "tuple") return TraceType::tuple(std::move(items));
    if (t == "nt")
        return TraceType::namedTuple(enc.at("name"), enc.at("fields").get<std::vector<std::string>>(),
                                     std::move(items));
    if (t == "dict") {
        std::vector<std::pair<PyLiteral, TraceType>> entries;
        for (const auto& kv : enc.at("items")) entries.emplace_back(literalOf(kv.at(0)), typeOf(kv.at(1)));
        return TraceType::dict(std::move(entries));
    }
    throw std::runtime_error("unknown encoding " + t);
}

inline ParamKind kindOf(const std::string& name) {
    for (ParamKind k : { ParamKind::PositionalOnly, ParamKind::PositionalOrKeyword, ParamKind::VarPositional,
                         ParamKind::KeywordOnly, ParamKind::VarKeyword })
        if (paramKindName(k) == name) return k;
    throw std::runtime_error("unknown parameter kind " + name);
}

// The request of one recorded call (its "request" array).
inline FunctionType requestOf(const json& request) {
    std::vector<Parameter> params;
    for (const auto& p : request)
        params.push_back(Parameter{ p.at("name"), kindOf(p.at("kind")), typeOf(p.at("value")) });
    return FunctionType(std::move(params));
}

// Object addresses differ from run to run: "at 0x7f..." → "at 0x...".
inline std::string normalise(const std::string& text) {
    static const std::regex address("0x[0-9a-f]+");
    return std::regex_replace(text, address, "0x...");
}

} // namespace dispatch_cases
