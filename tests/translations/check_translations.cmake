# Fails while the UI translations lag behind the tr() strings in the sources. Runs in CMake script
# mode with INPUTS (translation_check_inputs.cmake, written by translations/CMakeLists.txt) and
# WORK_DIR. It runs the same lupdate as the target graphlens_lupdate, on copies of the .ts files, and
# fails when
#   - lupdate finds a new string or drops an obsolete one (the .ts files were not updated),
#   - a zh_CN message is unfinished or empty, or an en message with plural forms is,
#   - a context is not a class of the sources (lupdate filed a tr() under a namespace or a lambda's
#     callee, which the tr() at run time never asks for).
cmake_minimum_required(VERSION 3.21)
include("${INPUTS}")

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(copies "")
foreach(ts IN LISTS lupdate_translations)
  get_filename_component(name "${ts}" NAME)
  file(COPY_FILE "${ts}" "${WORK_DIR}/${name}")
  list(APPEND copies "${WORK_DIR}/${name}")
endforeach()

function(json_array out)
  set(quoted "")
  foreach(entry IN LISTS ARGN)
    list(APPEND quoted "\"${entry}\"")
  endforeach()
  list(JOIN quoted ", " joined)
  set(${out} "[ ${joined} ]" PARENT_SCOPE)
endfunction()
set(existing_sources "")
foreach(source IN LISTS lupdate_sources)
  if(EXISTS "${source}")
    list(APPEND existing_sources "${source}")
  endif()
endforeach()
json_array(json_includes ${lupdate_include_paths})
json_array(json_sources ${existing_sources})
json_array(json_translations ${copies})
file(WRITE "${WORK_DIR}/project.json" "{\n  \"projectFile\": \"${lupdate_project_file}\",\n"
  "  \"includePaths\": ${json_includes},\n  \"sources\": ${json_sources},\n"
  "  \"translations\": ${json_translations}\n}\n")

execute_process(COMMAND "${lupdate_program}" -project "${WORK_DIR}/project.json" -no-obsolete
  OUTPUT_VARIABLE lupdate_out ERROR_VARIABLE lupdate_err RESULT_VARIABLE lupdate_rc)
if(NOT lupdate_rc EQUAL 0)
  message(FATAL_ERROR "lupdate failed (${lupdate_rc}):\n${lupdate_out}${lupdate_err}")
endif()
set(lupdate_report "${lupdate_out}${lupdate_err}")

set(problems "")
string(REGEX MATCHALL "\\(([0-9]+) new and [0-9]+ already existing\\)" found "${lupdate_report}")
foreach(entry IN LISTS found)
  string(REGEX REPLACE "^\\(([0-9]+) new.*" "\\1" count "${entry}")
  if(count GREATER 0)
    list(APPEND problems "lupdate found ${count} tr() string(s) the .ts files lack")
  endif()
endforeach()
if(NOT found)
  list(APPEND problems "lupdate's report has no 'new and already existing' counts")
endif()
string(REGEX MATCHALL "Removed ([0-9]+) obsolete entries" removed "${lupdate_report}")
foreach(entry IN LISTS removed)
  list(APPEND problems "lupdate: ${entry} (strings no source has any longer)")
endforeach()

# Messages are read one by one; a message's text is cut into source, translation and context.
function(check_messages ts_file plural_only)
  file(READ "${ts_file}" text)
  # Semicolons would split the lists below; brackets would confuse REGEX MATCHALL's list.
  string(REPLACE ";" "{semicolon}" text "${text}")
  string(REPLACE "[" "{lbracket}" text "${text}")
  string(REPLACE "]" "{rbracket}" text "${text}")
  set(bad "")
  string(REGEX MATCHALL "<context>.*</context>" contexts_text "${text}")
  string(REPLACE "</context>" "</context>;" contexts_text "${contexts_text}")
  foreach(context IN LISTS contexts_text)
    string(REGEX MATCH "<name>([^<]*)</name>" _ "${context}")
    set(context_name "${CMAKE_MATCH_1}")
    string(REPLACE "</message>" "</message>;" messages "${context}")
    foreach(message IN LISTS messages)
      if(NOT message MATCHES "<source>")
        continue()
      endif()
      string(REGEX MATCH "<source>([^<]*)</source>" _ "${message}")
      set(source "${CMAKE_MATCH_1}")
      if(plural_only AND NOT message MATCHES "numerus=\"yes\"")
        continue()
      endif()
      if(message MATCHES "type=\"(unfinished|vanished|obsolete)\""
         OR message MATCHES "<translation( [^>]*)?/>"
         OR message MATCHES "<translation( [^>]*)?></translation>"
         OR message MATCHES "<numerusform( [^>]*)?/>"
         OR message MATCHES "<numerusform( [^>]*)?></numerusform>")
        list(APPEND bad "${context_name}: \"${source}\"")
      endif()
    endforeach()
  endforeach()
  set(bad_messages "${bad}" PARENT_SCOPE)
endfunction()

foreach(copy IN LISTS copies)
  get_filename_component(name "${copy}" NAME)
  if(name MATCHES "_en\\.ts$")
    check_messages("${copy}" TRUE)
    set(what "plural forms not given in ${name}")
  else()
    check_messages("${copy}" FALSE)
    set(what "untranslated in ${name}")
  endif()
  list(LENGTH bad_messages count)
  if(count GREATER 0)
    list(JOIN bad_messages "\n    " listed)
    list(APPEND problems "${count} message(s) ${what}:\n    ${listed}")
  endif()
endforeach()

# A context must be QObject or name a class (by its last component) declared in the sources.
set(declared "")
foreach(source IN LISTS existing_sources)
  file(STRINGS "${source}" lines REGEX "(class|struct)[ \t]+[A-Za-z_][A-Za-z0-9_]*")
  foreach(line IN LISTS lines)
    string(REGEX MATCHALL "(class|struct)[ \t]+[A-Za-z_][A-Za-z0-9_]*" names "${line}")
    foreach(name IN LISTS names)
      string(REGEX REPLACE "^(class|struct)[ \t]+" "" name "${name}")
      list(APPEND declared "${name}")
    endforeach()
  endforeach()
endforeach()
list(GET copies 0 first_copy)
file(STRINGS "${first_copy}" context_lines REGEX "<name>")
foreach(line IN LISTS context_lines)
  string(REGEX REPLACE ".*<name>([^<]*)</name>.*" "\\1" context_name "${line}")
  string(REGEX REPLACE ".*::" "" class_name "${context_name}")
  if(NOT context_name STREQUAL "QObject" AND NOT class_name IN_LIST declared)
    list(APPEND problems "context '${context_name}' is no class of the sources: lupdate misread where a tr() "
                         "is: qualify the call (Class::tr) or use a class with Q_DECLARE_TR_FUNCTIONS")
  endif()
endforeach()

if(problems)
  list(JOIN problems "\n  " listed)
  string(REPLACE "{semicolon}" ";" listed "${listed}")
  string(REPLACE "{lbracket}" "[" listed "${listed}")
  string(REPLACE "{rbracket}" "]" listed "${listed}")
  string(REGEX MATCHALL "[^\n]*(views|app/gui)/[^\n]*" source_warnings "${lupdate_report}")
  list(JOIN source_warnings "\n  " warnings)
  message(FATAL_ERROR "The UI translations are not complete:\n  ${listed}\n"
    "lupdate's warnings about the sources:\n  ${warnings}\n"
    "Update the .ts files with `cmake --build build/dev --target graphlens_lupdate`, then translate "
    "what is unfinished (Qt Linguist, or edit translations/graphlens_zh_CN.ts).")
endif()
list(LENGTH lupdate_translations ts_count)
message(STATUS "${ts_count} translation files match the tr() strings and are complete")
