// Per-call overhead of the graph executor: a compiled tf.function `x + 1.0` on a float scalar
// (recorded from TF 2.21 in tests/exec/data/add_one.pb), against calling the AddV2 kernel
// directly through ops::execute. Prints figures; not a timed test.
#include <chrono>
#include <cstdio>
#include <cstring>

#include "core/exec/executor.h"
#include "core/graph/io/model_loader.h"
#include "core/ops/execute.h"

using graphlens::tensor::Tensor;

namespace {

template<class F> double nsPerCall(F&& f, int calls) {
    for (int i = 0; i < calls / 10; ++i) f();  // warm up
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) f();
    const auto end = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::nano>(end - start).count() / calls;
}

} // namespace

int main(int argc, char** argv) {
    const bool smoke = argc > 1 && std::strcmp(argv[1], "--smoke") == 0;
    const int calls = smoke ? 1000 : 1000000;
    auto model = graphlens::io::loadModel(GRAPHLENS_SOURCE_DIR "/tests/exec/data/add_one.pb");
    const auto& mg = model->metaGraphs.at(0);
    std::string function;
    for (const auto& f : mg.library.functions())
        if (f.name.starts_with("__inference_add_one")) function = f.name;
    auto exe = graphlens::exec::Executable::compileFunction(mg.library, function);
    const std::vector<Tensor> args{Tensor::scalar(41.0f)};
    const auto out = exe->run(args);
    if (out.size() != 1 || out[0].item<float>() != 42.0f) {
        std::fprintf(stderr, "add_one gave the wrong result\n");
        return 1;
    }
    volatile float sink = 0;
    const double call = nsPerCall([&] { sink = exe->run(args)[0].item<float>(); }, calls);
    const auto addV2 = graphlens::ops::lookupOp("AddV2");
    const Tensor one = Tensor::scalar(1.0f);
    const double kernel = nsPerCall([&] { sink = graphlens::ops::execute(addV2, {args[0], one})[0].item<float>(); }, calls);
    std::printf("executor call of x + 1.0 (%zu steps): %.0f ns/call\n", exe->numSteps(), call);
    std::printf("ops::execute(AddV2) alone:             %.0f ns/call\n", kernel);
    std::printf("executor overhead:                     %.0f ns/call\n", call - kernel);
    return 0;
}
