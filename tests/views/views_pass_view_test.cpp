// The before/after view of the optimisation passes: its item models under
// QAbstractItemModelTester on a hand-made timeline (the timeline itself is core's, tested in
// tests/passes/pass_timeline_test.cpp), and the widget: stepping through passes, marks,
// synchronised viewports, mirrored expansion, a fusion miss selected in both graphs, and the
// screenshot docs/screenshots/before_after_view.png.
#include <catch2/catch.hpp>
#include <google/protobuf/text_format.h>
#include <set>

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFontMetricsF>
#include <QImage>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QToolButton>

#include "core/graph/export.h"
#include "core/graph/io/model_loader.h"
#include "core/passes/pass_timeline.h"
#include "tests/passes/hand_made_timeline.h"
#include "views/graph_export.h"
#include "views/graph_scene.h"
#include "views/graph_style.h"
#include "views/pass_graph_view.h"
#include "views/pass_models.h"
#include "views/pass_view.h"

using namespace graphlens;
using namespace graphlens::passes;
using namespace graphlens::views;
using handmade::handMadeResult;
using handmade::headMiss;

namespace {

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

// Shows the graph of a text GraphDef in `view` and waits for its layout.
void showGraph(PassGraphView& view, const char* graphText) {
    tensorflow::GraphDef def;
    REQUIRE(google::protobuf::TextFormat::ParseFromString(graphText, &def));
    view.resize(800, 600);
    view.show();
    view.setModel(io::loadGraphDef(std::move(def), "graph.pb"));
    REQUIRE(waitFor([&] { return view.snapshot() && !view.isBusy(); }));
}

} // namespace

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

TEST_CASE("pass graph view: a group that keeps some of its nodes is not drawn as removed", "[passes][widget]") {
    PassGraphView view;
    showGraph(view, R"pb(node { name: "g/a" op: "Const" }
             node { name: "g/b" op: "Const" }
             node { name: "g/c" op: "Const" }
             node { name: "h/a" op: "Const" }
             node { name: "h/b" op: "Const" }
             node { name: "out" op: "AddN" input: "g/b" input: "h/a" })pb");
    auto marks = std::make_shared<NodeMarks>();
    (*marks)[markKey("", "g/a")].mark = NodeMark::Removed; // g/ keeps g/b and g/c
    (*marks)[markKey("", "g/c")].mark = NodeMark::Removed;
    (*marks)[markKey("", "h/a")].mark = NodeMark::Removed; // h/ loses everything
    (*marks)[markKey("", "h/b")].mark = NodeMark::Removed;
    view.setMarks(marks);
    const int g = itemOf(&view, "g/");
    const int h = itemOf(&view, "h/");
    REQUIRE(g >= 0);
    REQUIRE(h >= 0);
    CHECK(view.itemCounts(g)[static_cast<size_t>(NodeMark::Removed)] == 2);
    CHECK(view.itemMark(g) == NodeMark::Rewritten); // changed inside, still there
    CHECK(view.itemMark(h) == NodeMark::Removed);
}

TEST_CASE("graph view: op types are laid out wide enough to be read whole", "[widget]") {
    PassGraphView view;
    showGraph(view, R"pb(node { name: "v" op: "VarHandleOp" }
             node { name: "r" op: "ReadVariableOp" input: "v" }
             node { name: "m" op: "_FusedMatMul" input: "r" input: "r" }
             node { name: "WWWW" op: "MMMMMMMMMMMMM" input: "m" })pb");
    const QFontMetricsF title(GraphStyle::instance().titleFont);
    int checked = 0;
    for (const auto& item : view.snapshot()->view.items) {
        if (item.kind != graphlens::layout::ItemKind::Op) continue;
        const double needed = title.horizontalAdvance(QString::fromStdString(item.title));
        INFO(item.title << " needs " << needed << ", box " << item.width);
        CHECK(needed <= item.width - 14); // the canvas's text margin
        ++checked;
    }
    CHECK(checked == 4);
}

TEST_CASE("graph view: edge labels cover neither each other nor boxes", "[widget]") {
    // Eight [?, 784] tensors into one AddN: their edges converge, and so would labels placed at
    // each edge's middle.
    // Names without a common numbered prefix, so that they do not fold into one series.
    const char* names[] = { "pixels", "audio", "depth", "motion", "labels", "weights", "history", "context" };
    std::string text;
    for (const char* name : names)
        text += std::string("node { name: \"") + name +
            "\" op: \"Placeholder\" attr { key: \"_output_shapes\" value { list { shape { dim { size: -1 } dim { "
            "size: 784 } } } } } }\n";
    text += "node { name: \"sum\" op: \"AddN\"";
    for (const char* name : names) text += std::string(" input: \"") + name + "\"";
    text += " }";
    PassGraphView view;
    showGraph(view, text.c_str());
    const GraphScene& scene = *view.graphScene();
    const auto& snapshot = *view.snapshot();
    std::vector<QRectF> labels;
    int withText = 0;
    for (size_t e = 0; e < snapshot.view.edges.size(); ++e) {
        if (snapshot.view.edges[e].label.empty()) continue;
        ++withText;
        CHECK(scene.edgeLabelText(static_cast<int>(e)) == QStringLiteral("?\u00d7784"));
        const QRectF rect = scene.edgeLabelRect(static_cast<int>(e));
        if (!rect.isEmpty()) labels.push_back(rect);
    }
    CHECK(withText == 8);
    CHECK(labels.size() >= 4); // most find a spot
    for (size_t a = 0; a < labels.size(); ++a) {
        for (size_t b = a + 1; b < labels.size(); ++b) {
            INFO("labels " << a << " and " << b);
            CHECK_FALSE(labels[a].intersects(labels[b]));
        }
        for (size_t i = 0; i < snapshot.view.items.size(); ++i) {
            INFO("label " << a << " and item " << snapshot.view.items[i].key);
            CHECK_FALSE(labels[a].intersects(scene.itemRect(static_cast<int>(i))));
        }
    }
}

TEST_CASE("graph view: a graph opens readable, its output in view; Fit shows all of it", "[widget]") {
    // A chain of 60 ops: fitted into 800x600 it would be unreadably small.
    std::string text = "node { name: \"input\" op: \"Placeholder\" }\n";
    std::string previous = "input";
    for (int i = 0; i < 60; ++i) {
        const std::string name = "step_" + std::string(1, char('a' + i % 26)) + std::to_string(i / 26) + "_relu";
        text += "node { name: \"" + name + "\" op: \"Relu\" input: \"" + previous + "\" }\n";
        previous = name;
    }
    text += "node { name: \"result\" op: \"Identity\" input: \"" + previous + "\" }\n";
    PassGraphView view;
    showGraph(view, text.c_str());
    QCoreApplication::processEvents();
    CHECK(view.zoom() >= 0.8);
    const int result = itemOf(&view, "result");
    REQUIRE(result >= 0);
    const QRectF visible = view.mapToScene(view.viewport()->rect()).boundingRect();
    CHECK(visible.contains(view.graphScene()->itemRect(result)));
    CHECK(view.outputsRect() == view.graphScene()->itemRect(result));
    view.fitToView();
    CHECK(view.zoom() < 0.5);
    CHECK(view.mapToScene(view.viewport()->rect()).boundingRect().contains(view.graphScene()->sceneRect()));

    // A small graph opens whole, at 100%.
    showGraph(view, R"pb(node { name: "a" op: "Const" }
                         node { name: "b" op: "Neg" input: "a" })pb");
    QCoreApplication::processEvents();
    CHECK(view.zoom() == Approx(1.0));
}

TEST_CASE("graph view: a variable read far below its handle is a stub until selected", "[widget]") {
    // One variable read at the top of a 16-op chain and again at its end.
    std::string text = R"pb(node { name: "v" op: "VarHandleOp" attr { key: "dtype" value { type: DT_FLOAT } } }
                            node { name: "first_read" op: "ReadVariableOp" input: "v" }
    )pb";
    std::string previous = "first_read";
    for (int i = 0; i < 16; ++i) {
        const std::string name = "layer_" + std::string(1, char('a' + i));
        text += "node { name: \"" + name + "\" op: \"Tanh\" input: \"" + previous + "\" }\n";
        previous = name;
    }
    text += "node { name: \"last_read\" op: \"ReadVariableOp\" input: \"v\" }\n";
    text += "node { name: \"out\" op: \"AddV2\" input: \"" + previous + "\" input: \"last_read\" }\n";
    PassGraphView view;
    showGraph(view, text.c_str());
    const auto& snapshot = *view.snapshot();
    const int v = itemOf(&view, "v"), lastRead = itemOf(&view, "last_read"), firstRead = itemOf(&view, "first_read");
    REQUIRE((v >= 0 && lastRead >= 0 && firstRead >= 0));
    // The layout keeps a read beside its variable: the edge that runs far is a read's, or the
    // handle's. Exactly the far ones out of the variable and its reads are stubs.
    int far = -1;
    int near = 0;
    for (size_t e = 0; e < snapshot.view.edges.size(); ++e) {
        const int from = snapshot.view.edges[e].from;
        if (from != v && from != lastRead && from != firstRead) continue;
        const auto& points = snapshot.geometry.edges[e];
        double top = points.front().y, bottom = top;
        for (const auto& p : points) {
            top = std::min(top, p.y);
            bottom = std::max(bottom, p.y);
        }
        INFO("edge " << snapshot.view.items[size_t(from)].key << " -> "
                     << snapshot.view.items[size_t(snapshot.view.edges[e].to)].key << " spans " << bottom - top);
        CHECK(view.graphScene()->isEdgeStubbed(static_cast<int>(e)) == (bottom - top > 320));
        if (bottom - top > 320) far = static_cast<int>(e);
        else ++near;
    }
    REQUIRE(far >= 0);
    CHECK(near >= 2);
    // The overview picture leaves it out too.
    CHECK(snapshot.stubbedEdges.at(static_cast<size_t>(far)));
    // Selected, the stub is drawn whole: its middle is painted in the accent colour.
    view.selectItem(snapshot.view.edges[static_cast<size_t>(far)].to);
    view.fitToView();
    QCoreApplication::processEvents();
    const auto& points = snapshot.geometry.edges[static_cast<size_t>(far)];
    const auto& middle = points[points.size() / 2];
    const QImage shown = view.viewport()->grab().toImage();
    const QPoint at = view.mapFromScene(QPointF(middle.x, middle.y)) * shown.devicePixelRatio();
    bool accent = false;
    for (int dx = -3; dx <= 3; ++dx)
        for (int dy = -3; dy <= 3; ++dy) {
            const QColor c = shown.pixelColor(at + QPoint(dx, dy));
            accent |= c.blue() > 150 && c.red() < 120;
        }
    CHECK(accent);
}

TEST_CASE("graph export: pictures leave the +/- buttons out", "[widget]") {
    PassGraphView view;
    showGraph(view, R"pb(node { name: "g/a" op: "Const" }
             node { name: "g/b" op: "Const" }
             node { name: "out" op: "AddN" input: "g/a" input: "g/b" })pb");
    const int group = itemOf(&view, "g/");
    REQUIRE(group >= 0);
    GraphScene& scene = *view.graphScene();
    // The toggle's centre: the middle of the points the scene reports as on the toggle.
    const QRectF box = scene.itemRect(group);
    QPointF sum;
    int hits = 0;
    for (qreal x = box.left(); x < box.right(); x += 0.5)
        for (qreal y = box.top(); y < box.bottom(); y += 0.5) {
            bool onToggle = false;
            if (scene.itemAt({ x, y }, &onToggle) == group && onToggle) {
                sum += QPointF(x, y);
                ++hits;
            }
        }
    REQUIRE(hits > 0);
    const QPointF centre = sum / hits;
    const QRectF source = scene.sceneRect();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("g.png"));
    REQUIRE(exportPng(scene, path, source, 2.0).isEmpty());
    const QImage image(path);
    REQUIRE_FALSE(image.isNull());
    const QPoint pixel(qRound((centre.x() - source.left()) * 2), qRound((centre.y() - source.top()) * 2));
    // With the button drawn, its dark "+" crosses here; without it, the group's light fill.
    CHECK(qGray(image.pixel(pixel)) > 160);
    // On screen the button is there.
    const QImage shown = view.viewport()->grab().toImage();
    const QPoint onScreen = view.mapFromScene(centre) * shown.devicePixelRatio();
    CHECK(qGray(shown.pixel(onScreen)) < 160);
}

TEST_CASE("graph view: the minimap shows only while part of the graph is off screen", "[widget]") {
    PassGraphView view;
    showGraph(view, R"pb(node { name: "a" op: "Const" }
                         node { name: "b" op: "Neg" input: "a" }
                         node { name: "c" op: "Neg" input: "b" })pb");
    view.setMinimapVisible(true); // the before/after panes start without one
    REQUIRE(view.isMinimapVisible());
    view.fitToView();
    QCoreApplication::processEvents();
    CHECK_FALSE(view.minimapWidget()->isVisible()); // it would only cover nodes
    for (int i = 0; i < 8; ++i) view.zoomIn();
    QCoreApplication::processEvents();
    CHECK(view.minimapWidget()->isVisible());
    view.setMinimapVisible(false);
    CHECK_FALSE(view.minimapWidget()->isVisible());
    view.setMinimapVisible(true);
    CHECK(view.minimapWidget()->isVisible());
    view.fitToView();
    QCoreApplication::processEvents();
    CHECK_FALSE(view.minimapWidget()->isVisible());
}

TEST_CASE("pass notes: one line per pass and text, with a count and the iterations", "[passes]") {
    PassTimeline timeline;
    timeline.notes = { "fetches: y" };
    timeline.steps.resize(4);
    timeline.steps[1].pass = "constant_folding";
    timeline.steps[1].iteration = 1;
    timeline.steps[1].notes.assign(100, "skipped a node without a kernel");
    timeline.steps[1].notes.push_back("folded 3 nodes");
    timeline.steps[2].pass = "remapper";
    timeline.steps[2].iteration = 1;
    timeline.steps[2].notes = { "skipped a node without a kernel" }; // another pass: its own line
    timeline.steps[3].pass = "constant_folding";
    timeline.steps[3].iteration = 2;
    timeline.steps[3].notes = { "skipped a node without a kernel" };
    const QStringList lines = groupedNotes(timeline);
    REQUIRE(lines.size() == 4);
    CHECK(lines[0] == QLatin1String("fetches: y"));
    CHECK(lines[1] ==
          QStringLiteral("constant_folding: skipped a node without a kernel (\u00d7101, iterations 1\u20132)"));
    CHECK(lines[2] == QLatin1String("constant_folding: folded 3 nodes (iteration 1)"));
    CHECK(lines[3] == QLatin1String("remapper: skipped a node without a kernel (iteration 1)"));
    CHECK(groupedNotes(PassTimeline{}).isEmpty());
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
