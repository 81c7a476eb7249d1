#include "core/graph/io/sstable.h"

#include <cstdio>
#include <fstream>
#include <snappy.h>
#include <stdexcept>

#include "core/util/crc32c.h"

namespace graphlens::io {
namespace {

uint32_t loadLE32(const char* p) {
    const auto* u = reinterpret_cast<const unsigned char*>(p);
    return uint32_t(u[0]) | uint32_t(u[1]) << 8 | uint32_t(u[2]) << 16 | uint32_t(u[3]) << 24;
}

void putLE32(std::string& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
}

void putVarint32(std::string& out, uint32_t v) {
    putVarint64(out, v);
}

// Snappy cannot expand by more than about 21x (a 3-byte copy emits at most 64 bytes), so a declared
// uncompressed length beyond this is a lie and is refused before allocating.
constexpr uint64_t kMaxSnappyExpansion = 24;

std::string blockPlace(uint64_t offset) {
    return "block at byte " + std::to_string(offset);
}

} // namespace

bool getVarint64(std::string_view data, size_t& pos, uint64_t& value) {
    uint64_t result = 0;
    size_t p = pos;
    for (int shift = 0; shift <= 63; shift += 7) {
        if (p >= data.size()) return false;
        const auto byte = uint64_t(static_cast<unsigned char>(data[p++]));
        if (shift == 63 && byte > 1) return false; // bits beyond 64
        result |= (byte & 0x7f) << shift;
        if ((byte & 0x80) == 0) {
            value = result;
            pos = p;
            return true;
        }
    }
    return false;
}

bool getVarint32(std::string_view data, size_t& pos, uint32_t& value) {
    size_t p = pos;
    uint64_t v = 0;
    if (!getVarint64(data, p, v) || v > 0xffffffffull || p - pos > 5) return false;
    value = uint32_t(v);
    pos = p;
    return true;
}

void putVarint64(std::string& out, uint64_t v) {
    while (v >= 0x80) {
        out.push_back(char((v & 0x7f) | 0x80));
        v >>= 7;
    }
    out.push_back(char(v));
}

std::string printableKey(std::string_view key) {
    std::string out;
    for (unsigned char c : key) {
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out.push_back(char(c));
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        }
    }
    return out;
}

SSTableReader SSTableReader::open(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FormatError(path, "", "cannot open file", ErrorKind::Unreadable);
    in.seekg(0, std::ios::end);
    const auto end = in.tellg();
    if (end < 0) throw FormatError(path, "", "cannot determine file size", ErrorKind::Unreadable);
    in.seekg(0);
    std::string bytes(size_t(end), '\0');
    if (!in.read(bytes.data(), std::streamsize(bytes.size())))
        throw FormatError(path, "", "read failed after " + std::to_string(in.gcount()) + " bytes",
                          ErrorKind::Unreadable);
    return fromBytes(std::move(bytes), path);
}

SSTableReader SSTableReader::fromBytes(std::string bytes, std::string name) {
    SSTableReader reader(std::move(bytes), std::move(name));
    reader.readFooterAndIndex();
    return reader;
}

void SSTableReader::readFooterAndIndex() {
    const uint64_t fileSize = m_bytes.size();
    if (fileSize < kFooterSize)
        throw FormatError(m_name, "footer",
                          "file is " + std::to_string(fileSize) + " bytes, shorter than the 48-byte table footer",
                          ErrorKind::Truncated);
    const uint64_t footerStart = fileSize - kFooterSize;
    std::string_view footer(m_bytes.data() + footerStart, kFooterSize);
    const uint64_t magic = uint64_t(loadLE32(footer.data() + 40)) | uint64_t(loadLE32(footer.data() + 44)) << 32;
    if (magic != kMagic)
        throw FormatError(m_name, byteOffset(footerStart + 40),
                          "bad table magic number: not an SSTable (checkpoint index), or truncated (the file is " +
                              std::to_string(fileSize) + " bytes)");
    size_t pos = 0;
    BlockHandle meta, index;
    if (!getVarint64(footer, pos, meta.offset) || !getVarint64(footer, pos, meta.size) ||
        !getVarint64(footer, pos, index.offset) || !getVarint64(footer, pos, index.size) || pos > 40)
        throw FormatError(m_name, byteOffset(footerStart), "malformed block handles in table footer");

    const std::string indexBlock = readBlock(index, "index block");
    std::string lastKey;
    bool haveLast = false, stop = false;
    uint64_t nextFree = 0; // data blocks must not overlap: keeps total work linear in the file size
    parseBlock(
        indexBlock, index.offset, lastKey, haveLast,
        [&](std::string_view key, std::string_view value) {
            BlockHandle h;
            size_t p = 0;
            if (!getVarint64(value, p, h.offset) || !getVarint64(value, p, h.size))
                throw FormatError(m_name, blockPlace(index.offset),
                                  "malformed block handle for index key \"" + printableKey(key) + "\"");
            if (h.offset < nextFree || h.offset >= index.offset || h.size > index.offset - h.offset ||
                kTrailerSize > index.offset - h.offset - h.size)
                throw FormatError(m_name, blockPlace(index.offset),
                                  "data block handle (offset " + std::to_string(h.offset) + ", size " +
                                      std::to_string(h.size) +
                                      ") lies outside the data area or overlaps the previous block");
            nextFree = h.offset + h.size + kTrailerSize;
            m_dataBlocks.push_back(h);
            return true;
        },
        stop);
}

std::string SSTableReader::readBlock(const BlockHandle& h, const std::string& what) const {
    const uint64_t limit = m_bytes.size() - kFooterSize;
    if (h.offset > limit || h.size > limit - h.offset || kTrailerSize > limit - h.offset - h.size)
        throw FormatError(m_name, blockPlace(h.offset),
                          what + " (size " + std::to_string(h.size) + " + 5-byte trailer) runs past the end of the " +
                              "table data at byte " + std::to_string(limit));
    const char* start = m_bytes.data() + h.offset;
    const auto type = static_cast<unsigned char>(start[h.size]);
    const uint32_t stored = loadLE32(start + h.size + 1);
    const uint32_t actual = crc32c(start, h.size + 1);
    if (unmaskCrc(stored) != actual) throw FormatError(m_name, blockPlace(h.offset), what + " CRC mismatch");
    if (type == 0) return std::string(start, h.size);
    if (type != 1)
        throw FormatError(m_name, blockPlace(h.offset), what + " has unknown compression type " + std::to_string(type));
    size_t length = 0;
    if (!snappy::GetUncompressedLength(start, h.size, &length) || length > h.size * kMaxSnappyExpansion + 64 ||
        !snappy::IsValidCompressedBuffer(start, h.size))
        throw FormatError(m_name, blockPlace(h.offset), what + " is not valid Snappy data");
    std::string out(length, '\0');
    if (!snappy::RawUncompress(start, h.size, out.data()))
        throw FormatError(m_name, blockPlace(h.offset), what + " failed to decompress");
    return out;
}

void SSTableReader::parseBlock(const std::string& block, uint64_t blockOffset, std::string& lastKey, bool& haveLast,
                               const std::function<bool(std::string_view, std::string_view)>& visit, bool& stop) const {
    const std::string place = blockPlace(blockOffset);
    if (block.size() < 4) throw FormatError(m_name, place, "block shorter than its restart count");
    const uint32_t numRestarts = loadLE32(block.data() + block.size() - 4);
    if (numRestarts > (block.size() - 4) / 4)
        throw FormatError(m_name, place, "restart count " + std::to_string(numRestarts) + " does not fit the block");
    const size_t dataEnd = block.size() - 4 - 4 * size_t(numRestarts);
    if (numRestarts == 0 && dataEnd > 0) throw FormatError(m_name, place, "block has entries but no restart points");
    for (uint32_t i = 0; i < numRestarts; ++i) {
        const uint32_t r = loadLE32(block.data() + dataEnd + 4 * size_t(i));
        if (r >= dataEnd && !(r == 0 && dataEnd == 0))
            throw FormatError(m_name, place, "restart point " + std::to_string(r) + " outside the entries");
    }
    const std::string_view data(block.data(), dataEnd);
    std::string key;
    size_t pos = 0;
    while (pos < dataEnd) {
        const size_t entryStart = pos;
        const auto bad = [&](const std::string& what) {
            return FormatError(m_name, place, "entry at block offset " + std::to_string(entryStart) + ": " + what);
        };
        uint32_t shared = 0, nonShared = 0, valueLength = 0;
        if (!getVarint32(data, pos, shared) || !getVarint32(data, pos, nonShared) ||
            !getVarint32(data, pos, valueLength))
            throw bad("malformed length varint");
        if (shared > key.size()) throw bad("shares " + std::to_string(shared) + " bytes of a shorter previous key");
        if (entryStart == 0 && shared != 0) throw bad("first entry of a block shares a prefix");
        if (nonShared > dataEnd - pos || valueLength > dataEnd - pos - nonShared)
            throw bad("key/value lengths run past the block");
        key.resize(shared);
        key.append(data.data() + pos, nonShared);
        pos += nonShared;
        const std::string_view value(data.data() + pos, valueLength);
        pos += valueLength;
        if (haveLast && !(lastKey < key)) throw bad("key \"" + printableKey(key) + "\" is not after the previous key");
        lastKey = key;
        haveLast = true;
        if (!visit(key, value)) {
            stop = true;
            return;
        }
    }
}

void SSTableReader::forEach(const std::function<bool(std::string_view, std::string_view)>& visit) const {
    std::string lastKey;
    bool haveLast = false, stop = false;
    for (const BlockHandle& h : m_dataBlocks) {
        const std::string block = readBlock(h, "data block");
        parseBlock(block, h.offset, lastKey, haveLast, visit, stop);
        if (stop) return;
    }
}

std::vector<std::pair<std::string, std::string>> SSTableReader::entries() const {
    std::vector<std::pair<std::string, std::string>> out;
    forEach([&](std::string_view k, std::string_view v) {
        out.emplace_back(std::string(k), std::string(v));
        return true;
    });
    return out;
}

// ---- writer ----

void SSTableWriter::BlockBuilder::add(std::string_view key, std::string_view value) {
    size_t shared = 0;
    if (counter < interval) {
        const size_t n = std::min(lastKey.size(), key.size());
        while (shared < n && lastKey[shared] == key[shared]) ++shared;
    } else {
        restarts.push_back(uint32_t(buffer.size()));
        counter = 0;
    }
    putVarint32(buffer, uint32_t(shared));
    putVarint32(buffer, uint32_t(key.size() - shared));
    putVarint32(buffer, uint32_t(value.size()));
    buffer.append(key.substr(shared));
    buffer.append(value);
    lastKey.assign(key);
    ++counter;
}

std::string SSTableWriter::BlockBuilder::finish() {
    std::string out = std::move(buffer);
    for (uint32_t r : restarts) putLE32(out, r);
    putLE32(out, uint32_t(restarts.size()));
    buffer.clear();
    restarts.assign(1, 0);
    counter = 0;
    return out;
}

void SSTableWriter::add(std::string_view key, std::string_view value) {
    if (m_any && !(m_lastKey < key)) throw std::invalid_argument("SSTableWriter: keys must be strictly increasing");
    m_data.add(key, value);
    m_lastKey.assign(key);
    m_any = true;
    if (m_data.estimate() >= m_options.blockSize) flushBlock();
}

void SSTableWriter::flushBlock() {
    if (m_data.empty()) return;
    const std::string lastKey = m_data.lastKey;
    std::string handle;
    writeBlock(m_data.finish(), true, handle);
    m_data.lastKey.clear();
    m_index.add(lastKey, handle);
}

void SSTableWriter::writeBlock(const std::string& raw, bool allowCompression, std::string& handleOut) {
    const std::string* contents = &raw;
    std::string compressed;
    char type = 0;
    if (allowCompression && m_options.snappy) {
        snappy::Compress(raw.data(), raw.size(), &compressed);
        if (compressed.size() < raw.size() - raw.size() / 8) {
            contents = &compressed;
            type = 1;
        }
    }
    handleOut.clear();
    putVarint64(handleOut, m_out.size());
    putVarint64(handleOut, contents->size());
    m_out += *contents;
    m_out.push_back(type);
    putLE32(m_out, maskCrc(crc32c(m_out.data() + m_out.size() - contents->size() - 1, contents->size() + 1)));
}

std::string SSTableWriter::finish() {
    flushBlock();
    std::string metaHandle, indexHandle;
    BlockBuilder meta(1);
    writeBlock(meta.finish(), false, metaHandle);
    writeBlock(m_index.finish(), true, indexHandle);
    std::string footer = metaHandle + indexHandle;
    footer.resize(40, '\0');
    putLE32(footer, uint32_t(SSTableReader::kMagic & 0xffffffffu));
    putLE32(footer, uint32_t(SSTableReader::kMagic >> 32));
    m_out += footer;
    return std::move(m_out);
}

std::string SSTableWriter::build(const std::vector<std::pair<std::string, std::string>>& sortedEntries,
                                 Options options) {
    SSTableWriter writer(options);
    for (const auto& [k, v] : sortedEntries) writer.add(k, v);
    return writer.finish();
}

} // namespace graphlens::io
