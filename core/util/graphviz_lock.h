#pragma once
// Graphviz keeps global state (libgvc contexts, cgraph allocators): every call into it, from any
// thread and any module, holds this one mutex.
#include <mutex>

namespace graphlens {
std::mutex& graphvizMutex();
} // namespace graphlens
