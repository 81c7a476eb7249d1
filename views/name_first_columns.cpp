#include "views/name_first_columns.h"

#include <algorithm>

#include <QEvent>
#include <QHeaderView>
#include <QTreeView>

namespace graphlens::views {
namespace {

class ColumnFitter : public QObject {
public:
    ColumnFitter(QTreeView* tree, QList<int> widths, double share)
        : QObject(tree)
        , m_tree(tree)
        , m_widths(std::move(widths))
        , m_share(share) {
        QHeaderView* header = tree->header();
        header->setStretchLastSection(false);
        header->setSectionResizeMode(0, QHeaderView::Stretch);
        for (int column = 1; column <= m_widths.size(); ++column)
            header->setSectionResizeMode(column, QHeaderView::Fixed);
        tree->setTextElideMode(Qt::ElideMiddle);
        tree->viewport()->installEventFilter(this);
        fit();
    }

    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::Resize) fit();
        return false;
    }

private:
    void fit() {
        int wanted = 0;
        for (int w : m_widths) wanted += w;
        const int room = static_cast<int>(m_tree->viewport()->width() * m_share);
        const double scale = wanted > room && wanted > 0 ? static_cast<double>(room) / wanted : 1.0;
        for (int i = 0; i < m_widths.size(); ++i)
            m_tree->header()->resizeSection(i + 1, std::max(24, static_cast<int>(m_widths[i] * scale)));
    }

    QTreeView* m_tree;
    QList<int> m_widths;
    double m_share;
};

} // namespace

void keepFirstColumnReadable(QTreeView* tree, QList<int> widths, double share) {
    new ColumnFitter(tree, std::move(widths), share);
}

} // namespace graphlens::views
