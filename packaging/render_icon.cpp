// graphlens-render-icon SVG SIZE OUT.png: renders the application icon at one hicolor size, so
// the package ships PNGs made from the one SVG in the repository rather than committed copies.
#include <cstdio>

#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

int main(int argc, char* argv[]) {
    // No QGuiApplication: painting SVG paths (the icon has no text) into a QImage needs no
    // platform plugin, so this runs on build machines without a display.
    if (argc != 4) {
        std::fprintf(stderr, "usage: graphlens-render-icon SVG SIZE OUT.png\n");
        return 2;
    }
    QSvgRenderer renderer{ QString::fromLocal8Bit(argv[1]) };
    if (!renderer.isValid()) {
        std::fprintf(stderr, "graphlens-render-icon: %s: not a valid SVG\n", argv[1]);
        return 1;
    }
    bool sizeOk = false;
    const int size = QString::fromLocal8Bit(argv[2]).toInt(&sizeOk);
    if (!sizeOk || size < 8 || size > 1024) {
        std::fprintf(stderr, "graphlens-render-icon: size %s is not in 8..1024\n", argv[2]);
        return 2;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        renderer.render(&painter);
    }
    if (!image.save(QString::fromLocal8Bit(argv[3]), "PNG")) {
        std::fprintf(stderr, "graphlens-render-icon: cannot write %s\n", argv[3]);
        return 1;
    }
    return 0;
}
