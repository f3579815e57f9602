#!/usr/bin/env bash
# Points the Homebrew formula at a release: its `version`, each platform's `url` and the `sha256`
# after it, from the release's SHA256SUMS. The release workflow runs it and prints the formula to
# its job summary (it pushes nothing); a maintainer does the same after downloading SHA256SUMS:
#
#   gh release download v0.1.0 --pattern SHA256SUMS
#   .github/release/formula.sh 0.1.0 SHA256SUMS
#
# Usage: formula.sh VERSION SHA256SUMS [FORMULA]   (default Formula/offscreen-sim.rb, in place)
# Exit code: 0 rewritten; 1 a platform's asset is not in SHA256SUMS, or a url not found.
set -euo pipefail

version=${1:?usage: formula.sh VERSION SHA256SUMS [FORMULA]}
sums=${2:?usage: formula.sh VERSION SHA256SUMS [FORMULA]}
formula=${3:-$(cd "$(dirname "$0")/../.." && pwd)/Formula/offscreen-sim.rb}

new=$(mktemp)
trap 'rm -f "$new"' EXIT
# A url line names its platform in the asset's name (offscreen-sim-<version>-<platform>.tar.gz);
# the sha256 line after it gets that asset's hash.
awk -v version="$version" -v sums="$sums" '
  BEGIN {
    while ((getline line < sums) > 0) {
      split(line, field, /[ *]+/)
      hash[field[2]] = field[1]
    }
  }
  /^ *version "/ { sub(/"[^"]*"/, "\"" version "\"") }
  /^ *url "https:\/\/github\.com\/offscreen-sim\/offscreen-sim\/releases\/download\// {
    match($0, /offscreen-sim-[^"\/]*\.tar\.gz"/)
    asset = substr($0, RSTART, RLENGTH - 1)
    platform = asset
    sub(/^offscreen-sim-[^-]*-/, "", platform)
    sub(/\.tar\.gz$/, "", platform)
    asset = "offscreen-sim-" version "-" platform ".tar.gz"
    if (!(asset in hash)) { print "error: " asset " is not in " sums > "/dev/stderr"; failed = 1 }
    sub(/download\/v[^\/]*\/offscreen-sim-[^"]*"/, "download/v" version "/" asset "\"")
    pending = hash[asset]
    urls++
  }
  /^ *sha256 "/ && pending != "" {
    sub(/"[^"]*"/, "\"" pending "\"")
    sub(/ *#.*$/, "")
    pending = ""
  }
  { print }
  END {
    if (urls == 0) { print "error: no release url in the formula" > "/dev/stderr"; failed = 1 }
    exit failed
  }
' "$formula" >"$new"
cat "$new" >"$formula"
