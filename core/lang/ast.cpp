#include "core/lang/ast.h"

#include "core/lang/syntax_error.h"

namespace graphlens::lang {

const char* nodeKindName(NodeKind k) {
    static const char* const names[] = {
        "Module",    "FunctionDef", "ClassDef",   "Return",    "Delete",         "Assign",    "AugAssign",
        "AnnAssign", "For",         "While",      "If",        "With",           "Raise",     "Try",
        "Assert",    "Import",      "ImportFrom", "Global",    "Nonlocal",       "Expr",      "Pass",
        "Break",     "Continue",    "BoolOp",     "NamedExpr", "BinOp",          "UnaryOp",   "Lambda",
        "IfExp",     "Dict",        "Set",        "ListComp",  "SetComp",        "DictComp",  "GeneratorExp",
        "Yield",     "YieldFrom",   "Compare",    "Call",      "FormattedValue", "JoinedStr", "Constant",
        "Attribute", "Subscript",   "Starred",    "Name",      "List",           "Tuple",     "Slice",
    };
    return names[static_cast<int>(k)];
}

const char* binOpSymbol(BinOpKind k) {
    static const char* const s[] = { "+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//" };
    return s[static_cast<int>(k)];
}
const char* binOpName(BinOpKind k) {
    static const char* const s[] = { "Add",    "Sub",    "Mult",  "MatMult", "Div",    "Mod",     "Pow",
                                     "LShift", "RShift", "BitOr", "BitXor",  "BitAnd", "FloorDiv" };
    return s[static_cast<int>(k)];
}
const char* unaryOpSymbol(UnaryOpKind k) {
    static const char* const s[] = { "~", "not", "+", "-" };
    return s[static_cast<int>(k)];
}
const char* unaryOpName(UnaryOpKind k) {
    static const char* const s[] = { "Invert", "Not", "UAdd", "USub" };
    return s[static_cast<int>(k)];
}
const char* cmpOpSymbol(CmpOpKind k) {
    static const char* const s[] = { "==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in" };
    return s[static_cast<int>(k)];
}
const char* cmpOpName(CmpOpKind k) {
    static const char* const s[] = { "Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn" };
    return s[static_cast<int>(k)];
}
const char* nameScopeName(NameScope s) {
    static const char* const n[] = { "Unresolved",     "Local",          "Cell",      "Free",
                                     "GlobalExplicit", "GlobalImplicit", "ClassName", "ClassDeref" };
    return n[static_cast<int>(s)];
}

SourceFile::SourceFile(std::string name, std::string src)
    : filename(std::move(name))
    , text(std::move(src)) {
    lineStarts.push_back(0);
    for (uint32_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\r') {
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
            lineStarts.push_back(i + 1);
        } else if (c == '\n') {
            lineStarts.push_back(i + 1);
        }
    }
}

std::string SourceFile::lineText(uint32_t line) const {
    if (line == 0 || line > lineStarts.size()) return {};
    uint32_t b = lineStarts[line - 1];
    uint32_t e = b;
    while (e < text.size() && text[e] != '\n' && text[e] != '\r') ++e;
    return text.substr(b, e - b);
}

std::string SyntaxError::format() const {
    std::string out = "  File \"" + m_file + "\", line " + std::to_string(m_line) + "\n";
    if (!m_sourceLine.empty()) {
        // strip leading whitespace like CPython, adjusting the caret
        size_t lead = m_sourceLine.find_first_not_of(" \t\f");
        if (lead == std::string::npos) lead = m_sourceLine.size();
        std::string shown = m_sourceLine.substr(lead);
        out += "    " + shown + "\n";
        uint32_t leadChars = 0;
        for (size_t i = 0; i < lead; ++i) ++leadChars;
        if (m_column >= 1) {
            uint32_t caretCol = m_column - 1 > leadChars ? m_column - 1 - leadChars : 0;
            uint32_t width = 1;
            if (m_endLine == m_line && m_endColumn > m_column) width = m_endColumn - m_column;
            out += "    " + std::string(caretCol, ' ') + std::string(width, '^') + "\n";
        }
    }
    out += std::string(typeName()) + ": " + m_message;
    return out;
}

} // namespace graphlens::lang
