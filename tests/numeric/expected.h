#pragma once
// Reads tests/data/expected/numeric_*.json (written by tests/oracle/record_numeric.py) and
// compares value streams bit-exactly: the first values one by one, all values by their hash.
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <sstream>
#include <string>
#include <vector>

namespace graphlens::numeric::test {

inline const nlohmann::json& expectedFile(const std::string& name) {
    static std::map<std::string, nlohmann::json> cache;
    auto it = cache.find(name);
    if (it == cache.end()) {
        std::ifstream in(std::string(GRAPHLENS_TEST_DATA_DIR) + "/expected/" + name);
        if (!in) throw std::runtime_error("missing " + name + ": run tests/oracle/record_numeric.py");
        it = cache.emplace(name, nlohmann::json::parse(in)).first;
    }
    return it->second;
}

template<class T> uint64_t bitsOf(const T& v) {
    if constexpr (sizeof(T) == 8) return std::bit_cast<uint64_t>(v);
    else if constexpr (sizeof(T) == 4) return std::bit_cast<uint32_t>(v);
    else if constexpr (sizeof(T) == 2) return std::bit_cast<uint16_t>(v);
    else return std::bit_cast<uint8_t>(v);
}

template<class T> std::string fnv64(std::span<const T> values) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (const T& v : values) {
        h ^= bitsOf(v);
        h *= 0x100000001B3ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

// Empty when `values` matches the recorded stream, else a description of the first difference.
template<class T> std::string compareStream(const nlohmann::json& rec, std::span<const T> values) {
    std::ostringstream err;
    if (rec.at("n").get<size_t>() != values.size()) {
        err << "size " << values.size() << " != " << rec.at("n");
        return err.str();
    }
    const auto& head = rec.at("head");
    for (size_t i = 0; i < head.size(); ++i) {
        if (head[i].get<uint64_t>() != bitsOf(values[i])) {
            err << "value " << i << ": bits " << bitsOf(values[i]) << " != " << head[i];
            return err.str();
        }
    }
    if (fnv64(values) != rec.at("fnv").get<std::string>()) return "hash differs after the first values";
    return {};
}

inline size_t shapeSize(const nlohmann::json& shape) {
    size_t n = 1;
    for (const auto& d : shape) n *= d.get<size_t>();
    return n;
}

} // namespace graphlens::numeric::test
