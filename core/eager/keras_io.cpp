// `_core.h5_read` / `h5_write` / `zip_read` / `zip_write`: the native halves of Keras saving
// (python/keras_saving.py). They work on bytes only; the Python half reads and writes the files
// through open(), so the script's file sandbox applies to every model file.
//
// Trees: a group is ("g", [(attr name, value)...], [(member name, node)...]), a dataset is
// ("d", [(attr name, value)...], value). Values: numeric ndarrays (numpy scalars for scalar
// attributes), str for a scalar string, a list of str for a string array.
#include <cstring>

#include "core/eager/internal.h"
#include "core/graph/io/hdf5.h"
#include "core/graph/io/zip.h"
#include "core/util/error.h"

namespace graphlens::eager {

using namespace lang;
using io::H5Object;
using io::H5Value;

namespace {

DType dtypeOf(const H5Value& v) {
    switch (v.kind) {
    case H5Value::Kind::Float:
        return v.elemSize == 2 ? DType::Float16 : v.elemSize == 4 ? DType::Float32 : DType::Float64;
    case H5Value::Kind::Int:
        return v.elemSize == 1 ? DType::Int8
            : v.elemSize == 2  ? DType::Int16
            : v.elemSize == 4  ? DType::Int32
                               : DType::Int64;
    case H5Value::Kind::UInt:
        return v.elemSize == 1 ? DType::UInt8
            : v.elemSize == 2  ? DType::UInt16
            : v.elemSize == 4  ? DType::UInt32
                               : DType::UInt64;
    case H5Value::Kind::String:
        return DType::String;
    }
    return DType::Invalid;
}

Value toPython(const H5Value& v, bool scalarFor0d) {
    if (v.kind == H5Value::Kind::String) {
        if (v.scalar && v.strings.size() == 1) return newStr(v.strings[0]);
        std::vector<Value> items;
        for (const std::string& s : v.strings) items.push_back(newStr(s));
        return newList(std::move(items));
    }
    std::vector<int64_t> dims;
    for (uint64_t d : v.shape) dims.push_back(int64_t(d));
    if (v.isNull) dims = { 0 };
    Tensor t(dtypeOf(v), TensorShape(dims));
    if (t.totalBytes() != v.data.size()) raise(types().ValueError, "HDF5 value size mismatch");
    if (!v.data.empty()) std::memcpy(t.rawData(), v.data.data(), v.data.size());
    return wrapArray(std::move(t), scalarFor0d);
}

Value nodeToPython(const H5Object& o) {
    std::vector<Value> attrs;
    for (const auto& [k, v] : o.attrs) attrs.push_back(newTuple({ newStr(k), toPython(v, true) }));
    if (!o.isGroup) return newTuple({ newStr("d"), newList(std::move(attrs)), toPython(o.value, false) });
    std::vector<Value> members;
    for (const H5Object& c : o.children) members.push_back(newTuple({ newStr(c.name), nodeToPython(c) }));
    return newTuple({ newStr("g"), newList(std::move(attrs)), newList(std::move(members)) });
}

const std::vector<Value>& seq(Interpreter& in, const Value& v, const char* what) {
    if (v.isKind(ObjKind::List)) return v.as<ListObj>()->items;
    if (v.isKind(ObjKind::Tuple)) return v.as<TupleObj>()->items;
    raise(types().TypeError, std::string(what) + " must be a list or tuple, not " + in.typeOf(v)->name);
}

H5Value fromPython(Interpreter& in, const Value& v) {
    H5Value out;
    if (v.isKind(ObjKind::Str) || v.isKind(ObjKind::Bytes)) {
        out.kind = H5Value::Kind::String;
        out.scalar = true;
        out.strings.push_back(v.isKind(ObjKind::Str) ? v.as<StrObj>()->s : v.as<BytesObj>()->s);
        return out;
    }
    if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) {
        const std::vector<Value>& items = seq(in, v, "value");
        bool strings = !items.empty();
        for (const Value& x : items) strings = strings && x.isKind(ObjKind::Str);
        if (strings) {
            out.kind = H5Value::Kind::String;
            out.shape = { uint64_t(items.size()) };
            for (const Value& x : items) out.strings.push_back(x.as<StrObj>()->s);
            return out;
        }
        if (items.empty()) { // h5py stores [] as an empty float64 array
            out.kind = H5Value::Kind::Float;
            out.elemSize = 8;
            out.shape = { 0 };
            return out;
        }
    }
    Tensor t = toTensor(in, v);
    switch (t.dtype()) {
    case DType::Float16:
    case DType::Float32:
    case DType::Float64:
        out.kind = H5Value::Kind::Float;
        break;
    case DType::Int8:
    case DType::Int16:
    case DType::Int32:
    case DType::Int64:
        out.kind = H5Value::Kind::Int;
        break;
    case DType::Bool:
    case DType::UInt8:
    case DType::UInt16:
    case DType::UInt32:
    case DType::UInt64:
        out.kind = H5Value::Kind::UInt;
        break;
    default:
        raise(types().TypeError, std::string("cannot save a ") + std::string(dtypeName(t.dtype())) + " value in HDF5");
    }
    out.elemSize = int(dtypeSize(t.dtype()));
    out.scalar = t.shape().rank() == 0;
    for (int i = 0; i < t.shape().rank(); ++i) out.shape.push_back(uint64_t(t.shape().dim(i)));
    out.data.assign(static_cast<const char*>(t.rawData()), t.totalBytes());
    return out;
}

H5Object nodeFromPython(Interpreter& in, const std::string& name, const Value& node, int depth) {
    if (depth > 64) raise(types().ValueError, "HDF5 tree nested deeper than 64");
    const std::vector<Value>& parts = seq(in, node, "HDF5 node");
    if (parts.size() != 3) raise(types().ValueError, "HDF5 node must be (kind, attrs, payload)");
    H5Object o;
    o.name = name;
    const std::string kind = in.str(parts[0]);
    for (const Value& a : seq(in, parts[1], "attrs")) {
        const std::vector<Value>& kv = seq(in, a, "attr");
        if (kv.size() != 2) raise(types().ValueError, "attr must be (name, value)");
        o.attrs.emplace_back(in.str(kv[0]), fromPython(in, kv[1]));
    }
    if (kind == "g") {
        for (const Value& m : seq(in, parts[2], "members")) {
            const std::vector<Value>& kv = seq(in, m, "member");
            if (kv.size() != 2) raise(types().ValueError, "member must be (name, node)");
            o.children.push_back(nodeFromPython(in, in.str(kv[0]), kv[1], depth + 1));
        }
    } else if (kind == "d") {
        o.isGroup = false;
        o.value = fromPython(in, parts[2]);
    } else {
        raise(types().ValueError, "HDF5 node kind must be 'g' or 'd'");
    }
    return o;
}

std::string_view bytesArg(Interpreter& in, const Value& v) {
    if (v.isKind(ObjKind::Bytes)) return v.as<BytesObj>()->s;
    raise(types().TypeError, std::string("expected bytes, not ") + in.typeOf(v)->name);
}

void defIo(DictObj* d, const char* n, NativeFn f) {
    d->setStr(n, newBuiltin(n, std::move(f)));
}

} // namespace

void fillKerasIo(DictObj* d) {
    // h5_read(data, filename) -> the root group's tree; ValueError naming the file and place.
    defIo(d, "h5_read", [](Interpreter& in, CallArgs& a) -> Value {
        std::string_view data = bytesArg(in, a[0]);
        const std::string file = in.str(a[1]);
        H5Object root;
        try {
            root = io::readHdf5(data, file);
        } catch (const FormatError& e) {
            raise(types().ValueError, e.what());
        }
        return nodeToPython(root);
    });
    // h5_write(tree) -> bytes
    defIo(d, "h5_write", [](Interpreter& in, CallArgs& a) -> Value {
        H5Object root = nodeFromPython(in, "", a[0], 0);
        try {
            return Value::adopt(new BytesObj(io::writeHdf5(root)));
        } catch (const std::invalid_argument& e) {
            raise(types().ValueError, e.what());
        }
    });
    // zip_read(data, filename) -> [(name, bytes)]
    defIo(d, "zip_read", [](Interpreter& in, CallArgs& a) -> Value {
        std::string_view data = bytesArg(in, a[0]);
        const std::string file = in.str(a[1]);
        std::vector<io::ZipEntry> entries;
        try {
            entries = io::readZip(data, file);
        } catch (const FormatError& e) {
            raise(types().ValueError, e.what());
        }
        std::vector<Value> out;
        for (io::ZipEntry& e : entries)
            out.push_back(newTuple({ newStr(e.name), Value::adopt(new BytesObj(std::move(e.data))) }));
        return newList(std::move(out));
    });
    // zip_write([(name, bytes)]) -> bytes
    defIo(d, "zip_write", [](Interpreter& in, CallArgs& a) -> Value {
        std::vector<io::ZipEntry> entries;
        for (const Value& e : seq(in, a[0], "entries")) {
            const std::vector<Value>& kv = seq(in, e, "entry");
            if (kv.size() != 2) raise(types().ValueError, "entry must be (name, bytes)");
            const Value& data = kv[1];
            entries.push_back(
                { in.str(kv[0]), data.isKind(ObjKind::Str) ? data.as<StrObj>()->s : std::string(bytesArg(in, data)) });
        }
        try {
            return Value::adopt(new BytesObj(io::writeZip(entries)));
        } catch (const std::invalid_argument& e) {
            raise(types().ValueError, e.what());
        }
    });
}

} // namespace graphlens::eager
