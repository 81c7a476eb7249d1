#pragma once
// The one way GraphLens runs long work (loading, layout, search, reading tensors): the work runs on
// the thread pool with a CancelToken, its result comes back on the GUI thread through a queued
// call, and only the newest job of a runner is delivered: starting a job cancels the previous one
// and a stale result is dropped. Progress is throttled to ~20 updates a second.
//
//   m_jobs.start<Result>(tr("Loading"), [path](const Progress& p) { return load(path, p); },
//                        [this](Result r) { use(r); }, [this](const JobError& e) { show(e); });
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <QElapsedTimer>
#include <QFuture>
#include <QMutex>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include "core/util/error.h"
#include "core/util/progress.h"

namespace graphlens::views {

struct JobError {
    QString message; // the whole text, English ("file: place: what")
    bool cancelled = false;
    // Set when a reader threw a FormatError: its parts, so the GUI can word the kind in the
    // user's language and show where.
    std::optional<ErrorKind> kind;
    QString file;
    QString place;
    QString detail;
};

// The error in the user's language: a headline for its kind, then the file, the place and the
// reader's own (English) words.
struct ErrorText {
    QString headline;
    QString details;
};
ErrorText describeError(const JobError& error);

class JobRunner : public QObject {
    Q_OBJECT
public:
    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override; // cancels every job and waits for the workers

    // Starts `work` off the GUI thread and returns its id. `done` or `failed` runs later on this
    // object's thread, only if no newer job was started and the job was not cancelled meanwhile
    // (a cancelled job reports to `failed` with cancelled = true).
    template<class Result>
    quint64 start(const QString& title, std::function<Result(const Progress&)> work, std::function<void(Result)> done,
                  std::function<void(const JobError&)> failed = {});

    void cancel(); // cancels the current job
    bool isRunning() const { return m_running; }
    quint64 currentJob() const { return m_current; }
    QString currentTitle() const { return m_title; }
    void waitForIdle(); // blocks until every worker of this runner returned (tests, shutdown)

signals:
    void started(quint64 job, const QString& title);
    void progressChanged(quint64 job, double fraction, const QString& stage);
    void finished(quint64 job); // after done/failed ran, or when a cancelled job's worker returned

private:
    struct Ticket {
        quint64 id = 0;
        std::shared_ptr<CancelToken> token;
    };
    Ticket begin(const QString& title);
    ProgressFn throttledReporter(quint64 id);
    bool isCurrent(quint64 id) const { return id == m_current; }
    void deliverFailure(quint64 id, const JobError& error, const std::function<void(const JobError&)>& failed);
    void track(QFuture<void> future);

    quint64 m_current = 0;
    bool m_running = false;
    QString m_title;
    std::shared_ptr<CancelToken> m_token;
    std::vector<QFuture<void>> m_futures;
};

template<class Result>
quint64 JobRunner::start(const QString& title, std::function<Result(const Progress&)> work,
                         std::function<void(Result)> done, std::function<void(const JobError&)> failed) {
    const Ticket ticket = begin(title);
    ProgressFn report = throttledReporter(ticket.id);
    auto future = QtConcurrent::run([this, ticket, work = std::move(work), done = std::move(done),
                                     failed = std::move(failed), report = std::move(report)]() mutable {
        const Progress progress{ report, ticket.token.get() };
        try {
            auto result = std::make_shared<Result>(work(progress));
            if (ticket.token->isCancelled()) throw Cancelled();
            QMetaObject::invokeMethod(
                this,
                [this, id = ticket.id, result, done = std::move(done)]() mutable {
                    Q_ASSERT(QThread::currentThread() == thread());
                    if (!isCurrent(id)) return; // a newer job superseded this one
                    m_running = false;
                    done(std::move(*result));
                    emit finished(id);
                },
                Qt::QueuedConnection);
        } catch (const Cancelled&) {
            // Qualified: inside this lambda lupdate would file a bare tr() under QtConcurrent.
            deliverFailure(ticket.id, JobError{ JobRunner::tr("Cancelled"), true }, failed);
        } catch (const FormatError& error) {
            deliverFailure(ticket.id,
                           JobError{ QString::fromStdString(error.what()), false, error.kind(),
                                     QString::fromStdString(error.file()), QString::fromStdString(error.place()),
                                     QString::fromStdString(error.message()) },
                           failed);
        } catch (const std::exception& error) {
            deliverFailure(ticket.id, JobError{ QString::fromStdString(error.what()), false }, failed);
        } catch (...) {
            deliverFailure(ticket.id, JobError{ JobRunner::tr("Unknown error"), false }, failed);
        }
    });
    track(std::move(future));
    return ticket.id;
}

} // namespace graphlens::views
