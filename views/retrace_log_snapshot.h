#pragma once
// The retrace log as a value: what every tf.function traced, when and why. Parsed from the JSON
// that core writes (core/eager/eager.h traceLogJson; schema in core/function/retrace_log.h) so
// the views never touch the engine. A malformed document gives a snapshot with `error` set and
// no functions, never an exception.
#include <QByteArray>
#include <QMap>
#include <QString>
#include <QVector>

namespace graphlens::views {

// Op type -> count, sorted by name (QMap) so the histogram reads the same on every run.
using OpHistogram = QMap<QString, int>;

struct RetraceReason {
    QString kind;     // e.g. "new_shape", "python_value"
    QString argument; // the argument that changed, empty when the reason is not per argument
    QString detail;   // "shape (2,) -> (3,)"
};

struct TraceEvent {
    int index = 0;     // the trace's number within its function
    int callIndex = 0; // 0-based call of the function that traced; -1: get_concrete_function
    int concrete = -1; // id of the concrete function the trace produced
    QString signature;
    QString callSiteFile;
    int callSiteLine = 0;
    double timeMs = 0;
    int graphNodes = 0;
    OpHistogram ops;
    OpHistogram libraryOps;
    QVector<RetraceReason> reasons;
    QString summary;
    QString suggestion;
    int repeat = 1; // > 1: this entry stands for that many identical retraces
};

struct ConcreteFunctionInfo {
    int id = -1;
    QString name;
    QString signature;
    int calls = 0;
    int graphNodes = 0;
    OpHistogram ops;
};

struct RetraceWarning {
    int callIndex = 0; // 0-based
    QString text;
};

struct TracedFunctionInfo {
    int id = -1;
    QString name;
    QString qualname;
    QString file;
    int line = 0;
    int calls = 0;
    int traces = 0;
    QVector<ConcreteFunctionInfo> concreteFunctions;
    QVector<TraceEvent> traceEvents;
    QVector<RetraceWarning> warnings;
    int collapsedEvents = 0;

    const ConcreteFunctionInfo* concreteById(int concreteId) const;
    const TraceEvent* eventByIndex(int eventIndex) const;
    int totalTraces() const; // counts a collapsed entry `repeat` times
};

struct RetraceLogSnapshot {
    int version = 0;
    QVector<TracedFunctionInfo> functions;
    QString error; // non-empty: the document could not be read; `functions` is empty

    bool isValid() const { return error.isEmpty(); }
    const TracedFunctionInfo* functionById(int functionId) const;
};

// Parses the retrace-log JSON. Missing optional keys take their defaults; a document that is not
// JSON, not an object, of another version, or with keys of the wrong type is an error.
RetraceLogSnapshot parseRetraceLog(const QByteArray& json);

// A signature as the tree shows it: TensorSpec(shape=(2, 4), dtype=tf.float32, name='x') becomes
// float32[2, 4], Literal[1.0] becomes 1.0; the full text stays in the tooltip and the details.
QString compactSignature(const QString& signature);

// The 1-based call number people read ("call 5") of a 0-based call index; 0 for a trace made
// outside any call (get_concrete_function).
inline int callNumber(int callIndex) {
    return callIndex < 0 ? 0 : callIndex + 1;
}

// "1 trace" / "3 traces": `one` or `many` (each with a %1) by n, both translatable by the caller.
inline QString formatCount(int n, const QString& one, const QString& many) {
    return (n == 1 ? one : many).arg(n);
}

// "AddV2 ×2, MatMul" style one-liner of a histogram, most frequent first.
QString formatOpHistogram(const OpHistogram& ops, int maxEntries = 6);

} // namespace graphlens::views
