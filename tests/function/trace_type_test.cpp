// Trace types: Python equality of literals, TF's subtyping and common supertypes, and the printed
// forms, checked against what real TF 2.21 printed (tests/function/dispatch/cases.json).
#include <catch2/catch.hpp>
#include <cmath>

#include "dispatch_cases.h"

using namespace dispatch_cases;
using graphlens::tensor::DType;
using graphlens::tensor::PartialShape;

namespace {

TraceType spec(std::vector<int64_t> dims, DType dt = DType::Float32) {
    return TraceType::tensor(PartialShape(std::move(dims)), dt);
}
TraceType lit(int64_t v) {
    return TraceType::literal(PyLiteral::integer(v));
}
constexpr int64_t N = PartialShape::kUnknown;

} // namespace

TEST_CASE("Python literals compare and hash as Python does", "[function][trace_type]") {
    const auto one = PyLiteral::integer(1);
    const auto oneF = PyLiteral::floating(1.0);
    const auto yes = PyLiteral::boolean(true);
    CHECK(one == oneF);
    CHECK(one == yes);
    CHECK(oneF == yes);
    CHECK(one.hash() == oneF.hash());
    CHECK(one.hash() == yes.hash());
    CHECK_FALSE(PyLiteral::floating(1.5) == PyLiteral::integer(1));
    CHECK_FALSE(PyLiteral::str("by") == PyLiteral::bytes("by"));
    CHECK(PyLiteral::floating(std::nan("")) == PyLiteral::floating(std::nan("")));
    CHECK(PyLiteral::none() == PyLiteral());
    CHECK_FALSE(PyLiteral::none() == PyLiteral::integer(0));
    CHECK(PyLiteral::integer(0) == PyLiteral::boolean(false));
    // 2**63 as a float is no int64: not equal to any int64.
    CHECK_FALSE(PyLiteral::floating(9223372036854775808.0) == PyLiteral::integer(INT64_MAX));
    CHECK(PyLiteral::tuple({ PyLiteral::integer(1), PyLiteral::str("a") }) ==
          PyLiteral::tuple({ PyLiteral::floating(1.0), PyLiteral::str("a") }));
}

TEST_CASE("Python reprs of literals", "[function][trace_type]") {
    CHECK(PyLiteral::floating(2.5).repr() == "2.5");
    CHECK(PyLiteral::floating(3.0).repr() == "3.0");
    CHECK(PyLiteral::floating(1e300).repr() == "1e+300");
    CHECK(PyLiteral::floating(1e16).repr() == "1e+16");
    CHECK(PyLiteral::floating(1e15).repr() == "1000000000000000.0");
    CHECK(PyLiteral::floating(0.0001).repr() == "0.0001");
    CHECK(PyLiteral::floating(0.00001).repr() == "1e-05");
    CHECK(PyLiteral::floating(-0.1).repr() == "-0.1");
    CHECK(PyLiteral::floating(1.0 / 3).repr() == "0.3333333333333333");
    CHECK(PyLiteral::floating(123456.789).repr() == "123456.789");
    CHECK(PyLiteral::floating(INFINITY).repr() == "inf");
    CHECK(PyLiteral::integer(-7).repr() == "-7");
    CHECK(PyLiteral::boolean(false).repr() == "False");
    CHECK(PyLiteral::str("it's").repr() == "\"it's\"");
    CHECK(PyLiteral::str("q\"uote").repr() == "'q\"uote'");
    CHECK(PyLiteral::str("both'\"").repr() == "'both\\'\"'");
    CHECK(PyLiteral::str("tab\tnl\n\x01").repr() == "'tab\\tnl\\n\\x01'");
    CHECK(PyLiteral::bytes("b\xff").repr() == "b'b\\xff'");
    CHECK(PyLiteral::tuple({ PyLiteral::integer(1) }).repr() == "(1,)");
    CHECK(PyLiteral::tuple({ PyLiteral::integer(1), PyLiteral::none() }).repr() == "(1, None)");
}

TEST_CASE("Tensor shapes: subtypes and common supertypes", "[function][trace_type]") {
    CHECK(spec({ 2 }).isSubtypeOf(spec({ N })));
    CHECK(spec({ 2 }).isSubtypeOf(TraceType::tensor(PartialShape::unknown(), DType::Float32)));
    CHECK_FALSE(spec({ N }).isSubtypeOf(spec({ 2 })));
    CHECK_FALSE(spec({ 2 }).isSubtypeOf(spec({ 2, 1 })));
    CHECK_FALSE(spec({ 2 }).isSubtypeOf(spec({ N }, DType::Int32)));
    CHECK_FALSE(TraceType::tensor(PartialShape::unknown(), DType::Float32).isSubtypeOf(spec({ N })));

    CHECK(*spec({ 2 }).mostSpecificCommonSupertype(spec({ 3 })) == spec({ N }));
    CHECK(*spec({ 2, 3 }).mostSpecificCommonSupertype(spec({ 2, 4 })) == spec({ 2, N }));
    CHECK(*spec({ 2 }).mostSpecificCommonSupertype(spec({ 2, 2 })) ==
          TraceType::tensor(PartialShape::unknown(), DType::Float32));
    CHECK_FALSE(spec({ 2 }).mostSpecificCommonSupertype(spec({ 2 }, DType::Int32)).has_value());
    CHECK_FALSE(spec({ 2 }).mostSpecificCommonSupertype(lit(1)).has_value());
    std::vector<TraceType> others = { spec({ 3 }), spec({ 4 }) };
    CHECK(*spec({ 2 }).mostSpecificCommonSupertype(others) == spec({ N }));
}

TEST_CASE("Named specs: a named spec is a subtype only of the same name", "[function][trace_type]") {
    const auto named = TraceType::tensor(PartialShape({ 2 }), DType::Float32, std::string("x"));
    const auto other = TraceType::tensor(PartialShape({ 2 }), DType::Float32, std::string("other"));
    CHECK_FALSE(named == spec({ 2 }));
    CHECK(spec({ 2 }).isSubtypeOf(named));
    CHECK_FALSE(named.isSubtypeOf(spec({ 2 })));
    CHECK_FALSE(named.isSubtypeOf(other));
    CHECK_FALSE(named.mostSpecificCommonSupertype(other).has_value());
    CHECK(named.str() == "TensorSpec(shape=(2,), dtype=tf.float32, name='x')");
}

TEST_CASE("Literals, objects and containers", "[function][trace_type]") {
    CHECK(lit(1) == TraceType::literal(PyLiteral::floating(1.0)));
    CHECK(lit(1).hash() == TraceType::literal(PyLiteral::boolean(true)).hash());
    CHECK_FALSE(lit(1).isSubtypeOf(lit(2)));
    CHECK_FALSE(lit(1).mostSpecificCommonSupertype(lit(2)).has_value());
    CHECK(lit(1).mostSpecificCommonSupertype(lit(1)).has_value());
    CHECK(TraceType() == TraceType::literal(PyLiteral::none()));

    const auto a = TraceType::weakref(1, "Obj", "Obj(1)");
    CHECK(a == TraceType::weakref(1, "Obj", "other repr"));
    CHECK_FALSE(a == TraceType::weakref(2, "Obj", "Obj(1)"));

    CHECK_FALSE(TraceType::list({ lit(1), lit(2) }) == TraceType::list({ lit(2), lit(1) }));
    CHECK_FALSE(TraceType::list({ lit(1) }) == TraceType::tuple({ lit(1) }));
    CHECK(TraceType::list({ spec({ 2 }), lit(1) }).isSubtypeOf(TraceType::list({ spec({ N }), lit(1) })));
    CHECK_FALSE(TraceType::list({ spec({ 2 }) }).isSubtypeOf(TraceType::list({ spec({ N }), lit(1) })));

    const auto d1 = TraceType::dict({ { PyLiteral::integer(1), lit(2) }, { PyLiteral::integer(3), lit(4) } });
    const auto d2 = TraceType::dict({ { PyLiteral::integer(3), lit(4) }, { PyLiteral::integer(1), lit(2) } });
    CHECK(d1 == d2);
    CHECK(d1.hash() == d2.hash());
    CHECK(d1.str() == "Dict[[1, Literal[2]], [3, Literal[4]]]");
    CHECK(d2.str() == "Dict[[3, Literal[4]], [1, Literal[2]]]");
    const auto d3 = TraceType::dict({ { PyLiteral::str("a"), spec({ 2 }) } });
    const auto d4 = TraceType::dict({ { PyLiteral::str("a"), spec({ 3 }) } });
    CHECK(*d3.mostSpecificCommonSupertype(d4) == TraceType::dict({ { PyLiteral::str("a"), spec({ N }) } }));
    CHECK_FALSE(d3.mostSpecificCommonSupertype(d1).has_value());

    const auto p = TraceType::namedTuple("P", { "a", "b" }, { spec({ 2 }), lit(1) });
    const auto q = TraceType::namedTuple("Q", { "a", "b" }, { spec({ 2 }), lit(1) });
    CHECK_FALSE(p == q);
    CHECK_FALSE(p == TraceType::tuple({ spec({ 2 }), lit(1) }));
    CHECK(p.str() == "P[['a', TensorSpec(shape=(2,), dtype=tf.float32, name=None)], ['b', Literal[1]]]");
    CHECK(p.leafCount() == 2);
}

TEST_CASE("Variables: alias ids and trainability are part of the type", "[function][trace_type]") {
    const auto v = TraceType::variable(PartialShape({ 2 }), DType::Float32, true, 0);
    CHECK_FALSE(v == TraceType::variable(PartialShape({ 2 }), DType::Float32, true, 1));
    CHECK_FALSE(v == TraceType::variable(PartialShape({ 2 }), DType::Float32, false, 0));
    CHECK_FALSE(v == spec({ 2 }));
    CHECK(*v.mostSpecificCommonSupertype(TraceType::variable(PartialShape({ 3 }), DType::Float32, true, 0)) ==
          TraceType::variable(PartialShape({ N }), DType::Float32, true, 0));
    CHECK(v.str() == "VariableSpec(shape=(2,), dtype=tf.float32, trainable=True, alias_id=0)");
}

TEST_CASE("FunctionType repr with captures, as TF printed a first call that made a variable",
          "[function][trace_type][oracle]") {
    const json doc = load("cases.json");
    for (const auto& c : doc.at("cases")) {
        if (!c.at("make_variable").get<bool>()) continue;
        const json& call = c.at("calls").at(0);
        // The first trace (in the variable-creating context) captured the variable's handle.
        const std::string repr = call.at("new_targets").at(0).at("repr");
        const size_t at = repr.find("Captures:\n  ") + 12;
        const std::string captureName = repr.substr(at, repr.find(':', at) - at);
        const FunctionType withCapture(
            requestOf(call.at("request")).parameters(),
            { Capture{ captureName, TraceType::tensor(PartialShape({}), DType::Resource) } });
        CHECK(withCapture.reprText("TensorSpec(shape=(), dtype=tf.int32, name=None)") == repr);
        // str() leaves captures out.
        CHECK(withCapture.signatureText() == call.at("new_targets").at(0).at("text").get<std::string>());
        // A call (no captures) is served by it through subtyping, not exactly.
        CHECK(requestOf(call.at("request")).isSupertypeOf(withCapture));
        CHECK_FALSE(withCapture == requestOf(call.at("request")));
    }
}

TEST_CASE("FunctionType printing: inspect's / and * markers", "[function][trace_type]") {
    FunctionType empty;
    CHECK(empty.signatureText() == "()");
    FunctionType t({ { "x", ParamKind::PositionalOnly, spec({ 2 }) },
                     { "n", ParamKind::PositionalOnly, lit(3) },
                     { "k", ParamKind::KeywordOnly, TraceType::literal(PyLiteral::str("s")) } });
    CHECK(t.signatureText() ==
          "(x: TensorSpec(shape=(2,), dtype=tf.float32, name=None), n: Literal[3], /, *, k: Literal['s'])");
    FunctionType kw({ { "x", ParamKind::PositionalOrKeyword, spec({ 2 }) }, { "k", ParamKind::KeywordOnly, lit(1) } });
    CHECK(kw.signatureText() == "(x: TensorSpec(shape=(2,), dtype=tf.float32, name=None), *, k: Literal[1])");
}

// Every request and every traced type TF printed in the recording, printed by us.
TEST_CASE("Printed types match TF 2.21 for every recorded call", "[function][trace_type][oracle]") {
    const json doc = load("cases.json");
    REQUIRE(doc.at("oracle").at("tensorflow") == "2.21.0");
    int checked = 0;
    for (const auto& c : doc.at("cases")) {
        for (const auto& call : c.at("calls")) {
            if (call.at("request").is_null()) continue;
            INFO(c.at("name").get<std::string>() << ": " << call.at("request_text").get<std::string>());
            const FunctionType request = requestOf(call.at("request"));
            CHECK(normalise(request.signatureText()) == call.at("request_text").get<std::string>());
            for (size_t i = 0; i < request.parameters().size(); ++i)
                CHECK(normalise(request.parameters()[i].type.str()) ==
                      call.at("request")[i].at("type").get<std::string>());
            for (const auto& target : call.at("new_targets")) {
                const std::string repr = target.at("repr");
                // The recorded function returns an int32 scalar.
                const std::string expectedOutput = "TensorSpec(shape=(), dtype=tf.int32, name=None)";
                CHECK(repr.find(expectedOutput) != std::string::npos);
                // A first call that made variables captures them: "Captures:\n  <id>: TensorSpec(...resource...)".
                const std::string none = "Captures:\n  None";
                const bool capturesNothing =
                    repr.size() > none.size() && repr.substr(repr.size() - none.size()) == none;
                if (capturesNothing && normalise(request.signatureText()) == target.at("text").get<std::string>())
                    CHECK(normalise(request.reprText(expectedOutput)) == repr);
            }
            ++checked;
        }
    }
    CHECK(checked > 100);
}

TEST_CASE("Hashes agree with equality across recorded requests", "[function][trace_type][oracle]") {
    const json doc = load("cases.json");
    std::vector<FunctionType> all;
    for (const auto& c : doc.at("cases"))
        for (const auto& call : c.at("calls"))
            if (!call.at("request").is_null()) all.push_back(requestOf(call.at("request")));
    for (size_t i = 0; i < all.size(); ++i)
        for (size_t j = 0; j < all.size(); ++j)
            if (all[i] == all[j]) CHECK(all[i].hash() == all[j].hash());
}
