#include "core/ops/execute.h"

#include <atomic>

#include "core/ops/kernel_util.h"
#include "core/ops/onednn.h"
#include "core/proto/op_def.pb.h"
#include "core/util/fp_mode.h"

namespace graphlens::ops {

using tensor::ErrorCode;
using tensor::OpError;

namespace {

std::atomic<bool> g_verifyShapes{ false };

std::string opSuffix(const OpInfo& op) {
    return " [Op:" + op.name + "]";
}

// "<0 5>": a computed input tensor of a shape function as TF's SummarizeValue shows it (these
// are axes, sizes and shapes: integers, or now and then a float scalar).
std::string summarizeForShapeError(const Tensor& t) {
    constexpr size_t kMaxShown = 10;
    std::string out;
    if (tensor::isInteger(t.dtype())) {
        const std::vector<int64_t> v = t.toInt64Vector();
        for (size_t i = 0; i < v.size() && i < kMaxShown; ++i) out += (i ? " " : "") + std::to_string(v[i]);
        if (v.size() > kMaxShown) out += "...";
    } else {
        out = t.valuesString(static_cast<int>(kMaxShown));
    }
    return "<" + out + ">";
}

std::string nodeErrorContext(const OpInfo& op, const NodeForErrors& node, const ResolvedAttrs& ra,
                             std::span<const PartialShape> shapes, const ShapeContext& sc) {
    std::vector<std::pair<std::string, std::string>> sorted;
    for (const auto& [name, v] : ra.all()) sorted.emplace_back(name, attrToString(v));
    std::sort(sorted.begin(), sorted.end());
    std::string out = " for '{{node " + std::string(node.name) + "}} = " + op.name + "[";
    for (size_t i = 0; i < sorted.size(); ++i) out += (i ? ", " : "") + sorted[i].first + "=" + sorted[i].second;
    out += "](";
    for (size_t i = 0; i < node.inputs.size(); ++i) out += (i ? ", " : "") + node.inputs[i];
    out += ")' with input shapes: ";
    for (size_t i = 0; i < shapes.size(); ++i) out += (i ? ", " : "") + shapes[i].str();
    std::vector<int> computed = sc.valuesUsed;
    std::sort(computed.begin(), computed.end());
    for (size_t k = 0; k < computed.size(); ++k)
        out += std::string(k ? ", " : " and with computed input tensors: ") + "input[" + std::to_string(computed[k]) +
            "] = " + summarizeForShapeError(*sc.inputValue(computed[k]));
    auto partial = sc.shapesUsed;
    std::sort(partial.begin(), partial.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t k = 0; k < partial.size(); ++k)
        out += std::string(k ? ", " : " and with input tensors computed as partial shapes: ") + "input[" +
            std::to_string(partial[k].first) + "] = " + partial[k].second.str();
    return out + ".";
}

std::string pythonTypeName(DType d) {
    return std::string(tensor::dtypeName(d));
}

// `boundBy`: which input arg set the type attr (empty when the attr was given explicitly).
[[noreturn]] void typeMismatch(const OpInfo& op, const ArgDef& arg, size_t index, DType expected, DType got,
                               const std::string& boundBy) {
    throw InputTypeError("cannot compute " + op.name + " as input #" + std::to_string(index) +
                             "(zero-based) was expected to be a " + std::string(tensor::dtypeCppName(expected)) +
                             " tensor but is a " + std::string(tensor::dtypeCppName(got)) + " tensor",
                         "Input '" + arg.name + "' of '" + op.name + "' Op has type " + pythonTypeName(got) +
                             " that does not match " +
                             (boundBy.empty() ? "expected type of " + pythonTypeName(expected)
                                              : "type " + pythonTypeName(expected) + " of argument '" + boundBy + "'") +
                             ".");
}

// TF's OpKernel text for a type attr outside the OpDef's allowed list.
std::string notAllowedMessage(const OpInfo& op, const AttrDef& attr, DType got) {
    std::string names;
    for (int t : op.def->attr(op.attrIndex(attr.name)).allowed_values().list().type())
        names += (names.empty() ? "" : ", ") + std::string(tensor::dtypeCppName(static_cast<DType>(t)));
    return "Value for attr '" + attr.name + "' of " + std::string(tensor::dtypeCppName(got)) +
        " is not in the list of allowed values: " + names + "\n\t; NodeDef: {{node " + op.name + "}}; " + op.summary();
}

[[noreturn]] void notAllowed(const OpInfo& op, const ArgDef& arg, const AttrDef& attr, DType got) {
    std::string pythonNames;
    for (int t : op.def->attr(op.attrIndex(attr.name)).allowed_values().list().type())
        pythonNames += (pythonNames.empty() ? "" : ", ") + pythonTypeName(static_cast<DType>(t));
    throw InputTypeError(notAllowedMessage(op, attr, got),
                         "Value passed to parameter '" + arg.name + "' has DataType " + pythonTypeName(got) +
                             " not in list of allowed values: " + pythonNames);
}

// The dtype a type attr has for this call: inferred already, or explicit.
const DType* knownType(const ResolvedAttrs& ra, int attr) {
    if (const AttrValue* v = ra.inferred(attr)) return std::get_if<DType>(v);
    return nullptr;
}

// boundBy[attr]: the input arg that inferred the type attr, for graph construction's words.
void bindType(const OpInfo& op, ResolvedAttrs& ra, const AttrMap& attrs, const ArgDef& arg, size_t index, DType dt,
              std::vector<std::string>& boundBy) {
    if (arg.typeAttr < 0) {
        if (arg.fixedType != dt) typeMismatch(op, arg, index, arg.fixedType, dt, "");
        return;
    }
    const auto attrIndex = static_cast<size_t>(arg.typeAttr);
    if (const DType* known = knownType(ra, arg.typeAttr)) {
        if (*known != dt) typeMismatch(op, arg, index, *known, dt, boundBy[attrIndex]);
        return;
    }
    const AttrDef& attr = op.attrs[attrIndex];
    if (const AttrValue* v = attrs.find(attr.name))
        if (const DType* given = std::get_if<DType>(v); given && *given != dt)
            typeMismatch(op, arg, index, *given, dt, "");
    if (attr.hasAllowedTypes && !tensor::inMask(attr.allowedTypes, dt)) notAllowed(op, arg, attr, dt);
    ra.setInferred(arg.typeAttr, dt);
    if (!attrs.find(attr.name)) boundBy[attrIndex] = arg.name;
}

} // namespace

// Checks the inputs' dtypes against the OpDef and infers type, number and type-list attrs.
void bindInputs(const OpInfo& op, std::span<const DType> types, const AttrMap& attrs, ResolvedAttrs& ra) {
    const size_t numArgs = op.inputs.size();
    size_t singles = 0, lists = 0;
    for (const auto& a : op.inputs) (a.kind == ArgDef::Kind::Single ? singles : lists)++;
    std::vector<int64_t> listCounts;
    if (lists > 0) {
        listCounts.assign(numArgs, -1);
        int64_t remaining = static_cast<int64_t>(types.size()) - static_cast<int64_t>(singles);
        size_t unknown = 0;
        for (size_t i = 0; i < numArgs; ++i) {
            const ArgDef& a = op.inputs[i];
            if (a.kind == ArgDef::Kind::Single) continue;
            const int attr = a.kind == ArgDef::Kind::Number ? a.numberAttr : a.typeListAttr;
            const AttrValue* v = attrs.find(op.attrs[static_cast<size_t>(attr)].name);
            if (v && std::holds_alternative<int64_t>(*v)) listCounts[i] = std::get<int64_t>(*v);
            else if (v && std::holds_alternative<std::vector<DType>>(*v))
                listCounts[i] = static_cast<int64_t>(std::get<std::vector<DType>>(*v).size());
            if (listCounts[i] >= 0) remaining -= listCounts[i];
            else ++unknown;
        }
        for (size_t i = 0; i < numArgs && unknown > 0; ++i)
            if (op.inputs[i].kind != ArgDef::Kind::Single && listCounts[i] < 0)
                listCounts[i] = remaining / static_cast<int64_t>(unknown);
    }
    size_t expected = singles;
    for (int64_t c : listCounts) expected += static_cast<size_t>(std::max<int64_t>(c, 0));
    if (expected != types.size())
        throw InvalidArgumentError(op.name + " expects " + std::to_string(expected) + " inputs, got " +
                                   std::to_string(types.size()));
    size_t idx = 0;
    std::vector<std::string> boundBy(op.attrs.size());
    for (size_t i = 0; i < numArgs; ++i) {
        const ArgDef& a = op.inputs[i];
        switch (a.kind) {
        case ArgDef::Kind::Single:
            bindType(op, ra, attrs, a, idx, types[idx], boundBy);
            ++idx;
            break;
        case ArgDef::Kind::Number:
            for (int64_t j = 0; j < listCounts[i]; ++j, ++idx) bindType(op, ra, attrs, a, idx, types[idx], boundBy);
            ra.setInferred(a.numberAttr, listCounts[i]);
            break;
        case ArgDef::Kind::TypeList: {
            std::vector<DType> list(types.begin() + static_cast<std::ptrdiff_t>(idx),
                                    types.begin() + static_cast<std::ptrdiff_t>(idx) + listCounts[i]);
            idx += list.size();
            ra.setInferred(a.typeListAttr, std::move(list));
            break;
        }
        }
    }
    // Type attrs no input binds (DecodeRaw's out_type): the OpDef's allowed list still holds.
    for (size_t i = 0; i < op.attrs.size(); ++i) {
        const AttrDef& attr = op.attrs[i];
        if (attr.type != "type" || !attr.hasAllowedTypes || !boundBy[i].empty() || knownType(ra, int(i))) continue;
        const AttrValue* v = attrs.find(attr.name);
        const DType* given = v ? std::get_if<DType>(v) : nullptr;
        if (given && !tensor::inMask(attr.allowedTypes, *given))
            throw InvalidArgumentError(notAllowedMessage(op, attr, *given));
    }
}

namespace {

// The kernel name in eager error texts: the op's own name, as TF's plain Eigen CPU kernels show
// it, or the oneDNN kernel TF's eager rewrite puts in its place for float32/bfloat16 (the corpus
// is recorded with TF_ENABLE_ONEDNN_OPTS=0, the guides with oneDNN on).
std::string_view kernelLabel(const OpInfo& op, const ResolvedAttrs& ra) {
    static const std::pair<std::string_view, std::string_view> kRewrites[] = {
        { "MatMul", "__MklMatMul" },
        { "BatchMatMulV2", "__MklBatchMatMulV2" },
        { "Conv2D", "__MklNativeConv2D" },
        { "Einsum", "__MklEinsum" },
    };
    for (const auto& [name, mkl] : kRewrites) {
        if (op.name != name) continue;
        const AttrValue* t = ra.find("T");
        const auto* dt = t ? std::get_if<DType>(t) : nullptr;
        if (dt && (*dt == DType::Float32 || *dt == DType::BFloat16) && onednnEnabled()) return mkl;
        break;
    }
    return op.name;
}

[[noreturn]] void rethrowFromKernel(const OpError& e, const OpInfo& op, const ResolvedAttrs& ra, const Device& dev) {
    std::string fn = "__wrapped__" + std::string(kernelLabel(op, ra));
    // TF names the wrapping function after the op's number attrs (inputs' and outputs').
    // (and the lengths of type-list attrs: "__wrapped__StringFormat_T_1").
    std::vector<int> numberAttrs;
    for (const auto* args : { &op.inputs, &op.outputs })
        for (const auto& arg : *args)
            for (int attr : { arg.numberAttr, arg.typeListAttr })
                if (attr >= 0 && std::find(numberAttrs.begin(), numberAttrs.end(), attr) == numberAttrs.end())
                    numberAttrs.push_back(attr);
    for (int attr : numberAttrs)
        if (const AttrValue* n = ra.find(op.attrs[static_cast<size_t>(attr)].name)) {
            if (const auto* v = std::get_if<int64_t>(n))
                fn += "_" + op.attrs[static_cast<size_t>(attr)].name + "_" + std::to_string(*v);
            if (const auto* l = std::get_if<std::vector<DType>>(n))
                fn += "_" + op.attrs[static_cast<size_t>(attr)].name + "_" + std::to_string(l->size());
        }
    tensor::throwOpError(e.code(),
                         "{{function_node " + fn + "_device_" + dev.name() + "}} " + e.message() + opSuffix(op));
}

const KernelEntry* selectKernel(const OpInfo& op, const ResolvedAttrs& ra, const Device& dev, DType* typeOut) {
    for (const auto& k : op.kernels) {
        if (k.deviceType != dev.typeIndex()) continue;
        if (k.typeAttr < 0) return &k;
        const AttrValue* v = ra.inferred(k.typeAttr);
        if (!v) v = ra.find(op.attrs[static_cast<size_t>(k.typeAttr)].name);
        const DType* dt = v ? std::get_if<DType>(v) : nullptr;
        if (dt && tensor::inMask(k.types, *dt)) {
            *typeOut = *dt;
            return &k;
        }
    }
    return nullptr;
}

[[noreturn]] void noKernel(const OpInfo& op, const ResolvedAttrs& ra, const Device& dev) {
    std::string attrs;
    for (int a : op.inferredAttrs)
        if (const AttrValue* v = ra.inferred(a))
            attrs += (attrs.empty() ? "" : ", ") + op.attrs[static_cast<size_t>(a)].name + "=" + attrToString(*v);
    std::string msg = "Could not find device for node: {{node " + op.name + "}} = " + op.name + "[" + attrs +
        "]\nAll kernels registered for op " + op.name + ":\n";
    for (const auto& k : op.kernels) {
        msg += "  device='" + dev.type() + "'";
        if (k.typeAttr >= 0) {
            std::string list;
            for (int t = 0; t < 64; ++t)
                if (tensor::inMask(k.types, static_cast<DType>(t)))
                    list += (list.empty() ? "" : ", ") + attrToString(AttrValue(static_cast<DType>(t)));
            msg += "; " + op.attrs[static_cast<size_t>(k.typeAttr)].name + " in [" + list + "]";
        }
        msg += "\n";
    }
    if (op.kernels.empty()) msg += "  <no registered kernels>\n";
    throw tensor::NotFoundError(msg);
}

void verifyShapes(const OpInfo& op, std::span<const Tensor> inputs, const ResolvedAttrs& ra,
                  const std::vector<Tensor>& outputs) {
    if (!op.shapeFn) return;
    std::vector<PartialShape> shapes;
    std::vector<DType> types;
    std::vector<const Tensor*> values;
    for (const auto& t : inputs) {
        shapes.emplace_back(t.shape());
        types.push_back(t.dtype());
        values.push_back(&t);
    }
    ShapeContext sc(op, shapes, types, values, ra);
    op.shapeFn(sc);
    if (sc.outputs.size() != outputs.size())
        throw tensor::InternalError("shape function of " + op.name + " gave " + std::to_string(sc.outputs.size()) +
                                    " outputs, kernel " + std::to_string(outputs.size()));
    for (size_t i = 0; i < outputs.size(); ++i)
        if (!sc.outputs[i].isCompatibleWith(outputs[i].shape()))
            throw tensor::InternalError("shape function of " + op.name + " gave " + sc.outputs[i].debugString() +
                                        " for output " + std::to_string(i) + ", kernel " +
                                        outputs[i].shape().debugString());
}

Tensor castTensor(const Tensor& t, DType to) {
    static const OpHandle cast = lookupOp("Cast");
    return execute(cast, { t }, { { "DstT", to } })[0];
}

std::vector<Tensor> runViaFloat(const OpInfo& op, const KernelEntry& k, std::span<const Tensor> inputs,
                                const ResolvedAttrs& ra, DType low, Device* dev) {
    std::vector<Tensor> promoted;
    for (const auto& t : inputs) promoted.push_back(t.dtype() == low ? castTensor(t, DType::Float32) : t);
    ResolvedAttrs fa = ra;
    fa.setInferred(k.typeAttr, DType::Float32);
    KernelContext ctx(op, promoted, fa, dev);
    k.fn(ctx);
    for (auto& out : ctx.outputs())
        if (out.dtype() == DType::Float32) out = castTensor(out, low);
    return std::move(ctx.outputs());
}

} // namespace

void setVerifyShapeFunctions(bool on) {
    g_verifyShapes.store(on);
}

std::vector<Tensor> execute(OpHandle op, std::span<const Tensor> inputs, const AttrMap& attrs, Device* device) {
    if (!device) device = tensor::cpuDevice();
    ResolvedAttrs ra(*op, attrs);
    DType inlineTypes[8];
    std::vector<DType> heapTypes;
    std::span<const DType> types;
    if (inputs.size() <= 8) {
        for (size_t i = 0; i < inputs.size(); ++i) inlineTypes[i] = inputs[i].dtype();
        types = std::span<const DType>(inlineTypes, inputs.size());
    } else {
        for (const auto& t : inputs) heapTypes.push_back(t.dtype());
        types = heapTypes;
    }
    const KernelEntry* kernel = nullptr;
    DType kernelType = DType::Invalid;
    try {
        bindInputs(*op, types, attrs, ra);
        kernel = selectKernel(*op, ra, *device, &kernelType);
        if (!kernel) noKernel(*op, ra, *device);
    } catch (const OpError& e) {
        tensor::throwOpError(e.code(), e.message() + opSuffix(*op));
    }
    std::vector<Tensor> outputs;
    const util::ScopedFlushDenormals flush; // as TF runs its CPU kernels
    try {
        if (kernel->lowPrecisionViaFloat && (kernelType == DType::Float16 || kernelType == DType::BFloat16)) {
            outputs = runViaFloat(*op, *kernel, inputs, ra, kernelType, device);
        } else {
            KernelContext ctx(*op, inputs, ra, device);
            kernel->fn(ctx);
            outputs = std::move(ctx.outputs());
        }
    } catch (const OpError& e) {
        rethrowFromKernel(e, *op, ra, *device);
    }
    if (g_verifyShapes.load(std::memory_order_relaxed)) verifyShapes(*op, inputs, ra, outputs);
    return outputs;
}

std::vector<Tensor> execute(std::string_view op, std::span<const Tensor> inputs, const AttrMap& attrs, Device* device) {
    return execute(lookupOp(op), inputs, attrs, device);
}

InferredOutputs inferOutputs(OpHandle op, std::span<const PartialShape> shapes, std::span<const DType> types,
                             std::span<const Tensor* const> values, const AttrMap& attrs, const NodeForErrors* node) {
    ResolvedAttrs ra(*op, attrs);
    InferredOutputs out;
    try {
        bindInputs(*op, types, attrs, ra);
        for (const auto& arg : op->outputs) {
            auto typeOf = [&]() -> DType {
                if (arg.typeAttr < 0) return arg.fixedType;
                return ra.getType(op->attrs[static_cast<size_t>(arg.typeAttr)].name);
            };
            if (arg.kind == ArgDef::Kind::Single) out.types.push_back(typeOf());
            else if (arg.kind == ArgDef::Kind::Number) {
                const int64_t n = ra.getInt(op->attrs[static_cast<size_t>(arg.numberAttr)].name);
                for (int64_t i = 0; i < n; ++i) out.types.push_back(typeOf());
            } else {
                for (DType t : ra.get<std::vector<DType>>(op->attrs[static_cast<size_t>(arg.typeListAttr)].name))
                    out.types.push_back(t);
            }
        }
    } catch (const OpError& e) {
        tensor::throwOpError(e.code(), e.message() + opSuffix(*op));
    }
    if (op->shapeFn) {
        ShapeContext sc(*op, shapes, types, values, ra);
        try {
            op->shapeFn(sc);
        } catch (const OpError& e) {
            tensor::throwOpError(e.code(),
                                 e.message() + (node ? nodeErrorContext(*op, *node, ra, shapes, sc) : opSuffix(*op)));
        }
        out.shapes = std::move(sc.outputs);
    } else if (op->name.ends_with("Dataset")) {
        // tf.data's ops (no kernel here: the executor runs them): a dataset is a scalar variant, and
        // the ops whose outputs are elements (ReduceDataset) declare their shapes in output_shapes
        const auto* declared = ra.find("output_shapes");
        const auto* list = declared ? std::get_if<std::vector<PartialShape>>(declared) : nullptr;
        for (size_t i = 0; i < out.types.size(); ++i)
            out.shapes.push_back(out.types[i] == tensor::DType::Variant ? PartialShape(std::vector<int64_t>{})
                                     : list && i < list->size()         ? (*list)[i]
                                                                        : PartialShape::unknown());
    }
    out.shapes.resize(out.types.size());
    return out;
}

} // namespace graphlens::ops
