#!/usr/bin/env bash
# The render-cost action's `version` input: downloads the released offscreen-sim for the runner's
# OS and architecture, checks it against the release's SHA256SUMS before anything runs it, unpacks
# it, and checks that it prints the version asked for.
#
# The checksum file comes from the same release as the binary: it catches a damaged or swapped
# download, not a release replaced on GitHub by someone who can write to the repository.
#
# Environment:
#   OSIM_VERSION   the version, as CHANGELOG.md and `offscreen-sim --version` write it (0.1.0;
#                  a leading v is dropped)
#   RUNNER_OS      macOS or Linux (set by GitHub Actions); RUNNER_ARCH X64 or ARM64 on Linux
#   OSIM_DEST      the folder to unpack into (default $RUNNER_TEMP/offscreen-sim-<version>)
#   OSIM_RELEASES  where the releases are (default: this repository's on GitHub; the tests use a
#                  file:// folder)
# Prints the executable's path; with GITHUB_OUTPUT set, also writes tool=<path> there.
# Exit code: 0 ready; 2 anything else, with an ::error:: line saying what.
set -euo pipefail

fail() {
  echo "::error::$*" >&2
  exit 2
}

version=${OSIM_VERSION:?OSIM_VERSION must name a released version}
version=${version#v}
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$ ]] ||
  fail "version '$version' is not a version number like 0.1.0"
releases=${OSIM_RELEASES:-https://github.com/offscreen-sim/offscreen-sim/releases/download}

# The asset names of .github/release/package.sh.
case "${RUNNER_OS:-}/${RUNNER_ARCH:-}" in
  macOS/*) platform=macos-universal ;;
  Linux/X64) platform=linux-x86_64 ;;
  Linux/ARM64) platform=linux-aarch64 ;;
  *) fail "no offscreen-sim release is built for ${RUNNER_OS:-this OS} on ${RUNNER_ARCH:-this architecture}; leave the version input empty to build from source" ;;
esac
asset="offscreen-sim-$version-$platform.tar.gz"
dest=${OSIM_DEST:-${RUNNER_TEMP:?RUNNER_TEMP or OSIM_DEST must be set}/offscreen-sim-$version}
download=$(mktemp -d)
trap 'rm -rf "$download"' EXIT

fetch() { # name
  curl --fail --silent --show-error --location --retry 3 --proto '=https,file' \
    --output "$download/$1" "$releases/v$version/$1" ||
    fail "could not download $releases/v$version/$1: is v$version released?"
}
fetch SHA256SUMS
fetch "$asset"

expected=$(awk -v name="$asset" '$2 == name || $2 == "*" name { print $1 }' "$download/SHA256SUMS")
[[ "$expected" =~ ^[0-9a-f]{64}$ ]] || fail "the SHA256SUMS of v$version has no line for $asset"
actual=$(shasum -a 256 "$download/$asset" | cut -d ' ' -f 1)
[ "$actual" = "$expected" ] ||
  fail "$asset does not match the SHA256SUMS of v$version (expected $expected, got $actual); nothing was run"

mkdir -p "$dest"
tar -xzf "$download/$asset" -C "$dest" offscreen-sim
tool="$dest/offscreen-sim"
printed=$("$tool" --version) || fail "$tool --version failed"
[ "$printed" = "offscreen-sim $version" ] || fail "$asset prints '$printed', not 'offscreen-sim $version'"

echo "$tool"
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "tool=$tool" >>"$GITHUB_OUTPUT"; fi
