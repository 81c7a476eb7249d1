// Item models of the views against real models, checked by QAbstractItemModelTester (any Qt
// warning it raises fails the test), plus the job runner's one async pattern.
#include <atomic>
#include <catch2/catch.hpp>
#include <thread>

#include <QAbstractItemModelTester>
#include <QColor>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTest>

#include "core/graph/io/model_loader.h"
#include "core/graph/io/tensor_bundle.h"
#include "views/attr_format.h"
#include "views/attribute_model.h"
#include "views/job_runner.h"
#include "views/model_browser_model.h"
#include "views/node_inspector.h"
#include "views/node_search.h"
#include "views/search_results_model.h"
#include "views/tensor_table_model.h"

using namespace graphlens;
using namespace graphlens::views;

namespace {

// Counts warnings (QAbstractItemModelTester reports through qWarning) while alive.
class WarningCounter {
public:
    WarningCounter() {
        s_count = 0;
        m_previous = qInstallMessageHandler(&WarningCounter::handle);
    }
    ~WarningCounter() { qInstallMessageHandler(m_previous); }
    int count() const { return s_count; }

private:
    static void handle(QtMsgType type, const QMessageLogContext&, const QString& message) {
        if (type == QtWarningMsg || type == QtCriticalMsg || type == QtFatalMsg) {
            ++s_count;
            std::fprintf(stderr, "warning: %s\n", qPrintable(message));
        }
    }
    static inline std::atomic<int> s_count{ 0 };
    QtMessageHandler m_previous;
};

std::shared_ptr<const graph::Model> load(const char* relative) {
    return io::loadModel(std::string(GRAPHLENS_FIXTURES_DIR) + relative);
}

// Walks every index so data() and parent() run on all of them.
int visitAll(const QAbstractItemModel& model, const QModelIndex& parent = {}) {
    int visited = 0;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        for (int column = 0; column < model.columnCount(parent); ++column) {
            const QModelIndex index = model.index(row, column, parent);
            (void)model.data(index);
            (void)model.data(index, Qt::ToolTipRole);
            ++visited;
            CHECK(model.parent(index) == parent);
        }
        visited += visitAll(model, model.index(row, 0, parent));
    }
    return visited;
}

QModelIndex findRow(const QAbstractItemModel& model, const QString& name, const QModelIndex& parent = {}) {
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (index.data().toString() == name) return index;
        const QModelIndex inner = findRow(model, name, index);
        if (inner.isValid()) return inner;
    }
    return {};
}

} // namespace

TEST_CASE("ModelBrowserModel lists signatures, functions, variables and assets", "[models]") {
    WarningCounter warnings;
    ModelBrowserModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);

    model.setModel(load("/serving_half_plus_two_tf2_cpu"));
    CHECK(visitAll(model) > 20);
    const QModelIndex signatures = findRow(model, QStringLiteral("Signatures"));
    REQUIRE(signatures.isValid());
    CHECK(model.rowCount(signatures) >= 1);
    const QModelIndex serving = findRow(model, QStringLiteral("serving_default"), signatures);
    REQUIRE(serving.isValid());
    CHECK(serving.data(ModelBrowserModel::KindRole).toInt() == static_cast<int>(ModelBrowserModel::Kind::Signature));
    REQUIRE(model.rowCount(serving) == 2);
    const QModelIndex input = model.index(0, ModelBrowserModel::TypeColumn, serving);
    CHECK(input.data().toString().startsWith(QStringLiteral("float32")));
    const QModelIndex functions = findRow(model, QStringLiteral("Functions"));
    CHECK(model.rowCount(functions) == 14);
    CHECK(model.index(0, ModelBrowserModel::SizeColumn, functions).data().toString().endsWith(QStringLiteral("nodes")));
    const QModelIndex variables = findRow(model, QStringLiteral("Variables"));
    REQUIRE(model.rowCount(variables) == 4);
    const QModelIndex a = findRow(model, QStringLiteral("a"), variables);
    REQUIRE(a.isValid());
    CHECK(model.index(a.row(), ModelBrowserModel::TypeColumn, variables).data().toString() ==
          QStringLiteral("float32 []"));
    CHECK(model.index(a.row(), ModelBrowserModel::SizeColumn, variables).data().toString() ==
          QStringLiteral("4 bytes"));
    CHECK(model.rowCount(findRow(model, QStringLiteral("Assets"))) == 1);

    model.setModel(load("/tfnet_meta_graphs/InceptionV3.meta"));
    CHECK(visitAll(model) > 300);
    CHECK(model.rowCount(findRow(model, QStringLiteral("Variables"))) == 376);
    model.setModel(nullptr);
    CHECK(model.rowCount() == 0);
    CHECK(warnings.count() == 0);
}

TEST_CASE("AttributeModel shows readable attribute values with list elements as children", "[models]") {
    WarningCounter warnings;
    const auto model = load("/tfnet_meta_graphs/InceptionV3.meta");
    const auto& graph = model->metaGraphs[0].graph;
    AttributeModel attributes;
    QAbstractItemModelTester tester(&attributes, QAbstractItemModelTester::FailureReportingMode::Warning);
    const graph::NodeId conv =
        graph.find("module_apply_default/InceptionV3/InceptionV3/Mixed_6b/Branch_1/Conv2d_0b_1x7/Conv2D");
    REQUIRE(conv != graph::kNoNode);
    attributes.setNode(graph.node(conv).def());
    visitAll(attributes);
    const QModelIndex t = findRow(attributes, QStringLiteral("T"));
    REQUIRE(t.isValid());
    CHECK(attributes.index(t.row(), AttributeModel::ValueColumn).data().toString() == QStringLiteral("float32"));
    const QModelIndex strides = findRow(attributes, QStringLiteral("strides"));
    CHECK(attributes.index(strides.row(), AttributeModel::ValueColumn).data().toString() ==
          QStringLiteral("[1, 1, 1, 1]"));
    CHECK(attributes.rowCount(strides) == 4);
    const QModelIndex shapes = findRow(attributes, QStringLiteral("_output_shapes"));
    CHECK(attributes.index(shapes.row(), AttributeModel::ValueColumn).data().toString() ==
          QStringLiteral("[[?,17,17,128]]"));

    // Every node of the graph goes through the model without a tester warning.
    for (graph::NodeId n = 0; n < static_cast<graph::NodeId>(graph.size()); n += 7) {
        attributes.setNode(graph.node(n).def());
        visitAll(attributes);
    }
    attributes.clear();
    CHECK(warnings.count() == 0);
}

TEST_CASE("AttributeModel marks function attributes as links", "[models]") {
    const auto model = load("/serving_half_plus_two_tf2_cpu");
    const auto& meta = model->metaGraphs[0];
    const auto* signature = meta.signature("serving_default");
    REQUIRE(signature);
    const graph::NodeId call = signature->outputs.front().endpoint.node;
    REQUIRE(call != graph::kNoNode);
    AttributeModel attributes;
    QAbstractItemModelTester tester(&attributes, QAbstractItemModelTester::FailureReportingMode::Warning);
    attributes.setNode(meta.graph.node(call).def());
    const QModelIndex f = findRow(attributes, QStringLiteral("f"));
    REQUIRE(f.isValid());
    const QString function =
        attributes.index(f.row(), AttributeModel::ValueColumn).data(AttributeModel::FunctionRole).toString();
    CHECK(meta.library.find(function.toStdString()) != nullptr);
}

TEST_CASE("SearchResultsModel holds regex hits over names, ops and attributes", "[models]") {
    WarningCounter warnings;
    const auto model = load("/tfnet_meta_graphs/InceptionV3.meta");
    SearchResultsModel results;
    QAbstractItemModelTester tester(&results, QAbstractItemModelTester::FailureReportingMode::Warning);
    SearchQuery query;
    query.pattern = QStringLiteral("Mixed_6b/.*Conv2D$");
    results.setResults(searchNodes(*model, query));
    CHECK(results.rowCount() >= 10);
    for (int row = 0; row < results.rowCount(); ++row) {
        CHECK(results.index(row, SearchResultsModel::OpColumn).data().toString() == QStringLiteral("Conv2D"));
        CHECK(results.index(row, SearchResultsModel::WhereColumn).data().toString() == QStringLiteral("graph"));
    }
    visitAll(results);

    query.pattern = QStringLiteral("^FusedBatchNorm$");
    query.names = false;
    const SearchResults byOp = searchNodes(*model, query);
    CHECK(byOp.hits.size() == 188);
    query.pattern = QStringLiteral("SAME");
    query.ops = false;
    query.attributes = true;
    const SearchResults byAttr = searchNodes(*model, query);
    CHECK(byAttr.hits.size() >= 188);
    CHECK(byAttr.hits.front().matched.startsWith(QStringLiteral("attr ")));
    query.pattern = QStringLiteral("(");
    CHECK_THROWS_AS(searchNodes(*model, query), FormatError);
    query.pattern = QStringLiteral(".");
    query.names = true;
    query.limit = 100;
    const SearchResults capped = searchNodes(*model, query);
    CHECK(capped.truncated);
    CHECK(capped.hits.size() == 100);
    results.clear();
    CHECK(warnings.count() == 0);
}

TEST_CASE("TensorTableModel shows constants and checkpoint values with a heat map", "[models]") {
    WarningCounter warnings;
    TensorTableModel table;
    QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::Warning);

    // A 2-D float tensor built by hand: 2 rows, 3 columns, mixed signs.
    tensorflow::TensorProto proto;
    proto.set_dtype(tensorflow::DT_FLOAT);
    proto.mutable_tensor_shape()->add_dim()->set_size(2);
    proto.mutable_tensor_shape()->add_dim()->set_size(3);
    for (float v : { -2.0f, -1.0f, 0.0f, 1.0f, 2.0f, 4.0f }) proto.add_float_val(v);
    table.setTensor(std::make_shared<const io::TensorValue>(io::tensorFromProto(proto, "test", "t", 100)));
    REQUIRE(table.rowCount() == 2);
    REQUIRE(table.columnCount() == 3);
    CHECK(table.index(1, 2).data().toString() == QStringLiteral("4.0"));
    CHECK(table.minimum() == -2.0);
    CHECK(table.maximum() == 4.0);
    const QColor hot = table.index(1, 2).data(Qt::BackgroundRole).value<QColor>();
    const QColor cold = table.index(0, 0).data(Qt::BackgroundRole).value<QColor>();
    const QColor zero = table.index(0, 2).data(Qt::BackgroundRole).value<QColor>();
    CHECK(hot.red() > hot.blue());
    CHECK(cold.blue() > cold.red());
    CHECK(zero == QColor(255, 255, 255));
    visitAll(table);

    // Rank 3: leading dimensions run down, row headers spell the index.
    tensorflow::TensorProto cube;
    cube.set_dtype(tensorflow::DT_INT32);
    for (int d : { 2, 2, 2 }) cube.mutable_tensor_shape()->add_dim()->set_size(d);
    for (int v = 0; v < 8; ++v) cube.add_int_val(v);
    table.setTensor(std::make_shared<const io::TensorValue>(io::tensorFromProto(cube, "test", "c", 100)));
    CHECK(table.rowCount() == 4);
    CHECK(table.headerData(3, Qt::Vertical).toString() == QStringLiteral("1,1"));
    CHECK(table.index(3, 1).data().toString() == QStringLiteral("7"));

    // A variable from a real checkpoint, through the model's bundle.
    const auto model = load("/tf_half_plus_two");
    REQUIRE(model->bundle);
    const auto& meta = model->metaGraphs[0];
    const graph::Variable* variable = nullptr;
    for (const auto& v : meta.variables)
        if (!v.checkpointKey.empty()) variable = &v;
    REQUIRE(variable);
    table.setTensor(std::make_shared<const io::TensorValue>(model->bundle->read(variable->checkpointKey)));
    CHECK(table.rowCount() >= 1);
    CHECK_FALSE(table.index(0, 0).data().toString().isEmpty());
    table.clear();
    CHECK(table.rowCount() == 0);
    CHECK(warnings.count() == 0);
}

TEST_CASE("Attribute values read like TensorFlow users write them", "[format]") {
    tensorflow::AttrValue value;
    value.set_type(tensorflow::DT_FLOAT);
    CHECK(formatAttrValue(value) == QStringLiteral("float32"));
    value.mutable_shape()->add_dim()->set_size(-1);
    value.mutable_shape()->add_dim()->set_size(784);
    CHECK(formatAttrValue(value) == QStringLiteral("[?,784]"));
    value.mutable_list()->add_i(1);
    value.mutable_list()->add_i(2);
    CHECK(formatAttrValue(value) == QStringLiteral("[1, 2]"));
    value.mutable_func()->set_name("__inference_f_12");
    CHECK(formatAttrValue(value) == QStringLiteral("__inference_f_12"));
    value.set_s(std::string("\x01\x02", 2));
    CHECK(formatAttrValue(value).startsWith(QStringLiteral("b'")));
    value.set_s("VALID");
    CHECK(formatAttrValue(value) == QStringLiteral("VALID"));
    tensorflow::TensorProto tensor;
    tensor.set_dtype(tensorflow::DT_FLOAT);
    tensor.mutable_tensor_shape()->add_dim()->set_size(3);
    for (float v : { 0.5f, 1.0f, 2.0f }) tensor.add_float_val(v);
    *value.mutable_tensor() = tensor;
    CHECK(formatAttrValue(value) == QStringLiteral("float32 [3] \u00b7 3 values = [0.5, 1.0, 2.0]"));
}

TEST_CASE("JobRunner delivers only the newest job, on the GUI thread, and cancels", "[jobs]") {
    JobRunner runner;
    std::vector<int> delivered;
    std::vector<JobError> failures;
    const auto guiThread = std::this_thread::get_id();
    bool onGuiThread = true;
    auto slow = [](int value, int millis) {
        return std::function<int(const Progress&)>([value, millis](const Progress& progress) {
            for (int i = 0; i < millis; ++i) {
                progress(i / double(millis), "working");
                QThread::msleep(1);
            }
            return value;
        });
    };
    auto done = [&](int value) {
        onGuiThread = onGuiThread && std::this_thread::get_id() == guiThread;
        delivered.push_back(value);
    };
    auto failed = [&](const JobError& error) { failures.push_back(error); };
    runner.start<int>(QStringLiteral("first"), slow(1, 150), done, failed);
    runner.start<int>(QStringLiteral("second"), slow(2, 20), done, failed);
    REQUIRE(QTest::qWaitFor([&] { return !runner.isRunning(); }, 5000));
    QTest::qWait(200); // the first job's worker ends too; its result must not arrive
    CHECK(delivered == std::vector<int>{ 2 });
    CHECK(onGuiThread);
    CHECK(failures.empty());

    runner.start<int>(QStringLiteral("third"), slow(3, 2000), done, failed);
    QTest::qWait(30);
    runner.cancel();
    REQUIRE(QTest::qWaitFor([&] { return !failures.empty(); }, 5000));
    CHECK(failures.front().cancelled);
    CHECK(delivered == std::vector<int>{ 2 });

    runner.start<int>(
        QStringLiteral("fourth"), [](const Progress&) -> int { throw FormatError("f", "here", "bad"); }, done, failed);
    REQUIRE(QTest::qWaitFor([&] { return failures.size() == 2; }, 5000));
    CHECK_FALSE(failures.back().cancelled);
    CHECK(failures.back().message == QStringLiteral("f: here: bad"));
    runner.waitForIdle();
}

TEST_CASE("NodeInspector shows a constant's value and a variable from the checkpoint", "[widgets]") {
    const auto model = load("/tf_half_plus_two");
    const auto& meta = model->metaGraphs[0];
    NodeInspector inspector;
    graph::NodeId constant = graph::kNoNode;
    for (graph::NodeId n = 0; n < static_cast<graph::NodeId>(meta.graph.size()); ++n)
        if (meta.graph.node(n).op() == "Const") constant = n;
    REQUIRE(constant != graph::kNoNode);
    inspector.showNode({ model, 0, -1, constant });
    REQUIRE(QTest::qWaitFor([&] { return !inspector.valueJobs().isRunning(); }, 5000));
    CHECK(inspector.values()->rowCount() >= 1);
    CHECK(inspector.attributes()->rowCount() >= 2);

    const graph::Variable* variable = nullptr;
    for (const auto& v : meta.variables)
        if (v.node != graph::kNoNode && !v.checkpointKey.empty()) variable = &v;
    REQUIRE(variable);
    inspector.showNode({ model, 0, -1, variable->node });
    REQUIRE(QTest::qWaitFor([&] { return !inspector.valueJobs().isRunning(); }, 5000));
    CHECK(inspector.values()->rowCount() >= 1);
}
