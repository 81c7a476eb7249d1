// The engine's recorder: threads record without a lock into buffers of their own, nesting comes
// out right, and a disabled recorder records nothing.
#include <catch2/catch.hpp>
#include <thread>

#include "profiler/recorder.h"

using namespace graphlens::profiler;

TEST_CASE("recorder: four threads, nested slices, collected into one trace", "[profiler]") {
    Recorder recorder;
    recorder.setEnabled(true);
    constexpr int kThreads = 4, kOuter = 2000;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&recorder] {
            for (int i = 0; i < kOuter; ++i) {
                ScopedSlice outer(recorder, "engine", "step");
                { ScopedSlice inner(recorder, "op", "MatMul"); }
                { ScopedSlice inner(recorder, "op", "Relu"); }
            }
        });
    for (auto& thread : threads) thread.join();
    CHECK(recorder.threadCount() == kThreads);
    const Trace trace = recorder.collect();
    REQUIRE(trace.events().size() == size_t(kThreads * kOuter * 3));
    size_t steps = 0, nested = 0;
    for (const Event& event : trace.events()) {
        const std::string& name = trace.strings.text(event.name);
        if (name == "step") {
            ++steps;
            CHECK(event.depth == 0);
        } else {
            nested += event.depth == 1 ? 1 : 0;
            CHECK(trace.strings.text(event.category) == "op");
        }
    }
    CHECK(steps == size_t(kThreads * kOuter));
    CHECK(nested == size_t(kThreads * kOuter * 2));
    CHECK(trace.tracks().size() == size_t(kThreads));
    CHECK(recorder.collect().events().empty()); // emptied
}

TEST_CASE("recorder: disabled records nothing; two recorders on one thread stay apart", "[profiler]") {
    Recorder off;
    { ScopedSlice slice(off, "engine", "ignored"); }
    off.instant("engine", "ignored", nowNs());
    CHECK(off.threadCount() == 0);
    Recorder a, b;
    a.setEnabled(true);
    b.setEnabled(true);
    a.instant("x", "to a", 1);
    b.instant("x", "to b", 2);
    a.instant("x", "to a again", 3);
    const Trace ta = a.collect(), tb = b.collect();
    REQUIRE(ta.events().size() == 2);
    CHECK(ta.tracks().size() == 1); // one thread, one track, though it switched recorders
    REQUIRE(tb.events().size() == 1);
    CHECK(tb.strings.text(tb.events()[0].name) == "to b");
}
