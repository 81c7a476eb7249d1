#include "app/gui/script_runner.h"

#include <stdexcept>
#include <tuple>
#include <utility>

#include <QMutexLocker>
#include <QRegularExpression>

#include "core/session/session.h"

namespace graphlens::app {

void ScriptOutput::append(const QString& text, bool isError) {
    QMutexLocker lock(&m_mutex);
    if (!m_chunks.empty() && m_chunks.back().isError == isError) m_chunks.back().text += text;
    else m_chunks.push_back({ text, isError });
}

std::vector<ScriptOutput::Chunk> ScriptOutput::take() {
    QMutexLocker lock(&m_mutex);
    return std::exchange(m_chunks, {});
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
    return { line, last };
}

ScriptRunOutcome runScript(const QString& source, const QString& path, const std::shared_ptr<ScriptOutput>& output,
                           const CancelToken* cancel) {
    session::ScriptRequest request;
    request.source = source.toStdString();
    request.path = path.toStdString();
    request.limits.cancel = cancel;
    request.out = [&output](std::string_view s) {
        output->append(QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())), false);
    };
    request.err = [&output](std::string_view s) {
        output->append(QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())), true);
    };
    request.collectTracedGraphs = true; // for the graph view
    session::ScriptResult result = session::runScript(request);
    if (!result.failure.empty()) throw std::runtime_error(result.failure);
    ScriptRunOutcome outcome;
    outcome.ok = result.ok;
    outcome.exitCode = result.exitCode;
    outcome.report = QString::fromStdString(result.report);
    outcome.retraceLog = std::move(result.retraceLog);
    for (auto& g : result.tracedGraphs) {
        const QPair<int, qint64> key{ g.function, g.traceIndex };
        outcome.tracedGraphs.insert(key, std::move(g));
    }
    outcome.seconds = result.seconds;
    if (!outcome.ok) std::tie(outcome.errorLine, outcome.errorText) = tracebackLocation(outcome.report, path);
    return outcome;
}

} // namespace graphlens::app
