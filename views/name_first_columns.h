#pragma once
// Keeps a tree's first column (the names people come for) readable however narrow its dock gets
// and whatever the other columns hold: the first column stretches, and the others get at most
// their own widths and together at most a share of the viewport, text elided in the middle (#21). A
// long tensor name in a Size column, or a narrow dock, no longer squeezes the names to "…".
#include <QList>

class QTreeView;

namespace graphlens::views {

// `widths` are the other columns' preferred widths in pixels; `share` the most of the viewport's
// width all of them together may take (the first column keeps the rest).
void keepFirstColumnReadable(QTreeView* tree, QList<int> widths, double share = 0.45);

} // namespace graphlens::views
