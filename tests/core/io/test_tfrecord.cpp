// TFRecord framing and event files: real TensorBoard files, and damaged or hostile input that must end in a
// FormatError (or a warning for a damaged tail), never a crash or a huge allocation.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <streambuf>
#include <string>
#include <unistd.h>
#include <vector>

#include "core/graph/io/event_file.h"
#include "core/graph/io/tfrecord.h"
#include "core/proto/event.pb.h"
#include "core/util/crc32c.h"
#include "fixtures.h"

using namespace graphlens;
using namespace graphlens::io;
namespace fs = std::filesystem;

namespace {

const char* const kTensorboardEvents = "tensorboard_graph_test/events.out.tfevents.1508491915.MININT-73Q9MFO";
const char* const kTfxEvents = "tfx_estimator_model_dir/events.out.tfevents.1646034739.jiyongjung.c.googlers.com";
const char* const kSpeechTrain = "speech_commands_conv_ckpt/train/events.out.tfevents.1511484738.bladerunner";
const char* const kSpeechValidation = "speech_commands_conv_ckpt/validation/events.out.tfevents.1511484802.bladerunner";

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in.good());
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// A file in a per-test temporary directory, removed at the end of the test.
struct TempFile {
    fs::path path;
    explicit TempFile(const std::string& bytes, const std::string& name = "events.out.tfevents.1.test") {
        static int counter = 0;
        const fs::path dir = fs::temp_directory_path() /
            ("graphlens_tfrecord_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
        fs::create_directories(dir);
        path = dir / name;
        std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
    }
    ~TempFile() {
        std::error_code ec;
        fs::remove_all(path.parent_path(), ec);
    }
    std::string str() const { return path.string(); }
};

// A stream that cannot seek, so the reader cannot know the size up front.
class PipeBuf : public std::streambuf {
public:
    explicit PipeBuf(std::string data)
        : m_data(std::move(data)) {
        setg(m_data.data(), m_data.data(), m_data.data() + m_data.size());
    }

private:
    std::string m_data;
};

std::vector<std::string> readAll(TFRecordReader& reader) {
    std::vector<std::string> out;
    std::string r;
    while (reader.next(r)) out.push_back(r);
    return out;
}

std::string header(uint64_t length) {
    std::string h;
    for (int i = 0; i < 8; ++i) h.push_back(char((length >> (8 * i)) & 0xff));
    const uint32_t crc = maskCrc(crc32c(h.data(), 8));
    for (int i = 0; i < 4; ++i) h.push_back(char((crc >> (8 * i)) & 0xff));
    return h;
}

std::string eventRecord(const tensorflow::Event& e) {
    return encodeTFRecord(e.SerializeAsString());
}

std::string fileVersionRecord() {
    tensorflow::Event e;
    e.set_wall_time(1.5);
    e.set_file_version("brain.Event:2");
    return eventRecord(e);
}

} // namespace

TEST_CASE("TFRecord round trip through a stream", "[tfrecord]") {
    const std::vector<std::string> records = { "", "a", std::string(1000, 'x'), std::string("\0\1\2", 3) };
    std::string bytes;
    for (const auto& r : records) bytes += encodeTFRecord(r);
    std::istringstream in(bytes);
    TFRecordReader reader(in, "memory");
    REQUIRE(reader.size() == bytes.size());
    CHECK(readAll(reader) == records);
    CHECK(reader.recordIndex() == 4);
    CHECK(reader.offset() == bytes.size());

    PipeBuf pipe(bytes);
    std::istream piped(&pipe);
    TFRecordReader pipeReader(piped, "pipe");
    CHECK_FALSE(pipeReader.size().has_value());
    CHECK(readAll(pipeReader) == records);
}

TEST_CASE("real event files pass every CRC", "[tfrecord][fixtures]") {
    struct Case {
        const char* file;
        size_t records;
    };
    for (const Case& c : { Case{ kTensorboardEvents, 3 }, Case{ kTfxEvents, 28 }, Case{ kSpeechTrain, 3 },
                           Case{ kSpeechValidation, 10 } }) {
        INFO(c.file);
        const TFRecordFile f = readTFRecordFile(test::fixture(c.file));
        CHECK_FALSE(f.error.has_value());
        CHECK(f.records.size() == c.records);
        CHECK(f.offsets.front() == 0);
    }
    // formats.md: first record is 0x18 bytes: 09 <double wall_time> 1a 0d "brain.Event:2".
    const TFRecordFile f = readTFRecordFile(test::fixture(kSpeechValidation));
    REQUIRE(f.records.size() == 10);
    CHECK(f.records[0].size() == 0x18);
    CHECK(f.records[0][0] == '\x09');
    CHECK(f.records[0].substr(9) == std::string("\x1a\x0d") + "brain.Event:2");
    CHECK(f.offsets[1] == 12 + 0x18 + 4);
}

TEST_CASE("a truncated final record reports its byte offset and keeps earlier records", "[tfrecord]") {
    const std::string bytes = slurp(test::fixture(kSpeechValidation));
    const TFRecordFile whole = readTFRecordFile(test::fixture(kSpeechValidation));
    const uint64_t lastOffset = whole.offsets.back();
    TempFile cut(bytes.substr(0, bytes.size() - 3));
    const TFRecordFile partial = readTFRecordFile(cut.str());
    REQUIRE(partial.error.has_value());
    CHECK(partial.records.size() == 9);
    CHECK_THAT(partial.error->what(), Catch::Contains("truncated record at byte " + std::to_string(lastOffset)));
    CHECK(partial.error->place() == "record 9");

    std::istringstream in(bytes.substr(0, bytes.size() - 3));
    TFRecordReader reader(in, "cut");
    std::string r;
    for (int i = 0; i < 9; ++i) REQUIRE(reader.next(r));
    CHECK_THROWS_AS(reader.next(r), FormatError);
    CHECK(reader.offset() == lastOffset);
    CHECK_THROWS_AS(reader.next(r), FormatError); // stays failed
}

TEST_CASE("every truncation of a record stream ends cleanly or throws FormatError", "[tfrecord][hostile]") {
    const std::string bytes = encodeTFRecord("first") + encodeTFRecord("") + encodeTFRecord("third record");
    const std::vector<size_t> boundaries = { 0, 21, 37, bytes.size() };
    for (size_t len = 0; len <= bytes.size(); ++len) {
        INFO("length " << len);
        const bool boundary = std::find(boundaries.begin(), boundaries.end(), len) != boundaries.end();
        for (bool seekable : { true, false }) {
            PipeBuf pipe(bytes.substr(0, len));
            std::istringstream str(bytes.substr(0, len));
            std::istream piped(&pipe);
            TFRecordReader reader(seekable ? static_cast<std::istream&>(str) : piped, "cut");
            if (boundary) CHECK_NOTHROW(readAll(reader));
            else CHECK_THROWS_AS(readAll(reader), FormatError);
        }
    }
}

TEST_CASE("every single bit flip in a record is detected", "[tfrecord][hostile]") {
    const std::string bytes = encodeTFRecord("some event bytes");
    for (size_t bit = 0; bit < bytes.size() * 8; ++bit) {
        std::string flipped = bytes;
        flipped[bit / 8] = char(flipped[bit / 8] ^ (1 << (bit % 8)));
        std::istringstream in(flipped);
        TFRecordReader reader(in, "flipped");
        std::string r;
        CHECK_THROWS_AS(reader.next(r), FormatError);
    }
}

TEST_CASE("a declared length of 2^62 is refused before allocating", "[tfrecord][hostile]") {
    const uint64_t huge = uint64_t(1) << 62;
    const std::string bytes = fileVersionRecord() + header(huge) + std::string(64, 'x');
    std::istringstream in(bytes);
    TFRecordReader reader(in, "huge");
    std::string r;
    REQUIRE(reader.next(r));
    try {
        reader.next(r);
        FAIL("expected FormatError");
    } catch (const FormatError& e) {
        CHECK_THAT(e.what(), Catch::Contains("truncated record at byte"));
        CHECK_THAT(e.what(), Catch::Contains(std::to_string(huge)));
    }
    // Without a known size the record limit (and then chunked reading) still bounds memory.
    PipeBuf pipe(bytes);
    std::istream piped(&pipe);
    TFRecordReader pipeReader(piped, "huge pipe");
    REQUIRE(pipeReader.next(r));
    CHECK_THROWS_AS(pipeReader.next(r), FormatError);
    PipeBuf pipe2(header(100u << 20) + "short");
    std::istream piped2(&pipe2);
    TFRecordReader pipeReader2(piped2, "100 MB pipe");
    CHECK_THROWS_WITH(pipeReader2.next(r), Catch::Contains("truncated record at byte 0"));

    TempFile file(bytes);
    CHECK_NOTHROW(readEventFile(file.str())); // header record read, the rest is a warning
    const EventFileContents c = readEventFile(file.str());
    CHECK(c.recordCount == 1);
    REQUIRE(c.warnings.size() == 1);
    CHECK_THAT(c.warnings[0], Catch::Contains("truncated record at byte 40"));
}

TEST_CASE("readEventFile: TensorBoard graph with function library", "[events][fixtures]") {
    const EventFileContents c = readEventFile(test::fixture(kTensorboardEvents));
    CHECK(c.recordCount == 3);
    CHECK(c.fileVersion == "brain.Event:2");
    REQUIRE(c.graphDefs.size() == 1);
    CHECK(c.graphDefs[0].graph.node_size() == 461);
    CHECK(c.graphDefs[0].graph.library().function_size() == 2);
    CHECK(c.graphDefs[0].graph.library().gradient_size() == 1);
    CHECK(c.graphDefs[0].at.recordIndex == 1);
    CHECK(c.graphDefs[0].at.wallTime == Approx(1508491915.578).margin(0.01));
    REQUIRE(c.metaGraphDefs.size() == 1);
    CHECK(c.metaGraphDefs[0].metaGraph.graph_def().node_size() == 461);
    CHECK(c.warnings.empty());
}

TEST_CASE("readEventFile: estimator training events with summaries and session logs", "[events][fixtures]") {
    std::vector<double> fractions;
    Progress progress;
    progress.report = [&](double f, const std::string&) { fractions.push_back(f); };
    const EventFileContents c = readEventFile(test::fixture(kTfxEvents), progress);
    CHECK(c.recordCount == 28);
    REQUIRE(c.graphDefs.size() == 2);
    CHECK(c.graphDefs[0].graph.node_size() == 2165);
    CHECK(c.graphDefs[1].graph.node_size() == 2502);
    REQUIRE(c.metaGraphDefs.size() == 2);
    CHECK(c.metaGraphDefs[1].metaGraph.graph_def().node_size() == 2502);
    CHECK(c.sessionLogCount == 4);
    REQUIRE(c.summaryTags.count("loss"));
    CHECK(c.summaryTags.at("loss").count == 10);
    REQUIRE(c.summaryTags.at("loss").lastSimpleValue.has_value());
    CHECK(*c.summaryTags.at("loss").lastSimpleValue == Approx(0.665362).epsilon(1e-5));
    CHECK(c.summaryTags.at("loss").lastStep == 901);
    CHECK_FALSE(c.summaryTags.at("dnn/hiddenlayer_0/activation").lastSimpleValue.has_value()); // histogram
    CHECK(c.warnings.empty());
    REQUIRE(fractions.size() > 2);
    CHECK(fractions.back() == 1.0);
    for (size_t i = 1; i < fractions.size(); ++i) CHECK(fractions[i] >= fractions[i - 1]);

    CancelToken cancel;
    cancel.cancel();
    Progress cancelled;
    cancelled.cancel = &cancel;
    CHECK_THROWS_AS(readEventFile(test::fixture(kTfxEvents), cancelled), Cancelled);
}

TEST_CASE("readEventFile: speech commands train and validation", "[events][fixtures]") {
    const EventFileContents train = readEventFile(test::fixture(kSpeechTrain));
    REQUIRE(train.graphDefs.size() == 1);
    CHECK(train.graphDefs[0].graph.node_size() == 431);
    CHECK(train.metaGraphDefs.size() == 1);
    const EventFileContents validation = readEventFile(test::fixture(kSpeechValidation));
    CHECK(validation.recordCount == 10);
    CHECK(validation.graphDefs.empty());
    REQUIRE(validation.summaryTags.count("accuracy"));
    CHECK(validation.summaryTags.at("accuracy").count == 9);
    CHECK(*validation.summaryTags.at("accuracy").lastSimpleValue == Approx(0.959184).epsilon(1e-5));
    CHECK(validation.summaryTags.at("accuracy").lastStep == 21000);
}

TEST_CASE("readEventFile: run metadata, undecodable embedded protos and bad records", "[events][hostile]") {
    tensorflow::RunMetadata rm;
    rm.add_partition_graphs()->add_node()->set_name("matmul");
    tensorflow::Event runEvent;
    runEvent.set_step(7);
    runEvent.mutable_tagged_run_metadata()->set_tag("step7");
    runEvent.mutable_tagged_run_metadata()->set_run_metadata(rm.SerializeAsString());
    tensorflow::Event badGraph;
    badGraph.set_graph_def(std::string("\xff\xff\xff\xff", 4));
    tensorflow::Event log;
    log.mutable_session_log()->set_status(tensorflow::SessionLog::START);

    const std::string good = fileVersionRecord() + eventRecord(runEvent) + eventRecord(badGraph) + eventRecord(log);
    {
        TempFile file(good);
        const EventFileContents c = readEventFile(file.str());
        CHECK(c.recordCount == 4);
        REQUIRE(c.taggedRunMetadata.size() == 1);
        CHECK(c.taggedRunMetadata[0].tag == "step7");
        CHECK(c.taggedRunMetadata[0].at.step == 7);
        CHECK(c.taggedRunMetadata[0].runMetadata.partition_graphs(0).node(0).name() == "matmul");
        CHECK(c.graphDefs.empty());
        CHECK(c.sessionLogCount == 1);
        REQUIRE(c.warnings.size() == 1);
        CHECK_THAT(c.warnings[0], Catch::Contains("record 2") && Catch::Contains("graph_def"));
    }
    {
        // A record with valid CRCs that is not an Event is fatal and names record and offset, and the
        // byte of the record's payload where the Event stops parsing (here its first tag).
        TempFile file(fileVersionRecord() + encodeTFRecord(std::string("\xff\xff\xff", 3)));
        try {
            readEventFile(file.str());
            FAIL("expected FormatError");
        } catch (const FormatError& e) {
            CHECK(e.place() == "record 1 at byte 40, payload byte 0");
        }
    }
    {
        TempFile empty("");
        CHECK_THROWS_AS(readEventFile(empty.str()), FormatError);
        TempFile garbage(std::string(40, '\x07'));
        CHECK_THROWS_AS(readEventFile(garbage.str()), FormatError); // not even the first record
        CHECK_THROWS_AS(readEventFile("/nonexistent/events.out.tfevents.0"), FormatError);
    }
    {
        // Cut the real file anywhere after the first record: a warning, earlier records kept.
        const std::string bytes = slurp(test::fixture(kSpeechTrain));
        const TFRecordFile whole = readTFRecordFile(test::fixture(kSpeechTrain));
        TempFile cut(bytes.substr(0, whole.offsets[2] + 100));
        const EventFileContents c = readEventFile(cut.str());
        CHECK(c.recordCount == 2);
        CHECK(c.graphDefs.size() == 1);
        REQUIRE(c.warnings.size() == 1);
        CHECK_THAT(c.warnings[0], Catch::Contains("truncated record at byte " + std::to_string(whole.offsets[2])));
    }
}
