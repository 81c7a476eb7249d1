#pragma once
// Loads the UI translation for the user's locale from the resources (:/i18n/graphlens_<locale>.qm).
// lupdate records a class's context without its namespace where its parser loses track (a
// Class::tr() inside a lambda, or in a function whose return type it cannot resolve), while tr() at
// run time asks with the qualified class name; the translator therefore also looks up the
// unqualified name.
#include <QLocale>
#include <QTranslator>

namespace graphlens::app {

class UiTranslator : public QTranslator {
public:
    using QTranslator::QTranslator;
    QString translate(const char* context, const char* sourceText, const char* disambiguation = nullptr,
                      int n = -1) const override;
};

// Installs the translation for `locale` on the application; false when none exists for it.
bool installUiTranslation(const QLocale& locale);

} // namespace graphlens::app
