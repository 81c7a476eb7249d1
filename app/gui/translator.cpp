#include "app/gui/translator.h"

#include <QCoreApplication>
#include <QLibraryInfo>

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

std::vector<QTranslator*> installUiTranslation(const QLocale& locale, const QString& directory) {
    std::vector<QTranslator*> installed;
    auto* ours = new UiTranslator(QCoreApplication::instance());
    if (!ours->load(locale, QStringLiteral("graphlens"), QStringLiteral("_"), directory)) {
        delete ours;
        return installed;
    }
    // Qt's own words (dialog buttons, the file dialog, context menus of text fields) from the
    // system's Qt translations (Debian: qt6-translations-l10n); without them those stay English.
    auto* qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        installed.push_back(qt);
    } else {
        delete qt;
    }
    QCoreApplication::installTranslator(ours);
    installed.push_back(ours);
    return installed;
}

void removeUiTranslation(const std::vector<QTranslator*>& installed) {
    for (QTranslator* translator : installed) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
}

} // namespace graphlens::app
