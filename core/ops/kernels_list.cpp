// TensorList ops (the DT_VARIANT lists behind tf.TensorArray and while-loop accumulators):
// EmptyTensorList, TensorListReserve, TensorListFromTensor, TensorListSetItem, TensorListGetItem,
// TensorListStack, TensorListGather, TensorListLength, TensorListPushBack, TensorListPopBack,
// TensorListElementShape; with TF's gradients (list_ops' registered Python gradients).
#include <cstring>

#include "core/ops/kernel_util.h"
#include "core/ops/resource.h"

namespace graphlens::ops {

namespace {

using tensor::Variant;

// -1 scalar: unknown rank; otherwise a vector with -1 for unknown dims.
PartialShape elementShapeFrom(const Tensor& t) {
    if (t.rank() == 0) {
        if (t.toInt64Vector()[0] != -1)
            invalidArgument("The only valid scalar shape tensor is the fully unknown shape specified as -1.");
        return PartialShape::unknown();
    }
    return PartialShape(t.toInt64Vector());
}

const TensorList& listFrom(const Tensor& t) {
    if (t.dtype() != DType::Variant || t.numElements() != 1)
        invalidArgument("Input handle is not a list. Saw: '", t.shape().str(), "'");
    const auto* l = t.data<Variant>()->get<TensorList>();
    if (!l)
        invalidArgument("Input handle is not a list. Saw: '",
                        (t.data<Variant>()->value ? t.data<Variant>()->value->typeName() : ""), "'");
    return *l;
}

void checkDtype(const TensorList& l, DType want) {
    if (l.elementDtype != want)
        invalidArgument("Invalid data types; op elements ", tensor::dtypeCppName(want), " but list elements ",
                        tensor::dtypeCppName(l.elementDtype));
}

Tensor wrapList(KernelContext& c, std::shared_ptr<TensorList> l) {
    Tensor t(DType::Variant, TensorShape{}, c.device()->allocator());
    t.data<Variant>()->value = std::move(l);
    return t;
}

// A copy to modify (TF forwards the input when it holds the only reference; values are immutable
// here, so a copy of the element vector is cheap: elements share buffers).
std::shared_ptr<TensorList> copyOf(const TensorList& l) {
    return std::make_shared<TensorList>(l);
}

// The shape an unset element reads as: the list's element shape merged with the op's.
TensorShape shapeForUnset(const TensorList& l, const PartialShape& opShape, const char* what) {
    PartialShape s = l.elementShape;
    if (auto m = s.merge(opShape)) s = *m;
    if (!s.isFullyDefined())
        invalidArgument("Trying to read an uninitialized tensor but element_shape is not fully defined: ", s.str(),
                        " and no list element is set.", what);
    return s.toShape();
}

void emptyKernel(KernelContext& c) {
    auto l = std::make_shared<TensorList>();
    l->elementDtype = c.attrs().getType("element_dtype");
    l->elementShape = elementShapeFrom(c.input(0));
    l->maxNumElements = c.input(1).toInt64Vector()[0];
    c.setOutput(0, wrapList(c, std::move(l)));
}

void reserveKernel(KernelContext& c) {
    auto l = std::make_shared<TensorList>();
    l->elementDtype = c.attrs().getType("element_dtype");
    l->elementShape = elementShapeFrom(c.input(0));
    const int64_t n = c.input(1).toInt64Vector()[0];
    if (n < 0) invalidArgument("The num_elements to reserve must be a non negative number, but got ", n);
    l->tensors.resize(static_cast<size_t>(n));
    c.setOutput(0, wrapList(c, std::move(l)));
}

void fromTensorKernel(KernelContext& c) {
    const Tensor& t = c.input(0);
    if (t.rank() < 1) invalidArgument("Tensor must be at least a vector, but saw shape: ", t.shape().str());
    auto l = std::make_shared<TensorList>();
    l->elementDtype = t.dtype();
    l->elementShape = elementShapeFrom(c.input(1));
    TensorShape rowShape(std::vector<int64_t>(t.shape().dims().begin() + 1, t.shape().dims().end()));
    if (!l->elementShape.isCompatibleWith(rowShape))
        invalidArgument("Specified a list with shape ", l->elementShape.str(), " from a tensor with shape ",
                        rowShape.str());
    const int64_t row = rowShape.numElements();
    for (int64_t i = 0; i < t.dim(0); ++i) {
        Tensor e = c.allocate(t.dtype(), rowShape);
        copyElements(t, i * row, e, 0, row);
        l->tensors.push_back(e);
    }
    c.setOutput(0, wrapList(c, std::move(l)));
}

void lengthKernel(KernelContext& c) {
    c.setOutput(0, Tensor::scalar<int32_t>(static_cast<int32_t>(listFrom(c.input(0)).tensors.size())));
}

void elementShapeKernel(KernelContext& c) {
    const TensorList& l = listFrom(c.input(0));
    const DType st = c.attrs().getType("shape_type");
    Tensor out;
    if (!l.elementShape.hasRank()) out = Tensor::zeros(st, TensorShape{});
    else out = Tensor::zeros(st, TensorShape{ l.elementShape.rank() });
    std::vector<int64_t> v = l.elementShape.hasRank() ? l.elementShape.dims() : std::vector<int64_t>{ -1 };
    for (size_t i = 0; i < v.size(); ++i) {
        if (st == DType::Int32) out.data<int32_t>()[i] = static_cast<int32_t>(v[i]);
        else out.data<int64_t>()[i] = v[i];
    }
    c.setOutput(0, out);
}

void setItemKernel(KernelContext& c) {
    const TensorList& in = listFrom(c.input(0));
    checkDtype(in, c.attrs().getType("element_dtype"));
    const int64_t index = c.input(1).toInt64Vector()[0];
    const Tensor& item = c.input(2);
    auto l = copyOf(in);
    if (index < 0)
        invalidArgument("Trying to modify element ", index, " in a list with ", in.tensors.size(), " elements.");
    if (index >= static_cast<int64_t>(l->tensors.size())) {
        const AttrValue* r = c.attrs().find("resize_if_index_out_of_bounds");
        if (r && std::get<bool>(*r)) l->tensors.resize(static_cast<size_t>(index + 1));
        else invalidArgument("Trying to modify element ", index, " in a list with ", in.tensors.size(), " elements.");
    }
    if (!in.elementShape.isCompatibleWith(item.shape()))
        invalidArgument("Tried to set a tensor with incompatible shape at a list index. Item element shape: ",
                        item.shape().str(), " list shape: ", in.elementShape.str());
    l->tensors[static_cast<size_t>(index)] = item;
    c.setOutput(0, wrapList(c, std::move(l)));
}

Tensor readElement(KernelContext& c, const TensorList& l, int64_t index, const PartialShape& opShape) {
    const Tensor& e = l.tensors[static_cast<size_t>(index)];
    if (e.isValid()) return e;
    return Tensor::zeros(l.elementDtype, shapeForUnset(l, opShape, ""), c.device()->allocator());
}

void getItemKernel(KernelContext& c) {
    const TensorList& l = listFrom(c.input(0));
    checkDtype(l, c.attrs().getType("element_dtype"));
    const int64_t index = c.input(1).toInt64Vector()[0];
    if (index < 0 || index >= static_cast<int64_t>(l.tensors.size()))
        invalidArgument("Trying to access element ", index, " in a list with ", l.tensors.size(), " elements.");
    c.setOutput(0, readElement(c, l, index, elementShapeFrom(c.input(2))));
}

Tensor stackRows(KernelContext& c, const TensorList& l, const std::vector<int64_t>& indices,
                 const PartialShape& opShape) {
    PartialShape shape = l.elementShape;
    if (auto m = shape.merge(opShape)) shape = *m;
    for (int64_t i : indices)
        if (l.tensors[static_cast<size_t>(i)].isValid()) {
            auto m = shape.merge(l.tensors[static_cast<size_t>(i)].shape());
            if (!m)
                invalidArgument("Incompatible shapes in list: ", shape.str(), " vs. ",
                                l.tensors[static_cast<size_t>(i)].shape().str());
            shape = *m;
        }
    if (!shape.isFullyDefined())
        invalidArgument("Tried to stack elements of an empty list with non-fully-defined element_shape: ", shape.str());
    const TensorShape rowShape = shape.toShape();
    TensorShape outShape = rowShape;
    outShape.insertDim(0, static_cast<int64_t>(indices.size()));
    Tensor out = Tensor::zeros(l.elementDtype, outShape, c.device()->allocator());
    const int64_t row = rowShape.numElements();
    for (size_t k = 0; k < indices.size(); ++k) {
        const Tensor& e = l.tensors[static_cast<size_t>(indices[k])];
        if (e.isValid()) copyElements(e, 0, out, static_cast<int64_t>(k) * row, row);
    }
    return out;
}

void stackKernel(KernelContext& c) {
    const TensorList& l = listFrom(c.input(0));
    checkDtype(l, c.attrs().getType("element_dtype"));
    const int64_t want = c.attrs().getInt("num_elements");
    if (want != -1 && want != static_cast<int64_t>(l.tensors.size()))
        invalidArgument("Operation expected a list with ", want, " elements but got a list with ", l.tensors.size(),
                        " elements.");
    std::vector<int64_t> idx(l.tensors.size());
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int64_t>(i);
    c.setOutput(0, stackRows(c, l, idx, elementShapeFrom(c.input(1))));
}

void gatherKernel(KernelContext& c) {
    const TensorList& l = listFrom(c.input(0));
    checkDtype(l, c.attrs().getType("element_dtype"));
    const auto idx = c.input(1).toInt64Vector();
    for (int64_t i : idx)
        if (i < 0 || i >= static_cast<int64_t>(l.tensors.size()))
            invalidArgument("Index ", i, " out o range; list only has ", l.tensors.size(), " elements.");
    c.setOutput(0, stackRows(c, l, idx, elementShapeFrom(c.input(2))));
}

void pushBackKernel(KernelContext& c) {
    const TensorList& in = listFrom(c.input(0));
    checkDtype(in, c.attrs().getType("element_dtype"));
    const Tensor& item = c.input(1);
    if (!in.elementShape.isCompatibleWith(item.shape()))
        invalidArgument("Tried to append a tensor with incompatible shape to a list. Op element shape: ",
                        item.shape().str(), " list shape: ", in.elementShape.str());
    if (in.maxNumElements != -1 && static_cast<int64_t>(in.tensors.size()) >= in.maxNumElements)
        invalidArgument("Tried to push item into a full list list size: ", in.tensors.size(),
                        " max_num_elements: ", in.maxNumElements);
    auto l = copyOf(in);
    l->tensors.push_back(item);
    c.setOutput(0, wrapList(c, std::move(l)));
}

void popBackKernel(KernelContext& c) {
    const TensorList& in = listFrom(c.input(0));
    checkDtype(in, c.attrs().getType("element_dtype"));
    if (in.tensors.empty()) invalidArgument("Trying to pop from an empty list.");
    auto l = copyOf(in);
    Tensor e = readElement(c, in, static_cast<int64_t>(in.tensors.size()) - 1, elementShapeFrom(c.input(1)));
    l->tensors.pop_back();
    c.setOutput(0, wrapList(c, std::move(l)));
    c.setOutput(1, e);
}

void scalarHandleShape(ShapeContext& c) {
    c.setOutput(0, PartialShape(std::vector<int64_t>{}));
}
void itemShape(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(2));
}
void stackShape(ShapeContext& c) {
    PartialShape e = c.inputValue(1) ? elementShapeFrom(*c.inputValue(1)) : PartialShape::unknown();
    if (!e.hasRank()) return c.setOutput(0, PartialShape::unknown());
    std::vector<int64_t> d = e.dims();
    d.insert(d.begin(), c.attrs().getInt("num_elements"));
    c.setOutput(0, PartialShape(d));
}
void gatherShape(ShapeContext& c) {
    PartialShape e = c.inputValue(2) ? elementShapeFrom(*c.inputValue(2)) : PartialShape::unknown();
    const PartialShape& ind = c.inputShape(1);
    if (!e.hasRank() || !ind.hasRank()) return c.setOutput(0, PartialShape::unknown());
    std::vector<int64_t> d = e.dims();
    d.insert(d.begin(), ind.rank() == 1 ? ind.dim(0) : -1);
    c.setOutput(0, PartialShape(d));
}
void popShape(ShapeContext& c) {
    c.setOutput(0, PartialShape(std::vector<int64_t>{}));
    c.setOutput(1, c.inputValue(1) ? elementShapeFrom(*c.inputValue(1)) : PartialShape::unknown());
}
void elementShapeShape(ShapeContext& c) {
    c.setOutput(0, PartialShape::unknown());
}

// ----- gradients (TF's list_ops.py) -----------------------------------------------------------

Sym elementShapeOf(GradBuilder& b, Sym list) {
    return b.op1("TensorListElementShape", { list }, { { "shape_type", DType::Int32 } });
}

std::vector<Sym> stackGrad(GradBuilder& b, const GradContext& c) {
    const DType et = c.attrs->getType("element_dtype");
    (void)et;
    const Sym shape = elementShapeOf(b, c.input(0));
    return { b.op1("TensorListFromTensor", { c.grad(0), shape }), Sym{} };
}

std::vector<Sym> fromTensorGrad(GradBuilder& b, const GradContext& c) {
    if (!c.grad(0)) return { Sym{}, Sym{} };
    const PartialShape s = b.shape(c.input(0));
    const int64_t n = s.hasRank() && s.rank() > 0 ? s.dim(0) : -1;
    const Sym elementShape =
        b.op1("Slice", { grad::shapeOf(b, c.input(0)), grad::intVector(b, { 1 }), grad::intVector(b, { -1 }) });
    return { b.op1("TensorListStack", { c.grad(0), elementShape },
                   { { "element_dtype", b.dtype(c.input(0)) }, { "num_elements", n } }),
             Sym{} };
}

std::vector<Sym> getItemGrad(GradBuilder& b, const GradContext& c) {
    const DType et = c.attrs->getType("element_dtype");
    const Sym length = b.op1("TensorListLength", { c.input(0) });
    const Sym reserved =
        b.op1("TensorListReserve", { elementShapeOf(b, c.input(0)), length }, { { "element_dtype", et } });
    return { b.op1("TensorListSetItem", { reserved, c.input(1), c.grad(0) }, { { "element_dtype", et } }), Sym{},
             Sym{} };
}

std::vector<Sym> setItemGrad(GradBuilder& b, const GradContext& c) {
    if (!c.grad(0)) return { Sym{}, Sym{}, Sym{} };
    const DType et = c.attrs->getType("element_dtype");
    const Sym listGrad = b.op1("TensorListSetItem", { c.grad(0), c.input(1), grad::zerosLike(b, c.input(2)) },
                               { { "element_dtype", et } });
    const Sym itemGrad = b.op1("TensorListGetItem", { c.grad(0), c.input(1), elementShapeOf(b, c.input(0)) },
                               { { "element_dtype", et } });
    return { listGrad, Sym{}, itemGrad };
}

std::vector<Sym> pushBackGrad(GradBuilder& b, const GradContext& c) {
    if (!c.grad(0)) return { Sym{}, Sym{} };
    const DType et = c.attrs->getType("element_dtype");
    auto outs = b.op("TensorListPopBack", { c.grad(0), elementShapeOf(b, c.input(0)) }, { { "element_dtype", et } });
    return { outs.at(0), outs.at(1) };
}

std::vector<Sym> popBackGrad(GradBuilder& b, const GradContext& c) {
    const DType et = c.attrs->getType("element_dtype");
    Sym list = c.grad(0);
    if (!list)
        list = b.op1("EmptyTensorList", { elementShapeOf(b, c.output(0)), grad::intScalar(b, -1) },
                     { { "element_dtype", et } });
    Sym item = c.grad(1);
    if (!item) item = grad::zerosLike(b, c.output(1));
    return { b.op1("TensorListPushBack", { list, item }, { { "element_dtype", et } }), Sym{} };
}

// AddN of TensorLists (TF aggregates list gradients so): element by element, an unset element
// counting as zeros.
void addListsKernel(KernelContext& c) {
    auto out = copyOf(listFrom(c.input(0)));
    for (int i = 1; i < c.numInputs(); ++i) {
        const TensorList& l = listFrom(c.input(i));
        if (l.tensors.size() != out->tensors.size())
            invalidArgument("Trying to add two lists of tensors with different lengths. One is ", out->tensors.size(),
                            " and the other is ", l.tensors.size());
        if (l.elementDtype != out->elementDtype)
            invalidArgument("Trying to add two lists of tensors of different dtypes. One is ",
                            tensor::dtypeCppName(out->elementDtype), " and the other is ",
                            tensor::dtypeCppName(l.elementDtype));
        for (size_t k = 0; k < l.tensors.size(); ++k) {
            const Tensor& b = l.tensors[k];
            Tensor& a = out->tensors[k];
            if (!b.isValid()) continue;
            if (!a.isValid()) {
                a = b;
                continue;
            }
            if (a.shape() != b.shape())
                invalidArgument("Trying to add two tensors with incompatible element shapes. One is ", a.shape().str(),
                                " and the other is ", b.shape().str());
            tensor::visitNative(a.dtype(), [&](auto tag) {
                using T = decltype(tag);
                Tensor sum(a.dtype(), a.shape(), c.device()->allocator());
                for (int64_t j = 0; j < sum.numElements(); ++j)
                    sum.data<T>()[j] = static_cast<T>(a.data<T>()[j] + b.data<T>()[j]);
                a = std::move(sum);
            });
        }
    }
    c.setOutput(0, wrapList(c, std::move(out)));
}

// ZerosLike of a TensorList: the same elements as zeros (unset ones stay unset), as TF's variant
// zeros_like makes the gradient of a list nothing flowed into.
void zerosLikeListKernel(KernelContext& c) {
    auto out = copyOf(listFrom(c.input(0)));
    for (Tensor& t : out->tensors) {
        if (!t.isValid()) continue;
        Tensor zero(t.dtype(), t.shape(), c.device()->allocator());
        if (!tensor::isObjectDType(t.dtype())) std::memset(zero.rawData(), 0, zero.totalBytes());
        t = std::move(zero);
    }
    c.setOutput(0, wrapList(c, std::move(out)));
}

} // namespace

void registerListKernels() {
    defineOp("ZerosLike").kernel(zerosLikeListKernel, tensor::maskOf(DType::Variant));
    defineOp("AddN").kernel(addListsKernel, tensor::maskOf(DType::Variant));
    const DTypeMask any = tensor::kAllTypes;
    defineOp("EmptyTensorList").kernel(emptyKernel, any, "").shape(scalarHandleShape).notDifferentiable();
    defineOp("TensorListReserve").kernel(reserveKernel, any, "").shape(scalarHandleShape).notDifferentiable();
    defineOp("TensorListFromTensor").kernel(fromTensorKernel, any, "").shape(scalarHandleShape).grad(fromTensorGrad);
    defineOp("TensorListLength").kernel(lengthKernel, any, "").shape(shapeScalar).notDifferentiable();
    defineOp("TensorListElementShape").kernel(elementShapeKernel, any, "").shape(elementShapeShape).notDifferentiable();
    defineOp("TensorListSetItem").kernel(setItemKernel, any, "").shape(scalarHandleShape).grad(setItemGrad);
    defineOp("TensorListGetItem").kernel(getItemKernel, any, "").shape(itemShape).grad(getItemGrad);
    defineOp("TensorListStack").kernel(stackKernel, any, "").shape(stackShape).grad(stackGrad);
    defineOp("TensorListGather").kernel(gatherKernel, any, "").shape(gatherShape);
    defineOp("TensorListPushBack").kernel(pushBackKernel, any, "").shape(scalarHandleShape).grad(pushBackGrad);
    defineOp("TensorListPopBack").kernel(popBackKernel, any, "").shape(popShape).grad(popBackGrad);
}

} // namespace graphlens::ops
