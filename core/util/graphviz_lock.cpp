#include "core/util/graphviz_lock.h"

namespace graphlens {
std::mutex& graphvizMutex() {
    static std::mutex mutex;
    return mutex;
}
} // namespace graphlens
