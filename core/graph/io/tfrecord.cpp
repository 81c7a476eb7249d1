#include "core/graph/io/tfrecord.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "core/util/crc32c.h"

namespace graphlens::io {
namespace {

uint32_t loadLE32(const unsigned char* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

uint64_t loadLE64(const unsigned char* p) {
    return uint64_t(loadLE32(p)) | uint64_t(loadLE32(p + 4)) << 32;
}

void storeLE32(std::string& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
}

std::string hex32(uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", v);
    return buf;
}

// Without a known size, data is pulled in bounded chunks so a hostile length cannot force a huge allocation
// before the stream proves it really has that many bytes.
constexpr uint64_t kChunk = uint64_t(1) << 20;

} // namespace

TFRecordReader::TFRecordReader(const std::string& path)
    : m_name(path) {
    m_file = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*m_file) throw FormatError(path, "", "cannot open file", ErrorKind::Unreadable);
    m_in = m_file.get();
    init();
}

TFRecordReader::TFRecordReader(std::istream& in, std::string name)
    : m_in(&in)
    , m_name(std::move(name)) {
    init();
}

void TFRecordReader::init() {
    std::istream::pos_type start = m_in->tellg();
    if (start == std::istream::pos_type(-1)) return;
    m_in->seekg(0, std::ios::end);
    std::istream::pos_type end = m_in->tellg();
    m_in->seekg(start);
    if (end == std::istream::pos_type(-1) || !*m_in || end < start) {
        m_in->clear();
        m_in->seekg(start);
        return;
    }
    m_size = uint64_t(end - start);
}

FormatError TFRecordReader::error(const std::string& message, ErrorKind kind) const {
    return FormatError(m_name, "record " + std::to_string(m_index), message, kind);
}

uint64_t TFRecordReader::readUpTo(char* out, uint64_t n) {
    m_in->read(out, std::streamsize(n));
    return uint64_t(m_in->gcount());
}

bool TFRecordReader::readPayload(std::string& record, uint64_t length) {
    record.clear();
    if (m_size) {
        record.resize(length);
        return length == 0 || readUpTo(record.data(), length) == length;
    }
    while (record.size() < length) {
        uint64_t want = std::min<uint64_t>(kChunk, length - record.size());
        size_t old = record.size();
        record.resize(old + want);
        uint64_t got = readUpTo(record.data() + old, want);
        if (got != want) {
            record.resize(old + got);
            return false;
        }
    }
    return true;
}

bool TFRecordReader::next(std::string& record) {
    if (m_failed) throw error("reader already failed at byte " + std::to_string(m_offset));
    unsigned char header[kHeaderSize];
    uint64_t got = readUpTo(reinterpret_cast<char*>(header), kHeaderSize);
    if (got == 0) return false;
    m_failed = true; // cleared on success; every throw below leaves the reader unusable
    const std::string at = " at byte " + std::to_string(m_offset);
    if (got < kHeaderSize)
        throw error("truncated record" + at + ": only " + std::to_string(got) + " of 12 header bytes",
                    ErrorKind::Truncated);
    const uint64_t length = loadLE64(header);
    const uint32_t lengthCrc = loadLE32(header + 8);
    const uint32_t expectLengthCrc = maskCrc(crc32c(header, 8));
    if (lengthCrc != expectLengthCrc)
        throw error("corrupt record length" + at + ": length CRC " + hex32(lengthCrc) + ", expected " +
                    hex32(expectLengthCrc));
    if (m_size) {
        const uint64_t remaining = *m_size - std::min(*m_size, m_offset + kHeaderSize);
        if (remaining < kFooterSize || length > remaining - kFooterSize)
            throw error("truncated record" + at + ": declares " + std::to_string(length) + " data bytes, " +
                            std::to_string(remaining) + " bytes remain including the 4-byte CRC",
                        ErrorKind::Truncated);
    }
    if (length > m_maxRecordLength)
        throw error("record" + at + " declares " + std::to_string(length) + " bytes, over the limit of " +
                    std::to_string(m_maxRecordLength));
    if (!readPayload(record, length)) throw error("truncated record" + at + ": data ends early", ErrorKind::Truncated);
    unsigned char footer[kFooterSize];
    if (readUpTo(reinterpret_cast<char*>(footer), kFooterSize) != kFooterSize)
        throw error("truncated record" + at + ": data CRC missing", ErrorKind::Truncated);
    const uint32_t dataCrc = loadLE32(footer);
    const uint32_t expectDataCrc = maskCrc(crc32c(record.data(), record.size()));
    if (dataCrc != expectDataCrc)
        throw error("data CRC mismatch" + at + ": stored " + hex32(dataCrc) + ", computed " + hex32(expectDataCrc));
    m_failed = false;
    m_offset += kHeaderSize + length + kFooterSize;
    ++m_index;
    return true;
}

TFRecordFile readTFRecordFile(const std::string& path, const Progress& progress) {
    TFRecordReader reader(path);
    TFRecordFile out;
    const double total = reader.size() ? double(std::max<uint64_t>(1, *reader.size())) : 0.0;
    std::string record;
    try {
        for (;;) {
            progress(total > 0 ? double(reader.offset()) / total : 0.0, "reading records");
            const uint64_t at = reader.offset();
            if (!reader.next(record)) break;
            out.offsets.push_back(at);
            out.records.push_back(std::move(record));
        }
    } catch (const FormatError& e) {
        out.error = e;
    }
    return out;
}

std::string encodeTFRecord(const std::string& data) {
    std::string out;
    out.reserve(data.size() + 16);
    const uint64_t length = data.size();
    for (int i = 0; i < 8; ++i) out.push_back(char((length >> (8 * i)) & 0xff));
    storeLE32(out, maskCrc(crc32c(out.data(), 8)));
    out += data;
    storeLE32(out, maskCrc(crc32c(data.data(), data.size())));
    return out;
}

} // namespace graphlens::io
