// HDF5 and zip (Keras model files, issue #19): files h5py / real Keras wrote
// (tests/data/keras_io/real, made by tests/oracle/record_keras_io.py) read as h5py reads them
// (types.json is h5py's view of types.h5), round trips through our writers, and truncated or
// mutated input that must end in a FormatError naming the file, never a crash or a huge allocation.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "core/graph/io/hdf5.h"
#include "core/graph/io/zip.h"
#include "core/util/error.h"

using namespace graphlens;
using namespace graphlens::io;

namespace {

std::string dataFile(const std::string& rel) {
    return std::string(GRAPHLENS_TEST_DATA_DIR) + "/keras_io/" + rel;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in.good());
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

const H5Object* find(const H5Object& root, const std::string& path) {
    const H5Object* o = &root;
    size_t i = 0;
    while (o && i < path.size()) {
        size_t j = path.find('/', i);
        if (j == std::string::npos) j = path.size();
        o = o->child(path.substr(i, j - i));
        i = j + 1;
    }
    return o;
}

double half(uint16_t h) {
    const int e = (h >> 10) & 31, m = h & 1023;
    const double s = (h & 0x8000) ? -1 : 1;
    if (e == 0) return s * std::ldexp(m, -24);
    if (e == 31) return m ? NAN : s * INFINITY;
    return s * std::ldexp(1024 + m, e - 25);
}

// h5py's dtype string of a value ("<f4", "<i8", "|u1", ...).
std::string dtypeStr(const H5Value& v) {
    const char k = v.kind == H5Value::Kind::Float ? 'f' : v.kind == H5Value::Kind::Int ? 'i' : 'u';
    return std::string(v.elemSize == 1 ? "|" : "<") + k + std::to_string(v.elemSize);
}

nlohmann::json number(const H5Value& v, uint64_t i) {
    const char* p = v.data.data() + i * uint64_t(v.elemSize);
    auto fl = [](double d) -> nlohmann::json {
        if (std::isnan(d)) return "nan";
        if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
        return d;
    };
    if (v.kind == H5Value::Kind::Float) {
        if (v.elemSize == 2) {
            uint16_t h;
            std::memcpy(&h, p, 2);
            return fl(half(h));
        }
        if (v.elemSize == 4) {
            float f;
            std::memcpy(&f, p, 4);
            return fl(f);
        }
        double d;
        std::memcpy(&d, p, 8);
        return fl(d);
    }
    int64_t x = 0;
    uint64_t u = 0;
    std::memcpy(&u, p, size_t(v.elemSize));
    if (v.kind == H5Value::Kind::Int && v.elemSize < 8 && (u >> (8 * v.elemSize - 1)) & 1)
        u |= ~uint64_t(0) << (8 * v.elemSize);
    std::memcpy(&x, &u, 8);
    return v.kind == H5Value::Kind::Int ? nlohmann::json(x) : nlohmann::json(u);
}

// What h5py's attrs[...] / dataset[()] gives, as record_keras_io.py writes it to JSON.
nlohmann::json asJson(const H5Value& v) {
    if (v.kind == H5Value::Kind::String) {
        if (v.scalar) return v.strings.at(0);
        return v.strings;
    }
    if (v.scalar) return number(v, 0);
    nlohmann::json a = nlohmann::json::array();
    for (uint64_t i = 0; i < v.count(); ++i) a.push_back(number(v, i));
    return a;
}

void checkAgainstH5py(const H5Object& root) {
    const nlohmann::json want = nlohmann::json::parse(slurp(dataFile("real/types.json")));
    size_t checked = 0;
    for (auto it = want.begin(); it != want.end(); ++it) {
        INFO("path " << it.key());
        const H5Object* o = it.key() == "/" ? &root : find(root, it.key());
        REQUIRE(o != nullptr);
        const auto& e = it.value();
        CHECK(o->isGroup == (e["kind"] == "group"));
        for (auto a = e["attrs"].begin(); a != e["attrs"].end(); ++a) {
            INFO("attr " << a.key());
            const H5Value* v = o->attr(a.key());
            REQUIRE(v != nullptr);
            CHECK(asJson(*v) == a.value());
        }
        CHECK(o->attrs.size() == e["attrs"].size());
        if (!o->isGroup) {
            std::vector<uint64_t> shape = e["shape"];
            CHECK(o->value.shape == shape);
            nlohmann::json got = asJson(o->value);
            if (e["dtype"] == "|b1") { // h5py's bool is an enum over int8
                CHECK(o->value.elemSize == 1);
                for (auto& x : got) x = x.get<int64_t>() != 0;
            } else {
                CHECK(dtypeStr(o->value) == e["dtype"]);
            }
            CHECK(got == e["value"]);
        }
        ++checked;
    }
    CHECK(checked == want.size());
}

bool sameTree(const H5Object& a, const H5Object& b) {
    if (a.name != b.name || a.isGroup != b.isGroup || a.attrs.size() != b.attrs.size() ||
        a.children.size() != b.children.size())
        return false;
    for (size_t i = 0; i < a.attrs.size(); ++i)
        if (a.attrs[i].first != b.attrs[i].first || asJson(a.attrs[i].second) != asJson(b.attrs[i].second))
            return false;
    if (!a.isGroup &&
        (a.value.shape != b.value.shape || a.value.kind != b.value.kind || a.value.elemSize != b.value.elemSize ||
         asJson(a.value) != asJson(b.value)))
        return false;
    for (size_t i = 0; i < a.children.size(); ++i)
        if (!sameTree(a.children[i], b.children[i])) return false;
    return true;
}

// Every prefix (in steps) and many single-byte mutations: a FormatError naming the file, or a
// successful read; nothing else.
template<class F> void hostile(const std::string& bytes, const std::string& name, F&& read, size_t step) {
    size_t errors = 0;
    for (size_t n = 0; n < bytes.size(); n += step) {
        try {
            read(std::string_view(bytes).substr(0, n));
        } catch (const FormatError& e) {
            ++errors;
            CHECK(e.file() == name);
            CHECK(!e.place().empty());
        }
    }
    CHECK(errors > 0);
    std::string m = bytes;
    uint32_t seed = 12345;
    for (int k = 0; k < 3000; ++k) {
        seed = seed * 1103515245u + 12345u;
        const size_t at = (seed >> 8) % m.size();
        const char old = m[at];
        m[at] = char(uint8_t(old) ^ uint8_t(1u << ((seed >> 4) % 8)) ^ ((k % 7 == 0) ? 0xFF : 0));
        try {
            read(std::string_view(m));
        } catch (const FormatError& e) {
            CHECK(e.file() == name);
        }
        m[at] = old;
    }
}

} // namespace

TEST_CASE("hdf5: h5py's types and layouts read as h5py reads them") {
    const H5Object root = readHdf5(slurp(dataFile("real/types.h5")), "types.h5");
    checkAgainstH5py(root);
    REQUIRE(find(root, "many") != nullptr);
    CHECK(find(root, "many")->children.size() == 20); // several symbol table nodes
}

TEST_CASE("hdf5: the weights real Keras wrote") {
    const H5Object root = readHdf5(slurp(dataFile("real/seq.weights.h5")), "seq.weights.h5");
    const H5Object* k = find(root, "layers/dense/vars/0");
    REQUIRE(k != nullptr);
    CHECK(!k->isGroup);
    CHECK(k->value.shape == std::vector<uint64_t>{ 3, 2 });
    CHECK(dtypeStr(k->value) == "<f4");
    REQUIRE(find(root, "layers/dense/vars")->attr("name") != nullptr);
    CHECK(find(root, "layers/dense/vars")->attr("name")->strings == std::vector<std::string>{ "dense" });
    CHECK(find(root, "optimizer/vars")->children.size() == 10);
    CHECK(dtypeStr(find(root, "optimizer/vars/0")->value) == "<i8");
    CHECK(find(root, "optimizer/vars/0")->value.scalar);
    // the legacy format: string-array attributes, an empty float64 array attribute
    const H5Object legacy = readHdf5(slurp(dataFile("real/legacy.h5")), "legacy.h5");
    CHECK(asJson(*find(legacy, "model_weights/dense")->attr("weight_names")) ==
          nlohmann::json({ "sequential/dense/kernel", "sequential/dense/bias" }));
    CHECK(find(legacy, "model_weights/top_level_model_weights")->attr("weight_names")->count() == 0);
    CHECK(nlohmann::json::parse(legacy.attr("model_config")->strings.at(0))["class_name"] == "Sequential");
}

TEST_CASE("hdf5: round trips through the writer") {
    for (const char* f : { "real/types.h5", "real/seq.weights.h5", "real/legacy.h5" }) {
        INFO(f);
        const H5Object a = readHdf5(slurp(dataFile(f)), f);
        const std::string written = writeHdf5(a);
        const H5Object b = readHdf5(written, "written");
        CHECK(sameTree(a, b));
        CHECK(writeHdf5(b) == written); // deterministic
    }
    const H5Object types = readHdf5(writeHdf5(readHdf5(slurp(dataFile("real/types.h5")), "t")), "types.h5");
    checkAgainstH5py(types);
    // a group of the most members the writer takes, and one more
    H5Object big;
    for (int i = 0; i < 256; ++i) {
        H5Object d;
        d.name = "m" + std::to_string(1000 + i);
        d.isGroup = false;
        d.value.kind = H5Value::Kind::Int;
        d.value.elemSize = 4;
        d.value.shape = { 1 };
        d.value.data.assign(reinterpret_cast<const char*>(&i), 4);
        big.children.push_back(d);
    }
    CHECK(readHdf5(writeHdf5(big), "big").children.size() == 256);
    big.children.push_back(big.children[0]);
    big.children.back().name = "zz";
    CHECK_THROWS_AS(writeHdf5(big), std::invalid_argument);
}

TEST_CASE("hdf5: truncated, mutated and hostile input is a FormatError with the place") {
    const std::string bytes = slurp(dataFile("real/seq.weights.h5"));
    hostile(
        bytes, "seq.weights.h5", [](std::string_view b) { readHdf5(b, "seq.weights.h5"); }, 61);
    try {
        readHdf5(std::string_view(bytes).substr(0, bytes.size() / 2), "seq.weights.h5");
        FAIL("a half file read");
    } catch (const FormatError& e) {
        CHECK(std::string(e.what()).find("seq.weights.h5: object '/") == 0);
        CHECK(std::string(e.what()).find("byte ") != std::string::npos);
    }
    CHECK_THROWS_WITH(readHdf5("not hdf5 at all", "x.h5"), Catch::Contains("x.h5: byte 0: not an HDF5 file"));
    const std::string t = slurp(dataFile("real/types.h5"));
    hostile(
        t, "types.h5", [](std::string_view b) { readHdf5(b, "types.h5"); }, 83);
}

TEST_CASE("zip: archives real Keras and Python's zipfile wrote") {
    const std::vector<ZipEntry> e = readZip(slurp(dataFile("real/seq.keras")), "seq.keras");
    REQUIRE(e.size() == 3);
    CHECK(e[0].name == "metadata.json");
    CHECK(e[1].name == "config.json");
    CHECK(e[2].name == "model.weights.h5");
    CHECK(nlohmann::json::parse(e[1].data)["class_name"] == "Sequential");
    CHECK(readHdf5(e[2].data, "model.weights.h5").child("layers") != nullptr);
    const std::vector<ZipEntry> d = readZip(slurp(dataFile("real/deflated.zip")), "deflated.zip");
    REQUIRE(d.size() == 2);
    CHECK(nlohmann::json::parse(d[0].data)["a"].size() == 300);
    CHECK(d[1].data.empty());
    // round trip, deterministic
    const std::string w = writeZip(e);
    const std::vector<ZipEntry> r = readZip(w, "w.keras");
    REQUIRE(r.size() == 3);
    for (size_t i = 0; i < 3; ++i) CHECK((r[i].name == e[i].name && r[i].data == e[i].data));
    CHECK(writeZip(r) == w);
}

TEST_CASE("zip: truncated, mutated and hostile input is a FormatError with the place") {
    const std::string bytes = slurp(dataFile("real/seq.keras"));
    hostile(
        bytes, "seq.keras", [](std::string_view b) { readZip(b, "seq.keras"); }, 97);
    CHECK_THROWS_WITH(readZip(std::string_view(bytes).substr(0, bytes.size() - 10), "seq.keras"),
                      Catch::Contains("zip archive is truncated"));
    std::string bad = bytes;
    bad[200] = char(bad[200] ^ 0x40); // inside config.json
    CHECK_THROWS_WITH(readZip(bad, "seq.keras"), Catch::Contains("CRC-32 mismatch"));
    const std::string z = slurp(dataFile("real/deflated.zip"));
    hostile(
        z, "deflated.zip", [](std::string_view b) { readZip(b, "deflated.zip"); }, 7);
    // an entry that declares more than the limit is refused before anything is inflated
    CHECK_THROWS_WITH(readZip(z, "deflated.zip", 100), Catch::Contains("over the limit"));
    // a false size is refused without allocating it: more than deflate can give, or more than the data gives
    std::string big = z;
    const size_t cd = big.find(std::string("PK\x01\x02", 4));
    REQUIRE(cd != std::string::npos);
    for (uint32_t declared : { 0x7FFFFFF0u, 5000u }) {
        for (int i = 0; i < 4; ++i) big[cd + 24 + size_t(i)] = char((declared >> (8 * i)) & 0xFF);
        CHECK_THROWS_WITH(
            readZip(big, "deflated.zip"),
            Catch::Contains(declared > 5000 ? "more than deflate can give" : "does not inflate to its declared"));
    }
}

// Found by the hdf5 fuzzer (2026-12-02): a file with an empty variable-length string dataset read,
// our writer leaves its storage unallocated (nothing to store), and reading that back refused it.
TEST_CASE("hdf5: an empty variable-length string dataset writes and reads back") {
    const H5Object root = readHdf5(slurp(dataFile("fuzz/empty_vlen_roundtrip.h5")), "fuzzed.h5");
    const std::string again = writeHdf5(root);
    CHECK_NOTHROW(readHdf5(again, "again.h5"));
}
