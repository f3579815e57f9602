#!/usr/bin/env bash
# Prints the body of CHANGELOG.md's section for one version: the lines after its heading
# (`## 0.1.0`, or `## 0.1.0 (...)`) up to the next `## ` heading, without the blank lines at either
# end. The release workflow uses it as the GitHub release's notes.
#
# With --released, a section whose heading still says "not yet tagged" is refused: the changelog
# must say the version is out before its tag is released.
#
# Usage: changelog-section.sh [--released] VERSION [CHANGELOG.md]
# Exit code: 0 printed; 1 no such section, an empty one, or (--released) one not yet tagged.
set -euo pipefail

released=false
if [ "${1:-}" = --released ]; then
  released=true
  shift
fi
version=${1:?usage: changelog-section.sh [--released] VERSION [CHANGELOG.md]}
changelog=${2:-$(cd "$(dirname "$0")/../.." && pwd)/CHANGELOG.md}

# The heading is "## <version>" alone or followed by a space: 0.1.0 is not 0.1.01.
heading=$(grep -m 1 -E "^## ${version//./\\.}( |$)" "$changelog" || true)
if [ -z "$heading" ]; then
  echo "error: $changelog has no section '## $version'" >&2
  exit 1
fi
if [ "$released" = true ] && [[ "$heading" == *"not yet tagged"* ]]; then
  echo "error: $changelog still says '$heading': give the section its release date before tagging v$version" >&2
  exit 1
fi

body=$(awk -v heading="$heading" '
  $0 == heading { inside = 1; next }
  inside && /^## / { exit }
  inside { print }
' "$changelog" | sed -e '/./,$!d')
# (The command substitution drops the blank lines at the end; sed those at the start.)
if [ -z "$body" ]; then
  echo "error: the section '$heading' of $changelog is empty" >&2
  exit 1
fi
printf '%s\n' "$body"
