#pragma once
// Layered ("dot") layout of one flat graph through Graphviz. Graphviz is not thread-safe, so every
// call is serialised by one process-wide mutex; callers run it off the GUI thread. Coordinates are
// in points with y growing downwards and (0,0) at the top-left of the drawing.
#include <cstdint>
#include <vector>

#include "core/util/progress.h"

namespace graphlens::layout {

struct Point {
    double x = 0;
    double y = 0;
    bool operator==(const Point&) const = default;
};

enum class RankDirection : uint8_t { TopToBottom, LeftToRight, BottomToTop };

struct LayoutRequest {
    struct Box {
        double width = 0;  // points
        double height = 0; // points
    };
    struct Link {
        int32_t from = 0; // index into boxes
        int32_t to = 0;
        int32_t weight = 1; // parallel edges merged by the caller add up here
    };
    std::vector<Box> boxes;
    std::vector<Link> links;
    RankDirection direction = RankDirection::TopToBottom;
    double nodeSeparation = 18; // points between neighbours in a rank
    double rankSeparation = 30; // points between ranks
};

struct LayoutResult {
    std::vector<Point> centres; // one per box
    // One path per link: cubic Bézier control points (1 + 3k points) from the source box border
    // to the target box border. Straight two-point paths when `fastMode` routed edges itself.
    std::vector<std::vector<Point>> paths;
    double width = 0;
    double height = 0;
    bool fastMode = false; // the request was large: cheap settings, straight edges
    bool builtin = false;  // laid out by layeredLayout(), not Graphviz
    double milliseconds = 0;
};

// Above kFastModeBoxes boxes dot runs with bounded effort (nslimit, mclimit, searchsize) and
// without spline routing; edges are then straight segments between box borders. Above
// kBuiltinLayoutBoxes even bounded dot takes seconds (its x-coordinate network simplex grows
// quadratically: 3,000 boxes ≈ 8 s, 6,000 ≈ 46 s on one core), so GraphLens's own layered layout
// (longest-path ranks, barycentre ordering) is used instead: tens of milliseconds.
constexpr size_t kFastModeBoxes = 800;
constexpr size_t kBuiltinLayoutBoxes = 2000;

// Lays out `request`. Deterministic: the same request gives the same result. Throws Cancelled
// when `cancel` is set before or after the Graphviz call (Graphviz itself cannot be interrupted).
LayoutResult computeLayout(const LayoutRequest& request, const CancelToken* cancel = nullptr);

// GraphLens's own layered layout: deterministic, O((V+E)·passes), straight edges. Used for very
// large requests; exposed for tests and benchmarks.
LayoutResult layeredLayout(const LayoutRequest& request, const CancelToken* cancel = nullptr);

// The point where the segment from the centre of a `width`×`height` box at `centre` towards
// `towards` leaves the box.
Point clipToBox(Point centre, double width, double height, Point towards);

} // namespace graphlens::layout
