#include "core/passes/optimize_function.h"

#include <exception>

#include "core/passes/manager.h"

namespace graphlens::passes {

bool optimizeLibrary(tensorflow::FunctionDefLibrary& library, std::string* error) {
    tensorflow::GraphDef graph;
    *graph.mutable_library() = library;
    ManagerOptions options;
    options.keepSnapshots = false;
    try {
        OptimizeResult result = optimize(graph, options);
        library = std::move(*result.optimized.mutable_library());
        return true;
    } catch (const std::exception& e) {
        if (error) *error = e.what();
        return false;
    }
}

} // namespace graphlens::passes
