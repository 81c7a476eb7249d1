#include "views/graph_export.h"

#include <cmath>

#include <QFile>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include "core/layout/dot_writer.h"
#include "views/graph_scene.h"
#include "views/graph_snapshot.h"
#include "views/graph_style.h"

namespace graphlens::views {
namespace {

QRectF sourceRect(const GraphScene& scene, const QRectF& source) {
    return source.isEmpty() ? scene.sceneRect() : source.intersected(scene.sceneRect());
}

} // namespace

QString exportSvg(GraphScene& scene, const QString& path, const QRectF& source) {
    const QRectF rect = sourceRect(scene, source);
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
    scene.render(&painter, QRectF(QPointF(0, 0), rect.size()), rect);
    painter.end();
    return QFile::exists(path) ? QString() : QObject::tr("Cannot write %1.").arg(path);
}

QString exportPng(GraphScene& scene, const QString& path, const QRectF& source, qreal scale, int maxSide,
                  qint64 maxPixels) {
    const QRectF rect = sourceRect(scene, source);
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
    scene.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), rect);
    painter.end();
    return image.save(path, "PNG") ? QString() : QObject::tr("Cannot write %1.").arg(path);
}

QString exportDot(const GraphSnapshot& snapshot, const QString& path) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return QObject::tr("Cannot write %1.").arg(path);
    const std::string dot = layout::toDot(snapshot.view);
    file.write(dot.data(), static_cast<qint64>(dot.size()));
    return file.commit() ? QString() : QObject::tr("Cannot write %1.").arg(path);
}

} // namespace graphlens::views
