#pragma once
// A small streaming JSON writer: the CLI's --json output and reports. Output is deterministic
// (callers write keys in a fixed order), pretty-printed, well-formed UTF-8 passed through, controls
// escaped, and every byte that is not part of well-formed UTF-8 written as \ufffd (U+FFFD), so the
// output is valid JSON whatever bytes a file's names hold.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace graphlens {

class JsonWriter {
public:
    explicit JsonWriter(int indent = 2)
        : m_indent(indent) { }

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view name);
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
    JsonWriter& value(int64_t number);
    JsonWriter& value(int32_t number) { return value(static_cast<int64_t>(number)); }
    JsonWriter& value(uint64_t number);
    JsonWriter& value(double number);
    JsonWriter& value(bool flag);
    JsonWriter& null();

    template<class T> JsonWriter& field(std::string_view name, const T& v) { return key(name).value(v); }

    const std::string& str() const { return m_out; }

    static std::string escape(std::string_view text);

private:
    void beforeValue();
    void newline();

    struct Level {
        bool array;
        bool empty;
    };
    std::string m_out;
    std::vector<Level> m_stack;
    bool m_afterKey = false;
    int m_indent;
};

} // namespace graphlens
