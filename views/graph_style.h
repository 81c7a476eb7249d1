#pragma once
// Colours and fonts of the graph view, in one place so the scene, the minimap, the exports and the
// inspector's category chip agree. Light theme, one hue per op category, soft fills and darker rims.
#include <QColor>
#include <QFont>

#include "core/layout/labels.h"
#include "core/layout/view_graph.h"

namespace graphlens::views {

struct CategoryColours {
    QColor fill;
    QColor rim;
};

class GraphStyle {
public:
    static const GraphStyle& instance();

    CategoryColours colours(layout::OpCategory category) const;
    layout::SizeMetrics metrics() const; // for the layout, measured from the label font

    QFont titleFont; // op type, group label
    QFont labelFont; // node short name
    QFont smallFont; // counts, summaries, edge labels
    QColor background{ 0xfb, 0xfc, 0xfd };
    QColor text{ 0x26, 0x32, 0x38 };
    QColor mutedText{ 0x60, 0x6f, 0x7a };
    QColor groupFill{ 0xe8, 0xee, 0xf5 };
    QColor groupRim{ 0x8a, 0x9b, 0xad };
    QColor frameFill{ 0xf3, 0xf6, 0xfa };
    QColor frameRim{ 0xb4, 0xc2, 0xcf };
    QColor callFrameRim{ 0x2e, 0x7d, 0x32 };
    QColor edge{ 0x7d, 0x8d, 0x99 };
    QColor controlEdge{ 0xb0, 0xbc, 0xc6 };
    QColor accent{ 0x1e, 0x6f, 0xd9 };
    QColor accentSoft{ 0x1e, 0x6f, 0xd9, 60 };

private:
    GraphStyle();
};

// Words of the graph in the user's language (the core names them in English).
QString categoryLabel(layout::OpCategory category);  // "neural network"
QString nodeCountText(int64_t count);                // "4 nodes"
QString itemCountText(const layout::ViewItem& item); // a scope's or series' count line

} // namespace graphlens::views
