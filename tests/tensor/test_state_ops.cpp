// Stateful ops: resource variables, random ops on the eager kernel cache, TensorList ops,
// StringFormat / PrintV2 / Assert, and the Prod gradient.
#include <iostream>
#include <sstream>

#include "core/numeric/tf_random.h"
#include "core/ops/gradient.h"
#include "core/ops/resource.h"
#include "core/ops/string_ops.h"
#include "tests/tensor/test_util.h"

using namespace graphlens::ops;
using namespace graphlens::ops::test;

namespace {
Tensor varHandle(DType dt, const std::string& name = "") {
    return run("VarHandleOp", {}, { { "dtype", dt }, { "shape", PartialShape{ 3 } }, { "shared_name", name } });
}
} // namespace

TEST_CASE("resource variables: create, assign, read, update, destroy") {
    auto& rm = resourceManager(nullptr);
    const size_t before = rm.size();
    Tensor h = varHandle(DType::Float32);
    CHECK(h.dtype() == DType::Resource);
    CHECK(h.shape() == TensorShape{});
    CHECK_FALSE(run("VarIsInitializedOp", { h }).item<bool>());
    CHECK(errorOf([&] {
              run("ReadVariableOp", { h }, { { "dtype", DType::Float32 } });
          }).find("FailedPreconditionError") == 0);
    execute("AssignVariableOp", { h, f32({ 1, 2, 3 }, { 3 }) }, { { "dtype", DType::Float32 } });
    CHECK(rm.size() == before + 1);
    CHECK(run("VarIsInitializedOp", { h }).item<bool>());
    Tensor r = run("ReadVariableOp", { h }, { { "dtype", DType::Float32 } });
    requireClose(r, { 1, 2, 3 });
    execute("AssignAddVariableOp", { h, f32({ 1, 1, 1 }, { 3 }) }, { { "dtype", DType::Float32 } });
    execute("AssignSubVariableOp", { h, f32({ 0.5, 0.5, 0.5 }, { 3 }) }, { { "dtype", DType::Float32 } });
    requireClose(run("ReadVariableOp", { h }, { { "dtype", DType::Float32 } }), { 1.5, 2.5, 3.5 });
    requireClose(r, { 1, 2, 3 }); // an earlier read keeps its value
    CHECK(errorOf([&] {
              execute("AssignAddVariableOp", { h, f32({ 1, 1 }, { 2 }) }, { { "dtype", DType::Float32 } });
          }).find("Cannot update variable with shape [3] using a Tensor with shape [2], shapes must be equal.") !=
          std::string::npos);
    CHECK(errorOf([&] {
              execute("AssignVariableOp", { h, i32v({ 1, 2, 3 }) }, { { "dtype", DType::Int32 } });
          }).find("Trying to assign variable with wrong dtype. Expected float got int32") != std::string::npos);
    // v[1:3] = [7, 8]
    Tensor before2 = run("ReadVariableOp", { h }, { { "dtype", DType::Float32 } });
    execute("ResourceStridedSliceAssign", { h, i32v({ 1 }), i32v({ 3 }), i32v({ 1 }), f32({ 7, 8 }, { 2 }) }, {});
    requireClose(run("ReadVariableOp", { h }, { { "dtype", DType::Float32 } }), { 1.5, 7, 8 });
    requireClose(before2, { 1.5, 2.5, 3.5 });
    // v[0] = 9 (shrink axis)
    execute("ResourceStridedSliceAssign", { h, i32v({ 0 }), i32v({ 1 }), i32v({ 1 }), Tensor::scalar<float>(9) },
            { { "shrink_axis_mask", int64_t{ 1 } } });
    requireClose(run("ReadVariableOp", { h }, { { "dtype", DType::Float32 } }), { 9, 7, 8 });
    requireClose(run("ResourceGather", { h, i32v({ 2, 0 }) }, { { "dtype", DType::Float32 } }), { 8, 9 });
    execute("DestroyResourceOp", { h }, {});
    CHECK(rm.size() == before);
    CHECK(errorOf([&] {
              execute("DestroyResourceOp", { h }, { { "ignore_lookup_error", false } });
          }).find("NotFoundError") == 0);
    execute("DestroyResourceOp", { h }, { { "ignore_lookup_error", true } });
    // Named handles share one resource.
    Tensor a = varHandle(DType::Float32, "shared_v"), b = varHandle(DType::Float32, "shared_v");
    execute("AssignVariableOp", { a, f32({ 4, 5, 6 }, { 3 }) }, { { "dtype", DType::Float32 } });
    requireClose(run("ReadVariableOp", { b }, { { "dtype", DType::Float32 } }), { 4, 5, 6 });
    execute("DestroyResourceOp", { a }, {});
}

TEST_CASE("stateful random ops continue their stream per kernel, as TF's cache does") {
    graphlens::numeric::TfEagerRandom state;
    setStatefulRandom(&state);
    const AttrMap attrs = { { "dtype", DType::Float32 }, { "seed", int64_t{ 1 } }, { "seed2", int64_t{ 2 } } };
    Tensor a = run("RandomUniform", { i32v({ 4 }) }, attrs);
    Tensor b = run("RandomUniform", { i32v({ 4 }) }, attrs);
    CHECK(a.toDoubleVector() != b.toDoubleVector());
    // The same stream as core/numeric's fill after the reservation of the first call.
    graphlens::numeric::Philox4x32 gen(1, 2);
    std::vector<float> expect(4);
    graphlens::numeric::tfUniform(gen, std::span<float>(expect));
    for (size_t i = 0; i < 4; ++i) CHECK(a.data<float>()[i] == expect[i]);
    state.setGlobalSeed(std::nullopt); // clears the cache: the stream restarts
    graphlens::numeric::TfEagerRandom fresh;
    setStatefulRandom(&fresh);
    CHECK(run("RandomUniform", { i32v({ 4 }) }, attrs).toDoubleVector() == a.toDoubleVector());
    setStatefulRandom(nullptr);
    // Shuffle is a permutation; Multinomial never picks a class with probability 0.
    graphlens::numeric::TfEagerRandom s2;
    setStatefulRandom(&s2);
    Tensor sh = run("RandomShuffle", { i32v({ 0, 1, 2, 3, 4, 5, 6, 7 }) },
                    { { "seed", int64_t{ 1 } }, { "seed2", int64_t{ 2 } } });
    auto v = sh.toInt64Vector();
    std::sort(v.begin(), v.end());
    CHECK(v == std::vector<int64_t>{ 0, 1, 2, 3, 4, 5, 6, 7 });
    Tensor logits = f32({ 0, 0, -std::numeric_limits<float>::infinity() }, { 1, 3 });
    Tensor m = run("Multinomial", { logits, Tensor::scalar<int32_t>(50) },
                   { { "seed", int64_t{ 3 } }, { "seed2", int64_t{ 4 } } });
    CHECK(m.dtype() == DType::Int64);
    CHECK(m.shape() == TensorShape{ 1, 50 });
    for (int64_t k : m.toInt64Vector()) CHECK(k < 2);
    setStatefulRandom(nullptr);
}

TEST_CASE("stateless V2 random ops take StatelessRandomGetKeyCounter's key and counter") {
    auto kc = execute("StatelessRandomGetKeyCounter", { Tensor::fromVector<int64_t>({ 1, 2 }) }, {});
    REQUIRE(kc.size() == 2);
    CHECK(kc[0].dtype() == DType::UInt64);
    Tensor u = execute("StatelessRandomUniformV2", { i32v({ 5 }), kc[0], kc[1], Tensor::scalar<int32_t>(1) },
                       { { "dtype", DType::Float32 } })
                   .at(0);
    const auto ref = graphlens::numeric::tfStatelessKeyCounter(1, 2);
    std::vector<float> expect(5);
    graphlens::numeric::tfUniform(ref.generator(), std::span<float>(expect));
    for (size_t i = 0; i < 5; ++i) CHECK(u.data<float>()[i] == expect[i]);
    Tensor again = execute("StatelessRandomUniformV2", { i32v({ 5 }), kc[0], kc[1], Tensor::scalar<int32_t>(1) },
                           { { "dtype", DType::Float32 } })
                       .at(0);
    CHECK(again.toDoubleVector() == u.toDoubleVector());
    // alg 3 (auto-select, what TF's stateless functions put in graphs) is Philox on CPU.
    Tensor autoSelected = execute("StatelessRandomUniformV2", { i32v({ 5 }), kc[0], kc[1], Tensor::scalar<int32_t>(3) },
                                  { { "dtype", DType::Float32 } })
                              .at(0);
    CHECK(autoSelected.toDoubleVector() == u.toDoubleVector());
    CHECK(errorOf([&] {
              execute("StatelessRandomUniformV2", { i32v({ 5 }), kc[0], kc[1], Tensor::scalar<int32_t>(2) },
                      { { "dtype", DType::Float32 } });
          }).find("Unsupported algorithm id: 2") != std::string::npos);
}

TEST_CASE("TensorList ops: reserve, set, get, stack, push and pop") {
    const AttrMap et = { { "element_dtype", DType::Float32 } };
    Tensor l = run("TensorListReserve", { i32v({ 2 }), Tensor::scalar<int32_t>(3) }, et);
    CHECK(l.dtype() == DType::Variant);
    CHECK(run("TensorListLength", { l }).item<int32_t>() == 3);
    Tensor l2 = run("TensorListSetItem", { l, Tensor::scalar<int32_t>(1), f32({ 1, 2 }, { 2 }) }, et);
    requireClose(run("TensorListGetItem", { l2, Tensor::scalar<int32_t>(1), i32v({ 2 }) }, et), { 1, 2 });
    requireClose(run("TensorListGetItem", { l2, Tensor::scalar<int32_t>(0), i32v({ 2 }) }, et), { 0, 0 });
    Tensor stacked = run("TensorListStack", { l2, i32v({ 2 }) }, et);
    CHECK(stacked.shape() == TensorShape{ 3, 2 });
    requireClose(stacked, { 0, 0, 1, 2, 0, 0 });
    // the input list is unchanged (lists are values)
    requireClose(run("TensorListStack", { l, i32v({ 2 }) }, et), { 0, 0, 0, 0, 0, 0 });
    Tensor fromT = run("TensorListFromTensor", { f32({ 1, 2, 3, 4 }, { 2, 2 }), i32v({ 2 }) }, {});
    Tensor pushed = run("TensorListPushBack", { fromT, f32({ 5, 6 }, { 2 }) }, et);
    CHECK(run("TensorListLength", { pushed }).item<int32_t>() == 3);
    auto popped = execute("TensorListPopBack", { pushed, i32v({ 2 }) }, et);
    requireClose(popped[1], { 5, 6 });
    CHECK(run("TensorListLength", { popped[0] }).item<int32_t>() == 2);
    Tensor empty = run("EmptyTensorList", { i32v({ 2 }), Tensor::scalar<int32_t>(-1) }, et);
    CHECK(errorOf([&] {
              execute("TensorListPopBack", { empty, i32v({ 2 }) }, et);
          }).find("Trying to pop from an empty list.") != std::string::npos);
    CHECK(errorOf([&] {
              run("TensorListGetItem", { l2, Tensor::scalar<int32_t>(5), i32v({ 2 }) }, et);
          }).find("Trying to access element 5 in a list with 3 elements.") != std::string::npos);
    requireClose(run("TensorListGather", { stacked.isValid() ? fromT : fromT, i32v({ 1, 0 }), i32v({ 2 }) }, et),
                 { 3, 4, 1, 2 });
}

TEST_CASE("TensorList gradients: stack of a list built from a tensor is the identity") {
    EagerGradBuilder b;
    Tensor x = f32({ 1, 2, 3, 4 }, { 2, 2 });
    Tensor list = run("TensorListFromTensor", { x, i32v({ 2 }) }, {});
    Tensor y = run("TensorListStack", { list, i32v({ 2 }) }, { { "element_dtype", DType::Float32 } });
    Sym xs = b.add(x), es = b.add(i32v({ 2 })), ls = b.add(list), ys = b.add(y),
        dy = b.add(f32({ 1, 10, 100, 1000 }, { 2, 2 }));
    Sym ss = b.add(i32v({ 2 }));
    std::vector<Sym> stackIn = { ls, ss }, stackOut = { ys }, stackG = { dy };
    auto gl =
        gradientOf(b, lookupOp("TensorListStack"), stackIn, stackOut, stackG, { { "element_dtype", DType::Float32 } });
    REQUIRE(gl[0].valid());
    std::vector<Sym> fIn = { xs, es }, fOut = { ls }, fG = { gl[0] };
    auto gx = gradientOf(b, lookupOp("TensorListFromTensor"), fIn, fOut, fG, {});
    REQUIRE(gx[0].valid());
    requireClose(b.get(gx[0]), { 1, 10, 100, 1000 });
}

TEST_CASE("StringFormat, PrintV2 and Assert") {
    Tensor s = run("StringFormat", { i32v({ 1, 2, 3 }), f32({ 1.5, 2 }, { 2 }) },
                   { { "template", std::string("a={} b={}") }, { "placeholder", std::string("{}") } });
    CHECK(s.item<std::string>() == "a=[1 2 3] b=[1.5 2]");
    // The kernel writes to std::cout (stdout) and std::cerr (stderr), as TF's.
    std::ostringstream out, err;
    std::streambuf* coutBuf = std::cout.rdbuf(out.rdbuf());
    std::streambuf* cerrBuf = std::cerr.rdbuf(err.rdbuf());
    execute("PrintV2", { s }, { { "output_stream", std::string("stdout") }, { "end", std::string("!\n") } });
    execute("PrintV2", { s }, { { "output_stream", std::string("stderr") }, { "end", std::string("") } });
    std::cout.rdbuf(coutBuf);
    std::cerr.rdbuf(cerrBuf);
    CHECK(out.str() == "a=[1 2 3] b=[1.5 2]!\n");
    CHECK(err.str() == "a=[1 2 3] b=[1.5 2]");
    CHECK(errorOf([] {
              run("StringFormat", { i32v({ 1 }) }, { { "template", std::string("%s %s") } });
          }).find("num placeholders in template and num inputs must match: 2 vs. 1") != std::string::npos);
    execute("Assert", { Tensor::scalar(true), Tensor::scalar("fine") }, {});
    CHECK(errorOf([] {
              execute("Assert", { Tensor::scalar(false), Tensor::scalar("bad:"), i32v({ 1, 2 }) }, {});
          }).find("assertion failed: [bad:] [1 2]") != std::string::npos);
}

TEST_CASE("Prod's gradient is the product of the other entries") {
    EagerGradBuilder b;
    Tensor x = f32({ 1, 3, 3, 2, 0.5, 4 }, { 2, 3 });
    Tensor axis = Tensor::scalar<int32_t>(1);
    Tensor y = run("Prod", { x, axis });
    Sym xs = b.add(x), as = b.add(axis), ys = b.add(y), g = b.add(f32({ 1, 1 }, { 2 }));
    std::vector<Sym> in = { xs, as }, out = { ys }, grads = { g };
    auto gx = gradientOf(b, lookupOp("Prod"), in, out, grads, {});
    REQUIRE(gx[0].valid());
    requireClose(b.get(gx[0]), { 9, 3, 3, 2, 8, 1 });
}
