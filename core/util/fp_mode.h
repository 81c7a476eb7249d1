// The SSE floating-point mode of the running thread. TF runs every CPU kernel with denormals
// flushed to zero (and read as zero), on the calling thread and on its pool's threads; GraphLens's
// kernels do the same, while the interpreter's own float arithmetic keeps IEEE denormals.
#pragma once

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace graphlens::util {

#if defined(__SSE__)
inline unsigned currentFpMode() {
    return _mm_getcsr();
}
// Sets a mode (an MXCSR value) while it lives.
class ScopedFpMode {
public:
    explicit ScopedFpMode(unsigned mode)
        : m_saved(_mm_getcsr()) {
        if (mode != m_saved) _mm_setcsr(mode);
    }
    ~ScopedFpMode() {
        if (_mm_getcsr() != m_saved) _mm_setcsr(m_saved);
    }
    ScopedFpMode(const ScopedFpMode&) = delete;
    ScopedFpMode& operator=(const ScopedFpMode&) = delete;

private:
    unsigned m_saved;
};
// Flush-to-zero and denormals-are-zero on, as TF's kernels run.
class ScopedFlushDenormals : public ScopedFpMode {
public:
    ScopedFlushDenormals()
        : ScopedFpMode(_mm_getcsr() | 0x8040u) { }
};
#else
inline unsigned currentFpMode() {
    return 0;
}
class ScopedFpMode {
public:
    explicit ScopedFpMode(unsigned) { }
};
class ScopedFlushDenormals { };
#endif

} // namespace graphlens::util
