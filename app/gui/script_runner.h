#pragma once
// Runs a Python script in GraphLens's engine for the GUI, through session::runScript (as
// `graphlens-cli run` does): its output collected in a buffer the GUI drains while the script
// runs, Stop through the job's CancelToken, and the retrace log and traced graphs taken from the
// session before it goes away, as the values core made (no files, no JSON). Called from a
// JobRunner worker.
#include <memory>
#include <utility>
#include <vector>

#include <QMap>
#include <QMutex>
#include <QPair>
#include <QString>

#include "core/eager/eager.h"
#include "core/function/retrace_log.h"
#include "core/util/progress.h"

namespace graphlens::app {

// Output written by the running script; the worker appends, the GUI thread takes.
class ScriptOutput {
public:
    void append(const QString& text, bool isError);
    // Everything appended since the last take, as HTML-free chunks tagged stdout/stderr.
    struct Chunk {
        QString text;
        bool isError = false;
    };
    std::vector<Chunk> take();

private:
    QMutex m_mutex;
    std::vector<Chunk> m_chunks;
};

struct ScriptRunOutcome {
    bool ok = true;
    int exitCode = 0;
    QString report;    // the traceback or syntax error, as printed on stderr
    int errorLine = 0; // the line of the script the traceback ends in, 0 when none
    QString errorText; // the traceback's last line ("ValueError: ...")
    function::RetraceLog retraceLog;
    // The traced graphs still kept, by (retrace-log function id, trace index).
    QMap<QPair<int, qint64>, eager::TracedGraph> tracedGraphs;
    double seconds = 0;
};

// Runs `source` as __main__ named `path`. Blocks until the script ends or `cancel` fires.
ScriptRunOutcome runScript(const QString& source, const QString& path, const std::shared_ptr<ScriptOutput>& output,
                           const CancelToken* cancel);

// The innermost `File "<path>", line N` of a traceback that names `path`, and the traceback's
// last line; {0, last line} when no frame is in that file.
std::pair<int, QString> tracebackLocation(const QString& report, const QString& path);

} // namespace graphlens::app
