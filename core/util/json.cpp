#include "core/util/json.h"

#include <cmath>
#include <cstdio>

#include "core/util/utf8.h"

namespace graphlens {

std::string JsonWriter::escape(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    for (size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x80) {
            // Names in TensorFlow files are bytes: a byte that does not belong to well-formed UTF-8
            // becomes U+FFFD, written as the escape, so the output is always valid JSON and valid UTF-8.
            const size_t length = utf8SequenceLength(text, i);
            if (length == 0) {
                out += "\\ufffd";
            } else {
                out.append(text.substr(i, length));
                i += length - 1;
            }
            continue;
        }
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20 || c == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += ch;
            }
        }
    }
    out += '"';
    return out;
}

void JsonWriter::newline() {
    m_out += '\n';
    m_out.append(m_stack.size() * static_cast<size_t>(m_indent), ' ');
}

void JsonWriter::beforeValue() {
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_stack.empty()) return;
    if (!m_stack.back().empty) m_out += ',';
    m_stack.back().empty = false;
    newline();
}

JsonWriter& JsonWriter::beginObject() {
    beforeValue();
    m_out += '{';
    m_stack.push_back({ false, true });
    return *this;
}

JsonWriter& JsonWriter::endObject() {
    const bool empty = m_stack.back().empty;
    m_stack.pop_back();
    if (!empty) newline();
    m_out += '}';
    if (m_stack.empty()) m_out += '\n';
    return *this;
}

JsonWriter& JsonWriter::beginArray() {
    beforeValue();
    m_out += '[';
    m_stack.push_back({ true, true });
    return *this;
}

JsonWriter& JsonWriter::endArray() {
    const bool empty = m_stack.back().empty;
    m_stack.pop_back();
    if (!empty) newline();
    m_out += ']';
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    beforeValue();
    m_out += escape(name);
    m_out += ": ";
    m_afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
    beforeValue();
    m_out += escape(text);
    return *this;
}

JsonWriter& JsonWriter::value(int64_t number) {
    beforeValue();
    m_out += std::to_string(number);
    return *this;
}

JsonWriter& JsonWriter::value(uint64_t number) {
    beforeValue();
    m_out += std::to_string(number);
    return *this;
}

JsonWriter& JsonWriter::value(double number) {
    beforeValue();
    if (!std::isfinite(number)) {
        m_out += "null";
        return *this;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", number);
    m_out += buf;
    return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
    beforeValue();
    m_out += flag ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null() {
    beforeValue();
    m_out += "null";
    return *this;
}

} // namespace graphlens
