#pragma once
// HDF5, the subset h5py writes by default and Keras uses for weights (`.weights.h5`, the weights
// inside a `.keras` archive, legacy `.h5` models): superblock versions 0 and 1, version-1 object
// headers with continuation blocks, symbol-table groups (v1 B-trees, SNOD nodes, local heaps),
// contiguous and compact datasets, fixed-point / floating-point / fixed-length and variable-length
// string types (variable-length strings in global heap collections), attributes. No libhdf5.
//
// Files are untrusted: every address, size and count is checked against the bytes there are before
// anything is read or allocated; objects reached twice (cycles) and nesting deeper than 64 levels
// are refused. Errors are FormatError naming the file, the object path and the byte offset.
//
// The writer makes files of the same shape (superblock 0, group leaf K 4, internal K 16), which
// h5py and real Keras read.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace graphlens::io {

// A dataset's contents or an attribute's value.
struct H5Value {
    enum class Kind { Float, Int, UInt, String };
    Kind kind = Kind::Float;
    int elemSize = 4;                 // bytes of one numeric element (1, 2, 4, 8)
    bool scalar = false;              // a scalar dataspace (shape is empty)
    bool isNull = false;              // a null dataspace (no elements at all)
    std::vector<uint64_t> shape;      // simple dataspace dimensions
    std::string data;                 // numeric elements: little-endian, row-major
    std::vector<std::string> strings; // Kind::String elements, row-major
    uint64_t count() const;           // number of elements
};

struct H5Object {
    std::string name; // the last component of the path ("" for the root group)
    bool isGroup = true;
    std::vector<std::pair<std::string, H5Value>> attrs;
    std::vector<H5Object> children; // groups: members in name order
    H5Value value;                  // datasets
    const H5Object* child(std::string_view name) const;
    const H5Value* attr(std::string_view name) const;
};

// The whole file's object tree (root group). `file` names the file in errors.
H5Object readHdf5(std::string_view bytes, const std::string& file);

// An HDF5 file of `root` (a group). Throws std::invalid_argument on a tree HDF5 cannot hold
// (a dataset with members, a name with '/' or '.', more than 256 members in a group, ...).
std::string writeHdf5(const H5Object& root);

} // namespace graphlens::io
