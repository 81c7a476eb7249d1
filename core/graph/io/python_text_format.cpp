#include "core/graph/io/python_text_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/message.h>
#include <vector>

namespace graphlens::graph::io {

namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

std::string escapeBytes(const std::string& s) {
    std::string out;
    for (unsigned char c : s) {
        switch (c) {
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '"':
            out += "\\\"";
            break;
        case '\'':
            out += "\\'";
            break;
        case '\\':
            out += "\\\\";
            break;
        default:
            if (c < 0x20 || c >= 0x7F) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\%03o", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    return out;
}

std::string nonFinite(double v) {
    if (std::isnan(v)) return "nan";
    return v < 0 ? "-inf" : "inf";
}

std::string floatText(float v) {
    if (!std::isfinite(v)) return nonFinite(v);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", static_cast<double>(v));
    if (std::strtof(buf, nullptr) != v) std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
    return buf;
}

std::string doubleText(double v) {
    if (!std::isfinite(v)) return nonFinite(v);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    if (std::strtod(buf, nullptr) != v) std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

void printMessage(const Message& m, int indent, std::string& out);

std::string scalarText(const Message& m, const FieldDescriptor* f, int index) {
    const Reflection* r = m.GetReflection();
    const bool rep = f->is_repeated();
    switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32:
        return std::to_string(rep ? r->GetRepeatedInt32(m, f, index) : r->GetInt32(m, f));
    case FieldDescriptor::CPPTYPE_INT64:
        return std::to_string(rep ? r->GetRepeatedInt64(m, f, index) : r->GetInt64(m, f));
    case FieldDescriptor::CPPTYPE_UINT32:
        return std::to_string(rep ? r->GetRepeatedUInt32(m, f, index) : r->GetUInt32(m, f));
    case FieldDescriptor::CPPTYPE_UINT64:
        return std::to_string(rep ? r->GetRepeatedUInt64(m, f, index) : r->GetUInt64(m, f));
    case FieldDescriptor::CPPTYPE_FLOAT:
        return floatText(rep ? r->GetRepeatedFloat(m, f, index) : r->GetFloat(m, f));
    case FieldDescriptor::CPPTYPE_DOUBLE:
        return doubleText(rep ? r->GetRepeatedDouble(m, f, index) : r->GetDouble(m, f));
    case FieldDescriptor::CPPTYPE_BOOL:
        return (rep ? r->GetRepeatedBool(m, f, index) : r->GetBool(m, f)) ? "true" : "false";
    case FieldDescriptor::CPPTYPE_ENUM: {
        const int v = rep ? r->GetRepeatedEnumValue(m, f, index) : r->GetEnumValue(m, f);
        const auto* e = f->enum_type()->FindValueByNumber(v);
        return e ? e->name() : std::to_string(v);
    }
    case FieldDescriptor::CPPTYPE_STRING:
        return "\"" + escapeBytes(rep ? r->GetRepeatedString(m, f, index) : r->GetString(m, f)) + "\"";
    case FieldDescriptor::CPPTYPE_MESSAGE:
        break;
    }
    return {};
}

void printField(const Message& m, const FieldDescriptor* f, int index, int indent, std::string& out) {
    const std::string pad(static_cast<size_t>(indent), ' ');
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
        const Reflection* r = m.GetReflection();
        const Message& sub = f->is_repeated() ? r->GetRepeatedMessage(m, f, index) : r->GetMessage(m, f);
        out += pad + f->name() + " {\n";
        printMessage(sub, indent + 2, out);
        out += pad + "}\n";
        return;
    }
    out += pad + f->name() + ": " + scalarText(m, f, index) + "\n";
}

// upb's map sort: string keys by their bytes, descending, a key before longer keys it begins;
// other keys ascending.
std::vector<int> mapOrder(const Message& m, const FieldDescriptor* f) {
    const Reflection* r = m.GetReflection();
    const int n = r->FieldSize(m, f);
    std::vector<int> order(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
    const FieldDescriptor* key = f->message_type()->map_key();
    auto keyOf = [&](int i) -> const Message& { return r->GetRepeatedMessage(m, f, i); };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const Message& ka = keyOf(a);
        const Message& kb = keyOf(b);
        const Reflection* kr = ka.GetReflection();
        switch (key->cpp_type()) {
        case FieldDescriptor::CPPTYPE_STRING: {
            const std::string sa = kr->GetString(ka, key), sb = kr->GetString(kb, key);
            const size_t common = std::min(sa.size(), sb.size());
            const int cmp = std::memcmp(sa.data(), sb.data(), common);
            if (cmp != 0) return cmp > 0;
            return sa.size() < sb.size();
        }
        case FieldDescriptor::CPPTYPE_INT32:
            return kr->GetInt32(ka, key) < kr->GetInt32(kb, key);
        case FieldDescriptor::CPPTYPE_INT64:
            return kr->GetInt64(ka, key) < kr->GetInt64(kb, key);
        case FieldDescriptor::CPPTYPE_UINT32:
            return kr->GetUInt32(ka, key) < kr->GetUInt32(kb, key);
        case FieldDescriptor::CPPTYPE_UINT64:
            return kr->GetUInt64(ka, key) < kr->GetUInt64(kb, key);
        case FieldDescriptor::CPPTYPE_BOOL:
            return kr->GetBool(ka, key) < kr->GetBool(kb, key);
        default:
            return false;
        }
    });
    return order;
}

void printMessage(const Message& m, int indent, std::string& out) {
    const Reflection* r = m.GetReflection();
    std::vector<const FieldDescriptor*> fields;
    if (m.GetDescriptor()->options().map_entry()) {
        // a map entry prints its key and value even when they are defaults
        fields = { m.GetDescriptor()->field(0), m.GetDescriptor()->field(1) };
        for (const FieldDescriptor* f : fields) printField(m, f, 0, indent, out);
        return;
    }
    r->ListFields(m, &fields); // in field-number order
    for (const FieldDescriptor* f : fields) {
        if (f->is_map()) {
            for (int i : mapOrder(m, f)) printField(m, f, i, indent, out);
        } else if (f->is_repeated()) {
            for (int i = 0; i < r->FieldSize(m, f); ++i) printField(m, f, i, indent, out);
        } else {
            printField(m, f, 0, indent, out);
        }
    }
}

} // namespace

std::string pythonTextFormat(const Message& message) {
    std::string out;
    printMessage(message, 0, out);
    return out;
}

} // namespace graphlens::graph::io
