// Zip reader and writer (see zip.h).
#include "core/graph/io/zip.h"

#include <set>
#include <stdexcept>
#include <zlib.h>

#include "core/util/error.h"

namespace graphlens::io {

namespace {

uint64_t le(std::string_view s, size_t at, int n) {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; --i) v = (v << 8) | uint8_t(s[at + size_t(i)]);
    return v;
}

void put(std::string& s, uint64_t v, int n) {
    for (int i = 0; i < n; ++i) s.push_back(char((v >> (8 * i)) & 0xFF));
}

uint32_t crc32Of(std::string_view s) {
    uLong c = crc32(0L, Z_NULL, 0);
    size_t at = 0;
    while (at < s.size()) {
        const uInt n = uInt(std::min<size_t>(s.size() - at, 1u << 30));
        c = crc32(c, reinterpret_cast<const Bytef*>(s.data() + at), n);
        at += n;
    }
    return uint32_t(c);
}

// Inflates a raw deflate stream that must give exactly `expect` bytes; the output grows as it
// arrives (64 KiB at a time), so a false declared size allocates nothing.
std::string inflateRaw(std::string_view in, uint64_t expect, const std::string& file, const std::string& place) {
    std::string out;
    z_stream z{};
    if (inflateInit2(&z, -15) != Z_OK) throw FormatError(file, place, "cannot start inflate");
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = uInt(in.size());
    int rc = Z_OK;
    char buf[65536];
    while (rc == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(buf);
        z.avail_out = sizeof buf;
        rc = inflate(&z, Z_NO_FLUSH);
        const size_t got = sizeof buf - z.avail_out;
        if (out.size() + got > expect) {
            rc = Z_DATA_ERROR;
            break;
        }
        out.append(buf, got);
        if (rc == Z_BUF_ERROR && z.avail_in == 0) break; // input ends before the stream does
    }
    const char* msg = z.msg;
    inflateEnd(&z);
    if (rc != Z_STREAM_END || out.size() != expect)
        throw FormatError(file, place,
                          std::string("deflated data is corrupt or does not inflate to its declared ") +
                              std::to_string(expect) + " bytes (" +
                              (msg ? msg : "inflate error " + std::to_string(rc)) + ", " + std::to_string(out.size()) +
                              " bytes so far)");
    return out;
}

} // namespace

std::vector<ZipEntry> readZip(std::string_view b, const std::string& file, uint64_t maxEntryBytes) {
    if (b.size() < 22)
        throw FormatError(file, byteOffset(0), "not a zip archive (" + std::to_string(b.size()) + " bytes)",
                          ErrorKind::NotAModel);
    // The end of central directory record: the last signature within 64 KiB + 22 of the end.
    size_t eocd = std::string_view::npos;
    const size_t lowest = b.size() > 65535 + 22 ? b.size() - 65535 - 22 : 0;
    for (size_t at = b.size() - 22 + 1; at-- > lowest;) {
        if (le(b, at, 4) == 0x06054b50 && at + 22 + le(b, at + 20, 2) == b.size()) {
            eocd = at;
            break;
        }
    }
    if (eocd == std::string_view::npos) {
        if (b.substr(0, 4) == std::string_view("PK\x03\x04", 4))
            throw FormatError(file, byteOffset(b.size()),
                              "zip archive is truncated: no end of central directory record", ErrorKind::Truncated);
        throw FormatError(file, byteOffset(0), "not a zip archive (no end of central directory record)",
                          ErrorKind::NotAModel);
    }
    const uint64_t disk = le(b, eocd + 4, 2), cdDisk = le(b, eocd + 6, 2);
    const uint64_t count = le(b, eocd + 10, 2);
    const uint64_t cdSize = le(b, eocd + 12, 4), cdOff = le(b, eocd + 16, 4);
    const std::string eplace = "end of central directory at " + byteOffset(eocd);
    if (disk != 0 || cdDisk != 0)
        throw FormatError(file, eplace, "multi-disk archives are not supported", ErrorKind::Unsupported);
    if (cdOff == 0xFFFFFFFF || count == 0xFFFF)
        throw FormatError(file, eplace, "zip64 archives are not supported", ErrorKind::Unsupported);
    if (cdOff > eocd || cdSize > eocd - cdOff)
        throw FormatError(file, eplace,
                          "central directory (" + std::to_string(cdSize) + " bytes at " + byteOffset(cdOff) +
                              ") lies outside the archive");
    std::vector<ZipEntry> out;
    std::set<std::string> names;
    size_t at = size_t(cdOff);
    const size_t cdEnd = size_t(cdOff + cdSize);
    for (uint64_t i = 0; i < count; ++i) {
        const std::string place = "central directory entry " + std::to_string(i) + " at " + byteOffset(at);
        if (cdEnd - at < 46 || le(b, at, 4) != 0x02014b50)
            throw FormatError(file, place, "central directory entry missing or without its signature");
        const uint64_t flags = le(b, at + 8, 2), method = le(b, at + 10, 2);
        const uint64_t crc = le(b, at + 16, 4), csize = le(b, at + 20, 4), usize = le(b, at + 24, 4);
        const uint64_t nlen = le(b, at + 28, 2), xlen = le(b, at + 30, 2), clen = le(b, at + 32, 2);
        const uint64_t local = le(b, at + 42, 4);
        if (cdEnd - at - 46 < nlen + xlen + clen)
            throw FormatError(file, place, "entry name runs past the central directory");
        ZipEntry e;
        e.name.assign(b.substr(at + 46, size_t(nlen)));
        const std::string eplace2 = "entry '" + e.name + "' at " + byteOffset(local);
        at += size_t(46 + nlen + xlen + clen);
        if (e.name.empty()) throw FormatError(file, place, "an entry without a name");
        if (flags & 1) throw FormatError(file, eplace2, "encrypted entries are not supported", ErrorKind::Unsupported);
        if (csize == 0xFFFFFFFF || usize == 0xFFFFFFFF || local == 0xFFFFFFFF)
            throw FormatError(file, eplace2, "zip64 entries are not supported", ErrorKind::Unsupported);
        if (local > cdOff || cdOff - local < 30 || le(b, size_t(local), 4) != 0x04034b50)
            throw FormatError(file, eplace2, "local file header missing or without its signature");
        const uint64_t lnlen = le(b, size_t(local + 26), 2), lxlen = le(b, size_t(local + 28), 2);
        const uint64_t dataAt = local + 30 + lnlen + lxlen;
        if (dataAt > cdOff || csize > cdOff - dataAt)
            throw FormatError(file, eplace2, "entry data (" + std::to_string(csize) + " bytes) runs past the archive");
        if (usize > maxEntryBytes)
            throw FormatError(file, eplace2,
                              "entry of " + std::to_string(usize) + " bytes is over the limit of " +
                                  std::to_string(maxEntryBytes));
        // deflate expands at most 1032:1; a larger declared size is false whatever the data
        if (method == 8 && usize > csize * 1032 + 1024)
            throw FormatError(file, eplace2,
                              "entry declares " + std::to_string(usize) + " bytes from " + std::to_string(csize) +
                                  " deflated bytes, more than deflate can give");
        std::string_view raw = b.substr(size_t(dataAt), size_t(csize));
        if (method == 0) {
            if (csize != usize)
                throw FormatError(file, eplace2,
                                  "stored entry with compressed size " + std::to_string(csize) + " and size " +
                                      std::to_string(usize));
            e.data.assign(raw);
        } else if (method == 8) {
            e.data = inflateRaw(raw, usize, file, eplace2);
        } else {
            throw FormatError(file, eplace2, "compression method " + std::to_string(method) + " is not supported",
                              ErrorKind::Unsupported);
        }
        const uint32_t got = crc32Of(e.data);
        if (got != crc) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "CRC-32 mismatch: stored %08x, computed %08x", unsigned(crc), unsigned(got));
            throw FormatError(file, eplace2, buf);
        }
        if (!names.insert(e.name).second) throw FormatError(file, eplace2, "a second entry of the same name");
        out.push_back(std::move(e));
    }
    return out;
}

std::string writeZip(const std::vector<ZipEntry>& entries) {
    if (entries.size() > 0xFFFF) throw std::invalid_argument("zip: more than 65535 entries");
    std::string out, cd;
    for (const ZipEntry& e : entries) {
        if (e.name.empty() || e.name.size() > 0xFFFF) throw std::invalid_argument("zip: bad entry name");
        if (e.data.size() >= 0xFFFFFFFFu || out.size() >= 0xFFFFFFFFu) throw std::invalid_argument("zip: over 4 GiB");
        const uint32_t crc = crc32Of(e.data);
        const uint64_t local = out.size();
        auto common = [&](std::string& s) {
            put(s, 20, 2);   // version needed: 2.0
            put(s, 0, 2);    // flags
            put(s, 0, 2);    // stored
            put(s, 0, 2);    // 00:00
            put(s, 0x21, 2); // 1980-01-01
            put(s, crc, 4);
            put(s, e.data.size(), 4);
            put(s, e.data.size(), 4);
            put(s, e.name.size(), 2);
            put(s, 0, 2);
        };
        put(out, 0x04034b50, 4);
        common(out);
        out += e.name;
        out += e.data;
        put(cd, 0x02014b50, 4);
        put(cd, 0x0314, 2); // made by: Unix, 2.0
        common(cd);
        put(cd, 0, 2);              // comment
        put(cd, 0, 2);              // disk
        put(cd, 0, 2);              // internal attributes
        put(cd, 0100600u << 16, 4); // a regular file, rw-------
        put(cd, local, 4);
        cd += e.name;
    }
    if (out.size() + cd.size() >= 0xFFFFFFFFu) throw std::invalid_argument("zip: over 4 GiB");
    const uint64_t cdOff = out.size();
    out += cd;
    put(out, 0x06054b50, 4);
    put(out, 0, 2);
    put(out, 0, 2);
    put(out, entries.size(), 2);
    put(out, entries.size(), 2);
    put(out, cd.size(), 4);
    put(out, cdOff, 4);
    put(out, 0, 2);
    return out;
}

} // namespace graphlens::io
