#pragma once
// Errors raised by readers and engines. Every error names the file and the place in it, so the
// CLI and the GUI can show "file: place: what was expected" without further context.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace graphlens {

// What went wrong, for a reader of another language: the GUI words each kind in the user's
// language and gives the (English) message as the detail.
enum class ErrorKind : uint8_t {
    Malformed,   // the bytes are there but do not parse as what they should be
    Truncated,   // the file ends before what it declares (or is empty)
    NotAModel,   // none of the formats GraphLens reads
    NotFound,    // no such file or directory
    Unreadable,  // it exists but cannot be opened or read
    Unsupported, // a real variant of the format that GraphLens does not read yet
};

class FormatError : public std::runtime_error {
public:
    FormatError(std::string file, std::string place, const std::string& message, ErrorKind kind = ErrorKind::Malformed)
        : std::runtime_error(compose(file, place, message))
        , m_file(std::move(file))
        , m_place(std::move(place))
        , m_message(message)
        , m_kind(kind) { }

    const std::string& file() const { return m_file; }
    const std::string& place() const { return m_place; }
    const std::string& message() const { return m_message; }
    ErrorKind kind() const { return m_kind; }

private:
    static std::string compose(const std::string& file, const std::string& place, const std::string& message) {
        std::string out = file;
        if (!place.empty()) out += ": " + place;
        return out + ": " + message;
    }
    std::string m_file;
    std::string m_place;
    std::string m_message;
    ErrorKind m_kind;
};

// Thrown when a caller asked for cancellation through a CancelToken.
class Cancelled : public std::runtime_error {
public:
    Cancelled()
        : std::runtime_error("cancelled") { }
};

// Thrown when a run passes its wall-clock deadline or its step budget (exec::RunLimits); the
// script's host reports it as its own limit (the interpreter's TimeoutError).
class LimitExceeded : public std::runtime_error {
public:
    enum class Kind { Deadline, Steps };
    explicit LimitExceeded(Kind kind)
        : std::runtime_error(kind == Kind::Deadline ? "time limit exceeded" : "step budget exceeded")
        , m_kind(kind) { }
    Kind kind() const { return m_kind; }

private:
    Kind m_kind;
};

inline std::string byteOffset(uint64_t offset) {
    return "byte " + std::to_string(offset);
}

} // namespace graphlens
