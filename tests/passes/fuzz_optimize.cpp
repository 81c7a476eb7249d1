// libFuzzer target for `graphlens-cli optimize` (issue #18): the input bytes are read as a binary
// GraphDef (as the CLI reads a .pb) and, when they parse, run through the default passes with
// the validator after each, then the before/after timeline is built, under a 256 MiB tensor
// budget and a 10 s deadline (constant folding runs kernels on what the graph holds). Any error
// the passes throw is a normal outcome; crashes, sanitizer reports, leaks, uncaught exceptions
// and hangs are findings. Built by `make fuzz` (clang), seeded from the fixtures' .pb files.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>

#include "core/passes/manager.h"
#include "core/passes/pass_timeline.h"
#include "core/proto/graph.pb.h"
#include "core/tensor/allocator.h"
#include "core/util/interrupt.h"

using namespace graphlens;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 256 * 1024) return 0;
    tensorflow::GraphDef graph;
    if (!graph.ParseFromArray(data, static_cast<int>(size))) return 0;
    const tensor::MemoryBudgetScope memory(std::make_shared<tensor::MemoryBudget>(int64_t{ 256 } << 20));
    util::Interrupt interrupt;
    interrupt.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    const util::InterruptScope limits(&interrupt);
    try {
        passes::ManagerOptions options;
        options.validate = true;
        const passes::OptimizeResult result = passes::optimize(graph, options);
        (void)passes::buildPassTimeline(result, "fuzz.pb");
    } catch (const std::exception&) {
        // Bad graphs are refused with an error: that is the contract.
    }
    return 0;
}
