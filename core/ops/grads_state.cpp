// Gradients of the resource-variable ops: TF's _ReadGrad (the gradient flows to the handle).
#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {
std::vector<Sym> readVariableGrad(GradBuilder& b, const GradContext& c) {
    (void)b;
    return { c.grad(0) };
}
} // namespace

void registerStateGradients() {
    defineOp("ReadVariableOp").grad(readVariableGrad);
}

} // namespace graphlens::ops
