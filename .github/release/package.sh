#!/usr/bin/env bash
# Packs the release binaries into what a GitHub release of offscreen-sim holds:
#
#   offscreen-sim-<version>-macos-universal.tar.gz   arm64 + x86_64, macOS 13 or later
#   offscreen-sim-<version>-linux-x86_64.tar.gz      Swift's runtime and Foundation linked in
#   offscreen-sim-<version>-linux-aarch64.tar.gz     (the same)
#   offscreen-sim.artifactbundle.zip                 all three, for a SwiftPM binary target
#   SHA256SUMS                                       sha256sum's lines for the four files above
#
# Each tarball holds the executable `offscreen-sim` alone, at its top (what the Homebrew formula
# installs and the GitHub Action's `version` input unpacks). The artifact bundle follows SE-0305:
# `offscreen-sim.artifactbundle/info.json` (schemaVersion 1.0) names one artifact, `offscreen-sim`,
# of type executable, with a variant per platform: its path in the bundle and the target triples
# it runs on (the macOS binary is universal, so two triples). Its SHA-256 in SHA256SUMS is also the
# checksum `swift package compute-checksum` gives, which a `.binaryTarget(url:checksum:)` needs.
#
# Usage: package.sh VERSION BINARIES OUT
#   BINARIES holds macos-universal/offscreen-sim, linux-x86_64/offscreen-sim and
#   linux-aarch64/offscreen-sim (the release workflow's build artifacts); OUT receives the files.
set -euo pipefail

version=${1:?usage: package.sh VERSION BINARIES OUT}
binaries=${2:?usage: package.sh VERSION BINARIES OUT}
out=${3:?usage: package.sh VERSION BINARIES OUT}

# The platforms, in the asset names; Formula/offscreen-sim.rb and action.yml name the same.
platforms="macos-universal linux-x86_64 linux-aarch64"
triples() {
  case "$1" in
    macos-universal) echo '"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
    linux-x86_64) echo '"x86_64-unknown-linux-gnu"' ;;
    linux-aarch64) echo '"aarch64-unknown-linux-gnu"' ;;
  esac
}

mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bundle="$work/offscreen-sim.artifactbundle"
variants=""
assets=""
for platform in $platforms; do
  binary="$binaries/$platform/offscreen-sim"
  if [ ! -f "$binary" ]; then
    echo "error: $binary is missing" >&2
    exit 1
  fi
  mkdir -p "$work/$platform" "$bundle/offscreen-sim/$platform/bin"
  install -m 755 "$binary" "$work/$platform/offscreen-sim"
  install -m 755 "$binary" "$bundle/offscreen-sim/$platform/bin/offscreen-sim"
  asset="offscreen-sim-$version-$platform.tar.gz"
  tar -czf "$out/$asset" -C "$work/$platform" offscreen-sim
  assets="$assets $asset"
  variants="$variants${variants:+,}
        {
          \"path\": \"offscreen-sim/$platform/bin/offscreen-sim\",
          \"supportedTriples\": [$(triples "$platform")]
        }"
done

cat >"$bundle/info.json" <<EOF
{
  "schemaVersion": "1.0",
  "artifacts": {
    "offscreen-sim": {
      "version": "$version",
      "type": "executable",
      "variants": [$variants
      ]
    }
  }
}
EOF
rm -f "$out/offscreen-sim.artifactbundle.zip"
(cd "$work" && zip -q -r -X "$out/offscreen-sim.artifactbundle.zip" offscreen-sim.artifactbundle)

# shellcheck disable=SC2086 # the asset names hold no spaces
(cd "$out" && sha256sum $assets offscreen-sim.artifactbundle.zip >SHA256SUMS)
cat "$out/SHA256SUMS"
