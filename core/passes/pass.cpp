#include "core/passes/pass.h"

#include <algorithm>

namespace graphlens::passes {

int PassReport::count(ChangeKind kind) const {
    return static_cast<int>(
        std::count_if(changes.begin(), changes.end(), [kind](const NodeChange& c) { return c.kind == kind; }));
}

} // namespace graphlens::passes
