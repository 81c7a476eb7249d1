#!/usr/bin/env bash
# Decodes every TensorFlow fixture with protoc against core/proto/*.proto and
# fails if a binary file has unknown fields or a text file does not parse.
# Usage: tests/proto/check_fixture_decode.sh [FIXTURES_DIR]   (env PROTOC overrides protoc)
set -u

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
fixtures="${1:-${repo_root}/../shared/fixtures/tf}"
protoc_bin="${PROTOC:-protoc}"

if [[ ! -d "${fixtures}" ]]; then
  echo "fixtures directory not found: ${fixtures}" >&2
  exit 2
fi
fixtures="$(cd "${fixtures}" && pwd)"
cd "${repo_root}" || exit 2

include_dirs=(--proto_path=. --proto_path=/usr/include)
schemas=(core/proto/*.proto)
tmp="$(mktemp -d)"
trap 'rm -rf "${tmp}"' EXIT

failures=0
checked=0

# decode_binary FILE MESSAGE: protoc must succeed and print no unknown fields.
decode_binary() {
  local file="$1" message="$2" rel="${1#"${fixtures}"/}"
  checked=$((checked + 1))
  if ! "${protoc_bin}" "${include_dirs[@]}" --decode="tensorflow.${message}" "${schemas[@]}" \
      <"${file}" >"${tmp}/out" 2>"${tmp}/err"; then
    echo "FAIL ${rel} (${message}): protoc could not decode it"
    sed 's/^/    /' "${tmp}/err" | head -5
    failures=$((failures + 1))
    return
  fi
  local unknown
  unknown="$(grep -cE '^[[:space:]]*[0-9]+[:{ ]' "${tmp}/out")"
  if [[ "${unknown}" -ne 0 || -s "${tmp}/err" ]]; then
    echo "FAIL ${rel} (${message}): ${unknown} unknown-field lines"
    grep -nE '^[[:space:]]*[0-9]+[:{ ]' "${tmp}/out" | head -5 | sed 's/^/    /'
    sed 's/^/    /' "${tmp}/err" | head -5
    failures=$((failures + 1))
    return
  fi
  echo "ok   ${rel} (${message}, $(wc -l <"${tmp}/out") lines, 0 unknown)"
}

# encode_text FILE MESSAGE: protoc must parse the text format without errors or warnings.
encode_text() {
  local file="$1" message="$2" rel="${1#"${fixtures}"/}"
  checked=$((checked + 1))
  if ! "${protoc_bin}" "${include_dirs[@]}" --encode="tensorflow.${message}" "${schemas[@]}" \
      <"${file}" >"${tmp}/out" 2>"${tmp}/err" || [[ -s "${tmp}/err" ]]; then
    echo "FAIL ${rel} (text ${message}): protoc could not parse it"
    sed 's/^/    /' "${tmp}/err" | head -5
    failures=$((failures + 1))
    return
  fi
  echo "ok   ${rel} (text ${message}, encodes to $(wc -c <"${tmp}/out") bytes)"
}

while IFS= read -r -d '' file; do
  name="$(basename "${file}")"
  case "${name}" in
    saved_model.pb) decode_binary "${file}" SavedModel ;;
    saved_model.pbtxt) encode_text "${file}" SavedModel ;;
    fingerprint.pb) decode_binary "${file}" FingerprintDef ;;
    saved_model_debug_info.pb) decode_binary "${file}" GraphDebugInfo ;;
    metrics_export_meta_graph.pb) encode_text "${file}" MetaGraphDef ;;  # text despite the name
    keras_metadata.pb) echo "skip ${file#"${fixtures}"/} (Keras SavedMetadata, not a TF core proto)" ;;
    *.meta) decode_binary "${file}" MetaGraphDef ;;
    *.pbtxt) encode_text "${file}" GraphDef ;;
    *.pb) decode_binary "${file}" GraphDef ;;
  esac
done < <(find "${fixtures}" -type f \( -name '*.pb' -o -name '*.pbtxt' -o -name '*.meta' \) -print0 | sort -z)

echo "${checked} files checked, ${failures} failed"
if [[ "${checked}" -eq 0 ]]; then
  exit 2
fi
[[ "${failures}" -eq 0 ]]
