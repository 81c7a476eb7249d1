#include "core/layout/graphviz_layout.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>
#include <mutex>
#include <string>

#include "core/util/graphviz_lock.h"

namespace graphlens::layout {
namespace {

int swallowGraphvizMessage(char*) {
    return 0;
}

GVC_t* graphvizContext() {
    // Created once under the mutex and kept for the life of the process (freeing it at exit would
    // race with a layout still running on a worker thread).
    static GVC_t* context = [] {
        agseterrf(&swallowGraphvizMessage);
        agseterr(AGMAX);
        return gvContext();
    }();
    return context;
}

// cgraph's API takes `char*` for names and values it only reads.
void setAttribute(void* object, int kind, const char* name, const std::string& value, const char* fallback) {
    std::string nameBuffer(name);
    std::string valueBuffer(value);
    std::string fallbackBuffer(fallback);
    Agraph_t* root = agroot(object);
    if (!agattr(root, kind, nameBuffer.data(), nullptr)) agattr(root, kind, nameBuffer.data(), fallbackBuffer.data());
    agset(object, nameBuffer.data(), valueBuffer.data());
}

void declare(Agraph_t* graph, int kind, const char* name, const std::string& value) {
    std::string nameBuffer(name);
    std::string valueBuffer(value);
    agattr(graph, kind, nameBuffer.data(), valueBuffer.data());
}

std::string inches(double points) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4f", std::max(points, 1.0) / 72.0);
    return buffer;
}

const char* rankDirName(RankDirection direction) {
    switch (direction) {
    case RankDirection::LeftToRight:
        return "LR";
    case RankDirection::BottomToTop:
        return "BT";
    case RankDirection::TopToBottom:
        break;
    }
    return "TB";
}

std::vector<Point> straightPath(Point from, Point to) {
    const Point a{ from.x + (to.x - from.x) / 3, from.y + (to.y - from.y) / 3 };
    const Point b{ from.x + 2 * (to.x - from.x) / 3, from.y + 2 * (to.y - from.y) / 3 };
    return { from, a, b, to };
}

struct GraphHolder {
    Agraph_t* graph = nullptr;
    bool laidOut = false;
    ~GraphHolder() {
        if (!graph) return;
        if (laidOut) gvFreeLayout(graphvizContext(), graph);
        agclose(graph);
    }
};

} // namespace

Point clipToBox(Point centre, double width, double height, Point towards) {
    const double dx = towards.x - centre.x;
    const double dy = towards.y - centre.y;
    if (std::abs(dx) < 1e-9 && std::abs(dy) < 1e-9) return centre;
    const double halfW = width / 2;
    const double halfH = height / 2;
    const double scaleX = std::abs(dx) > 1e-9 ? halfW / std::abs(dx) : 1e300;
    const double scaleY = std::abs(dy) > 1e-9 ? halfH / std::abs(dy) : 1e300;
    const double scale = std::min({ scaleX, scaleY, 1.0 });
    return { centre.x + dx * scale, centre.y + dy * scale };
}

LayoutResult computeLayout(const LayoutRequest& request, const CancelToken* cancel) {
    if (cancel) cancel->throwIfCancelled();
    const auto start = std::chrono::steady_clock::now();
    LayoutResult result;
    const size_t count = request.boxes.size();
    result.centres.resize(count);
    result.paths.resize(request.links.size());
    if (count == 0) return result;
    if (count == 1) {
        result.width = request.boxes[0].width;
        result.height = request.boxes[0].height;
        result.centres[0] = { result.width / 2, result.height / 2 };
        return result;
    }
    if (count > kBuiltinLayoutBoxes) return layeredLayout(request, cancel);
    result.fastMode = count > kFastModeBoxes;

    std::vector<Point> centres(count);
    std::vector<std::vector<Point>> splines(request.links.size());
    double width = 0;
    double height = 0;
    {
        // Graphviz keeps global state: one caller at a time, shared with core/graph/export.cpp.
        std::lock_guard lock(graphvizMutex());
        GVC_t* context = graphvizContext();
        std::string graphName = "g";
        GraphHolder holder;
        Agdesc_t description = Agdirected;
        holder.graph = agopen(graphName.data(), description, nullptr);
        Agraph_t* graph = holder.graph;

        declare(graph, AGRAPH, "rankdir", rankDirName(request.direction));
        declare(graph, AGRAPH, "nodesep", inches(request.nodeSeparation));
        declare(graph, AGRAPH, "ranksep", inches(request.rankSeparation));
        declare(graph, AGRAPH, "splines", result.fastMode ? "none" : "spline");
        if (result.fastMode) {
            declare(graph, AGRAPH, "nslimit", "2");
            declare(graph, AGRAPH, "nslimit1", "2");
            declare(graph, AGRAPH, "mclimit", "0.05");
            declare(graph, AGRAPH, "searchsize", "10");
            declare(graph, AGRAPH, "remincross", "false");
        } else {
            declare(graph, AGRAPH, "mclimit", "0.5");
        }
        declare(graph, AGNODE, "shape", "box");
        declare(graph, AGNODE, "fixedsize", "true");
        declare(graph, AGNODE, "label", "");
        declare(graph, AGNODE, "width", "1");
        declare(graph, AGNODE, "height", "0.5");
        declare(graph, AGEDGE, "arrowsize", "0.7");
        declare(graph, AGEDGE, "weight", "1");

        std::vector<Agnode_t*> nodes(count);
        for (size_t i = 0; i < count; ++i) {
            std::string name = "n" + std::to_string(i);
            nodes[i] = agnode(graph, name.data(), 1);
            setAttribute(nodes[i], AGNODE, "width", inches(request.boxes[i].width), "1");
            setAttribute(nodes[i], AGNODE, "height", inches(request.boxes[i].height), "0.5");
        }
        std::vector<Agedge_t*> edges(request.links.size(), nullptr);
        for (size_t i = 0; i < request.links.size(); ++i) {
            const auto& link = request.links[i];
            if (link.from == link.to || link.from < 0 || link.to < 0 || static_cast<size_t>(link.from) >= count ||
                static_cast<size_t>(link.to) >= count)
                continue;
            edges[i] =
                agedge(graph, nodes[static_cast<size_t>(link.from)], nodes[static_cast<size_t>(link.to)], nullptr, 1);
            if (link.weight > 1)
                setAttribute(edges[i], AGEDGE, "weight", std::to_string(std::min(link.weight, 100)), "1");
        }

        std::string engine = "dot";
        if (gvLayout(context, graph, engine.data()) != 0) {
            // Should not happen for a well-formed graph; fall back to a column so callers still
            // get a usable picture.
            double y = 0;
            for (size_t i = 0; i < count; ++i) {
                centres[i] = { request.boxes[i].width / 2, y + request.boxes[i].height / 2 };
                y += request.boxes[i].height + request.rankSeparation;
                width = std::max(width, request.boxes[i].width);
            }
            height = y;
        } else {
            holder.laidOut = true;
            const boxf box = GD_bb(graph);
            width = box.UR.x - box.LL.x;
            height = box.UR.y - box.LL.y;
            auto convert = [&](pointf p) { return Point{ p.x - box.LL.x, box.UR.y - p.y }; };
            for (size_t i = 0; i < count; ++i) centres[i] = convert(ND_coord(nodes[i]));
            for (size_t i = 0; i < edges.size(); ++i) {
                if (!edges[i] || !ED_spl(edges[i]) || ED_spl(edges[i])->size < 1) continue;
                const bezier& curve = ED_spl(edges[i])->list[0];
                auto& path = splines[i];
                if (curve.sflag) {
                    const auto lead = straightPath(convert(curve.sp), convert(curve.list[0]));
                    path.insert(path.end(), lead.begin(), lead.end() - 1);
                }
                for (int p = 0; p < curve.size; ++p) path.push_back(convert(curve.list[p]));
                if (curve.eflag && !path.empty()) {
                    const auto tail = straightPath(path.back(), convert(curve.ep));
                    path.insert(path.end(), tail.begin() + 1, tail.end());
                }
            }
        }
    }
    if (cancel) cancel->throwIfCancelled();

    for (size_t i = 0; i < request.links.size(); ++i) {
        const auto& link = request.links[i];
        if (!splines[i].empty()) {
            result.paths[i] = std::move(splines[i]);
            continue;
        }
        if (link.from == link.to || link.from < 0 || link.to < 0 || static_cast<size_t>(link.from) >= count ||
            static_cast<size_t>(link.to) >= count)
            continue;
        const auto& a = request.boxes[static_cast<size_t>(link.from)];
        const auto& b = request.boxes[static_cast<size_t>(link.to)];
        const Point ca = centres[static_cast<size_t>(link.from)];
        const Point cb = centres[static_cast<size_t>(link.to)];
        result.paths[i] = straightPath(clipToBox(ca, a.width, a.height, cb), clipToBox(cb, b.width, b.height, ca));
    }
    result.centres = std::move(centres);
    result.width = width;
    result.height = height;
    result.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace graphlens::layout
