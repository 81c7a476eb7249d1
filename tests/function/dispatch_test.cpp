// The dispatch table replays call sequences recorded from real TF 2.21
// (tests/function/dispatch/cases.json): which calls trace, which concrete function serves each
// call, and the type each trace is made with (reduce_retracing, input_signature, get_concrete_function).
// Then the LRU cache, the tie rule and the retrace reasons.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <new>

#include "core/function/dispatch.h"
#include "dispatch_cases.h"

// Counts every allocation of this test binary, to show that an exact hit allocates nothing.
namespace {
std::atomic<int64_t> g_allocations{ 0 };
}
void* operator new(std::size_t size) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size ? size : 1)) return p;
    throw std::bad_alloc();
}
// GCC pairs the inlined malloc above with these frees and warns; they do match.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
#pragma GCC diagnostic pop

using namespace dispatch_cases;
using graphlens::tensor::DType;
using graphlens::tensor::PartialShape;

namespace {

constexpr int64_t N = PartialShape::kUnknown;
TraceType spec(std::vector<int64_t> dims, DType dt = DType::Float32) {
    return TraceType::tensor(PartialShape(std::move(dims)), dt);
}
TraceType lit(int64_t v) {
    return TraceType::literal(PyLiteral::integer(v));
}
FunctionType fx(TraceType t) {
    return FunctionType({ { "x", ParamKind::PositionalOrKeyword, std::move(t) } });
}
FunctionType fxn(TraceType x, TraceType n) {
    return FunctionType({ { "x", ParamKind::PositionalOrKeyword, std::move(x) },
                          { "n", ParamKind::PositionalOrKeyword, std::move(n) } });
}

// What input_signature binding does to a Python value before the type check (TensorSpec._cast:
// convert_to_tensor with the spec's dtype). Numbers and flat lists of numbers are enough here.
TraceType castToSignature(const TraceType& value, const TraceType& want) {
    if (value.kind() == TraceKind::Literal && value.literal().isNumber())
        return TraceType::tensor(PartialShape({}), want.dtype());
    if (value.kind() == TraceKind::List)
        return TraceType::tensor(PartialShape({ static_cast<int64_t>(value.items().size()) }), want.dtype());
    return value;
}

// One tf.function as core/eager drives the table: lookup; on a miss trace the request (or its
// generalisation), the first call of a function that makes variables tracing twice (a second
// table for the second context).
struct Replay {
    bool reduceRetracing = false;
    bool makesVariables = false;
    std::optional<FunctionType> signature;
    DispatchTable table;            // the context calls run in
    DispatchTable variableCreation; // the first call's context when variables are made
    int traces = 0;
    bool called = false;

    struct Outcome {
        int traced = 0;
        int served = -1;
        std::vector<std::string> newTargets;
        std::vector<std::string> structured; // structured_input_signature of each new target
        std::string error;
    };

    Outcome run(const FunctionType& request) {
        Outcome out;
        if (signature) {
            std::vector<Parameter> cast;
            for (size_t i = 0; i < request.parameters().size(); ++i) {
                const Parameter& p = request.parameters()[i];
                cast.push_back(Parameter{ p.name, p.kind, castToSignature(p.type, signature->parameters()[i].type) });
            }
            if (auto err = signatureCastError(*signature, FunctionType(cast))) {
                out.error = "TypeError";
                return out;
            }
            out.served = table.lookup(*signature);
            if (out.served < 0) out.served = trace(*signature, out);
            return out;
        }
        out.served = table.lookup(request);
        if (out.served >= 0) return out;
        std::optional<FunctionType> traced = request;
        if (reduceRetracing) traced = table.generalize(request);
        if (!traced) {
            out.error = "IndexError";
            return out;
        }
        if (makesVariables && !called) {
            variableCreation.add(*traced, traces++);
            out.traced++;
            out.newTargets.push_back(normalise(traced->signatureText()));
            out.structured.push_back(traced->structuredSignatureText());
        }
        called = true;
        out.served = trace(*traced, out);
        return out;
    }

    int trace(const FunctionType& type, Outcome& out) {
        const int id = traces++;
        table.add(type, id);
        out.traced++;
        out.newTargets.push_back(normalise(type.signatureText()));
        out.structured.push_back(type.structuredSignatureText());
        return id;
    }
};

} // namespace

TEST_CASE("Dispatch replays TF 2.21's decisions for every recorded call", "[function][dispatch][oracle]") {
    const json doc = load("cases.json");
    int calls = 0;
    for (const auto& c : doc.at("cases")) {
        const std::string name = c.at("name");
        Replay replay;
        replay.reduceRetracing = c.at("options").at("reduce_retracing").get<bool>();
        replay.makesVariables = c.at("make_variable").get<bool>();
        const json& sig = c.at("options").at("input_signature");
        if (!sig.is_null()) {
            // The signature's parameters carry the function's own names and kinds.
            std::vector<Parameter> params;
            const auto& first = c.at("calls").at(0).at("request");
            for (size_t i = 0; i < sig.size(); ++i)
                params.push_back(Parameter{ first[i].at("name"), kindOf(first[i].at("kind")), typeOf(sig[i]) });
            replay.signature = FunctionType(std::move(params));
        }
        for (size_t k = 0; k < c.at("calls").size(); ++k) {
            const json& call = c.at("calls")[k];
            INFO(name << " call " << k << ": " << call.at("request_text").get<std::string>());
            FunctionType request =
                call.at("request").is_null() && replay.signature ? *replay.signature : requestOf(call.at("request"));
            const Replay::Outcome out = replay.run(request);
            const std::string error = call.at("error").is_null() ? "" : call.at("error").get<std::string>();
            CHECK(out.error == error.substr(0, error.find(':')));
            CHECK(out.traced == call.at("traced").get<int>());
            if (!call.at("served").is_null() && error.empty()) CHECK(out.served == call.at("served").get<int>());
            std::vector<std::string> expectedTargets, expectedStructured;
            for (const auto& t : call.at("new_targets")) {
                expectedTargets.push_back(t.at("text"));
                expectedStructured.push_back(t.at("structured"));
            }
            CHECK(out.newTargets == expectedTargets);
            CHECK(out.structured == expectedStructured);
            ++calls;
        }
    }
    CHECK(calls > 100);
}

TEST_CASE("Exact hits, subtype dispatch and the tie rule", "[function][dispatch]") {
    DispatchTable table;
    CHECK(table.lookup(fx(spec({ 2 }))) == -1);
    table.add(fx(spec({ N })), 7);
    CHECK(table.lookup(fx(spec({ N }))) == 7);
    CHECK(table.lookup(fx(spec({ 2 }))) == 7);
    CHECK(table.cacheSize() == 1);
    table.add(fx(spec({ 2 })), 8);
    // The cached (2,) → (None,) result is now the exact (2,) target.
    CHECK(table.lookup(fx(spec({ 2 }))) == 8);
    CHECK(table.lookup(fx(spec({ 3 }))) == 7);
    CHECK(table.lookup(fx(spec({ 2, 2 }))) == -1);

    // Two equally specific targets: the earlier one wins.
    DispatchTable tie;
    auto two = [](TraceType x, TraceType y) {
        return FunctionType({ { "x", ParamKind::PositionalOrKeyword, std::move(x) },
                              { "y", ParamKind::PositionalOrKeyword, std::move(y) } });
    };
    tie.add(two(spec({ N }), spec({ 2 })), 1);
    tie.add(two(spec({ 2 }), spec({ N })), 2);
    CHECK(tie.lookup(two(spec({ 2 }), spec({ 2 }))) == 1);
    CHECK(tie.lookup(two(spec({ 2 }), spec({ 3 }))) == 2);
    // A strictly more specific target added later wins.
    tie.add(two(spec({ 2 }), spec({ 2 })), 3);
    CHECK(tie.lookup(two(spec({ 2 }), spec({ 2 }))) == 3);

    // Parameter names and kinds must match.
    DispatchTable named;
    named.add(fx(spec({ N })), 1);
    CHECK(named.lookup(FunctionType({ { "y", ParamKind::PositionalOrKeyword, spec({ 2 }) } })) == -1);
    CHECK(named.lookup(FunctionType({ { "x", ParamKind::PositionalOnly, spec({ 2 }) } })) == -1);
}

TEST_CASE("Re-adding a type keeps its place; removing drops its cached results", "[function][dispatch]") {
    DispatchTable table;
    table.add(fx(spec({ N })), 1);
    table.add(fx(TraceType::tensor(PartialShape::unknown(), DType::Float32)), 2);
    table.add(fx(spec({ N })), 5);
    REQUIRE(table.size() == 2);
    CHECK(*table.targets()[0] == fx(spec({ N })));
    CHECK(table.lookup(fx(spec({ 3 }))) == 5);
    CHECK(table.remove(fx(spec({ N }))));
    CHECK(table.cacheSize() == 0);
    CHECK(table.lookup(fx(spec({ 3 }))) == 2);
    CHECK_FALSE(table.remove(fx(spec({ N }))));
    table.clear();
    CHECK(table.empty());
    CHECK(table.lookup(fx(spec({ 3 }))) == -1);
}

TEST_CASE("The LRU cache of non-exact results holds 1024 (+1) requests", "[function][dispatch]") {
    DispatchTable table;
    table.add(fx(spec({ N })), 0);
    for (int64_t i = 1; i <= 1100; ++i) CHECK(table.lookup(fx(spec({ i }))) == 0);
    CHECK(table.cacheSize() == DispatchTable::kMaxDispatchCache + 1);
    // Touching an old entry keeps it; the untouched oldest go first.
    CHECK(table.lookupConst(fx(spec({ 1100 }))) == 0);
}

TEST_CASE("reduce_retracing generalises against every target in order", "[function][dispatch]") {
    DispatchTable table;
    CHECK(*table.generalize(fx(spec({ 2 }))) == fx(spec({ 2 })));
    table.add(fx(spec({ 2 })), 0);
    CHECK(*table.generalize(fx(spec({ 3 }))) == fx(spec({ N })));
    table.add(fx(spec({ N })), 1);
    CHECK(*table.generalize(fx(spec({ 2, 2 }))) == fx(TraceType::tensor(PartialShape::unknown(), DType::Float32)));
    // A literal that differs has no supertype: that target contributes nothing.
    DispatchTable lits;
    lits.add(fxn(spec({ 2 }), lit(1)), 0);
    CHECK(*lits.generalize(fxn(spec({ 3 }), lit(2))) == fxn(spec({ 3 }), lit(2)));
    CHECK(*lits.generalize(fxn(spec({ 3 }), lit(1))) == fxn(spec({ N }), lit(1)));
    // TF 2.21 fails with IndexError when the request has more parameters than a target.
    CHECK_FALSE(lits.generalize(FunctionType({ { "x", ParamKind::PositionalOrKeyword, spec({ 2 }) },
                                               { "n", ParamKind::PositionalOrKeyword, lit(1) },
                                               { "m", ParamKind::PositionalOrKeyword, lit(1) } }))
                    .has_value());
}

TEST_CASE("input_signature binding errors are worded as TF's", "[function][dispatch][oracle]") {
    const json doc = load("cases.json");
    for (const auto& c : doc.at("cases")) {
        const json& sig = c.at("options").at("input_signature");
        if (sig.is_null()) continue;
        std::vector<Parameter> params;
        const auto& first = c.at("calls").at(0).at("request");
        for (size_t i = 0; i < sig.size(); ++i)
            params.push_back(Parameter{ first[i].at("name"), kindOf(first[i].at("kind")), typeOf(sig[i]) });
        const FunctionType signature(std::move(params));
        for (const auto& call : c.at("calls")) {
            if (call.at("error").is_null()) continue;
            const std::string error = call.at("error");
            auto cause = signatureCastError(signature, requestOf(call.at("request")));
            REQUIRE(cause);
            const std::string prefix =
                "TypeError: Binding inputs to tf.function failed due to `" + *cause + "`. Received args: ";
            CHECK(error.substr(0, prefix.size()) == prefix);
            const std::string suffix = " for signature: " + signature.signatureText() + ".";
            CHECK(error.substr(error.size() - suffix.size()) == suffix);
            CHECK(bindingErrorText(*cause, "(1,)", "{}", signature).find(" and kwargs: {} for signature: (") !=
                  std::string::npos);
        }
    }
}

TEST_CASE("Retrace reasons name the argument and what changed", "[function][dispatch][reasons]") {
    DispatchTable table;
    auto first = explainRetrace(table, fxn(spec({ 2 }), lit(3)));
    REQUIRE(first.reasons.size() == 1);
    CHECK(first.reasons[0].kind == RetraceKind::FirstCall);
    CHECK(first.suggestion.empty());

    auto loop = explainRetrace(table, fxn(spec({ 2 }), lit(3)), RetraceContext{ .newFunctionObject = true });
    CHECK(loop.reasons[0].kind == RetraceKind::NewFunctionObject);
    CHECK(loop.suggestion.find("outside the loop") != std::string::npos);

    table.add(fxn(spec({ 2 }), lit(3)), 0);
    auto shape = explainRetrace(table, fxn(spec({ 3 }), lit(3)));
    REQUIRE(shape.reasons.size() == 1);
    CHECK(shape.reasons[0] == RetraceReason{ RetraceKind::Shape, "x", "shape (2,) -> (3,)" });
    CHECK(shape.summary == "x: shape (2,) -> (3,)");
    CHECK(shape.suggestion.find("reduce_retracing=True") != std::string::npos);
    CHECK(shape.nearestConcreteId == 0);

    auto value = explainRetrace(table, fxn(spec({ 2 }), lit(5)));
    CHECK(value.reasons.at(0) == RetraceReason{ RetraceKind::PythonValue, "n", "python value 3 -> 5" });
    CHECK(value.suggestion.find("Pass a tensor instead of a Python number") != std::string::npos);

    auto dtype = explainRetrace(table, fxn(spec({ 2 }, DType::Int32), lit(3)));
    CHECK(dtype.reasons.at(0) == RetraceReason{ RetraceKind::Dtype, "x", "dtype float32 -> int32" });
    CHECK(dtype.suggestion.find("input_signature") != std::string::npos);

    auto both = explainRetrace(table, fxn(spec({ 3 }), lit(4)));
    CHECK(both.summary == "x: shape (2,) -> (3,); n: python value 3 -> 4");

    auto tvp = explainRetrace(table, fxn(lit(2), lit(3)));
    CHECK(tvp.reasons.at(0) == RetraceReason{ RetraceKind::TensorVsPython, "x", "tensor -> python int" });

    // The nearest of several: the one with fewest differences, later ones on ties.
    table.add(fxn(spec({ 3 }), lit(5)), 1);
    auto nearest = explainRetrace(table, fxn(spec({ 3 }), lit(6)));
    CHECK(nearest.nearestConcreteId == 1);
    CHECK(nearest.summary == "n: python value 5 -> 6");

    auto explicitGcf = explainRetrace(table, fxn(spec({ N }), lit(5)), RetraceContext{ .explicitRequest = true });
    CHECK(explicitGcf.reasons.at(0).kind == RetraceKind::Explicit);
    CHECK(explicitGcf.reasons.at(1) == RetraceReason{ RetraceKind::Shape, "x", "shape (3,) -> (None,)" });
}

TEST_CASE("Retrace reasons inside containers and for objects", "[function][dispatch][reasons]") {
    auto xs = [](TraceType t) { return FunctionType({ { "xs", ParamKind::PositionalOrKeyword, std::move(t) } }); };
    DispatchTable table;
    table.add(xs(TraceType::list({ spec({ 2 }), spec({ 2 }) })), 0);
    auto longer = explainRetrace(table, xs(TraceType::list({ spec({ 2 }), spec({ 2 }), spec({ 2 }) })));
    CHECK(longer.reasons.at(0) ==
          RetraceReason{ RetraceKind::Structure, "xs", "structure changed (list of 2 -> list of 3)" });
    CHECK(longer.suggestion.find("structure") != std::string::npos);
    auto inner = explainRetrace(table, xs(TraceType::list({ spec({ 2 }), spec({ 5 }) })));
    CHECK(inner.reasons.at(0) == RetraceReason{ RetraceKind::Shape, "xs[1]", "shape (2,) -> (5,)" });
    auto tuple = explainRetrace(table, xs(TraceType::tuple({ spec({ 2 }), spec({ 2 }) })));
    CHECK(tuple.reasons.at(0).detail == "structure changed (list of 2 -> tuple of 2)");

    DispatchTable dicts;
    dicts.add(xs(TraceType::dict({ { PyLiteral::str("a"), spec({ 2 }) }, { PyLiteral::str("b"), lit(1) } })), 0);
    auto dictValue = explainRetrace(
        dicts, xs(TraceType::dict({ { PyLiteral::str("b"), lit(2) }, { PyLiteral::str("a"), spec({ 2 }) } })));
    CHECK(dictValue.reasons.at(0) == RetraceReason{ RetraceKind::PythonValue, "xs['b']", "python value 1 -> 2" });
    auto dictKeys = explainRetrace(dicts, xs(TraceType::dict({ { PyLiteral::str("a"), spec({ 2 }) } })));
    CHECK(dictKeys.reasons.at(0).kind == RetraceKind::Structure);

    DispatchTable nt;
    nt.add(xs(TraceType::namedTuple("P", { "a", "b" }, { spec({ 2 }), lit(1) })), 0);
    auto field =
        explainRetrace(nt, xs(TraceType::namedTuple("P", { "a", "b" }, { spec({ 2 }, DType::Int32), lit(1) })));
    CHECK(field.reasons.at(0) == RetraceReason{ RetraceKind::Dtype, "xs.a", "dtype float32 -> int32" });

    DispatchTable objects;
    objects.add(xs(TraceType::weakref(1, "Model", "<Model object>")), 0);
    auto obj = explainRetrace(objects, xs(TraceType::weakref(2, "Model", "<other Model object>")));
    CHECK(obj.reasons.at(0).kind == RetraceKind::ObjectIdentity);
    CHECK(obj.reasons.at(0).detail.rfind("new object id", 0) == 0);

    // A parameter appears (**kwargs): a structure change of the call itself.
    DispatchTable params;
    params.add(fx(spec({ 2 })), 0);
    auto extra = explainRetrace(params, fxn(spec({ 2 }), lit(1)));
    CHECK(extra.reasons.back() == RetraceReason{ RetraceKind::Structure, "", "parameters changed (x) -> (x, n)" });
}

TEST_CASE("Kind names round-trip", "[function][dispatch][reasons]") {
    for (int k = 0; k <= static_cast<int>(RetraceKind::Other); ++k) {
        const auto kind = static_cast<RetraceKind>(k);
        CHECK(retraceKindFromName(retraceKindName(kind)) == kind);
    }
    CHECK(retraceKindName(RetraceKind::VariablesCreated) == "variables_created");
    CHECK_FALSE(retraceKindFromName("nope").has_value());
}

TEST_CASE("An exact hit and a cached non-exact hit allocate nothing", "[function][dispatch][perf]") {
    DispatchTable table;
    for (int64_t i = 1; i <= 50; ++i) table.add(fxn(spec({ i, 3 }), lit(i)), static_cast<int>(i));
    table.add(fxn(spec({ N, 3 }), lit(7)), 99);
    const FunctionType exact = fxn(spec({ 25, 3 }), lit(25));
    const FunctionType nonExact = fxn(spec({ 80, 3 }), lit(7));
    CHECK(table.lookup(nonExact) == 99); // now cached
    const int64_t before = g_allocations.load();
    int64_t sum = 0;
    for (int i = 0; i < 1000; ++i) sum += table.lookup(exact) + table.lookup(nonExact);
    CHECK(g_allocations.load() == before);
    CHECK(sum == 1000 * (25 + 99));
    // The counter does count: a new non-exact request is copied into the cache.
    CHECK(table.lookup(fxn(spec({ 81, 3 }), lit(7))) == 99);
    CHECK(g_allocations.load() > before);
}

TEST_CASE("An exact hit costs well under the 2 us call budget", "[function][dispatch][perf]") {
    DispatchTable table;
    for (int64_t i = 1; i <= 50; ++i) table.add(fxn(spec({ i, 3 }), lit(i)), static_cast<int>(i));
    const FunctionType request = fxn(spec({ 25, 3 }), lit(25));
    constexpr int kCalls = 200000;
    int64_t sum = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kCalls; ++i) sum += table.lookup(request);
    const double ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() / kCalls;
    CHECK(sum == int64_t{ 25 } * kCalls);
    INFO("exact hit: " << ns << " ns");
    // Typically ~30-150 ns; the bound leaves room for sanitizer builds and loaded machines.
    CHECK(ns < 2000.0);
}

TEST_CASE("A function that retraces on every call: misses stay cheap, reasons stay right",
          "[function][dispatch][perf]") {
    DispatchTable table;
    const auto start = std::chrono::steady_clock::now();
    RetraceExplanation last;
    for (int64_t i = 0; i < 3000; ++i) {
        const FunctionType request = fxn(spec({ 2 }), lit(i));
        REQUIRE(table.lookup(request) == -1);
        last = explainRetrace(table, request);
        table.add(request, static_cast<int>(i));
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO("3000 misses: " << seconds << " s");
    CHECK(seconds < 20.0);
    CHECK(last.nearestConcreteId == 2998);
    CHECK(last.summary == "n: python value 2998 -> 2999");
}
