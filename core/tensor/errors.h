#pragma once
// Op errors as C++ exceptions, one class per TensorFlow status code, so the Python layer can raise
// the tf.errors class of the same name with the same text.
#include <stdexcept>
#include <string>
#include <string_view>

namespace graphlens::tensor {

// TensorFlow's error::Code values.
enum class ErrorCode : int {
    Cancelled = 1,
    Unknown = 2,
    InvalidArgument = 3,
    DeadlineExceeded = 4,
    NotFound = 5,
    AlreadyExists = 6,
    PermissionDenied = 7,
    ResourceExhausted = 8,
    FailedPrecondition = 9,
    Aborted = 10,
    OutOfRange = 11,
    Unimplemented = 12,
    Internal = 13,
    Unavailable = 14,
    DataLoss = 15,
    Unauthenticated = 16,
};

class OpError : public std::runtime_error {
public:
    OpError(ErrorCode code, const std::string& message)
        : std::runtime_error(message)
        , m_code(code) { }
    ErrorCode code() const { return m_code; }
    std::string message() const { return what(); }
    // Python class name in tf.errors: "InvalidArgumentError", ...
    std::string_view pythonName() const { return errorClassName(m_code); }
    static std::string_view errorClassName(ErrorCode code);

private:
    ErrorCode m_code;
};

#define GRAPHLENS_OP_ERROR(Name, Code)                                                                                 \
    class Name : public OpError {                                                                                      \
    public:                                                                                                            \
        explicit Name(const std::string& message)                                                                      \
            : OpError(ErrorCode::Code, message) { }                                                                    \
    };
GRAPHLENS_OP_ERROR(CancelledError, Cancelled)
GRAPHLENS_OP_ERROR(UnknownError, Unknown)
GRAPHLENS_OP_ERROR(InvalidArgumentError, InvalidArgument)
GRAPHLENS_OP_ERROR(NotFoundError, NotFound)
GRAPHLENS_OP_ERROR(AlreadyExistsError, AlreadyExists)
GRAPHLENS_OP_ERROR(ResourceExhaustedError, ResourceExhausted)
GRAPHLENS_OP_ERROR(FailedPreconditionError, FailedPrecondition)
GRAPHLENS_OP_ERROR(AbortedError, Aborted)
GRAPHLENS_OP_ERROR(OutOfRangeError, OutOfRange)
GRAPHLENS_OP_ERROR(UnimplementedError, Unimplemented)
GRAPHLENS_OP_ERROR(InternalError, Internal)
#undef GRAPHLENS_OP_ERROR

// Throws the subclass that matches `code`, so a caller can re-word an error and keep its type.
[[noreturn]] void throwOpError(ErrorCode code, const std::string& message);

} // namespace graphlens::tensor
