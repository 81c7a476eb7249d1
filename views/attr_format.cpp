#include "views/attr_format.h"

#include <QLocale>

#include "core/graph/io/tensor_value.h"
#include "core/layout/labels.h"

namespace graphlens::views {
namespace {

QString q(const std::string& text) {
    return QString::fromStdString(text);
}

QString number(double value) {
    return QString::number(value, 'g', 7);
}

QString joinCapped(const QStringList& parts, int total, int shown) {
    QString out = QStringLiteral("[") + parts.mid(0, shown).join(QStringLiteral(", "));
    if (total > shown) out += QStringLiteral(", \u2026 (%1 more)").arg(total - shown);
    return out + QStringLiteral("]");
}

} // namespace

QString readableBytes(const std::string& bytes, int maxChars) {
    const QString text = QString::fromUtf8(bytes.data(), static_cast<qsizetype>(bytes.size()));
    bool printable = !text.contains(QChar::ReplacementCharacter);
    for (const QChar c : text)
        if (!c.isPrint() && c != QLatin1Char('\n') && c != QLatin1Char('\t')) printable = false;
    QString out = printable ? text : q(io::bytesRepr(bytes.substr(0, static_cast<size_t>(maxChars))));
    if (out.size() > maxChars) out = out.left(maxChars) + QStringLiteral("\u2026");
    return out;
}

QString summariseTensor(const tensorflow::TensorProto& tensor, int maxShown) {
    QString out =
        q(layout::dtypeLabel(tensor.dtype())) + QLatin1Char(' ') + q(layout::shapeInBrackets(tensor.tensor_shape()));
    try {
        const io::TensorValue value = io::tensorFromProto(tensor, "", "", 1 << 20);
        const int64_t count = value.numElements();
        if (count >= 0)
            out += QStringLiteral(" \u00b7 %1 %2")
                       .arg(QLocale::c().toString(static_cast<qlonglong>(count)),
                            count == 1 ? QStringLiteral("value") : QStringLiteral("values"));
        if (value.hasValues() && count > 0) {
            QStringList shown;
            const int64_t limit = std::min<int64_t>(count, maxShown);
            for (int64_t i = 0; i < limit; ++i) shown << q(io::formatElement(value, i));
            out += QStringLiteral(" = ") +
                (count == 1 ? shown.front()
                            : joinCapped(shown, static_cast<int>(std::min<int64_t>(count, 1 << 30)), maxShown));
        } else if (!value.note.empty()) {
            out += QStringLiteral(" (") + q(value.note) + QLatin1Char(')');
        }
    } catch (const std::exception& error) {
        out += QStringLiteral(" (unreadable: %1)").arg(q(error.what()));
    }
    return out;
}

QStringList formatListElements(const tensorflow::AttrValue& value, int maxElements) {
    QStringList out;
    if (!value.has_list()) return out;
    const auto& list = value.list();
    auto capped = [&](int size) { return std::min(size, maxElements); };
    for (int i = 0; i < capped(list.s_size()); ++i) out << readableBytes(list.s(i));
    for (int i = 0; i < capped(list.i_size()); ++i) out << QString::number(list.i(i));
    for (int i = 0; i < capped(list.f_size()); ++i) out << number(list.f(i));
    for (int i = 0; i < capped(list.b_size()); ++i)
        out << (list.b(i) ? QStringLiteral("true") : QStringLiteral("false"));
    for (int i = 0; i < capped(list.type_size()); ++i)
        out << q(layout::dtypeLabel(static_cast<tensorflow::DataType>(list.type(i))));
    for (int i = 0; i < capped(list.shape_size()); ++i) out << q(layout::shapeInBrackets(list.shape(i)));
    for (int i = 0; i < capped(list.tensor_size()); ++i) out << summariseTensor(list.tensor(i));
    for (int i = 0; i < capped(list.func_size()); ++i) out << q(list.func(i).name());
    return out;
}

QString formatAttrValue(const tensorflow::AttrValue& value) {
    switch (value.value_case()) {
    case tensorflow::AttrValue::kS:
        return readableBytes(value.s());
    case tensorflow::AttrValue::kI:
        return QString::number(value.i());
    case tensorflow::AttrValue::kF:
        return number(value.f());
    case tensorflow::AttrValue::kB:
        return value.b() ? QStringLiteral("true") : QStringLiteral("false");
    case tensorflow::AttrValue::kType:
        return q(layout::dtypeLabel(value.type()));
    case tensorflow::AttrValue::kShape:
        return q(layout::shapeInBrackets(value.shape()));
    case tensorflow::AttrValue::kTensor:
        return summariseTensor(value.tensor());
    case tensorflow::AttrValue::kFunc: {
        QString out = q(value.func().name());
        if (value.func().attr_size() > 0) out += QStringLiteral(" (%1 attrs)").arg(value.func().attr_size());
        return out;
    }
    case tensorflow::AttrValue::kPlaceholder:
        return QLatin1Char('$') + q(value.placeholder());
    case tensorflow::AttrValue::kList: {
        const auto& list = value.list();
        const int total = list.s_size() + list.i_size() + list.f_size() + list.b_size() + list.type_size() +
            list.shape_size() + list.tensor_size() + list.func_size();
        return joinCapped(formatListElements(value, 16), total, 16);
    }
    case tensorflow::AttrValue::VALUE_NOT_SET:
        break;
    }
    return QStringLiteral("<not set>");
}

} // namespace graphlens::views
