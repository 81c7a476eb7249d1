#pragma once
// Reader (and a small writer for tests) for the LevelDB-style table TF uses for checkpoint `.index` files:
// data blocks, metaindex block, index block, 48-byte footer; blocks carry a type byte (none/Snappy) and a
// masked CRC32C. Index files are small, so the whole file is held in memory; every varint, offset and length is
// checked against the block or file it points into, because the file is untrusted.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/util/error.h"

namespace graphlens::io {

class SSTableReader {
public:
    // Reads and checks footer and index block; data blocks are checked when visited.
    static SSTableReader open(const std::string& path);
    // Same for bytes already in memory; `name` is used in error messages as the file name.
    static SSTableReader fromBytes(std::string bytes, std::string name);

    // Calls visit(key, value) for every entry of every data block in index order; stops early when visit
    // returns false. Throws FormatError (place "block at byte N") on any malformed data block,
    // including keys that are not strictly increasing.
    void forEach(const std::function<bool(std::string_view key, std::string_view value)>& visit) const;
    std::vector<std::pair<std::string, std::string>> entries() const;

    struct BlockHandle {
        uint64_t offset = 0;
        uint64_t size = 0; // without the 5-byte trailer
    };
    const std::vector<BlockHandle>& dataBlocks() const { return m_dataBlocks; }
    const std::string& name() const { return m_name; }
    uint64_t fileSize() const { return m_bytes.size(); }

    static constexpr size_t kFooterSize = 48;
    static constexpr size_t kTrailerSize = 5;
    static constexpr uint64_t kMagic = 0xdb4775248b80fb57ull;

private:
    SSTableReader(std::string bytes, std::string name)
        : m_bytes(std::move(bytes))
        , m_name(std::move(name)) { }
    void readFooterAndIndex();
    // Returns the uncompressed contents of the block at `handle` after checking trailer and CRC.
    std::string readBlock(const BlockHandle& handle, const std::string& what) const;
    // Parses one block's entries; `lastKey` carries the previous key across blocks for the order check.
    void parseBlock(const std::string& block, uint64_t blockOffset, std::string& lastKey, bool& haveLast,
                    const std::function<bool(std::string_view, std::string_view)>& visit, bool& stop) const;

    std::string m_bytes;
    std::string m_name;
    std::vector<BlockHandle> m_dataBlocks;
};

// Builds a table in memory, matching TF's table_builder closely enough for its reader (and ours) to accept it.
// Index keys are the last key of each block rather than TF's shortest separator: still a valid upper bound.
class SSTableWriter {
public:
    struct Options {
        size_t blockSize = 262144;
        int restartInterval = 16;
        bool snappy = false; // like TF, a block stays raw unless Snappy saves at least 12.5%
    };
    SSTableWriter()
        : SSTableWriter(Options{}) { }
    explicit SSTableWriter(Options options)
        : m_options(options)
        , m_data(options.restartInterval > 0 ? options.restartInterval : 1) { }

    // Keys must be added in strictly increasing bytewise order.
    void add(std::string_view key, std::string_view value);
    std::string finish();

    static std::string build(const std::vector<std::pair<std::string, std::string>>& sortedEntries, Options options);

private:
    struct BlockBuilder {
        explicit BlockBuilder(int restartInterval)
            : interval(restartInterval) { }
        int interval;
        std::string buffer;
        std::vector<uint32_t> restarts{ 0 };
        int counter = 0;
        std::string lastKey;
        void add(std::string_view key, std::string_view value);
        std::string finish();
        bool empty() const { return buffer.empty(); }
        size_t estimate() const { return buffer.size() + restarts.size() * 4 + 4; }
    };
    void flushBlock();
    void writeBlock(const std::string& raw, bool allowCompression, std::string& handleOut);

    Options m_options;
    std::string m_out;
    BlockBuilder m_data;
    BlockBuilder m_index{ 1 };
    std::string m_lastKey;
    bool m_any = false;
};

// LEB128 helpers shared with the tensor bundle reader. `pos` advances past the varint; on malformed or
// truncated input they return false and leave `pos` unchanged.
bool getVarint32(std::string_view data, size_t& pos, uint32_t& value);
bool getVarint64(std::string_view data, size_t& pos, uint64_t& value);
void putVarint64(std::string& out, uint64_t value);
// Key for error messages: printable ASCII kept, other bytes as \xNN (V1 and slice keys are binary).
std::string printableKey(std::string_view key);

} // namespace graphlens::io
