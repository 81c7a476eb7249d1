#include "core/ops/registry.h"

#include <mutex>
#include <unordered_map>

#include "core/graph/op_registry.h"
#include "core/ops/kernel_util.h"
#include "core/ops/proto_values.h"
#include "core/proto/op_def.pb.h"

namespace graphlens::ops {

namespace {

std::string upperTypeName(DType dt) {
    return attrToString(AttrValue(dt));
}

struct Registry {
    std::mutex mutex;
    std::unordered_map<std::string, std::unique_ptr<OpInfo>> ops;
    bool populating = false;
};

Registry& registry() {
    static Registry r;
    return r;
}

std::unique_ptr<OpInfo> buildOpInfo(const tensorflow::OpDef& def) {
    auto op = std::make_unique<OpInfo>();
    op->name = def.name();
    op->def = &def;
    op->stateful = def.is_stateful();
    for (const auto& a : def.attr()) {
        AttrDef ad;
        ad.name = a.name();
        ad.type = a.type();
        if (a.has_default_value()) ad.defaultValue = attrFromProto(a.default_value(), a.type());
        if (a.has_allowed_values()) {
            const auto& l = a.allowed_values().list();
            if (a.type() == "type" || a.type() == "list(type)") {
                ad.hasAllowedTypes = true;
                for (int t : l.type())
                    if (t < 64) ad.allowedTypes |= tensor::maskOf(static_cast<DType>(t));
            }
            for (const auto& s : l.s()) ad.allowedStrings.push_back(s);
        }
        op->attrs.push_back(std::move(ad));
    }
    auto convertArgs = [&](const auto& args, std::vector<ArgDef>& out) {
        for (const auto& a : args) {
            ArgDef arg;
            arg.name = a.name();
            arg.fixedType = static_cast<DType>(a.type());
            if (!a.type_attr().empty()) arg.typeAttr = op->attrIndex(a.type_attr());
            if (!a.number_attr().empty()) {
                arg.kind = ArgDef::Kind::Number;
                arg.numberAttr = op->attrIndex(a.number_attr());
            }
            if (!a.type_list_attr().empty()) {
                arg.kind = ArgDef::Kind::TypeList;
                arg.typeListAttr = op->attrIndex(a.type_list_attr());
            }
            out.push_back(std::move(arg));
        }
    };
    convertArgs(def.input_arg(), op->inputs);
    convertArgs(def.output_arg(), op->outputs);
    for (const auto& in : op->inputs)
        for (int attr : { in.typeAttr, in.numberAttr, in.typeListAttr })
            if (attr >= 0 &&
                std::find(op->inferredAttrs.begin(), op->inferredAttrs.end(), attr) == op->inferredAttrs.end())
                op->inferredAttrs.push_back(attr);
    return op;
}

void populate() {
    // Explicit calls rather than static registrars: a static library drops unreferenced objects.
    registerMathKernels();
    registerUnaryKernels();
    registerCastKernels();
    registerMatMulKernels();
    registerReduceKernels();
    registerArrayKernels();
    registerPadKernels();
    registerSelectKernels();
    registerLinalgKernels();
    registerDepthwiseKernels();
    registerShapeOpKernels();
    registerSliceKernels();
    registerNnKernels();
    registerConvKernels();
    registerPoolKernels();
    registerBatchNormKernels();
    registerMathGradients();
    registerNnGradients();
    registerArrayGradients();
    registerStateKernels();
    registerRandomKernels();
    registerImageKernels();
    registerListKernels();
    registerStringKernels();
    registerStringTextKernels();
    registerSparseKernels();
    registerStateGradients();
    registerFusedKernels();
    registerFusedElementwiseKernels();
    registerComplexKernels();
    registerEinsumKernels();
}

OpInfo* findOrCreateLocked(Registry& r, std::string_view name) {
    auto it = r.ops.find(std::string(name));
    if (it != r.ops.end()) return it->second.get();
    const auto* def = graph::OpRegistry::builtin().find(std::string(name));
    if (!def) return nullptr;
    auto op = buildOpInfo(*def);
    auto* raw = op.get();
    r.ops.emplace(std::string(name), std::move(op));
    return raw;
}

void ensurePopulated() {
    static std::once_flag once;
    std::call_once(once, [] {
        registry().populating = true;
        populate();
        registry().populating = false;
    });
}

} // namespace

int OpInfo::attrIndex(std::string_view attr) const {
    for (size_t i = 0; i < attrs.size(); ++i)
        if (attrs[i].name == attr) return static_cast<int>(i);
    return -1;
}

std::string OpInfo::summary() const {
    auto argText = [&](const ArgDef& a) {
        std::string t = a.name + ":";
        if (a.numberAttr >= 0) t += attrs[static_cast<size_t>(a.numberAttr)].name + "*";
        if (a.typeListAttr >= 0) t += attrs[static_cast<size_t>(a.typeListAttr)].name;
        else if (a.typeAttr >= 0) t += attrs[static_cast<size_t>(a.typeAttr)].name;
        else t += std::string(tensor::dtypeCppName(a.fixedType));
        return t;
    };
    std::string out = "Op<name=" + name + "; signature=";
    for (size_t i = 0; i < inputs.size(); ++i) out += (i ? ", " : "") + argText(inputs[i]);
    out += " -> ";
    for (size_t i = 0; i < outputs.size(); ++i) out += (i ? ", " : "") + argText(outputs[i]);
    for (const auto& a : attrs) {
        out += "; attr=" + a.name + ":" + a.type;
        if (!std::holds_alternative<std::monostate>(a.defaultValue)) out += ",default=" + attrToString(a.defaultValue);
        if (a.hasAllowedTypes) {
            std::string list;
            for (int t : def->attr(attrIndex(a.name)).allowed_values().list().type())
                list += (list.empty() ? "" : ", ") + upperTypeName(static_cast<DType>(t));
            out += ",allowed=[" + list + "]";
        } else if (!a.allowedStrings.empty()) {
            std::string list;
            for (const auto& s : a.allowedStrings) list += (list.empty() ? "\"" : ", \"") + s + "\"";
            out += ",allowed=[" + list + "]";
        }
        const auto& pa = def->attr(attrIndex(a.name));
        if (pa.has_minimum()) out += ",min=" + std::to_string(pa.minimum());
    }
    if (def->is_commutative()) out += "; is_commutative=true";
    if (def->is_aggregate()) out += "; is_aggregate=true";
    if (def->is_stateful()) out += "; is_stateful=true";
    if (def->allows_uninitialized_input()) out += "; allows_uninitialized_input=true";
    return out + ">";
}

OpHandle findOp(std::string_view name) {
    ensurePopulated();
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    return findOrCreateLocked(r, name);
}

OpHandle lookupOp(std::string_view name) {
    OpHandle op = findOp(name);
    if (!op)
        throw tensor::NotFoundError("Op type not registered '" + std::string(name) +
                                    "' in binary running on localhost. Make sure the Op and Kernel are registered "
                                    "in the binary running in this process.");
    return op;
}

OpBuilder defineOp(std::string_view name) {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    OpInfo* op = findOrCreateLocked(r, name);
    if (!op) throw tensor::InternalError("defineOp: TensorFlow defines no op '" + std::string(name) + "'");
    return OpBuilder(*op);
}

std::vector<std::string> opsWithKernels(std::string_view deviceType) {
    ensurePopulated();
    const int type = Device::typeIndexOf(deviceType);
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    std::vector<std::string> out;
    for (const auto& [name, op] : r.ops)
        for (const auto& k : op->kernels)
            if (k.deviceType == type) {
                out.push_back(name);
                break;
            }
    std::sort(out.begin(), out.end());
    return out;
}

OpBuilder& OpBuilder::kernel(KernelFn fn, DTypeMask types, std::string_view typeAttr, std::string_view device) {
    KernelEntry k;
    k.deviceType = Device::typeIndexOf(device);
    k.typeAttr = typeAttr.empty() ? -1 : m_op.attrIndex(typeAttr);
    if (!typeAttr.empty() && k.typeAttr < 0)
        throw tensor::InternalError("kernel for " + m_op.name + ": no attr " + std::string(typeAttr));
    k.types = types;
    k.fn = fn;
    m_op.kernels.push_back(k);
    return *this;
}

OpBuilder& OpBuilder::viaFloat() {
    m_op.kernels.back().lowPrecisionViaFloat = true;
    m_op.kernels.back().types |= tensor::maskOf(DType::Float16, DType::BFloat16);
    return *this;
}

OpBuilder& OpBuilder::shape(ShapeFn fn) {
    m_op.shapeFn = fn;
    return *this;
}

OpBuilder& OpBuilder::grad(GradFn fn) {
    m_op.gradFn = fn;
    return *this;
}

OpBuilder& OpBuilder::notDifferentiable() {
    m_op.notDifferentiable = true;
    return *this;
}

const AttrValue* ResolvedAttrs::find(std::string_view name) const {
    if (const AttrValue* v = m_explicit->find(name)) return v;
    for (int i = 0; i < m_numInferred; ++i) {
        const auto& [attr, value] = m_inferred[static_cast<size_t>(i)];
        if (m_op->attrs[static_cast<size_t>(attr)].name == name) return &value;
    }
    const int idx = m_op->attrIndex(name);
    if (idx >= 0) {
        const AttrValue& d = m_op->attrs[static_cast<size_t>(idx)].defaultValue;
        if (!std::holds_alternative<std::monostate>(d)) return &d;
    }
    return nullptr;
}

void ResolvedAttrs::setInferred(int attr, AttrValue value) {
    for (int i = 0; i < m_numInferred; ++i)
        if (m_inferred[static_cast<size_t>(i)].first == attr) {
            m_inferred[static_cast<size_t>(i)].second = std::move(value);
            return;
        }
    if (m_numInferred == kMaxInferred) throw tensor::InternalError("too many inferred attrs for " + m_op->name);
    m_inferred[static_cast<size_t>(m_numInferred++)] = { attr, std::move(value) };
}

const AttrValue* ResolvedAttrs::inferred(int attr) const {
    for (int i = 0; i < m_numInferred; ++i)
        if (m_inferred[static_cast<size_t>(i)].first == attr) return &m_inferred[static_cast<size_t>(i)].second;
    return nullptr;
}

AttrMap ResolvedAttrs::all() const {
    AttrMap out;
    for (const auto& a : m_op->attrs)
        if (const AttrValue* v = find(a.name)) out.set(a.name, *v);
    for (const auto& [n, v] : *m_explicit)
        if (!out.find(n)) out.set(n, v);
    return out;
}

OutputBufferSource*& threadOutputBufferSource() {
    thread_local OutputBufferSource* source = nullptr;
    return source;
}

void ResolvedAttrs::missing(std::string_view name) const {
    throw tensor::InvalidArgumentError("NodeDef missing attr '" + std::string(name) + "' from " + m_op->summary());
}

PartialShape ShapeContext::shapeFromInput(int i) const {
    const PartialShape& s = inputShape(i);
    if (s.rank() > 1)
        throw tensor::InvalidArgumentError("Shape must be rank 1 but is rank " + std::to_string(s.rank()));
    PartialShape out = PartialShape::unknown();
    const Tensor* v = static_cast<size_t>(i) < m_values.size() ? m_values[static_cast<size_t>(i)] : nullptr;
    if (v) out = PartialShape(v->toInt64Vector());
    else if (s.rank() == 1 && s.dim(0) >= 0) out = PartialShape::unknownOfRank(static_cast<int>(s.dim(0)));
    else if (s.rank() == 0) out = PartialShape::unknown(); // a scalar shape tensor (-1): unknown rank
    for (const auto& [u, shape] : shapesUsed)
        if (u == i) return out;
    shapesUsed.emplace_back(i, out);
    return out;
}

} // namespace graphlens::ops
