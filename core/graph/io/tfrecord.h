#pragma once
// TFRecord framing: uint64 length | masked crc32c(length) | data | masked crc32c(data), all little-endian.
// Event files and other record files are untrusted input: a declared length is checked against what is left
// in the file before anything is allocated for it.
#include <cstdint>
#include <fstream>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/util/error.h"
#include "core/util/progress.h"

namespace graphlens::io {

class TFRecordReader {
public:
    // Opens a file; throws FormatError naming the path when it cannot be opened.
    explicit TFRecordReader(const std::string& path);
    // Reads from a caller-owned stream that must outlive the reader; `name` is used in error messages.
    TFRecordReader(std::istream& in, std::string name);

    // Reads the next record into `record`. Returns false at a clean end of input (no bytes left).
    // Throws FormatError (place "record K") on a truncated record, a CRC mismatch or an oversized length;
    // records returned before stay valid, so a caller may keep them and stop.
    bool next(std::string& record);

    // Byte offset where the next record starts (or where the failing record started after a throw).
    uint64_t offset() const { return m_offset; }
    // Index of the next record, counting from 0.
    uint64_t recordIndex() const { return m_index; }
    // Total input size in bytes, when the stream is seekable.
    std::optional<uint64_t> size() const { return m_size; }
    const std::string& name() const { return m_name; }

    // Records longer than this are rejected even when the file is large enough (protobuf cannot parse
    // more than 2 GiB anyway). Defaults to 2 GiB - 1.
    void setMaxRecordLength(uint64_t bytes) { m_maxRecordLength = bytes; }

    static constexpr uint64_t kHeaderSize = 12;
    static constexpr uint64_t kFooterSize = 4;

private:
    void init();
    // Reads up to n bytes into out; returns how many arrived.
    uint64_t readUpTo(char* out, uint64_t n);
    bool readPayload(std::string& record, uint64_t length);
    FormatError error(const std::string& message, ErrorKind kind = ErrorKind::Malformed) const;

    std::unique_ptr<std::ifstream> m_file;
    std::istream* m_in = nullptr;
    std::string m_name;
    std::optional<uint64_t> m_size;
    uint64_t m_offset = 0;
    uint64_t m_index = 0;
    uint64_t m_maxRecordLength = (uint64_t(1) << 31) - 1;
    bool m_failed = false;
};

struct TFRecordFile {
    std::vector<std::string> records;
    std::vector<uint64_t> offsets; // byte offset of each record's header
    // Set when reading stopped early (truncated tail, CRC mismatch, ...); `records` holds everything before.
    std::optional<FormatError> error;
};

// Reads every record of a file. Never throws for bad records: the first one ends the read and is returned in
// `error`. Throws FormatError only when the file cannot be opened, and Cancelled through `progress`.
TFRecordFile readTFRecordFile(const std::string& path, const Progress& progress = {});

// Frames one record (used by tests and by anything that writes event files).
std::string encodeTFRecord(const std::string& data);

} // namespace graphlens::io
