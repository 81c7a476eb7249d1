#include "app/gui/script_runner.h"

#include <QElapsedTimer>
#include <QMutexLocker>
#include <QRegularExpression>
#include <QThread>

#include <mutex>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "core/eager/eager.h"
#include "core/lang/interp.h"

namespace graphlens::app {
namespace {

// The same budgets as `graphlens-cli run`: deep (but limited) recursion must not overflow the
// native stack, so the interpreter gets a thread of its own with a large one.
constexpr size_t kThreadStackBytes = size_t(512) << 20;
constexpr size_t kInterpreterStackBytes = size_t(200) << 20;

} // namespace

void ScriptOutput::append(const QString& text, bool isError) {
    QMutexLocker lock(&m_mutex);
    if (!m_chunks.empty() && m_chunks.back().isError == isError) m_chunks.back().text += text;
    else m_chunks.push_back({text, isError});
}

std::vector<ScriptOutput::Chunk> ScriptOutput::take() {
    QMutexLocker lock(&m_mutex);
    return std::exchange(m_chunks, {});
}

void registerEngineModules() {
    static std::once_flag once;
    std::call_once(once, [] { eager::registerModules(); });
}

std::pair<int, QString> tracebackLocation(const QString& report, const QString& path) {
    static const QRegularExpression frame(QStringLiteral(R"re(^\s*File "([^"]*)", line (\d+))re"),
                                          QRegularExpression::MultilineOption);
    int line = 0;
    for (auto it = frame.globalMatch(report); it.hasNext();) {
        const auto match = it.next();
        if (match.captured(1) == path) line = match.captured(2).toInt();
    }
    QString last;
    const QStringList lines = report.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (!lines.isEmpty()) last = lines.back().trimmed();
    return {line, last};
}

ScriptRunOutcome runScript(const QString& source, const QString& path, const std::shared_ptr<ScriptOutput>& output,
                           const CancelToken* cancel) {
    registerEngineModules();
    ScriptRunOutcome outcome;
    const std::string text = source.toStdString();
    const std::string file = path.toStdString();
    QElapsedTimer clock;
    clock.start();
    std::string failure;  // a C++ exception must not escape the thread (that would terminate)
    std::unique_ptr<QThread> thread(QThread::create([&] {
        try {
            lang::Interpreter interpreter;
            interpreter.limits.cancel = cancel;
            interpreter.limits.nativeStackBytes = kInterpreterStackBytes;
            interpreter.argv = {file};
            interpreter.out = [&output](std::string_view s) {
                output->append(QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())), false);
            };
            interpreter.err = [&output](std::string_view s) {
                output->append(QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())), true);
            };
            const auto result = interpreter.runSource(text, file);
            outcome.ok = result.ok;
            outcome.exitCode = result.exitCode;
            outcome.report = QString::fromStdString(result.report);
            // The log describes what this interpreter traced: take it before the interpreter goes.
            outcome.traceLogJson = QByteArray::fromStdString(eager::traceLogJson(interpreter));
            // The traced graphs too (they live in this interpreter), for the graph view.
            for (const auto& g : eager::tracedGraphs(interpreter))
                outcome.tracedGraphs.insert({g.function, g.traceIndex}, QByteArray::fromStdString(g.graphDef));
        } catch (const std::exception& error) {
            failure = error.what();
        } catch (...) {
            failure = "unknown error";
        }
    }));
    thread->setStackSize(static_cast<uint>(kThreadStackBytes));
    thread->start();
    thread->wait();
    if (!failure.empty()) throw std::runtime_error(failure);
    outcome.seconds = double(clock.elapsed()) / 1000.0;
    if (!outcome.ok) std::tie(outcome.errorLine, outcome.errorText) = tracebackLocation(outcome.report, path);
    return outcome;
}

} // namespace graphlens::app
