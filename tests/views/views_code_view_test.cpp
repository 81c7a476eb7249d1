// The Code view: Python highlighting, the gutter's diagnostics, source <-> converted line linking
// with a fake converter, Run/Stop state, atomic save and autosave restore; writes
// docs/screenshots/code_view.png.
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdio>
#include <memory>

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

#include "views/code_editor.h"
#include "views/code_view.h"
#include "views/python_highlighter.h"

using namespace graphlens::views;

namespace {

QString readData(const char* name) {
    QFile file(QStringLiteral(GRAPHLENS_VIEWS_DATA_DIR "/") + QLatin1String(name));
    REQUIRE(file.open(QIODevice::ReadOnly));
    return QString::fromUtf8(file.readAll());
}

// Source line (in retrace_demo.py) of each line of normalize_autograph.txt, written by hand from
// what AutoGraph generates for each statement: the `if` makes get_state/set_state, both branch
// functions and the if_stmt call; the `return` makes the try/except around the return value.
const QVector<int> kNormalizeLineMap = { 7,  8, 0,  0,  0,  0, 9, 9,  0,  9,  9,  9,  0,  9, 9,
                                         10, 0, 11, 11, 12, 9, 9, 13, 13, 13, 13, 13, 13, 0 };

// A converter stand-in: normalize (lines 7-13 of retrace_demo.py) gives TensorFlow's converted
// code; other functions give one "converted" line per source line after a generated header.
ConvertedCodeSnapshot fakeConvert(const QString& text, int cursorLine) {
    const QStringList lines = text.split(QLatin1Char('\n'));
    int def = cursorLine;
    while (def >= 1 && !lines.value(def - 1).startsWith(QLatin1String("def "))) --def;
    if (def < 1) return { {}, {}, {}, QStringLiteral("no function at line %1").arg(cursorLine) };
    int end = def;
    while (end < lines.size() &&
           (lines.value(end).startsWith(QLatin1Char(' ')) || lines.value(end).trimmed().isEmpty()))
        ++end;
    if (cursorLine > end) return { {}, {}, {}, QStringLiteral("no function at line %1").arg(cursorLine) };
    const QString name = lines[def - 1].mid(4).section(QLatin1Char('('), 0, 0);
    if (name == QLatin1String("normalize")) return { name, readData("normalize_autograph.txt"), kNormalizeLineMap, {} };
    ConvertedCodeSnapshot s{
        name, QStringLiteral("def tf__%1():\n    with ag__.FunctionScope() as fscope:").arg(name), { def, 0 }, {}
    };
    for (int line = def + 1; line <= end; ++line) {
        if (lines[line - 1].trimmed().isEmpty()) continue;
        s.code += QStringLiteral("\n        ") + lines[line - 1].trimmed();
        s.sourceLineOfConvertedLine.push_back(line);
    }
    return s;
}

QTextCharFormat formatAt(const QTextDocument* document, int line, int column) {
    const QTextBlock block = document->findBlockByNumber(line - 1);
    for (const QTextLayout::FormatRange& range : block.layout()->formats())
        if (column >= range.start && column < range.start + range.length) return range.format;
    return {};
}

bool sameColor(const QTextCharFormat& a, const QTextCharFormat& b) {
    return a.foreground().color() == b.foreground().color();
}

void moveCursor(CodeEditor* editor, int line, int column = 4) {
    QTextCursor cursor(editor->document()->findBlockByNumber(line - 1));
    cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, column);
    editor->setTextCursor(cursor);
}

// Autosave copies go to the test-mode data folder, never the user's.
struct TestPaths {
    TestPaths() { QStandardPaths::setTestModeEnabled(true); }
} const kTestPaths;

} // namespace

TEST_CASE("python highlighter: keywords, builtins, strings, f-strings, numbers, comments", "[code]") {
    QTextDocument document;
    PythonHighlighter highlighter(&document);
    document.setPlainText(QStringLiteral("@tf.function\n"                     // 1
                                         "def f(self, n=0x1F, m=1.5e-3):\n"   // 2
                                         "    s = '''first\n"                 // 3
                                         "# not a comment\n"                  // 4
                                         "last''' + len(x)  # comment\n"      // 5
                                         "    t = f\"v={n + 1}\" + rb'\\x'\n" // 6
                                         "    return obj.print\n"));          // 7
    highlighter.rehighlight(); // a document without a view is highlighted lazily
    using T = PythonHighlighter::Token;
    CHECK(sameColor(formatAt(&document, 1, 0), highlighter.formatOf(T::Decorator)));
    CHECK(sameColor(formatAt(&document, 1, 5), highlighter.formatOf(T::Decorator)));
    CHECK(sameColor(formatAt(&document, 2, 0), highlighter.formatOf(T::Keyword)));
    CHECK(formatAt(&document, 2, 0).fontWeight() == QFont::Bold);
    CHECK(sameColor(formatAt(&document, 2, 4), highlighter.formatOf(T::Definition)));
    CHECK(sameColor(formatAt(&document, 2, 6), highlighter.formatOf(T::Self)));
    CHECK(sameColor(formatAt(&document, 2, 14), highlighter.formatOf(T::Number))); // 0x1F
    CHECK(sameColor(formatAt(&document, 2, 25), highlighter.formatOf(T::Number))); // 1.5e-3
    CHECK(sameColor(formatAt(&document, 3, 8), highlighter.formatOf(T::String)));
    CHECK(sameColor(formatAt(&document, 4, 2), highlighter.formatOf(T::String))); // inside the triple quotes
    CHECK(sameColor(formatAt(&document, 5, 2), highlighter.formatOf(T::String)));
    CHECK(sameColor(formatAt(&document, 5, 10), highlighter.formatOf(T::Builtin))); // len after the string closed
    CHECK(sameColor(formatAt(&document, 5, 20), highlighter.formatOf(T::Comment)));
    CHECK(sameColor(formatAt(&document, 6, 9), highlighter.formatOf(T::String)));      // f"v=
    CHECK(sameColor(formatAt(&document, 6, 12), highlighter.formatOf(T::FieldBrace))); // {
    CHECK(sameColor(formatAt(&document, 6, 17), highlighter.formatOf(T::Number)));     // the 1 inside {}
    CHECK(sameColor(formatAt(&document, 6, 26), highlighter.formatOf(T::String)));     // rb'\x'
    CHECK(sameColor(formatAt(&document, 7, 4), highlighter.formatOf(T::Keyword)));
    CHECK(formatAt(&document, 7, 15).foreground().style() == Qt::NoBrush); // obj.print is an attribute
    CHECK(document.findBlockByNumber(6).userState() <= 0);
}

TEST_CASE("code editor: diagnostics in the gutter, underlined, with tooltips; edits clear them", "[code]") {
    CodeEditor editor;
    editor.resize(600, 400);
    editor.setPlainText(QStringLiteral("x = 1\ny = x +\nz = 3\n"));
    editor.setDiagnostics({ { 2, Severity::Error, QStringLiteral("SyntaxError: invalid syntax") },
                            { 3, Severity::Warning, QStringLiteral("retraced 5 times") },
                            { 3, Severity::Info, QStringLiteral("traced here") } });
    CHECK(editor.diagnosticText(2) == QLatin1String("SyntaxError: invalid syntax"));
    CHECK(editor.diagnosticText(3) == QLatin1String("retraced 5 times\ntraced here"));
    CHECK(editor.diagnosticText(1).isEmpty());
    int underlines = 0;
    for (const auto& selection : editor.extraSelections())
        if (selection.format.underlineStyle() == QTextCharFormat::WaveUnderline) {
            ++underlines;
            CHECK(selection.cursor.selectedText().startsWith(
                QLatin1Char(selection.cursor.block().blockNumber() == 1 ? 'y' : 'z')));
        }
    CHECK(underlines == 3);
    CHECK(editor.gutterWidth() > 20);
    editor.show();
    REQUIRE(QTest::qWaitForWindowExposed(&editor));
    CHECK(editor.lineAt(2) == 1);
    QTest::keyClick(&editor, Qt::Key_A); // any edit makes the diagnostics stale
    CHECK(editor.diagnostics().isEmpty());
}

TEST_CASE("code view: source and converted lines are linked both ways", "[code]") {
    CodeView view;
    view.resize(1400, 700);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    auto calls = std::make_shared<std::atomic<int>>(0);
    view.setConvertedCodeProvider([calls](const QString& text, int line) {
        ++*calls;
        return fakeConvert(text, line);
    });
    view.setText(readData("retrace_demo.py"), QStringLiteral("retrace_demo.py"));
    QSignalSpy changed(&view, &CodeView::convertedCodeChanged);

    // Source -> converted: the `y = x / tf.reduce_max(x)` line made converted line 16.
    moveCursor(view.sourceEditor(), 10);
    REQUIRE(QTest::qWaitFor(
        [&] { return !view.isConverting() && view.convertedSnapshot().functionName == QLatin1String("normalize"); },
        5000));
    CHECK(view.convertedEditor()->toPlainText().startsWith(QLatin1String("def tf__normalize(x, scale):")));
    CHECK(view.convertedEditor()->linkedLines() == QVector<int>{ 16 });
    CHECK(view.convertedEditor()->isLineVisible(16));
    CHECK(view.convertedHeader()->text().contains(QLatin1String("normalize")));
    // The `if` made several lines; moving within the same function asks the provider no more.
    const int callsBefore = calls->load();
    moveCursor(view.sourceEditor(), 9);
    CHECK(view.convertedEditor()->linkedLines() == QVector<int>{ 7, 8, 10, 11, 12, 14, 15, 21, 22 });
    moveCursor(view.sourceEditor(), 13);
    CHECK(view.convertedEditor()->linkedLines() == QVector<int>{ 23, 24, 25, 26, 27, 28 });
    QTest::qWait(300);
    CHECK(calls->load() == callsBefore);

    // Converted -> source: the else branch's body is source line 12.
    moveCursor(view.convertedEditor(), 20);
    CHECK(view.sourceEditor()->linkedLines() == QVector<int>{ 12 });
    CHECK(view.convertedEditor()->linkedLines() == QVector<int>{ 20 });
    moveCursor(view.convertedEditor(), 4); // generated: links nothing
    CHECK(view.sourceEditor()->linkedLines().isEmpty());

    // Another function: the provider is asked again and its result replaces the pane.
    moveCursor(view.sourceEditor(), 20);
    REQUIRE(QTest::qWaitFor(
        [&] { return !view.isConverting() && view.convertedSnapshot().functionName == QLatin1String("accumulate"); },
        5000));
    CHECK(calls->load() > callsBefore);
    CHECK(view.convertedEditor()->linkedLines() == QVector<int>{ 5 });
    CHECK(view.convertedEditor()->document()->findBlockByNumber(4).text().trimmed() == QLatin1String("total += v * v"));

    // Outside every function: the error shows and nothing is linked.
    moveCursor(view.sourceEditor(), 30);
    REQUIRE(QTest::qWaitFor([&] { return !view.isConverting() && !view.convertedSnapshot().error.isEmpty(); }, 5000));
    CHECK(view.convertedHeader()->text().contains(QLatin1String("no function at line 30")));
    CHECK(view.convertedEditor()->linkedLines().isEmpty());

    // An edit invalidates the snapshot: the next cursor move converts the new text.
    moveCursor(view.sourceEditor(), 10);
    REQUIRE(QTest::qWaitFor(
        [&] { return !view.isConverting() && view.convertedSnapshot().functionName == QLatin1String("normalize"); },
        5000));
    const int beforeEdit = calls->load();
    view.sourceEditor()->insertPlainText(QStringLiteral(" "));
    REQUIRE(QTest::qWaitFor([&] { return !view.isConverting() && calls->load() > beforeEdit; }, 5000));
    CHECK(changed.count() >= 4);
}

TEST_CASE("code view: run and stop follow the running state", "[code]") {
    CodeView view;
    QSignalSpy run(&view, &CodeView::runRequested);
    QSignalSpy stop(&view, &CodeView::stopRequested);
    CHECK(view.runAction()->isEnabled());
    CHECK_FALSE(view.stopAction()->isEnabled());
    CHECK(view.runAction()->shortcut() == QKeySequence(Qt::Key_F5));
    CHECK(view.stopAction()->shortcut() == QKeySequence(Qt::SHIFT | Qt::Key_F5));
    view.stopAction()->trigger();
    CHECK(stop.count() == 0);
    view.runAction()->trigger();
    CHECK(run.count() == 1);
    view.setRunning(true);
    CHECK_FALSE(view.runAction()->isEnabled());
    CHECK(view.stopAction()->isEnabled());
    view.runAction()->trigger(); // disabled: nothing
    CHECK(run.count() == 1);
    view.stopAction()->trigger();
    CHECK(stop.count() == 1);
    view.setRunning(false);
    CHECK(view.runAction()->isEnabled());
    view.setDiagnostics({ { 3, Severity::Error, QStringLiteral("ZeroDivisionError: division by zero") } });
    CHECK(view.sourceEditor()->diagnosticText(3).contains(QLatin1String("ZeroDivisionError")));
}

TEST_CASE("code view: saving is atomic and an autosave copy survives a crash", "[code]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("script.py"));
    {
        QFile file(path);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write("print(1)\n");
    }
    QFile::remove(CodeView::autosavePathFor(QFileInfo(path).absoluteFilePath()));
    {
        CodeView view;
        QSignalSpy found(&view, &CodeView::autosaveFound);
        REQUIRE(view.openFile(path));
        CHECK(found.count() == 0);
        CHECK(view.text() == QLatin1String("print(1)\n"));
        CHECK_FALSE(view.isModified());
        view.sourceEditor()->moveCursor(QTextCursor::End);
        view.sourceEditor()->insertPlainText(QStringLiteral("print(2)\n"));
        CHECK(view.isModified());
        view.writeAutosave(); // what the timer does; then the app "crashes" before saving
        CHECK(QFileInfo::exists(CodeView::autosavePathFor(view.filePath())));
    }
    {
        CodeView view;
        QSignalSpy found(&view, &CodeView::autosaveFound);
        REQUIRE(view.openFile(path));
        REQUIRE(found.count() == 1);
        CHECK(view.text() == QLatin1String("print(1)\n"));
        REQUIRE(view.restoreAutosave());
        CHECK(view.text() == QLatin1String("print(1)\nprint(2)\n"));
        CHECK(view.isModified());
        QSignalSpy saved(&view, &CodeView::saved);
        REQUIRE(view.saveTo(path));
        CHECK(saved.count() == 1);
        CHECK_FALSE(view.isModified());
        CHECK_FALSE(QFileInfo::exists(CodeView::autosavePathFor(view.filePath())));
    }
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    CHECK(file.readAll() == QByteArray("print(1)\nprint(2)\n"));
    CodeView view;
    CHECK_FALSE(view.openFile(dir.filePath(QStringLiteral("missing.py"))));
    CHECK_FALSE(view.lastError().isEmpty());
    CHECK_FALSE(view.saveTo(dir.filePath(QStringLiteral("no/such/dir/x.py"))));
}

TEST_CASE("code view: screenshot", "[code][screenshot]") {
    CodeView view;
    view.resize(1400, 760);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    view.setConvertedCodeProvider(&fakeConvert);
    view.setText(readData("retrace_demo.py"), QStringLiteral("retrace_demo.py"));
    view.setDiagnostics(
        { { 7, Severity::Warning, QStringLiteral("normalize retraced 12 times in 12 calls: scale is a Python float") },
          { 32, Severity::Info, QStringLiteral("Each new value of scale traces normalize again") } });
    moveCursor(view.sourceEditor(), 9);
    REQUIRE(QTest::qWaitFor(
        [&] { return !view.isConverting() && view.convertedSnapshot().functionName == QLatin1String("normalize"); },
        5000));
    QTest::qWait(100);
    const QString dir = QStringLiteral(GRAPHLENS_SCREENSHOT_DIR);
    QDir().mkpath(dir);
    const QString path = dir + QStringLiteral("/code_view.png");
    REQUIRE(view.grab().save(path));
    std::printf("screenshot: %s\n", qPrintable(path));
}
