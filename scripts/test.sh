#!/usr/bin/env bash
# Set up everything on a fresh Debian machine with python3, then run the whole test suite (slow tiers included).
# Usage: bash scripts/test.sh [extra pytest arguments]
# Runs the linter (ruff), the formatter's check (ruff format) and the type checker (mypy) first; exits 1 if one fails, else with pytest's status.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ] || [ ! -x .venv/bin/pip ]; then
    rm -rf .venv
    if ! python3 -m venv .venv; then
        # Debian ships venv separately; install it when we may (root), then retry.
        rm -rf .venv
        if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
            apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
        else
            echo "error: python3 -m venv failed; install python3-venv (apt-get install python3-venv)" >&2
            exit 1
        fi
        python3 -m venv .venv
    fi
fi

.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test,rl,anchor]'
# The training smoke test needs torch: only the CPU build (version label +cpu, so pip can never pick a CUDA build
# and its several GB of packages). Where that build cannot be had, the smoke test is skipped and says why.
if .venv/bin/python -m pip install --quiet 'torch==2.13.0+cpu'; then
    .venv/bin/python -m pip install --quiet -e '.[train]'
else
    echo "note: CPU torch 2.13.0 is not available here; the PPO training smoke test will be skipped" >&2
fi

# Services for the server tests: PostgreSQL and Debian's chromium (for the browser tests). Installing them needs
# root; without it those tests are skipped with their reason.
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    bash scripts/ci-services.sh
    export FIREBREAK_TEST_POSTGRES_URL="${FIREBREAK_TEST_POSTGRES_URL:-postgresql://firebreak:firebreak@127.0.0.1:5432/firebreak_test}"
fi

# The games' compiled observation writers are built by the install above (gcc and Python's headers are on every
# machine this runs on): their absence is a failure here, not a skip.
export FIREBREAK_REQUIRE_COMPILED="${FIREBREAK_REQUIRE_COMPILED:-1}"

# The linter, the formatter's check and the type checker first (configured in pyproject.toml, installed by the test extra): either failing
# fails the run before the tests start.
if ! .venv/bin/ruff check .; then
    echo "FAILED: ruff check (the linter) found problems; see above" >&2
    exit 1
fi
if ! .venv/bin/ruff format --check .; then
    echo "FAILED: ruff format --check (the formatter) would rewrite the files above: run .venv/bin/ruff format ." >&2
    exit 1
fi
if ! .venv/bin/mypy; then
    echo "FAILED: mypy (the type checker) found errors; see above" >&2
    exit 1
fi

set +e
.venv/bin/python -m pytest -n 2 "$@"
status=$?
set -e
exit "$status"
