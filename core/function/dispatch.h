#pragma once
// tf.function's dispatch (TF 2.21's TypeDispatchTable): one table per tf.function and per
// function context. A call's FunctionType either hits a concrete function exactly, or is served by
// the most specific concrete function whose type accepts it (ties: the earliest added), or misses
// and must be traced. Also: reduce_retracing's generalisation, input_signature binding errors, and
// why a call missed (retrace reasons in words, with a suggestion).
#include <list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/function/trace_type.h"

namespace graphlens::function {

class DispatchTable {
public:
    // TF's _MAX_DISPATCH_CACHE. TF evicts only when the cache already holds more than this, so it
    // can hold one entry more.
    static constexpr size_t kMaxDispatchCache = 1024;

    // The concrete function id for a call, -1 when none accepts it (trace, then add()). An exact
    // hit is one hash lookup without allocation; a non-exact result is remembered in an LRU cache.
    int lookup(const FunctionType& request);
    // Peek without touching the LRU cache (for tools and tests).
    int lookupConst(const FunctionType& request) const;

    // reduce_retracing: the type to trace for a missed request: the request widened, target by
    // target in insertion order, to the common supertype where one exists ((2,) then (3,) traces
    // (None,)). nullopt where TF 2.21 raises IndexError("list index out of range"): a request with
    // more parameters than an existing target.
    std::optional<FunctionType> generalize(const FunctionType& request) const;

    // A traced concrete function. Adding an existing type replaces its id and keeps its place.
    void add(const FunctionType& target, int concreteId);
    bool remove(const FunctionType& target);
    void clear();

    size_t size() const { return m_order.size(); }
    bool empty() const { return m_order.empty(); }
    size_t cacheSize() const { return m_cache.size(); }
    // Targets in insertion order.
    const std::vector<const FunctionType*>& targets() const { return m_order; }
    // The id of an exact target, or -1.
    int concreteIdOf(const FunctionType& target) const;

private:
    struct CacheSlot {
        const FunctionType* target;
        std::list<const FunctionType*>::iterator lruPos;
    };
    const FunctionType* bestTarget(const FunctionType& request) const;

    std::unordered_map<FunctionType, int, FunctionTypeHash> m_exact;
    std::vector<const FunctionType*> m_order; // keys of m_exact (node addresses are stable)
    std::unordered_map<FunctionType, CacheSlot, FunctionTypeHash> m_cache;
    std::list<const FunctionType*> m_lru; // keys of m_cache, oldest first
};

// ---- input_signature ----

// The reason binding `request` to an input_signature fails, as TF words it inside its TypeError:
// "Can not cast TensorSpec(shape=(2, 2), dtype=tf.float32, name=None) to TensorSpec(shape=(None,),
// dtype=tf.float32, name=None)"; nullopt when every parameter fits. Python values must already be
// converted to tensors of the signature's dtype (TensorSpec._cast does convert_to_tensor first).
std::optional<std::string> signatureCastError(const FunctionType& signature, const FunctionType& request);
// TF's whole message: "Binding inputs to tf.function failed due to `{cause}`. Received args: {args}
// and kwargs: {kwargs} for signature: {signature}." (argsRepr/kwargsRepr are Python reprs).
std::string bindingErrorText(std::string_view cause, std::string_view argsRepr, std::string_view kwargsRepr,
                             const FunctionType& signature);

// ---- why a call traced ----

enum class RetraceKind : uint8_t {
    FirstCall,
    VariablesCreated,
    Shape,
    Dtype,
    PythonValue,
    ObjectIdentity,
    Structure,
    TensorVsPython,
    NewFunctionObject,
    Explicit,
    Other,
};
std::string_view retraceKindName(RetraceKind kind); // "first_call", "shape", ...
std::optional<RetraceKind> retraceKindFromName(std::string_view name);

struct RetraceReason {
    RetraceKind kind = RetraceKind::Other;
    std::string argument; // "x", "d['k']", "xs[1]", "p.b"; empty for the whole call
    std::string detail;   // "shape (2,) -> (3,)", "python value 3 -> 5", ...
    friend bool operator==(const RetraceReason&, const RetraceReason&) = default;
};

struct RetraceContext {
    bool newFunctionObject = false; // the tf.function object is new but its Python code traced before
    bool explicitRequest = false;   // get_concrete_function
    bool reduceRetracing = false;
    bool hasInputSignature = false;
};

struct RetraceExplanation {
    std::vector<RetraceReason> reasons;
    int nearestConcreteId = -1; // the concrete function compared with; -1 on a first call
    std::string summary;        // "x: shape (2,) -> (3,); n: python value 3 -> 5"
    std::string suggestion;     // empty when there is nothing to suggest
};

// Why `request` missed `table`: compared with the nearest target (same parameters and structure
// first, then the fewest differing leaves; ties go to the most recently added), one reason per
// differing leaf.
RetraceExplanation explainRetrace(const DispatchTable& table, const FunctionType& request,
                                  const RetraceContext& context = {});
// The differences between one concrete function's type and a request, as explainRetrace words them.
std::vector<RetraceReason> describeDifferences(const FunctionType& before, const FunctionType& after);
// One line for a set of reasons, and what to do about them.
std::string summarizeReasons(const std::vector<RetraceReason>& reasons);
std::string suggestionFor(const std::vector<RetraceReason>& reasons, const RetraceContext& context);

} // namespace graphlens::function
