// `_os`: the native half of os, os.path and io (core/lang/python/stdlib/os.py, os__path.py,
// io.py), and the open() builtin. Every path goes through resolveAllowed: made absolute against
// the working directory, `..` and symbolic links resolved component by component, and refused
// with PermissionError unless the result lies under one of the host's roots (FileAccess). The
// system calls then get the resolved path, so what was checked is what is opened.
#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <deque>
#include <dirent.h>
#include <fcntl.h>
#include <map>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <thread>
#include <unistd.h>

#include "core/lang/interp_internal.h"
#include "core/lang/literals.h"
#include "core/util/utf8.h"

namespace graphlens::lang {

std::vector<std::pair<std::string, std::string>> defaultScriptEnviron() {
    // Names TensorFlow and Keras scripts set or read; the values are what those libraries assume
    // when the variable is unset. (TF_ENABLE_ONEDNN_OPTS has no such value: TF decides by the CPU.)
    return { { "KERAS_BACKEND", "tensorflow" },
             { "TF_CPP_MIN_LOG_LEVEL", "0" },
             { "PYTHONHASHSEED", "random" },
             { "LANG", "C.UTF-8" } };
}

namespace {

const char* const kOutsideNote =
    "GraphLens scripts reach files only in the script's folder and the run's temporary folder";

struct OpenFile {
    int fd = -1;
};

// What one run has open and has written; closed with the interpreter.
struct FileState {
    std::vector<std::string> roots; // real paths of FileAccess::roots that exist
    std::map<int64_t, OpenFile> files;
    int64_t nextHandle = 3;
    int64_t written = 0;
    ~FileState() {
        for (auto& [h, f] : files) ::close(f.fd);
    }
};

FileState& state(Interpreter& in) {
    std::shared_ptr<void>& slot = InterpreterAccess::fileState(in);
    if (!slot) {
        auto st = std::make_shared<FileState>();
        for (const std::string& r : in.fileAccess().roots) {
            char buf[PATH_MAX];
            if (!r.empty() && r[0] == '/' && ::realpath(r.c_str(), buf)) st->roots.emplace_back(buf);
        }
        slot = st;
    }
    return *static_cast<FileState*>(slot.get());
}

[[noreturn]] void raiseOS(Interpreter& in, int err, const Value& name, const Value& name2 = Value(),
                          const char* note = nullptr) {
    std::vector<Value> args{ Value::integer(err), newStr(std::strerror(err)) };
    if (!name.isUndef()) {
        args.push_back(name);
        if (!name2.isUndef()) {
            args.push_back(Value::none());
            args.push_back(name2);
        }
    }
    Value exc = in.call(Value::object(osErrorSubclass(err)), args.data(), args.size());
    if (note) static_cast<ExcObj*>(exc.obj())->d()->setStr("_graphlens_note", newStr(note));
    raiseValue(exc);
}

std::string pathArg(Interpreter& in, const Value& v) {
    if (v.isKind(ObjKind::Str)) return v.as<StrObj>()->s;
    if (v.isKind(ObjKind::Bytes)) return v.as<BytesObj>()->s;
    raise(types().TypeError, std::string("expected str, bytes or os.PathLike object, not ") + typeName(in, v));
}

std::string cwdOf(FileState& st) {
    return st.roots.empty() ? std::string("/") : st.roots.front();
}

bool under(const std::string& p, const std::string& root) {
    if (root == "/") return true;
    return p == root || (p.size() > root.size() && p.compare(0, root.size(), root) == 0 && p[root.size()] == '/');
}

// The physical path `given` names (symbolic links followed, the last one only with followLast)
// if it lies under a root; otherwise PermissionError naming `given`. Components past the first
// one that does not exist are taken as written.
std::string resolveAllowed(Interpreter& in, const Value& givenV, bool followLast = true) {
    FileState& st = state(in);
    const std::string given = pathArg(in, givenV);
    if (given.empty()) raiseOS(in, ENOENT, givenV);
    if (given.find('\0') != std::string::npos) raise(types().ValueError, "embedded null byte");
    if (st.roots.empty()) raiseOS(in, EACCES, givenV, Value(), kOutsideNote);
    std::deque<std::string> todo;
    auto pushFront = [&](const std::string& p) {
        std::vector<std::string> parts;
        size_t i = 0;
        while (i <= p.size()) {
            size_t j = p.find('/', i);
            if (j == std::string::npos) j = p.size();
            if (j > i) parts.push_back(p.substr(i, j - i));
            i = j + 1;
        }
        todo.insert(todo.begin(), parts.begin(), parts.end());
    };
    pushFront(given);
    if (given[0] != '/') pushFront(cwdOf(st));
    std::string cur; // "" is "/"
    bool missing = false;
    int links = 0;
    while (!todo.empty()) {
        std::string comp = std::move(todo.front());
        todo.pop_front();
        if (comp == ".") continue;
        if (comp == "..") {
            cur.resize(cur.rfind('/') == std::string::npos ? 0 : cur.rfind('/'));
            continue;
        }
        std::string next = cur + "/" + comp;
        const bool last = std::all_of(todo.begin(), todo.end(), [](const std::string& c) { return c == "."; });
        struct stat sb;
        if (missing || ::lstat(next.c_str(), &sb) != 0) {
            missing = true;
            cur = std::move(next);
            continue;
        }
        if (S_ISLNK(sb.st_mode) && (!last || followLast)) {
            if (++links > 40) raiseOS(in, ELOOP, givenV);
            char buf[PATH_MAX];
            ssize_t n = ::readlink(next.c_str(), buf, sizeof buf - 1);
            if (n < 0) raiseOS(in, errno, givenV);
            std::string target(buf, size_t(n));
            if (!target.empty() && target[0] == '/') cur.clear();
            pushFront(target);
            continue;
        }
        cur = std::move(next);
    }
    if (cur.empty()) cur = "/";
    for (const std::string& root : st.roots)
        if (under(cur, root)) return cur;
    raiseOS(in, EACCES, givenV, Value(), kOutsideNote);
}

OpenFile& fileOf(Interpreter& in, const Value& h) {
    FileState& st = state(in);
    auto it = st.files.find(in.toIndex(h));
    if (it == st.files.end()) raise(types().ValueError, "I/O operation on closed file.");
    return it->second;
}

Value bytesValue(std::string s) {
    return Value::adopt(new BytesObj(std::move(s)));
}

// Reads up to n bytes (n < 0: to the end), the buffer charged to the memory cap before it grows.
std::string readBytes(Interpreter& in, int fd, int64_t n, const Value& name) {
    std::string out;
    if (n >= 0) {
        memCheck(n);
        out.resize(size_t(n));
        size_t got = 0;
        while (got < size_t(n)) {
            ssize_t r = ::read(fd, out.data() + got, size_t(n) - got);
            if (r < 0 && errno == EINTR) continue;
            if (r < 0) raiseOS(in, errno, name);
            if (r == 0) break;
            got += size_t(r);
        }
        out.resize(got);
        return out;
    }
    struct stat sb;
    if (::fstat(fd, &sb) == 0 && sb.st_size > 0) {
        off_t pos = ::lseek(fd, 0, SEEK_CUR);
        if (pos >= 0 && sb.st_size > pos) {
            memCheck(int64_t(sb.st_size - pos));
            out.reserve(size_t(sb.st_size - pos));
        }
    }
    char buf[65536];
    for (;;) {
        ssize_t r = ::read(fd, buf, sizeof buf);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) raiseOS(in, errno, name);
        if (r == 0) break;
        memCheck(int64_t(out.size()) + r);
        out.append(buf, size_t(r));
    }
    return out;
}

// ----- text encodings (utf-8, ascii, latin-1) -----

enum class Codec { Utf8, Utf8Sig, Ascii, Latin1 };

Codec codecOf(Interpreter& in, const Value& v) {
    std::string e = in.str(v);
    std::string k;
    for (char c : e) k += c == '_' ? '-' : char(std::tolower(static_cast<unsigned char>(c)));
    if (k == "utf-8" || k == "utf8" || k == "u8") return Codec::Utf8;
    if (k == "utf-8-sig") return Codec::Utf8Sig;
    if (k == "ascii" || k == "us-ascii") return Codec::Ascii;
    if (k == "latin-1" || k == "latin1" || k == "iso-8859-1" || k == "iso8859-1" || k == "l1") return Codec::Latin1;
    raise(types().LookupError, "unknown encoding: " + e);
}

const char* codecName(Codec c) {
    switch (c) {
    case Codec::Utf8:
        return "utf-8";
    case Codec::Utf8Sig:
        return "utf-8-sig";
    case Codec::Ascii:
        return "ascii";
    case Codec::Latin1:
        return "latin-1";
    }
    return "utf-8";
}

std::string hexByte(unsigned char b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02x", b);
    return buf;
}

Value decode(const std::string& data, Codec codec, const std::string& errors) {
    std::string out;
    memCheck(int64_t(data.size()));
    out.reserve(data.size());
    const bool strict = errors == "strict", replace = errors == "replace";
    if (!strict && !replace && errors != "ignore")
        raise(types().LookupError, "unknown error handler name '" + errors + "'");
    size_t i = 0;
    if (codec == Codec::Utf8Sig && data.compare(0, 3, "\xEF\xBB\xBF") == 0) i = 3;
    while (i < data.size()) {
        const auto b = static_cast<unsigned char>(data[i]);
        if (codec == Codec::Latin1) {
            appendUtf8(out, b);
            ++i;
            continue;
        }
        const char* why = "ordinal not in range(128)";
        size_t n = codec == Codec::Ascii ? (b < 0x80 ? 1 : 0) : utf8SequenceLength(data, i, &why);
        if (n) {
            out.append(data, i, n);
            i += n;
            continue;
        }
        if (strict) {
            // A sequence cut off by the end of the data is named as the bytes it has, as CPython does.
            const std::string where = std::strcmp(why, "unexpected end of data") == 0 && data.size() - i > 1
                ? "bytes in position " + std::to_string(i) + "-" + std::to_string(data.size() - 1)
                : "byte " + hexByte(b) + " in position " + std::to_string(i);
            raise(types().UnicodeDecodeError,
                  std::string("'") + codecName(codec) + "' codec can't decode " + where + ": " + why);
        }
        if (replace) out += "\xEF\xBF\xBD";
        ++i;
        // a truncated sequence is one error, as CPython counts it
        while (codec != Codec::Ascii && i < data.size() && (static_cast<unsigned char>(data[i]) & 0xC0) == 0x80 &&
               std::strcmp(why, "invalid start byte") != 0)
            ++i;
    }
    return newStr(std::move(out));
}

Value encode(Interpreter& in, const std::string& s, Codec codec, const std::string& errors) {
    (void)in;
    if (codec == Codec::Utf8 || codec == Codec::Utf8Sig)
        return bytesValue(codec == Codec::Utf8Sig ? "\xEF\xBB\xBF" + s : s);
    const bool strict = errors == "strict", replace = errors == "replace";
    if (!strict && !replace && errors != "ignore")
        raise(types().LookupError, "unknown error handler name '" + errors + "'");
    const uint32_t limit = codec == Codec::Ascii ? 0x80 : 0x100;
    std::string out;
    int64_t pos = 0;
    for (size_t i = 0; i < s.size(); ++pos) {
        const auto b = static_cast<unsigned char>(s[i]);
        size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        uint32_t cp = n == 1 ? b : b & (0x7F >> n);
        for (size_t k = 1; k < n && i + k < s.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        if (cp < limit) {
            out += char(cp);
        } else if (strict) {
            char buf[16];
            std::snprintf(buf, sizeof buf, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", cp);
            raise(types().UnicodeEncodeError,
                  std::string("'") + codecName(codec) + "' codec can't encode character '" + buf + "' in position " +
                      std::to_string(pos) + ": ordinal not in range(" + std::to_string(limit) + ")");
        } else if (replace) {
            out += '?';
        }
        i += n;
    }
    return bytesValue(std::move(out));
}

Value statTuple(const struct stat& sb) {
    auto ts = [](const struct timespec& t) { return Value::flt(double(t.tv_sec) + double(t.tv_nsec) * 1e-9); };
    auto ns = [](const struct timespec& t) {
        return Value::integer(int64_t(t.tv_sec) * 1000000000 + int64_t(t.tv_nsec));
    };
    return newTuple({ Value::integer(sb.st_mode), Value::integer(int64_t(sb.st_ino)),
                      Value::integer(int64_t(sb.st_dev)), Value::integer(int64_t(sb.st_nlink)),
                      Value::integer(sb.st_uid), Value::integer(sb.st_gid), Value::integer(int64_t(sb.st_size)),
                      ts(sb.st_atim), ts(sb.st_mtim), ts(sb.st_ctim), ns(sb.st_atim), ns(sb.st_mtim), ns(sb.st_ctim) });
}

// A host variable read as a positive count, 0 when unset or not a number.
int64_t positiveEnv(const char* name) {
    const char* c = std::getenv(name);
    if (!c || !*c) return 0;
    char* end = nullptr;
    long v = std::strtol(c, &end, 10);
    return end && *end == 0 && v > 0 ? v : 0;
}

void fillOs(Interpreter& in, DictObj* d) {
    (void)in;
    auto def = [&](const char* name, NativeFn fn) { d->setStr(name, newBuiltin(name, std::move(fn))); };
    auto arg = [](CallArgs& a, size_t i) -> const Value& {
        if (i >= a.n) raise(types().TypeError, "missing argument");
        return a[i];
    };

    def("getcwd", [](Interpreter& inn, CallArgs&) -> Value { return newStr(cwdOf(state(inn))); });
    def("tempdir", [](Interpreter& inn, CallArgs&) -> Value {
        const std::string& t = inn.fileAccess().tempDir;
        return t.empty() ? Value::none() : newStr(t);
    });
    def("environ", [](Interpreter& inn, CallArgs&) -> Value {
        Value dv = newDict();
        for (auto& [k, v] : inn.environ()) dv.as<DictObj>()->setStr(k, newStr(v));
        if (!inn.fileAccess().tempDir.empty()) dv.as<DictObj>()->setStr("TMPDIR", newStr(inn.fileAccess().tempDir));
        return dv;
    });
    def("cpu_count", [](Interpreter&, CallArgs&) -> Value {
        unsigned n = std::thread::hardware_concurrency();
        return n ? Value::integer(n) : Value::none();
    });
    // stat(path, follow_symlinks) -> (mode, ino, dev, nlink, uid, gid, size, atime, mtime, ctime)
    def("stat", [arg](Interpreter& inn, CallArgs& a) -> Value {
        const bool follow = a.n < 2 || inn.truthy(a[1]);
        std::string p = resolveAllowed(inn, arg(a, 0), follow);
        struct stat sb;
        if ((follow ? ::stat(p.c_str(), &sb) : ::lstat(p.c_str(), &sb)) != 0) raiseOS(inn, errno, a[0]);
        return statTuple(sb);
    });
    def("realpath", [arg](Interpreter& inn, CallArgs& a) -> Value { return newStr(resolveAllowed(inn, arg(a, 0))); });
    def("listdir", [arg](Interpreter& inn, CallArgs& a) -> Value {
        std::string p = resolveAllowed(inn, arg(a, 0));
        DIR* dir = ::opendir(p.c_str());
        if (!dir) raiseOS(inn, errno, a[0]);
        std::vector<std::string> names;
        while (dirent* e = ::readdir(dir)) {
            std::string n = e->d_name;
            if (n != "." && n != "..") names.push_back(std::move(n));
        }
        ::closedir(dir);
        std::sort(names.begin(), names.end()); // a deterministic order for scripts' output
        std::vector<Value> out;
        for (auto& n : names) out.push_back(a[0].isKind(ObjKind::Bytes) ? bytesValue(n) : newStr(n));
        return newList(std::move(out));
    });
    def("mkdir", [arg](Interpreter& inn, CallArgs& a) -> Value {
        std::string p = resolveAllowed(inn, arg(a, 0), false);
        if (::mkdir(p.c_str(), 0777) != 0) raiseOS(inn, errno, a[0]);
        return Value::none();
    });
    def("rmdir", [arg](Interpreter& inn, CallArgs& a) -> Value {
        std::string p = resolveAllowed(inn, arg(a, 0), false);
        for (const std::string& root : state(inn).roots)
            if (p == root) raiseOS(inn, EACCES, a[0], Value(), "the script's folders themselves stay");
        if (::rmdir(p.c_str()) != 0) raiseOS(inn, errno, a[0]);
        return Value::none();
    });
    def("remove", [arg](Interpreter& inn, CallArgs& a) -> Value {
        std::string p = resolveAllowed(inn, arg(a, 0), false);
        if (::unlink(p.c_str()) != 0) raiseOS(inn, errno, a[0]);
        return Value::none();
    });
    // chmod(path, mode, follow_symlinks)
    def("chmod", [arg](Interpreter& inn, CallArgs& a) -> Value {
        const bool follow = a.n < 3 || inn.truthy(a[2]);
        std::string p = resolveAllowed(inn, arg(a, 0), follow);
        const auto mode = mode_t(inn.toIndex(arg(a, 1)) & 07777);
        if (::fchmodat(AT_FDCWD, p.c_str(), mode, follow ? 0 : AT_SYMLINK_NOFOLLOW) != 0) raiseOS(inn, errno, a[0]);
        return Value::none();
    });
    // utime(path, atime_ns, mtime_ns, follow_symlinks): None for both is "now"
    def("utime", [arg](Interpreter& inn, CallArgs& a) -> Value {
        const bool follow = a.n < 4 || inn.truthy(a[3]);
        std::string p = resolveAllowed(inn, arg(a, 0), follow);
        struct timespec times[2];
        for (int i = 0; i < 2; ++i) {
            const Value& t = arg(a, size_t(1 + i));
            if (t.isNone()) {
                times[i].tv_sec = 0;
                times[i].tv_nsec = UTIME_NOW;
            } else {
                const int64_t v = inn.toIndex(t);
                times[i].tv_sec = time_t(v / 1000000000 - (v % 1000000000 < 0 ? 1 : 0));
                times[i].tv_nsec = long(v - int64_t(times[i].tv_sec) * 1000000000);
            }
        }
        if (::utimensat(AT_FDCWD, p.c_str(), times, follow ? 0 : AT_SYMLINK_NOFOLLOW) != 0) raiseOS(inn, errno, a[0]);
        return Value::none();
    });
    def("readlink", [arg](Interpreter& inn, CallArgs& a) -> Value {
        std::string p = resolveAllowed(inn, arg(a, 0), false);
        char buf[PATH_MAX];
        ssize_t n = ::readlink(p.c_str(), buf, sizeof buf - 1);
        if (n < 0) raiseOS(inn, errno, a[0]);
        std::string target(buf, size_t(n));
        return a[0].isKind(ObjKind::Bytes) ? bytesValue(std::move(target)) : newStr(std::move(target));
    });
    // symlink(target, link): the link is made inside the roots; what it points at is only text
    // until something follows it, and following goes through resolveAllowed again.
    def("symlink", [arg](Interpreter& inn, CallArgs& a) -> Value {
        const std::string target = pathArg(inn, arg(a, 0));
        std::string p = resolveAllowed(inn, arg(a, 1), false);
        if (::symlink(target.c_str(), p.c_str()) != 0) raiseOS(inn, errno, a[0], a[1]);
        return Value::none();
    });
    // disk_usage(path) -> (total, used, free) in bytes, as shutil.disk_usage counts them
    def("disk_usage", [arg](Interpreter& inn, CallArgs& a) -> Value {
        std::string p = resolveAllowed(inn, arg(a, 0));
        struct statvfs sv;
        if (::statvfs(p.c_str(), &sv) != 0) raiseOS(inn, errno, a[0]);
        const auto unit = int64_t(sv.f_frsize);
        return newTuple({ Value::integer(int64_t(sv.f_blocks) * unit),
                          Value::integer(int64_t(sv.f_blocks - sv.f_bfree) * unit),
                          Value::integer(int64_t(sv.f_bavail) * unit) });
    });
    // terminal_size() -> (columns, lines) from the host's COLUMNS / LINES (0 where unset), the
    // terminal Keras' summary() measures too (core/eager terminal_columns)
    def("terminal_size", [](Interpreter&, CallArgs&) -> Value {
        return newTuple({ Value::integer(positiveEnv("COLUMNS")), Value::integer(positiveEnv("LINES")) });
    });
    def("rename", [arg](Interpreter& inn, CallArgs& a) -> Value {
        std::string from = resolveAllowed(inn, arg(a, 0), false);
        std::string to = resolveAllowed(inn, arg(a, 1), false);
        if (::rename(from.c_str(), to.c_str()) != 0) raiseOS(inn, errno, a[0], a[1]);
        return Value::none();
    });

    // open(path, flags) -> handle; flags: one of r w a x, optionally +
    def("open", [arg](Interpreter& inn, CallArgs& a) -> Value {
        FileState& st = state(inn);
        const std::string mode = inn.str(arg(a, 1));
        std::string p = resolveAllowed(inn, arg(a, 0));
        const bool plus = mode.find('+') != std::string::npos;
        int flags = O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK;
        switch (mode[0]) {
        case 'r':
            flags |= plus ? O_RDWR : O_RDONLY;
            break;
        case 'w':
            flags |= (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_TRUNC;
            break;
        case 'a':
            flags |= (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND;
            break;
        default:
            flags |= (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_EXCL;
            break;
        }
        if (int64_t(st.files.size()) >= inn.fileAccess().maxOpenFiles) raiseOS(inn, EMFILE, a[0]);
        int fd = ::open(p.c_str(), flags, 0666);
        if (fd < 0) raiseOS(inn, errno, a[0]);
        struct stat sb;
        if (::fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
            const bool dir = S_ISDIR(sb.st_mode);
            ::close(fd);
            if (dir) raiseOS(inn, EISDIR, a[0]);
            // FIFOs and devices could block the run or stream without end
            raiseOS(inn, EACCES, a[0], Value(), "GraphLens scripts open only regular files");
        }
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        const int64_t h = st.nextHandle++;
        st.files[h].fd = fd;
        return Value::integer(h);
    });
    def("close", [arg](Interpreter& inn, CallArgs& a) -> Value {
        FileState& st = state(inn);
        auto it = st.files.find(inn.toIndex(arg(a, 0)));
        if (it != st.files.end()) {
            ::close(it->second.fd);
            st.files.erase(it);
        }
        return Value::none();
    });
    // read(h, n, name): n < 0 reads to the end
    def("read", [arg](Interpreter& inn, CallArgs& a) -> Value {
        OpenFile& f = fileOf(inn, arg(a, 0));
        return bytesValue(readBytes(inn, f.fd, inn.toIndex(arg(a, 1)), a.n > 2 ? a[2] : Value::none()));
    });
    // readchars(h, n): up to n bytes, extended to the end of a UTF-8 sequence they cut
    def("readchars", [arg](Interpreter& inn, CallArgs& a) -> Value {
        OpenFile& f = fileOf(inn, arg(a, 0));
        std::string s = readBytes(inn, f.fd, inn.toIndex(arg(a, 1)), Value::none());
        for (size_t back = 1; back <= 3 && back <= s.size(); ++back) {
            const auto b = static_cast<unsigned char>(s[s.size() - back]);
            if ((b & 0xC0) == 0x80) continue;
            const size_t need = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
            if (need > back) s += readBytes(inn, f.fd, int64_t(need - back), Value::none());
            break;
        }
        return bytesValue(std::move(s));
    });
    // readline(h, limit, universal): through the next b"\n" (universal: or b"\r", b"\r\n");
    // limit < 0: however long
    def("readline", [arg](Interpreter& inn, CallArgs& a) -> Value {
        OpenFile& f = fileOf(inn, arg(a, 0));
        const int64_t limit = a.n > 1 ? inn.toIndex(a[1]) : -1;
        const bool universal = a.n > 2 && inn.truthy(a[2]);
        std::string line;
        char buf[4096];
        for (;;) {
            size_t want = sizeof buf;
            if (limit >= 0) want = std::min<size_t>(want, size_t(limit) - line.size());
            if (want == 0) break;
            ssize_t r = ::read(f.fd, buf, want);
            if (r < 0 && errno == EINTR) continue;
            if (r < 0) raiseOS(inn, errno, Value::none());
            if (r == 0) break;
            size_t take = size_t(r);
            bool end = false;
            for (size_t i = 0; i < size_t(r); ++i) {
                if (buf[i] == '\n' || (universal && buf[i] == '\r')) {
                    take = i + 1;
                    end = true;
                    break;
                }
            }
            memCheck(int64_t(line.size() + take + 1));
            line.append(buf, take);
            if (take < size_t(r)) ::lseek(f.fd, off_t(take) - off_t(r), SEEK_CUR);
            if (end) {
                if (line.back() == '\r') { // a "\r\n" is one line end
                    char next;
                    ssize_t n = ::read(f.fd, &next, 1);
                    if (n == 1 && next == '\n') line += next;
                    else if (n == 1) ::lseek(f.fd, -1, SEEK_CUR);
                }
                break;
            }
        }
        return bytesValue(std::move(line));
    });
    def("write", [arg](Interpreter& inn, CallArgs& a) -> Value {
        FileState& st = state(inn);
        OpenFile& f = fileOf(inn, arg(a, 0));
        const Value& data = arg(a, 1);
        if (!data.isKind(ObjKind::Bytes))
            raise(types().TypeError, std::string("a bytes-like object is required, not '") + typeName(inn, data) + "'");
        const std::string& s = data.as<BytesObj>()->s;
        if (st.written + int64_t(s.size()) > inn.fileAccess().maxWrittenBytes)
            raiseOS(inn, ENOSPC, Value(), Value(),
                    ("GraphLens scripts write at most " + std::to_string(inn.fileAccess().maxWrittenBytes >> 20) +
                     " MiB per run")
                        .c_str());
        size_t done = 0;
        while (done < s.size()) {
            ssize_t r = ::write(f.fd, s.data() + done, s.size() - done);
            if (r < 0 && errno == EINTR) continue;
            if (r < 0) raiseOS(inn, errno, Value::none());
            done += size_t(r);
        }
        st.written += int64_t(done);
        return Value::integer(int64_t(done));
    });
    def("seek", [arg](Interpreter& inn, CallArgs& a) -> Value {
        OpenFile& f = fileOf(inn, arg(a, 0));
        off_t r = ::lseek(f.fd, off_t(inn.toIndex(arg(a, 1))), int(inn.toIndex(arg(a, 2))));
        if (r < 0) raiseOS(inn, errno, Value());
        return Value::integer(int64_t(r));
    });
    def("truncate", [arg](Interpreter& inn, CallArgs& a) -> Value {
        OpenFile& f = fileOf(inn, arg(a, 0));
        const int64_t size = inn.toIndex(arg(a, 1));
        struct stat sb;
        FileState& st = state(inn);
        // growing a file writes zeros: it counts against the cap as written bytes do
        if (::fstat(f.fd, &sb) == 0 && size > sb.st_size) {
            if (st.written + (size - sb.st_size) > inn.fileAccess().maxWrittenBytes) raiseOS(inn, ENOSPC, Value());
            st.written += size - sb.st_size;
        }
        if (::ftruncate(f.fd, off_t(size)) != 0) raiseOS(inn, errno, Value());
        return Value::integer(size);
    });
    def("decode", [arg](Interpreter& inn, CallArgs& a) -> Value {
        const Value& b = arg(a, 0);
        if (!b.isKind(ObjKind::Bytes)) raise(types().TypeError, "decode() argument must be bytes");
        return decode(b.as<BytesObj>()->s, codecOf(inn, arg(a, 1)), a.n > 2 ? inn.str(a[2]) : "strict");
    });
    def("encode", [arg](Interpreter& inn, CallArgs& a) -> Value {
        return encode(inn, inn.str(arg(a, 0)), codecOf(inn, arg(a, 1)), a.n > 2 ? inn.str(a[2]) : "strict");
    });
    def("codec_name",
        [arg](Interpreter& inn, CallArgs& a) -> Value { return newStr(codecName(codecOf(inn, arg(a, 0)))); });
}

} // namespace

void registerOsModule() {
    Interpreter::registerModule("_os", [](Interpreter& in, ModuleObj& m) { fillOs(in, m.d()); });
}

Value decodeBytes(Interpreter& in, const std::string& data, const Value& encoding, const std::string& errors) {
    return decode(data, encoding.isUndef() ? Codec::Utf8 : codecOf(in, encoding), errors);
}

} // namespace graphlens::lang
