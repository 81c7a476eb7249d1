// HDF5 writer (see hdf5.h): the layout HDF5 itself uses for libver='earliest' files, which h5py
// writes by default: superblock 0, v1 object headers, groups as symbol tables (one v1 B-tree node
// of up to 32 symbol table nodes of 8 entries each, names in a local heap), contiguous datasets,
// variable-length strings in one global heap collection.
#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "core/graph/io/hdf5.h"

namespace graphlens::io {

namespace {

constexpr uint64_t kUndef = ~uint64_t(0);
constexpr int kLeafK = 4, kInternalK = 16;
constexpr uint64_t kSuperblockSize = 96;

void put(std::string& s, uint64_t v, int n) {
    for (int i = 0; i < n; ++i) s.push_back(char((v >> (8 * i)) & 0xFF));
}
void pad8(std::string& s) {
    while (s.size() % 8) s.push_back('\0');
}
void patch(std::string& s, size_t at, uint64_t v, int n) {
    for (int i = 0; i < n; ++i) s[at + size_t(i)] = char((v >> (8 * i)) & 0xFF);
}

struct Writer {
    std::string out;
    // Variable-length strings: written into the global heap collection at the end; their
    // references are patched then.
    struct VRef {
        size_t at; // offset of the collection address in `out`
    };
    std::vector<std::string> heapObjects;
    std::vector<VRef> vrefs;
    uint64_t lastTree = 0, lastHeap = 0; // the last group's B-tree and heap (the root's at the end)
    int depth = 0;

    uint64_t alloc(const std::string& block) {
        pad8(out);
        const uint64_t at = out.size();
        out += block;
        return at;
    }
};

std::string datatype(const H5Value& v) {
    std::string t;
    switch (v.kind) {
    case H5Value::Kind::Float: {
        int sign = 31, expLoc = 23, expSize = 8, mantSize = 23;
        uint32_t bias = 127;
        if (v.elemSize == 8) sign = 63, expLoc = 52, expSize = 11, mantSize = 52, bias = 1023;
        else if (v.elemSize == 2) sign = 15, expLoc = 10, expSize = 5, mantSize = 10, bias = 15;
        else if (v.elemSize != 4)
            throw std::invalid_argument("HDF5: float of " + std::to_string(v.elemSize) + " bytes");
        put(t, 0x11, 1);
        put(t, 0x20, 1); // little-endian, implied mantissa MSB
        put(t, uint64_t(sign), 1);
        put(t, 0, 1);
        put(t, uint64_t(v.elemSize), 4);
        put(t, 0, 2);
        put(t, uint64_t(8 * v.elemSize), 2);
        put(t, uint64_t(expLoc), 1);
        put(t, uint64_t(expSize), 1);
        put(t, 0, 1);
        put(t, uint64_t(mantSize), 1);
        put(t, bias, 4);
        return t;
    }
    case H5Value::Kind::Int:
    case H5Value::Kind::UInt:
        if (v.elemSize != 1 && v.elemSize != 2 && v.elemSize != 4 && v.elemSize != 8)
            throw std::invalid_argument("HDF5: integer of " + std::to_string(v.elemSize) + " bytes");
        put(t, 0x10, 1);
        put(t, v.kind == H5Value::Kind::Int ? 0x08 : 0x00, 1);
        put(t, 0, 2);
        put(t, uint64_t(v.elemSize), 4);
        put(t, 0, 2);
        put(t, uint64_t(8 * v.elemSize), 2);
        return t;
    case H5Value::Kind::String:
        // variable-length UTF-8 string of unsigned bytes, as h5py writes str
        put(t, 0x19, 1);
        put(t, 0x01, 1);
        put(t, 0x01, 1);
        put(t, 0, 1);
        put(t, 16, 4);
        put(t, 0x10, 1);
        put(t, 0, 3);
        put(t, 1, 4);
        put(t, 0, 2);
        put(t, 8, 2);
        return t;
    }
    return t;
}

std::string dataspace(const H5Value& v) {
    std::string s;
    if (v.isNull) { // version 2: null
        put(s, 2, 1);
        put(s, 0, 1);
        put(s, 0, 1);
        put(s, 2, 1);
        return s;
    }
    if (v.shape.size() > 32) throw std::invalid_argument("HDF5: rank over 32");
    put(s, 1, 1);
    put(s, v.scalar ? 0 : v.shape.size(), 1);
    put(s, 0, 1);
    put(s, 0, 5);
    if (!v.scalar)
        for (uint64_t d : v.shape) put(s, d, 8);
    return s;
}

uint64_t elemBytes(const H5Value& v) {
    return v.kind == H5Value::Kind::String ? 16 : uint64_t(v.elemSize);
}

void checkValue(const H5Value& v) {
    const uint64_t n = v.count();
    if (v.scalar && !v.shape.empty()) throw std::invalid_argument("HDF5: a scalar value with a shape");
    if (v.kind == H5Value::Kind::String) {
        if (v.strings.size() != n) throw std::invalid_argument("HDF5: string count does not match the shape");
    } else if (v.data.size() != n * uint64_t(v.elemSize)) {
        throw std::invalid_argument("HDF5: data size does not match the shape");
    }
}

// The raw elements of `v` (vlen string references point into the global heap, patched later;
// `base` is where the raw bytes will start in the file, or kUndef when they go into a message
// whose place is known only later: then `fixups` gets the offsets inside the returned string).
std::string rawData(Writer& w, const H5Value& v, std::vector<size_t>& fixups) {
    if (v.kind != H5Value::Kind::String) return v.data;
    std::string raw;
    for (const std::string& s : v.strings) {
        if (s.size() > 0xFFFFFFFFu) throw std::invalid_argument("HDF5: string too long");
        put(raw, s.size(), 4);
        fixups.push_back(raw.size());
        put(raw, 0, 8);
        w.heapObjects.push_back(s);
        put(raw, w.heapObjects.size(), 4);
    }
    return raw;
}

struct Msg {
    int type;
    std::string data;
    std::vector<size_t> fixups; // vlen references inside data
};

// A v1 object header of `msgs` (each padded to 8 bytes); returns its address.
uint64_t writeHeader(Writer& w, std::vector<Msg>& msgs) {
    std::string body;
    std::vector<std::pair<size_t, size_t>> fix; // (offset in body)
    for (Msg& m : msgs) {
        pad8(m.data);
        if (m.data.size() > 0xFFFF) throw std::invalid_argument("HDF5: header message over 64 KiB");
        put(body, uint64_t(m.type), 2);
        put(body, m.data.size(), 2);
        put(body, 0, 4);
        for (size_t f : m.fixups) fix.emplace_back(body.size() + f, 0);
        body += m.data;
    }
    if (body.size() > 0xFFFFFFFFu) throw std::invalid_argument("HDF5: object header too large");
    std::string h;
    put(h, 1, 1);
    put(h, 0, 1);
    put(h, msgs.size(), 2);
    put(h, 1, 4);
    put(h, body.size(), 4);
    put(h, 0, 4);
    const uint64_t at = w.alloc(h + body);
    for (auto& [off, unused] : fix) w.vrefs.push_back({ size_t(at + 16 + off) });
    return at;
}

void attrMessages(Writer& w, const H5Object& obj, std::vector<Msg>& msgs) {
    for (const auto& [name, v] : obj.attrs) {
        checkValue(v);
        if (name.empty() || name.size() > 0xFFFE) throw std::invalid_argument("HDF5: bad attribute name");
        Msg m{ 0x0C, {}, {} };
        const std::string t = datatype(v), s = dataspace(v);
        put(m.data, 1, 1);
        put(m.data, 0, 1);
        put(m.data, name.size() + 1, 2);
        put(m.data, t.size(), 2);
        put(m.data, s.size(), 2);
        m.data += name;
        m.data.push_back('\0');
        pad8(m.data);
        m.data += t;
        pad8(m.data);
        m.data += s;
        pad8(m.data);
        std::vector<size_t> f;
        const size_t base = m.data.size();
        m.data += rawData(w, v, f);
        for (size_t x : f) m.fixups.push_back(base + x);
        msgs.push_back(std::move(m));
    }
}

void checkName(const std::string& n) {
    if (n.empty() || n == "." || n.find('/') != std::string::npos || n.find('\0') != std::string::npos)
        throw std::invalid_argument("HDF5: invalid member name '" + n + "'");
}

uint64_t writeObject(Writer& w, const H5Object& obj);

uint64_t writeGroup(Writer& w, const H5Object& g) {
    std::vector<const H5Object*> members;
    for (const H5Object& c : g.children) members.push_back(&c);
    std::sort(members.begin(), members.end(), [](const H5Object* a, const H5Object* b) { return a->name < b->name; });
    for (size_t i = 0; i < members.size(); ++i) {
        checkName(members[i]->name);
        if (i && members[i]->name == members[i - 1]->name)
            throw std::invalid_argument("HDF5: two members named '" + members[i]->name + "'");
    }
    const size_t perNode = 2 * kLeafK, maxNodes = 2 * kInternalK;
    if (members.size() > perNode * maxNodes)
        throw std::invalid_argument("HDF5: a group of more than " + std::to_string(perNode * maxNodes) +
                                    " members is not supported by this writer");
    std::vector<uint64_t> headers;
    for (const H5Object* m : members) headers.push_back(writeObject(w, *m));
    // Local heap: "" at offset 0, then each name (NUL-terminated, padded to 8).
    std::string heap(8, '\0');
    std::vector<uint64_t> nameOff;
    for (const H5Object* m : members) {
        nameOff.push_back(heap.size());
        heap += m->name;
        heap.push_back('\0');
        pad8(heap);
    }
    const uint64_t heapData = w.alloc(heap);
    std::string hh = "HEAP";
    put(hh, 0, 4);
    put(hh, heap.size(), 8);
    put(hh, 1, 8); // free list: none (HDF5's end-of-list marker)
    put(hh, heapData, 8);
    const uint64_t heapHeader = w.alloc(hh);
    // Symbol table nodes of up to 8 entries.
    std::vector<uint64_t> snods;
    std::vector<uint64_t> lastName;
    for (size_t i = 0; i < members.size(); i += perNode) {
        const size_t n = std::min(perNode, members.size() - i);
        std::string s = "SNOD";
        put(s, 1, 1);
        put(s, 0, 1);
        put(s, n, 2);
        for (size_t k = 0; k < perNode; ++k) {
            if (k < n) {
                put(s, nameOff[i + k], 8);
                put(s, headers[i + k], 8);
            } else {
                put(s, 0, 16);
            }
            put(s, 0, 24);
        }
        snods.push_back(w.alloc(s));
        lastName.push_back(nameOff[i + n - 1]);
    }
    std::string t = "TREE";
    put(t, 0, 1);
    put(t, 0, 1);
    put(t, snods.size(), 2);
    put(t, kUndef, 8);
    put(t, kUndef, 8);
    put(t, 0, 8);
    for (size_t i = 0; i < maxNodes; ++i) {
        put(t, i < snods.size() ? snods[i] : 0, 8);
        put(t, i < snods.size() ? lastName[i] : 0, 8);
    }
    const uint64_t tree = w.alloc(t);
    w.lastTree = tree;
    w.lastHeap = heapHeader;
    std::vector<Msg> msgs;
    Msg st{ 0x11, {}, {} };
    put(st.data, tree, 8);
    put(st.data, heapHeader, 8);
    msgs.push_back(std::move(st));
    attrMessages(w, g, msgs);
    return writeHeader(w, msgs);
}

uint64_t writeDataset(Writer& w, const H5Object& d) {
    if (!d.children.empty()) throw std::invalid_argument("HDF5: dataset '" + d.name + "' has members");
    const H5Value& v = d.value;
    checkValue(v);
    std::vector<size_t> fix;
    const std::string raw = rawData(w, v, fix);
    uint64_t dataAt = kUndef;
    if (!raw.empty()) {
        dataAt = w.alloc(raw);
        for (size_t f : fix) w.vrefs.push_back({ size_t(dataAt + f) });
    }
    std::vector<Msg> msgs;
    msgs.push_back({ 0x01, dataspace(v), {} });
    msgs.push_back({ 0x03, datatype(v), {} });
    Msg fill{ 0x05, {}, {} }; // fill value v2: allocation late, fill time on alloc, undefined
    put(fill.data, 2, 1);
    put(fill.data, 2, 1);
    put(fill.data, 2, 1);
    put(fill.data, 0, 1);
    msgs.push_back(std::move(fill));
    Msg layout{ 0x08, {}, {} };
    put(layout.data, 3, 1);
    put(layout.data, 1, 1);
    put(layout.data, dataAt, 8);
    put(layout.data, v.count() * elemBytes(v), 8);
    msgs.push_back(std::move(layout));
    attrMessages(w, d, msgs);
    return writeHeader(w, msgs);
}

uint64_t writeObject(Writer& w, const H5Object& obj) {
    if (w.depth >= 64) throw std::invalid_argument("HDF5: groups nested deeper than 64");
    ++w.depth;
    const uint64_t at = obj.isGroup ? writeGroup(w, obj) : writeDataset(w, obj);
    --w.depth;
    return at;
}

} // namespace

std::string writeHdf5(const H5Object& root) {
    if (!root.isGroup) throw std::invalid_argument("HDF5: the root must be a group");
    Writer w;
    w.out.assign(kSuperblockSize, '\0');
    const uint64_t rootHeader = writeObject(w, root);
    const uint64_t rootTree = w.lastTree, rootHeap = w.lastHeap;
    // The global heap collection (at least 4096 bytes, as HDF5 makes them).
    if (!w.heapObjects.empty()) {
        std::string g = "GCOL";
        put(g, 1, 1);
        put(g, 0, 3);
        put(g, 0, 8); // size, patched below
        for (size_t i = 0; i < w.heapObjects.size(); ++i) {
            put(g, i + 1, 2);
            put(g, 1, 2);
            put(g, 0, 4);
            put(g, w.heapObjects[i].size(), 8);
            g += w.heapObjects[i];
            pad8(g);
        }
        if (g.size() + 16 > 4096) {
            g.resize(g.size() + 16, '\0');
        } else {
            g.resize(4096, '\0');
        }
        // the free space object: index 0, its size counting its own header
        const size_t freeAt = [&] {
            size_t at = 16;
            for (const std::string& s : w.heapObjects) at += 16 + (s.size() + 7) / 8 * 8;
            return at;
        }();
        patch(g, freeAt, 0, 8);
        patch(g, freeAt + 8, g.size() - freeAt, 8);
        patch(g, 8, g.size(), 8);
        const uint64_t gat = w.alloc(g);
        for (const Writer::VRef& r : w.vrefs) patch(w.out, r.at, gat, 8);
    }
    pad8(w.out);
    std::string& s = w.out;
    std::string sb = "\x89HDF\r\n\x1a\n";
    put(sb, 0, 1); // superblock version
    put(sb, 0, 1); // free-space version
    put(sb, 0, 1); // root group symbol table entry version
    put(sb, 0, 1);
    put(sb, 0, 1); // shared header message format version
    put(sb, 8, 1); // size of offsets
    put(sb, 8, 1); // size of lengths
    put(sb, 0, 1);
    put(sb, kLeafK, 2);
    put(sb, kInternalK, 2);
    put(sb, 0, 4);
    put(sb, 0, 8);      // base address
    put(sb, kUndef, 8); // free-space info
    put(sb, s.size(), 8);
    put(sb, kUndef, 8); // driver info
    put(sb, 0, 8);      // root entry: link name offset
    put(sb, rootHeader, 8);
    put(sb, 1, 4); // cache type: the symbol table's B-tree and heap
    put(sb, 0, 4);
    put(sb, rootTree, 8);
    put(sb, rootHeap, 8);
    s.replace(0, sb.size(), sb);
    return std::move(s);
}

} // namespace graphlens::io
