#include "views/graph_export.h"

#include <cmath>
#include <functional>

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QStyleOptionGraphicsItem>
#include <QSvgGenerator>

#include "core/layout/dot_writer.h"
#include "views/graph_canvas.h"
#include "views/graph_scene.h"
#include "views/graph_snapshot.h"
#include "views/graph_style.h"

namespace graphlens::views {
namespace {

QRectF sourceRect(const GraphScene& scene, const QRectF& source) {
    return source.isEmpty() ? scene.sceneRect() : source.intersected(scene.sceneRect());
}

// Paints `source` (scene coordinates) into `target` (device coordinates).
using Render = std::function<void(QPainter& painter, const QRectF& target, const QRectF& source)>;

QString svgOf(const QRectF& rect, const QString& path, const Render& render) {
    if (rect.isEmpty()) return QObject::tr("There is nothing to export.");
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(rect.size().toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), rect.size()));
    generator.setTitle(QStringLiteral("GraphLens graph"));
    generator.setDescription(QStringLiteral("Exported by GraphLens"));
    QPainter painter;
    if (!painter.begin(&generator)) return QObject::tr("Cannot write %1.").arg(path);
    painter.fillRect(QRectF(QPointF(0, 0), rect.size()), GraphStyle::instance().background);
    render(painter, QRectF(QPointF(0, 0), rect.size()), rect);
    painter.end();
    return QFile::exists(path) ? QString() : QObject::tr("Cannot write %1.").arg(path);
}

QString pngOf(const QRectF& rect, const QString& path, qreal scale, int maxSide, qint64 maxPixels,
              const Render& render) {
    if (rect.isEmpty()) return QObject::tr("There is nothing to export.");
    // Shrink the scale until the image fits both caps.
    scale = std::min(scale, maxSide / std::max(rect.width(), rect.height()));
    const qreal pixels = rect.width() * rect.height() * scale * scale;
    if (pixels > static_cast<qreal>(maxPixels)) scale *= std::sqrt(static_cast<qreal>(maxPixels) / pixels);
    const QSize size(std::max(1, static_cast<int>(std::ceil(rect.width() * scale))),
                     std::max(1, static_cast<int>(std::ceil(rect.height() * scale))));
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) return QObject::tr("Not enough memory for a %1×%2 image.").arg(size.width()).arg(size.height());
    image.fill(GraphStyle::instance().background);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    render(painter, QRectF(QPointF(0, 0), QSizeF(size)), rect);
    painter.end();
    return image.save(path, "PNG") ? QString() : QObject::tr("Cannot write %1.").arg(path);
}

Render sceneRender(GraphScene& scene) {
    return [&scene](QPainter& painter, const QRectF& target, const QRectF& source) {
        scene.render(&painter, target, source);
    };
}

} // namespace

QString exportSvg(GraphScene& scene, const QString& path, const QRectF& source) {
    return svgOf(sourceRect(scene, source), path, sceneRender(scene));
}

QString exportPng(GraphScene& scene, const QString& path, const QRectF& source, qreal scale, int maxSide,
                  qint64 maxPixels) {
    return pngOf(sourceRect(scene, source), path, scale, maxSide, maxPixels, sceneRender(scene));
}

QString exportSnapshot(const std::shared_ptr<const GraphSnapshot>& snapshot, const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("dot") || suffix == QLatin1String("gv")) return exportDot(*snapshot, path);
    // The canvas painted straight onto the picture: no scene, so this runs off the GUI thread.
    GraphCanvas canvas(snapshot);
    const Render render = [&canvas](QPainter& painter, const QRectF& target, const QRectF& source) {
        painter.save();
        painter.translate(target.topLeft());
        painter.scale(target.width() / source.width(), target.height() / source.height());
        painter.translate(-source.topLeft());
        QStyleOptionGraphicsItem option;
        option.exposedRect = source;
        canvas.paint(&painter, &option, nullptr);
        painter.restore();
    };
    if (suffix == QLatin1String("png"))
        return pngOf(canvas.boundingRect(), path, 2.0, 16384, qint64(200) * 1000 * 1000, render);
    return svgOf(canvas.boundingRect(), path, render);
}

QString exportDot(const GraphSnapshot& snapshot, const QString& path) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return QObject::tr("Cannot write %1.").arg(path);
    const std::string dot = layout::toDot(snapshot.view);
    file.write(dot.data(), static_cast<qint64>(dot.size()));
    return file.commit() ? QString() : QObject::tr("Cannot write %1.").arg(path);
}

} // namespace graphlens::views
