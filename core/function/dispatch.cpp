#include "core/function/dispatch.h"

#include <algorithm>
#include <array>

#include "core/lang/repr.h"

namespace graphlens::function {

// ---- DispatchTable ----

const FunctionType* DispatchTable::bestTarget(const FunctionType& request) const {
    // TF scans in insertion order and replaces the best only by a strictly more specific target,
    // so among equally specific targets the earliest wins.
    const FunctionType* best = nullptr;
    for (const FunctionType* target : m_order) {
        if (!request.isSupertypeOf(*target)) continue;
        if (!best || target->isSupertypeOf(*best)) best = target;
    }
    return best;
}

int DispatchTable::lookup(const FunctionType& request) {
    if (auto hit = m_exact.find(request); hit != m_exact.end()) return hit->second;
    if (auto cached = m_cache.find(request); cached != m_cache.end()) {
        m_lru.splice(m_lru.end(), m_lru, cached->second.lruPos);
        return m_exact.find(*cached->second.target)->second;
    }
    const FunctionType* best = bestTarget(request);
    if (!best) return -1;
    if (m_cache.size() > kMaxDispatchCache) {
        auto oldest = m_cache.find(*m_lru.front());
        m_lru.pop_front();
        m_cache.erase(oldest);
    }
    auto [slot, inserted] = m_cache.emplace(request, CacheSlot{ best, {} });
    (void)inserted;
    slot->second.lruPos = m_lru.insert(m_lru.end(), &slot->first);
    return m_exact.find(*best)->second;
}

int DispatchTable::lookupConst(const FunctionType& request) const {
    if (auto hit = m_exact.find(request); hit != m_exact.end()) return hit->second;
    if (auto cached = m_cache.find(request); cached != m_cache.end())
        return m_exact.find(*cached->second.target)->second;
    const FunctionType* best = bestTarget(request);
    return best ? m_exact.find(*best)->second : -1;
}

std::optional<FunctionType> DispatchTable::generalize(const FunctionType& request) const {
    FunctionType relaxed = request;
    for (const FunctionType* target : m_order) {
        bool indexError = false;
        auto common = relaxed.mostSpecificCommonSubtype(*target, &indexError);
        if (indexError) return std::nullopt;
        if (common) relaxed = std::move(*common);
    }
    return relaxed;
}

void DispatchTable::add(const FunctionType& target, int concreteId) {
    auto [it, inserted] = m_exact.emplace(target, concreteId);
    if (!inserted) {
        it->second = concreteId;
    } else {
        m_order.push_back(&it->first);
    }
    // As TF: a cached result is replaced by the new target when the new one is more specific.
    for (auto& [request, slot] : m_cache) {
        (void)request;
        if (it->first.isSupertypeOf(*slot.target)) slot.target = &it->first;
    }
}

bool DispatchTable::remove(const FunctionType& target) {
    auto it = m_exact.find(target);
    if (it == m_exact.end()) return false;
    const FunctionType* key = &it->first;
    for (auto c = m_cache.begin(); c != m_cache.end();) {
        if (c->second.target == key) {
            m_lru.erase(c->second.lruPos);
            c = m_cache.erase(c);
        } else {
            ++c;
        }
    }
    m_order.erase(std::find(m_order.begin(), m_order.end(), key));
    m_exact.erase(it);
    return true;
}

void DispatchTable::clear() {
    m_cache.clear();
    m_lru.clear();
    m_order.clear();
    m_exact.clear();
}

int DispatchTable::concreteIdOf(const FunctionType& target) const {
    auto it = m_exact.find(target);
    return it == m_exact.end() ? -1 : it->second;
}

// ---- input_signature ----

std::optional<std::string> signatureCastError(const FunctionType& signature, const FunctionType& request) {
    const auto& want = signature.parameters();
    const auto& got = request.parameters();
    for (size_t i = 0; i < got.size() && i < want.size(); ++i) {
        if (got[i].type.isSubtypeOf(want[i].type)) continue;
        return "Can not cast " + got[i].type.str() + " to " + want[i].type.str();
    }
    return std::nullopt;
}

std::string bindingErrorText(std::string_view cause, std::string_view argsRepr, std::string_view kwargsRepr,
                             const FunctionType& signature) {
    std::string out = "Binding inputs to tf.function failed due to `";
    out += cause;
    out += "`. Received args: ";
    out += argsRepr;
    out += " and kwargs: ";
    out += kwargsRepr;
    out += " for signature: ";
    out += signature.signatureText();
    out += '.';
    return out;
}

// ---- retrace reasons ----

namespace {

constexpr std::array<std::string_view, 11> kKindNames = {
    "first_call",       "variables_created",   "shape",    "dtype", "python_value", "object_identity", "structure",
    "tensor_vs_python", "new_function_object", "explicit", "other"
};

bool isTensorLike(const TraceType& t) {
    return t.kind() == TraceKind::Tensor || t.kind() == TraceKind::Variable;
}

// A few words for what a value is: "tensor", "python int", "list of 2", "dict of 1 key", "P".
std::string describeKind(const TraceType& t) {
    switch (t.kind()) {
    case TraceKind::Tensor:
        return "tensor";
    case TraceKind::Variable:
        return "variable";
    case TraceKind::Literal:
        return std::string(t.literal().typeWord());
    case TraceKind::Weakref:
        return "object " + t.objectRepr();
    case TraceKind::List:
        return "list of " + std::to_string(t.items().size());
    case TraceKind::Tuple:
        return "tuple of " + std::to_string(t.items().size());
    case TraceKind::NamedTuple:
        return "namedtuple " + t.typeName();
    case TraceKind::Dict: {
        std::string keys;
        for (const auto& k : t.dictKeys()) {
            if (!keys.empty()) keys += ", ";
            keys += k.repr();
        }
        return "dict with keys {" + keys + "}";
    }
    }
    return {};
}

std::string shapeWords(const tensor::PartialShape& s) {
    return s.debugString();
}

void diffTypes(const TraceType& before, const TraceType& after, const std::string& path,
               std::vector<RetraceReason>& out) {
    if (before == after) return;
    const TraceKind bk = before.kind();
    const TraceKind ak = after.kind();
    if (bk != ak) {
        const bool tensorPython =
            (isTensorLike(before) && ak == TraceKind::Literal) || (isTensorLike(after) && bk == TraceKind::Literal);
        out.push_back({ tensorPython ? RetraceKind::TensorVsPython : RetraceKind::Structure, path,
                        tensorPython
                            ? describeKind(before) + " -> " + describeKind(after)
                            : "structure changed (" + describeKind(before) + " -> " + describeKind(after) + ")" });
        return;
    }
    switch (bk) {
    case TraceKind::Tensor:
    case TraceKind::Variable: {
        const size_t start = out.size();
        if (before.dtype() != after.dtype())
            out.push_back({ RetraceKind::Dtype, path,
                            "dtype " + std::string(tensor::dtypeName(before.dtype())) + " -> " +
                                std::string(tensor::dtypeName(after.dtype())) });
        if (!(before.shape() == after.shape()))
            out.push_back({ RetraceKind::Shape, path,
                            "shape " + shapeWords(before.shape()) + " -> " + shapeWords(after.shape()) });
        if (bk == TraceKind::Tensor && before.specName() != after.specName()) {
            auto nameText = [](const std::optional<std::string>& n) {
                return n ? lang::strRepr(*n) : std::string("None");
            };
            out.push_back({ RetraceKind::Other, path,
                            "spec name " + nameText(before.specName()) + " -> " + nameText(after.specName()) });
        }
        if (bk == TraceKind::Variable && before.trainable() != after.trainable())
            out.push_back({ RetraceKind::Other, path,
                            std::string("trainable ") + (before.trainable() ? "True" : "False") + " -> " +
                                (after.trainable() ? "True" : "False") });
        if (bk == TraceKind::Variable && before.aliasId() != after.aliasId())
            out.push_back({ RetraceKind::ObjectIdentity, path,
                            "variable aliasing changed (alias_id " + std::to_string(before.aliasId()) + " -> " +
                                std::to_string(after.aliasId()) + ")" });
        if (out.size() == start) out.push_back({ RetraceKind::Other, path, before.str() + " -> " + after.str() });
        return;
    }
    case TraceKind::Literal:
        out.push_back({ RetraceKind::PythonValue, path,
                        "python value " + before.literal().repr() + " -> " + after.literal().repr() });
        return;
    case TraceKind::Weakref:
        out.push_back({ RetraceKind::ObjectIdentity, path,
                        "new object id (" + before.objectRepr() + " -> " + after.objectRepr() + ")" });
        return;
    case TraceKind::List:
    case TraceKind::Tuple:
        if (before.items().size() != after.items().size()) {
            out.push_back({ RetraceKind::Structure, path,
                            "structure changed (" + describeKind(before) + " -> " + describeKind(after) + ")" });
            return;
        }
        for (size_t i = 0; i < before.items().size(); ++i)
            diffTypes(before.items()[i], after.items()[i], path + "[" + std::to_string(i) + "]", out);
        return;
    case TraceKind::NamedTuple:
        if (before.typeName() != after.typeName() || before.fieldNames() != after.fieldNames()) {
            out.push_back({ RetraceKind::Structure, path,
                            "structure changed (" + describeKind(before) + " -> " + describeKind(after) + ")" });
            return;
        }
        for (size_t i = 0; i < before.items().size(); ++i)
            diffTypes(before.items()[i], after.items()[i], path + "." + before.fieldNames()[i], out);
        return;
    case TraceKind::Dict: {
        bool sameKeys = before.dictKeys().size() == after.dictKeys().size();
        for (const auto& k : before.dictKeys()) sameKeys = sameKeys && after.dictValue(k) != nullptr;
        if (!sameKeys) {
            out.push_back({ RetraceKind::Structure, path,
                            "structure changed (" + describeKind(before) + " -> " + describeKind(after) + ")" });
            return;
        }
        for (size_t i = 0; i < before.dictKeys().size(); ++i)
            diffTypes(before.items()[i], *after.dictValue(before.dictKeys()[i]),
                      path + "[" + before.dictKeys()[i].repr() + "]", out);
        return;
    }
    }
}

bool sameParameterNames(const FunctionType& a, const FunctionType& b) {
    if (a.parameters().size() != b.parameters().size()) return false;
    for (size_t i = 0; i < a.parameters().size(); ++i)
        if (a.parameters()[i].name != b.parameters()[i].name || a.parameters()[i].kind != b.parameters()[i].kind)
            return false;
    return true;
}

std::string parameterList(const FunctionType& t) {
    std::string out = "(";
    for (const auto& p : t.parameters()) {
        if (out.size() > 1) out += ", ";
        out += p.name;
    }
    return out + ")";
}

// How far a request is from a target, as describeDifferences would word it, without the words.
struct DiffScore {
    bool structure = false;
    size_t leaves = 0;
};

// Targets explainRetrace compares a request with (the most recent ones).
constexpr size_t kNearestScan = 256;

void scoreTypes(const TraceType& before, const TraceType& after, DiffScore& score) {
    if (before == after) return;
    if (before.kind() != after.kind()) {
        const bool tensorPython = (isTensorLike(before) && after.kind() == TraceKind::Literal) ||
            (isTensorLike(after) && before.kind() == TraceKind::Literal);
        if (!tensorPython) score.structure = true;
        ++score.leaves;
        return;
    }
    switch (before.kind()) {
    case TraceKind::Tensor:
    case TraceKind::Variable: {
        size_t n = 0;
        n += before.dtype() != after.dtype();
        n += !(before.shape() == after.shape());
        n += before.specName() != after.specName();
        n += before.trainable() != after.trainable();
        n += before.aliasId() != after.aliasId();
        score.leaves += n ? n : 1;
        return;
    }
    case TraceKind::Literal:
    case TraceKind::Weakref:
        ++score.leaves;
        return;
    case TraceKind::NamedTuple:
        if (before.typeName() != after.typeName() || before.fieldNames() != after.fieldNames()) {
            score.structure = true;
            ++score.leaves;
            return;
        }
        [[fallthrough]];
    case TraceKind::List:
    case TraceKind::Tuple:
        if (before.items().size() != after.items().size()) {
            score.structure = true;
            ++score.leaves;
            return;
        }
        for (size_t i = 0; i < before.items().size(); ++i) scoreTypes(before.items()[i], after.items()[i], score);
        return;
    case TraceKind::Dict: {
        bool sameKeys = before.dictKeys().size() == after.dictKeys().size();
        for (const auto& k : before.dictKeys()) sameKeys = sameKeys && after.dictValue(k) != nullptr;
        if (!sameKeys) {
            score.structure = true;
            ++score.leaves;
            return;
        }
        for (size_t i = 0; i < before.dictKeys().size(); ++i)
            scoreTypes(before.items()[i], *after.dictValue(before.dictKeys()[i]), score);
        return;
    }
    }
}

DiffScore scoreDifferences(const FunctionType& before, const FunctionType& after) {
    DiffScore score;
    if (!sameParameterNames(before, after)) {
        for (const auto& p : after.parameters())
            if (const Parameter* old = before.parameter(p.name)) scoreTypes(old->type, p.type, score);
        score.structure = true;
        ++score.leaves;
        return score;
    }
    for (size_t i = 0; i < after.parameters().size(); ++i)
        scoreTypes(before.parameters()[i].type, after.parameters()[i].type, score);
    for (const auto& c : after.captures()) {
        const Capture* old = nullptr;
        for (const auto& oc : before.captures())
            if (oc.name == c.name) old = &oc;
        if (!old) ++score.leaves;
        else scoreTypes(old->type, c.type, score);
    }
    return score;
}

} // namespace

std::string_view retraceKindName(RetraceKind kind) {
    return kKindNames[static_cast<size_t>(kind)];
}

std::optional<RetraceKind> retraceKindFromName(std::string_view name) {
    for (size_t i = 0; i < kKindNames.size(); ++i)
        if (kKindNames[i] == name) return static_cast<RetraceKind>(i);
    return std::nullopt;
}

std::vector<RetraceReason> describeDifferences(const FunctionType& before, const FunctionType& after) {
    std::vector<RetraceReason> out;
    if (!sameParameterNames(before, after)) {
        // Parameters that exist in both are still compared by name; the rest is a structure change.
        for (const auto& p : after.parameters()) {
            const Parameter* old = before.parameter(p.name);
            if (old) diffTypes(old->type, p.type, p.name, out);
        }
        out.push_back({ RetraceKind::Structure, "",
                        "parameters changed " + parameterList(before) + " -> " + parameterList(after) });
        return out;
    }
    for (size_t i = 0; i < after.parameters().size(); ++i)
        diffTypes(before.parameters()[i].type, after.parameters()[i].type, after.parameters()[i].name, out);
    for (const auto& c : after.captures()) {
        const Capture* old = nullptr;
        for (const auto& oc : before.captures())
            if (oc.name == c.name) old = &oc;
        if (!old) out.push_back({ RetraceKind::Other, c.name, "new capture" });
        else diffTypes(old->type, c.type, c.name, out);
    }
    return out;
}

std::string summarizeReasons(const std::vector<RetraceReason>& reasons) {
    std::string out;
    for (const auto& r : reasons) {
        if (!out.empty()) out += "; ";
        if (!r.argument.empty()) {
            out += r.argument;
            out += ": ";
        }
        out += r.detail;
    }
    return out;
}

std::string suggestionFor(const std::vector<RetraceReason>& reasons, const RetraceContext& context) {
    auto has = [&](RetraceKind k) {
        return std::any_of(reasons.begin(), reasons.end(), [k](const RetraceReason& r) { return r.kind == k; });
    };
    if (has(RetraceKind::NewFunctionObject))
        return "Define the tf.function once, outside the loop (or keep the object), so that its traces are reused: a "
               "new "
               "tf.function object starts with an empty cache.";
    if (has(RetraceKind::TensorVsPython))
        return "Pass a tensor every time (tf.constant(...)) instead of sometimes a Python value: a Python value is "
               "part "
               "of the trace key.";
    if (has(RetraceKind::PythonValue)) {
        bool numbers = true;
        for (const auto& r : reasons)
            if (r.kind == RetraceKind::PythonValue && r.detail.find('\'') != std::string::npos) numbers = false;
        if (numbers)
            return "Pass a tensor instead of a Python number (tf.constant(n)): every new Python value traces a new "
                   "graph.";
        return "Every new Python value traces a new graph: pass it as a tensor, or keep the set of values small.";
    }
    if (has(RetraceKind::ObjectIdentity))
        return "Every new Python object traces a new graph: reuse one object, or pass tensors or variables instead.";
    if (has(RetraceKind::Structure))
        return "Keep the structure of the arguments fixed (list lengths, dict keys, parameters), or pass one tensor "
               "(e.g. tf.stack) instead of a Python list.";
    if (has(RetraceKind::Dtype))
        return "Cast the arguments to one dtype before the call (tf.cast), or fix the dtypes with an input_signature.";
    if (has(RetraceKind::Shape)) {
        if (context.reduceRetracing)
            return "Give an input_signature with None for the dimensions that vary (e.g. tf.TensorSpec(shape=[None], "
                   "dtype=tf.float32)).";
        return "Use reduce_retracing=True, or an input_signature with None for the dimensions that vary (e.g. "
               "tf.TensorSpec(shape=[None], dtype=tf.float32)).";
    }
    return {};
}

RetraceExplanation explainRetrace(const DispatchTable& table, const FunctionType& request,
                                  const RetraceContext& context) {
    RetraceExplanation ex;
    if (context.explicitRequest)
        ex.reasons.push_back({ RetraceKind::Explicit, "", "get_concrete_function was called with a new signature" });
    if (table.empty()) {
        if (context.newFunctionObject)
            ex.reasons.push_back(
                { RetraceKind::NewFunctionObject, "",
                  "new tf.function object for code that was traced before (created again, e.g. in a loop)" });
        else if (!context.explicitRequest) ex.reasons.push_back({ RetraceKind::FirstCall, "", "first call" });
        ex.summary = summarizeReasons(ex.reasons);
        ex.suggestion = suggestionFor(ex.reasons, context);
        return ex;
    }
    // Nearest: same parameters and container structure first, then fewest differing leaves; later
    // targets win ties (the last trace is usually the one the user has in mind). Scored without
    // building text, over the most recent targets only: a function that retraces on every call
    // would otherwise make each miss cost as much as all earlier traces together.
    const FunctionType* nearest = nullptr;
    DiffScore bestScore;
    const auto& targets = table.targets();
    const size_t first = targets.size() > kNearestScan ? targets.size() - kNearestScan : 0;
    for (size_t i = first; i < targets.size(); ++i) {
        const DiffScore score = scoreDifferences(*targets[i], request);
        const bool better = !nearest || (!score.structure && bestScore.structure) ||
            (score.structure == bestScore.structure && score.leaves <= bestScore.leaves);
        if (better) {
            nearest = targets[i];
            bestScore = score;
        }
    }
    std::vector<RetraceReason> best = describeDifferences(*nearest, request);
    ex.nearestConcreteId = table.concreteIdOf(*nearest);
    if (best.empty()) {
        // The request equals or generalises a target without matching it exactly, e.g. a spec
        // with a name, or an input that fits no target because it is wider than all of them.
        best.push_back({ RetraceKind::Other, "", "no concrete function accepts " + request.signatureText() });
    }
    ex.reasons.insert(ex.reasons.end(), best.begin(), best.end());
    ex.summary = summarizeReasons(ex.reasons);
    ex.suggestion = suggestionFor(ex.reasons, context);
    return ex;
}

} // namespace graphlens::function
