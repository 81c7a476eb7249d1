#include "core/graph/io/proto_reader.h"

#include <fstream>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/text_format.h>

#include "core/util/error.h"

namespace graphlens::io {

std::string readFile(const std::string& path, int64_t maxBytes) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) throw FormatError(path, "", "cannot open file");
    const std::streamoff size = in.tellg();
    if (size < 0) throw FormatError(path, "", "cannot determine the file size");
    if (size > maxBytes) {
        throw FormatError(path, "",
                          "file is " + std::to_string(size) + " bytes, over the limit of " + std::to_string(maxBytes) +
                              " bytes");
    }
    std::string data(static_cast<size_t>(size), '\0');
    in.seekg(0);
    if (size > 0 && !in.read(data.data(), size)) throw FormatError(path, "", "read failed");
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

void parseBinary(const std::string& data, const std::string& file, google::protobuf::Message* message) {
    google::protobuf::io::ArrayInputStream raw(data.data(), static_cast<int>(data.size()));
    google::protobuf::io::CodedInputStream coded(&raw);
    coded.SetTotalBytesLimit(static_cast<int>(std::min<size_t>(data.size() + 1, INT32_MAX)));
    if (!message->ParseFromCodedStream(&coded) || !coded.ConsumedEntireMessage()) {
        throw FormatError(file, "byte " + std::to_string(coded.CurrentPosition()),
                          "not a valid binary " + message->GetTypeName() + " (malformed or truncated protobuf)");
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
    google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(data.data()),
                                              static_cast<int>(std::min<size_t>(data.size(), INT32_MAX)));
    bool savedModelShape = true;
    bool graphShape = true;
    int fields = 0;
    int graphFields = 0;
    while (true) {
        const uint32_t tag = in.ReadTag();
        if (tag == 0) break;
        const uint32_t field = tag >> 3;
        const uint32_t wire = tag & 7;
        ++fields;
        if (!((field == 1 && wire == 0) || (field == 2 && wire == 2))) savedModelShape = false;
        // Fields from 8 on are unknown to this version (a newer writer's); they are kept, not a reason to refuse.
        if ((field >= 1 && field <= 7 && wire == 2) || (field == 3 && wire == 0)) ++graphFields;
        else if (field < 8) graphShape = false;
        if (wire == 0) {
            uint64_t v;
            if (!in.ReadVarint64(&v)) return WireShape::Unknown;
        } else if (wire == 2) {
            uint32_t len;
            if (!in.ReadVarint32(&len) || !in.Skip(static_cast<int>(len))) return WireShape::Unknown;
        } else if (wire == 1) {
            uint64_t v;
            if (!in.ReadLittleEndian64(&v)) return WireShape::Unknown;
        } else if (wire == 5) {
            uint32_t v;
            if (!in.ReadLittleEndian32(&v)) return WireShape::Unknown;
        } else {
            return WireShape::Unknown;
        }
    }
    if (fields == 0) return WireShape::Unknown;
    if (savedModelShape) return WireShape::SavedModel;
    if (graphShape && graphFields > 0) return WireShape::GraphOrMetaGraph;
    return WireShape::Unknown;
}

} // namespace graphlens::io
