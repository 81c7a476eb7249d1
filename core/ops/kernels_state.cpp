// Resource variables: VarHandleOp, ReadVariableOp, AssignVariableOp, AssignAdd/SubVariableOp,
// VarIsInitializedOp, DestroyResourceOp, ResourceGather, ResourceStridedSliceAssign.
#include "core/ops/execute.h"
#include "core/ops/kernel_util.h"
#include "core/ops/resource.h"

namespace graphlens::ops {

namespace {

// The name eager TensorFlow passes as shared_name for a variable of its own (context.anonymous_name()).
constexpr std::string_view kAnonymousName = "cd2c89b7-88b7-44c8-ad83-06c2a9158347";

std::string notFoundText(const ResourceHandle& h, const char* mangled) {
    return "Resource " + h.container + "/" + h.name + "/" + mangled + " does not exist.";
}

std::shared_ptr<VarResource> lookupVar(KernelContext& c, int input) {
    const ResourceHandle& h = handleFromTensor(c.input(input));
    auto r = resourceManager(c.device()).lookup(h);
    auto v = std::dynamic_pointer_cast<VarResource>(r);
    if (!v)
        throw tensor::FailedPreconditionError("Could not find variable " + h.name +
                                              ". This could mean that the variable has been deleted. In TF1, it can "
                                              "also mean the variable is uninitialized. Debug info: container=" +
                                              h.container +
                                              ", status error message=" + notFoundText(h, "N10tensorflow3VarE"));
    return v;
}

void varHandleKernel(KernelContext& c) {
    std::string name = c.attrs().getString("shared_name");
    if (name.empty() || name == kAnonymousName) name = anonymousVarName();
    c.setOutput(0,
                makeVarHandle(c.device(), c.attrs().getString("container"), name, c.attrs().getType("dtype"),
                              c.attrs().get<PartialShape>("shape")));
}

void readVariableKernel(KernelContext& c) {
    auto v = lookupVar(c, 0);
    std::lock_guard lock(v->mu);
    const DType want = c.attrs().getType("dtype");
    if (!v->isInitialized)
        throw tensor::FailedPreconditionError("Read variable failure " + handleFromTensor(c.input(0)).name +
                                              ". It could mean the variable is uninitialized or the variable is on "
                                              "another device ");
    if (v->value.dtype() != want)
        invalidArgument("Trying to read variable with wrong dtype. Expected ", tensor::dtypeCppName(want), " got ",
                        tensor::dtypeCppName(v->value.dtype()));
    c.setOutput(0, v->value);
}

void assignVariableKernel(KernelContext& c) {
    const ResourceHandle& h = handleFromTensor(c.input(0));
    const Tensor& value = c.input(1);
    auto& rm = resourceManager(c.device());
    auto v = std::dynamic_pointer_cast<VarResource>(rm.lookup(h));
    if (!v) {
        v = std::make_shared<VarResource>();
        rm.create(h, v);
    }
    std::lock_guard lock(v->mu);
    if (v->isInitialized) {
        if (v->value.dtype() != value.dtype())
            invalidArgument("Trying to assign variable with wrong dtype. Expected ",
                            tensor::dtypeCppName(v->value.dtype()), " got ", tensor::dtypeCppName(value.dtype()));
        if (c.attrs().getBool("validate_shape") && v->value.shape() != value.shape())
            invalidArgument("Trying to assign to variable with tensor with wrong shape. Expected ",
                            v->value.shape().str(), " got ", value.shape().str());
    }
    // Tensors are immutable once made, so the variable may share the value's buffer; in-place
    // updates copy first when the buffer is shared (TF's copy-on-write mode).
    v->value = value;
    v->isInitialized = true;
}

template<bool Add> void assignUpdateKernel(KernelContext& c) {
    auto v = lookupVar(c, 0);
    const Tensor& value = c.input(1);
    std::lock_guard lock(v->mu);
    if (!v->isInitialized) invalidArgument("Attempting to use uninitialized variable");
    if (v->value.dtype() != value.dtype())
        invalidArgument("Trying to assign variable with wrong dtype. Expected ", tensor::dtypeCppName(v->value.dtype()),
                        " got ", tensor::dtypeCppName(value.dtype()));
    if (v->value.shape() != value.shape())
        invalidArgument("Cannot update variable with shape ", v->value.shape().str(), " using a Tensor with shape ",
                        value.shape().str(), ", shapes must be equal.");
    static const OpHandle add = lookupOp("AddV2"), sub = lookupOp("Sub");
    const Tensor args[] = { v->value, value };
    v->value = execute(Add ? add : sub, args, {}, c.device()).at(0);
}

void varIsInitializedKernel(KernelContext& c) {
    const ResourceHandle& h = handleFromTensor(c.input(0));
    auto v = std::dynamic_pointer_cast<VarResource>(resourceManager(c.device()).lookup(h));
    bool init = false;
    if (v) {
        std::lock_guard lock(v->mu);
        init = v->isInitialized;
    }
    c.setOutput(0, Tensor::scalar(init));
}

void destroyResourceKernel(KernelContext& c) {
    const ResourceHandle& h = handleFromTensor(c.input(0));
    if (!resourceManager(c.device()).erase(h) && !c.attrs().getBool("ignore_lookup_error"))
        throw tensor::NotFoundError(notFoundText(h, "N10tensorflow3VarE"));
}

void resourceGatherKernel(KernelContext& c) {
    auto v = lookupVar(c, 0);
    Tensor value;
    {
        std::lock_guard lock(v->mu);
        value = v->value;
    }
    const int64_t batchDims = c.attrs().getInt("batch_dims");
    static const OpHandle gather = lookupOp("GatherV2");
    const Tensor args[] = { value, c.input(1), Tensor::scalar<int64_t>(batchDims) };
    c.setOutput(0, execute(gather, args, { { "batch_dims", batchDims } }, c.device()).at(0));
}

void resourceStridedSliceAssignKernel(KernelContext& c) {
    auto v = lookupVar(c, 0);
    std::lock_guard lock(v->mu);
    if (!v->isInitialized) invalidArgument("Attempting to use uninitialized variable");
    const Tensor& value = c.input(4);
    if (v->value.dtype() != value.dtype())
        invalidArgument("Trying to assign variable with wrong dtype. Expected ", tensor::dtypeCppName(v->value.dtype()),
                        " got ", tensor::dtypeCppName(value.dtype()));
    Tensor target = v->value.ownsBufferAlone() ? v->value : v->value.deepCopy(c.device()->allocator());
    stridedSliceAssign(target, c.input(1), c.input(2), c.input(3), value, c.attrs());
    v->value = target;
}

void resourceStridedSliceAssignShape(ShapeContext& c) {
    (void)c;
}

void readVariableShape(ShapeContext& c) {
    c.setOutput(0, PartialShape::unknown());
}
void noOutputs(ShapeContext& c) {
    (void)c;
}
void resourceGatherShape(ShapeContext& c) {
    const PartialShape& ind = c.inputShape(1);
    if (!ind.hasRank()) return c.setOutput(0, PartialShape::unknown());
    c.setOutput(0, PartialShape::unknown());
}

} // namespace

void registerStateKernels() {
    defineOp("VarHandleOp").kernel(varHandleKernel, tensor::kAnyTypes, "").shape(shapeScalar).notDifferentiable();
    defineOp("ReadVariableOp").kernel(readVariableKernel, tensor::kAnyTypes, "").shape(readVariableShape);
    defineOp("AssignVariableOp")
        .kernel(assignVariableKernel, tensor::kAllTypes, "")
        .shape(noOutputs)
        .notDifferentiable();
    defineOp("AssignAddVariableOp")
        .kernel(assignUpdateKernel<true>, tensor::kAllTypes, "")
        .shape(noOutputs)
        .notDifferentiable();
    defineOp("AssignSubVariableOp")
        .kernel(assignUpdateKernel<false>, tensor::kAllTypes, "")
        .shape(noOutputs)
        .notDifferentiable();
    defineOp("VarIsInitializedOp")
        .kernel(varIsInitializedKernel, tensor::kAllTypes, "")
        .shape(shapeScalar)
        .notDifferentiable();
    defineOp("DestroyResourceOp")
        .kernel(destroyResourceKernel, tensor::kAllTypes, "")
        .shape(noOutputs)
        .notDifferentiable();
    defineOp("ResourceGather").kernel(resourceGatherKernel, tensor::kAnyTypes, "").shape(resourceGatherShape);
    defineOp("ResourceStridedSliceAssign")
        .kernel(resourceStridedSliceAssignKernel, tensor::kAllTypes, "")
        .shape(resourceStridedSliceAssignShape)
        .notDifferentiable();
}

} // namespace graphlens::ops
