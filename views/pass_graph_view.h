#pragma once
// One side of the before/after view: the graph view with the nodes a pass changed outlined in
// the colour of the change (a collapsed group carries a badge counting the changes inside it),
// and the nodes of a fusion miss or a change picked in the tables outlined as a set. The marks are
// drawn over the graph in scene coordinates, so they follow zoom and level of detail for free.
#include <array>
#include <memory>
#include <vector>

#include <QStringList>

#include "core/passes/pass_timeline.h"
#include "views/graph_view.h"

namespace graphlens::views {

class PassGraphView : public GraphView {
    Q_OBJECT
public:
    explicit PassGraphView(QWidget* parent = nullptr);

    void setMarks(std::shared_ptr<const passes::NodeMarks> marks);
    // The mark of a visible item: its own for nodes, the most frequent inside for a collapsed group.
    passes::NodeMark itemMark(int index) const;
    // Changes inside a collapsed group, by passes::NodeMark; zeros for other items.
    std::array<int, 5> itemCounts(int index) const;
    int markedItemCount() const { return static_cast<int>(m_marked.size()); }

    // Expands what hides the named nodes, outlines them, selects the last one found (the root of a
    // fusion pattern) and fits them in the window; happens after the layout when one is needed.
    // Returns how many of the names this graph holds.
    int focusNodes(const QStringList& names);
    std::vector<int> focusedItems() const { return m_focused; }
    bool hasPendingFocus() const { return !m_pendingFocus.isEmpty(); }

    // The node name shown by an item ("" for groups and frames).
    QString itemNodeName(int index) const;

signals:
    void viewportMoved();
    void focusApplied();

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    struct Marked {
        int item = -1;
        passes::NodeMark mark = passes::NodeMark::None;
        std::array<int, 5> counts{}; // collapsed groups only
    };
    void recomputeItemMarks();
    void applyFocus();
    std::string functionName(int function) const;

    std::shared_ptr<const passes::NodeMarks> m_marks;
    std::vector<Marked> m_marked;
    std::vector<int> m_markIndex; // per item: index into m_marked or -1
    QStringList m_pendingFocus;
    QStringList m_focusNames;
    std::vector<int> m_focused;
};

} // namespace graphlens::views
