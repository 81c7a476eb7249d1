#include "core/layout/dot_writer.h"

#include <sstream>

namespace graphlens::layout {
namespace {

const char* fillColour(OpCategory category) {
    switch (category) {
    case OpCategory::Constant:
        return "#eceff1";
    case OpCategory::Variable:
        return "#ffe0b2";
    case OpCategory::Math:
        return "#e3f2fd";
    case OpCategory::NeuralNet:
        return "#d1c4e9";
    case OpCategory::ArrayOps:
        return "#e0f2f1";
    case OpCategory::ControlFlow:
        return "#fff9c4";
    case OpCategory::Call:
        return "#c8e6c9";
    case OpCategory::InputOutput:
        return "#f8bbd0";
    case OpCategory::Training:
        return "#ffccbc";
    case OpCategory::Summary:
        return "#f0f4c3";
    case OpCategory::Other:
        break;
    }
    return "#f5f5f5";
}

class DotWriter {
public:
    explicit DotWriter(const ViewGraph& view)
        : m_view(view) { }

    std::string write(const std::string& name) {
        m_out << "digraph " << dotQuoted(name) << " {\n"
              << "  graph [rankdir=TB, fontname=\"Helvetica\", fontsize=10, compound=true];\n"
              << "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=9];\n"
              << "  edge [fontname=\"Helvetica\", fontsize=8, color=\"#607d8b\"];\n";
        for (int32_t root : m_view.roots) writeItem(root, 1);
        for (const ViewEdge& edge : m_view.edges) {
            m_out << "  i" << edge.from << " -> i" << edge.to << " [";
            if (edge.control) m_out << "style=dashed, ";
            if (!edge.label.empty()) m_out << "label=" << dotQuoted(edge.label) << ", ";
            if (edge.count > 1) m_out << "penwidth=" << (edge.count > 8 ? 3 : 2) << ", ";
            m_out << "];\n";
        }
        m_out << "}\n";
        return m_out.str();
    }

private:
    void writeItem(int32_t index, int indent) {
        const ViewItem& item = m_view.items[static_cast<size_t>(index)];
        const std::string pad(static_cast<size_t>(indent) * 2, ' ');
        if (item.expanded) {
            // A cluster for the frame, plus an invisible point so edges to the item itself resolve.
            m_out << pad << "subgraph cluster_" << index << " {\n"
                  << pad
                  << "  label=" << dotQuoted(item.label + (item.kind == ItemKind::Call ? " (" + item.title + ")" : ""))
                  << "; style=\"rounded\"; color=\"#90a4ae\";\n"
                  << pad << "  i" << index << " [shape=point, width=0.05, label=\"\"];\n";
            for (int32_t child : item.children) writeItem(child, indent + 1);
            m_out << pad << "}\n";
            return;
        }
        std::string label;
        switch (item.kind) {
        case ItemKind::Group:
        case ItemKind::Series:
            label = item.label + "\n" + item.title;
            break;
        case ItemKind::Port:
            label = item.label;
            break;
        default:
            label = item.title + "\n" + item.label;
            break;
        }
        m_out << pad << "i" << index << " [label=" << dotQuoted(label) << ", fillcolor=\"" << fillColour(item.category)
              << "\"";
        if (item.kind == ItemKind::Group || item.kind == ItemKind::Series)
            m_out << ", style=\"rounded,filled,bold\", shape=box3d";
        if (item.kind == ItemKind::Port) m_out << ", shape=ellipse";
        m_out << ", tooltip=" << dotQuoted(item.key) << "];\n";
    }

    const ViewGraph& m_view;
    std::ostringstream m_out;
};

} // namespace

std::string dotQuoted(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\', out += c;
        else if (c == '\n') out += "\\n";
        else out += c;
    }
    return out + "\"";
}

std::string toDot(const ViewGraph& view, const std::string& graphName) {
    return DotWriter(view).write(graphName);
}

} // namespace graphlens::layout
