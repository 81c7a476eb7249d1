// TensorProto decoding (TF's FromProto rules), dtype names/sizes, and numpy-style element formatting; real Const
// values come from the speech_commands text GraphDef.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <fstream>
#include <google/protobuf/text_format.h>
#include <iterator>
#include <limits>
#include <map>
#include <string>

#include "core/graph/io/tensor_value.h"
#include "core/proto/graph.pb.h"
#include "core/util/error.h"
#include "fixtures.h"

using namespace graphlens;
using namespace graphlens::io;

namespace {

constexpr int64_t kLimit = 1 << 20;

tensorflow::TensorProto proto(tensorflow::DataType dtype, const std::vector<int64_t>& shape) {
    tensorflow::TensorProto p;
    p.set_dtype(dtype);
    for (int64_t d : shape) p.mutable_tensor_shape()->add_dim()->set_size(d);
    return p;
}

TensorValue decode(const tensorflow::TensorProto& p, int64_t limit = kLimit) {
    return tensorFromProto(p, "test.pb", "node x", limit);
}

std::string floatRepr(float f) {
    TensorValue v;
    v.dtype = tensorflow::DT_FLOAT;
    v.data.assign(reinterpret_cast<const char*>(&f), 4);
    return formatElement(v, 0);
}

std::map<std::string, tensorflow::TensorProto> constsOf(const std::string& pbtxt) {
    std::ifstream in(pbtxt);
    REQUIRE(in.good());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    tensorflow::GraphDef graph;
    REQUIRE(google::protobuf::TextFormat::ParseFromString(text, &graph));
    std::map<std::string, tensorflow::TensorProto> out;
    for (const auto& node : graph.node())
        if (node.op() == "Const") out[node.name()] = node.attr().at("value").tensor();
    return out;
}

} // namespace

TEST_CASE("dtype names and sizes follow TF's Python names", "[tensor_value]") {
    CHECK(dtypeName(tensorflow::DT_FLOAT) == "float32");
    CHECK(dtypeName(tensorflow::DT_DOUBLE) == "float64");
    CHECK(dtypeName(tensorflow::DT_HALF) == "float16");
    CHECK(dtypeName(tensorflow::DT_BFLOAT16) == "bfloat16");
    CHECK(dtypeName(tensorflow::DT_INT64) == "int64");
    CHECK(dtypeName(tensorflow::DT_STRING) == "string");
    CHECK(dtypeName(tensorflow::DT_RESOURCE) == "resource");
    CHECK(dtypeName(tensorflow::DT_VARIANT) == "variant");
    CHECK(dtypeName(tensorflow::DT_QUINT8) == "quint8");
    CHECK(dtypeName(tensorflow::DT_COMPLEX128) == "complex128");
    CHECK(dtypeName(tensorflow::DT_FLOAT8_E4M3FN) == "float8_e4m3fn");
    CHECK(dtypeName(tensorflow::DT_FLOAT_REF) == "float32_ref");
    CHECK(dtypeName(tensorflow::DT_INT32_REF) == "int32_ref");
    CHECK(dtypeName(tensorflow::DT_INVALID) == "invalid");
    CHECK(dtypeName(tensorflow::DataType(77)) == "dtype(77)");
    CHECK(dtypeSize(tensorflow::DT_FLOAT) == 4);
    CHECK(dtypeSize(tensorflow::DT_FLOAT_REF) == 4);
    CHECK(dtypeSize(tensorflow::DT_HALF) == 2);
    CHECK(dtypeSize(tensorflow::DT_COMPLEX64) == 8);
    CHECK(dtypeSize(tensorflow::DT_COMPLEX128) == 16);
    CHECK(dtypeSize(tensorflow::DT_BOOL) == 1);
    CHECK(dtypeSize(tensorflow::DT_STRING) == 0);
    CHECK(dtypeSize(tensorflow::DT_RESOURCE) == 0);
    CHECK(baseDtype(tensorflow::DT_HALF_REF) == tensorflow::DT_HALF);
    CHECK(isRefDtype(tensorflow::DT_HALF_REF));
}

TEST_CASE("real Const tensors from the speech_commands text graph", "[tensor_value][fixtures]") {
    const auto consts = constsOf(test::fixture("speech_commands_conv_ckpt/conv.pbtxt"));
    // tensor_content holding int32 [-1, 62720].
    const TensorValue reshape = decode(consts.at("Reshape_1/shape"));
    CHECK(reshape.dtype == tensorflow::DT_INT32);
    CHECK(reshape.shape == std::vector<int64_t>{ 2 });
    CHECK(formatElement(reshape, 0) == "-1");
    CHECK(formatElement(reshape, 1) == "62720");
    // A single float_val 0.0 repeated over shape [64].
    const TensorValue zeros = decode(consts.at("zeros"));
    CHECK(zeros.numElements() == 64);
    CHECK(zeros.data.size() == 256);
    CHECK(formatElement(zeros, 63) == "0.0");
    // string_val of the saver's tensor names.
    const TensorValue names = decode(consts.at("save/SaveV2/tensor_names"));
    REQUIRE(names.strings.size() == 7);
    CHECK(names.strings[0] == "Variable");
    CHECK(formatElement(names, 6) == "b'global_step'");
    CHECK(std::isnan(elementAsDouble(names, 0)));
    const TensorValue shapes = decode(consts.at("save/SaveV2/shape_and_slices"));
    CHECK(formatElement(shapes, 3) == "b''");
    // Stored shape [-1, 98, 40, 1].
    const TensorValue shape4 = decode(consts.at("Reshape/shape"));
    CHECK(elementAsDouble(shape4, 1) == 98.0);
}

TEST_CASE("typed value fields: repetition, zeros and every dtype family", "[tensor_value]") {
    auto p = proto(tensorflow::DT_FLOAT, { 2, 2 });
    p.add_float_val(1.0f);
    TensorValue v = decode(p);
    for (int i = 0; i < 4; ++i) CHECK(elementAsDouble(v, i) == 1.0);
    p.add_float_val(2.5f);
    v = decode(p);
    CHECK(elementAsDouble(v, 0) == 1.0);
    CHECK(elementAsDouble(v, 1) == 2.5);
    CHECK(elementAsDouble(v, 3) == 2.5); // last value repeats
    v = decode(proto(tensorflow::DT_DOUBLE, { 3 }));
    CHECK(v.data == std::string(24, '\0')); // no values: zeros

    auto i8 = proto(tensorflow::DT_INT8, { 2 });
    i8.add_int_val(-5);
    i8.add_int_val(100);
    v = decode(i8);
    CHECK(v.data.size() == 2);
    CHECK(formatElement(v, 0) == "-5");
    CHECK(formatElement(v, 1) == "100");
    auto u16 = proto(tensorflow::DT_UINT16, {});
    u16.add_int_val(65535);
    CHECK(formatElement(decode(u16), 0) == "65535");
    auto i64 = proto(tensorflow::DT_INT64, {});
    i64.add_int64_val(std::numeric_limits<int64_t>::min());
    CHECK(formatElement(decode(i64), 0) == "-9223372036854775808");
    auto u64 = proto(tensorflow::DT_UINT64, {});
    u64.add_uint64_val(std::numeric_limits<uint64_t>::max());
    CHECK(formatElement(decode(u64), 0) == "18446744073709551615");
    auto u32 = proto(tensorflow::DT_UINT32, {});
    u32.add_uint32_val(4000000000u);
    CHECK(formatElement(decode(u32), 0) == "4000000000");
    auto qi = proto(tensorflow::DT_QINT32, {});
    qi.add_int_val(-7);
    CHECK(formatElement(decode(qi), 0) == "-7");
    auto b = proto(tensorflow::DT_BOOL, { 3 });
    b.add_bool_val(true);
    b.add_bool_val(false);
    v = decode(b);
    CHECK(formatElement(v, 0) == "True");
    CHECK(formatElement(v, 1) == "False");
    CHECK(formatElement(v, 2) == "False");

    auto h = proto(tensorflow::DT_HALF, { 2 });
    h.add_half_val(0x3c00); // 1.0
    h.add_half_val(0xc000); // -2.0
    v = decode(h);
    CHECK(formatElement(v, 0) == "1.0");
    CHECK(formatElement(v, 1) == "-2.0");
    auto bf = proto(tensorflow::DT_BFLOAT16, {});
    bf.add_half_val(0x3fc0); // 1.5
    CHECK(formatElement(decode(bf), 0) == "1.5");
    CHECK(halfToFloat(0x7c00) == std::numeric_limits<float>::infinity());
    CHECK(std::isnan(halfToFloat(0x7e00)));
    CHECK(halfToFloat(0x0001) == std::ldexp(1.0f, -24));
    CHECK(halfToFloat(0x3555) == Approx(0.333251953125));

    auto c = proto(tensorflow::DT_COMPLEX64, { 2 });
    c.add_scomplex_val(3.0f);
    c.add_scomplex_val(4.0f);
    v = decode(c);
    CHECK(formatElement(v, 0) == "(3+4j)");
    CHECK(formatElement(v, 1) == "(3+4j)");
    CHECK(elementAsDouble(v, 0) == 5.0);
    auto z = proto(tensorflow::DT_COMPLEX128, {});
    z.add_dcomplex_val(1.5);
    z.add_dcomplex_val(-2.0);
    CHECK(formatElement(decode(z), 0) == "(1.5-2j)");

    auto f8 = proto(tensorflow::DT_FLOAT8_E4M3FN, { 3 });
    f8.set_float8_val(std::string("\x38\xb8\x7f", 3));
    v = decode(f8);
    CHECK(formatElement(v, 0) == "1.0");
    CHECK(formatElement(v, 1) == "-1.0");
    CHECK(formatElement(v, 2) == "nan");
    auto e5 = proto(tensorflow::DT_FLOAT8_E5M2, { 2 });
    e5.set_float8_val(std::string("\x3c\x7c", 2));
    v = decode(e5);
    CHECK(formatElement(v, 0) == "1.0");
    CHECK(formatElement(v, 1) == "inf");
    auto i4 = proto(tensorflow::DT_INT4, {});
    i4.add_int_val(-3);
    CHECK(formatElement(decode(i4), 0) == "-3");

    auto s = proto(tensorflow::DT_STRING, { 3 });
    s.add_string_val("it's");
    s.add_string_val(std::string("\x00\xff\n\\", 4));
    v = decode(s);
    CHECK(formatElement(v, 0) == "b\"it's\"");
    CHECK(formatElement(v, 1) == "b'\\x00\\xff\\n\\\\'");
    CHECK(formatElement(v, 2) == "b'\\x00\\xff\\n\\\\'");
    CHECK(bytesRepr("both ' and \"") == "b'both \\' and \"'");

    auto sc = proto(tensorflow::DT_STRING, { 2 });
    sc.set_tensor_content(std::string("\x02\x01") + "abc");
    v = decode(sc);
    CHECK(v.strings == std::vector<std::string>{ "ab", "c" });

    const TensorValue r = decode(proto(tensorflow::DT_RESOURCE, {}));
    CHECK(r.unsupported);
    CHECK_THROWS_AS(formatElement(r, 0), std::out_of_range);
    CHECK_THROWS_AS(formatElement(decode(proto(tensorflow::DT_FLOAT, { 2 })), 2), std::out_of_range);
    CHECK_THROWS_AS(formatElement(decode(proto(tensorflow::DT_FLOAT, { 2 })), -1), std::out_of_range);
}

TEST_CASE("floats format like numpy's scalar repr with 6 significant digits", "[tensor_value]") {
    CHECK(floatRepr(0.5f) == "0.5");
    CHECK(floatRepr(2.0f) == "2.0");
    CHECK(floatRepr(0.1f) == "0.1");
    CHECK(floatRepr(-0.0f) == "-0.0");
    CHECK(floatRepr(16.18f) == "16.18");
    CHECK(floatRepr(1e-5f) == "1e-05");
    CHECK(floatRepr(0.0001f) == "0.0001");
    CHECK(floatRepr(1234567.0f) == "1234570.0");
    CHECK(floatRepr(100000.0f) == "100000.0");
    CHECK(floatRepr(3.14159265f) == "3.14159");
    CHECK(floatRepr(1e16f) == "1e+16");
    CHECK(floatRepr(-2.5e-7f) == "-2.5e-07");
    CHECK(floatRepr(std::numeric_limits<float>::infinity()) == "inf");
    CHECK(floatRepr(-std::numeric_limits<float>::infinity()) == "-inf");
    CHECK(floatRepr(std::numeric_limits<float>::quiet_NaN()) == "nan");
}

TEST_CASE("malformed and oversized protos", "[tensor_value][hostile]") {
    // 10^12 declared elements: flagged, nothing allocated.
    auto huge = proto(tensorflow::DT_FLOAT, { 1000000, 1000000 });
    huge.add_float_val(1.0f);
    TensorValue v = decode(huge);
    CHECK(v.tooLarge);
    CHECK(v.data.empty());
    CHECK_FALSE(v.hasValues());
    CHECK(v.numElements() == 1000000000000);
    CHECK_THROWS_AS(elementAsDouble(v, 0), std::out_of_range);
    // Overflowing element counts.
    v = decode(proto(tensorflow::DT_FLOAT, { int64_t(1) << 40, int64_t(1) << 40 }));
    CHECK(v.tooLarge);
    CHECK(v.numElements() == -1);
    // One long string repeated over many elements.
    auto s = proto(tensorflow::DT_STRING, { 1000000 });
    s.add_string_val(std::string(1 << 10, 'x'));
    CHECK(decode(s, 1 << 30).tooLarge);

    auto neg = proto(tensorflow::DT_FLOAT, { -1 });
    CHECK_THROWS_AS(decode(neg), FormatError);
    auto unknown = proto(tensorflow::DT_FLOAT, {});
    unknown.mutable_tensor_shape()->set_unknown_rank(true);
    CHECK_THROWS_AS(decode(unknown), FormatError);
    auto wrongSize = proto(tensorflow::DT_FLOAT, { 3 });
    wrongSize.set_tensor_content(std::string(8, '\0'));
    try {
        decode(wrongSize);
        FAIL("expected FormatError");
    } catch (const FormatError& e) {
        CHECK(e.file() == "test.pb");
        CHECK(e.place() == "node x");
    }
    auto badStrings = proto(tensorflow::DT_STRING, { 2 });
    badStrings.set_tensor_content(std::string("\x05\x05", 2) + "abc");
    CHECK_THROWS_AS(decode(badStrings), FormatError);
    auto noLengths = proto(tensorflow::DT_STRING, { 1000 });
    noLengths.set_tensor_content("\x01");
    CHECK_THROWS_AS(decode(noLengths), FormatError);
}
