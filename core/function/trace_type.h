#pragma once
// Trace types: what tf.function keys its concrete functions on (TF 2.21's TraceType and
// FunctionType). A call's arguments become one FunctionType; the dispatch table (dispatch.h) finds
// the concrete function for it. Pure values with no interpreter types: core/eager turns Python
// values into them (tensors → tensor(), variables → variable(), numbers and strings → literal(),
// other objects → weakref(), containers → list()/tuple()/namedTuple()/dict()).
//
// Equality, hashing, subtyping, the common supertype and the printed text follow TF 2.21
// (tests/function/dispatch/cases.json, recorded by tests/oracle/record_dispatch.py).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/tensor/dtype.h"
#include "core/tensor/shape.h"

namespace graphlens::function {

// A hashable Python value as tf.function keys it (TF's Literal): None, bool, int, float, str,
// bytes, or a tuple of those (a tuple appears only as a dict key; a tuple argument is a Tuple
// trace type). Python's == holds: 1 == 1.0 == True, and, as in TF, every NaN equals every NaN.
class PyLiteral {
public:
    enum class Kind : uint8_t { None, Bool, Int, Float, Str, Bytes, Tuple };

    PyLiteral() = default; // None
    static PyLiteral none() { return {}; }
    static PyLiteral boolean(bool v);
    static PyLiteral integer(int64_t v);
    static PyLiteral floating(double v);
    static PyLiteral str(std::string v);
    static PyLiteral bytes(std::string v);
    static PyLiteral tuple(std::vector<PyLiteral> items);

    Kind kind() const { return m_kind; }
    bool isNumber() const { return m_kind == Kind::Bool || m_kind == Kind::Int || m_kind == Kind::Float; }
    bool boolValue() const { return m_int != 0; }
    int64_t intValue() const { return m_int; }
    double floatValue() const { return m_float; }
    const std::string& text() const { return m_text; } // Str (UTF-8) and Bytes
    const std::vector<PyLiteral>& items() const { return m_items; }

    size_t hash() const { return m_hash; }
    friend bool operator==(const PyLiteral& a, const PyLiteral& b);

    // Python's repr(): None, True, 3, 2.5, 1e+300, 'it', "it's", b'by', (1, 'a').
    std::string repr() const;
    // "python int", "python str", ... for retrace reasons.
    std::string_view typeWord() const;

private:
    void computeHash();
    static constexpr size_t kNoneHash = 0x4e6f6e65;

    Kind m_kind = Kind::None;
    int64_t m_int = 0;
    double m_float = 0.0;
    std::string m_text;
    std::vector<PyLiteral> m_items;
    size_t m_hash = kNoneHash;
};

enum class TraceKind : uint8_t { Tensor, Variable, Literal, Weakref, List, Tuple, NamedTuple, Dict };

class TraceType {
public:
    // TensorSpec(shape, dtype, name): a tensor argument (name unset), or a spec given to
    // get_concrete_function / input_signature (name may be set).
    static TraceType tensor(tensor::PartialShape shape, tensor::DType dtype,
                            std::optional<std::string> name = std::nullopt);
    // VariableSpec: aliasId is the dense per-call index of the variable's handle, so f(v, v) and
    // f(v1, v2) differ; -1 prints as None.
    static TraceType variable(tensor::PartialShape shape, tensor::DType dtype, bool trainable, int aliasId);
    static TraceType literal(PyLiteral value);
    // An object keyed by identity (TF's Weakref): equal only to the same objectId. typeName is the
    // class name for the printed form; repr is the object's repr for retrace messages. The caller
    // must not reuse an id for a new object while types holding the old one live.
    static TraceType weakref(uint64_t objectId, std::string typeName, std::string repr);
    static TraceType list(std::vector<TraceType> items);
    static TraceType tuple(std::vector<TraceType> items);
    static TraceType namedTuple(std::string typeName, std::vector<std::string> fields, std::vector<TraceType> items);
    // Keys in insertion order (kept for printing); equality ignores the order.
    static TraceType dict(std::vector<std::pair<PyLiteral, TraceType>> items);

    TraceType(); // Literal[None]

    TraceKind kind() const;
    size_t hash() const;

    // Tensor and Variable.
    const tensor::PartialShape& shape() const;
    tensor::DType dtype() const;
    const std::optional<std::string>& specName() const; // Tensor
    bool trainable() const;                             // Variable
    int aliasId() const;                                // Variable
    // Literal.
    const PyLiteral& literal() const;
    // Weakref.
    uint64_t objectId() const;
    const std::string& objectRepr() const;
    // Weakref and NamedTuple: the class name.
    const std::string& typeName() const;
    // List, Tuple, NamedTuple: components; Dict: values in key order.
    const std::vector<TraceType>& items() const;
    const std::vector<std::string>& fieldNames() const; // NamedTuple
    const std::vector<PyLiteral>& dictKeys() const;     // Dict, parallel to items()
    // Dict value for a key, or nullptr.
    const TraceType* dictValue(const PyLiteral& key) const;

    friend bool operator==(const TraceType& a, const TraceType& b);

    // TF's is_subtype_of: every value of this type is a value of `other` (a TensorSpec (2,) is a
    // subtype of (None,) and of an unknown shape; literals and objects only of themselves).
    bool isSubtypeOf(const TraceType& other) const;
    // TF's most_specific_common_supertype over this and `others`; nullopt when none exists
    // (different dtypes, different literals, different structures).
    std::optional<TraceType> mostSpecificCommonSupertype(std::span<const TraceType> others) const;
    std::optional<TraceType> mostSpecificCommonSupertype(const TraceType& other) const;

    // TF's repr: TensorSpec(shape=(2,), dtype=tf.float32, name=None), Literal[3], List[...],
    // Dict[['a', Literal[1]]], P[['a', ...]], VariableSpec(...), Weakref[<weakref at 0x...>]).
    std::string str() const;
    void appendStr(std::string& out) const;

    // Leaves (tensors, variables, literals, objects) in depth-first order.
    size_t leafCount() const;

    struct Node;

private:
    explicit TraceType(std::shared_ptr<const Node> node)
        : m_node(std::move(node)) { }
    std::shared_ptr<const Node> m_node;
};

// inspect.Parameter kinds.
enum class ParamKind : uint8_t { PositionalOnly, PositionalOrKeyword, VarPositional, KeywordOnly, VarKeyword };
std::string_view paramKindName(ParamKind kind); // "POSITIONAL_ONLY", ...

struct Parameter {
    std::string name;
    ParamKind kind = ParamKind::PositionalOrKeyword;
    TraceType type;

    friend bool operator==(const Parameter& a, const Parameter& b) {
        return a.kind == b.kind && a.name == b.name && a.type == b.type;
    }
};

struct Capture {
    std::string name;
    TraceType type;
    friend bool operator==(const Capture&, const Capture&) = default;
};

// The monomorphic FunctionType of one call or one concrete function: the bound parameters as TF
// canonicalises them (defaults injected, *args → POSITIONAL_ONLY `args_0`, **kwargs → KEYWORD_ONLY
// in sorted key order, other parameters POSITIONAL_ONLY when *args exists), plus by-reference
// captures. The hash is computed once, so a dispatch hit hashes nothing.
class FunctionType {
public:
    FunctionType() { rehash(); }
    explicit FunctionType(std::vector<Parameter> parameters, std::vector<Capture> captures = {});

    const std::vector<Parameter>& parameters() const { return m_parameters; }
    const std::vector<Capture>& captures() const { return m_captures; }
    const Parameter* parameter(std::string_view name) const;
    size_t hash() const { return m_hash; }

    friend bool operator==(const FunctionType& a, const FunctionType& b);

    // TF's FunctionType.is_supertype_of (functions are contravariant in their parameters): true
    // when every parameter of this type is a subtype of the other's, i.e. a call of this type
    // can run the concrete function of type `other`.
    bool isSupertypeOf(const FunctionType& other) const;
    // Convenience: a concrete function of this type accepts the call `request`.
    bool accepts(const FunctionType& request) const { return request.isSupertypeOf(*this); }
    // TF's most_specific_common_subtype (parameter-wise common supertypes, used by
    // reduce_retracing). nullopt when there is none. TF 2.21 indexes the other type's parameters
    // by this type's positions: with more parameters here than there it raises IndexError, which
    // *indexError reports (nullopt is returned).
    std::optional<FunctionType> mostSpecificCommonSubtype(const FunctionType& other, bool* indexError = nullptr) const;

    // str(FunctionType) without its output: "(x: TensorSpec(...), n: Literal[3], /, *, k: ...)".
    std::string signatureText() const;
    // repr(FunctionType) as ConcreteFunction.pretty_printed_signature() prints it:
    // "Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): ...\nOutput Type:\n  ...\nCaptures:\n  None".
    std::string reprText(std::string_view outputText = "None") const;
    // repr(ConcreteFunction.structured_input_signature): "((TensorSpec(shape=(2,), dtype=tf.float32,
    // name='x'), 3), {'k': 1})": positional parameters, then keyword-only ones; tensors named
    // by their path ("xs_1_0", "d_a", "p_b"); objects and bytes print as TF's UnknownArgument.
    std::string structuredSignatureText() const;

private:
    void rehash();

    std::vector<Parameter> m_parameters;
    std::vector<Capture> m_captures;
    size_t m_hash = 0;
};

struct FunctionTypeHash {
    size_t operator()(const FunctionType& t) const noexcept { return t.hash(); }
};

// Python-style "tf.float32".
std::string dtypeRepr(tensor::DType dtype);

} // namespace graphlens::function
