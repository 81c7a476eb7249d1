// The before/after view of the optimisation passes: the timeline built from an OptimizeResult
// (a hand-made one with known changes, and the real pass manager on real graphs), its item
// models under QAbstractItemModelTester, and the widget: stepping through passes, marks,
// synchronised viewports, mirrored expansion, a fusion miss selected in both graphs, and the
// screenshot docs/screenshots/before_after_view.png.
#include <catch2/catch.hpp>
#include <google/protobuf/text_format.h>
#include <set>

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QThread>
#include <QToolButton>

#include "core/graph/export.h"
#include "core/graph/io/model_loader.h"
#include "views/graph_scene.h"
#include "views/pass_graph_view.h"
#include "views/pass_models.h"
#include "views/pass_timeline.h"
#include "views/pass_view.h"

using namespace graphlens;
using namespace graphlens::views;
using passes::ChangeKind;

namespace {

tensorflow::GraphDef parse(const std::string& text) {
    tensorflow::GraphDef graph;
    REQUIRE(google::protobuf::TextFormat::ParseFromString(text, &graph));
    return graph;
}

const char* kOriginal = R"(
node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
node { name: "w" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } }
node { name: "b" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } }
node { name: "dense/MatMul" op: "MatMul" input: "x" input: "w" }
node { name: "dense/BiasAdd" op: "BiasAdd" input: "dense/MatMul" input: "b" }
node { name: "dense/Relu" op: "Relu" input: "dense/BiasAdd" }
node { name: "head/MatMul" op: "MatMul" input: "dense/Relu" input: "w" }
node { name: "head/BiasAdd" op: "BiasAdd" input: "head/MatMul" input: "b" }
node { name: "head/Relu" op: "Relu" input: "head/BiasAdd" }
node { name: "aux" op: "Identity" input: "head/BiasAdd" }
node { name: "one" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } }
node { name: "scaled" op: "Mul" input: "head/Relu" input: "one" }
)";

// arithmetic_optimizer: scaled = x*1 -> Identity, "one" removed.
std::string afterArithmetic() {
    std::string text = kOriginal;
    text.replace(
        text.find(R"(node { name: "one")"),
        std::string(R"(node { name: "one" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } })").size(), "");
    text.replace(text.find(R"(op: "Mul" input: "head/Relu" input: "one")"),
                 std::string(R"(op: "Mul" input: "head/Relu" input: "one")").size(),
                 R"(op: "Identity" input: "head/Relu")");
    return text;
}

// remapper: dense/{MatMul,BiasAdd,Relu} -> dense/Relu = _FusedMatMul; a Const "fused_args" added.
std::string afterRemapper() {
    std::string text = afterArithmetic();
    for (const char* gone : { R"(node { name: "dense/MatMul" op: "MatMul" input: "x" input: "w" })",
                              R"(node { name: "dense/BiasAdd" op: "BiasAdd" input: "dense/MatMul" input: "b" })" })
        text.replace(text.find(gone), std::string(gone).size(), "");
    const std::string relu = R"(node { name: "dense/Relu" op: "Relu" input: "dense/BiasAdd" })";
    text.replace(text.find(relu), relu.size(),
                 R"(node { name: "dense/Relu" op: "_FusedMatMul" input: "x" input: "w" input: "b" })"
                 R"( node { name: "fused_args" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } })");
    return text;
}

passes::NodeChange change(ChangeKind kind, std::string node, std::string op, std::vector<std::string> sources = {},
                          std::string detail = {}) {
    passes::NodeChange c;
    c.kind = kind;
    c.node = std::move(node);
    c.op = std::move(op);
    c.sources = std::move(sources);
    c.detail = std::move(detail);
    return c;
}

passes::PassSnapshot snapshot(std::string pass, int iteration, const tensorflow::GraphDef& before,
                              tensorflow::GraphDef after, std::vector<passes::NodeChange> changes, double millis) {
    passes::PassSnapshot s;
    s.pass = std::move(pass);
    s.iteration = iteration;
    s.millis = millis;
    s.nodesBefore = before.node_size();
    s.nodesAfter = after.node_size();
    s.report.pass = s.pass;
    s.report.changes = std::move(changes);
    s.graph = std::move(after);
    return s;
}

passes::FusionMiss headMiss() {
    passes::FusionMiss miss;
    miss.pattern = "MatMul+BiasAdd+Relu";
    miss.nodes = { "head/MatMul", "head/BiasAdd", "head/Relu" };
    miss.condition = "multiple_consumers";
    miss.reason = "head/BiasAdd has 2 consumers (head/Relu, aux)";
    return miss;
}

passes::OptimizeResult handMadeResult() {
    passes::OptimizeResult result;
    result.original = parse(kOriginal);
    const auto arithmetic = parse(afterArithmetic());
    const auto remapped = parse(afterRemapper());
    result.snapshots.push_back(snapshot("arithmetic_optimizer", 0, result.original, arithmetic,
                                        { change(ChangeKind::Rewritten, "scaled", "Identity", {}, "x*1 -> x"),
                                          change(ChangeKind::Removed, "one", "Const") },
                                        1.5));
    result.snapshots.push_back(snapshot("constant_folding", 0, arithmetic, arithmetic, {}, 0.25));
    auto remapper = snapshot(
        "remapper", 0, arithmetic, remapped,
        { change(ChangeKind::Fused, "dense/Relu", "_FusedMatMul", { "dense/MatMul", "dense/BiasAdd", "dense/Relu" }),
          change(ChangeKind::Added, "fused_args", "Const") },
        3.0);
    remapper.report.misses.push_back(headMiss());
    result.snapshots.push_back(std::move(remapper));
    result.optimized = remapped;
    // result.misses left empty on purpose: the timeline takes the last remapper run's.
    return result;
}

std::shared_ptr<const PassTimeline> handMadeTimeline() {
    return std::make_shared<const PassTimeline>(buildPassTimeline(handMadeResult(), "hand-made"));
}

// Runs the event loop until `done` holds or `ms` pass.
template<class Predicate> bool waitFor(Predicate done, int ms = 30000) {
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > ms) return false;
        QTest::qWait(10);
    }
    return true;
}

int itemOf(const PassGraphView* view, const std::string& key) {
    return view->snapshot() ? view->snapshot()->view.find(key) : -1;
}

QPointF onScreen(const PassGraphView* view, int item) {
    return view->mapFromScene(view->graphScene()->itemRect(item).center());
}

// The leaf of `source` nearest its viewport centre that `target` shows too (the sync anchor).
std::string anchorKey(const PassGraphView* source, const PassGraphView* target) {
    const QPointF centre = source->mapToScene(source->viewport()->rect().center());
    std::string best;
    double bestDistance = 1e300;
    const auto& items = source->snapshot()->view.items;
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i].expanded || itemOf(target, items[i].key) < 0) continue;
        const QPointF d = source->graphScene()->itemRect(static_cast<int>(i)).center() - centre;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (distance < bestDistance) {
            bestDistance = distance;
            best = items[i].key;
        }
    }
    return best;
}

std::set<std::string> names(const tensorflow::GraphDef& graph) {
    std::set<std::string> out;
    for (const auto& node : graph.node()) out.insert(node.name());
    return out;
}

} // namespace

TEST_CASE("pass timeline: steps, shared models and marks from a hand-made result", "[passes]") {
    const auto result = handMadeResult();
    const PassTimeline timeline = buildPassTimeline(result, "hand-made");
    REQUIRE(timeline.stepCount() == static_cast<int>(result.snapshots.size()) + 1);
    CHECK(timeline.steps[0].pass.empty());
    CHECK(timeline.steps[1].pass == "arithmetic_optimizer");
    CHECK(timeline.steps[1].rewritten == 1);
    CHECK(timeline.steps[1].removed == 1);
    // constant_folding changed nothing: it shares the graph model of the step before it.
    CHECK_FALSE(timeline.steps[2].changedGraph);
    CHECK(timeline.steps[2].model == timeline.steps[1].model);
    CHECK(timeline.steps[3].changedGraph);
    CHECK(timeline.steps[3].model->metaGraphs[0].graph.size() == static_cast<size_t>(result.optimized.node_size()));
    CHECK(timeline.totalMillis == Approx(4.75));
    REQUIRE(timeline.misses.size() == 1);
    CHECK(timeline.misses[0].condition == "multiple_consumers");

    const StepDiff arithmetic = timeline.diff(0, 1);
    CHECK(arithmetic.before.at("one").mark == NodeMark::Removed);
    CHECK(arithmetic.before.at("scaled").mark == NodeMark::Rewritten);
    CHECK(arithmetic.after.at("scaled").mark == NodeMark::Rewritten);
    CHECK(arithmetic.after.at("scaled").detail == "x*1 -> x");
    CHECK(arithmetic.removed == 1);
    CHECK(arithmetic.rewritten == 1);
    CHECK(arithmetic.added == 0);
    CHECK(arithmetic.after.count("dense/Relu") == 0);

    const StepDiff nothing = timeline.diff(1, 2);
    CHECK(nothing.before.empty());
    CHECK(nothing.after.empty());

    const StepDiff all = timeline.diff(0, 3);
    CHECK(all.before.at("dense/MatMul").mark == NodeMark::Fused);
    CHECK(all.before.at("dense/MatMul").detail == "fused into dense/Relu");
    CHECK(all.before.at("dense/BiasAdd").mark == NodeMark::Fused);
    CHECK(all.before.at("dense/Relu").mark == NodeMark::Fused);
    CHECK(all.after.at("dense/Relu").mark == NodeMark::Fused);
    CHECK(all.after.at("fused_args").mark == NodeMark::Added);
    CHECK(all.before.at("one").mark == NodeMark::Removed);
    CHECK(all.after.at("scaled").mark == NodeMark::Rewritten);
    CHECK(all.fused == 1);
    CHECK(all.added == 1);
    CHECK(all.removed == 1);
    CHECK(all.after.count("head/Relu") == 0); // untouched
    CHECK(timeline.diff(3, 1).after.empty()); // only forward
}

TEST_CASE("pass models: strip, misses and changes pass QAbstractItemModelTester across resets", "[passes]") {
    const auto timeline = handMadeTimeline();
    PassStripModel strip;
    FusionMissModel misses;
    PassChangesModel changes;
    QAbstractItemModelTester stripTester(&strip, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester missTester(&misses, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester changesTester(&changes, QAbstractItemModelTester::FailureReportingMode::Fatal);
    CHECK(strip.rowCount() == 0);
    strip.setTimeline(timeline);
    misses.setTimeline(timeline);
    changes.setStep(timeline, 3);
    REQUIRE(strip.rowCount() == timeline->stepCount());
    CHECK(strip.columnCount() == PassStripModel::ColumnCount);
    CHECK(strip.index(0, PassStripModel::PassColumn).data().toString() == QStringLiteral("before the passes"));
    CHECK(strip.index(3, PassStripModel::PassColumn).data().toString() == QStringLiteral("remapper"));
    CHECK(strip.index(1, PassStripModel::NodesColumn).data().toString() ==
          QStringLiteral("%1 \u2192 %2").arg(timeline->steps[1].nodesBefore).arg(timeline->steps[1].nodesAfter));
    CHECK(strip.index(1, PassStripModel::RemovedColumn).data(PassSortRole).toInt() == 1);
    CHECK(strip.index(3, PassStripModel::FusedColumn).data().toString() == QStringLiteral("1"));
    CHECK(strip.index(3, PassStripModel::TimeColumn).data(PassSortRole).toDouble() == Approx(3.0));
    CHECK(strip.index(2, 0).data(PassStepRole).toInt() == 2);
    for (int row = 0; row < strip.rowCount(); ++row)
        for (int column = 0; column < strip.columnCount(); ++column) {
            (void)strip.index(row, column).data(Qt::ToolTipRole);
            (void)strip.index(row, column).data(Qt::ForegroundRole);
        }

    REQUIRE(misses.rowCount() == 1);
    CHECK(misses.index(0, FusionMissModel::ConditionColumn).data().toString() == QStringLiteral("multiple_consumers"));
    // Not profiled: the cost is empty, and sorts as unknown.
    CHECK(misses.index(0, FusionMissModel::CostColumn).data().toString().isEmpty());
    CHECK(misses.index(0, FusionMissModel::CostColumn).data(PassSortRole).toDouble() == -1.0);
    CHECK(misses.index(0, 0).data(PassNodesRole).toStringList() ==
          QStringList{ QStringLiteral("head/MatMul"), QStringLiteral("head/BiasAdd"), QStringLiteral("head/Relu") });

    REQUIRE(changes.rowCount() == 2);
    CHECK(changes.index(0, PassChangesModel::KindColumn).data().toString() == QStringLiteral("fused"));
    CHECK(changes.index(0, 0).data(PassNodesRole).toStringList().last() == QStringLiteral("dense/Relu"));
    CHECK(changes.index(0, 0).data(PassNodesRole).toStringList().size() == 4);
    changes.setStep(timeline, 0);
    CHECK(changes.rowCount() == 0);
    changes.setStep(timeline, 1);
    CHECK(changes.rowCount() == 2);

    // Resets to another timeline and to none.
    strip.setTimeline(handMadeTimeline());
    misses.setTimeline(nullptr);
    changes.setStep(nullptr, 2);
    CHECK(misses.rowCount() == 0);
    CHECK(changes.rowCount() == 0);
    strip.setTimeline(nullptr);
    CHECK(strip.rowCount() == 0);
}

TEST_CASE("fusion miss model: costs in ms per run, most costly first, unknown last", "[passes]") {
    FusionMissModel misses;
    QAbstractItemModelTester tester(&misses, QAbstractItemModelTester::FailureReportingMode::Fatal);
    auto timeline = std::make_shared<PassTimeline>(buildPassTimeline(handMadeResult(), "costs"));
    timeline->profile.runs = 5;
    auto miss = [](std::string root, double cost) {
        passes::FusionMiss m = headMiss();
        m.nodes = { root + "/MatMul", root + "/BiasAdd", root + "/Relu" };
        m.costSeconds = cost;
        return m;
    };
    timeline->misses = { miss("unknown", -1), miss("cheap", 0.0005), miss("dear", 0.002) };
    timeline->misses[0].unprofiledNodes = { "unknown/BiasAdd", "unknown/Relu" };
    misses.setTimeline(timeline);
    REQUIRE(misses.rowCount() == 3);
    CHECK(misses.columnCount() == FusionMissModel::ColumnCount);
    CHECK(misses.headerData(FusionMissModel::CostColumn, Qt::Horizontal).toString() == QStringLiteral("Cost (ms/run)"));
    CHECK(misses.headerData(FusionMissModel::CostColumn, Qt::Horizontal, Qt::ToolTipRole)
              .toString()
              .contains(QStringLiteral("estimate")));
    CHECK(misses.index(0, FusionMissModel::CostColumn).data().toString() == QStringLiteral("2.000"));
    CHECK(misses.index(1, FusionMissModel::CostColumn).data().toString() == QStringLiteral("0.500"));
    CHECK(misses.index(2, FusionMissModel::CostColumn).data().toString().isEmpty());
    CHECK(misses.index(0, FusionMissModel::CostColumn).data(PassSortRole).toDouble() == Approx(2.0));
    CHECK(misses.index(2, FusionMissModel::CostColumn).data(PassSortRole).toDouble() == -1.0);
    // Rows and what they point at agree: nodes, the miss itself, the tooltip.
    CHECK(misses.index(0, 0).data(PassNodesRole).toStringList().first() == QStringLiteral("dear/MatMul"));
    CHECK(misses.missAt(1)->nodes.front() == "cheap/MatMul");
    CHECK(misses.missAt(3) == nullptr);
    CHECK(misses.missAt(-1) == nullptr);
    CHECK(misses.index(0, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("2.0000 ms per run")));
    CHECK(
        misses.index(2, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("unknown/BiasAdd, unknown/Relu")));
    for (int row = 0; row < misses.rowCount(); ++row)
        CHECK(misses.index(row, FusionMissModel::CostColumn).data(Qt::TextAlignmentRole).isValid());
    // Equal costs keep the remapper's order.
    timeline->misses = { miss("first", 0.001), miss("second", 0.001) };
    misses.setTimeline(timeline);
    CHECK(misses.missAt(0)->nodes.front() == "first/MatMul");
    misses.setTimeline(nullptr);
    CHECK(misses.rowCount() == 0);
    CHECK(misses.missAt(0) == nullptr);
}

TEST_CASE("pass view: step through passes, marks, synced viewports, a miss selected in both graphs",
          "[passes][widget]") {
    PassView view;
    view.resize(1400, 900);
    view.show();
    const auto timeline = handMadeTimeline();
    view.setTimeline(timeline);
    REQUIRE(waitFor([&] { return view.isSettled(); }));
    // Opens on the final graph compared with the original.
    REQUIRE(view.currentStep() == 3);
    CHECK(view.beforeStep() == 0);
    CHECK(view.beforeView()->model() == timeline->steps[0].model);
    CHECK(view.afterView()->model() == timeline->steps[3].model);
    CHECK(view.currentDiff().fused == 1);

    // Marks: loose nodes by their own change, collapsed groups by what is inside.
    PassGraphView* before = view.beforeView();
    PassGraphView* after = view.afterView();
    CHECK(before->itemMark(itemOf(before, "one")) == NodeMark::Removed);
    CHECK(after->itemMark(itemOf(after, "fused_args")) == NodeMark::Added);
    CHECK(after->itemMark(itemOf(after, "scaled")) == NodeMark::Rewritten);
    CHECK(after->itemMark(itemOf(after, "x")) == NodeMark::None);
    const int denseBefore = itemOf(before, "dense/");
    REQUIRE(denseBefore >= 0);
    CHECK(before->itemMark(denseBefore) == NodeMark::Fused);
    CHECK(before->itemCounts(denseBefore)[static_cast<size_t>(NodeMark::Fused)] == 3);
    // One node left in dense/: the view may show the node itself rather than a group of one.
    if (const int denseAfter = itemOf(after, "dense/"); denseAfter >= 0)
        CHECK(after->itemCounts(denseAfter)[static_cast<size_t>(NodeMark::Fused)] == 1);
    else CHECK(after->itemMark(itemOf(after, "dense/Relu")) == NodeMark::Fused);

    // Click the first row of the strip: the graph before any pass on both sides, nothing marked.
    QTableView* strip = view.stripView();
    QTest::mouseClick(strip->viewport(), Qt::LeftButton, {},
                      strip->visualRect(view.stripModel()->index(0, 2)).center());
    REQUIRE(view.currentStep() == 0);
    REQUIRE(waitFor([&] { return view.isSettled(); }));
    CHECK(after->model() == timeline->steps[0].model);
    CHECK(after->markedItemCount() == 0);
    // Arrow keys in the strip step on.
    strip->setFocus();
    QTest::keyClick(strip, Qt::Key_Down);
    REQUIRE(view.currentStep() == 1);
    REQUIRE(waitFor([&] { return view.isSettled(); }));
    CHECK(after->model() == timeline->steps[1].model);
    CHECK(before->itemMark(itemOf(before, "one")) == NodeMark::Removed);
    CHECK(view.changesModel()->rowCount() == 2);
    QTest::keyClick(strip, Qt::Key_Down);
    REQUIRE(view.currentStep() == 2);
    CHECK(view.changesModel()->rowCount() == 0);
    // The next button, and "compare with the previous pass" (remapper against constant_folding).
    auto* next = view.findChild<QToolButton*>(QStringLiteral("nextPass"));
    REQUIRE(next);
    REQUIRE(next->isEnabled());
    QTest::mouseClick(next, Qt::LeftButton);
    REQUIRE(view.currentStep() == 3);
    CHECK_FALSE(next->isEnabled());
    view.setCompare(PassView::Compare::Previous);
    CHECK(view.beforeStep() == 2);
    REQUIRE(waitFor([&] { return view.isSettled(); }));
    CHECK(before->model() == timeline->steps[2].model);
    CHECK(view.currentDiff().removed == 0); // "one" went in an earlier pass
    CHECK(view.currentDiff().fused == 1);
    view.setCompare(PassView::Compare::Original);
    REQUIRE(waitFor([&] { return view.isSettled(); }));

    // Synchronised viewports: zoom and pan one, the other shows the same node at the same place.
    before->zoomBy(1.6);
    CHECK(after->zoom() == Approx(before->zoom()));
    before->horizontalScrollBar()->setValue(before->horizontalScrollBar()->value() + 40);
    before->verticalScrollBar()->setValue(before->verticalScrollBar()->value() + 30);
    const std::string anchor = anchorKey(before, after);
    REQUIRE_FALSE(anchor.empty());
    const QPointF inBefore = onScreen(before, itemOf(before, anchor));
    const QPointF inAfter = onScreen(after, itemOf(after, anchor));
    CHECK(std::abs(inBefore.x() - inAfter.x()) <= 2);
    CHECK(std::abs(inBefore.y() - inAfter.y()) <= 2);
    view.setSyncViewports(false);
    const qreal frozen = after->zoom();
    before->zoomBy(0.7);
    CHECK(after->zoom() == Approx(frozen));
    view.setSyncViewports(true);

    // Expanding a group in one graph expands it in the other.
    before->toggle(QStringLiteral("dense/"));
    REQUIRE(waitFor([&] { return view.isSettled(); }));
    CHECK(after->isExpanded(QStringLiteral("dense/")));
    CHECK(before->itemMark(itemOf(before, "dense/MatMul")) == NodeMark::Fused);
    CHECK(after->itemMark(itemOf(after, "dense/Relu")) == NodeMark::Fused);

    // A click on the fusion miss: both graphs open head/, outline the three nodes, select the root.
    QTableView* misses = view.missView();
    REQUIRE(view.missModel()->rowCount() == 1);
    QTest::mouseClick(misses->viewport(), Qt::LeftButton, {},
                      misses->visualRect(view.missModel()->index(0, 0)).center());
    REQUIRE(waitFor([&] { return view.isSettled(); }));
    for (PassGraphView* side : { before, after }) {
        CHECK(side->isExpanded(QStringLiteral("head/")));
        const auto focused = side->focusedItems();
        REQUIRE(focused.size() == 3);
        QStringList focusedNames;
        for (int item : focused) focusedNames << side->itemNodeName(item);
        focusedNames.sort();
        CHECK(focusedNames ==
              QStringList(
                  { QStringLiteral("head/BiasAdd"), QStringLiteral("head/MatMul"), QStringLiteral("head/Relu") }));
        CHECK(side->itemNodeName(side->selectedItem()) == QStringLiteral("head/Relu"));
        const QRectF visible = side->mapToScene(side->viewport()->rect()).boundingRect();
        for (int item : focused) CHECK(visible.contains(side->graphScene()->itemRect(item)));
    }
    // Selecting a node in one graph selects the same node in the other.
    before->selectItem(itemOf(before, "scaled"));
    CHECK(after->selectedItem() == itemOf(after, "scaled"));
}

TEST_CASE("pass timeline: the real pass manager on real graphs", "[passes][real]") {
    for (const char* file : { "/tf2onnx_fc_layers_frozen/frozen.pb", "/speech_commands_conv_frozen/frozen_graph.pb" }) {
        INFO(file);
        const auto model = io::loadModel(std::string(GRAPHLENS_FIXTURES_DIR) + file);
        const PassTimeline timeline = optimizeModel(*model, 0, passes::ManagerOptions{});
        REQUIRE(timeline.stepCount() > 1);
        CHECK_FALSE(timeline.title.empty());
        CHECK_FALSE(timeline.reportJson.empty());
        const auto& original = timeline.steps.front().model->metaGraphs[0].graph;
        CHECK(original.size() == model->metaGraphs[0].graph.size());
        // Every step's graph is the one its pass left: node counts agree with the report.
        for (int step = 1; step < timeline.stepCount(); ++step) {
            const auto& s = timeline.steps[static_cast<size_t>(step)];
            const auto& meta = s.model->metaGraphs[0];
            if (meta.library.empty()) CHECK(static_cast<int>(meta.graph.size()) == s.nodesAfter);
        }
        // The marks agree with the node names of the two graphs, counted independently here.
        const int last = timeline.stepCount() - 1;
        const StepDiff diff = timeline.diff(0, last);
        tensorflow::GraphDef first;
        tensorflow::GraphDef finalGraph;
        for (const auto& node : original.nodes()) *first.add_node() = node.def();
        for (const auto& node : timeline.steps.back().model->metaGraphs[0].graph.nodes())
            *finalGraph.add_node() = node.def();
        const auto before = names(first);
        const auto after = names(finalGraph);
        int gone = 0;
        int fresh = 0;
        for (const auto& name : before)
            if (!after.count(name)) {
                ++gone;
                REQUIRE(diff.before.count(name));
                CHECK((diff.before.at(name).mark == NodeMark::Removed || diff.before.at(name).mark == NodeMark::Fused));
            }
        for (const auto& name : after)
            if (!before.count(name)) {
                ++fresh;
                REQUIRE(diff.after.count(name));
                CHECK((diff.after.at(name).mark == NodeMark::Added || diff.after.at(name).mark == NodeMark::Fused));
            }
        CHECK(diff.removed <= gone);
        CHECK(diff.added <= fresh);
        // The frozen graphs carry Identity nodes the pruner takes out: something changed.
        CHECK(gone + diff.rewritten + diff.fused > 0);
    }
}

// Figures on a large real graph: building the step models and diffing two steps.
TEST_CASE("pass timeline: timings on InceptionV3", "[passes][figures]") {
    const auto model = io::loadModel(std::string(GRAPHLENS_FIXTURES_DIR) + "/tfnet_meta_graphs/InceptionV3.meta");
    passes::OptimizeResult result;
    result.original = graph::toGraphDef(model->metaGraphs[0]);
    const int nodes = result.original.node_size();
    tensorflow::GraphDef pruned = result.original;
    const std::string last = pruned.node(nodes - 1).name();
    pruned.mutable_node()->RemoveLast();
    result.snapshots.push_back(snapshot("model_pruner", 0, result.original, result.original, {}, 1));
    result.snapshots.push_back(snapshot("constant_folding", 0, result.original, pruned, {}, 1));
    QElapsedTimer timer;
    timer.start();
    const PassTimeline timeline = buildPassTimeline(result, "InceptionV3");
    const double buildMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    timer.restart();
    const StepDiff diff = timeline.diff(0, 2);
    const double diffMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    std::printf("InceptionV3 (%d nodes): timeline of 3 steps %.1f ms (2 graph models), diff of two steps %.1f ms\n",
                nodes, buildMs, diffMs);
    CHECK(timeline.steps[1].model == timeline.steps[0].model);
    CHECK(diff.removed == 1);
    CHECK(diff.before.at(last).mark == NodeMark::Removed);
    CHECK(diff.after.empty());
}

TEST_CASE("pass view: profile runs give the misses their cost, off the GUI thread; cancel keeps the view",
          "[passes][widget]") {
    // MatMul+BiasAdd+Relu with a second consumer of the MatMul: one miss.
    const auto model =
        io::loadModel(std::string(GRAPHLENS_VIEWS_DATA_DIR) + "/../../passes/data/grappler/matmul_two_consumers.pb");
    PassView view;
    view.resize(1200, 800);
    view.show();
    REQUIRE(view.profileRunsBox());
    CHECK(view.profileRuns() == 0);
    CHECK(view.optimizeAgain() == 0); // nothing optimised yet
    int timelines = 0;
    bool offGuiThread = false;
    QObject::connect(&view, &PassView::timelineChanged, [&] {
        ++timelines;
        offGuiThread = offGuiThread || QThread::currentThread() != view.thread();
    });
    view.setProfileRuns(4);
    CHECK(view.profileRunsBox()->value() == 4);
    CHECK(view.optimize(model, 0) > 0);
    CHECK(view.isBusy());
    REQUIRE(waitFor([&] { return timelines == 1 && view.isSettled(); }, 60000));
    CHECK_FALSE(offGuiThread); // the result arrives on the GUI thread
    REQUIRE(view.timeline());
    CHECK(view.timeline()->profile.runs == 4);
    CHECK(view.timeline()->profile.secondsPerRun > 0);
    REQUIRE(view.missModel()->rowCount() == 1);
    const QModelIndex cost = view.missModel()->index(0, FusionMissModel::CostColumn);
    CHECK_FALSE(cost.data().toString().isEmpty());
    CHECK(cost.data(PassSortRole).toDouble() > 0);
    CHECK(QString::fromStdString(view.timeline()->reportJson).contains(QStringLiteral("\"cost_seconds\"")));
    auto* tabs = view.findChild<QTabWidget*>();
    REQUIRE(tabs);
    CHECK(tabs->tabText(0).contains(QStringLiteral("4 profiled runs")));

    // Profiling off: the same graph again, without costs.
    view.setProfileRuns(0);
    CHECK(view.optimizeAgain() > 0);
    REQUIRE(waitFor([&] { return timelines == 2 && view.isSettled(); }, 60000));
    CHECK(view.timeline()->profile.runs == 0);
    CHECK(view.missModel()->index(0, FusionMissModel::CostColumn).data().toString().isEmpty());
    CHECK(tabs->tabText(0) == QStringLiteral("Fusion misses (1)"));

    // Cancelled while it runs (100000 profile runs: the cancel comes long before they end):
    // the view keeps what it showed.
    const auto shown = view.timeline();
    view.setProfileRuns(view.profileRunsBox()->maximum());
    CHECK(view.profileRuns() == 100000);
    CHECK(view.optimizeAgain() > 0);
    view.jobs().cancel();
    REQUIRE(waitFor([&] { return !view.isBusy(); }, 60000));
    view.jobs().waitForIdle();
    QCoreApplication::processEvents();
    CHECK(view.timeline() == shown);
    CHECK(timelines == 2);
}

TEST_CASE("pass view: optimises a model off the GUI thread and writes the screenshot", "[passes][screenshot]") {
    const auto model = io::loadModel(std::string(GRAPHLENS_FIXTURES_DIR) + "/tf2onnx_ae0_frozen/frozen.pb");
    PassView view;
    view.resize(1600, 1000);
    view.show();
    int timelines = 0;
    QObject::connect(&view, &PassView::timelineChanged, [&] { ++timelines; });
    // Profiled, so the bar and the misses tab show it (this graph fuses fully: no miss to cost).
    view.setProfileRuns(3);
    const quint64 job = view.optimize(model, 0);
    CHECK(job > 0);
    CHECK(view.isBusy());
    REQUIRE(waitFor([&] { return timelines == 1 && view.isSettled(); }, 60000));
    REQUIRE(view.timeline());
    CHECK(view.timeline()->profile.runs == 3);
    CHECK(view.stripModel()->rowCount() == view.timeline()->stepCount());
    CHECK(view.currentStep() > 0);
    if (view.missModel()->rowCount() > 0) {
        view.missView()->selectRow(0);
        view.focusMiss(0);
        REQUIRE(waitFor([&] { return view.isSettled(); }));
    } else {
        // Open the top-level scopes that changed (in one graph; the other follows) to show fused nodes.
        QStringList changed;
        const auto& items = view.beforeView()->snapshot()->view.items;
        for (size_t i = 0; i < items.size(); ++i)
            if (items[i].kind == layout::ItemKind::Group &&
                view.beforeView()->itemMark(static_cast<int>(i)) == NodeMark::Fused)
                changed << QString::fromStdString(items[i].key);
        view.beforeView()->setExpanded(changed, true);
        REQUIRE(waitFor([&] { return view.isSettled(); }));
        view.beforeView()->fitToView();
    }
    QCoreApplication::processEvents();
    const QString path = QStringLiteral(GRAPHLENS_SCREENSHOT_DIR "/before_after_view.png");
    REQUIRE(view.grab().save(path));
    std::printf("screenshot: %s\n", qPrintable(path));
}
