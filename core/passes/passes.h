#pragma once
// The passes, one factory each; manager.cpp's defaultPasses() lists them in grappler's order.
#include <memory>

#include "core/passes/pass.h"

namespace graphlens::passes {

std::unique_ptr<Pass> makeModelPruner();                  // "model_pruner"
std::unique_ptr<Pass> makeFunctionOptimizer();            // "function_optimizer": inlines calls
std::unique_ptr<Pass> makeCommonSubgraphElimination();    // "common_subgraph_elimination"
std::unique_ptr<Pass> makeConstantFolding();              // "constant_folding" (our kernels)
std::unique_ptr<Pass> makeShapeOptimizer();               // "shape_optimizer"
std::unique_ptr<Pass> makeArithmeticOptimizer();          // "arithmetic_optimizer"
std::unique_ptr<Pass> makeLayoutOptimizer(Target target); // "layout" (run once)
std::unique_ptr<Pass> makeRemapper(Target target);        // "remapper": grappler's fusions + misses
std::unique_ptr<Pass> makeElementwiseFusion();            // "elementwise_fusion": beyond grappler
std::unique_ptr<Pass> makeDependencyOptimizer();          // "dependency_optimizer"
std::unique_ptr<Pass> makeMemoryPlanner();                // "memory_planner" (run once; reports only)

} // namespace graphlens::passes
