#include "views/retrace_log_snapshot.h"

#include <algorithm>
#include <stdexcept>

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>

namespace graphlens::views {
namespace {

constexpr int kSupportedVersion = 1;

// Thrown while reading; turned into RetraceLogSnapshot::error with the place it happened.
struct SchemaError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(const QString& where, const QString& what) {
    throw SchemaError((where + QStringLiteral(": ") + what).toStdString());
}

// Reads typed members of one JSON object; `where` names the object ("functions[2].trace_events[0]")
// so an error points at the offending value.
class ObjectReader {
public:
    ObjectReader(const QJsonValue& value, QString where)
        : m_where(std::move(where)) {
        if (!value.isObject()) fail(m_where, QStringLiteral("expected an object"));
        m_object = value.toObject();
    }

    int integer(const char* key, int fallback = 0) const {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull()) return fallback;
        if (!v.isDouble()) fail(path(key), QStringLiteral("expected a number"));
        return v.toInt(fallback);
    }
    double number(const char* key) const {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull()) return 0;
        if (!v.isDouble()) fail(path(key), QStringLiteral("expected a number"));
        return v.toDouble();
    }
    QString string(const char* key) const {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull()) return {};
        if (!v.isString()) fail(path(key), QStringLiteral("expected a string"));
        return v.toString();
    }
    QJsonArray array(const char* key) const {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull()) return {};
        if (!v.isArray()) fail(path(key), QStringLiteral("expected an array"));
        return v.toArray();
    }
    QJsonValue value(const char* key) const { return m_object.value(QLatin1String(key)); }
    bool has(const char* key) const { return m_object.contains(QLatin1String(key)); }
    QString path(const char* key) const { return m_where + QLatin1Char('.') + QLatin1String(key); }
    QString element(const char* key, qsizetype i) const { return path(key) + QStringLiteral("[%1]").arg(i); }

private:
    QJsonObject m_object;
    QString m_where;
};

OpHistogram readHistogram(const ObjectReader& parent, const char* key) {
    OpHistogram ops;
    const QJsonValue v = parent.value(key);
    if (v.isUndefined() || v.isNull()) return ops;
    if (!v.isObject()) fail(parent.path(key), QStringLiteral("expected an object of op counts"));
    const QJsonObject object = v.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!it->isDouble()) fail(parent.path(key) + QLatin1Char('.') + it.key(), QStringLiteral("expected a number"));
        ops.insert(it.key(), it->toInt());
    }
    return ops;
}

TraceEvent readEvent(const QJsonValue& value, const QString& where) {
    const ObjectReader r(value, where);
    TraceEvent e;
    e.index = r.integer("index");
    e.callIndex = r.integer("call_index");
    e.concrete = r.integer("concrete", -1);
    e.signature = r.string("signature");
    if (r.has("call_site")) {
        const ObjectReader site(r.value("call_site"), r.path("call_site"));
        e.callSiteFile = site.string("file");
        e.callSiteLine = site.integer("line");
    }
    e.timeMs = r.number("time_ms");
    e.graphNodes = r.integer("graph_nodes");
    e.ops = readHistogram(r, "ops");
    e.libraryOps = readHistogram(r, "library_ops");
    const QJsonArray reasons = r.array("reasons");
    for (qsizetype i = 0; i < reasons.size(); ++i) {
        const ObjectReader reason(reasons[i], r.element("reasons", i));
        e.reasons.push_back({ reason.string("kind"), reason.string("argument"), reason.string("detail") });
    }
    e.summary = r.string("summary");
    e.suggestion = r.string("suggestion");
    e.repeat = std::max(1, r.integer("repeat", 1));
    return e;
}

TracedFunctionInfo readFunction(const QJsonValue& value, const QString& where) {
    const ObjectReader r(value, where);
    TracedFunctionInfo f;
    f.id = r.integer("id", -1);
    f.name = r.string("name");
    f.qualname = r.string("qualname");
    f.file = r.string("file");
    f.line = r.integer("line");
    f.calls = r.integer("calls");
    f.traces = r.integer("traces");
    f.collapsedEvents = r.integer("collapsed_events");
    const QJsonArray concretes = r.array("concrete_functions");
    for (qsizetype i = 0; i < concretes.size(); ++i) {
        const ObjectReader c(concretes[i], r.element("concrete_functions", i));
        ConcreteFunctionInfo info;
        info.id = c.integer("id", -1);
        info.name = c.string("name");
        info.signature = c.string("signature");
        info.calls = c.integer("calls");
        info.graphNodes = c.integer("graph_nodes");
        info.ops = readHistogram(c, "ops");
        f.concreteFunctions.push_back(std::move(info));
    }
    const QJsonArray events = r.array("trace_events");
    for (qsizetype i = 0; i < events.size(); ++i)
        f.traceEvents.push_back(readEvent(events[i], r.element("trace_events", i)));
    const QJsonArray warnings = r.array("warnings");
    for (qsizetype i = 0; i < warnings.size(); ++i) {
        const ObjectReader w(warnings[i], r.element("warnings", i));
        f.warnings.push_back({ w.integer("call_index"), w.string("text") });
    }
    return f;
}

// A class rather than a free tr() so that lupdate files these strings under the context tr() asks
// for at run time (it records a free tr() under the enclosing namespace).
struct RetraceLog {
    Q_DECLARE_TR_FUNCTIONS(graphlens::views::RetraceLog)
};

} // namespace

const ConcreteFunctionInfo* TracedFunctionInfo::concreteById(int concreteId) const {
    for (const auto& c : concreteFunctions)
        if (c.id == concreteId) return &c;
    return nullptr;
}

const TraceEvent* TracedFunctionInfo::eventByIndex(int eventIndex) const {
    for (const auto& e : traceEvents)
        if (e.index == eventIndex) return &e;
    return nullptr;
}

int TracedFunctionInfo::totalTraces() const {
    int total = 0;
    for (const auto& e : traceEvents) total += e.repeat;
    return total;
}

const TracedFunctionInfo* RetraceLogSnapshot::functionById(int functionId) const {
    for (const auto& f : functions)
        if (f.id == functionId) return &f;
    return nullptr;
}

RetraceLogSnapshot parseRetraceLog(const QByteArray& json) {
    RetraceLogSnapshot snapshot;
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        snapshot.error = RetraceLog::tr("The retrace log is not valid JSON (at byte %1: %2).")
                             .arg(parseError.offset)
                             .arg(parseError.errorString());
        return snapshot;
    }
    if (!document.isObject()) {
        snapshot.error = RetraceLog::tr("The retrace log is not a JSON object.");
        return snapshot;
    }
    try {
        const ObjectReader root(document.object(), QStringLiteral("log"));
        snapshot.version = root.integer("version");
        if (snapshot.version != kSupportedVersion)
            fail(root.path("version"),
                 RetraceLog::tr("unsupported version %1 (expected %2)").arg(snapshot.version).arg(kSupportedVersion));
        const QJsonArray functions = root.array("functions");
        for (qsizetype i = 0; i < functions.size(); ++i)
            snapshot.functions.push_back(readFunction(functions[i], root.element("functions", i)));
    } catch (const SchemaError& error) {
        snapshot.functions.clear();
        snapshot.error =
            RetraceLog::tr("The retrace log does not follow its schema: %1").arg(QString::fromUtf8(error.what()));
    }
    return snapshot;
}

QString compactSignature(const QString& signature) {
    static const QRegularExpression tensorSpec(QStringLiteral(
        R"re(TensorSpec\(shape=(?:\(([^)]*)\)|<unknown>|None), dtype=tf\.(\w+)(?:, name=(?:'[^']*'|None))?\))re"));
    static const QRegularExpression variableSpec(
        QStringLiteral(R"re(VariableSpec\(shape=\(([^)]*)\), dtype=tf\.(\w+)[^)]*\))re"));
    static const QRegularExpression literal(QStringLiteral(R"re(Literal\[([^\]]*)\])re"));
    static const QRegularExpression trailingComma(QStringLiteral(R"re(\[(\w+),\])re"));
    QString text = signature;
    text.replace(tensorSpec, QStringLiteral("\\2[\\1]"));
    text.replace(variableSpec, QStringLiteral("var \\2[\\1]"));
    text.replace(literal, QStringLiteral("\\1"));
    text.replace(trailingComma, QStringLiteral("[\\1]")); // (3,) -> [3]
    return text;
}

QString formatOpHistogram(const OpHistogram& ops, int maxEntries) {
    QVector<std::pair<QString, int>> sorted;
    for (auto it = ops.begin(); it != ops.end(); ++it) sorted.push_back({ it.key(), it.value() });
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    QStringList parts;
    for (qsizetype i = 0; i < sorted.size() && i < maxEntries; ++i)
        parts << (sorted[i].second > 1 ? QStringLiteral("%1 \u00d7%2").arg(sorted[i].first).arg(sorted[i].second)
                                       : sorted[i].first);
    if (sorted.size() > maxEntries) parts << QStringLiteral("\u2026");
    return parts.join(QStringLiteral(", "));
}

} // namespace graphlens::views
