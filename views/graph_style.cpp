#include "views/graph_style.h"

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include <QCoreApplication>
#include <QFontMetricsF>

namespace graphlens::views {

const GraphStyle& GraphStyle::instance() {
    static const GraphStyle style;
    return style;
}

GraphStyle::GraphStyle() {
    // Pixel sizes: the scene is in layout points, so text scales with the zoom like the boxes do.
    titleFont.setFamily(QStringLiteral("DejaVu Sans"));
    titleFont.setPixelSize(11);
    titleFont.setBold(true);
    labelFont.setFamily(QStringLiteral("DejaVu Sans"));
    labelFont.setPixelSize(10);
    smallFont.setFamily(QStringLiteral("DejaVu Sans"));
    smallFont.setPixelSize(9);
}

CategoryColours GraphStyle::colours(layout::OpCategory category) const {
    using layout::OpCategory;
    switch (category) {
    case OpCategory::Constant:
        return { QColor(0xee, 0xf0, 0xf2), QColor(0x9e, 0xa7, 0xad) };
    case OpCategory::Variable:
        return { QColor(0xff, 0xe6, 0xc7), QColor(0xe0, 0x8a, 0x1e) };
    case OpCategory::Math:
        return { QColor(0xdc, 0xec, 0xfb), QColor(0x42, 0x8b, 0xd6) };
    case OpCategory::NeuralNet:
        return { QColor(0xe4, 0xdb, 0xf6), QColor(0x7e, 0x57, 0xc2) };
    case OpCategory::ArrayOps:
        return { QColor(0xd9, 0xf2, 0xee), QColor(0x26, 0x9e, 0x8c) };
    case OpCategory::ControlFlow:
        return { QColor(0xfd, 0xf3, 0xc4), QColor(0xc9, 0xa2, 0x00) };
    case OpCategory::Call:
        return { QColor(0xd8, 0xef, 0xd9), QColor(0x3f, 0x9a, 0x47) };
    case OpCategory::InputOutput:
        return { QColor(0xfb, 0xdd, 0xe6), QColor(0xd8, 0x4b, 0x7a) };
    case OpCategory::Training:
        return { QColor(0xfb, 0xe0, 0xd6), QColor(0xe0, 0x64, 0x3c) };
    case OpCategory::Summary:
        return { QColor(0xf0, 0xf4, 0xd2), QColor(0x9e, 0xa8, 0x2a) };
    case OpCategory::Other:
        break;
    }
    return { QColor(0xf2, 0xf2, 0xf2), QColor(0x9e, 0x9e, 0x9e) };
}

layout::SizeMetrics GraphStyle::metrics() const {
    const QFontMetricsF label(labelFont);
    layout::SizeMetrics metrics;
    // Average advance over typical TF names rather than averageCharWidth(), which runs narrow.
    const QString sample = QStringLiteral("Conv2D_1x1 MatMul BiasAdd weights/read StatefulPartitionedCall");
    metrics.charWidth = label.horizontalAdvance(sample) / sample.size();
    metrics.titleCharWidth = QFontMetricsF(titleFont).horizontalAdvance(sample) / sample.size();
    metrics.smallCharWidth = QFontMetricsF(smallFont).horizontalAdvance(sample) / sample.size();
    metrics.lineHeight = label.height() + 2;
    // Op types repeat (a few hundred in the largest graphs): each is measured once per layout.
    struct TitleWidths {
        QFont font;
        std::mutex mutex;
        std::unordered_map<std::string, double> widths;
    };
    auto cache = std::make_shared<TitleWidths>();
    cache->font = titleFont;
    metrics.titleWidth = [cache](const std::string& text) {
        std::lock_guard lock(cache->mutex);
        auto [it, fresh] = cache->widths.try_emplace(text, 0.0);
        if (fresh) it->second = QFontMetricsF(cache->font).horizontalAdvance(QString::fromStdString(text));
        return it->second;
    };
    return metrics;
}

QString categoryLabel(layout::OpCategory category) {
    using layout::OpCategory;
    switch (category) {
    case OpCategory::Constant:
        return QCoreApplication::translate("GraphStyle", "constant");
    case OpCategory::Variable:
        return QCoreApplication::translate("GraphStyle", "variable");
    case OpCategory::Math:
        return QCoreApplication::translate("GraphStyle", "math");
    case OpCategory::NeuralNet:
        return QCoreApplication::translate("GraphStyle", "neural network");
    case OpCategory::ArrayOps:
        return QCoreApplication::translate("GraphStyle", "array");
    case OpCategory::ControlFlow:
        return QCoreApplication::translate("GraphStyle", "control flow");
    case OpCategory::Call:
        return QCoreApplication::translate("GraphStyle", "function call");
    case OpCategory::InputOutput:
        return QCoreApplication::translate("GraphStyle", "input/output");
    case OpCategory::Training:
        return QCoreApplication::translate("GraphStyle", "training");
    case OpCategory::Summary:
        return QCoreApplication::translate("GraphStyle", "summary/debug");
    case OpCategory::Other:
        break;
    }
    return QCoreApplication::translate("GraphStyle", "other");
}

// int(...) rather than static_cast<int>(...) in the translate() calls: lupdate skips a call whose
// count argument holds a template bracket.
QString nodeCountText(int64_t count) {
    return QCoreApplication::translate("GraphStyle", "%n node(s)", nullptr, int(count));
}

QString itemCountText(const layout::ViewItem& item) {
    if (item.kind == layout::ItemKind::Group) return nodeCountText(item.nodeCount);
    if (item.seriesOfScopes)
        return QCoreApplication::translate("GraphStyle", "%n scope(s)", nullptr, int(item.members));
    return QString::fromStdString(item.title); // "4 × MatMul"
}

} // namespace graphlens::views
