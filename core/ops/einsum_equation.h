#pragma once
// An einsum equation with every ellipsis written out: one label per dimension of each operand
// (ellipsis dimensions get labels below ' ', right-aligned across operands) and of the output.
#include <string>
#include <vector>

namespace graphlens::ops {

struct EinsumEquation {
    std::vector<std::string> inputs;
    std::string output;
};

// Throws InvalidArgumentError for an equation that does not fit the operands' ranks and
// UnimplementedError for a label repeated within one operand (a diagonal).
EinsumEquation parseEinsum(const std::string& equation, const std::vector<std::vector<int64_t>>& shapes);

} // namespace graphlens::ops
