#pragma once
// The Code view's converter: the AutoGraph-converted code of the function under the cursor, from
// core/function's converter (the same conversion the tracer runs), with its line map.
#include <QString>

#include "views/code_view.h"

namespace graphlens::app {

// The innermost `def` (at module level, in a class, or nested in a def) around `cursorLine`,
// converted. Pure: safe on the Code view's worker thread.
views::ConvertedCodeSnapshot convertFunctionAt(const QString& scriptText, int cursorLine,
                                               const QString& fileName = QStringLiteral("<untitled>"));

} // namespace graphlens::app
