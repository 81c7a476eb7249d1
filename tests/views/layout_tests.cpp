// core/layout: Graphviz layout, the ViewGraph builder (scopes, calls in place, lifted edges) and
// the cached per-group scene layout. No Qt here.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>

#include "core/graph/io/model_loader.h"
#include "core/layout/dot_writer.h"
#include "core/layout/graphviz_layout.h"
#include "core/layout/scene_layout.h"
#include "core/layout/view_graph.h"

using namespace graphlens;
using namespace graphlens::layout;

namespace {

graph::Node makeNode(const std::string& name, const std::string& op, std::vector<std::string> inputs = {}) {
    graph::Node node;
    node.def().set_name(name);
    node.def().set_op(op);
    for (const auto& input : inputs) node.def().add_input(input);
    return node;
}

// x -> a/conv -> a/relu -> b/add (+ c) -> out; ^a/relu -> init (control); a/sub/k, a/sub/m inside.
graph::Graph scopedGraph() {
    graph::Graph g;
    g.addNode(makeNode("x", "Placeholder"));
    g.addNode(makeNode("a/w", "Const"));
    g.addNode(makeNode("a/conv", "Conv2D", { "x", "a/w" }));
    g.addNode(makeNode("a/relu", "Relu", { "a/conv" }));
    g.addNode(makeNode("a/sub/k", "Const"));
    g.addNode(makeNode("a/sub/m", "Mul", { "a/relu", "a/sub/k" }));
    g.addNode(makeNode("c", "Const"));
    g.addNode(makeNode("b/add", "AddV2", { "a/sub/m", "c" }));
    g.addNode(makeNode("b/add2", "AddV2", { "a/relu", "a/conv" }));
    g.addNode(makeNode("out", "Identity", { "b/add" }));
    g.addNode(makeNode("init", "NoOp", { "^a/relu" }));
    g.finalize();
    return g;
}

const ViewEdge* findEdge(const ViewGraph& view, const std::string& from, const std::string& to, bool control = false) {
    const int32_t a = view.find(from);
    const int32_t b = view.find(to);
    for (const auto& edge : view.edges)
        if (edge.from == a && edge.to == b && edge.control == control) return &edge;
    return nullptr;
}

tensorflow::FunctionDef makeFunction(const std::string& name, int inputs, const std::vector<tensorflow::NodeDef>& nodes,
                                     const std::string& ret) {
    tensorflow::FunctionDef f;
    f.mutable_signature()->set_name(name);
    for (int i = 0; i < inputs; ++i) {
        auto* arg = f.mutable_signature()->add_input_arg();
        arg->set_name("in" + std::to_string(i));
        arg->set_type(tensorflow::DT_FLOAT);
    }
    auto* out = f.mutable_signature()->add_output_arg();
    out->set_name("out");
    out->set_type(tensorflow::DT_FLOAT);
    for (const auto& node : nodes) *f.add_node_def() = node;
    (*f.mutable_ret())["out"] = ret;
    return f;
}

tensorflow::NodeDef nodeDef(const std::string& name, const std::string& op, std::vector<std::string> inputs,
                            const std::string& funcAttr = {}, const std::string& func = {}) {
    tensorflow::NodeDef def;
    def.set_name(name);
    def.set_op(op);
    for (const auto& input : inputs) def.add_input(input);
    if (!funcAttr.empty()) (*def.mutable_attr())[funcAttr].mutable_func()->set_name(func);
    return def;
}

struct CallFixture {
    graph::FunctionLibrary library;
    graph::Graph main;
};

// main: x, y -> call (PartitionedCall f=outer) -> z; outer calls inner; rec calls itself.
std::unique_ptr<CallFixture> callFixture() {
    tensorflow::FunctionDefLibrary defs;
    *defs.add_function() = makeFunction("inner", 1, { nodeDef("neg", "Neg", { "in0" }) }, "neg:y:0");
    *defs.add_function() = makeFunction("outer", 2,
                                        { nodeDef("add", "AddV2", { "in0", "in1" }),
                                          nodeDef("layer/call", "PartitionedCall", { "add:z:0" }, "f", "inner") },
                                        "layer/call:output:0");
    *defs.add_function() =
        makeFunction("rec", 1, { nodeDef("again", "PartitionedCall", { "in0" }, "f", "rec") }, "again:output:0");
    auto fixture = std::make_unique<CallFixture>();
    fixture->library = graph::FunctionLibrary(std::move(defs), graph::OpRegistry::builtin());
    fixture->main.addNode(makeNode("x", "Placeholder"));
    fixture->main.addNode(makeNode("y", "Placeholder"));
    auto call = makeNode("call", "PartitionedCall", { "x", "y" });
    (*call.def().mutable_attr())["f"].mutable_func()->set_name("outer");
    fixture->main.addNode(std::move(call));
    fixture->main.addNode(makeNode("z", "Identity", { "call" }));
    auto recursive = makeNode("r", "PartitionedCall", { "x" });
    (*recursive.def().mutable_attr())["f"].mutable_func()->set_name("rec");
    fixture->main.addNode(std::move(recursive));
    fixture->library.attachRefs(fixture->main);
    fixture->main.finalize();
    fixture->library.linkCalls(fixture->main);
    return fixture;
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

TEST_CASE("Graphviz layout places boxes without overlap and routes edges between borders", "[layout]") {
    LayoutRequest request;
    for (int i = 0; i < 6; ++i) request.boxes.push_back({ 80, 30 });
    request.links = { { 0, 1, 1 }, { 1, 2, 1 }, { 0, 3, 1 }, { 3, 2, 1 }, { 2, 4, 1 }, { 5, 4, 1 } };
    const LayoutResult result = computeLayout(request);
    REQUIRE(result.centres.size() == 6);
    REQUIRE(result.paths.size() == 6);
    CHECK_FALSE(result.fastMode);
    CHECK(result.width > 80);
    CHECK(result.height > 3 * 30);
    for (size_t i = 0; i < 6; ++i)
        for (size_t j = i + 1; j < 6; ++j) {
            const bool apartX = std::abs(result.centres[i].x - result.centres[j].x) >= 80 - 1e-6;
            const bool apartY = std::abs(result.centres[i].y - result.centres[j].y) >= 30 - 1e-6;
            CHECK((apartX || apartY));
        }
    // Top to bottom: a successor sits below its predecessor.
    CHECK(result.centres[1].y > result.centres[0].y);
    CHECK(result.centres[4].y > result.centres[2].y);
    for (const auto& path : result.paths) {
        REQUIRE(path.size() >= 4);
        CHECK((path.size() - 1) % 3 == 0);
    }
    // The path of 0->1 starts at the bottom of box 0 and ends at the top of box 1.
    CHECK(result.paths[0].front().y == Approx(result.centres[0].y + 15).margin(2));
    CHECK(result.paths[0].back().y == Approx(result.centres[1].y - 15).margin(2));
}

TEST_CASE("Layout is deterministic and cancellable", "[layout]") {
    LayoutRequest request;
    for (int i = 0; i < 40; ++i) request.boxes.push_back({ 60.0 + i % 5 * 10, 30 });
    for (int i = 1; i < 40; ++i) request.links.push_back({ (i * 7) % i, i, 1 });
    const LayoutResult a = computeLayout(request);
    const LayoutResult b = computeLayout(request);
    CHECK(a.centres == b.centres);
    CHECK(a.paths == b.paths);
    CancelToken cancel;
    cancel.cancel();
    CHECK_THROWS_AS(computeLayout(request, &cancel), Cancelled);
}

TEST_CASE("Large requests use bounded settings and stay fast", "[layout][perf]") {
    LayoutRequest request;
    const int count = 5000;
    for (int i = 0; i < count; ++i) request.boxes.push_back({ 100, 36 });
    for (int i = 1; i < count; ++i) {
        request.links.push_back({ i - 1 - (i * 31) % std::min(i, 20), i, 1 });
        if (i % 3 == 0) request.links.push_back({ (i * 17) % i, i, 1 });
    }
    const auto start = std::chrono::steady_clock::now();
    const LayoutResult result = computeLayout(request);
    const double ms = millisecondsSince(start);
    std::printf("layout of %d boxes / %zu links: %.1f ms (builtin=%d)\n", count, request.links.size(), ms,
                int(result.builtin));
    CHECK(result.fastMode);
    CHECK(ms < 3000);
    for (const auto& path : result.paths) CHECK(path.size() == 4);
    const LayoutResult again = computeLayout(request);
    CHECK(again.centres == result.centres);
}

TEST_CASE("ViewGraph collapses scopes and lifts edges to visible items", "[viewgraph]") {
    const graph::Graph g = scopedGraph();
    ViewOptions options;
    options.graph = &g;
    ViewGraph collapsed = buildViewGraph(options);
    // Top level: groups a/ and b/, nodes x, c, out, init.
    CHECK(collapsed.roots.size() == 6);
    const int32_t a = collapsed.find("a/");
    REQUIRE(a >= 0);
    CHECK(collapsed.items[static_cast<size_t>(a)].kind == ItemKind::Group);
    CHECK(collapsed.items[static_cast<size_t>(a)].nodeCount == 5);
    CHECK_FALSE(collapsed.items[static_cast<size_t>(a)].expanded);
    CHECK(collapsed.items[static_cast<size_t>(a)].summary.find("Conv2D 1") != std::string::npos);
    // a/sub/m -> b/add and a/relu, a/conv -> b/add2 merge into one a/ -> b/ edge of 3.
    const ViewEdge* ab = findEdge(collapsed, "a/", "b/");
    REQUIRE(ab);
    CHECK(ab->count == 3);
    CHECK(ab->label == "3 tensors");
    CHECK(findEdge(collapsed, "x", "a/"));
    CHECK(findEdge(collapsed, "a/", "init", true));
    CHECK_FALSE(findEdge(collapsed, "a/", "init", false));

    options.expanded = { "a/" };
    ViewGraph expanded = buildViewGraph(options);
    CHECK(expanded.visibleCount() > collapsed.visibleCount());
    const int32_t relu = expanded.find("a/relu");
    REQUIRE(relu >= 0);
    CHECK(expanded.items[static_cast<size_t>(relu)].parent == expanded.find("a/"));
    CHECK(expanded.items[static_cast<size_t>(relu)].title == "Relu");
    CHECK(expanded.find("a/sub/") >= 0);
    CHECK(findEdge(expanded, "a/conv", "a/relu"));
    CHECK(findEdge(expanded, "a/relu", "a/sub/"));
    CHECK(findEdge(expanded, "a/sub/", "b/"));
    CHECK(findEdge(expanded, "a/relu", "init", true));
    // Internal edge: owner is a/, anchors are the items themselves.
    const ViewEdge* internal = findEdge(expanded, "a/conv", "a/relu");
    CHECK(internal->owner == expanded.find("a/"));
    // Cross edge: laid out at the top level between a/ and b/.
    const ViewEdge* cross = findEdge(expanded, "a/sub/", "b/");
    CHECK(cross->owner == -1);
    CHECK(cross->fromAnchor == expanded.find("a/"));
    CHECK(cross->toAnchor == expanded.find("b/"));

    SECTION("a slice hides nodes and empty groups") {
        std::vector<bool> slice = g.backwardSlice({ g.find("init") });
        options.expanded.clear();
        options.visibleNodes = &slice;
        ViewGraph sliced = buildViewGraph(options);
        CHECK(sliced.find("b/") < 0);
        CHECK(sliced.find("out") < 0);
        CHECK(sliced.find("init") >= 0);
        CHECK(sliced.items[static_cast<size_t>(sliced.find("a/"))].nodeCount == 3); // w, conv, relu
        CHECK(sliced.hiddenNodes == static_cast<int64_t>(g.size()) - 5);
    }
    SECTION("scopesToReveal names every enclosing scope") {
        CHECK(scopesToReveal(g, g.find("a/sub/m")) == std::vector<std::string>{ "a/", "a/sub/" });
        CHECK(scopesToReveal(g, g.find("x")).empty());
    }
}

TEST_CASE("Siblings named <prefix>_<n> collapse into a series", "[viewgraph]") {
    graph::Graph g;
    g.addNode(makeNode("v", "VariableV2"));
    g.addNode(makeNode("save/Assign", "Assign", { "v" }));
    for (int i = 1; i < 7; ++i) g.addNode(makeNode("save/Assign_" + std::to_string(i), "Assign", { "v" }));
    g.addNode(makeNode("save/Const_1", "Const")); // a different op: not in the series
    for (int i = 0; i < 5; ++i) g.addNode(makeNode("init_" + std::to_string(i) + "/x", "NoOp", { "^save/Assign" }));
    g.finalize();
    ViewOptions options;
    options.graph = &g;
    options.expanded = { "save/" };
    ViewGraph view = buildViewGraph(options);
    const int32_t series = view.find("save/Assign_*:Assign");
    REQUIRE(series >= 0);
    CHECK(view.items[static_cast<size_t>(series)].kind == ItemKind::Series);
    CHECK(view.items[static_cast<size_t>(series)].nodeCount == 7);
    CHECK(view.items[static_cast<size_t>(series)].label == "Assign_[0\u20136]");
    CHECK(view.find("save/Const_1") >= 0);
    CHECK(view.find("save/Assign_3") < 0);
    const ViewEdge* edge = findEdge(view, "v", "save/Assign_*:Assign");
    REQUIRE(edge);
    CHECK(edge->count == 7);
    // Scopes init_0 … init_4 form a series of scopes at the top level.
    CHECK(view.find("init_*/") >= 0);
    CHECK(findEdge(view, "save/Assign_*:Assign", "init_*/", true));

    CHECK(scopesToReveal(g, g.find("save/Assign_3")) == std::vector<std::string>{ "save/", "save/Assign_*:Assign" });
    CHECK(scopesToReveal(g, g.find("init_2/x")) == std::vector<std::string>{ "init_*/", "init_2/" });
    options.expanded = { "save/", "save/Assign_*:Assign" };
    ViewGraph opened = buildViewGraph(options);
    CHECK(opened.find("save/Assign_3") >= 0);
    CHECK(opened.items[static_cast<size_t>(opened.find("save/Assign_3"))].parent ==
          opened.find("save/Assign_*:Assign"));
    CHECK(splitNumericSuffix("Conv2d_1a_3x3").second == -1);
    CHECK(splitNumericSuffix("Identity_12") == std::pair<std::string_view, int64_t>{ "Identity", 12 });
    CHECK(splitNumericSuffix("_12").second == -1);
}

TEST_CASE("Function calls expand in place with ports wired to the call's inputs and outputs", "[viewgraph]") {
    const auto fixture = callFixture();
    ViewOptions options;
    options.graph = &fixture->main;
    options.library = &fixture->library;
    ViewGraph collapsed = buildViewGraph(options);
    const int32_t call = collapsed.find("call");
    REQUIRE(call >= 0);
    CHECK(collapsed.items[static_cast<size_t>(call)].kind == ItemKind::Call);
    CHECK(collapsed.items[static_cast<size_t>(call)].canExpand);
    CHECK(findEdge(collapsed, "x", "call"));
    CHECK(findEdge(collapsed, "call", "z"));

    options.expanded = { "call" };
    ViewGraph expanded = buildViewGraph(options);
    CHECK(expanded.visibleCount() > collapsed.visibleCount());
    const int32_t arg0 = expanded.find("call|f|in0");
    const int32_t ret = expanded.find("call|f|out");
    REQUIRE(arg0 >= 0);
    REQUIRE(ret >= 0);
    CHECK(expanded.items[static_cast<size_t>(arg0)].kind == ItemKind::Port);
    CHECK(expanded.items[static_cast<size_t>(arg0)].parent == expanded.find("call"));
    CHECK(findEdge(expanded, "x", "call|f|in0"));
    CHECK(findEdge(expanded, "y", "call|f|in1"));
    CHECK(findEdge(expanded, "call|f|out", "z"));
    CHECK_FALSE(findEdge(expanded, "x", "call"));
    // The nested call is the only node of scope layer/: shown as itself, not as a one-node group.
    CHECK(expanded.find("call|f|layer/") < 0);
    CHECK(findEdge(expanded, "call|f|add", "call|f|layer/call"));

    SECTION("nested expansion goes through two levels") {
        options.expanded = { "call", "call|f|layer/call" };
        ViewGraph nested = buildViewGraph(options);
        CHECK(nested.find("call|f|layer/call|f|neg") >= 0);
        CHECK(findEdge(nested, "call|f|add", "call|f|layer/call|f|in0"));
        CHECK(findEdge(nested, "call|f|layer/call|f|out", "call|f|out"));
    }
    SECTION("recursion expands once and says why it stops") {
        options.expanded = { "r", "r|f|again" };
        ViewGraph recursive = buildViewGraph(options);
        const int32_t inner = recursive.find("r|f|again");
        REQUIRE(inner >= 0);
        CHECK_FALSE(recursive.items[static_cast<size_t>(inner)].canExpand);
        CHECK(recursive.items[static_cast<size_t>(inner)].cannotExpandReason.find("recursive") != std::string::npos);
        REQUIRE(recursive.notes.size() == 1);
        CHECK(recursive.notes[0].find("again") != std::string::npos);
    }
    SECTION("depth limit") {
        options.expanded = { "call", "call|f|layer/", "call|f|layer/call" };
        options.maxCallDepth = 1;
        ViewGraph limited = buildViewGraph(options);
        const int32_t inner = limited.find("call|f|layer/call");
        REQUIRE(inner >= 0);
        CHECK_FALSE(limited.items[static_cast<size_t>(inner)].canExpand);
        CHECK(limited.items[static_cast<size_t>(inner)].cannotExpandReason.find("nested") != std::string::npos);
    }
    SECTION("DOT export of the expanded view") {
        const std::string dot = toDot(expanded);
        CHECK(dot.find("subgraph cluster_") != std::string::npos);
        CHECK(dot.find("PartitionedCall") != std::string::npos);
        CHECK(dot.rfind("}\n") == dot.size() - 2);
    }
}

TEST_CASE("Scene layout nests expanded groups and caches per group", "[scene]") {
    const graph::Graph g = scopedGraph();
    LayoutCache cache;
    ViewOptions options;
    options.graph = &g;
    ViewGraph collapsed = buildViewGraph(options);
    SceneGeometry first = layoutScene(collapsed, cache);
    CHECK(first.layoutsComputed == 1);
    CHECK(first.layoutsFromCache == 0);

    options.expanded = { "a/", "a/sub/" };
    ViewGraph expanded = buildViewGraph(options);
    SceneGeometry second = layoutScene(expanded, cache);
    CHECK(second.layoutsComputed == 3); // a/sub/, a/, top level
    // Children lie inside their expanded parent.
    for (size_t i = 0; i < expanded.items.size(); ++i) {
        const auto& item = expanded.items[i];
        if (item.parent < 0) continue;
        const Rect& child = second.items[i];
        const Rect& parent = second.items[static_cast<size_t>(item.parent)];
        CHECK(child.x >= parent.x - 1e-6);
        CHECK(child.y >= parent.y - 1e-6);
        CHECK(child.x + child.width <= parent.x + parent.width + 1e-6);
        CHECK(child.y + child.height <= parent.y + parent.height + 1e-6);
    }
    // Every edge has a path; a lifted edge starts at its real source item.
    for (size_t e = 0; e < expanded.edges.size(); ++e) CHECK_FALSE(second.edges[e].empty());
    const int32_t m = expanded.find("a/sub/m");
    for (size_t e = 0; e < expanded.edges.size(); ++e) {
        if (expanded.edges[e].from != m || expanded.edges[e].to != expanded.find("b/")) continue;
        const Rect& source = second.items[static_cast<size_t>(m)];
        CHECK(second.edges[e].front().x == Approx(source.x + source.width / 2));
        CHECK(second.edges[e].front().y == Approx(source.y + source.height));
    }

    SECTION("collapsing again is served from the cache") {
        ViewGraph again = buildViewGraph(ViewOptions{ &g, nullptr, -1, {}, nullptr, 6, {} });
        SceneGeometry third = layoutScene(again, cache);
        CHECK(third.layoutsComputed == 0);
        CHECK(third.layoutsFromCache == 1);
        CHECK(third.width == Approx(first.width));
    }
    SECTION("expanding only a/sub/ again re-lays out a/sub/'s ancestors only") {
        options.expanded = { "a/" };
        ViewGraph partial = buildViewGraph(options);
        SceneGeometry third = layoutScene(partial, cache);
        CHECK(third.layoutsComputed == 2); // a/ (child a/sub/ now collapsed) and the top level
        options.expanded = { "a/", "a/sub/" };
        ViewGraph full = buildViewGraph(options);
        SceneGeometry fourth = layoutScene(full, cache);
        CHECK(fourth.layoutsComputed == 0);
        CHECK(fourth.layoutsFromCache == 3);
    }
}

TEST_CASE("InceptionV3 collapsed by scope lays out quickly; expanding a big scope is cached",
          "[scene][fixture][perf]") {
    const auto model = io::loadModel(GRAPHLENS_FIXTURES_DIR "/tfnet_meta_graphs/InceptionV3.meta");
    REQUIRE(model->metaGraphs.size() == 1);
    const auto& meta = model->metaGraphs[0];
    REQUIRE(meta.graph.size() > 10000);
    LayoutCache cache;
    ViewOptions options;
    options.graph = &meta.graph;
    options.library = &meta.library;

    auto start = std::chrono::steady_clock::now();
    ViewGraph top = buildViewGraph(options);
    SceneGeometry geometry = layoutScene(top, cache);
    const double coldTop = millisecondsSince(start);
    CHECK(top.visibleCount() < 200);

    // The biggest top-level scope, then its biggest child.
    int32_t biggest = -1;
    for (int32_t root : top.roots)
        if (top.items[static_cast<size_t>(root)].kind == ItemKind::Group &&
            (biggest < 0 ||
             top.items[static_cast<size_t>(root)].nodeCount > top.items[static_cast<size_t>(biggest)].nodeCount))
            biggest = root;
    REQUIRE(biggest >= 0);
    options.expanded.insert(top.items[static_cast<size_t>(biggest)].key);
    start = std::chrono::steady_clock::now();
    ViewGraph opened = buildViewGraph(options);
    SceneGeometry openedGeometry = layoutScene(opened, cache);
    const double coldExpand = millisecondsSince(start);
    CHECK(opened.visibleCount() > top.visibleCount());
    CHECK(openedGeometry.layoutsComputed >= 1);

    options.expanded.clear();
    ViewGraph back = buildViewGraph(options);
    SceneGeometry backGeometry = layoutScene(back, cache);
    CHECK(backGeometry.layoutsComputed == 0);
    options.expanded.insert(top.items[static_cast<size_t>(biggest)].key);
    start = std::chrono::steady_clock::now();
    ViewGraph reopened = buildViewGraph(options);
    SceneGeometry reopenedGeometry = layoutScene(reopened, cache);
    const double warmExpand = millisecondsSince(start);
    CHECK(reopenedGeometry.layoutsComputed == 0);
    std::printf("InceptionV3: top level %zu items %zu edges cold %.1f ms; expand '%s' (%zu items) cold %.1f ms, "
                "warm %.1f ms\n",
                top.visibleCount(), top.edges.size(), coldTop, top.items[static_cast<size_t>(biggest)].key.c_str(),
                opened.visibleCount(), coldExpand, warmExpand);

    // The widest single expansion: the series of 376 checkpoint_initializer_N scopes.
    options.expanded = { "checkpoint_initializer_*/" };
    start = std::chrono::steady_clock::now();
    ViewGraph series = buildViewGraph(options);
    SceneGeometry seriesGeometry = layoutScene(series, cache);
    const double seriesCold = millisecondsSince(start);
    options.expanded.clear();
    ViewGraph collapsedAgain = buildViewGraph(options);
    layoutScene(collapsedAgain, cache);
    options.expanded = { "checkpoint_initializer_*/" };
    start = std::chrono::steady_clock::now();
    ViewGraph seriesAgain = buildViewGraph(options);
    SceneGeometry seriesWarm = layoutScene(seriesAgain, cache);
    std::printf(
        "InceptionV3: expand checkpoint_initializer_*/ (%zu children): cold %.1f ms (graphviz %.1f ms), warm %.1f ms\n",
        series.items[static_cast<size_t>(series.find("checkpoint_initializer_*/"))].children.size(), seriesCold,
        seriesGeometry.graphvizMilliseconds, millisecondsSince(start));
    CHECK(seriesWarm.layoutsComputed == 0);
    options.expanded.clear();

    // Everything expanded: every scope and series of the 11k-node graph laid out as nested frames.
    for (int round = 0; round < 12; ++round) {
        ViewGraph all = buildViewGraph(options);
        size_t before = options.expanded.size();
        for (const auto& item : all.items)
            if (item.canExpand && item.kind != ItemKind::Call) options.expanded.insert(item.key);
        if (options.expanded.size() == before) break;
    }
    start = std::chrono::steady_clock::now();
    ViewGraph all = buildViewGraph(options);
    const double buildAll = millisecondsSince(start);
    start = std::chrono::steady_clock::now();
    SceneGeometry allGeometry = layoutScene(all, cache);
    const double layoutAll = millisecondsSince(start);
    std::printf("InceptionV3 fully expanded: %zu items, %zu edges, %d groups laid out; build %.1f ms, layout %.1f ms "
                "(graphviz %.1f ms)\n",
                all.visibleCount(), all.edges.size(), allGeometry.layoutsComputed, buildAll, layoutAll,
                allGeometry.graphvizMilliseconds);
    CHECK(all.visibleCount() > meta.graph.size());
    start = std::chrono::steady_clock::now();
    ViewGraph allAgain = buildViewGraph(options);
    SceneGeometry allAgainGeometry = layoutScene(allAgain, cache);
    std::printf("InceptionV3 fully expanded, warm cache: %.1f ms\n", millisecondsSince(start));
    CHECK(allAgainGeometry.layoutsComputed == 0);
}

TEST_CASE("Every fixture with a graph builds a view and lays out its top level", "[scene][fixture]") {
    const char* paths[] = { "/serving_half_plus_two_tf2_cpu",       "/tfnet_keras_lstm_saved_model",
                            "/tfx_estimator_export_saved_model",    "/tf_grappler_pbtxt/nested_loop.pbtxt",
                            "/tfnet_meta_graphs/lstm_crf_ner.meta", "/tfx_keras_saved_model" };
    for (const char* path : paths) {
        INFO(path);
        const auto model = io::loadModel(std::string(GRAPHLENS_FIXTURES_DIR) + path);
        REQUIRE_FALSE(model->metaGraphs.empty());
        const auto& meta = model->metaGraphs[0];
        LayoutCache cache;
        ViewOptions options;
        options.graph = &meta.graph;
        options.library = &meta.library;
        // Expand every call at the top level in place.
        for (graph::NodeId n = 0; n < static_cast<graph::NodeId>(meta.graph.size()); ++n)
            if (!meta.graph.node(n).functions.empty()) {
                for (const auto& key : scopesToReveal(meta.graph, n)) options.expanded.insert(key);
                options.expanded.insert(meta.graph.node(n).name());
            }
        ViewGraph view = buildViewGraph(options);
        SceneGeometry geometry = layoutScene(view, cache);
        CHECK(geometry.items.size() == view.items.size());
        CHECK(geometry.width > 0);
    }
}
