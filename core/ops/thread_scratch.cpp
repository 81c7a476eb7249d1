#include "core/ops/thread_scratch.h"

#include <cstdlib>
#include <memory>
#include <new>

namespace graphlens::ops {
namespace {

struct Scratch {
    struct Free {
        void operator()(float* p) const { std::free(p); }
    };
    std::unique_ptr<float[], Free> data;
    int64_t size = 0;
};

} // namespace

float* threadScratch(ScratchSlot slot, int64_t n) {
    thread_local Scratch slots[static_cast<int>(ScratchSlot::Count)];
    Scratch& s = slots[static_cast<int>(slot)];
    if (n > s.size) {
        const size_t bytes = (static_cast<size_t>(n) * sizeof(float) + 63) / 64 * 64;
        s.data.reset(); // the old block goes first: never two at once
        s.size = 0;
        s.data.reset(static_cast<float*>(std::aligned_alloc(64, bytes)));
        if (!s.data) throw std::bad_alloc();
        s.size = n;
    }
    return s.data.get();
}

} // namespace graphlens::ops
