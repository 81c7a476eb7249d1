#include "core/graph/io/proto_reader.h"

#include <fstream>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/text_format.h>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "core/util/error.h"
#include "core/util/utf8.h"

namespace graphlens::io {

std::string readFile(const std::string& path, int64_t maxBytes) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) throw FormatError(path, "", "cannot open file", ErrorKind::Unreadable);
    const std::streamoff size = in.tellg();
    if (size < 0) throw FormatError(path, "", "cannot determine the file size", ErrorKind::Unreadable);
    if (size > maxBytes) {
        throw FormatError(path, "",
                          "file is " + std::to_string(size) + " bytes, over the limit of " + std::to_string(maxBytes) +
                              " bytes",
                          ErrorKind::Unsupported);
    }
    std::string data(static_cast<size_t>(size), '\0');
    in.seekg(0);
    if (size > 0 && !in.read(data.data(), size)) throw FormatError(path, "", "read failed", ErrorKind::Unreadable);
    return data;
}

bool looksLikeText(const std::string& data) {
    const size_t n = std::min<size_t>(data.size(), 4096);
    if (n == 0) return false;
    size_t i = 0;
    while (i < n && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t')) ++i;
    if (i == n) return false;
    const char first = data[i];
    if (!(std::isalpha(static_cast<unsigned char>(first)) || first == '#' || first == '[')) return false;
    for (size_t k = 0; k < n; ++k) {
        const auto c = static_cast<unsigned char>(data[k]);
        if (c < 0x09 || (c > 0x0d && c < 0x20) || c == 0x7f) return false;
    }
    return true;
}

namespace {

struct Damage {
    uint64_t offset = 0;
    std::string path; // "node[3].attr[0].value"
    std::string why;
    bool found = false;
    bool truncated = false; // a length runs past the end of the whole data
};

// Finds the innermost field of a `type` message in data[0, size) that does not parse: the place a
// failed parse stopped, which protobuf's parser does not report. Each level re-parses only the
// payload of the broken field, so the work is the data size times the depth (at most kMaxDepth).
Damage locateDamage(const char* data, size_t size, const google::protobuf::Descriptor* type, uint64_t base, int depth,
                    uint64_t total) {
    constexpr int kMaxDepth = 12;
    Damage damage;
    google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(data), static_cast<int>(size));
    std::map<int, int> seen;
    while (static_cast<size_t>(in.CurrentPosition()) < size) {
        const auto at = static_cast<uint64_t>(in.CurrentPosition());
        const uint32_t tag = in.ReadTag();
        const auto stop = [&](const std::string& path, std::string why = {}, bool truncated = false) {
            damage.offset = base + at;
            damage.path = path;
            damage.why = std::move(why);
            damage.truncated = truncated;
            damage.found = true;
            return damage;
        };
        if (tag == 0) return stop("");
        const int number = static_cast<int>(tag >> 3);
        const uint32_t wire = tag & 7;
        const google::protobuf::FieldDescriptor* field = type->FindFieldByNumber(number);
        const std::string name = field ? field->name() : "unknown field " + std::to_string(number);
        const int index = seen[number]++;
        const std::string segment = field && field->is_repeated() ? name + "[" + std::to_string(index) + "]" : name;
        if (wire == 2) {
            uint32_t len;
            if (!in.ReadVarint32(&len)) return stop(segment, "malformed length");
            const uint64_t remain = size - static_cast<size_t>(in.CurrentPosition());
            if (len > remain) {
                const uint64_t end = base + static_cast<uint64_t>(in.CurrentPosition()) + len;
                return stop(segment,
                            "declares " + std::to_string(len) + " bytes, " + std::to_string(remain) + " remain" +
                                (depth > 0 ? " in the enclosing field" : ""),
                            end > total);
            }
            const char* payload = data + in.CurrentPosition();
            const uint64_t payloadBase = base + static_cast<uint64_t>(in.CurrentPosition());
            in.Skip(static_cast<int>(len));
            if (!field) continue;
            if (field->type() == google::protobuf::FieldDescriptor::TYPE_STRING &&
                field->file()->syntax() == google::protobuf::FileDescriptor::SYNTAX_PROTO3 &&
                !isValidUtf8(std::string_view(payload, len)))
                return stop(segment, "string is not valid UTF-8");
            if (field->type() != google::protobuf::FieldDescriptor::TYPE_MESSAGE) continue;
            const google::protobuf::Message* prototype =
                google::protobuf::MessageFactory::generated_factory()->GetPrototype(field->message_type());
            if (!prototype) continue;
            std::unique_ptr<google::protobuf::Message> sub(prototype->New());
            if (sub->ParseFromArray(payload, static_cast<int>(len))) continue;
            if (depth >= kMaxDepth) return stop(segment);
            Damage inner = locateDamage(payload, len, field->message_type(), payloadBase, depth + 1, total);
            if (!inner.found) return stop(segment);
            inner.path = inner.path.empty() ? segment : segment + "." + inner.path;
            return inner;
        }
        bool ok = true;
        if (wire == 0) {
            uint64_t v;
            ok = in.ReadVarint64(&v);
        } else if (wire == 1 || wire == 5) {
            const int need = wire == 1 ? 8 : 4;
            ok = size - static_cast<size_t>(in.CurrentPosition()) >= static_cast<size_t>(need) && in.Skip(need);
        } else {
            return stop(segment, "wire type " + std::to_string(wire) + " is not used by TensorFlow files");
        }
        if (!ok)
            return stop(segment, wire == 0 ? "malformed varint" : "fixed-size value runs past the end",
                        wire != 0 && base + size >= total);
    }
    return damage;
}

Damage findDamage(const std::string& data, const google::protobuf::Descriptor* type) {
    const size_t size = std::min<size_t>(data.size(), INT32_MAX);
    return locateDamage(data.data(), size, type, 0, 0, size);
}

std::string placeOf(const Damage& d) {
    return "byte " + std::to_string(d.offset) + (d.path.empty() ? "" : " (" + d.path + ")");
}

} // namespace

std::string damagePlace(const std::string& data, const google::protobuf::Descriptor* type) {
    const Damage d = findDamage(data, type);
    if (!d.found) return {};
    return placeOf(d) + (d.why.empty() ? "" : ": " + d.why);
}

void parseBinary(const std::string& data, const std::string& file, google::protobuf::Message* message) {
    google::protobuf::io::ArrayInputStream raw(data.data(), static_cast<int>(data.size()));
    google::protobuf::io::CodedInputStream coded(&raw);
    coded.SetTotalBytesLimit(static_cast<int>(std::min<size_t>(data.size() + 1, INT32_MAX)));
    ProtobufLogCapture log;
    if (!message->ParseFromCodedStream(&coded) || !coded.ConsumedEntireMessage()) {
        const Damage d = findDamage(data, message->GetDescriptor());
        const std::string place = d.found ? placeOf(d) : "byte " + std::to_string(coded.CurrentPosition());
        std::string detail = log.take();
        if (detail.empty()) detail = d.why;
        if (d.truncated)
            throw FormatError(file, place,
                              "truncated binary " + message->GetTypeName() + " (or a corrupt length): " + d.why +
                                  " (the file is " + std::to_string(data.size()) + " bytes)",
                              ErrorKind::Truncated);
        throw FormatError(file, place,
                          withDetail("not a valid binary " + message->GetTypeName() + " (malformed protobuf)", detail));
    }
}

namespace {
class CollectFirstError : public google::protobuf::io::ErrorCollector {
public:
    void AddError(int line, google::protobuf::io::ColumnNumber column, const std::string& message) override {
        if (!error.empty()) return;
        error = "line " + std::to_string(line + 1) + ", column " + std::to_string(column + 1) + ": " + message;
    }
    void AddWarning(int, google::protobuf::io::ColumnNumber, const std::string&) override { }
    std::string error;
};
} // namespace

std::string tryParseText(const std::string& data, google::protobuf::Message* message) {
    google::protobuf::TextFormat::Parser parser;
    // The text parser recurses per nested message and has no depth limit by default: a hostile file
    // nested thousands deep would overflow the stack. Use the binary parser's default limit.
    parser.SetRecursionLimit(100);
    CollectFirstError errors;
    parser.RecordErrorsTo(&errors);
    google::protobuf::io::ArrayInputStream raw(data.data(), static_cast<int>(data.size()));
    if (parser.Parse(&raw, message)) return {};
    return errors.error.empty() ? std::string("text format parse error") : errors.error;
}

void parseText(const std::string& data, const std::string& file, google::protobuf::Message* message) {
    const std::string error = tryParseText(data, message);
    if (!error.empty()) {
        const size_t colon = error.find(": ");
        throw FormatError(file, error.substr(0, colon),
                          "not a valid text " + message->GetTypeName() + ": " + error.substr(colon + 2));
    }
}

WireShape classifyWire(const std::string& data) {
    return scanWire(data).shape;
}

WireScan scanWire(const std::string& data) {
    const size_t size = std::min<size_t>(data.size(), INT32_MAX);
    google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(data.data()), static_cast<int>(size));
    bool savedModelShape = true;
    bool graphShape = true;
    int fields = 0;
    int graphFields = 0;
    WireScan scan;
    uint64_t firstMisfit = 0;
    std::string misfit;
    const auto shapeSoFar = [&] {
        if (fields == 0) return WireShape::Unknown;
        if (savedModelShape) return WireShape::SavedModel;
        if (graphShape && graphFields > 0) return WireShape::GraphOrMetaGraph;
        return WireShape::Unknown;
    };
    const auto fail = [&](uint64_t at, std::string problem, bool truncated) {
        scan.offset = at;
        scan.problem = std::move(problem);
        scan.truncated = truncated;
        scan.shapeSoFar = shapeSoFar();
        return scan;
    };
    while (true) {
        const auto at = static_cast<uint64_t>(in.CurrentPosition());
        if (at >= size) break;
        const uint32_t tag = in.ReadTag();
        if (tag == 0) return fail(at, "no valid field tag (a field number 0 or a malformed varint)", false);
        const uint32_t field = tag >> 3;
        const uint32_t wire = tag & 7;
        const std::string what = "field " + std::to_string(field) + " (wire type " + std::to_string(wire) + ")";
        if (!((field == 1 && wire == 0) || (field == 2 && wire == 2))) savedModelShape = false;
        // Fields from 8 on are unknown to this version (a newer writer's); they are kept, not a reason to refuse.
        if ((field >= 1 && field <= 7 && wire == 2) || (field == 3 && wire == 0)) {
            ++graphFields;
        } else if (field < 8) {
            if (graphShape && !savedModelShape && misfit.empty()) {
                firstMisfit = at;
                misfit = what + " is not a GraphDef, MetaGraphDef or SavedModel field";
            }
            graphShape = false;
        }
        const uint64_t left = size - static_cast<uint64_t>(in.CurrentPosition());
        if (wire == 0) {
            uint64_t v;
            if (!in.ReadVarint64(&v))
                return fail(at, what + ": malformed varint value", left < 10 && (data.back() & 0x80) != 0);
        } else if (wire == 2) {
            const auto lengthAt = static_cast<uint64_t>(in.CurrentPosition());
            uint32_t len;
            if (!in.ReadVarint32(&len)) return fail(at, what + ": malformed length", left < 5);
            const uint64_t remain = size - static_cast<uint64_t>(in.CurrentPosition());
            if (len > remain) {
                ++fields;
                return fail(at,
                            what + " declares " + std::to_string(len) + " bytes at byte " + std::to_string(lengthAt) +
                                ", but only " + std::to_string(remain) + " remain",
                            true);
            }
            in.Skip(static_cast<int>(len));
        } else if (wire == 1 || wire == 5) {
            const uint64_t need = wire == 1 ? 8 : 4;
            if (left < need) {
                ++fields;
                return fail(
                    at, what + " needs " + std::to_string(need) + " bytes, only " + std::to_string(left) + " remain",
                    true);
            }
            in.Skip(static_cast<int>(need));
        } else {
            return fail(at, what + ": wire type " + std::to_string(wire) + " is not used by TensorFlow files", false);
        }
        ++fields;
    }
    scan.shape = shapeSoFar();
    if (scan.shape == WireShape::Unknown) {
        scan.offset = firstMisfit;
        scan.problem = fields == 0 ? "no fields"
            : misfit.empty()       ? "no GraphDef, MetaGraphDef or SavedModel fields"
                                   : misfit;
    }
    scan.shapeSoFar = scan.shape;
    return scan;
}

namespace {
thread_local ProtobufLogCapture* t_capture = nullptr;
google::protobuf::LogHandler* g_previousHandler = nullptr;
std::once_flag g_installed;
} // namespace

void captureProtobufLog(int level, const char* filename, int line, const std::string& message) {
    if (ProtobufLogCapture* capture = t_capture) {
        if (capture->m_first.empty()) {
            std::string text = message;
            while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '.')) text.pop_back();
            // protobuf's advice to schema authors says nothing to someone reading a file.
            const size_t advice = text.find(" when parsing a protocol buffer");
            if (advice != std::string::npos) text.resize(advice);
            capture->m_first = text;
        }
        return;
    }
    if (g_previousHandler) g_previousHandler(static_cast<google::protobuf::LogLevel>(level), filename, line, message);
}

namespace {
void logHandler(google::protobuf::LogLevel level, const char* filename, int line, const std::string& message) {
    captureProtobufLog(static_cast<int>(level), filename, line, message);
}
} // namespace

ProtobufLogCapture::ProtobufLogCapture()
    : m_outer(t_capture) {
    std::call_once(g_installed, [] { g_previousHandler = google::protobuf::SetLogHandler(&logHandler); });
    t_capture = this;
}

ProtobufLogCapture::~ProtobufLogCapture() {
    t_capture = m_outer;
}

std::string ProtobufLogCapture::take() {
    return std::exchange(m_first, std::string());
}

std::string withDetail(const std::string& message, const std::string& detail) {
    return detail.empty() ? message : message + ": " + detail;
}

} // namespace graphlens::io
