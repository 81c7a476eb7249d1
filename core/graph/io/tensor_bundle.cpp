#include "core/graph/io/tensor_bundle.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string_view>

#include "core/graph/io/sstable.h"
#include "core/proto/saved_tensor_slice.pb.h"
#include "core/proto/tensor_bundle.pb.h"
#include "core/util/crc32c.h"
#include "core/util/error.h"

namespace graphlens::io {
namespace {

// TF's kTensorBundleVersion; a bundle whose min_consumer is newer cannot be read by this reader.
constexpr int32_t kBundleVersion = 1;

std::string keyPlace(const std::string& key) {
    return "key \"" + printableKey(key) + "\"";
}

uint32_t loadLE32(const char* p) {
    const auto* u = reinterpret_cast<const unsigned char*>(p);
    return uint32_t(u[0]) | uint32_t(u[1]) << 8 | uint32_t(u[2]) << 16 | uint32_t(u[3]) << 24;
}

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A V1 checkpoint's key "" holds SavedTensorSlices{meta=1}, a length-delimited field 1 (tag 0x0a); the V2
// header's field 1 is the varint num_shards (tag 0x08), so the first byte tells them apart.
bool isV1Header(std::string_view value) {
    return !value.empty() && static_cast<unsigned char>(value[0]) == 0x0a;
}

} // namespace

std::string TensorBundle::prefixFromPath(const std::string& path) {
    if (endsWith(path, ".index")) return path.substr(0, path.size() - 6);
    // ".data-NNNNN-of-MMMMM" is 20 characters.
    static constexpr std::string_view kPattern = ".data-#####-of-#####";
    if (path.size() < kPattern.size()) return path;
    const size_t start = path.size() - kPattern.size();
    for (size_t i = 0; i < kPattern.size(); ++i) {
        const char c = path[start + i];
        if (kPattern[i] == '#' ? (c < '0' || c > '9') : c != kPattern[i]) return path;
    }
    return path.substr(0, start);
}

std::string TensorBundle::shardPath(const std::string& prefix, int32_t shard, int32_t numShards) {
    char buf[48];
    std::snprintf(buf, sizeof buf, ".data-%05d-of-%05d", shard, numShards);
    return prefix + buf;
}

TensorBundle::TensorBundle(const std::string& prefixOrIndexPath) {
    m_prefix = prefixFromPath(prefixOrIndexPath);
    m_indexPath = m_prefix + ".index";
    // V1 checkpoints have no .index: the named file is itself the table.
    std::error_code ec;
    if (m_prefix == prefixOrIndexPath && std::filesystem::is_regular_file(prefixOrIndexPath, ec) &&
        !std::filesystem::exists(m_indexPath, ec))
        m_indexPath = prefixOrIndexPath;

    const SSTableReader table = SSTableReader::open(m_indexPath);
    bool first = true;
    table.forEach([&](std::string_view keyView, std::string_view value) {
        const std::string key(keyView);
        if (first) {
            first = false;
            if (!key.empty()) throw FormatError(m_indexPath, keyPlace(key), "first key is not the bundle header \"\"");
            if (isV1Header(value)) {
                addV1Meta(value);
                return true;
            }
            tensorflow::BundleHeaderProto header;
            if (!header.ParseFromArray(value.data(), int(value.size())))
                throw FormatError(m_indexPath, keyPlace(""), "malformed BundleHeaderProto");
            if (header.version().min_consumer() > kBundleVersion)
                throw FormatError(m_indexPath, keyPlace(""),
                                  "bundle needs reader version " + std::to_string(header.version().min_consumer()) +
                                      ", this reader is version " + std::to_string(kBundleVersion));
            for (int bad : header.version().bad_consumers())
                if (bad == kBundleVersion)
                    throw FormatError(m_indexPath, keyPlace(""), "bundle excludes reader version 1 (bad_consumers)");
            if (header.endianness() != tensorflow::BundleHeaderProto::LITTLE)
                throw FormatError(m_indexPath, keyPlace(""), "big-endian bundles are not supported",
                                  ErrorKind::Unsupported);
            if (header.num_shards() < 1)
                throw FormatError(m_indexPath, keyPlace(""),
                                  "invalid num_shards " + std::to_string(header.num_shards()));
            m_numShards = header.num_shards();
            m_producer = header.version().producer();
            return true;
        }
        if (m_v1) {
            addV1Slice(keyView, value);
            return true;
        }
        tensorflow::BundleEntryProto proto;
        if (!proto.ParseFromArray(value.data(), int(value.size())))
            throw FormatError(m_indexPath, keyPlace(key), "malformed BundleEntryProto");
        BundleEntry e;
        e.name = key;
        e.dtype = proto.dtype();
        if (proto.shape().unknown_rank()) throw FormatError(m_indexPath, keyPlace(key), "entry has unknown rank");
        for (const auto& dim : proto.shape().dim()) {
            if (dim.size() < 0)
                throw FormatError(m_indexPath, keyPlace(key), "negative dimension " + std::to_string(dim.size()));
            e.shape.push_back(dim.size());
        }
        e.shardId = proto.shard_id();
        e.offset = proto.offset();
        e.size = proto.size();
        e.crc32c = proto.crc32c();
        e.sliceCount = proto.slices_size();
        e.hasSlices = e.sliceCount > 0;
        if (e.shardId < 0 || e.shardId >= m_numShards)
            throw FormatError(m_indexPath, keyPlace(key),
                              "shard_id " + std::to_string(e.shardId) + " outside 0.." +
                                  std::to_string(m_numShards - 1));
        if (e.offset < 0 || e.size < 0) throw FormatError(m_indexPath, keyPlace(key), "negative offset or size");
        m_byName.emplace(key, m_entries.size());
        m_entries.push_back(std::move(e));
        return true;
    });
    if (first) throw FormatError(m_indexPath, "", "empty index: no bundle header");
}

const BundleEntry* TensorBundle::find(const std::string& name) const {
    const auto it = m_byName.find(name);
    return it == m_byName.end() ? nullptr : &m_entries[it->second];
}

void TensorBundle::readDataFile(const BundleEntry& e, std::string& out) const {
    const std::string path = shardPath(m_prefix, e.shardId, m_numShards);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw FormatError(path, "",
                          "missing or unreadable checkpoint shard for tensor \"" + printableKey(e.name) + "\"",
                          ErrorKind::Unreadable);
    in.seekg(0, std::ios::end);
    const auto end = in.tellg();
    if (end < 0) throw FormatError(path, "", "cannot determine shard size", ErrorKind::Unreadable);
    const uint64_t fileSize = uint64_t(end);
    if (uint64_t(e.offset) > fileSize || uint64_t(e.size) > fileSize - uint64_t(e.offset))
        throw FormatError(path, byteOffset(uint64_t(e.offset)),
                          "tensor \"" + printableKey(e.name) + "\" (" + std::to_string(e.size) +
                              " bytes) runs past the end of the " + std::to_string(fileSize) + "-byte shard",
                          ErrorKind::Truncated);
    out.assign(size_t(e.size), '\0');
    in.seekg(std::streamoff(e.offset));
    if (!in.read(out.data(), std::streamsize(out.size())))
        throw FormatError(path, byteOffset(uint64_t(e.offset)),
                          "short read for tensor \"" + printableKey(e.name) + "\"");
}

// Layout: varint64 length per element, fixed32 masked CRC of the lengths, then the bytes. The entry CRC runs
// over each length as uint32 LE (uint64 when over 4 GiB, as TF writes it), the 4 checksum bytes, then the bytes.
namespace {

// A string tensor's length as TF's checksum takes it: 4 bytes, or 8 past 4 GiB.
uint32_t extendLengthCrc(uint32_t crc, uint64_t len) {
    if (len <= std::numeric_limits<uint32_t>::max()) {
        const uint32_t len32 = uint32_t(len);
        return crc32cExtend(crc, &len32, 4);
    }
    return crc32cExtend(crc, &len, 8);
}

} // namespace

void TensorBundle::decodeStrings(const BundleEntry& e, const std::string& bytes, int64_t count,
                                 std::vector<std::string>& out) const {
    const std::string path = shardPath(m_prefix, e.shardId, m_numShards);
    const auto bad = [&](uint64_t at, const std::string& what) {
        return FormatError(path, byteOffset(uint64_t(e.offset) + at),
                           "string tensor \"" + printableKey(e.name) + "\": " + what);
    };
    if (uint64_t(count) > bytes.size())
        throw bad(0, std::to_string(count) + " elements cannot fit in " + std::to_string(bytes.size()) + " bytes");
    std::vector<uint64_t> lengths;
    lengths.reserve(size_t(count));
    uint32_t crc = 0;
    size_t pos = 0;
    for (int64_t i = 0; i < count; ++i) {
        uint64_t len = 0;
        if (!getVarint64(bytes, pos, len)) throw bad(pos, "malformed length of element " + std::to_string(i));
        crc = extendLengthCrc(crc, len);
        lengths.push_back(len);
    }
    if (bytes.size() - pos < 4) throw bad(pos, "missing length checksum");
    const uint32_t lengthCrc = loadLE32(bytes.data() + pos);
    if (unmaskCrc(lengthCrc) != crc) throw bad(pos, "length checksum mismatch");
    crc = crc32cExtend(crc, bytes.data() + pos, 4);
    pos += 4;
    out.clear();
    out.reserve(size_t(count));
    for (uint64_t len : lengths) {
        if (len > bytes.size() - pos) throw bad(pos, "string bytes run past the tensor's size");
        crc = crc32cExtend(crc, bytes.data() + pos, size_t(len));
        out.emplace_back(bytes.data() + pos, size_t(len));
        pos += size_t(len);
    }
    if (pos != bytes.size()) throw bad(pos, std::to_string(bytes.size() - pos) + " unexpected trailing bytes");
    if (unmaskCrc(e.crc32c) != crc) throw bad(0, "CRC mismatch");
}

void TensorBundle::addV1Meta(std::string_view value) {
    tensorflow::SavedTensorSlices slices;
    if (!slices.ParseFromArray(value.data(), int(value.size())))
        throw FormatError(m_indexPath, keyPlace(""), "malformed SavedTensorSlices header");
    m_v1 = true;
    m_producer = slices.meta().versions().producer();
    for (const auto& t : slices.meta().tensor()) {
        BundleEntry e;
        e.name = t.name();
        e.dtype = t.type();
        if (t.shape().unknown_rank())
            throw FormatError(m_indexPath, keyPlace(""), "tensor " + t.name() + " has unknown rank");
        for (const auto& dim : t.shape().dim()) {
            if (dim.size() < 0)
                throw FormatError(m_indexPath, keyPlace(""), "negative dimension in tensor " + t.name());
            e.shape.push_back(dim.size());
        }
        // A slice with no extents, or extents without lengths, is the whole tensor.
        e.sliceCount = t.slice_size();
        for (const auto& slice : t.slice()) {
            for (int d = 0; d < slice.extent_size(); ++d) {
                const auto& extent = slice.extent(d);
                const bool whole = extent.start() == 0 &&
                    (extent.has_length_case() != tensorflow::TensorSliceProto::Extent::kLength ||
                     (d < int(e.shape.size()) && extent.length() == e.shape[size_t(d)]));
                if (!whole) e.hasSlices = true;
            }
        }
        if (e.sliceCount > 1) e.hasSlices = true;
        const std::optional<int64_t> count = elementCount(e.shape);
        const size_t elem = dtypeSize(baseDtype(e.dtype));
        e.size = (count && elem > 0 && *count <= std::numeric_limits<int64_t>::max() / int64_t(elem))
            ? *count * int64_t(elem)
            : 0;
        if (m_byName.count(e.name)) continue;
        m_byName.emplace(e.name, m_entries.size());
        m_entries.push_back(std::move(e));
    }
}

void TensorBundle::addV1Slice(std::string_view key, std::string_view value) {
    tensorflow::SavedTensorSlices slices;
    if (!slices.ParseFromArray(value.data(), int(value.size())) || !slices.has_data())
        throw FormatError(m_indexPath, keyPlace(std::string(key)), "malformed SavedTensorSlices data entry");
    const std::string& name = slices.data().name();
    if (!m_byName.count(name))
        throw FormatError(m_indexPath, keyPlace(std::string(key)),
                          "slice of tensor '" + name + "', which the header does not list");
    m_v1Values[name].Swap(slices.mutable_data()->mutable_data());
}

TensorValue TensorBundle::read(const std::string& name, int64_t maxBytes) const {
    const BundleEntry* e = find(name);
    if (!e) throw FormatError(m_indexPath, "tensor \"" + printableKey(name) + "\"", "no such tensor in the checkpoint");
    if (m_v1 && !e->hasSlices) {
        auto it = m_v1Values.find(name);
        if (it == m_v1Values.end())
            throw FormatError(m_indexPath, "tensor \"" + printableKey(name) + "\"", "no data for this tensor");
        tensorflow::TensorProto proto = it->second;
        // The stored TensorProto carries only values; dtype and shape come from the header.
        proto.set_dtype(e->dtype);
        proto.mutable_tensor_shape()->clear_dim();
        for (int64_t d : e->shape) proto.mutable_tensor_shape()->add_dim()->set_size(d);
        const size_t elem = std::max<size_t>(1, dtypeSize(baseDtype(e->dtype)));
        return tensorFromProto(proto, m_indexPath, "tensor \"" + printableKey(name) + "\"", maxBytes / int64_t(elem));
    }
    TensorValue v;
    v.dtype = e->dtype;
    v.shape = e->shape;
    const tensorflow::DataType base = baseDtype(e->dtype);
    if (e->hasSlices) {
        v.unsupported = true;
        v.note = "partitioned variable (" + std::to_string(e->sliceCount) + " slices): values are stored per slice";
        return v;
    }
    if (base == tensorflow::DT_VARIANT || base == tensorflow::DT_RESOURCE ||
        (base != tensorflow::DT_STRING && dtypeSize(base) == 0)) {
        v.unsupported = true;
        v.note = dtypeName(e->dtype) + " values are not decoded";
        return v;
    }
    const std::optional<int64_t> count = elementCount(e->shape);
    if (!count) throw FormatError(m_indexPath, keyPlace(name), "element count overflows int64");
    if (e->size > maxBytes) {
        v.tooLarge = true;
        v.note = std::to_string(e->size) + " bytes, over the limit of " + std::to_string(maxBytes);
        return v;
    }
    if (base != tensorflow::DT_STRING) {
        const uint64_t elem = dtypeSize(base);
        if (uint64_t(*count) > uint64_t(std::numeric_limits<int64_t>::max()) / elem ||
            uint64_t(*count) * elem != uint64_t(e->size))
            throw FormatError(m_indexPath, keyPlace(name),
                              "size " + std::to_string(e->size) + " does not match " + std::to_string(*count) +
                                  " elements of " + dtypeName(e->dtype));
    }
    std::string bytes;
    readDataFile(*e, bytes);
    if (base == tensorflow::DT_STRING) {
        decodeStrings(*e, bytes, *count, v.strings);
        return v;
    }
    const uint32_t actual = crc32c(bytes.data(), bytes.size());
    if (unmaskCrc(e->crc32c) != actual)
        throw FormatError(shardPath(m_prefix, e->shardId, m_numShards), byteOffset(uint64_t(e->offset)),
                          "CRC mismatch for tensor \"" + printableKey(name) + "\"");
    v.data = std::move(bytes);
    return v;
}

std::optional<std::string> TensorBundle::objectGraphBytes() const {
    const BundleEntry* e = find(kObjectGraphKey);
    if (!e) return std::nullopt;
    if (baseDtype(e->dtype) != tensorflow::DT_STRING || !e->shape.empty())
        throw FormatError(m_indexPath, keyPlace(kObjectGraphKey), "object graph is not a scalar string");
    TensorValue v = read(kObjectGraphKey, std::numeric_limits<int64_t>::max());
    if (v.strings.size() != 1) throw FormatError(m_indexPath, keyPlace(kObjectGraphKey), "object graph has no value");
    return std::move(v.strings[0]);
}

BundleFiles writeTensorBundle(std::vector<BundleTensor> tensors) {
    std::sort(tensors.begin(), tensors.end(),
              [](const BundleTensor& a, const BundleTensor& b) { return a.name < b.name; });
    BundleFiles out;
    std::vector<std::pair<std::string, std::string>> entries;
    tensorflow::BundleHeaderProto header;
    header.set_num_shards(1);
    header.set_endianness(tensorflow::BundleHeaderProto::LITTLE);
    header.mutable_version()->set_producer(1);
    entries.emplace_back("", header.SerializeAsString());
    for (auto& t : tensors) {
        uint32_t crc = 0;
        if (t.dtype == tensorflow::DT_STRING) {
            // TF's layout: each length as a varint, the masked CRC32C of the lengths, then the
            // bytes; the entry's CRC covers the lengths as fixed-width numbers, not their varints
            std::string lengths;
            for (const auto& v : t.strings) {
                putVarint64(lengths, v.size());
                crc = extendLengthCrc(crc, v.size());
            }
            const uint32_t masked = maskCrc(crc);
            char le[4];
            for (int k = 0; k < 4; ++k) le[k] = char((masked >> (8 * k)) & 0xFF);
            t.bytes = lengths + std::string(le, 4);
            crc = crc32cExtend(crc, le, 4);
            for (const auto& v : t.strings) {
                t.bytes += v;
                crc = crc32cExtend(crc, v.data(), v.size());
            }
        } else {
            crc = crc32c(t.bytes.data(), t.bytes.size());
        }
        tensorflow::BundleEntryProto e;
        e.set_dtype(t.dtype);
        e.mutable_shape(); // present for a scalar too
        for (int64_t d : t.shape) e.mutable_shape()->add_dim()->set_size(d);
        e.set_shard_id(0);
        e.set_offset(int64_t(out.data.size()));
        e.set_size(int64_t(t.bytes.size()));
        e.set_crc32c(maskCrc(crc));
        out.data += t.bytes;
        entries.emplace_back(t.name, e.SerializeAsString());
    }
    out.index = SSTableWriter::build(entries, SSTableWriter::Options{});
    return out;
}

} // namespace graphlens::io
