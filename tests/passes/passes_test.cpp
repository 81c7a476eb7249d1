// Every general pass (pruning, inlining, CSE, constant folding, shapes, arithmetic, dependencies)
// on small hand-built graphs: what it rewrites, what it must leave, the validator after each,
// and the executor's results before and after.
#include "core/passes/passes.h"
#include "tests/passes/pass_test_util.h"

using namespace passtest;
using namespace graphlens::passes;
using tensorflow::DT_FLOAT;
using tensorflow::DT_INT32;
using tensorflow::DT_INVALID;

namespace {

bool hasChange(const PassReport& r, ChangeKind kind, const std::string& node) {
    for (const auto& c : r.changes)
        if (c.kind == kind && c.node == node) return true;
    return false;
}

// Runs before and after on the executor with random inputs of the placeholders' shapes.
void sameResults(const tensorflow::GraphDef& before, const tensorflow::GraphDef& after,
                 const std::vector<std::string>& feeds, const std::vector<std::vector<int64_t>>& shapes,
                 const std::vector<std::string>& fetches) {
    std::vector<Tensor> args;
    for (size_t i = 0; i < shapes.size(); ++i) args.push_back(randomTensor(shapes[i], static_cast<uint32_t>(i + 7)));
    requireClose(runExecutor(before, feeds, fetches, args), runExecutor(after, feeds, fetches, args),
                 "before vs after");
}

void sameResultsInt(const tensorflow::GraphDef& before, const tensorflow::GraphDef& after) {
    const std::vector<Tensor> args{ Tensor::scalar<int32_t>(4) };
    requireClose(runExecutor(before, { "p" }, { "y0", "y1" }, args), runExecutor(after, { "p" }, { "y0", "y1" }, args),
                 "before vs after");
}

} // namespace

TEST_CASE("model_pruner keeps what fetches need and drops forwarding nodes", "[passes][model_pruner]") {
    Builder b;
    b.placeholder("x", { 2 }).op("id", "Identity", { "x" }).op("sg", "StopGradient", { "id" }).op("y", "Neg", { "sg" });
    b.op("unused", "Abs", { "x" });
    b.placeholder("c", { 2 }).op("guarded", "Identity", { "x", "^c" }).op("z", "Neg", { "guarded" });
    auto g = b.graph;
    auto pass = makeModelPruner();
    const auto r = runPass(*pass, g, fetching({ "y", "z" }, { "x", "c" }));
    CHECK(findNode(g, "unused") == nullptr);
    CHECK(hasChange(r, ChangeKind::Removed, "unused"));
    CHECK(findNode(g, "id") == nullptr);
    CHECK(findNode(g, "sg") == nullptr);
    CHECK(findNode(g, "y")->input(0) == "x");
    // An Identity driven by a control edge orders something: it stays.
    CHECK(findNode(g, "guarded") != nullptr);
    sameResults(b.graph, g, { "x", "c" }, { { 2 }, { 2 } }, { "y", "z" });

    SECTION("without fetches nothing unreachable is pruned") {
        auto g2 = b.graph;
        runPass(*pass, g2, {});
        CHECK(findNode(g2, "unused") != nullptr);
    }
}

TEST_CASE("constant_folding evaluates constant subgraphs with our kernels", "[passes][constant_folding]") {
    Builder b;
    b.scalar("a", 2).scalar("b", 3).op("sum", "AddV2", { "a", "b" }).op("sq", "Square", { "sum" });
    b.placeholder("x", { 3 }).placeholder("gate", {});
    b.op("out", "Mul", { "x", "sq" });
    b.op("ordered", "Neg", { "a", "^gate" });
    b.op("out2", "AddV2", { "x", "ordered" });
    auto g = b.graph;
    auto pass = makeConstantFolding();
    const auto r = runPass(*pass, g, fetching({ "out", "out2" }, { "x", "gate" }));
    // The outermost folded node keeps its name and becomes a Const with the value.
    const auto* sq = findNode(g, "sq");
    REQUIRE(sq);
    CHECK(sq->op() == "Const");
    CHECK(constValue(*sq).item<float>() == 25.0f);
    CHECK(hasChange(r, ChangeKind::Rewritten, "sq"));
    CHECK(findNode(g, "sum") == nullptr); // read only by folded nodes
    // Control inputs survive folding.
    const auto* ordered = findNode(g, "ordered");
    REQUIRE(ordered);
    CHECK(ordered->op() == "Const");
    bool keepsControl = false;
    for (const auto& in : ordered->input()) keepsControl |= in == "^gate";
    CHECK(keepsControl);
    CHECK(findNode(g, "out")->op() == "Mul"); // reads a placeholder: not folded
    sameResults(b.graph, g, { "x", "gate" }, { { 3 }, {} }, { "out", "out2" });

    SECTION("stateful ops and results over 10 MiB are left") {
        Builder s;
        s.ints("shape", { 2 }).op("r", "RandomUniform", { "shape" }, DT_INVALID, [](tensorflow::NodeDef& n) {
            setType(n, "T", DT_INT32);
            setType(n, "dtype", DT_FLOAT);
        });
        s.ints("dims", { 2000, 2000 })
            .scalar("one", 1)
            .op("big", "Fill", { "dims", "one" }, DT_FLOAT,
                [](tensorflow::NodeDef& n) { setType(n, "index_type", DT_INT32); });
        s.op("use", "Sum", { "big", "dims" }, DT_FLOAT, [](tensorflow::NodeDef& n) { setType(n, "Tidx", DT_INT32); });
        auto g2 = s.graph;
        const auto r2 = runPass(*pass, g2, fetching({ "r", "use" }));
        CHECK(findNode(g2, "r")->op() == "RandomUniform");
        CHECK(findNode(g2, "big")->op() == "Fill");
        bool noted = false;
        for (const auto& n : r2.notes)
            noted |= n.find("'big'") != std::string::npos && n.find("10 MiB") != std::string::npos;
        CHECK(noted);
    }
    SECTION("several outputs become one Const each") {
        Builder s;
        s.ints("axis", { 0 }).ints("v", { 3, 1, 2, 5 });
        s.op("u", "Split", { "axis", "v" }, DT_INT32, [](tensorflow::NodeDef& n) { setInt(n, "num_split", 2); });
        s.placeholder("p", {}, DT_INT32)
            .op("y0", "Identity", { "u" }, DT_INT32)
            .op("y1", "AddV2", { "u:1", "p" }, DT_INT32);
        auto g3 = s.graph;
        const auto r3 = runPass(*pass, g3, fetching({ "y0", "y1" }, { "p" }));
        for (const auto& n : r3.notes) UNSCOPED_INFO(n);
        CHECK(findNode(g3, "u") == nullptr);
        CHECK(findNode(g3, "ConstantFolding/u-0") != nullptr);
        REQUIRE(findNode(g3, "ConstantFolding/u-1") != nullptr);
        CHECK(constValue(*findNode(g3, "ConstantFolding/u-1")).toInt64Vector() == std::vector<int64_t>{ 2, 5 });
        sameResultsInt(s.graph, g3);
    }
}

TEST_CASE("shape_optimizer turns known shapes into constants", "[passes][shape_optimizer]") {
    Builder b;
    b.placeholder("x", { 2, 3 }).placeholder("y", { -1, 3 });
    b.op("sx", "Shape", { "x" }, DT_FLOAT, [](tensorflow::NodeDef& n) { setType(n, "out_type", DT_INT32); });
    b.op("nx", "Size", { "x" }, DT_FLOAT, [](tensorflow::NodeDef& n) { setType(n, "out_type", DT_INT32); });
    b.op("ry", "Rank", { "y" });
    b.op("sy", "Shape", { "y" }, DT_FLOAT, [](tensorflow::NodeDef& n) { setType(n, "out_type", DT_INT32); });
    b.ints("b1", { 1 }).ints("e2", { 2 }).ints("s1", { 1 });
    b.op("dim1", "StridedSlice", { "sy", "b1", "e2", "s1" }, DT_INT32, [](tensorflow::NodeDef& n) {
        setType(n, "Index", DT_INT32);
        setInt(n, "shrink_axis_mask", 1);
    });
    b.ints("b0", { 0 }).ints("e1", { 1 });
    b.op("dim0", "StridedSlice", { "sy", "b0", "e1", "s1" }, DT_INT32, [](tensorflow::NodeDef& n) {
        setType(n, "Index", DT_INT32);
        setInt(n, "shrink_axis_mask", 1);
    });
    auto g = b.graph;
    auto pass = makeShapeOptimizer();
    runPass(*pass, g, fetching({ "sx", "nx", "ry", "dim1", "dim0" }, { "x", "y" }));
    // Fetched nodes keep their op: grappler does not rewrite what is fetched.
    CHECK(findNode(g, "sx")->op() == "Shape");
    auto g2 = b.graph;
    b.op("use", "AddN", { "nx", "ry", "dim1", "dim0" }, DT_INT32, [](tensorflow::NodeDef& n) { setInt(n, "N", 4); });
    b.op("use2", "Identity", { "sx" }, DT_INT32);
    g2 = b.graph;
    runPass(*pass, g2, fetching({ "use", "use2" }, { "x", "y" }));
    REQUIRE(findNode(g2, "sx")->op() == "Const");
    CHECK(constValue(*findNode(g2, "sx")).toInt64Vector() == std::vector<int64_t>{ 2, 3 });
    CHECK(constValue(*findNode(g2, "nx")).toInt64Vector() == std::vector<int64_t>{ 6 });
    CHECK(constValue(*findNode(g2, "ry")).toInt64Vector() == std::vector<int64_t>{ 2 });
    REQUIRE(findNode(g2, "dim1")->op() == "Const");
    CHECK(constValue(*findNode(g2, "dim1")).toInt64Vector() == std::vector<int64_t>{ 3 });
    CHECK(findNode(g2, "dim0")->op() == "StridedSlice"); // the unknown batch dimension
    CHECK(findNode(g2, "sy")->op() == "Shape");
    // The constants wait for the tensor whose shape they are.
    CHECK(findNode(g2, "sx")->input(0) == "^x");
}

TEST_CASE("arithmetic_optimizer simplifies identities and says how", "[passes][arithmetic_optimizer]") {
    Builder b;
    b.placeholder("x", { 3, 2 }).placeholder("y", { 3, 2 }).scalar("one", 1).scalar("zero", 0);
    b.op("m1", "Mul", { "x", "one" }).op("a0", "AddV2", { "zero", "m1" }).op("s0", "Sub", { "a0", "zero" });
    b.op("d1", "RealDiv", { "s0", "one" });
    b.op("zx", "Sub", { "zero", "x" }); // 0 - x is not x
    b.op("n1", "Neg", { "d1" }).op("n2", "Neg", { "n1" });
    b.ints("perm", { 1, 0 });
    auto tperm = [](tensorflow::NodeDef& n) { setType(n, "Tperm", DT_INT32); };
    b.op("t1", "Transpose", { "n2", "perm" }, DT_FLOAT, tperm).op("t2", "Transpose", { "t1", "perm" }, DT_FLOAT, tperm);
    b.op("ax", "Mul", { "x", "y" }).op("az", "Mul", { "x", "zx" }).op("hoist", "AddV2", { "ax", "az" });
    b.op("twice", "AddN", { "t2", "t2", "t2" }, DT_FLOAT, [](tensorflow::NodeDef& n) { setInt(n, "N", 3); });
    b.op("out", "AddV2", { "twice", "hoist" });
    auto g = b.graph;
    auto pass = makeArithmeticOptimizer();
    const auto r = runPass(*pass, g, fetching({ "out" }, { "x", "y" }));
    for (const char* gone : { "m1", "a0", "s0", "d1", "n1", "n2", "t1", "t2" }) {
        INFO(gone);
        CHECK(findNode(g, gone) == nullptr);
    }
    CHECK(findNode(g, "zx") != nullptr);
    std::vector<std::string> details;
    for (const auto& c : r.changes) details.push_back(c.detail);
    for (const char* d :
         { "x*1 -> x", "x+0 -> x", "x-0 -> x", "x/1 -> x", "--x -> x", "Transpose pair cancels -> x" }) {
        INFO(d);
        CHECK(std::find(details.begin(), details.end(), d) != details.end());
    }
    // a*b + a*c -> a*(b+c) under the Add's name.
    REQUIRE(findNode(g, "hoist"));
    CHECK(findNode(g, "hoist")->op() == "Mul");
    CHECK(findNode(g, "ArithmeticOptimizer/HoistCommonFactor_Add_hoist") != nullptr);
    // AddN(x, x, x) -> 3 * x under grappler's names (TF 2.21); the sum goes.
    CHECK(findNode(g, "twice") == nullptr);
    REQUIRE(findNode(g, "ArithmeticOptimizer/SimplifyAggregation_Mul_twice"));
    CHECK(findNode(g, "ArithmeticOptimizer/SimplifyAggregation_Mul_twice")->op() == "Mul");
    CHECK(constValue(*findNode(g, "ArithmeticOptimizer/SimplifyAggregation_Const_twice")).item<float>() == 3.0f);
    sameResults(b.graph, g, { "x", "y" }, { { 3, 2 }, { 3, 2 } }, { "out" });

    SECTION("a fetched node is not bypassed and broadcasting constants are left") {
        Builder s;
        s.placeholder("x", { 3 })
            .constant("ones",
                      Tensor::fromVector(std::vector<float>{ 1, 1, 1 }, graphlens::tensor::TensorShape{ 1, 3 }));
        s.op("m", "Mul", { "x", "ones" }).scalar("one", 1).op("k", "Mul", { "x", "one" });
        auto g2 = s.graph;
        runPass(*pass, g2, fetching({ "m", "k" }, { "x" }));
        CHECK(findNode(g2, "m") != nullptr);
        CHECK(findNode(g2, "k") != nullptr);
    }
}

TEST_CASE("common_subgraph_elimination merges duplicate subgraphs", "[passes][common_subgraph_elimination]") {
    Builder b;
    b.placeholder("x", { 2 }).placeholder("y", { 2 });
    b.op("a1", "AddV2", { "x", "y" })
        .op("a2", "AddV2", { "y", "x" })
        .op("t1", "Tanh", { "a1" })
        .op("t2", "Tanh", { "a2" });
    b.op("s1", "Sub", { "x", "y" }).op("s2", "Sub", { "y", "x" }); // not commutative
    b.ints("shape", { 2 });
    auto rnd = [](tensorflow::NodeDef& n) {
        setType(n, "T", DT_INT32);
        setType(n, "dtype", DT_FLOAT);
    };
    b.op("r1", "RandomUniform", { "shape" }, DT_INVALID, rnd).op("r2", "RandomUniform", { "shape" }, DT_INVALID, rnd);
    b.op("o", "AddN", { "t1", "t2", "s1", "s2" }, DT_FLOAT, [](tensorflow::NodeDef& n) { setInt(n, "N", 4); });
    b.op("o2", "AddV2", { "r1", "r2" });
    auto g = b.graph;
    auto pass = makeCommonSubgraphElimination();
    const auto r = runPass(*pass, g, fetching({ "o", "o2" }, { "x", "y" }));
    CHECK((findNode(g, "a1") == nullptr) != (findNode(g, "a2") == nullptr));
    CHECK((findNode(g, "t1") == nullptr) != (findNode(g, "t2") == nullptr));
    CHECK(findNode(g, "s1") != nullptr);
    CHECK(findNode(g, "s2") != nullptr);
    CHECK(findNode(g, "r1") != nullptr); // stateful: two draws
    CHECK(findNode(g, "r2") != nullptr);
    CHECK(r.count(ChangeKind::Removed) == 2);
}

TEST_CASE("dependency_optimizer removes NoOps and implied control edges", "[passes][dependency_optimizer]") {
    Builder b;
    b.placeholder("x", { 2 }).op("a", "Neg", { "x" }).op("b", "Abs", { "a" });
    b.add("barrier", "NoOp", { "^a" });
    b.op("c", "Tanh", { "b", "^barrier", "^a" }); // ^a is implied by b's input
    b.op("only_orders", "Exp", { "x" }).op("d", "Relu", { "x", "^only_orders" });
    auto g = b.graph;
    auto pass = makeDependencyOptimizer();
    const auto r = runPass(*pass, g, fetching({ "c", "d" }, { "x" }));
    CHECK(findNode(g, "barrier") == nullptr);
    for (const auto& in : findNode(g, "c")->input()) CHECK(in != "^a");
    // Turned into a NoOp, which then goes too (one input, one consumer).
    CHECK(hasChange(r, ChangeKind::Rewritten, "only_orders"));
    CHECK((findNode(g, "only_orders") == nullptr || findNode(g, "only_orders")->op() == "NoOp"));
    sameResults(b.graph, g, { "x" }, { { 2 } }, { "c", "d" });
}

TEST_CASE("function_optimizer inlines calls under the call's name", "[passes][function_optimizer]") {
    auto g = parseGraph(R"pb(
        node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
        node { name: "gate" op: "NoOp" }
        node { name: "call" op: "PartitionedCall" input: "x" input: "^gate"
               attr { key: "Tin" value { list { type: DT_FLOAT } } }
               attr { key: "Tout" value { list { type: DT_FLOAT type: DT_FLOAT } } }
               attr { key: "f" value { func { name: "outer" } } } }
        node { name: "y" op: "AddV2" input: "call" input: "call:1" attr { key: "T" value { type: DT_FLOAT } } }
        library {
          function {
            signature { name: "outer" input_arg { name: "a" type: DT_FLOAT }
                        output_arg { name: "r" type: DT_FLOAT } output_arg { name: "s" type: DT_FLOAT } }
            node_def { name: "sq" op: "Square" input: "a" attr { key: "T" value { type: DT_FLOAT } } }
            node_def { name: "inner_call" op: "inner" input: "sq:y:0" }
            ret { key: "r" value: "inner_call:out:0" }
            ret { key: "s" value: "sq:y:0" }
          }
          function {
            signature { name: "inner" input_arg { name: "b" type: DT_FLOAT } output_arg { name: "out" type: DT_FLOAT } }
            node_def { name: "n" op: "Neg" input: "b" attr { key: "T" value { type: DT_FLOAT } } }
            ret { key: "out" value: "n:y:0" }
          }
        }
    )pb");
    auto pass = makeFunctionOptimizer();
    auto after = g;
    const auto r = runPass(*pass, after, fetching({ "y" }, { "x" }));
    CHECK(findNode(after, "call") == nullptr);
    CHECK(findNode(after, "call/sq") != nullptr);
    // The nested call is inlined too, under its caller's new name.
    CHECK(findNode(after, "call/inner_call/n") != nullptr);
    CHECK(findNode(after, "call/input_control_node") != nullptr);
    CHECK(countOp(after, "PartitionedCall") == 0);
    CHECK(r.count(ChangeKind::Added) > 0);
    sameResults(g, after, { "x" }, { { 3 } }, { "y" });

    SECTION("a fetched call keeps its name as IdentityN") {
        auto kept = g;
        runPass(*pass, kept, fetching({ "y", "call" }, { "x" }));
        REQUIRE(findNode(kept, "call"));
        CHECK(findNode(kept, "call")->op() == "IdentityN");
        sameResults(g, kept, { "x" }, { { 3 } }, { "y", "call:1" });
    }
}

TEST_CASE("the validator names what is wrong", "[passes][validator]") {
    Builder b;
    b.placeholder("x", { 2 }).op("a", "Neg", { "x" });
    CHECK(validate(b.graph).empty());
    SECTION("a missing input") {
        b.op("bad", "Neg", { "nope" });
        REQUIRE(!validate(b.graph).empty());
        CHECK(validate(b.graph).front().find("'nope' names no node") != std::string::npos);
    }
    SECTION("a duplicate name") {
        b.op("a", "Abs", { "x" });
        CHECK(!validate(b.graph).empty());
    }
    SECTION("an output the producer does not have") {
        b.op("bad", "Neg", { "a:1" });
        REQUIRE(!validate(b.graph).empty());
        CHECK(validate(b.graph).front().find("output 1") != std::string::npos);
    }
    SECTION("a data input after a control input") {
        b.op("bad", "AddV2", { "x", "^a", "a" });
        CHECK(!validate(b.graph).empty());
    }
    SECTION("a cycle") {
        b.op("p", "Neg", { "q" }).op("q", "Neg", { "p" });
        bool cycle = false;
        for (const auto& p : validate(b.graph)) cycle |= p.find("cycle") != std::string::npos;
        CHECK(cycle);
    }
    SECTION("a wrong number of inputs") {
        b.op("bad", "AddV2", { "x" });
        CHECK(!validate(b.graph).empty());
    }
    SECTION("a call of a missing function") {
        auto* n = b.add("call", "PartitionedCall", { "x" });
        (*n->mutable_attr())["f"].mutable_func()->set_name("nowhere");
        CHECK(!validate(b.graph).empty());
    }
}
