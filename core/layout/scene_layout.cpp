#include "core/layout/scene_layout.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

namespace graphlens::layout {
namespace {

// FNV-1a, 64 bit.
class Hasher {
public:
    void add(const void* data, size_t size) {
        const auto* bytes = static_cast<const unsigned char*>(data);
        for (size_t i = 0; i < size; ++i) {
            m_hash ^= bytes[i];
            m_hash *= 1099511628211ull;
        }
    }
    void add(const std::string& text) {
        add(text.data(), text.size());
        add(static_cast<int64_t>(text.size()));
    }
    void add(int64_t value) { add(&value, sizeof value); }
    void add(double value) { add(static_cast<int64_t>(std::llround(value * 100))); }
    uint64_t value() const { return m_hash; }

private:
    uint64_t m_hash = 1469598103934665603ull;
};

struct GroupLayout {
    std::vector<int32_t> members;  // item indices, in request order
    std::vector<int32_t> edgeLink; // per ViewEdge owned here: link index
    std::shared_ptr<const LayoutResult> result;
};

std::string cacheKey(const std::string& owner, const ViewGraph& view, const std::vector<int32_t>& members,
                     const LayoutRequest& request) {
    Hasher hasher;
    for (size_t i = 0; i < members.size(); ++i) {
        hasher.add(view.items[static_cast<size_t>(members[i])].key);
        hasher.add(request.boxes[i].width);
        hasher.add(request.boxes[i].height);
    }
    for (const auto& link : request.links) {
        hasher.add(static_cast<int64_t>(link.from));
        hasher.add(static_cast<int64_t>(link.to));
        hasher.add(static_cast<int64_t>(link.weight));
    }
    hasher.add(static_cast<int64_t>(request.direction));
    hasher.add(request.nodeSeparation);
    hasher.add(request.rankSeparation);
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "#%016llx", static_cast<unsigned long long>(hasher.value()));
    return owner + buffer;
}

// A cubic from `from` to `to` that leaves and arrives vertically.
void appendConnector(std::vector<Point>& path, Point from, Point to) {
    const double dy = (to.y - from.y) / 2;
    path.push_back({ from.x, from.y + dy });
    path.push_back({ to.x, to.y - dy });
    path.push_back(to);
}

} // namespace

std::shared_ptr<const LayoutResult> LayoutCache::find(const std::string& key) {
    std::lock_guard lock(m_mutex);
    const auto found = m_index.find(key);
    if (found == m_index.end()) return nullptr;
    m_entries.splice(m_entries.begin(), m_entries, found->second);
    return found->second->second;
}

void LayoutCache::insert(const std::string& key, std::shared_ptr<const LayoutResult> result) {
    std::lock_guard lock(m_mutex);
    const auto found = m_index.find(key);
    if (found != m_index.end()) {
        found->second->second = std::move(result);
        m_entries.splice(m_entries.begin(), m_entries, found->second);
        return;
    }
    m_entries.emplace_front(key, std::move(result));
    m_index[key] = m_entries.begin();
    while (m_entries.size() > m_capacity) {
        m_index.erase(m_entries.back().first);
        m_entries.pop_back();
    }
}

size_t LayoutCache::size() const {
    std::lock_guard lock(m_mutex);
    return m_entries.size();
}

void LayoutCache::clear() {
    std::lock_guard lock(m_mutex);
    m_entries.clear();
    m_index.clear();
}

SceneGeometry layoutScene(ViewGraph& view, LayoutCache& cache, const Progress& progress, const FrameMetrics& frame) {
    const auto start = std::chrono::steady_clock::now();
    SceneGeometry geometry;
    const size_t itemCount = view.items.size();
    geometry.items.resize(itemCount);
    geometry.edges.resize(view.edges.size());

    // Owners in post-order (children before parents), the top level (-1) last.
    std::vector<int32_t> order;
    {
        std::vector<std::pair<int32_t, size_t>> stack;
        for (auto it = view.roots.rbegin(); it != view.roots.rend(); ++it) stack.push_back({ *it, 0 });
        while (!stack.empty()) {
            auto& [item, next] = stack.back();
            const auto& children = view.items[static_cast<size_t>(item)].children;
            if (view.items[static_cast<size_t>(item)].expanded && next < children.size()) {
                const int32_t child = children[next++];
                stack.push_back({ child, 0 });
                continue;
            }
            if (view.items[static_cast<size_t>(item)].expanded) order.push_back(item);
            stack.pop_back();
        }
        order.push_back(-1);
    }

    // Links per owner, merged.
    std::unordered_map<int32_t, std::vector<int32_t>> ownedEdges;
    for (size_t e = 0; e < view.edges.size(); ++e) {
        const auto& edge = view.edges[e];
        if (edge.fromAnchor < 0 || edge.toAnchor < 0) continue;
        ownedEdges[edge.owner].push_back(static_cast<int32_t>(e));
    }

    std::unordered_map<int32_t, GroupLayout> layouts;
    std::vector<int32_t> indexInOwner(itemCount, -1);
    for (size_t step = 0; step < order.size(); ++step) {
        progress(static_cast<double>(step) / static_cast<double>(order.size()), "laying out");
        const int32_t owner = order[step];
        GroupLayout& group = layouts[owner];
        group.members = owner >= 0 ? view.items[static_cast<size_t>(owner)].children : view.roots;
        LayoutRequest request;
        request.boxes.reserve(group.members.size());
        for (size_t i = 0; i < group.members.size(); ++i) {
            const auto& item = view.items[static_cast<size_t>(group.members[i])];
            indexInOwner[static_cast<size_t>(group.members[i])] = static_cast<int32_t>(i);
            request.boxes.push_back({ item.width, item.height });
        }
        std::map<std::pair<int32_t, int32_t>, int32_t> linkIndex;
        for (int32_t e : ownedEdges[owner]) {
            const auto& edge = view.edges[static_cast<size_t>(e)];
            const std::pair<int32_t, int32_t> pair{ indexInOwner[static_cast<size_t>(edge.fromAnchor)],
                                                    indexInOwner[static_cast<size_t>(edge.toAnchor)] };
            auto [found, inserted] = linkIndex.try_emplace(pair, static_cast<int32_t>(request.links.size()));
            if (inserted) request.links.push_back({ pair.first, pair.second, edge.count });
            else request.links[static_cast<size_t>(found->second)].weight += edge.count;
        }
        group.edgeLink.clear();
        for (int32_t e : ownedEdges[owner]) {
            const auto& edge = view.edges[static_cast<size_t>(e)];
            group.edgeLink.push_back(linkIndex[{ indexInOwner[static_cast<size_t>(edge.fromAnchor)],
                                                 indexInOwner[static_cast<size_t>(edge.toAnchor)] }]);
        }
        const std::string ownerKey = owner >= 0 ? view.items[static_cast<size_t>(owner)].key : std::string("<root>");
        const std::string key = cacheKey(ownerKey, view, group.members, request);
        group.result = cache.find(key);
        if (group.result) {
            ++geometry.layoutsFromCache;
        } else {
            auto computed = std::make_shared<LayoutResult>(computeLayout(request, progress.cancel));
            geometry.graphvizMilliseconds += computed->milliseconds;
            ++geometry.layoutsComputed;
            group.result = computed;
            cache.insert(key, group.result);
        }
        if (owner >= 0) {
            auto& item = view.items[static_cast<size_t>(owner)];
            const double minimumWidth = 140;
            item.width = std::max(group.result->width + 2 * frame.padding, minimumWidth);
            item.height = group.result->height + frame.header + frame.padding;
        }
    }
    progress.check();

    // Absolute positions, top-down.
    const auto& top = *layouts[-1].result;
    geometry.width = top.width;
    geometry.height = top.height;
    std::vector<std::pair<int32_t, Point>> pending{ { -1, Point{ 0, 0 } } }; // owner, origin of its children
    std::unordered_map<int32_t, Point> origins;
    while (!pending.empty()) {
        const auto [owner, origin] = pending.back();
        pending.pop_back();
        origins[owner] = origin;
        const GroupLayout& group = layouts[owner];
        double offsetX = 0;
        if (owner >= 0) { // centre narrow layouts inside a frame widened to its minimum width
            const auto& item = view.items[static_cast<size_t>(owner)];
            offsetX = (item.width - 2 * frame.padding - group.result->width) / 2;
        }
        for (size_t i = 0; i < group.members.size(); ++i) {
            const int32_t member = group.members[i];
            const auto& item = view.items[static_cast<size_t>(member)];
            const Point centre = group.result->centres[i];
            Rect& rect = geometry.items[static_cast<size_t>(member)];
            rect = { origin.x + offsetX + centre.x - item.width / 2, origin.y + centre.y - item.height / 2, item.width,
                     item.height };
            if (item.expanded) pending.push_back({ member, Point{ rect.x + frame.padding, rect.y + frame.header } });
        }
    }

    for (const auto& [owner, edges] : ownedEdges) {
        const GroupLayout& group = layouts[owner];
        const Point origin = origins[owner];
        double offsetX = 0;
        if (owner >= 0) {
            const auto& item = view.items[static_cast<size_t>(owner)];
            offsetX = (item.width - 2 * frame.padding - group.result->width) / 2;
        }
        for (size_t k = 0; k < edges.size(); ++k) {
            const int32_t e = edges[k];
            const auto& edge = view.edges[static_cast<size_t>(e)];
            const auto& local = group.result->paths[static_cast<size_t>(group.edgeLink[k])];
            if (local.empty()) continue;
            auto& path = geometry.edges[static_cast<size_t>(e)];
            auto place = [&](Point p) { return Point{ origin.x + offsetX + p.x, origin.y + p.y }; };
            const Rect& from = geometry.items[static_cast<size_t>(edge.from)];
            const Rect& to = geometry.items[static_cast<size_t>(edge.to)];
            if (edge.from != edge.fromAnchor) {
                path.push_back({ from.x + from.width / 2, from.y + from.height });
                appendConnector(path, path.back(), place(local.front()));
            } else {
                path.push_back(place(local.front()));
            }
            for (size_t p = 1; p < local.size(); ++p) path.push_back(place(local[p]));
            if (edge.to != edge.toAnchor) appendConnector(path, path.back(), Point{ to.x + to.width / 2, to.y });
        }
    }
    geometry.totalMilliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return geometry;
}

} // namespace graphlens::layout
