#pragma once
// collections.namedtuple classes: tuple subclasses made natively (module_collections.cpp). Their
// instances are TupleObj whose class is the namedtuple class (the tuple holds a reference to it),
// so every tuple operation works on them unchanged.
#include <string>
#include <vector>

#include "core/lang/value.h"

namespace graphlens::lang {

// The class of a namedtuple instance, or null when `v` is not one.
ClassObj* namedTupleClass(const Value& v);
// The field names of a namedtuple class (its `_fields`).
std::vector<std::string> namedTupleFields(const ClassObj* cls);
// A new instance of namedtuple class `cls` holding `items` (one per field).
Value makeNamedTuple(ClassObj* cls, std::vector<Value> items);

} // namespace graphlens::lang
