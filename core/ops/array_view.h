#pragma once
// A tensor as core/numeric's printers (numpy's and TensorFlow's text of arrays) read it: the one
// DType -> numeric::ElementType mapping, for tf.print's kernels and the eager Python classes.
#include "core/numeric/array_format.h"
#include "core/tensor/tensor.h"

namespace graphlens::ops {

// String tensors map to Object (numpy's dtype=object of Python bytes, what .numpy() gives).
numeric::ElementType elementTypeOf(tensor::DType dt);
// A view of t's elements (no copy; valid while t is); strings as Object.
numeric::ArrayView arrayViewOf(const tensor::Tensor& t);

} // namespace graphlens::ops
