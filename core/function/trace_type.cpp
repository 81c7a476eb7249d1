#include "core/function/trace_type.h"

#include <cmath>
#include <cstdio>
#include <functional>

#include "core/lang/repr.h"
#include "core/numeric/format_float.h"

namespace graphlens::function {

using tensor::DType;
using tensor::PartialShape;

namespace {

size_t mix(size_t seed, size_t value) {
    // 64-bit variant of boost's hash_combine with a splitmix finaliser on the value.
    uint64_t v = value + 0x9e3779b97f4a7c15ULL;
    v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ULL;
    v = (v ^ (v >> 27)) * 0x94d049bb133111ebULL;
    v ^= v >> 31;
    return seed ^ (static_cast<size_t>(v) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

// A float equal to an integer, as that integer (Python compares int and float exactly).
std::optional<int64_t> exactInt(double v) {
    if (!std::isfinite(v) || v != std::floor(v)) return std::nullopt;
    if (v < -9223372036854775808.0 || v >= 9223372036854775808.0) return std::nullopt;
    return static_cast<int64_t>(v);
}

} // namespace

std::string dtypeRepr(DType dtype) {
    return "tf." + std::string(tensor::dtypeName(dtype));
}

// ---- PyLiteral ----

PyLiteral PyLiteral::boolean(bool v) {
    PyLiteral l;
    l.m_kind = Kind::Bool;
    l.m_int = v ? 1 : 0;
    l.computeHash();
    return l;
}

PyLiteral PyLiteral::integer(int64_t v) {
    PyLiteral l;
    l.m_kind = Kind::Int;
    l.m_int = v;
    l.computeHash();
    return l;
}

PyLiteral PyLiteral::floating(double v) {
    PyLiteral l;
    l.m_kind = Kind::Float;
    l.m_float = v;
    l.computeHash();
    return l;
}

PyLiteral PyLiteral::str(std::string v) {
    PyLiteral l;
    l.m_kind = Kind::Str;
    l.m_text = std::move(v);
    l.computeHash();
    return l;
}

PyLiteral PyLiteral::bytes(std::string v) {
    PyLiteral l;
    l.m_kind = Kind::Bytes;
    l.m_text = std::move(v);
    l.computeHash();
    return l;
}

PyLiteral PyLiteral::tuple(std::vector<PyLiteral> items) {
    PyLiteral l;
    l.m_kind = Kind::Tuple;
    l.m_items = std::move(items);
    l.computeHash();
    return l;
}

void PyLiteral::computeHash() {
    switch (m_kind) {
    case Kind::None:
        m_hash = kNoneHash;
        break;
    case Kind::Bool:
    case Kind::Int:
        m_hash = mix(1, static_cast<size_t>(m_int));
        break;
    case Kind::Float:
        if (std::isnan(m_float)) {
            m_hash = 0x6e616e;
        } else if (auto i = exactInt(m_float)) {
            m_hash = mix(1, static_cast<size_t>(*i));
        } else {
            m_hash = mix(2, std::hash<double>{}(m_float));
        }
        break;
    case Kind::Str:
        m_hash = mix(3, std::hash<std::string_view>{}(m_text));
        break;
    case Kind::Bytes:
        m_hash = mix(4, std::hash<std::string_view>{}(m_text));
        break;
    case Kind::Tuple:
        m_hash = mix(5, m_items.size());
        for (const auto& item : m_items) m_hash = mix(m_hash, item.hash());
        break;
    }
}

bool operator==(const PyLiteral& a, const PyLiteral& b) {
    using K = PyLiteral::Kind;
    if (a.m_hash != b.m_hash) return false;
    if (a.isNumber() && b.isNumber()) {
        if (a.m_kind != K::Float && b.m_kind != K::Float) return a.m_int == b.m_int;
        if (a.m_kind == K::Float && b.m_kind == K::Float) {
            if (std::isnan(a.m_float) || std::isnan(b.m_float)) return std::isnan(a.m_float) && std::isnan(b.m_float);
            return a.m_float == b.m_float;
        }
        const double f = a.m_kind == K::Float ? a.m_float : b.m_float;
        const int64_t i = a.m_kind == K::Float ? b.m_int : a.m_int;
        auto exact = exactInt(f);
        return exact && *exact == i;
    }
    if (a.m_kind != b.m_kind) return false;
    switch (a.m_kind) {
    case K::None:
        return true;
    case K::Str:
    case K::Bytes:
        return a.m_text == b.m_text;
    case K::Tuple:
        return a.m_items == b.m_items;
    default:
        return false;
    }
}

std::string PyLiteral::repr() const {
    switch (m_kind) {
    case Kind::None:
        return "None";
    case Kind::Bool:
        return m_int ? "True" : "False";
    case Kind::Int:
        return std::to_string(m_int);
    case Kind::Float:
        // TF replaces NaN by a marker object so that NaN keys compare equal; that is what prints.
        if (std::isnan(m_float)) return "<object object at 0x...>";
        return numeric::pythonFloatRepr(m_float);
    case Kind::Str:
        return lang::strRepr(m_text);
    case Kind::Bytes:
        return lang::bytesRepr(m_text);
    case Kind::Tuple: {
        std::string out = "(";
        for (size_t i = 0; i < m_items.size(); ++i) {
            if (i) out += ", ";
            out += m_items[i].repr();
        }
        if (m_items.size() == 1) out += ',';
        return out + ")";
    }
    }
    return {};
}

std::string_view PyLiteral::typeWord() const {
    switch (m_kind) {
    case Kind::None:
        return "None";
    case Kind::Bool:
        return "python bool";
    case Kind::Int:
        return "python int";
    case Kind::Float:
        return "python float";
    case Kind::Str:
        return "python str";
    case Kind::Bytes:
        return "python bytes";
    case Kind::Tuple:
        return "python tuple";
    }
    return {};
}

// ---- TraceType ----

struct TraceType::Node {
    TraceKind kind = TraceKind::Literal;
    size_t hash = 0;
    PartialShape shape;
    DType dtype = DType::Invalid;
    std::optional<std::string> name;
    bool trainable = false;
    int aliasId = -1;
    PyLiteral literal;
    uint64_t objectId = 0;
    std::string typeName;
    std::string repr;
    std::vector<TraceType> items;
    std::vector<std::string> fields;
    std::vector<PyLiteral> keys;
};

namespace {

size_t shapeHash(const PartialShape& shape) {
    size_t h = mix(7, static_cast<size_t>(shape.rank() + 1));
    if (shape.hasRank())
        for (int64_t d : shape.dims()) h = mix(h, static_cast<size_t>(d));
    return h;
}

const TraceType::Node& noneNode() {
    static const auto* node = [] {
        auto* n = new TraceType::Node();
        n->kind = TraceKind::Literal;
        n->hash = mix(static_cast<size_t>(TraceKind::Literal), n->literal.hash());
        return n;
    }();
    return *node;
}

// TensorShape.is_subtype_of: `other` has unknown rank, or the same rank with each of its
// dimensions unknown or equal.
bool shapeIsSubtype(const PartialShape& a, const PartialShape& b) {
    if (!b.hasRank()) return true;
    if (!a.hasRank() || a.rank() != b.rank()) return false;
    for (int i = 0; i < a.rank(); ++i)
        if (b.dim(i) != PartialShape::kUnknown && a.dim(i) != b.dim(i)) return false;
    return true;
}

PartialShape shapeSupertype(const PartialShape& a, const PartialShape& b) {
    if (!a.hasRank() || !b.hasRank() || a.rank() != b.rank()) return PartialShape::unknown();
    std::vector<int64_t> dims(static_cast<size_t>(a.rank()));
    for (int i = 0; i < a.rank(); ++i)
        dims[static_cast<size_t>(i)] = a.dim(i) == b.dim(i) ? a.dim(i) : PartialShape::kUnknown;
    return PartialShape(std::move(dims));
}

} // namespace

TraceType::TraceType()
    : m_node(std::shared_ptr<const Node>(), &noneNode()) { }

TraceType TraceType::tensor(PartialShape shape, DType dtype, std::optional<std::string> name) {
    auto n = std::make_shared<Node>();
    n->kind = TraceKind::Tensor;
    n->hash = mix(mix(static_cast<size_t>(TraceKind::Tensor), shapeHash(shape)), static_cast<size_t>(dtype));
    n->shape = std::move(shape);
    n->dtype = dtype;
    n->name = std::move(name);
    return TraceType(std::move(n));
}

TraceType TraceType::variable(PartialShape shape, DType dtype, bool trainable, int aliasId) {
    auto n = std::make_shared<Node>();
    n->kind = TraceKind::Variable;
    size_t h = mix(mix(static_cast<size_t>(TraceKind::Variable), shapeHash(shape)), static_cast<size_t>(dtype));
    n->hash = mix(mix(h, trainable ? 1 : 0), static_cast<size_t>(aliasId));
    n->shape = std::move(shape);
    n->dtype = dtype;
    n->trainable = trainable;
    n->aliasId = aliasId;
    return TraceType(std::move(n));
}

TraceType TraceType::literal(PyLiteral value) {
    if (value.kind() == PyLiteral::Kind::None) return TraceType();
    auto n = std::make_shared<Node>();
    n->kind = TraceKind::Literal;
    n->hash = mix(static_cast<size_t>(TraceKind::Literal), value.hash());
    n->literal = std::move(value);
    return TraceType(std::move(n));
}

TraceType TraceType::weakref(uint64_t objectId, std::string typeName, std::string repr) {
    auto n = std::make_shared<Node>();
    n->kind = TraceKind::Weakref;
    n->hash = mix(static_cast<size_t>(TraceKind::Weakref), static_cast<size_t>(objectId));
    n->objectId = objectId;
    n->typeName = std::move(typeName);
    n->repr = std::move(repr);
    return TraceType(std::move(n));
}

namespace {
size_t sequenceHash(TraceKind kind, const std::vector<TraceType>& items) {
    size_t h = mix(static_cast<size_t>(kind), items.size());
    for (const auto& item : items) h = mix(h, item.hash());
    return h;
}
} // namespace

TraceType TraceType::list(std::vector<TraceType> items) {
    auto n = std::make_shared<Node>();
    n->kind = TraceKind::List;
    n->hash = sequenceHash(TraceKind::List, items);
    n->items = std::move(items);
    return TraceType(std::move(n));
}

TraceType TraceType::tuple(std::vector<TraceType> items) {
    auto n = std::make_shared<Node>();
    n->kind = TraceKind::Tuple;
    n->hash = sequenceHash(TraceKind::Tuple, items);
    n->items = std::move(items);
    return TraceType(std::move(n));
}

TraceType TraceType::namedTuple(std::string typeName, std::vector<std::string> fields, std::vector<TraceType> items) {
    auto n = std::make_shared<Node>();
    n->kind = TraceKind::NamedTuple;
    size_t h = mix(sequenceHash(TraceKind::NamedTuple, items), std::hash<std::string_view>{}(typeName));
    for (const auto& f : fields) h = mix(h, std::hash<std::string_view>{}(f));
    n->hash = h;
    n->typeName = std::move(typeName);
    n->fields = std::move(fields);
    n->items = std::move(items);
    return TraceType(std::move(n));
}

TraceType TraceType::dict(std::vector<std::pair<PyLiteral, TraceType>> items) {
    auto n = std::make_shared<Node>();
    n->kind = TraceKind::Dict;
    // Order-independent: a sum of per-entry hashes.
    size_t sum = 0;
    for (auto& [key, value] : items) {
        sum += mix(key.hash(), value.hash());
        n->keys.push_back(std::move(key));
        n->items.push_back(std::move(value));
    }
    n->hash = mix(mix(static_cast<size_t>(TraceKind::Dict), n->keys.size()), sum);
    return TraceType(std::move(n));
}

TraceKind TraceType::kind() const {
    return m_node->kind;
}
size_t TraceType::hash() const {
    return m_node->hash;
}
const PartialShape& TraceType::shape() const {
    return m_node->shape;
}
DType TraceType::dtype() const {
    return m_node->dtype;
}
const std::optional<std::string>& TraceType::specName() const {
    return m_node->name;
}
bool TraceType::trainable() const {
    return m_node->trainable;
}
int TraceType::aliasId() const {
    return m_node->aliasId;
}
const PyLiteral& TraceType::literal() const {
    return m_node->literal;
}
uint64_t TraceType::objectId() const {
    return m_node->objectId;
}
const std::string& TraceType::objectRepr() const {
    return m_node->repr;
}
const std::string& TraceType::typeName() const {
    return m_node->typeName;
}
const std::vector<TraceType>& TraceType::items() const {
    return m_node->items;
}
const std::vector<std::string>& TraceType::fieldNames() const {
    return m_node->fields;
}
const std::vector<PyLiteral>& TraceType::dictKeys() const {
    return m_node->keys;
}

const TraceType* TraceType::dictValue(const PyLiteral& key) const {
    const auto& keys = m_node->keys;
    for (size_t i = 0; i < keys.size(); ++i)
        if (keys[i] == key) return &m_node->items[i];
    return nullptr;
}

namespace {

bool sameKeySet(const TraceType& a, const TraceType& b) {
    if (a.dictKeys().size() != b.dictKeys().size()) return false;
    for (const auto& key : a.dictKeys())
        if (!b.dictValue(key)) return false;
    return true;
}

} // namespace

bool operator==(const TraceType& a, const TraceType& b) {
    const TraceType::Node& x = *a.m_node;
    const TraceType::Node& y = *b.m_node;
    if (&x == &y) return true;
    if (x.hash != y.hash || x.kind != y.kind) return false;
    switch (x.kind) {
    case TraceKind::Tensor:
        return x.dtype == y.dtype && x.shape == y.shape && x.name == y.name;
    case TraceKind::Variable:
        return x.dtype == y.dtype && x.shape == y.shape && x.trainable == y.trainable && x.aliasId == y.aliasId;
    case TraceKind::Literal:
        return x.literal == y.literal;
    case TraceKind::Weakref:
        return x.objectId == y.objectId;
    case TraceKind::List:
    case TraceKind::Tuple:
        return x.items == y.items;
    case TraceKind::NamedTuple:
        return x.typeName == y.typeName && x.fields == y.fields && x.items == y.items;
    case TraceKind::Dict: {
        if (!sameKeySet(a, b)) return false;
        for (size_t i = 0; i < x.keys.size(); ++i)
            if (!(*b.dictValue(x.keys[i]) == x.items[i])) return false;
        return true;
    }
    }
    return false;
}

bool TraceType::isSubtypeOf(const TraceType& other) const {
    const Node& x = *m_node;
    const Node& y = *other.m_node;
    if (&x == &y) return true;
    if (x.kind != y.kind) return false;
    switch (x.kind) {
    case TraceKind::Tensor:
        return (!x.name || x.name == y.name) && x.dtype == y.dtype && shapeIsSubtype(x.shape, y.shape);
    case TraceKind::Variable:
        return x.dtype == y.dtype && x.trainable == y.trainable && x.aliasId == y.aliasId &&
            shapeIsSubtype(x.shape, y.shape);
    case TraceKind::Literal:
    case TraceKind::Weakref:
        return *this == other;
    case TraceKind::NamedTuple:
        if (x.typeName != y.typeName || x.fields != y.fields) return false;
        [[fallthrough]];
    case TraceKind::List:
    case TraceKind::Tuple:
        if (x.items.size() != y.items.size()) return false;
        for (size_t i = 0; i < x.items.size(); ++i)
            if (!x.items[i].isSubtypeOf(y.items[i])) return false;
        return true;
    case TraceKind::Dict:
        if (!sameKeySet(*this, other)) return false;
        for (size_t i = 0; i < x.keys.size(); ++i)
            if (!x.items[i].isSubtypeOf(*other.dictValue(x.keys[i]))) return false;
        return true;
    }
    return false;
}

std::optional<TraceType> TraceType::mostSpecificCommonSupertype(const TraceType& other) const {
    return mostSpecificCommonSupertype(std::span<const TraceType>(&other, 1));
}

std::optional<TraceType> TraceType::mostSpecificCommonSupertype(std::span<const TraceType> others) const {
    const Node& x = *m_node;
    for (const auto& o : others)
        if (o.kind() != x.kind) return std::nullopt;
    switch (x.kind) {
    case TraceKind::Literal:
    case TraceKind::Weakref:
        for (const auto& o : others)
            if (!(*this == o)) return std::nullopt;
        return *this;
    case TraceKind::Tensor: {
        PartialShape shape = x.shape;
        for (const auto& o : others) {
            if (o.dtype() != x.dtype || o.specName() != x.name) return std::nullopt;
            shape = shapeSupertype(shape, o.shape());
        }
        return tensor(std::move(shape), x.dtype, x.name);
    }
    case TraceKind::Variable: {
        PartialShape shape = x.shape;
        for (const auto& o : others) {
            if (o.dtype() != x.dtype || o.trainable() != x.trainable || o.aliasId() != x.aliasId) return std::nullopt;
            shape = shapeSupertype(shape, o.shape());
        }
        return variable(std::move(shape), x.dtype, x.trainable, x.aliasId);
    }
    case TraceKind::List:
    case TraceKind::Tuple:
    case TraceKind::NamedTuple: {
        for (const auto& o : others) {
            if (o.items().size() != x.items.size()) return std::nullopt;
            if (x.kind == TraceKind::NamedTuple && (o.typeName() != x.typeName || o.fieldNames() != x.fields))
                return std::nullopt;
        }
        std::vector<TraceType> items;
        items.reserve(x.items.size());
        std::vector<TraceType> column;
        for (size_t i = 0; i < x.items.size(); ++i) {
            column.clear();
            for (const auto& o : others) column.push_back(o.items()[i]);
            auto common = x.items[i].mostSpecificCommonSupertype(column);
            if (!common) return std::nullopt;
            items.push_back(std::move(*common));
        }
        if (x.kind == TraceKind::List) return list(std::move(items));
        if (x.kind == TraceKind::Tuple) return tuple(std::move(items));
        return namedTuple(x.typeName, x.fields, std::move(items));
    }
    case TraceKind::Dict: {
        for (const auto& o : others)
            if (!sameKeySet(*this, o)) return std::nullopt;
        std::vector<std::pair<PyLiteral, TraceType>> entries;
        std::vector<TraceType> column;
        for (size_t i = 0; i < x.keys.size(); ++i) {
            column.clear();
            for (const auto& o : others) column.push_back(*o.dictValue(x.keys[i]));
            auto common = x.items[i].mostSpecificCommonSupertype(column);
            if (!common) return std::nullopt;
            entries.emplace_back(x.keys[i], std::move(*common));
        }
        return dict(std::move(entries));
    }
    }
    return std::nullopt;
}

void TraceType::appendStr(std::string& out) const {
    const Node& x = *m_node;
    switch (x.kind) {
    case TraceKind::Tensor:
        out += "TensorSpec(shape=";
        out += x.shape.debugString();
        out += ", dtype=";
        out += dtypeRepr(x.dtype);
        out += ", name=";
        out += x.name ? lang::strRepr(*x.name) : "None";
        out += ')';
        return;
    case TraceKind::Variable:
        out += "VariableSpec(shape=";
        out += x.shape.debugString();
        out += ", dtype=";
        out += dtypeRepr(x.dtype);
        out += x.trainable ? ", trainable=True, alias_id=" : ", trainable=False, alias_id=";
        out += x.aliasId < 0 ? "None" : std::to_string(x.aliasId);
        out += ')';
        return;
    case TraceKind::Literal:
        out += "Literal[";
        out += x.literal.repr();
        out += ']';
        return;
    case TraceKind::Weakref: {
        // TF prints the weakref itself, with a stray ')' after the bracket.
        char id[32];
        std::snprintf(id, sizeof id, "%llx", static_cast<unsigned long long>(x.objectId));
        out += "Weakref[<weakref at 0x";
        out += id;
        out += "; to ";
        out += lang::strRepr(x.typeName);
        out += " at 0x";
        out += id;
        out += ">])";
        return;
    }
    case TraceKind::List:
    case TraceKind::Tuple:
        out += x.kind == TraceKind::List ? "List[" : "Tuple[";
        for (size_t i = 0; i < x.items.size(); ++i) {
            if (i) out += ", ";
            x.items[i].appendStr(out);
        }
        out += ']';
        return;
    case TraceKind::NamedTuple:
    case TraceKind::Dict:
        out += x.kind == TraceKind::Dict ? "Dict" : x.typeName;
        out += '[';
        for (size_t i = 0; i < x.items.size(); ++i) {
            if (i) out += ", ";
            out += '[';
            out += x.kind == TraceKind::Dict ? x.keys[i].repr() : lang::strRepr(x.fields[i]);
            out += ", ";
            x.items[i].appendStr(out);
            out += ']';
        }
        out += ']';
        return;
    }
}

std::string TraceType::str() const {
    std::string out;
    appendStr(out);
    return out;
}

size_t TraceType::leafCount() const {
    switch (m_node->kind) {
    case TraceKind::List:
    case TraceKind::Tuple:
    case TraceKind::NamedTuple:
    case TraceKind::Dict: {
        size_t n = 0;
        for (const auto& item : m_node->items) n += item.leafCount();
        return n;
    }
    default:
        return 1;
    }
}

// ---- FunctionType ----

std::string_view paramKindName(ParamKind kind) {
    switch (kind) {
    case ParamKind::PositionalOnly:
        return "POSITIONAL_ONLY";
    case ParamKind::PositionalOrKeyword:
        return "POSITIONAL_OR_KEYWORD";
    case ParamKind::VarPositional:
        return "VAR_POSITIONAL";
    case ParamKind::KeywordOnly:
        return "KEYWORD_ONLY";
    case ParamKind::VarKeyword:
        return "VAR_KEYWORD";
    }
    return {};
}

FunctionType::FunctionType(std::vector<Parameter> parameters, std::vector<Capture> captures)
    : m_parameters(std::move(parameters))
    , m_captures(std::move(captures)) {
    rehash();
}

void FunctionType::rehash() {
    size_t h = mix(11, m_parameters.size());
    for (const auto& p : m_parameters) {
        h = mix(h, std::hash<std::string_view>{}(p.name));
        h = mix(h, static_cast<size_t>(p.kind));
        h = mix(h, p.type.hash());
    }
    for (const auto& c : m_captures) h = mix(mix(h, std::hash<std::string_view>{}(c.name)), c.type.hash());
    m_hash = h;
}

const Parameter* FunctionType::parameter(std::string_view name) const {
    for (const auto& p : m_parameters)
        if (p.name == name) return &p;
    return nullptr;
}

bool operator==(const FunctionType& a, const FunctionType& b) {
    return a.m_hash == b.m_hash && a.m_parameters == b.m_parameters && a.m_captures == b.m_captures;
}

bool FunctionType::isSupertypeOf(const FunctionType& other) const {
    if (m_parameters.size() != other.m_parameters.size()) return false;
    for (size_t i = 0; i < m_parameters.size(); ++i) {
        const Parameter& a = m_parameters[i];
        const Parameter& b = other.m_parameters[i];
        if (a.kind != b.kind || a.name != b.name || !a.type.isSubtypeOf(b.type)) return false;
    }
    for (const auto& c : m_captures) {
        const Capture* match = nullptr;
        for (const auto& oc : other.m_captures)
            if (oc.name == c.name) match = &oc;
        if (!match || !c.type.isSubtypeOf(match->type)) return false;
    }
    return true;
}

std::optional<FunctionType> FunctionType::mostSpecificCommonSubtype(const FunctionType& other, bool* indexError) const {
    if (indexError) *indexError = false;
    std::vector<Parameter> params;
    params.reserve(m_parameters.size());
    for (size_t i = 0; i < m_parameters.size(); ++i) {
        if (i >= other.m_parameters.size()) {
            if (indexError) *indexError = true;
            return std::nullopt;
        }
        const Parameter& a = m_parameters[i];
        const Parameter& b = other.m_parameters[i];
        if (a.kind != b.kind || a.name != b.name) return std::nullopt;
        auto common = a.type.mostSpecificCommonSupertype(b.type);
        if (!common) return std::nullopt;
        params.push_back(Parameter{ a.name, a.kind, std::move(*common) });
    }
    // Captures: the union of names; the common supertype where both have one.
    std::vector<Capture> captures = m_captures;
    for (const auto& oc : other.m_captures) {
        bool found = false;
        for (auto& c : captures) {
            if (c.name != oc.name) continue;
            found = true;
            auto common = c.type.mostSpecificCommonSupertype(oc.type);
            if (!common) return std::nullopt;
            c.type = std::move(*common);
        }
        if (!found) captures.push_back(oc);
    }
    return FunctionType(std::move(params), std::move(captures));
}

std::string FunctionType::signatureText() const {
    // inspect.Signature's text: '/' after the last positional-only parameter, '*' before the
    // first keyword-only one unless *args came earlier.
    std::string out = "(";
    bool first = true;
    bool sawVarPositional = false;
    auto sep = [&] {
        if (!first) out += ", ";
        first = false;
    };
    for (size_t i = 0; i < m_parameters.size(); ++i) {
        const Parameter& p = m_parameters[i];
        if (p.kind == ParamKind::KeywordOnly && !sawVarPositional) {
            sep();
            out += '*';
            sawVarPositional = true;
        }
        if (p.kind == ParamKind::VarPositional) sawVarPositional = true;
        sep();
        if (p.kind == ParamKind::VarPositional) out += '*';
        if (p.kind == ParamKind::VarKeyword) out += "**";
        out += p.name;
        out += ": ";
        p.type.appendStr(out);
        const bool lastPositionalOnly = p.kind == ParamKind::PositionalOnly &&
            (i + 1 == m_parameters.size() || m_parameters[i + 1].kind != ParamKind::PositionalOnly);
        if (lastPositionalOnly) {
            sep();
            out += '/';
        }
    }
    return out + ")";
}

namespace {

void appendStructured(const TraceType& t, const std::string& path, std::string& out) {
    switch (t.kind()) {
    case TraceKind::Tensor:
        out += "TensorSpec(shape=";
        out += t.shape().debugString();
        out += ", dtype=";
        out += dtypeRepr(t.dtype());
        out += ", name=";
        out += lang::strRepr(t.specName() ? *t.specName() : path);
        out += ')';
        return;
    case TraceKind::Variable:
        t.appendStr(out);
        return;
    case TraceKind::Literal:
        // TF keeps Python values as they are, except bytes, which it does not carry over.
        if (t.literal().kind() == PyLiteral::Kind::Bytes) {
            out += "<tensorflow.python.framework.func_graph.UnknownArgument object at 0x...>";
        } else if (t.literal().kind() == PyLiteral::Kind::Float && std::isnan(t.literal().floatValue())) {
            out += "nan";
        } else {
            out += t.literal().repr();
        }
        return;
    case TraceKind::Weakref:
        out += "<tensorflow.python.framework.func_graph.UnknownArgument object at 0x...>";
        return;
    case TraceKind::List:
    case TraceKind::Tuple:
        out += t.kind() == TraceKind::List ? '[' : '(';
        for (size_t i = 0; i < t.items().size(); ++i) {
            if (i) out += ", ";
            appendStructured(t.items()[i], path + "_" + std::to_string(i), out);
        }
        if (t.kind() == TraceKind::Tuple && t.items().size() == 1) out += ',';
        out += t.kind() == TraceKind::List ? ']' : ')';
        return;
    case TraceKind::NamedTuple:
        out += t.typeName();
        out += '(';
        for (size_t i = 0; i < t.items().size(); ++i) {
            if (i) out += ", ";
            out += t.fieldNames()[i];
            out += '=';
            appendStructured(t.items()[i], path + "_" + t.fieldNames()[i], out);
        }
        out += ')';
        return;
    case TraceKind::Dict:
        out += '{';
        for (size_t i = 0; i < t.items().size(); ++i) {
            if (i) out += ", ";
            const PyLiteral& key = t.dictKeys()[i];
            out += key.repr();
            out += ": ";
            appendStructured(t.items()[i], path + "_" + (key.kind() == PyLiteral::Kind::Str ? key.text() : key.repr()),
                             out);
        }
        out += '}';
        return;
    }
}

} // namespace

std::string FunctionType::structuredSignatureText() const {
    std::string out = "((";
    size_t positional = 0;
    for (const auto& p : m_parameters) {
        if (p.kind == ParamKind::KeywordOnly || p.kind == ParamKind::VarKeyword) continue;
        if (positional++) out += ", ";
        appendStructured(p.type, p.name, out);
    }
    if (positional == 1) out += ',';
    out += "), {";
    bool first = true;
    for (const auto& p : m_parameters) {
        if (p.kind != ParamKind::KeywordOnly && p.kind != ParamKind::VarKeyword) continue;
        if (!first) out += ", ";
        first = false;
        out += lang::strRepr(p.name);
        out += ": ";
        appendStructured(p.type, p.name, out);
    }
    return out + "})";
}

std::string FunctionType::reprText(std::string_view outputText) const {
    std::string out = "Input Parameters:";
    for (const auto& p : m_parameters) {
        out += "\n  ";
        out += p.name;
        out += " (";
        out += paramKindName(p.kind);
        out += "): ";
        p.type.appendStr(out);
    }
    out += "\nOutput Type:\n  ";
    out += outputText;
    out += "\nCaptures:";
    if (m_captures.empty()) out += "\n  None";
    for (const auto& c : m_captures) {
        out += "\n  ";
        out += c.name;
        out += ": ";
        c.type.appendStr(out);
    }
    return out;
}

} // namespace graphlens::function
