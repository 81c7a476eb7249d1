#pragma once
// Layout of a whole ViewGraph, one expanded item at a time, bottom-up: an expanded child is a box
// of its own laid-out size in its parent's layout. Each per-item layout is cached by the item's key
// plus a hash of everything it depends on (its children's keys and sizes, the links between them),
// which captures the expansion state of its descendants and the signature slice. Re-expanding is
// then a cache hit, and expanding one group lays out only that group and its ancestors.
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/layout/graphviz_layout.h"
#include "core/layout/view_graph.h"

namespace graphlens::layout {

struct Rect {
    double x = 0;
    double y = 0;
    double width = 0;
    double height = 0;
};

// Frame of an expanded item around its laid-out children.
struct FrameMetrics {
    double header = 30;  // label strip on top
    double padding = 14; // left, right, bottom
};

// Thread-safe, bounded (least recently used entries are dropped).
class LayoutCache {
public:
    explicit LayoutCache(size_t capacity = 65536)
        : m_capacity(capacity) { }
    std::shared_ptr<const LayoutResult> find(const std::string& key);
    void insert(const std::string& key, std::shared_ptr<const LayoutResult> result);
    size_t size() const;
    void clear();

private:
    using Entry = std::pair<std::string, std::shared_ptr<const LayoutResult>>;
    mutable std::mutex m_mutex;
    size_t m_capacity;
    std::list<Entry> m_entries; // most recently used first
    std::unordered_map<std::string, std::list<Entry>::iterator> m_index;
};

struct SceneGeometry {
    std::vector<Rect> items;               // absolute, one per ViewGraph item
    std::vector<std::vector<Point>> edges; // absolute cubic Bézier points, one per ViewEdge
    double width = 0;
    double height = 0;
    // Statistics of the run that produced this geometry.
    int32_t layoutsComputed = 0;
    int32_t layoutsFromCache = 0;
    double graphvizMilliseconds = 0;
    double totalMilliseconds = 0;
};

// Fills item sizes of expanded items in `view` and returns absolute geometry. Reports progress
// per expanded item; throws Cancelled when `progress`'s token is set.
SceneGeometry layoutScene(ViewGraph& view, LayoutCache& cache, const Progress& progress = {},
                          const FrameMetrics& frame = {});

} // namespace graphlens::layout
