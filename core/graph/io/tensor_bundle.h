#pragma once
// TF2/TF1 "V2" checkpoints (tensor bundles): `<prefix>.index` is an SSTable of BundleEntryProto keyed by tensor
// name (key "" holds the BundleHeaderProto), and the values live in `<prefix>.data-NNNNN-of-MMMMM` shards.
// Shard files can be large, so entries are read one at a time on request, each checked against its CRC.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/graph/io/tensor_value.h"
#include "core/proto/tensor.pb.h"
#include "core/proto/types.pb.h"

namespace graphlens::io {

struct BundleEntry {
    std::string name;
    tensorflow::DataType dtype = tensorflow::DT_INVALID;
    std::vector<int64_t> shape;
    int32_t shardId = 0;
    int64_t offset = 0;
    int64_t size = 0;
    uint32_t crc32c = 0;    // masked, as stored
    bool hasSlices = false; // partitioned variable: the values live under per-slice keys
    int sliceCount = 0;
};

class TensorBundle {
public:
    // Accepts the prefix (".../variables/variables", ".../model.ckpt-1000") or the ".index" path itself.
    // Reads and checks the whole index; throws FormatError for a malformed or unsupported index. TF v1
    // checkpoints (SavedTensorSlices: one file, values inside the table) are read too.
    explicit TensorBundle(const std::string& prefixOrIndexPath);

    // ".index" (and a trailing ".data-NNNNN-of-MMMMM") stripped, else the path unchanged.
    static std::string prefixFromPath(const std::string& path);
    static std::string shardPath(const std::string& prefix, int32_t shard, int32_t numShards);

    const std::string& prefix() const { return m_prefix; }
    const std::string& indexPath() const { return m_indexPath; }
    int32_t numShards() const { return m_numShards; }
    int32_t producerVersion() const { return m_producer; }
    bool isV1() const { return m_v1; }

    // Every tensor entry in key order (the header entry excluded, _CHECKPOINTABLE_OBJECT_GRAPH included).
    const std::vector<BundleEntry>& entries() const { return m_entries; }
    const BundleEntry* find(const std::string& name) const;

    // Reads one tensor from its shard, checking offsets against the shard size and the CRC. A tensor over
    // maxBytes comes back with tooLarge set and nothing read; variant/resource/partitioned tensors come back
    // with unsupported set. Throws FormatError for an unknown name, a missing shard (naming the shard file),
    // out-of-range offsets, CRC mismatch or a size that does not match shape and dtype.
    // Opens the shard per call and touches no shared state, so several threads may read at once.
    TensorValue read(const std::string& name, int64_t maxBytes = int64_t(1) << 30) const;

    // Serialized TrackableObjectGraph stored by TF2 under _CHECKPOINTABLE_OBJECT_GRAPH, if present.
    std::optional<std::string> objectGraphBytes() const;

    static constexpr const char* kObjectGraphKey = "_CHECKPOINTABLE_OBJECT_GRAPH";

private:
    void readDataFile(const BundleEntry& entry, std::string& out) const;
    void decodeStrings(const BundleEntry& entry, const std::string& bytes, int64_t count,
                       std::vector<std::string>& out) const;

    std::string m_prefix;
    std::string m_indexPath;
    int32_t m_numShards = 1;
    int32_t m_producer = 0;
    std::vector<BundleEntry> m_entries;
    std::map<std::string, size_t> m_byName;
    // TF v1 checkpoints (SavedTensorSlices tables) keep each tensor as a TensorProto in the table itself.
    bool m_v1 = false;
    std::map<std::string, tensorflow::TensorProto> m_v1Values;
    void addV1Meta(std::string_view value);
    void addV1Slice(std::string_view key, std::string_view value);
};

// One tensor for writeTensorBundle: its raw little-endian element bytes (numeric dtypes), or for
// DT_STRING its elements.
struct BundleTensor {
    std::string name;
    tensorflow::DataType dtype = tensorflow::DT_INVALID;
    std::vector<int64_t> shape;
    std::string bytes;
    std::vector<std::string> strings;
};
struct BundleFiles {
    std::string index; // <prefix>.index
    std::string data;  // <prefix>.data-00000-of-00001
};
// A one-shard bundle as TF's BundleWriter lays it out: the header under "", entries in key order,
// values packed in that order with their masked CRC32C. Names must be distinct.
BundleFiles writeTensorBundle(std::vector<BundleTensor> tensors);

} // namespace graphlens::io
