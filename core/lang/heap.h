#pragma once
// The interpreter's heap: every object that can hold references (kindHoldsRefs) created while an
// interpreter runs is tracked here, so that reference cycles, which reference counting alone
// never frees, are found and freed.
//
// The collector is CPython's trial deletion: for each tracked object, subtract the references
// that come from other tracked objects (Object::traverse); what keeps a positive count is
// referenced from outside (C++ stack, frames, the interpreter's roots, closures the collector
// cannot see) and everything reachable from those survives. The rest is garbage: its
// references are dropped (Object::clearRefs) and the objects die by reference counting.
// Collections happen at statement boundaries only (Interpreter::maybeCollect), where no object
// is half-built, and when the interpreter shuts down.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/lang/value.h"

namespace graphlens::lang {

struct Heap {
    std::vector<Object*> objects; // tracked, indexed by Object::gcIndex
    size_t threshold = kMinThreshold;
    int64_t collections = 0;
    int64_t freed = 0; // objects freed by the collector, all collections together
    bool collecting = false;
    bool enabled = true; // automatic collections (gc.disable() turns them off)

    static constexpr size_t kMinThreshold = 20000;
    // Reference counts this high mark process-wide, immortal objects (builtin and native types).
    static constexpr int64_t kImmortalRefs = kImmortalRc;

    Heap() = default;
    Heap(const Heap&) = delete;
    Heap& operator=(const Heap&) = delete;
    ~Heap();

    bool due() const { return enabled && objects.size() > threshold; }
    // Frees unreachable cycles; returns how many objects it freed.
    size_t collect();
    // At interpreter shutdown: also drops references hidden in closures, generator stacks and
    // native payloads, collects again, and stops tracking what C++ code still holds.
    void shutdown();
};

// Makes `h` the heap new objects are tracked in on this thread, for a scope.
class HeapScope {
public:
    explicit HeapScope(Heap* h)
        : m_prev(detail::tl_heap) {
        detail::tl_heap = h;
    }
    ~HeapScope() { detail::tl_heap = m_prev; }
    HeapScope(const HeapScope&) = delete;
    HeapScope& operator=(const HeapScope&) = delete;

private:
    Heap* m_prev;
};

} // namespace graphlens::lang
