#pragma once
// Zip archives as Python's zipfile writes them (a `.keras` model is one): local headers, the
// central directory, stored and deflated entries (zlib's raw inflate), CRC-32 checked. No zip64,
// encryption or multi-disk archives. Archives are untrusted: every offset and size is checked
// against the bytes there are, an entry inflates to at most its declared size (and at most
// `maxEntryBytes`), and errors are FormatError naming the file, the entry and the byte offset.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace graphlens::io {

struct ZipEntry {
    std::string name;
    std::string data;
};

std::vector<ZipEntry> readZip(std::string_view bytes, const std::string& file,
                              uint64_t maxEntryBytes = uint64_t(1) << 31);

// A zip archive of `entries`, stored (not compressed) as Keras writes `.keras` files, every
// entry dated 1980-01-01 00:00 so that the same entries give the same bytes. Throws
// std::invalid_argument on what zip without zip64 cannot hold (4 GiB, 65535 entries).
std::string writeZip(const std::vector<ZipEntry>& entries);

} // namespace graphlens::io
