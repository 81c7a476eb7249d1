#pragma once
// Readable text for attribute values, as a TensorFlow user would write them: dtypes as float32,
// shapes as [?,784], tensors summarised with their first values, lists bracketed and capped.
#include <QString>
#include <QStringList>

#include "core/proto/attr_value.pb.h"
#include "core/proto/tensor.pb.h"

namespace graphlens::views {

QString formatAttrValue(const tensorflow::AttrValue& value);
// One line per element for list values (used as child rows); empty for non-lists.
QStringList formatListElements(const tensorflow::AttrValue& value, int maxElements = 1000);
// "float32 [3,3,32,64] · 18,432 values = [0.1, -0.2, …]"
QString summariseTensor(const tensorflow::TensorProto& tensor, int maxShown = 6);
// Bytes as text when printable UTF-8, else a Python bytes literal; truncated to `maxChars`.
QString readableBytes(const std::string& bytes, int maxChars = 240);

} // namespace graphlens::views
