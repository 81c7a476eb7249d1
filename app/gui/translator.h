#pragma once
// Loads the UI translation for the user's locale from the resources (:/i18n/graphlens_<locale>.qm),
// and Qt's own from the system.
// lupdate records a class's context without its namespace where its parser loses track (a
// Class::tr() inside a lambda, or in a function whose return type it cannot resolve), while tr() at
// run time asks with the qualified class name; the translator therefore also looks up the
// unqualified name.
#include <vector>

#include <QLocale>
#include <QTranslator>

namespace graphlens::app {

class UiTranslator : public QTranslator {
public:
    using QTranslator::QTranslator;
    QString translate(const char* context, const char* sourceText, const char* disambiguation = nullptr,
                      int n = -1) const override;
};

// Installs GraphLens's translation for `locale` on the application, and Qt's own when the system
// has it; returns what it installed (nothing when GraphLens has no translation for the locale).
// `directory` holds graphlens_<locale>.qm (the executable's resources unless a test says otherwise).
std::vector<QTranslator*> installUiTranslation(const QLocale& locale,
                                               const QString& directory = QStringLiteral(":/i18n"));
void removeUiTranslation(const std::vector<QTranslator*>& installed);

} // namespace graphlens::app
