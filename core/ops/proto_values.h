#pragma once
// NodeDef values as the op registry takes them: tensorflow::AttrValue -> ops::AttrValue and
// TensorProto -> Tensor. Used once per node when a graph is compiled, never per run.
#include <string>
#include <string_view>

#include "core/ops/attr.h"
#include "core/proto/attr_value.pb.h"
#include "core/proto/tensor.pb.h"

namespace graphlens::io {
struct TensorValue;
}

namespace graphlens::ops {

// `opDefType` is the OpDef's attr type ("list(int)", "func", ...); it decides what an empty list
// is. Empty for attrs the OpDef does not declare: the list kind is then taken from its contents.
ops::AttrValue attrFromProto(const tensorflow::AttrValue& value, std::string_view opDefType);

// Decodes a Const's tensor (TensorProto rules: tensor_content, or typed values with the last
// repeated). Throws InvalidArgumentError for what it cannot decode; `where` names the node.
tensor::Tensor tensorFromProto(const tensorflow::TensorProto& proto, const std::string& where);
// TF's Tensor::AsProtoTensorContent: dtype, shape and the raw bytes (strings as string_val).
void tensorToProtoContent(const tensor::Tensor& value, tensorflow::TensorProto* out);
// The same from a value already read (a checkpoint entry).
tensor::Tensor tensorFromValue(const io::TensorValue& value, const std::string& where);

} // namespace graphlens::ops
