// HDF5 reader (see hdf5.h): superblock 0/1, v1 object headers, symbol-table groups, contiguous
// and compact datasets, numeric / string types, attributes. Everything is bounds-checked.
#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "core/graph/io/hdf5.h"
#include "core/util/error.h"

namespace graphlens::io {

uint64_t H5Value::count() const {
    if (isNull) return 0;
    uint64_t n = 1;
    for (uint64_t d : shape) n *= d;
    return n;
}

const H5Object* H5Object::child(std::string_view n) const {
    for (const H5Object& c : children)
        if (c.name == n) return &c;
    return nullptr;
}

const H5Value* H5Object::attr(std::string_view n) const {
    for (const auto& [k, v] : attrs)
        if (k == n) return &v;
    return nullptr;
}

namespace {

constexpr uint64_t kUndef = ~uint64_t(0);
constexpr int kMaxDepth = 64;
constexpr size_t kMaxObjects = 1 << 20;

struct Reader {
    std::string_view b;
    std::string file;
    int sizeO = 8, sizeL = 8;
    uint64_t base = 0;
    int leafK = 4, internalK = 16;
    std::set<uint64_t> visitingHeaders; // object headers on the current path (cycles)
    size_t objects = 0;
    std::map<uint64_t, std::map<uint64_t, std::string_view>> globalHeaps;
    std::string path = "/"; // the object being read, for errors
    // What decoding may produce in all (data and strings): real files decode each byte once, so
    // a file whose objects are reached many times (shared links, references to one string) is
    // refused before it can grow memory far past its own size.
    uint64_t budget = 0;
    void spend(uint64_t n, uint64_t at) {
        if (n > budget)
            fail(at, "decoded values exceed the file's size x 4 + 1 MiB (objects or strings reached many times)");
        budget -= n;
    }

    [[noreturn]] void fail(uint64_t at, const std::string& msg) const {
        throw FormatError(file, "object '" + path + "' at " + byteOffset(at), msg);
    }

    // `n` bytes at file offset `at` (relative to the base address), checked.
    std::string_view bytes(uint64_t at, uint64_t n, const char* what) const {
        if (at == kUndef || base > b.size() || at > b.size() - base || n > b.size() - base - at)
            fail(at,
                 std::string(what) + " of " + std::to_string(n) + " bytes lies outside the file (" +
                     std::to_string(b.size()) + " bytes)");
        return b.substr(size_t(base + at), size_t(n));
    }
};

uint64_t le(std::string_view s, size_t off, int n) {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; --i) v = (v << 8) | uint8_t(s[off + size_t(i)]);
    return v;
}

// A cursor over a checked span; reads past its end fail with the place.
struct Cur {
    const Reader& r;
    std::string_view s;
    uint64_t start; // file offset of s[0]
    size_t pos = 0;
    const char* what;
    void need(size_t n) const {
        if (n > s.size() - pos)
            r.fail(start + pos,
                   std::string(what) + " ends early (" + std::to_string(n) + " more bytes needed, " +
                       std::to_string(s.size() - pos) + " left)");
    }
    uint64_t u(int n) {
        need(size_t(n));
        uint64_t v = le(s, pos, n);
        pos += size_t(n);
        return v;
    }
    uint64_t addr() {
        const uint64_t v = u(r.sizeO);
        return v == (r.sizeO == 8 ? kUndef : (uint64_t(1) << (8 * r.sizeO)) - 1) ? kUndef : v;
    }
    uint64_t len() { return u(r.sizeL); }
    std::string_view take(size_t n) {
        need(n);
        std::string_view v = s.substr(pos, n);
        pos += n;
        return v;
    }
    void skip(size_t n) { take(n); }
    uint64_t here() const { return start + pos; }
};

struct Type {
    H5Value::Kind kind = H5Value::Kind::Float;
    uint64_t size = 0;
    bool vlenString = false;
};

struct Space {
    bool scalar = false, null = false;
    std::vector<uint64_t> dims;
};

Type parseType(Reader& r, Cur c, int depth = 0) {
    const uint64_t at = c.here();
    const uint32_t head = uint32_t(c.u(4));
    const int cls = int(head & 0x0F);
    const uint32_t bits = head >> 8;
    Type t;
    t.size = c.u(4);
    if (depth > 4) r.fail(at, "datatype nested too deeply");
    switch (cls) {
    case 0: // fixed-point
        if (bits & 1) r.fail(at, "big-endian integers are not supported");
        if (t.size != 1 && t.size != 2 && t.size != 4 && t.size != 8)
            r.fail(at, "integer of " + std::to_string(t.size) + " bytes is not supported");
        t.kind = (bits & 8) ? H5Value::Kind::Int : H5Value::Kind::UInt;
        return t;
    case 1: // floating-point
        if (bits & 1) r.fail(at, "big-endian floats are not supported");
        if (t.size != 2 && t.size != 4 && t.size != 8)
            r.fail(at, "float of " + std::to_string(t.size) + " bytes is not supported");
        t.kind = H5Value::Kind::Float;
        return t;
    case 3: // fixed-length string
        t.kind = H5Value::Kind::String;
        if (t.size == 0 || t.size > (1u << 20))
            r.fail(at, "fixed-length string of " + std::to_string(t.size) + " bytes");
        return t;
    case 8: { // enumeration (h5py's bool): read as its base integer type
        Type base = parseType(r, c, depth + 1);
        if (base.kind == H5Value::Kind::String) r.fail(at, "enumeration over a string type");
        base.size = t.size;
        return base;
    }
    case 9: // variable-length
        if ((bits & 0x0F) != 1) r.fail(at, "variable-length sequences are not supported (only strings)");
        t.kind = H5Value::Kind::String;
        t.vlenString = true;
        if (t.size != uint64_t(4 + r.sizeO + 4)) r.fail(at, "variable-length string of size " + std::to_string(t.size));
        return t;
    default:
        r.fail(at, "datatype class " + std::to_string(cls) + " is not supported");
    }
}

Space parseSpace(Reader& r, Cur c) {
    const uint64_t at = c.here();
    Space sp;
    const int version = int(c.u(1));
    const int rank = int(c.u(1));
    const int flags = int(c.u(1));
    if (rank > 32) r.fail(at, "dataspace of rank " + std::to_string(rank));
    if (version == 1) {
        c.skip(5);
        if (rank == 0) sp.scalar = true;
    } else if (version == 2) {
        const int type = int(c.u(1));
        if (type == 0) sp.scalar = true;
        else if (type == 2) sp.null = true;
        else if (type != 1) r.fail(at, "dataspace type " + std::to_string(type));
    } else {
        r.fail(at, "dataspace message version " + std::to_string(version));
    }
    for (int i = 0; i < rank; ++i) sp.dims.push_back(c.len());
    (void)flags;
    return sp;
}

// The number of bytes `n` elements of `t` take, or a failure when it overflows.
uint64_t dataBytes(const Reader& r, uint64_t at, const Type& t, const Space& sp) {
    if (sp.null) return 0;
    uint64_t n = t.size;
    for (uint64_t d : sp.dims) {
        if (d != 0 && n > (uint64_t(1) << 62) / d) r.fail(at, "dataspace too large");
        n *= d;
    }
    return n;
}

std::string_view globalObject(Reader& r, uint64_t collection, uint64_t index, uint64_t at) {
    auto it = r.globalHeaps.find(collection);
    if (it == r.globalHeaps.end()) {
        Cur h{ r, r.bytes(collection, 16, "global heap header"), collection, 0, "global heap header" };
        if (h.take(4) != "GCOL") r.fail(collection, "global heap collection has no GCOL signature");
        h.skip(4);
        const uint64_t size = h.len();
        if (size < 16) r.fail(collection, "global heap collection of " + std::to_string(size) + " bytes");
        Cur c{ r, r.bytes(collection, size, "global heap collection"), collection, 16, "global heap collection" };
        std::map<uint64_t, std::string_view> objs;
        while (c.s.size() - c.pos >= size_t(8 + r.sizeL)) {
            const uint64_t idx = c.u(2);
            c.skip(6);
            const uint64_t osize = c.len();
            if (idx == 0) break; // free space: the rest of the collection
            if (osize > c.s.size() - c.pos)
                r.fail(c.here(),
                       "global heap object " + std::to_string(idx) + " of " + std::to_string(osize) +
                           " bytes overruns its collection");
            objs[idx] = c.take(size_t(osize));
            c.skip(std::min<size_t>(size_t((8 - osize % 8) % 8), c.s.size() - c.pos));
        }
        it = r.globalHeaps.emplace(collection, std::move(objs)).first;
    }
    auto o = it->second.find(index);
    if (o == it->second.end())
        r.fail(at,
               "variable-length string refers to missing global heap object " + std::to_string(index) + " at " +
                   byteOffset(collection));
    return o->second;
}

H5Value decodeValue(Reader& r, const Type& t, const Space& sp, std::string_view raw, uint64_t at) {
    H5Value v;
    v.kind = t.kind;
    v.elemSize = int(t.size);
    v.scalar = sp.scalar;
    v.isNull = sp.null;
    v.shape = sp.dims;
    const uint64_t n = v.count();
    if (n * t.size > raw.size())
        r.fail(at,
               "data of " + std::to_string(raw.size()) + " bytes for " + std::to_string(n) + " elements of " +
                   std::to_string(t.size));
    r.spend(n * t.size, at);
    if (t.kind != H5Value::Kind::String) {
        v.data.assign(raw.substr(0, size_t(n * t.size)));
        return v;
    }
    v.elemSize = 0;
    for (uint64_t i = 0; i < n; ++i) {
        std::string_view e = raw.substr(size_t(i * t.size), size_t(t.size));
        if (!t.vlenString) {
            size_t end = e.find('\0');
            v.strings.emplace_back(e.substr(0, end == std::string_view::npos ? e.size() : end));
            while (!v.strings.back().empty() && v.strings.back().back() == ' ') v.strings.back().pop_back();
            continue;
        }
        const uint64_t length = le(e, 0, 4);
        const uint64_t coll = le(e, 4, r.sizeO);
        const uint64_t idx = le(e, size_t(4 + r.sizeO), 4);
        if (length == 0 && (coll == 0 || coll == kUndef)) {
            v.strings.emplace_back();
            continue;
        }
        std::string_view obj = globalObject(r, coll, idx, at);
        if (length > obj.size())
            r.fail(at,
                   "variable-length string of " + std::to_string(length) + " bytes in a global heap object of " +
                       std::to_string(obj.size()));
        r.spend(length, at);
        v.strings.emplace_back(obj.substr(0, size_t(length)));
    }
    return v;
}

struct Message {
    int type;
    uint64_t at;
    std::string_view data;
};

// The messages of the v1 object header at `addr`, continuation blocks followed.
std::vector<Message> headerMessages(Reader& r, uint64_t addr) {
    Cur p{ r, r.bytes(addr, 16, "object header"), addr, 0, "object header" };
    const int version = int(p.u(1));
    if (version != 1) {
        if (r.bytes(addr, 4, "object header") == "OHDR")
            r.fail(addr, "version 2 object headers (files written with libver='latest') are not supported");
        r.fail(addr, "object header version " + std::to_string(version));
    }
    p.skip(1);
    const uint64_t count = p.u(2);
    p.skip(4);
    const uint64_t size = p.u(4);
    std::vector<Message> out;
    std::vector<std::pair<uint64_t, uint64_t>> blocks{ { addr + 16, size } };
    std::set<uint64_t> seen;
    for (size_t bi = 0; bi < blocks.size(); ++bi) {
        if (blocks.size() > 4096 || !seen.insert(blocks[bi].first).second)
            r.fail(blocks[bi].first, "object header continuation blocks loop");
        Cur c{ r, r.bytes(blocks[bi].first, blocks[bi].second, "object header block"), blocks[bi].first, 0,
               "object header block" };
        while (c.s.size() - c.pos >= 8) {
            const uint64_t mat = c.here();
            const int type = int(c.u(2));
            const uint64_t msize = c.u(2);
            const int flags = int(c.u(1));
            c.skip(3);
            Message m{ type, c.here(), c.take(size_t(msize)) };
            if (flags & 2 && type != 0)
                r.fail(mat, "shared header message of type " + std::to_string(type) + " is not supported");
            if (type == 0x10) {
                Cur k{ r, m.data, m.at, 0, "continuation message" };
                const uint64_t caddr = k.addr();
                const uint64_t clen = k.len();
                blocks.emplace_back(caddr, clen);
            }
            out.push_back(m);
            if (out.size() > 65536) r.fail(mat, "too many header messages");
        }
    }
    (void)count;
    return out;
}

void readObject(Reader& r, uint64_t addr, H5Object& obj, int depth);

std::string heapName(Reader& r, std::string_view heapData, uint64_t off, uint64_t at) {
    if (off >= heapData.size())
        r.fail(at,
               "link name offset " + std::to_string(off) + " outside the local heap (" +
                   std::to_string(heapData.size()) + " bytes)");
    const size_t end = heapData.find('\0', size_t(off));
    if (end == std::string_view::npos)
        r.fail(at, "link name at heap offset " + std::to_string(off) + " is not terminated");
    return std::string(heapData.substr(size_t(off), end - size_t(off)));
}

void readGroupTree(Reader& r, uint64_t node, std::string_view heapData, H5Object& obj, int depth, int level,
                   std::set<uint64_t>& seenNodes) {
    if (!seenNodes.insert(node).second) r.fail(node, "B-tree node reached twice");
    if (level > 32) r.fail(node, "B-tree deeper than 32 levels");
    Cur h{ r, r.bytes(node, 8 + 2 * uint64_t(r.sizeO), "B-tree node"), node, 0, "B-tree node" };
    if (h.take(4) != "TREE") r.fail(node, "B-tree node has no TREE signature");
    const int type = int(h.u(1));
    const int lvl = int(h.u(1));
    const uint64_t used = h.u(2);
    if (type != 0) r.fail(node, "B-tree node of type " + std::to_string(type) + " in a group");
    if (used > uint64_t(2 * r.internalK) && used > 4096)
        r.fail(node, "B-tree node with " + std::to_string(used) + " children");
    const uint64_t body = used * uint64_t(r.sizeO) + (used + 1) * uint64_t(r.sizeL);
    Cur c{ r, r.bytes(node + 8 + 2 * uint64_t(r.sizeO), body, "B-tree node entries"), node + 8 + 2 * uint64_t(r.sizeO),
           0, "B-tree node entries" };
    c.len();
    for (uint64_t i = 0; i < used; ++i) {
        const uint64_t child = c.addr();
        c.len();
        if (lvl > 0) {
            readGroupTree(r, child, heapData, obj, depth, level + 1, seenNodes);
            continue;
        }
        if (!seenNodes.insert(child).second) r.fail(child, "symbol table node reached twice");
        Cur s{ r, r.bytes(child, 8, "symbol table node"), child, 0, "symbol table node" };
        if (s.take(4) != "SNOD") r.fail(child, "symbol table node has no SNOD signature");
        s.skip(2);
        const uint64_t n = s.u(2);
        const uint64_t esize = 2 * uint64_t(r.sizeO) + 24;
        Cur e{ r, r.bytes(child + 8, n * esize, "symbol table entries"), child + 8, 0, "symbol table entries" };
        for (uint64_t k = 0; k < n; ++k) {
            const uint64_t eat = e.here();
            const uint64_t nameOff = e.len();
            const uint64_t header = e.addr();
            e.skip(24);
            H5Object member;
            member.name = heapName(r, heapData, nameOff, eat);
            if (member.name.empty() || member.name.find('/') != std::string::npos)
                r.fail(eat, "invalid link name '" + member.name + "'");
            const std::string parent = r.path;
            r.path = (parent == "/" ? "/" : parent + "/") + member.name;
            readObject(r, header, member, depth + 1);
            r.path = parent;
            obj.children.push_back(std::move(member));
        }
    }
}

void readObject(Reader& r, uint64_t addr, H5Object& obj, int depth) {
    if (depth > kMaxDepth) r.fail(addr, "groups nested deeper than " + std::to_string(kMaxDepth));
    if (++r.objects > kMaxObjects) r.fail(addr, "more than " + std::to_string(kMaxObjects) + " objects");
    if (!r.visitingHeaders.insert(addr).second) r.fail(addr, "a group contains itself (hard-link cycle)");
    std::vector<Message> msgs = headerMessages(r, addr);
    const Message *space = nullptr, *type = nullptr, *layout = nullptr, *stab = nullptr;
    for (const Message& m : msgs) {
        if (m.type == 0x01) space = &m;
        else if (m.type == 0x03) type = &m;
        else if (m.type == 0x08) layout = &m;
        else if (m.type == 0x11) stab = &m;
        else if (m.type == 0x02 || m.type == 0x06) r.fail(m.at, "new-style groups (link messages) are not supported");
    }
    for (const Message& m : msgs) {
        if (m.type != 0x0C) continue;
        Cur c{ r, m.data, m.at, 0, "attribute message" };
        const int version = int(c.u(1));
        c.skip(1);
        const uint64_t nameSize = c.u(2), typeSize = c.u(2), spaceSize = c.u(2);
        if (version == 3) c.skip(1);
        else if (version != 1 && version != 2) r.fail(m.at, "attribute message version " + std::to_string(version));
        auto pad = [&](uint64_t n) { return version == 1 ? (n + 7) / 8 * 8 : n; };
        std::string_view name = c.take(size_t(pad(nameSize)));
        name = name.substr(0, std::min<size_t>(name.find('\0'), size_t(nameSize)));
        const uint64_t tat = c.here();
        Type t = parseType(r, Cur{ r, c.take(size_t(pad(typeSize))), tat, 0, "attribute datatype" });
        const uint64_t sat = c.here();
        Space sp = parseSpace(r, Cur{ r, c.take(size_t(pad(spaceSize))), sat, 0, "attribute dataspace" });
        const uint64_t nbytes = dataBytes(r, c.here(), t, sp);
        const uint64_t dat = c.here();
        obj.attrs.emplace_back(std::string(name), decodeValue(r, t, sp, c.take(size_t(nbytes)), dat));
    }
    if (stab) {
        obj.isGroup = true;
        Cur c{ r, stab->data, stab->at, 0, "symbol table message" };
        const uint64_t tree = c.addr();
        const uint64_t heap = c.addr();
        Cur h{ r, r.bytes(heap, 8 + 2 * uint64_t(r.sizeL) + uint64_t(r.sizeO), "local heap"), heap, 0, "local heap" };
        if (h.take(4) != "HEAP") r.fail(heap, "local heap has no HEAP signature");
        h.skip(4);
        const uint64_t dsize = h.len();
        h.len();
        const uint64_t daddr = h.addr();
        std::string_view heapData = r.bytes(daddr, dsize, "local heap data");
        std::set<uint64_t> seenNodes;
        readGroupTree(r, tree, heapData, obj, depth, 0, seenNodes);
        std::sort(obj.children.begin(), obj.children.end(),
                  [](const H5Object& a, const H5Object& b) { return a.name < b.name; });
    } else if (space && type && layout) {
        obj.isGroup = false;
        Type t = parseType(r, Cur{ r, type->data, type->at, 0, "datatype message" });
        Space sp = parseSpace(r, Cur{ r, space->data, space->at, 0, "dataspace message" });
        const uint64_t nbytes = dataBytes(r, layout->at, t, sp);
        Cur c{ r, layout->data, layout->at, 0, "layout message" };
        const int version = int(c.u(1));
        std::string_view raw;
        int cls = -1;
        uint64_t daddr = kUndef, dsize = 0;
        if (version == 3 || version == 4) {
            cls = int(c.u(1));
            if (cls == 0) {
                dsize = c.u(2);
                raw = c.take(size_t(dsize));
            } else if (cls == 1) {
                daddr = c.addr();
                dsize = c.len();
            }
        } else if (version == 1 || version == 2) {
            const int rank = int(c.u(1));
            cls = int(c.u(1));
            c.skip(5);
            if (cls != 0) daddr = c.addr();
            c.skip(size_t(rank) * 4);
            if (cls == 0) {
                dsize = c.u(4);
                raw = c.take(size_t(dsize));
            } else {
                dsize = nbytes;
            }
        } else {
            r.fail(layout->at, "layout message version " + std::to_string(version));
        }
        if (cls == 2) r.fail(layout->at, "chunked datasets are not supported");
        if (cls == 1) {
            if (daddr == kUndef) raw = std::string_view(); // never written: HDF5 reads zeros (the fill value)
            else {
                if (dsize < nbytes)
                    r.fail(layout->at,
                           "contiguous storage of " + std::to_string(dsize) + " bytes for " + std::to_string(nbytes) +
                               " bytes of data");
                raw = r.bytes(daddr, nbytes, "dataset data");
            }
        } else if (cls != 0) {
            r.fail(layout->at, "layout class " + std::to_string(cls));
        }
        std::string zeros;
        if (cls == 1 && daddr == kUndef) {
            r.spend(nbytes, layout->at); // zeros for a dataset never written, within the budget
            if (t.vlenString && nbytes > 0) r.fail(layout->at, "unallocated variable-length string dataset");
            zeros.assign(size_t(nbytes), '\0');
            raw = zeros;
        }
        obj.value = decodeValue(r, t, sp, raw, layout->at);
    } else {
        r.fail(addr, "object is neither a group nor a dataset (a named datatype?)");
    }
    r.visitingHeaders.erase(addr);
}

} // namespace

H5Object readHdf5(std::string_view bytes, const std::string& file) {
    Reader r;
    r.b = bytes;
    r.file = file;
    r.budget = uint64_t(bytes.size()) * 4 + (uint64_t(1) << 20);
    static const char kSig[] = "\x89HDF\r\n\x1a\n";
    uint64_t sb = kUndef;
    for (uint64_t off = 0; off + 8 <= bytes.size(); off = off == 0 ? 512 : off * 2) {
        if (bytes.compare(size_t(off), 8, kSig, 8) == 0) {
            sb = off;
            break;
        }
    }
    if (sb == kUndef)
        throw FormatError(file, byteOffset(0), "not an HDF5 file (no signature at 0, 512, 1024, ...)",
                          ErrorKind::NotAModel);
    r.path = "superblock";
    Cur c{ r, bytes.substr(size_t(sb)), sb, 8, "superblock" };
    const int version = int(c.u(1));
    if (version >= 2) {
        throw FormatError(file, byteOffset(sb + 8),
                          "superblock version " + std::to_string(version) +
                              " (files written with libver='latest') is not supported");
    }
    if (version != 0 && version != 1)
        throw FormatError(file, byteOffset(sb + 8), "superblock version " + std::to_string(version));
    c.skip(4);
    r.sizeO = int(c.u(1));
    r.sizeL = int(c.u(1));
    if ((r.sizeO != 2 && r.sizeO != 4 && r.sizeO != 8) || (r.sizeL != 2 && r.sizeL != 4 && r.sizeL != 8))
        throw FormatError(file, byteOffset(sb + 13),
                          "sizes of offsets " + std::to_string(r.sizeO) + " and lengths " + std::to_string(r.sizeL) +
                              " are not supported");
    c.skip(1);
    r.leafK = int(c.u(2));
    r.internalK = int(c.u(2));
    c.skip(4);
    if (version == 1) c.skip(4);
    r.base = c.addr();
    if (r.base == kUndef) r.base = 0;
    c.addr();
    c.addr();
    c.addr();
    // The root group's symbol table entry.
    c.len();
    const uint64_t rootHeader = c.addr();
    r.path = "/";
    H5Object root;
    readObject(r, rootHeader, root, 0);
    if (!root.isGroup) throw FormatError(file, byteOffset(rootHeader), "the root object is not a group");
    return root;
}

} // namespace graphlens::io
