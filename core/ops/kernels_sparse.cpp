// SparseToDense, the op under tf.sparse.to_dense: scatters a SparseTensor's values into a tensor
// of the default value, checking the indices as TF's kernel does (bounds, then lexicographic order
// and repeats; the texts are TF's). DenseBincount, which ragged row partitions count rows with.
#include <string>

#include "core/ops/kernel_util.h"
#include "core/tensor/dispatch.h"

namespace graphlens::ops {

namespace {

std::string joinInts(const int64_t* v, int64_t n) {
    std::string s;
    for (int64_t k = 0; k < n; ++k) {
        if (k) s += ',';
        s += std::to_string(v[k]);
    }
    return s;
}

void sparseToDenseKernel(KernelContext& c) {
    const Tensor& indicesIn = c.input(0);
    // (a shape whose element count overflows int64 is refused, so linear indices stay in range)
    const std::vector<int64_t> shape = shapeFromTensor(c.input(1), "output_shape").dims();
    const Tensor& values = c.input(2);
    const Tensor& defaultValue = c.input(3);
    if (indicesIn.rank() > 2)
        invalidArgument("sparse_indices should be a scalar, vector, or matrix, got shape ", indicesIn.shape().str());
    if (c.input(1).rank() > 1)
        invalidArgument("output_shape should be a scalar or vector, got shape ", c.input(1).shape().str());
    const int64_t n = indicesIn.rank() == 0 ? 1 : indicesIn.dim(0);
    const int64_t r = indicesIn.rank() == 2 ? indicesIn.dim(1) : 1;
    if (r != static_cast<int64_t>(shape.size()))
        invalidArgument("sparse_indices[0] must have the same number of dimensions as output_shape: ", r, " vs. ",
                        shape.size());
    if (!(values.rank() == 0 || (values.rank() == 1 && values.dim(0) == n)))
        invalidArgument("sparse_values has incorrect shape ", values.shape().str(), ", should be [] or [", n, "]");
    if (defaultValue.numElements() != 1)
        invalidArgument("default_value should be a scalar, got shape ", defaultValue.shape().str());
    const std::vector<int64_t> idx = indicesIn.toInt64Vector();
    const bool validate = c.attrs().getBool("validate_indices");
    std::vector<int64_t> flat(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        const int64_t* at = idx.data() + i * r;
        int64_t linear = 0;
        bool inBounds = true;
        for (int64_t k = 0; k < r; ++k) {
            if (at[k] < 0 || at[k] >= shape[static_cast<size_t>(k)]) inBounds = false;
            linear = linear * shape[static_cast<size_t>(k)] + at[k];
        }
        if (!inBounds)
            invalidArgument("indices[", i, "] = [", joinInts(at, r), "] is out of bounds: need 0 <= index < [",
                            joinInts(shape.data(), r), "]");
        if (validate && i > 0) {
            const int64_t* prev = at - r;
            int cmp = 0;
            for (int64_t k = 0; k < r && cmp == 0; ++k) cmp = at[k] < prev[k] ? -1 : at[k] > prev[k] ? 1 : 0;
            if (cmp < 0)
                invalidArgument("indices[", i, "] = [", joinInts(at, r),
                                "] is out of order. Many sparse ops require sorted indices.\n"
                                "    Use `tf.sparse.reorder` to create a correctly ordered copy.\n\n");
            if (cmp == 0) invalidArgument("indices[", i, "] = [", joinInts(at, r), "] is repeated");
        }
        flat[static_cast<size_t>(i)] = linear;
    }
    Tensor out(values.dtype(), TensorShape(shape));
    const int64_t total = out.numElements();
    for (int64_t e = 0; e < total; ++e) copyElements(defaultValue, 0, out, e, 1);
    for (int64_t i = 0; i < n; ++i)
        copyElements(values, values.rank() == 0 ? 0 : i, out, flat[static_cast<size_t>(i)], 1);
    c.setOutput(0, std::move(out));
}

// DenseBincount for a 1-D input: out[v] counts (or sums the weights of, or flags) the values v <
// size; an empty weights tensor counts.
void denseBincountKernel(KernelContext& c) {
    const std::vector<int64_t> arr = c.input(0).toInt64Vector();
    const Tensor& sizeIn = c.input(1);
    const Tensor& weights = c.input(2);
    if (sizeIn.rank() != 0) invalidArgument("Shape must be rank 0 but is rank ", sizeIn.rank());
    const int64_t size = sizeIn.toInt64Vector().at(0);
    if (size < 0) invalidArgument("size (", size, ") must be non-negative");
    if (c.input(0).rank() > 1) invalidArgument("DenseBincount of a ", c.input(0).rank(), "-D input is not supported");
    const bool binary = c.attrs().getBool("binary_output");
    const bool weighted = weights.numElements() > 0;
    if (weighted && weights.shape() != c.input(0).shape())
        invalidArgument("Weights and input must have the same shape.");
    const DType type = weights.dtype();
    Tensor out = Tensor::zeros(type, TensorShape{ size });
    // the output (charged to the run's memory budget) is the only buffer of `size` elements
    const std::vector<double> w = weighted ? weights.toDoubleVector() : std::vector<double>{};
    tensor::visitCommon(type, [&](auto tag) {
        using T = decltype(tag);
        T* o = out.data<T>();
        for (size_t i = 0; i < arr.size(); ++i) {
            if (arr[i] < 0) invalidArgument("Input arr must be non-negative!");
            if (arr[i] >= size) continue;
            T& a = o[arr[i]];
            a = binary ? T(1) : static_cast<T>(a + (weighted ? static_cast<T>(w[i]) : T(1)));
        }
    });
    c.setOutput(0, std::move(out));
}

void denseBincountShape(ShapeContext& c) {
    const Tensor* size = c.inputValue(1);
    c.setOutput(0, PartialShape{ size ? size->toInt64Vector().at(0) : -1 });
}

void sparseToDenseShape(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(1));
}

} // namespace

void registerSparseKernels() {
    defineOp("SparseToDense").kernel(sparseToDenseKernel, tensor::kAllTypes).shape(sparseToDenseShape);
    defineOp("DenseBincount")
        .kernel(denseBincountKernel, tensor::kAllTypes, "")
        .shape(denseBincountShape)
        .notDifferentiable();
}

} // namespace graphlens::ops
