#include "profiler/profile_file.h"

#include <cctype>
#include <fstream>

#include "core/util/error.h"
#include "profiler/chrome_trace.h"
#include "profiler/xplane.h"

namespace graphlens::profiler {

ProfileFile readProfile(const std::string& path, Trace& trace) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FormatError(path, "", "cannot open file", ErrorKind::NotFound);
    char head[64] = {};
    in.read(head, sizeof head);
    const auto got = static_cast<size_t>(in.gcount());
    bool json = got >= 2 && static_cast<unsigned char>(head[0]) == 0x1f && static_cast<unsigned char>(head[1]) == 0x8b;
    for (size_t i = 0; i < got && !json; ++i) {
        if (std::isspace(static_cast<unsigned char>(head[i]))) continue;
        json = head[i] == '{' || head[i] == '[';
        break;
    }
    ProfileFile file;
    if (json) {
        file.format = "chrome-json";
        file.warnings = readChromeTrace(path, trace).warnings;
    } else {
        file.format = "xspace";
        file.warnings = readXSpace(path, trace).warnings;
    }
    return file;
}

} // namespace graphlens::profiler
