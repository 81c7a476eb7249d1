#pragma once
// SyntaxError raised by the lexer, parser and scope pass, shaped like CPython's: file, 1-based
// line, 1-based column (in characters, like SyntaxError.offset), end position, the offending
// source line, and CPython 3.11's message text.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace graphlens::lang {

enum class SyntaxErrorKind : uint8_t { SyntaxError, IndentationError, TabError };

class SyntaxError : public std::runtime_error {
public:
    SyntaxError(SyntaxErrorKind kind, std::string message, std::string file, uint32_t line, uint32_t column,
                uint32_t endLine, uint32_t endColumn, std::string sourceLine)
        : std::runtime_error(compose(kind, message, file, line))
        , m_kind(kind)
        , m_message(std::move(message))
        , m_file(std::move(file))
        , m_line(line)
        , m_column(column)
        , m_endLine(endLine)
        , m_endColumn(endColumn)
        , m_sourceLine(std::move(sourceLine)) { }

    SyntaxErrorKind kind() const { return m_kind; }
    // "SyntaxError", "IndentationError" or "TabError" (the Python exception type).
    const char* typeName() const { return typeName(m_kind); }
    const std::string& message() const { return m_message; } // "invalid syntax", ...
    const std::string& file() const { return m_file; }
    uint32_t line() const { return m_line; }     // 1-based
    uint32_t column() const { return m_column; } // 1-based, in characters (CPython offset)
    uint32_t endLine() const { return m_endLine; }
    uint32_t endColumn() const { return m_endColumn; }
    const std::string& sourceLine() const { return m_sourceLine; }

    static const char* typeName(SyntaxErrorKind k) {
        switch (k) {
        case SyntaxErrorKind::IndentationError:
            return "IndentationError";
        case SyntaxErrorKind::TabError:
            return "TabError";
        default:
            return "SyntaxError";
        }
    }

    // CPython-style report:
    //   File "x.py", line 3
    //     if x
    //         ^
    //   SyntaxError: expected ':'
    std::string format() const;

private:
    static std::string compose(SyntaxErrorKind kind, const std::string& message, const std::string& file,
                               uint32_t line) {
        return std::string(typeName(kind)) + ": " + message + " (" + file + ", line " + std::to_string(line) + ")";
    }
    SyntaxErrorKind m_kind;
    std::string m_message;
    std::string m_file;
    uint32_t m_line, m_column, m_endLine, m_endColumn;
    std::string m_sourceLine;
};

} // namespace graphlens::lang
