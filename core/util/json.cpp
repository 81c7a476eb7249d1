#include "core/util/json.h"

#include <cmath>
#include <cstdio>

namespace graphlens {

namespace {

// Length of the well-formed UTF-8 sequence starting at text[i] (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF), or 0 when the bytes there are not one.
size_t utf8SequenceLength(std::string_view text, size_t i) {
    const auto at = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = at(i);
    const size_t left = text.size() - i;
    const auto cont = [&](size_t k) { return (at(k) & 0xc0) == 0x80; };
    if (b0 >= 0xc2 && b0 <= 0xdf) return left >= 2 && cont(i + 1) ? 2 : 0;
    if (b0 >= 0xe0 && b0 <= 0xef) {
        if (left < 3 || !cont(i + 1) || !cont(i + 2)) return 0;
        if (b0 == 0xe0 && at(i + 1) < 0xa0) return 0; // overlong
        if (b0 == 0xed && at(i + 1) > 0x9f) return 0; // UTF-16 surrogate
        return 3;
    }
    if (b0 >= 0xf0 && b0 <= 0xf4) {
        if (left < 4 || !cont(i + 1) || !cont(i + 2) || !cont(i + 3)) return 0;
        if (b0 == 0xf0 && at(i + 1) < 0x90) return 0; // overlong
        if (b0 == 0xf4 && at(i + 1) > 0x8f) return 0; // above U+10FFFF
        return 4;
    }
    return 0;
}

} // namespace

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
