#!/usr/bin/env bash
# Proves the release scripts on stand-in binaries, as far as a machine without a tag, a Mac or
# GitHub can: what the release workflow (.github/workflows/release.yml) attaches, the formula it
# points at those files, and the action's download of them.
#   1. changelog-section.sh: the body of one version's section, exactly; a version that is only a
#      prefix of another is not found; --released refuses a section "not yet tagged".
#   2. package.sh: the three tarballs (the executable alone), the artifact bundle (info.json as
#      SE-0305 writes it, the executables where it says), SHA256SUMS that sha256sum -c accepts.
#   3. formula.sh: Formula/offscreen-sim.rb pointed at that release: its version, a url per
#      platform naming a file package.sh made, the sha256 of that file, no placeholder left.
#   4. download-release.sh (the action's `version` input): takes each platform's binary from the
#      release folder; refuses a tarball that does not match SHA256SUMS, and a runner with no build.
#
# The stand-ins are shell scripts that print `offscreen-sim <version>`; the real binaries are
# built only on GitHub's runners. Takes about a second.
#
# Usage: .github/release/test-release.sh
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

# 1. The changelog's sections.
cat >"$scratch/CHANGELOG.md" <<'EOF'
# Changelog

## 1.10.0 (not yet tagged)

- Ten.

## 1.1.0 (2026-01-02)

- One.

  Continued.

## 1.0.0

- First.
EOF
notes=$("$here/changelog-section.sh" --released 1.1.0 "$scratch/CHANGELOG.md") || fail "changelog: 1.1.0 not found"
[ "$notes" = "$(printf -- '- One.\n\n  Continued.')" ] || fail "changelog: the notes of 1.1.0 are: $notes"
[ "$("$here/changelog-section.sh" 1.0.0 "$scratch/CHANGELOG.md")" = "- First." ] || fail "changelog: the last section"
if "$here/changelog-section.sh" 1.1 "$scratch/CHANGELOG.md" >/dev/null 2>&1; then fail "changelog: 1.1 matched 1.1.0"; fi
if "$here/changelog-section.sh" --released 1.10.0 "$scratch/CHANGELOG.md" >/dev/null 2>&1; then
  fail "changelog: --released took a section not yet tagged"
fi
"$here/changelog-section.sh" 1.10.0 "$scratch/CHANGELOG.md" >/dev/null || fail "changelog: 1.10.0 without --released"

# 2. The release's files, from stand-in binaries.
version=9.8.7
for platform in macos-universal linux-x86_64 linux-aarch64; do
  mkdir -p "$scratch/binaries/$platform"
  printf '#!/bin/sh\necho "offscreen-sim %s"\n# %s\n' "$version" "$platform" >"$scratch/binaries/$platform/offscreen-sim"
done
release="$scratch/release/v$version"
"$here/package.sh" "$version" "$scratch/binaries" "$release" >/dev/null || fail "package.sh failed"
expected_files="SHA256SUMS
offscreen-sim-$version-linux-aarch64.tar.gz
offscreen-sim-$version-linux-x86_64.tar.gz
offscreen-sim-$version-macos-universal.tar.gz
offscreen-sim.artifactbundle.zip"
made=$(cd "$release" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
[ "$made" = "$expected_files" ] || fail "package.sh made: $made"
(cd "$release" && sha256sum --check --quiet SHA256SUMS) || fail "SHA256SUMS does not match the files"
[ "$(wc -l <"$release/SHA256SUMS")" = 4 ] || fail "SHA256SUMS does not have 4 lines"
for platform in macos-universal linux-x86_64 linux-aarch64; do
  [ "$(tar -tzf "$release/offscreen-sim-$version-$platform.tar.gz")" = offscreen-sim ] ||
    fail "the $platform tarball holds more or other than offscreen-sim"
done
mkdir "$scratch/unzipped"
unzip -q "$release/offscreen-sim.artifactbundle.zip" -d "$scratch/unzipped"
python3 - "$scratch/unzipped/offscreen-sim.artifactbundle" "$version" <<'EOF' || fail "the artifact bundle (above)"
import json, os, sys
bundle, version = sys.argv[1], sys.argv[2]
info = json.load(open(os.path.join(bundle, "info.json")))
problems = []
if info.get("schemaVersion") != "1.0": problems.append(f"schemaVersion {info.get('schemaVersion')!r}")
if list(info.get("artifacts", {})) != ["offscreen-sim"]: problems.append(f"artifacts {list(info.get('artifacts', {}))}")
artifact = info.get("artifacts", {}).get("offscreen-sim", {})
if artifact.get("type") != "executable": problems.append(f"type {artifact.get('type')!r}")
if artifact.get("version") != version: problems.append(f"version {artifact.get('version')!r}")
triples = {}
for variant in artifact.get("variants", []):
    path = os.path.join(bundle, variant["path"])
    if not os.access(path, os.X_OK): problems.append(f"{variant['path']} is not an executable in the bundle")
    for triple in variant["supportedTriples"]:
        triples[triple] = variant["path"]
# The triples SwiftPM compares with the host's: the universal binary on both Mac architectures.
wanted = {
    "arm64-apple-macosx": "offscreen-sim/macos-universal/bin/offscreen-sim",
    "x86_64-apple-macosx": "offscreen-sim/macos-universal/bin/offscreen-sim",
    "x86_64-unknown-linux-gnu": "offscreen-sim/linux-x86_64/bin/offscreen-sim",
    "aarch64-unknown-linux-gnu": "offscreen-sim/linux-aarch64/bin/offscreen-sim",
}
if triples != wanted: problems.append(f"triples {triples}")
for problem in problems: print("artifact bundle:", problem, file=sys.stderr)
sys.exit(1 if problems else 0)
EOF

# 3. The formula pointed at this release.
cp "$root/Formula/offscreen-sim.rb" "$scratch/offscreen-sim.rb"
"$here/formula.sh" "$version" "$release/SHA256SUMS" "$scratch/offscreen-sim.rb" || fail "formula.sh failed"
grep -qx "  version \"$version\"" "$scratch/offscreen-sim.rb" || fail "formula: version is not $version"
if grep -q '"0\{64\}"\|# placeholder' "$scratch/offscreen-sim.rb"; then fail "formula: a placeholder is left"; fi
urls=$(grep -cE '^ *url "' "$scratch/offscreen-sim.rb")
[ "$urls" = 3 ] || fail "formula: $urls urls, expected 3"
while read -r url; do
  read -r sha
  name=${url##*/}
  prefix="https://github.com/offscreen-sim/offscreen-sim/releases/download/v$version/"
  [ "${url%"$name"}" = "$prefix" ] || fail "formula: $url is not under $prefix"
  [ -f "$release/$name" ] || fail "formula: $name is not a file of the release"
  [ "$sha" = "$(sha256sum "$release/$name" | cut -d ' ' -f 1)" ] || fail "formula: the sha256 after $name is not its hash"
done < <(sed -nE 's/^ *(url|sha256) "([^"]*)".*/\2/p' "$scratch/offscreen-sim.rb")

# 4. The action's download, from the release folder.
download() { # RUNNER_OS RUNNER_ARCH
  set +e
  env OSIM_VERSION="v$version" RUNNER_OS="$1" RUNNER_ARCH="$2" OSIM_DEST="$scratch/tool-$1-$2" \
    OSIM_RELEASES="file://$scratch/release" GITHUB_OUTPUT="$scratch/output" \
    bash "$root/.github/render-cost/download-release.sh" >"$scratch/download.log" 2>&1
  code=$?
  set -e
}
for runner in macOS/ARM64 macOS/X64 Linux/X64 Linux/ARM64; do
  download "${runner%/*}" "${runner#*/}"
  [ "$code" = 0 ] || fail "download on $runner: exit $code: $(cat "$scratch/download.log")"
done
grep -q "# linux-aarch64" "$scratch/tool-Linux-ARM64/offscreen-sim" || fail "download: Linux/ARM64 did not get the aarch64 binary"
grep -q "# macos-universal" "$scratch/tool-macOS-X64/offscreen-sim" || fail "download: macOS/X64 did not get the universal binary"
grep -qx "tool=$scratch/tool-Linux-X64/offscreen-sim" "$scratch/output" || fail "download: no tool= output"
# A tarball that is not the one SHA256SUMS names is refused before it runs.
printf 'tampered' | gzip >"$release/offscreen-sim-$version-linux-x86_64.tar.gz"
rm -rf "$scratch/tool-Linux-X64"
download Linux X64
[ "$code" = 2 ] || fail "download of a tampered tarball: exit $code, expected 2"
grep -q "does not match the SHA256SUMS of v$version" "$scratch/download.log" || fail "download of a tampered tarball: $(cat "$scratch/download.log")"
[ ! -e "$scratch/tool-Linux-X64/offscreen-sim" ] || fail "download of a tampered tarball: it was unpacked"
download Windows X64
[ "$code" = 2 ] || fail "download on Windows: exit $code, expected 2"
grep -q "leave the version input empty" "$scratch/download.log" || fail "download on Windows: $(cat "$scratch/download.log")"

if [ "$failures" -gt 0 ]; then exit 1; fi
echo "release scripts: the changelog's notes, the release's 5 files, the formula and the action's download as expected"
