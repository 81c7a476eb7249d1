// DType, shapes, allocator accounting, Tensor values, devices.
#include "core/tensor/device.h"
#include "core/tensor/errors.h"
#include "tests/tensor/test_util.h"

using namespace graphlens::tensor;

TEST_CASE("dtype numbering and names follow TensorFlow") {
    CHECK(static_cast<int>(DType::Float32) == 1);
    CHECK(static_cast<int>(DType::Int64) == 9);
    CHECK(static_cast<int>(DType::BFloat16) == 14);
    CHECK(static_cast<int>(DType::Float16) == 19);
    CHECK(dtypeName(DType::Float32) == "float32");
    CHECK(dtypeName(DType::Float16) == "float16");
    CHECK(dtypeName(DType::String) == "string");
    CHECK(dtypeCppName(DType::Float32) == "float");
    CHECK(dtypeCppName(DType::Float16) == "half");
    CHECK(dtypeFromName("bfloat16") == DType::BFloat16);
    CHECK(dtypeFromName("double") == DType::Float64);
    CHECK(dtypeSize(DType::Float16) == 2);
    CHECK(isFloating(DType::BFloat16));
    CHECK_FALSE(isFloating(DType::Int32));
    CHECK(isInteger(DType::UInt8));
    CHECK_FALSE(isInteger(DType::Bool));
}

TEST_CASE("shapes print as TensorFlow does") {
    CHECK(TensorShape{ 2, 3 }.debugString() == "(2, 3)");
    CHECK(TensorShape{ 2 }.debugString() == "(2,)");
    CHECK(TensorShape{}.debugString() == "()");
    CHECK(TensorShape{ 2, 3 }.str() == "[2,3]");
    CHECK(PartialShape{ -1, 3 }.debugString() == "(None, 3)");
    CHECK(PartialShape::unknown().debugString() == "<unknown>");
    CHECK(PartialShape{ -1, 3 }.isCompatibleWith(TensorShape{ 5, 3 }));
    CHECK_FALSE(PartialShape{ -1, 3 }.isCompatibleWith(TensorShape{ 5, 4 }));
    CHECK_FALSE(PartialShape{ -1, 3 }.isCompatibleWith(TensorShape{ 3 }));
    CHECK(PartialShape{ -1, 3 }.merge(PartialShape{ 2, -1 }) == PartialShape{ 2, 3 });
    CHECK(PartialShape::unknown().merge(PartialShape{ 2 }) == PartialShape{ 2 });
    CHECK_FALSE(PartialShape{ -1, 3 }.isFullyDefined());
}

TEST_CASE("CPU allocator counts live and peak bytes and enforces a cap") {
    CpuAllocator alloc("cpu", "/job:localhost/replica:0/task:0/device:CPU:0");
    {
        Tensor a(DType::Float32, TensorShape{ 10 }, &alloc);
        CHECK(reinterpret_cast<uintptr_t>(a.rawData()) % 64 == 0);
        {
            Tensor b(DType::Float64, TensorShape{ 4 }, &alloc);
            Tensor c = b; // shares the buffer: no allocation
            CHECK(c.sharesBufferWith(b));
            CHECK(alloc.stats().liveBytes == 72);
            CHECK(alloc.stats().liveAllocs == 2);
        }
        CHECK(alloc.stats().liveBytes == 40);
        CHECK(alloc.stats().peakBytes == 72);
    }
    CHECK(alloc.stats().liveBytes == 0);
    CHECK(alloc.stats().numAllocs == 2);
    alloc.resetPeak();
    CHECK(alloc.stats().peakBytes == 0);
    alloc.setByteLimit(100);
    Tensor ok(DType::Float32, TensorShape{ 25 }, &alloc);
    try {
        Tensor tooMuch(DType::Float32, TensorShape{ 2, 3 }, &alloc);
        FAIL("expected OOM");
    } catch (const ResourceExhaustedError& e) {
        CHECK(std::string(e.what()) ==
              "OOM when allocating tensor with shape[2,3] and type float on "
              "/job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu");
        CHECK(e.pythonName() == "ResourceExhaustedError");
    }
    CHECK(alloc.stats().liveBytes == 100);
}

TEST_CASE("CPU allocator hands a freed big block out again for the same size, not as live bytes") {
    CpuAllocator alloc("cpu", "/job:localhost/replica:0/task:0/device:CPU:0");
    const void* first = nullptr;
    {
        Tensor big(DType::Float32, TensorShape{ 1 << 19 }, &alloc); // 2 MiB
        first = big.rawData();
    }
    CHECK(alloc.stats().liveBytes == 0);
    {
        Tensor other(DType::Float32, TensorShape{ 3 << 18 }, &alloc); // another size: a new block
        CHECK(other.rawData() != first);
        Tensor again(DType::Float32, TensorShape{ 1 << 19 }, &alloc);
        CHECK(again.rawData() == first);
        CHECK(reinterpret_cast<uintptr_t>(again.rawData()) % 64 == 0);
        CHECK(alloc.stats().liveBytes == (1 << 21) + (3 << 20));
    }
    {
        Tensor small(DType::Float32, TensorShape{ 1 << 10 }, &alloc); // below 1 MiB: never kept
        CHECK(alloc.stats().liveBytes == 4096);
    }
    CHECK(alloc.stats().liveBytes == 0);
}

TEST_CASE("string tensors construct and destroy their elements") {
    Tensor s(DType::String, TensorShape{ 2 });
    s.flat<std::string>()[0] = "hello";
    s.flat<std::string>()[1] = std::string(100, 'x'); // heap-allocated string: ASan checks release
    Tensor copy = s.deepCopy();
    CHECK(copy.flat<std::string>()[0] == "hello");
    CHECK_FALSE(copy.sharesBufferWith(s));
    CHECK(Tensor::scalar("abc").item<std::string>() == "abc");
}

TEST_CASE("tensor helpers") {
    Tensor t = Tensor::fromVector<float>({ 1, 2, 3, 4, 5, 6 }, TensorShape{ 2, 3 });
    CHECK(t.numElements() == 6);
    CHECK(t.debugString() == "tf.Tensor([[1. 2. 3.]\n [4. 5. 6.]], shape=(2, 3), dtype=float32)");
    Tensor r = t.reshaped(TensorShape{ 3, 2 });
    CHECK(r.sharesBufferWith(t));
    CHECK_THROWS_AS(t.reshaped(TensorShape{ 4 }), InvalidArgumentError);
    CHECK(Tensor::scalar<int32_t>(7).item<int32_t>() == 7);
    CHECK(Tensor::zeros(DType::Int64, TensorShape{ 3 }).toInt64Vector() == std::vector<int64_t>{ 0, 0, 0 });
    CHECK(Tensor::filled<bool>(TensorShape{ 2 }, true).debugString() ==
          "tf.Tensor([True True], shape=(2,), dtype=bool)");
}

TEST_CASE("device registry has the CPU device") {
    Device* cpu = cpuDevice();
    CHECK(cpu->name() == "/job:localhost/replica:0/task:0/device:CPU:0");
    CHECK(cpu->type() == "CPU");
    CHECK(cpu->typeIndex() == 0);
    CHECK(DeviceRegistry::global().find("CPU:0") == cpu);
    CHECK(DeviceRegistry::global().find("/device:CPU:0") == cpu);
    CHECK(DeviceRegistry::global().find("GPU:0") == nullptr);
    CHECK(Device::typeIndexOf("GPU") == 1);
}

TEST_CASE("errors keep their class when re-thrown by code") {
    try {
        throwOpError(ErrorCode::OutOfRange, "End of sequence");
    } catch (const OutOfRangeError& e) {
        CHECK(e.code() == ErrorCode::OutOfRange);
        CHECK(e.message() == "End of sequence");
    }
}

// Found by passes_fuzz_optimize: a SparseToDense of 2**60 floats asked the allocator for a byte
// count that had wrapped around (size_t), which passed the memory budget as a negative charge.
TEST_CASE("a tensor whose byte size overflows int64 is refused before anything is allocated", "[tensor][fuzz]") {
    CHECK_THROWS_AS(Tensor(DType::Float32, TensorShape{ int64_t(1) << 62 }), ResourceExhaustedError);
    CHECK_THROWS_AS(Tensor(DType::Float64, TensorShape{ int64_t(1) << 31, int64_t(1) << 31 }), ResourceExhaustedError);
    CHECK_THROWS_AS(Tensor(DType::String, TensorShape{ int64_t(1) << 61 }), ResourceExhaustedError);
    CHECK(Tensor(DType::Float32, TensorShape{ 0, int64_t(1) << 62 }).numElements() == 0);
}
