#pragma once
// collections.namedtuple classes: tuple subclasses made natively (module_collections.cpp). Their
// instances are TupleObj whose class is the namedtuple class (the tuple holds a reference to it),
// so every tuple operation works on them unchanged.
#include <string>
#include <vector>

#include "core/lang/value.h"

namespace graphlens::lang {

class Interpreter;

// The class of a namedtuple instance, or null when `v` is not one.
ClassObj* namedTupleClass(const Value& v);
// The field names of a namedtuple class (its `_fields`).
std::vector<std::string> namedTupleFields(const ClassObj* cls);
// A namedtuple class made natively, as collections.namedtuple(name, fields) makes it.
Value makeNamedTupleClass(Interpreter& in, const std::string& name, const std::vector<std::string>& fields);
// A new instance of namedtuple class `cls` holding `items` (one per field).
Value makeNamedTuple(ClassObj* cls, std::vector<Value> items);

} // namespace graphlens::lang
