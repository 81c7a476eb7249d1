#include "views/job_runner.h"

#include <atomic>
#include <chrono>

namespace graphlens::views {
namespace {
std::atomic<quint64> g_nextJob{ 1 }; // ids are unique across runners, which helps reading logs
}

JobRunner::JobRunner(QObject* parent)
    : QObject(parent) { }

JobRunner::~JobRunner() {
    if (m_token) m_token->cancel();
    m_current = 0; // nothing queued from now on is current
    waitForIdle();
}

JobRunner::Ticket JobRunner::begin(const QString& title) {
    if (m_token) m_token->cancel();
    Ticket ticket;
    ticket.id = g_nextJob.fetch_add(1);
    ticket.token = std::make_shared<CancelToken>();
    m_token = ticket.token;
    m_current = ticket.id;
    m_running = true;
    m_title = title;
    emit started(ticket.id, title);
    return ticket;
}

ProgressFn JobRunner::throttledReporter(quint64 id) {
    auto last = std::make_shared<std::chrono::steady_clock::time_point>();
    return [this, id, last](double fraction, const std::string& stage) {
        const auto now = std::chrono::steady_clock::now();
        if (now - *last < std::chrono::milliseconds(50)) return;
        *last = now;
        QMetaObject::invokeMethod(
            this,
            [this, id, fraction, stage = QString::fromStdString(stage)] {
                if (isCurrent(id)) emit progressChanged(id, fraction, stage);
            },
            Qt::QueuedConnection);
    };
}

void JobRunner::deliverFailure(quint64 id, const JobError& error, const std::function<void(const JobError&)>& failed) {
    QMetaObject::invokeMethod(
        this,
        [this, id, error, failed] {
            if (!isCurrent(id)) return;
            m_running = false;
            if (failed) failed(error);
            emit finished(id);
        },
        Qt::QueuedConnection);
}

void JobRunner::cancel() {
    if (m_token) m_token->cancel();
}

void JobRunner::track(QFuture<void> future) {
    std::erase_if(m_futures, [](const QFuture<void>& f) { return f.isFinished(); });
    m_futures.push_back(std::move(future));
}

void JobRunner::waitForIdle() {
    for (auto& future : m_futures) future.waitForFinished();
    m_futures.clear();
}

} // namespace graphlens::views

namespace graphlens::views {

ErrorText describeError(const JobError& error) {
    if (!error.kind) return { JobRunner::tr("GraphLens could not read this file."), error.message };
    QString headline;
    switch (*error.kind) {
    case ErrorKind::Truncated:
        headline = JobRunner::tr("The file is truncated: it ends before what it declares.");
        break;
    case ErrorKind::Malformed:
        headline = JobRunner::tr("The file is damaged: its contents do not parse.");
        break;
    case ErrorKind::NotAModel:
        headline = JobRunner::tr("This is not a file GraphLens reads (a SavedModel, GraphDef, MetaGraphDef, "
                                 "event file, checkpoint or Keras file).");
        break;
    case ErrorKind::NotFound:
        headline = JobRunner::tr("No such file or folder.");
        break;
    case ErrorKind::Unreadable:
        headline = JobRunner::tr("The file cannot be opened or read.");
        break;
    case ErrorKind::Unsupported:
        headline = JobRunner::tr("This variant of the format is not supported yet.");
        break;
    }
    QStringList lines;
    lines << JobRunner::tr("File: %1").arg(error.file);
    if (!error.place.isEmpty()) lines << JobRunner::tr("Where: %1").arg(error.place);
    lines << JobRunner::tr("Reader's message: %1").arg(error.detail);
    return { headline, lines.join(QLatin1Char('\n')) };
}

} // namespace graphlens::views
