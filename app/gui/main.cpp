// graphlens: the desktop application. `graphlens [PATH]` opens PATH (a file or a folder).
#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTimer>

#include "app/gui/main_window.h"
#include "app/gui/translator.h"

#ifndef GRAPHLENS_VERSION
#define GRAPHLENS_VERSION "0.1.0" // the top-level project() version; CMake may pass it instead
#endif

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("GraphLens"));
    QApplication::setApplicationName(QStringLiteral("GraphLens"));
    QApplication::setApplicationVersion(QStringLiteral(GRAPHLENS_VERSION));
    QApplication::setWindowIcon(
        QIcon::fromTheme(QStringLiteral("graphlens"), QIcon(QStringLiteral(":/icons/graphlens.svg"))));

    graphlens::app::installUiTranslation(QLocale());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Native inspector for TensorFlow models"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("path"),
                                 QStringLiteral("A model file, SavedModel folder or Python script to open"));
    parser.process(app);

    graphlens::app::MainWindow window;
    window.resize(1600, 1000);
    window.show();
    const QStringList paths = parser.positionalArguments();
    if (!paths.isEmpty())
        QTimer::singleShot(0, &window, [&window, path = paths.front()] {
            if (path.endsWith(QLatin1String(".py"), Qt::CaseInsensitive)) window.openScript(path);
            else window.openPath(path);
        });
    return app.exec();
}
