// Eager execution: dispatch, attr inference, broadcasting edge cases, error texts, shape functions.
#include <Eigen/Core>
#include <cmath>
#include <limits>

#include "tests/tensor/test_util.h"

using namespace graphlens::ops;
using namespace graphlens::ops::test;

namespace {
struct VerifyShapes {
    VerifyShapes() { setVerifyShapeFunctions(true); }
    ~VerifyShapes() { setVerifyShapeFunctions(false); }
};
const std::string kPrefix = "{{function_node __wrapped__";
const std::string kDevice = "_device_/job:localhost/replica:0/task:0/device:CPU:0}} ";
} // namespace

TEST_CASE("binary ops broadcast as numpy does") {
    VerifyShapes verify;
    // scalar with tensor, both orders
    requireClose(run("AddV2", { Tensor::scalar<float>(1), f32({ 1, 2, 3 }, { 3 }) }), { 2, 3, 4 });
    requireClose(run("Sub", { f32({ 1, 2, 3 }, { 3 }), Tensor::scalar<float>(1) }), { 0, 1, 2 });
    // column with row
    Tensor outer = run("Mul", { f32({ 1, 2 }, { 2, 1 }), f32({ 1, 10, 100 }, { 1, 3 }) });
    CHECK(outer.shape() == TensorShape{ 2, 3 });
    requireClose(outer, { 1, 10, 100, 2, 20, 200 });
    // rank extension in the middle, size-1 dims, empty dims
    Tensor mid = run("AddV2", { f32({ 1, 2 }, { 2, 1, 1 }), f32({ 10, 20, 30 }, { 3, 1 }) });
    CHECK(mid.shape() == TensorShape{ 2, 3, 1 });
    requireClose(mid, { 11, 21, 31, 12, 22, 32 });
    Tensor empty = run("AddV2", { Tensor(DType::Float32, TensorShape{ 0, 3 }), f32({ 1, 2, 3 }, { 3 }) });
    CHECK(empty.shape() == TensorShape{ 0, 3 });
    CHECK(run("AddV2", { f32({ 5 }, { 1, 1 }), f32({ 1, 2 }, { 2 }) }).shape() == TensorShape{ 1, 2 });
    CHECK(errorOf([] {
              run("AddV2", { f32({ 1, 2, 3, 4, 5, 6 }, { 2, 3 }), f32({ 1, 2, 3, 4 }, { 4 }) });
          }) ==
          "InvalidArgumentError: " + kPrefix + "AddV2" + kDevice + "Incompatible shapes: [2,3] vs. [4] [Op:AddV2]");
}

TEST_CASE("integer arithmetic follows TensorFlow") {
    CHECK(run("FloorDiv", { i32v({ 7, -7, 7, -7 }), i32v({ 2, 2, -2, -2 }) }).toInt64Vector() ==
          std::vector<int64_t>{ 3, -4, -4, 3 });
    CHECK(run("FloorMod", { i32v({ 7, -7, 7, -7 }), i32v({ 3, 3, -3, -3 }) }).toInt64Vector() ==
          std::vector<int64_t>{ 1, 2, -2, -1 });
    CHECK(run("Div", { i32v({ 7, -7 }), i32v({ 2, 2 }) }).toInt64Vector() == std::vector<int64_t>{ 3, -3 });
    CHECK(run("Pow", { i32v({ 2, 3 }), i32v({ 10, 0 }) }).toInt64Vector() == std::vector<int64_t>{ 1024, 1 });
    CHECK(errorOf([] {
              run("FloorDiv", { i32v({ 1, 2 }), i32v({ 0, 2 }) });
          }) == "InvalidArgumentError: " + kPrefix + "FloorDiv" + kDevice + "Integer division by zero [Op:FloorDiv]");
    CHECK(errorOf([] {
              run("FloorMod", { i32v({ 1 }), i32v({ 0 }) });
          }).find("Integer division by zero") != std::string::npos);
}

TEST_CASE("dtype checks and attr inference give TensorFlow's messages") {
    CHECK(errorOf([] {
              run("AddV2", { f32({ 1 }, { 1 }), i32v({ 1 }) });
          }) ==
          "InvalidArgumentError: cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but is "
          "a int32 "
          "tensor [Op:AddV2]");
    const std::string e = errorOf([] { run("Sqrt", { i32v({ 1 }) }); });
    CHECK(e.rfind(
              "InvalidArgumentError: Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, "
              "float, double, complex64, complex128\n\t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; "
              "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Sqrt]",
              0) == 0);
    CHECK(errorOf([] {
              run("RealDiv", { i32v({ 1 }), i32v({ 1 }) });
          })
              .rfind("NotFoundError: Could not find device for node: "
                     "{{node RealDiv}} = RealDiv[T=DT_INT32]",
                     0) == 0);
    CHECK(errorOf([] { execute("NoSuchOp", {}); }).rfind("NotFoundError: Op type not registered 'NoSuchOp'", 0) == 0);
    // number attrs are inferred and named in the wrapped function
    CHECK(errorOf([] {
              run("Pack", { f32({ 1, 2 }, { 2 }), f32({ 1, 2, 3 }, { 3 }) });
          }) ==
          "InvalidArgumentError: " + kPrefix + "Pack_N_2" + kDevice +
              "Shapes of all inputs must match: values[0].shape = [2] != values[1].shape = [3] [Op:Pack]");
    // oneDNN kernel names as TF's CPU build reports them
    CHECK(errorOf([] {
              run("MatMul", { f32({ 1, 2 }, { 1, 2 }), f32({ 1, 2 }, { 1, 2 }) });
          }).find("__wrapped__MatMul_device_") != std::string::npos);
}

TEST_CASE("an op handle dispatches without a name lookup") {
    const OpHandle add = lookupOp("AddV2");
    CHECK(add == lookupOp("AddV2"));
    CHECK(add->name == "AddV2");
    Tensor x = Tensor::scalar<float>(1.5f);
    Tensor acc = Tensor::scalar<float>(0.0f);
    for (int i = 0; i < 1000; ++i) acc = execute(add, { acc, x })[0];
    CHECK(acc.item<float>() == 1500.0f);
    CHECK(findOp("NoSuchOp") == nullptr);
    CHECK(opsWithKernels().size() > 100);
}

TEST_CASE("half and bfloat16 run through float32") {
    Tensor h = Tensor::fromVector<Eigen::half>({ Eigen::half(1.5f), Eigen::half(2.0f) });
    Tensor r = run("Mul", { h, h });
    CHECK(r.dtype() == DType::Float16);
    requireClose(r, { 2.25, 4.0 });
    Tensor b = run("Cast", { f32({ 1.0f, 3.0f }, { 2 }) }, { { "DstT", DType::BFloat16 } });
    CHECK(b.dtype() == DType::BFloat16);
    requireClose(run("Relu", { run("Neg", { b }) }), { 0, 0 });
}

TEST_CASE("shape-like ops") {
    VerifyShapes verify;
    Tensor x = f32({ 1, 2, 3, 4, 5, 6 }, { 2, 3 });
    CHECK(run("Reshape", { x, i32v({ -1 }) }).shape() == TensorShape{ 6 });
    CHECK(run("Reshape", { x, i32v({ 3, -1 }) }).sharesBufferWith(x));
    CHECK(errorOf([&] {
              run("Reshape", { x, i32v({ -1, -1 }) });
          }).find("Only one input size may be -1, not both 0 and 1") != std::string::npos);
    CHECK(run("Shape", { x }).toInt64Vector() == std::vector<int64_t>{ 2, 3 });
    CHECK(run("Size", { x }).toInt64Vector() == std::vector<int64_t>{ 6 });
    CHECK(run("Rank", { x }).toInt64Vector() == std::vector<int64_t>{ 2 });
    CHECK(run("ExpandDims", { x, Tensor::scalar<int32_t>(-1) }).shape() == TensorShape{ 2, 3, 1 });
    CHECK(run("Squeeze", { f32({ 1, 2 }, { 1, 2, 1 }) }).shape() == TensorShape{ 2 });
    CHECK(run("Squeeze", { f32({ 1, 2 }, { 1, 2, 1 }) }, { { "squeeze_dims", std::vector<int64_t>{ -1 } } }).shape() ==
          TensorShape{ 1, 2 });
    CHECK(run("Fill", { i32v({ 2, 2 }), Tensor::scalar<int32_t>(7) }).toInt64Vector() ==
          std::vector<int64_t>{ 7, 7, 7, 7 });
    CHECK(run("Range", { Tensor::scalar<int32_t>(0), Tensor::scalar<int32_t>(5), Tensor::scalar<int32_t>(2) })
              .toInt64Vector() == std::vector<int64_t>{ 0, 2, 4 });
    auto outs = execute("BroadcastGradientArgs", { i32v({ 2, 1, 3 }), i32v({ 4, 3 }) });
    CHECK(outs[0].toInt64Vector() == std::vector<int64_t>{ 1 });
    CHECK(outs[1].toInt64Vector() == std::vector<int64_t>{ 0 });
}

TEST_CASE("slicing and joining") {
    VerifyShapes verify;
    Tensor x = f32({ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 }, { 3, 4 });
    requireClose(run("Transpose", { x, i32v({ 1, 0 }) }), { 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11 });
    requireClose(run("Slice", { x, i32v({ 1, 1 }), i32v({ -1, 2 }) }), { 5, 6, 9, 10 });
    // x[::-1, 1::2]
    requireClose(run("StridedSlice", { x, i32v({ 0, 1 }), i32v({ 0, 0 }), i32v({ -1, 2 }) },
                     { { "begin_mask", int64_t{ 1 } }, { "end_mask", int64_t{ 3 } } }),
                 { 9, 11, 5, 7, 1, 3 });
    // x[..., 2] and x[:, tf.newaxis, 0:1]
    Tensor col = run("StridedSlice", { x, i32v({ 0, 2 }), i32v({ 0, 3 }), i32v({ 1, 1 }) },
                     { { "ellipsis_mask", int64_t{ 1 } }, { "shrink_axis_mask", int64_t{ 2 } } });
    CHECK(col.shape() == TensorShape{ 3 });
    requireClose(col, { 2, 6, 10 });
    Tensor na =
        run("StridedSlice", { x, i32v({ 0, 0, 0 }), i32v({ 0, 0, 1 }), i32v({ 1, 1, 1 }) },
            { { "begin_mask", int64_t{ 1 } }, { "end_mask", int64_t{ 1 } }, { "new_axis_mask", int64_t{ 2 } } });
    CHECK(na.shape() == TensorShape{ 3, 1, 1 });
    requireClose(run("ConcatV2", { x, x, Tensor::scalar<int32_t>(0) }),
                 { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 });
    CHECK(run("Pack", { x, x }, { { "axis", int64_t{ -1 } } }).shape() == TensorShape{ 3, 4, 2 });
    auto parts = execute("Unpack", { x }, { { "num", int64_t{ 4 } }, { "axis", int64_t{ 1 } } });
    REQUIRE(parts.size() == 4);
    requireClose(parts[3], { 3, 7, 11 });
    auto split =
        execute("SplitV", { x, i32v({ 1, -1 }), Tensor::scalar<int32_t>(1) }, { { "num_split", int64_t{ 2 } } });
    CHECK(split[1].shape() == TensorShape{ 3, 3 });
    requireClose(run("GatherV2", { x, i32v({ 2, 0 }), Tensor::scalar<int32_t>(0) }), { 8, 9, 10, 11, 0, 1, 2, 3 });
    requireClose(run("GatherV2", { x, i32({ 3, 0 }, { 2, 1 }), Tensor::scalar<int32_t>(1) }), { 3, 0, 7, 4, 11, 8 });
    CHECK(errorOf([&] {
              run("GatherV2", { x, i32({ 1, 7 }, { 1, 2 }), Tensor::scalar<int32_t>(0) });
          }).find("indices[0,1] = 7 is not in [0, 3)") != std::string::npos);
    requireClose(run("Tile", { f32({ 1, 2 }, { 1, 2 }), i32v({ 2, 2 }) }), { 1, 2, 1, 2, 1, 2, 1, 2 });
    requireClose(run("BroadcastTo", { f32({ 1, 2 }, { 2, 1 }), i32v({ 2, 3 }) }), { 1, 1, 1, 2, 2, 2 });
    Tensor strings = Tensor::fromVector<std::string>({ "a", "b", "c" });
    CHECK(run("GatherV2", { strings, i32v({ 2, 2 }), Tensor::scalar<int32_t>(0) }).flat<std::string>()[1] == "c");
    CHECK(run("Where", { Tensor::fromVector<bool>({ false, true, true }) }).toInt64Vector() ==
          std::vector<int64_t>{ 1, 2 });
    requireClose(
        run("OneHot",
            { i32v({ 1, 0 }), Tensor::scalar<int32_t>(2), Tensor::scalar<float>(1), Tensor::scalar<float>(0) }),
        { 0, 1, 1, 0 });
    requireClose(
        run("SelectV2", { Tensor::fromVector<bool>({ true, false }), f32({ 1, 2 }, { 2 }), Tensor::scalar<float>(9) }),
        { 1, 9 });
}

TEST_CASE("reductions take negative and duplicate axes") {
    VerifyShapes verify;
    Tensor x = f32({ 1, 2, 3, 4, 5, 6 }, { 2, 3 });
    requireClose(run("Sum", { x, i32v({ -1, 1 }) }), { 6, 15 });
    Tensor kept = run("Mean", { x, Tensor::scalar<int32_t>(0) }, { { "keep_dims", true } });
    CHECK(kept.shape() == TensorShape{ 1, 3 });
    requireClose(kept, { 2.5, 3.5, 4.5 });
    requireClose(run("Max", { x, i32v({ 0, 1 }) }), { 6 });
    requireClose(run("Prod", { x, i32v({}) }), { 1, 2, 3, 4, 5, 6 });
    CHECK(run("ArgMax", { x, Tensor::scalar<int32_t>(0) }).toInt64Vector() == std::vector<int64_t>{ 1, 1, 1 });
    requireClose(run("Cumsum", { x, Tensor::scalar<int32_t>(1) }), { 1, 3, 6, 4, 9, 15 });
    CHECK(run("Sum", { Tensor(DType::Float32, TensorShape{ 0, 2 }), Tensor::scalar<int32_t>(0) }).shape() ==
          TensorShape{ 2 });
}

TEST_CASE("Relu and Relu6 keep NaN, as TF's max(x, 0)") {
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    for (const char* op : { "Relu", "Relu6" }) {
        INFO(op);
        const Tensor y = run(op, { f32({ nan, -1, 2, -inf, 7 }, { 5 }) });
        CHECK(std::isnan(y.flat<float>()[0]));
        CHECK(y.flat<float>()[1] == 0);
        CHECK(y.flat<float>()[2] == 2);
        CHECK(y.flat<float>()[3] == 0);
        CHECK(y.flat<float>()[4] == (std::string(op) == "Relu" ? 7 : 6));
    }
}

TEST_CASE("nn ops") {
    VerifyShapes verify;
    requireClose(run("Softmax", { f32({ 1, 2, 3, 1, 1, 1 }, { 2, 3 }) }),
                 { 0.09003057, 0.24472847, 0.66524096, 1.0 / 3, 1.0 / 3, 1.0 / 3 });
    auto xent = execute("SparseSoftmaxCrossEntropyWithLogits", { f32({ 1, 2, 3 }, { 1, 3 }), i32v({ 2 }) });
    requireClose(xent[0], { 0.40760596 });
    requireClose(run("BiasAdd", { f32({ 1, 2, 3, 4 }, { 2, 2 }), f32({ 10, 20 }, { 2 }) }), { 11, 22, 13, 24 });
    // a 1x1 convolution is a matmul over channels
    Tensor img = f32({ 1, 2, 3, 4, 5, 6, 7, 8 }, { 1, 2, 2, 2 });
    Tensor conv = run("Conv2D", { img, f32({ 1, 0, 0, 1 }, { 1, 1, 2, 2 }) },
                      { { "strides", std::vector<int64_t>{ 1, 1, 1, 1 } }, { "padding", std::string("SAME") } });
    requireClose(conv, { 1, 2, 3, 4, 5, 6, 7, 8 });
    Tensor pooled = run("MaxPool", { img },
                        { { "ksize", std::vector<int64_t>{ 1, 2, 2, 1 } },
                          { "strides", std::vector<int64_t>{ 1, 2, 2, 1 } },
                          { "padding", std::string("VALID") } });
    requireClose(pooled, { 7, 8 });
}

TEST_CASE("shape functions work on partial shapes and constant values") {
    const std::vector<PartialShape> shapes{ PartialShape{ -1, 3 }, PartialShape{ 3 } };
    const std::vector<DType> types{ DType::Float32, DType::Float32 };
    auto out = inferOutputs(lookupOp("AddV2"), shapes, types, {}, {});
    CHECK(out.shapes[0] == PartialShape{ -1, 3 });
    CHECK(out.types[0] == DType::Float32);
    Tensor target = i32v({ -1, 6 });
    const std::vector<const Tensor*> values{ nullptr, &target };
    auto r = inferOutputs(lookupOp("Reshape"), std::vector<PartialShape>{ PartialShape{ 4, 3 }, PartialShape{ 2 } },
                          std::vector<DType>{ DType::Float32, DType::Int32 }, values, {});
    CHECK(r.shapes[0] == PartialShape{ 2, 6 });
    // TF's shape function rejects sizes it cannot match (a traced function fails when traced).
    const auto reshapeTo = [](PartialShape in, std::vector<int32_t> dims) {
        Tensor to = i32v(dims);
        const std::vector<const Tensor*> v{ nullptr, &to };
        return inferOutputs(
            lookupOp("Reshape"),
            std::vector<PartialShape>{ std::move(in), PartialShape{ static_cast<int64_t>(dims.size()) } },
            std::vector<DType>{ DType::Float32, DType::Int32 }, v, {});
    };
    CHECK_THROWS_WITH(reshapeTo(PartialShape{ 3 }, { -1, 2 }),
                      Catch::Contains("Dimension size must be evenly divisible by 2 but is 3"));
    CHECK_THROWS_WITH(reshapeTo(PartialShape{ 2, 3 }, { 4, 2 }),
                      Catch::Contains("Cannot reshape a tensor with 6 elements to shape [4,2] (8 elements)"));
    CHECK(reshapeTo(PartialShape{ -1, 3 }, { -1, 2 }).shapes[0] == PartialShape{ -1, 2 });
    CHECK(reshapeTo(PartialShape{ 0, 3 }, { -1, 0 }).shapes[0].rank() == 2);
    auto mm =
        inferOutputs(lookupOp("MatMul"), std::vector<PartialShape>{ PartialShape{ -1, 5 }, PartialShape::unknown() },
                     std::vector<DType>{ DType::Float64, DType::Float64 }, {}, { { "transpose_b", true } });
    CHECK(mm.shapes[0] == PartialShape{ -1, -1 });
    CHECK(mm.types[0] == DType::Float64);
    auto sm = inferOutputs(lookupOp("Shape"), std::vector<PartialShape>{ PartialShape::unknown() },
                           std::vector<DType>{ DType::Float32 }, {}, {});
    CHECK(sm.types[0] == DType::Int32);
}

TEST_CASE("image resizes reject empty rows and columns as TF does") {
    // An image with no rows once made the bilinear taps read before the input.
    const Tensor size = i32v({ 2, 2 });
    for (const char* op : { "ResizeBilinear", "ResizeNearestNeighbor" }) {
        INFO(op);
        CHECK_THROWS_WITH(run(op, { Tensor(DType::Float32, { 1, 0, 4, 3 }), size }),
                          Catch::Contains("input image must be of non-zero size"));
        CHECK_THROWS_WITH(run(op, { Tensor(DType::Float32, { 1, 4, 0, 3 }), size }),
                          Catch::Contains("input image must be of non-zero size"));
        CHECK_THROWS_WITH(run(op, { Tensor(DType::Float32, { 1, 4, 4, 0 }), size }),
                          Catch::Contains("image must have at least one channel"));
        CHECK(run(op, { Tensor(DType::Float32, { 0, 4, 4, 3 }), size }).shape() == TensorShape{ 0, 2, 2, 3 });
    }
}
