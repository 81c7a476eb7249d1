// An error raised while AutoGraph traces a function reaches the user as TF 2.21 words it: a new
// exception whose message starts "in user code:", lists the user's frames (outermost first, the
// runtime's own left out, converted code mapped back to its source) and ends with the original
// "Type: message", every line indented. The exception keeps its type where TF can rebuild it from
// a message, else it becomes StagingError; a KeyError keeps its type and shows the framed text.
#include "core/eager/func_graph.h"
#include "core/eager/internal.h"
#include "core/function/autograph.h"

namespace graphlens::eager {

using namespace lang;

namespace {

// The frames and the "Type: message" tail of an error already framed by an inner trace, kept so
// the outer trace adds its frames above them instead of framing the framed text again.
constexpr const char* kMetadataAttr = "ag_error_metadata";

// Outermost first. Consecutive frames of one function show once, the innermost: the call into
// AutoGraph's if_stmt and the if_body it runs are one frame of the user's function to TF.
std::string userFrames(Interpreter& in, const std::vector<TracebackEntry>& tb) {
    std::vector<function::UserLocation> frames;
    for (size_t i = tb.size(); i-- > 0;) {
        std::optional<function::UserLocation> where = function::userLocation(in, tb[i]);
        if (!where) continue;
        if (!frames.empty() && frames.back().source == where->source && frames.back().function == where->function)
            frames.pop_back();
        frames.push_back(std::move(*where));
    }
    std::string out;
    for (const auto& f : frames) {
        out += "    File \"" + f.source->filename + "\", line " + std::to_string(f.line) + ", in " + f.function +
            (f.converted ? "  *\n" : "  **\n");
        const std::string text = stripLine(f.source->lineText(f.line));
        if (!text.empty()) out += "        " + text + "\n";
    }
    return out;
}

std::string indented(const std::string& text) {
    std::string out = "    ";
    for (char c : text) {
        out += c;
        if (c == '\n') out += "    ";
    }
    return out;
}

// TF rebuilds an exception from its message when its type takes one: Exception's own __init__,
// or one of the builtin types AutoGraph lists as taking a string.
bool takesMessage(ClassObj* t) {
    const BuiltinTypes& b = types();
    for (ClassObj* known : { b.AssertionError, b.AttributeError, b.NameError, b.NotImplementedError, b.RuntimeError,
                             b.StopIteration, b.TypeError, b.UnboundLocalError, b.ValueError })
        if (t == known) return true;
    for (ClassObj* c : t->mro) {
        if (c == b.Exception || c == b.BaseException) return true;
        if (c->builtin || c->dict.as<DictObj>()->findStr("__init__")) return false;
    }
    return false;
}

bool isOpErrorType(ClassObj* t) {
    return t->isSubclassOf(classes().opError);
}

std::string typeName(Interpreter& in, ClassObj* t) {
    Value name;
    if (in.getAttrOpt(Value::object(t), "__name__", name) && name.isKind(ObjKind::Str)) return name.as<StrObj>()->s;
    return t->name;
}

// What tf_function.py's _make_ag_errors() returns, in its order.
enum class AgErrors : size_t {
    StagingError,   // the type of what TF cannot rebuild from a message
    FramedKeyError, // a KeyError whose str() is the framed message
    KeepTheirType,  // TF's own graph errors framed as themselves
    NeverFramed,    // TF's own graph errors raised after the user's code returned
};

Value agErrors(Interpreter& in, AgErrors which) {
    Value helpers = in.getAttr(in.importModule("tensorflow"), "_ag_errors");
    return helpers.as<TupleObj>()->items[static_cast<size_t>(which)];
}

bool isOneOf(ClassObj* type, const Value& classes) {
    for (const Value& c : classes.as<TupleObj>()->items)
        if (c.isObj() && type == c.obj()) return true;
    return false;
}

} // namespace

void reraiseInUserCode(Interpreter& in, PyError& error) {
    if (!error.exc.isObj()) throw;
    auto* e = static_cast<ExcObj*>(error.exc.obj());
    ClassObj* type = in.typeOf(error.exc);
    if (isOneOf(type, agErrors(in, AgErrors::NeverFramed))) throw;
    std::string frames = userFrames(in, e->tb);
    std::string tail;
    Value metadata;
    const bool framed = in.getAttrOpt(error.exc, kMetadataAttr, metadata) && metadata.isKind(ObjKind::Tuple);
    if (framed) {
        frames += in.str(metadata.as<TupleObj>()->items[0]);
        tail = in.str(metadata.as<TupleObj>()->items[1]);
    } else {
        const std::string text = in.str(exceptionStr(in, error.exc));
        tail = indented(typeName(in, type) + (text.empty() ? "" : ": " + text));
    }
    if (frames.empty()) throw;
    const std::string message = "in user code:\n\n" + frames + "\n" + tail + "\n";
    Value replacement;
    if (framed) {
        replacement = error.exc; // an inner trace's: its type is already TF's choice
        e->args = type->isSubclassOf(types().KeyError) ? e->args : newTuple({ newStr(message) });
    } else if (isOpErrorType(type)) {
        replacement = newOpError(type, message);
    } else if (type == types().KeyError) {
        Value keyText = newStr("KeyError: " + in.str(exceptionStr(in, error.exc)));
        replacement = in.call(agErrors(in, AgErrors::FramedKeyError), { keyText });
    } else {
        const bool keepsType = takesMessage(type) || isOneOf(type, agErrors(in, AgErrors::KeepTheirType));
        replacement =
            in.call(keepsType ? Value::object(type) : agErrors(in, AgErrors::StagingError), { newStr(message) });
    }
    auto* r = static_cast<ExcObj*>(replacement.obj());
    r->suppressContext = true;
    r->context = Value::none();
    r->cause = Value::none();
    in.setAttr(replacement, "_ag_message", newStr(message));
    in.setAttr(replacement, kMetadataAttr, newTuple({ newStr(frames), newStr(tail) }));
    if (framed) {
        e->tb.clear();
        throw;
    }
    raiseValue(replacement);
}

// The node an error names: one of the graph's or of a function it calls (a branch's nodes carry
// their cond's scope, "cond/CheckNumerics", in their own names). A node of a called function that
// the function optimizer inlined is "<call>/<node>" here; TF runs the callee as a function of
// its own and names the node as the callee has it, so the prefix goes.
static const GraphNode* nodeNamedInError(const FuncGraph& graph, std::string& name) {
    if (const GraphNode* n = graph.findNodeDeep(name)) return n;
    for (const auto& call : graph.nodes()) {
        if ((call.op != "PartitionedCall" && call.op != "StatefulPartitionedCall") ||
            !name.starts_with(call.name + "/"))
            continue;
        std::string inner = name.substr(call.name.size() + 1);
        for (const auto& [fname, fn] : graph.library)
            if (const GraphNode* n = nodeNamedInError(*fn, inner)) {
                name = inner;
                return n;
            }
    }
    return nullptr;
}

std::string graphExecutionMessage(Interpreter& in, const FuncGraph& graph, const std::string& message) {
    const std::string mark = "[[{{node ";
    const size_t at = message.find(mark);
    if (at == std::string::npos) return message;
    const size_t end = message.find("}}]]", at);
    if (end == std::string::npos) return message;
    const std::string failed = message.substr(at + mark.size(), end - at - mark.size());
    std::string name = failed;
    const GraphNode* node = nodeNamedInError(graph, name);
    std::string text = message;
    if (name != failed) text.replace(at + mark.size(), failed.size(), name);
    std::string frames;
    if (node && node->definedAt) {
        std::vector<function::UserLocation> kept;
        const auto& tb = *node->definedAt;
        for (size_t i = tb.size(); i-- > 0;) {
            std::optional<function::UserLocation> where = function::userLocation(in, tb[i]);
            // every frame, a branch's beside its function's (unlike "in user code:")
            if (where) kept.push_back(std::move(*where));
        }
        for (const auto& f : kept)
            frames +=
                "  File \"" + f.source->filename + "\", line " + std::to_string(f.line) + ", in " + f.function + "\n\n";
    }
    if (frames.empty()) frames = "<stack traces unavailable>\n";
    return "Graph execution error:\n\nDetected at node " + name + " defined at (most recent call last):\n" + frames +
        text;
}

} // namespace graphlens::eager
