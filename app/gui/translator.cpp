#include "app/gui/translator.h"

#include <QCoreApplication>

namespace graphlens::app {

QString UiTranslator::translate(const char* context, const char* sourceText, const char* disambiguation, int n) const {
    QString result = QTranslator::translate(context, sourceText, disambiguation, n);
    if (!result.isNull() || !context) return result;
    const char* unqualified = context;
    for (const char* p = context; *p; ++p)
        if (p[0] == ':' && p[1] == ':') unqualified = p + 2;
    if (unqualified == context) return result;
    return QTranslator::translate(unqualified, sourceText, disambiguation, n);
}

bool installUiTranslation(const QLocale& locale) {
    auto* translator = new UiTranslator(QCoreApplication::instance());
    if (!translator->load(locale, QStringLiteral("graphlens"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete translator;
        return false;
    }
    QCoreApplication::installTranslator(translator);
    return true;
}

} // namespace graphlens::app
