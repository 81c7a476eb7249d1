// numpy / TF printing against numpy 2.4 and TF 2.21 recordings (byte-exact).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>

#include "core/numeric/array_format.h"
#include "core/numeric/float16.h"
#include "core/numeric/format_float.h"
#include "core/numeric/mt19937.h"
#include "core/numeric/tf_format.h"
#include "expected.h"

using namespace graphlens::numeric;
using graphlens::numeric::test::expectedFile;

namespace {

std::string fromHex(const std::string& hex) {
    std::string out;
    for (size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
    return out;
}

// A recorded text: a string, or {"hex": ...} where it is not UTF-8.
std::string recordedText(const nlohmann::json& j) {
    return j.is_string() ? j.get<std::string>() : fromHex(j.at("hex").get<std::string>());
}

// Owns the buffers behind an ArrayView built from a recorded case.
struct Recorded {
    ArrayView view;
    std::vector<unsigned char> bytes;
    std::vector<std::string> strings;

    explicit Recorded(const nlohmann::json& c) {
        const std::string dtype = c.at("dtype");
        for (const auto& d : c.at("shape")) view.shape.push_back(d.get<int64_t>());
        const auto& values = c.at("values");
        struct Kind {
            const char* name;
            ElementType type;
            int size;
        };
        static const Kind kinds[] = {
            { "bool", ElementType::Bool, 1 },         { "int8", ElementType::Int8, 1 },
            { "int16", ElementType::Int16, 2 },       { "int32", ElementType::Int32, 4 },
            { "int64", ElementType::Int64, 8 },       { "uint8", ElementType::UInt8, 1 },
            { "uint16", ElementType::UInt16, 2 },     { "uint32", ElementType::UInt32, 4 },
            { "uint64", ElementType::UInt64, 8 },     { "float16", ElementType::Float16, 2 },
            { "bfloat16", ElementType::BFloat16, 2 }, { "float32", ElementType::Float32, 4 },
            { "float64", ElementType::Float64, 8 },
        };
        if (dtype[0] == '|' || dtype[0] == '<') {
            const bool isBytes = dtype[1] == 'S';
            view.type = isBytes ? ElementType::Bytes : ElementType::Unicode;
            view.stringWidth = std::stoll(dtype.substr(2));
            for (const auto& v : values)
                strings.push_back(isBytes ? fromHex(v.get<std::string>()) : v.get<std::string>());
            view.strings = strings;
            return;
        }
        for (const Kind& k : kinds) {
            if (dtype != k.name) continue;
            view.type = k.type;
            for (const auto& v : values) {
                // Little-endian host: the low `size` bytes of the value are the element.
                uint64_t u = v.is_boolean()  ? (v.get<bool>() ? 1 : 0)
                    : v.is_number_unsigned() ? v.get<uint64_t>()
                                             : static_cast<uint64_t>(v.get<int64_t>());
                unsigned char buf[8];
                std::memcpy(buf, &u, 8);
                bytes.insert(bytes.end(), buf, buf + k.size);
            }
            view.data = bytes.data();
            return;
        }
        throw std::runtime_error("unknown dtype " + dtype);
    }
};

} // namespace

TEST_CASE("numpy str and repr of arrays match numpy", "[numeric][print][numpy]") {
    const auto& cases = expectedFile("numeric_print.json").at("cases");
    REQUIRE(cases.size() > 300);
    for (const auto& c : cases) {
        const Recorded r(c);
        INFO(c.at("label").get<std::string>()
             << " " << c.at("dtype").get<std::string>() << " shape " << c.at("shape") << "\nrepr:\n"
             << c.at("repr").get<std::string>());
        CHECK(numpyStr(r.view) == c.at("str").get<std::string>());
        CHECK(numpyRepr(r.view) == c.at("repr").get<std::string>());
        if (c.contains("scalar_str")) {
            CHECK(numpyScalarStr(r.view) == c.at("scalar_str").get<std::string>());
            CHECK(numpyScalarRepr(r.view) == c.at("scalar_repr").get<std::string>());
        }
    }
}

TEST_CASE("TF tensor str, repr, variable repr and tf.print match TF", "[numeric][print][tf]") {
    const auto& cases = expectedFile("numeric_print.json").at("cases");
    for (const auto& c : cases) {
        if (!c.contains("tf_str")) continue;
        const Recorded r(c);
        INFO(c.at("label").get<std::string>()
             << " " << c.at("dtype").get<std::string>() << " shape " << c.at("shape") << "\nrepr:\n"
             << c.at("repr").get<std::string>());
        CHECK(tfTensorStr(r.view) == c.at("tf_str").get<std::string>());
        CHECK(tfTensorRepr(r.view) == c.at("tf_repr").get<std::string>());
        const TfPrintArg arg{ &r.view, {} };
        CHECK(tfPrint(std::span(&arg, 1)) == recordedText(c.at("tf_print")));
        if (c.contains("tf_variable_repr"))
            CHECK(tfVariableRepr("Variable:0", r.view) == c.at("tf_variable_repr").get<std::string>());
    }
}

TEST_CASE("tf.print summarize and string arguments", "[numeric][print][tf]") {
    const auto& rec = expectedFile("numeric_print.json");
    for (const auto& c : rec.at("tf_print_summarize")) {
        const Recorded r(c);
        INFO("summarize " << c.at("summarize") << " shape " << c.at("shape"));
        const TfPrintArg arg{ &r.view, {} };
        CHECK(tfPrint(std::span(&arg, 1), c.at("summarize").get<int64_t>()) == recordedText(c.at("text")));
    }
    for (const auto& c : rec.at("tf_print_strings")) {
        const std::string s = fromHex(c.at("value"));
        std::vector<std::string> scalar{ s };
        std::vector<std::string> pair{ s, "x" };
        ArrayView a;
        a.type = ElementType::Bytes;
        a.strings = scalar;
        ArrayView b;
        b.type = ElementType::Bytes;
        b.shape = { 2 };
        b.strings = pair;
        const TfPrintArg args[] = { { &a, {} }, { &b, {} } };
        CHECK(tfPrint(args) == recordedText(c.at("text")));
    }
}

TEST_CASE("Python float repr matches CPython", "[numeric][print]") {
    for (const auto& c : expectedFile("numeric_print.json").at("python_float_repr")) {
        const double v = std::bit_cast<double>(c.at("bits").get<uint64_t>());
        CHECK(pythonFloatRepr(v) == c.at("repr").get<std::string>());
    }
}

namespace {

std::string fnvText(const std::string& text) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001B3ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

template<class T> ArrayView viewOf(ElementType type, const std::vector<T>& values, bool scalar = false) {
    ArrayView a;
    a.type = type;
    if (!scalar) a.shape = { static_cast<int64_t>(values.size()) };
    a.data = values.data();
    return a;
}

void joinLine(std::string& all, const std::string& s) {
    if (!all.empty()) all += '\n';
    all += s;
}

// The generated inputs of record_numeric_print.bulk(), texts joined by newlines.
std::string bulkText(const std::string& what) {
    std::string all;
    auto scalarTexts = [&](ElementType type, auto values, bool repr) {
        for (const auto& v : values) {
            const std::vector<std::decay_t<decltype(v)>> one{ v };
            const ArrayView a = viewOf(type, one, true);
            joinLine(all, repr ? numpyScalarRepr(a) : numpyScalarStr(a));
        }
    };
    if (what.rfind("float16 all scalar", 0) == 0) {
        std::vector<uint16_t> bits(65536);
        for (size_t i = 0; i < bits.size(); ++i) bits[i] = static_cast<uint16_t>(i);
        scalarTexts(ElementType::Float16, bits, what.find("repr") != std::string::npos);
        return all;
    }
    if (what == "float32 random bits scalar str") {
        NumpyRandomState rs(5);
        std::vector<int64_t> draws(40000);
        rs.randint(0, int64_t{ 1 } << 32, draws);
        std::vector<uint32_t> bits(draws.begin(), draws.end());
        scalarTexts(ElementType::Float32, bits, false);
        return all;
    }
    if (what == "float64 random bits scalar str") {
        NumpyRandomState rs(6);
        std::vector<int64_t> draws(40000);
        rs.randint(INT64_MIN, INT64_MAX, draws);
        scalarTexts(ElementType::Float64, draws, false);
        return all;
    }
    const bool repr = what.find("repr") != std::string::npos;
    const std::string dtype = what.substr(0, what.find(' '));
    if (what.find("random bits arrays") != std::string::npos) {
        NumpyRandomState rs(12);
        const bool half = dtype == "float16";
        for (int k = 0; k < 2000; ++k) {
            std::vector<int64_t> u(5);
            rs.randint(0, int64_t{ 1 } << (half ? 16 : 32), u);
            if (half) {
                const std::vector<uint16_t> bits(u.begin(), u.end());
                joinLine(all, numpyRepr(viewOf(ElementType::Float16, bits)));
            } else {
                const std::vector<uint32_t> bits(u.begin(), u.end());
                joinLine(all, numpyRepr(viewOf(ElementType::Float32, bits)));
            }
        }
        return all;
    }
    NumpyRandomState rs(11);
    for (int k = 0; k < 3000; ++k) {
        const int64_t e = rs.randint(-8, 10);
        const int64_t n = rs.randint(1, 9);
        std::vector<double> v(static_cast<size_t>(n));
        rs.standardNormal(v);
        for (double& x : v) x *= std::pow(10.0, static_cast<double>(e));
        ArrayView a;
        std::vector<uint16_t> halves;
        std::vector<float> floats;
        if (dtype == "float16") {
            for (double x : v) halves.push_back(doubleToHalf(x).bits);
            a = viewOf(ElementType::Float16, halves);
        } else if (dtype == "float32") {
            for (double x : v) floats.push_back(static_cast<float>(x));
            a = viewOf(ElementType::Float32, floats);
        } else {
            a = viewOf(ElementType::Float64, v);
        }
        joinLine(all, repr ? numpyRepr(a) : numpyStr(a));
    }
    return all;
}

} // namespace

TEST_CASE("numpy float printing in bulk (all halves, random bits, random magnitudes)", "[numeric][print][bulk]") {
    for (const auto& c : expectedFile("numeric_print.json").at("bulk")) {
        const std::string what = c.at("what");
        INFO(what);
        CHECK(fnvText(bulkText(what)) == c.at("fnv").get<std::string>());
    }
}

TEST_CASE("numpy printing with non-default print options", "[numeric][print][numpy]") {
    for (const auto& c : expectedFile("numeric_print.json").at("print_options")) {
        const Recorded r(c);
        const auto& o = c.at("options");
        PrintOptions opt;
        opt.precision = o.value("precision", opt.precision);
        opt.suppressSmall = o.value("suppress", opt.suppressSmall);
        opt.lineWidth = o.value("linewidth", opt.lineWidth);
        opt.threshold = o.value("threshold", opt.threshold);
        opt.edgeItems = o.value("edgeitems", opt.edgeItems);
        INFO(o.dump() << " " << c.at("dtype").get<std::string>() << " shape " << c.at("shape"));
        CHECK(numpyStr(r.view, opt) == c.at("str").get<std::string>());
        CHECK(numpyRepr(r.view, opt) == c.at("repr").get<std::string>());
    }
}
