// The event model: nesting depths, range queries, flows and the level-of-detail coverage whose
// size follows the pixels asked for, not the events beneath.
#include <catch2/catch.hpp>

#include "profiler/trace.h"

using namespace graphlens::profiler;

namespace {

Event slice(uint32_t track, int64_t start, int64_t duration, StringId name = 0) {
    Event event;
    event.track = track;
    event.start = start;
    event.duration = duration;
    event.name = name;
    return event;
}

} // namespace

TEST_CASE("trace: nesting, range queries and flows", "[profiler]") {
    Trace trace;
    const uint32_t host = trace.trackFor(TrackKind::Thread, 1, 10);
    const uint32_t stream = trace.trackFor(TrackKind::Stream, 0, 7);
    CHECK(trace.trackFor(TrackKind::Thread, 1, 10) == host);
    // Added out of order: the model sorts.
    trace.addEvent(slice(host, 20, 10, trace.strings.intern("child")));
    trace.addEvent(slice(host, 0, 100, trace.strings.intern("parent")));
    trace.addEvent(slice(host, 22, 3, trace.strings.intern("grandchild")));
    trace.addEvent(slice(host, 200, 50, trace.strings.intern("later")));
    trace.addEvent(slice(stream, 40, 30, trace.strings.intern("kernel")));
    trace.addFlow(host, 23, stream, 45); // from the grandchild to the kernel
    trace.finish();
    const auto& events = trace.events();
    REQUIRE(events.size() == 5);
    auto named = [&](const char* name) {
        for (size_t i = 0; i < events.size(); ++i)
            if (trace.strings.text(events[i].name) == name) return static_cast<uint32_t>(i);
        FAIL(name);
        return 0u;
    };
    CHECK(events[named("parent")].depth == 0);
    CHECK(events[named("child")].depth == 1);
    CHECK(events[named("grandchild")].depth == 2);
    CHECK(events[named("later")].depth == 0);
    CHECK(trace.startTime() == 0);
    CHECK(trace.endTime() == 250);

    // [21, 23): parent, child and grandchild overlap it; "later" does not.
    const auto in = trace.eventsIn(host, 21, 23);
    CHECK(in.size() == 3);
    CHECK(trace.eventsIn(host, 150, 199).empty());
    CHECK(trace.eventsIn(host, 240, 400) == std::vector<uint32_t>{ named("later") });

    REQUIRE(trace.flows().size() == 1);
    CHECK(trace.flows()[0].from == named("grandchild"));
    CHECK(trace.flows()[0].to == named("kernel"));
}

TEST_CASE("trace: coverage is O(pixels) at any zoom", "[profiler]") {
    Trace trace;
    const uint32_t stream = trace.trackFor(TrackKind::Stream, 0, 1);
    // 200,000 kernels of 2 µs with 3 µs gaps: one second of trace is 1 s / 5 µs of them.
    const int64_t period = 5000;
    for (int64_t i = 0; i < 200'000; ++i) trace.addEvent(slice(stream, i * period, 2000));
    trace.finish();
    CHECK(trace.coverageLevels(stream) == 3); // exact; gaps under 1 µs merged (none); under 4 µs
    const int64_t span = 200'000 * period;
    for (const int pixels : { 800, 1920, 4000 }) {
        const double nsPerPixel = static_cast<double>(span) / pixels;
        const auto drawn = trace.coverage(stream, 0, span, nsPerPixel);
        INFO(pixels << " px: " << drawn.size() << " intervals");
        CHECK(drawn.size() <= static_cast<size_t>(pixels));
        // Merged, the whole trace is busy at this zoom: one pixel holds many kernels.
        CHECK(drawn.front().start == 0);
        CHECK(drawn.back().end == span - period + 2000);
    }
    // Zoomed in to 1 ns per pixel over 100 µs: every kernel separately.
    const auto exact = trace.coverage(stream, 0, 100'000, 1.0);
    CHECK(exact.size() == 20);
    CHECK(exact[1].start == period);
    CHECK(exact[1].end == period + 2000);
}
