#include "core/ops/proto_values.h"

#include <cstring>

#include "core/graph/io/tensor_value.h"
#include "core/tensor/errors.h"
#include "core/util/error.h"

namespace graphlens::ops {

using ops::AttrValue;
using tensor::DType;
using tensor::PartialShape;
using tensor::Tensor;
using tensor::TensorShape;

namespace {

PartialShape shapeFromProto(const tensorflow::TensorShapeProto& p) {
    if (p.unknown_rank()) return PartialShape::unknown();
    std::vector<int64_t> dims;
    dims.reserve(static_cast<size_t>(p.dim_size()));
    for (const auto& d : p.dim()) dims.push_back(d.size() < 0 ? -1 : d.size());
    return PartialShape(std::move(dims));
}

AttrValue listFromProto(const tensorflow::AttrValue::ListValue& l, std::string_view type) {
    // Without a declared type, the one non-empty field says what the list holds.
    if (type.empty()) {
        if (l.i_size()) type = "list(int)";
        else if (l.f_size()) type = "list(float)";
        else if (l.b_size()) type = "list(bool)";
        else if (l.s_size()) type = "list(string)";
        else if (l.type_size()) type = "list(type)";
        else if (l.shape_size()) type = "list(shape)";
    }
    if (type == "list(int)") return std::vector<int64_t>(l.i().begin(), l.i().end());
    if (type == "list(float)") return std::vector<float>(l.f().begin(), l.f().end());
    if (type == "list(bool)") return std::vector<bool>(l.b().begin(), l.b().end());
    if (type == "list(string)") return std::vector<std::string>(l.s().begin(), l.s().end());
    if (type == "list(type)") {
        std::vector<DType> out;
        out.reserve(static_cast<size_t>(l.type_size()));
        for (int t : l.type()) out.push_back(static_cast<DType>(t));
        return out;
    }
    if (type == "list(shape)") {
        std::vector<PartialShape> out;
        out.reserve(static_cast<size_t>(l.shape_size()));
        for (const auto& s : l.shape()) out.push_back(shapeFromProto(s));
        return out;
    }
    // list(tensor) and list(func) have no ops::AttrValue form; no kernel reads them.
    return std::monostate{};
}

} // namespace

AttrValue attrFromProto(const tensorflow::AttrValue& value, std::string_view opDefType) {
    using P = tensorflow::AttrValue;
    switch (value.value_case()) {
    case P::kS:
        return value.s();
    case P::kI:
        return value.i();
    case P::kF:
        return value.f();
    case P::kB:
        return value.b();
    case P::kType:
        return static_cast<DType>(value.type());
    case P::kShape:
        return shapeFromProto(value.shape());
    case P::kTensor:
        return tensorFromProto(value.tensor(), "attr");
    case P::kFunc:
        return ops::FuncAttr{ value.func().name() };
    case P::kList:
        return listFromProto(value.list(), opDefType);
    default:
        return std::monostate{};
    }
}

Tensor tensorFromProto(const tensorflow::TensorProto& proto, const std::string& where) {
    io::TensorValue v;
    try {
        v = io::tensorFromProto(proto, "graph", where, int64_t{ 1 } << 40);
    } catch (const FormatError& e) {
        throw tensor::InvalidArgumentError(where + ": " + e.message());
    }
    return tensorFromValue(v, where);
}

Tensor tensorFromValue(const io::TensorValue& v, const std::string& where) {
    if (!v.hasValues())
        throw tensor::UnimplementedError(where + ": cannot decode a tensor of dtype " + io::dtypeName(v.dtype) +
                                         (v.note.empty() ? "" : " (" + v.note + ")"));
    const auto dtype = static_cast<DType>(io::baseDtype(v.dtype));
    Tensor t(dtype, TensorShape(v.shape));
    if (dtype == DType::String) {
        auto out = t.flat<std::string>();
        for (size_t i = 0; i < out.size() && i < v.strings.size(); ++i) out[i] = v.strings[i];
        return t;
    }
    const size_t bytes = t.totalBytes();
    if (v.data.size() != bytes || tensor::dtypeSize(dtype) != io::dtypeSize(v.dtype))
        throw tensor::UnimplementedError(where + ": a tensor of dtype " + io::dtypeName(v.dtype) +
                                         " has an element layout GraphLens does not read");
    if (bytes) std::memcpy(t.rawData(), v.data.data(), bytes);
    return t;
}

void tensorToProtoContent(const tensor::Tensor& value, tensorflow::TensorProto* out) {
    out->Clear();
    out->set_dtype(static_cast<tensorflow::DataType>(value.dtype()));
    auto* shape = out->mutable_tensor_shape();
    for (int64_t d : value.shape().dims()) shape->add_dim()->set_size(d);
    if (value.dtype() == tensor::DType::String) {
        for (const auto& s : value.flat<std::string>()) out->add_string_val(s);
        return;
    }
    if (tensor::isObjectDType(value.dtype())) return;
    if (value.totalBytes())
        out->set_tensor_content(std::string(static_cast<const char*>(value.rawData()), value.totalBytes()));
}

} // namespace graphlens::ops
