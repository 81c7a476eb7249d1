// GraphLens's own layered layout for requests too large for Graphviz to finish quickly: cycles
// broken by DFS, longest-path ranks (sources pulled next to their first consumer), a few
// barycentre sweeps for the order inside each rank, greedy x placement towards the neighbours,
// straight edges. Everything is index-ordered, so the result is deterministic.
#include <algorithm>
#include <chrono>
#include <limits>
#include <numeric>

#include "core/layout/graphviz_layout.h"

namespace graphlens::layout {
namespace {

struct Adjacency {
    std::vector<std::vector<int32_t>> out;
    std::vector<std::vector<int32_t>> in;
};

// Edges (u,v) with u,v valid and distinct; back edges of a DFS are reversed.
Adjacency acyclicAdjacency(size_t count, const std::vector<LayoutRequest::Link>& links) {
    std::vector<std::vector<int32_t>> successors(count);
    for (const auto& link : links) {
        if (link.from == link.to || link.from < 0 || link.to < 0) continue;
        if (static_cast<size_t>(link.from) >= count || static_cast<size_t>(link.to) >= count) continue;
        successors[static_cast<size_t>(link.from)].push_back(link.to);
    }
    for (auto& list : successors) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    enum : uint8_t { White, Grey, Black };
    std::vector<uint8_t> colour(count, White);
    Adjacency adjacency;
    adjacency.out.resize(count);
    adjacency.in.resize(count);
    std::vector<std::pair<int32_t, size_t>> stack;
    for (size_t root = 0; root < count; ++root) {
        if (colour[root] != White) continue;
        stack.push_back({ static_cast<int32_t>(root), 0 });
        colour[root] = Grey;
        while (!stack.empty()) {
            auto& [node, next] = stack.back();
            const auto& list = successors[static_cast<size_t>(node)];
            if (next >= list.size()) {
                colour[static_cast<size_t>(node)] = Black;
                stack.pop_back();
                continue;
            }
            const int32_t target = list[next++];
            const int32_t source = node;
            if (colour[static_cast<size_t>(target)] == Grey) { // back edge: reverse it
                adjacency.out[static_cast<size_t>(target)].push_back(source);
                adjacency.in[static_cast<size_t>(source)].push_back(target);
                continue;
            }
            adjacency.out[static_cast<size_t>(source)].push_back(target);
            adjacency.in[static_cast<size_t>(target)].push_back(source);
            if (colour[static_cast<size_t>(target)] == White) {
                colour[static_cast<size_t>(target)] = Grey;
                stack.push_back({ target, 0 });
            }
        }
    }
    return adjacency;
}

std::vector<int32_t> longestPathRanks(const Adjacency& adjacency) {
    const size_t count = adjacency.out.size();
    std::vector<int32_t> rank(count, 0);
    std::vector<int32_t> pending(count);
    std::vector<int32_t> queue;
    queue.reserve(count);
    for (size_t v = 0; v < count; ++v) {
        pending[v] = static_cast<int32_t>(adjacency.in[v].size());
        if (pending[v] == 0) queue.push_back(static_cast<int32_t>(v));
    }
    for (size_t head = 0; head < queue.size(); ++head) {
        const auto v = static_cast<size_t>(queue[head]);
        for (int32_t w : adjacency.out[v]) {
            rank[static_cast<size_t>(w)] = std::max(rank[static_cast<size_t>(w)], rank[v] + 1);
            if (--pending[static_cast<size_t>(w)] == 0) queue.push_back(w);
        }
    }
    // Sources (constants, placeholders) sit one rank above their nearest consumer.
    for (size_t v = 0; v < count; ++v) {
        if (!adjacency.in[v].empty() || adjacency.out[v].empty()) continue;
        int32_t nearest = std::numeric_limits<int32_t>::max();
        for (int32_t w : adjacency.out[v]) nearest = std::min(nearest, rank[static_cast<size_t>(w)]);
        rank[v] = std::max(0, nearest - 1);
    }
    return rank;
}

void sortByBarycentre(std::vector<int32_t>& layer, const std::vector<std::vector<int32_t>>& neighbours,
                      const std::vector<double>& position) {
    std::vector<std::pair<double, int32_t>> keyed;
    keyed.reserve(layer.size());
    for (int32_t v : layer) {
        const auto& list = neighbours[static_cast<size_t>(v)];
        double key = position[static_cast<size_t>(v)];
        if (!list.empty()) {
            double sum = 0;
            for (int32_t w : list) sum += position[static_cast<size_t>(w)];
            key = sum / static_cast<double>(list.size());
        }
        keyed.push_back({ key, v });
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 0; i < layer.size(); ++i) layer[i] = keyed[i].second;
}

void updatePositions(const std::vector<int32_t>& layer, std::vector<double>& position) {
    const double scale = layer.size() > 1 ? 1.0 / static_cast<double>(layer.size() - 1) : 0.0;
    for (size_t i = 0; i < layer.size(); ++i) position[static_cast<size_t>(layer[i])] = static_cast<double>(i) * scale;
}

// Places `layer` left to right in order, each box as close as it can to the mean x of its
// neighbours, then shifts the whole layer so the mean displacement is zero.
void placeLayer(const std::vector<int32_t>& layer, const std::vector<std::vector<int32_t>>& neighbours,
                const std::vector<double>& widths, double separation, std::vector<double>& x, bool anchored) {
    if (layer.empty()) return;
    std::vector<double> desired(layer.size());
    double cursor = -std::numeric_limits<double>::infinity();
    double displacement = 0;
    int32_t counted = 0;
    for (size_t i = 0; i < layer.size(); ++i) {
        const auto v = static_cast<size_t>(layer[i]);
        double want = x[v];
        if (anchored && !neighbours[v].empty()) {
            double sum = 0;
            for (int32_t w : neighbours[v]) sum += x[static_cast<size_t>(w)];
            want = sum / static_cast<double>(neighbours[v].size());
        }
        desired[i] = want;
        const double left = cursor + separation + widths[v] / 2;
        x[v] = std::max(want, left);
        cursor = x[v] + widths[v] / 2;
        if (anchored && !neighbours[v].empty()) {
            displacement += x[v] - want;
            ++counted;
        }
    }
    if (counted == 0) return;
    const double shift = displacement / counted;
    for (int32_t v : layer) x[static_cast<size_t>(v)] -= shift;
}

} // namespace

LayoutResult layeredLayout(const LayoutRequest& request, const CancelToken* cancel) {
    if (cancel) cancel->throwIfCancelled();
    const auto start = std::chrono::steady_clock::now();
    const size_t count = request.boxes.size();
    LayoutResult result;
    result.fastMode = true;
    result.builtin = true;
    result.centres.resize(count);
    result.paths.resize(request.links.size());
    if (count == 0) return result;

    const bool horizontal = request.direction == RankDirection::LeftToRight;
    // Work in top-to-bottom terms: "width" runs along a rank, "height" across ranks.
    std::vector<double> along(count);
    std::vector<double> across(count);
    for (size_t i = 0; i < count; ++i) {
        along[i] = horizontal ? request.boxes[i].height : request.boxes[i].width;
        across[i] = horizontal ? request.boxes[i].width : request.boxes[i].height;
    }

    const Adjacency adjacency = acyclicAdjacency(count, request.links);
    const std::vector<int32_t> rank = longestPathRanks(adjacency);
    const int32_t maxRank = count ? *std::max_element(rank.begin(), rank.end()) : 0;
    std::vector<std::vector<int32_t>> layers(static_cast<size_t>(maxRank) + 1);
    for (size_t v = 0; v < count; ++v) layers[static_cast<size_t>(rank[v])].push_back(static_cast<int32_t>(v));

    std::vector<double> position(count, 0);
    for (const auto& layer : layers) updatePositions(layer, position);
    for (int pass = 0; pass < 4; ++pass) {
        if (cancel) cancel->throwIfCancelled();
        for (size_t r = 1; r < layers.size(); ++r) {
            sortByBarycentre(layers[r], adjacency.in, position);
            updatePositions(layers[r], position);
        }
        for (size_t r = layers.size(); r-- > 1;) {
            sortByBarycentre(layers[r - 1], adjacency.out, position);
            updatePositions(layers[r - 1], position);
        }
    }

    std::vector<double> x(count, 0);
    placeLayer(layers[0], adjacency.in, along, request.nodeSeparation, x, false);
    for (size_t r = 1; r < layers.size(); ++r)
        placeLayer(layers[r], adjacency.in, along, request.nodeSeparation, x, true);
    for (size_t r = layers.size(); r-- > 1;)
        placeLayer(layers[r - 1], adjacency.out, along, request.nodeSeparation, x, true);

    std::vector<double> rankOffset(layers.size(), 0);
    double offset = 0;
    for (size_t r = 0; r < layers.size(); ++r) {
        double thickness = 0;
        for (int32_t v : layers[r]) thickness = std::max(thickness, across[static_cast<size_t>(v)]);
        rankOffset[r] = offset + thickness / 2;
        offset += thickness + request.rankSeparation;
    }
    const double extentAcross = offset - request.rankSeparation;
    double minX = std::numeric_limits<double>::infinity();
    double maxX = -std::numeric_limits<double>::infinity();
    for (size_t v = 0; v < count; ++v) {
        minX = std::min(minX, x[v] - along[v] / 2);
        maxX = std::max(maxX, x[v] + along[v] / 2);
    }
    for (size_t v = 0; v < count; ++v) {
        const double a = x[v] - minX;
        double c = rankOffset[static_cast<size_t>(rank[v])];
        if (request.direction == RankDirection::BottomToTop) c = extentAcross - c;
        result.centres[v] = horizontal ? Point{ c, a } : Point{ a, c };
    }
    result.width = horizontal ? extentAcross : maxX - minX;
    result.height = horizontal ? maxX - minX : extentAcross;

    for (size_t i = 0; i < request.links.size(); ++i) {
        const auto& link = request.links[i];
        if (link.from == link.to || link.from < 0 || link.to < 0 || static_cast<size_t>(link.from) >= count ||
            static_cast<size_t>(link.to) >= count)
            continue;
        const auto& a = request.boxes[static_cast<size_t>(link.from)];
        const auto& b = request.boxes[static_cast<size_t>(link.to)];
        const Point ca = result.centres[static_cast<size_t>(link.from)];
        const Point cb = result.centres[static_cast<size_t>(link.to)];
        const Point p0 = clipToBox(ca, a.width, a.height, cb);
        const Point p3 = clipToBox(cb, b.width, b.height, ca);
        result.paths[i] = { p0,
                            { p0.x + (p3.x - p0.x) / 3, p0.y + (p3.y - p0.y) / 3 },
                            { p0.x + 2 * (p3.x - p0.x) / 3, p0.y + 2 * (p3.y - p0.y) / 3 },
                            p3 };
    }
    if (cancel) cancel->throwIfCancelled();
    result.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace graphlens::layout
