#include "app/gui/converted_code.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/function/autograph.h"
#include "core/lang/parser.h"

namespace graphlens::app {
namespace {

// A class rather than a free tr() so that lupdate files these strings under the context tr() asks
// for at run time (it records a free tr() under the enclosing namespace).
struct ConvertedCode {
    Q_DECLARE_TR_FUNCTIONS(graphlens::app::ConvertedCode)
};

bool covers(const lang::FunctionDef* def, int line) {
    uint32_t first = def->span.line;
    for (const lang::Expr* decorator : def->decoratorList) first = std::min(first, decorator->span.line);
    return line >= int(first) && line <= int(def->span.endLine);
}

// The innermost FunctionDef around `line` among `body` and the bodies of its classes and defs.
const lang::FunctionDef* functionAt(const lang::StmtList& body, int line) {
    for (const lang::Stmt* stmt : body) {
        if (lang::is<lang::FunctionDef>(stmt)) {
            const auto* def = lang::as<lang::FunctionDef>(stmt);
            if (!covers(def, line)) continue;
            const lang::FunctionDef* inner = functionAt(def->body, line);
            return inner ? inner : def;
        }
        if (lang::is<lang::ClassDef>(stmt)) {
            const auto* cls = lang::as<lang::ClassDef>(stmt);
            if (line < int(cls->span.line) || line > int(cls->span.endLine)) continue;
            return functionAt(cls->body, line);
        }
    }
    return nullptr;
}

} // namespace

views::ConvertedCodeSnapshot convertFunctionAt(const QString& scriptText, int cursorLine, const QString& fileName) {
    views::ConvertedCodeSnapshot snapshot;
    std::shared_ptr<lang::ParsedModule> parsed;
    try {
        parsed = lang::parseModule(scriptText.toStdString(), fileName.toStdString());
    } catch (const lang::SyntaxError& error) {
        snapshot.error = ConvertedCode::tr("the script does not parse (%1)").arg(QString::fromStdString(error.what()));
        return snapshot;
    }
    const lang::FunctionDef* def = functionAt(parsed->module->body, cursorLine);
    if (!def) {
        snapshot.error = ConvertedCode::tr("no function at line %1").arg(cursorLine);
        return snapshot;
    }
    snapshot.functionName = QString::fromStdString(def->name);
    const function::ConvertedCode converted = function::convertFunction(*parsed->source, def);
    if (!converted.ok) {
        snapshot.error = ConvertedCode::tr("%1 cannot be converted: %2: %3")
                             .arg(snapshot.functionName, QString::fromStdString(converted.error.type),
                                  QString::fromStdString(converted.error.message));
        return snapshot;
    }
    snapshot.code = QString::fromStdString(converted.code);
    for (uint32_t line : converted.lineMap) snapshot.sourceLineOfConvertedLine.push_back(int(line));
    return snapshot;
}

} // namespace graphlens::app
