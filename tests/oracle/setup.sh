#!/usr/bin/env bash
# Creates the TensorFlow oracle venv at tests/oracle/venv (git-ignored).
# Needs network access to PyPI; never run by CI.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PY="${PYTHON:-python3}"
TF_VERSION="${TF_VERSION:-2.21.0}"
if [ ! -x "$HERE/venv/bin/python" ]; then
  "$PY" -m venv "$HERE/venv"
fi
"$HERE/venv/bin/pip" install --upgrade pip
"$HERE/venv/bin/pip" install "tensorflow-cpu==${TF_VERSION}"
"$HERE/venv/bin/python" -c 'import tensorflow as tf; print("TensorFlow", tf.__version__, tf.version.GIT_VERSION)'
