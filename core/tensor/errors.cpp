#include "core/tensor/errors.h"

namespace graphlens::tensor {

std::string_view OpError::errorClassName(ErrorCode code) {
    switch (code) {
    case ErrorCode::Cancelled:
        return "CancelledError";
    case ErrorCode::Unknown:
        return "UnknownError";
    case ErrorCode::InvalidArgument:
        return "InvalidArgumentError";
    case ErrorCode::NotFound:
        return "NotFoundError";
    case ErrorCode::AlreadyExists:
        return "AlreadyExistsError";
    case ErrorCode::ResourceExhausted:
        return "ResourceExhaustedError";
    case ErrorCode::FailedPrecondition:
        return "FailedPreconditionError";
    case ErrorCode::Aborted:
        return "AbortedError";
    case ErrorCode::OutOfRange:
        return "OutOfRangeError";
    case ErrorCode::Unimplemented:
        return "UnimplementedError";
    case ErrorCode::Internal:
        return "InternalError";
    case ErrorCode::DeadlineExceeded:
        return "DeadlineExceededError";
    case ErrorCode::PermissionDenied:
        return "PermissionDeniedError";
    case ErrorCode::Unavailable:
        return "UnavailableError";
    case ErrorCode::DataLoss:
        return "DataLossError";
    case ErrorCode::Unauthenticated:
        return "UnauthenticatedError";
    }
    return "UnknownError";
}

void throwOpError(ErrorCode code, const std::string& message) {
    switch (code) {
    case ErrorCode::Cancelled:
        throw CancelledError(message);
    case ErrorCode::Unknown:
        throw UnknownError(message);
    case ErrorCode::InvalidArgument:
        throw InvalidArgumentError(message);
    case ErrorCode::NotFound:
        throw NotFoundError(message);
    case ErrorCode::AlreadyExists:
        throw AlreadyExistsError(message);
    case ErrorCode::ResourceExhausted:
        throw ResourceExhaustedError(message);
    case ErrorCode::FailedPrecondition:
        throw FailedPreconditionError(message);
    case ErrorCode::Aborted:
        throw AbortedError(message);
    case ErrorCode::OutOfRange:
        throw OutOfRangeError(message);
    case ErrorCode::Unimplemented:
        throw UnimplementedError(message);
    case ErrorCode::Internal:
        throw InternalError(message);
    case ErrorCode::DeadlineExceeded:
    case ErrorCode::PermissionDenied:
    case ErrorCode::Unavailable:
    case ErrorCode::DataLoss:
    case ErrorCode::Unauthenticated:
        throw OpError(code, message); // no kernel raises these; scripts get them through tf.errors
    }
    throw UnknownError(message);
}

} // namespace graphlens::tensor
