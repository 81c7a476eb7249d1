#pragma once
// Pictures and text of the graph view: SVG (vector, through QSvgGenerator), PNG (capped so a huge
// graph cannot exhaust memory) and DOT (GraphLens's own writer over the visible items).
#include <memory>

#include <QRectF>
#include <QString>

namespace graphlens::views {

class GraphScene;
struct GraphSnapshot;

// `source` in scene coordinates; an empty rect means the whole scene. Return an error text, or
// an empty string on success.
QString exportSvg(GraphScene& scene, const QString& path, const QRectF& source = {});
QString exportPng(GraphScene& scene, const QString& path, const QRectF& source = {}, qreal scale = 2.0,
                  int maxSide = 16384, qint64 maxPixels = qint64(200) * 1000 * 1000);
QString exportDot(const GraphSnapshot& snapshot, const QString& path);
// The whole snapshot as SVG, PNG or DOT (by the path's suffix); safe off the GUI thread.
QString exportSnapshot(const std::shared_ptr<const GraphSnapshot>& snapshot, const QString& path);

} // namespace graphlens::views
