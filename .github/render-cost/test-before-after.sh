#!/usr/bin/env bash
# Proves the render-cost action's before/after logic (before-after.sh) on scratch git
# repositories: a change that makes a scene worse fails, one that makes it better passes, new and
# deleted scenes are reported and never fail for being so, a new scene failing its own budgets
# is headed as one (it has nothing to regress from), the pull request that adds the first scenes passes,
# a change without scene files says so, no output names a temporary folder, a comment over
# GitHub's limit is cut between lines, a scene named like an option stays a path, the base
# commit's configuration is obeyed and the change's own reported, and a name that is not UTF-8
# is left out with a note; a changed scene is held to its base version's budgets and the base's
# pairs file is obeyed, the change's own of each reported.
#
# Usage: .github/render-cost/test-before-after.sh path/to/offscreen-sim
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tool=${1:?usage: test-before-after.sh path/to/offscreen-sim}
case "$tool" in /*) ;; *) tool="$PWD/$tool" ;; esac
script="$here/before-after.sh"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0

fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}
expect_status() { # name expected actual
  [ "$2" = "$3" ] || fail "$1: exit code $3, expected $2"
}
expect_in() { # name file text
  grep -qF -- "$3" "$2" || fail "$1: $(basename "$2") does not contain: $3"
}
expect_not_in() { # name file text
  if grep -qF -- "$3" "$2"; then fail "$1: $(basename "$2") contains: $3"; fi
}
commit() {
  git -C "$repo" add -A
  git -C "$repo" -c user.name=test -c user.email=test@example.invalid commit -q -m "$1"
  git -C "$repo" rev-parse HEAD
}
run() { # base, then extra environment
  local base=$1
  shift
  set +e
  (cd "$repo" && env OSIM_TOOL="$tool" OSIM_BASE="$base" OSIM_BASE_NAME=main OSIM_OUT="$out" "$@" \
    bash "$script" >"$scratch/log.txt" 2>&1)
  code=$?
  set -e
}

# The scenes: the QQ Music home page's second release is better than its first (fewer offscreen
# passes, more frames: the bundled pair in .ci/pairs.json), so v2 -> v1 is a regression.
better="$root/scenes/qqmusic-home-v2.json"
worse="$root/scenes/qqmusic-home-v1.json"
repo="$scratch/app"
out="$scratch/out"
dir="$repo/Tests/AppTests/__RenderScenes__/FeedTests"
mkdir -p "$dir"
git -C "$scratch" init -q app
echo "app" >"$repo/README.md"
empty=$(commit "no scenes yet")

cp "$better" "$dir/testHome.json"
cp "$root/scenes/feed-list-sync.json" "$dir/testOld.json"
cp "$root/scenes/mail-cell-composite.json" "$dir/testSame.json"
cp "$root/scenes/timeline-cell.json" "$dir/testMoved.json"
first=$(commit "first scenes")

# 1. The pull request that adds the first scenes: all new, nothing fails.
run "$empty"
expect_status "first scenes" 0 "$code"
expect_in "first scenes" "$out/comment.md" "0 compared with \`main@$(git -C "$repo" rev-parse --short=7 "$empty")\`, 4 new, 0 deleted"
expect_in "first scenes" "$out/comment.md" "- \`Tests/AppTests/__RenderScenes__/FeedTests/testHome.json\`"

# 2. A regression, a deleted scene, a new scene, a renamed one and one left alone.
cp "$worse" "$dir/testHome.json"
git -C "$repo" rm -q "$dir/testOld.json"
git -C "$repo" mv "$dir/testMoved.json" "$dir/testRenamed.json"
cp "$root/scenes/rasterized-card-static.json" "$dir/testNew.json"
second=$(commit "home cards clip again")
run "$first"
expect_status "regression" 1 "$code"
head -n 1 "$out/comment.md" | grep -qxF "<!-- offscreen-sim:render-cost -->" || fail "regression: the comment does not begin with the marker"
expect_in "regression" "$out/comment.md" "## Render cost: regression"
expect_in "regression" "$out/comment.md" "2 compared with \`main@$(git -C "$repo" rev-parse --short=7 "$first")\`, 1 new, 1 deleted, 1 unchanged"
expect_in "regression" "$out/comment.md" "Tests/AppTests/__RenderScenes__/FeedTests/testHome.json"
expect_in "regression" "$out/comment.md" "### Deleted scenes"
expect_in "regression" "$out/comment.md" "- \`Tests/AppTests/__RenderScenes__/FeedTests/testOld.json\`"
expect_in "regression" "$out/comment.md" "- \`Tests/AppTests/__RenderScenes__/FeedTests/testNew.json\`"
expect_in "regression" "$out/compare.txt" "main@$(git -C "$repo" rev-parse --short=7 "$first")/Tests/AppTests/__RenderScenes__/FeedTests/testHome.json"
[ -s "$out/html/Tests/AppTests/__RenderScenes__/FeedTests/testHome.json.html" ] || fail "regression: no HTML report of the changed scene"
[ -s "$out/html/Tests/AppTests/__RenderScenes__/FeedTests/testNew.json.html" ] || fail "regression: no HTML report of the new scene"
[ -s "$out/junit.xml" ] || fail "regression: no JUnit file"
[ "$(cat "$out/status")" = 1 ] || fail "regression: the status file does not say 1"
for file in "$out/comment.md" "$out/compare.txt" "$out/junit.xml"; do
  expect_not_in "repository-relative paths" "$file" "$scratch"
  expect_not_in "repository-relative paths" "$file" "${TMPDIR:-/tmp}/"
done
# In GitHub Actions the regression is annotated on the after file, by its repository path.
run "$first" GITHUB_ACTIONS=true
expect_in "annotations" "$scratch/log.txt" "file=Tests/AppTests/__RenderScenes__/FeedTests/testHome.json"

# The repository's .offscreen-sim.json is read as the base commit has it: with the offscreen
# passes as the only gate, at warning level, the same regression is printed as a warning and
# passes; a configuration with a mistake is an input error. The change's own configuration is
# reported, not obeyed: a pull request that turns its gates off still fails. Each on a branch
# from the first scenes.
branch=$(git -C "$repo" symbolic-ref --short HEAD)
regress_on() { # branch, configuration or "" (written before the regression, in the base)
  git -C "$repo" checkout -q -b "$1" "$first"
  if [ -n "$2" ]; then printf '%s\n' "$2" >"$repo/.offscreen-sim.json"; fi
  config_base=$(commit "configuration")
  cp "$worse" "$dir/testHome.json"
  commit "home cards clip again" >/dev/null
}
regress_on lenient '{ "gates": ["offscreenPasses.perFrameMax"], "levels": { "offscreenPasses.perFrameMax": "warning" } }'
run "$config_base"
expect_status "configuration" 0 "$code"
expect_in "configuration" "$out/compare.txt" "warning: offscreen passes per frame (max)"
expect_not_in "configuration" "$out/comment.md" "This change"
regress_on mistaken '{ "gate": ["fps"] }'
run "$config_base"
expect_status "configuration with a mistake" 2 "$code"
expect_in "configuration with a mistake" "$scratch/log.txt" "main@$(git -C "$repo" rev-parse --short=7 "$config_base")/.offscreen-sim.json:1:3: error: gate: unknown key \`gate\`"
git -C "$repo" checkout -q -b own-gates "$first"
echo '{ "gates": ["none"] }' >"$repo/.offscreen-sim.json"
cp "$worse" "$dir/testHome.json"
commit "home cards clip again, and no gates" >/dev/null
run "$first"
expect_status "the change's own configuration" 1 "$code"
expect_in "the change's own configuration" "$out/comment.md" "This change adds \`.offscreen-sim.json\`: the run used the base commit's configuration (none: the defaults), and the new one takes effect once merged."
regress_on loosened '{ "gates": ["default"] }'
echo '{ "gates": ["none"] }' >"$repo/.offscreen-sim.json"
commit "no gates at all" >/dev/null
run "$config_base"
expect_status "the change's edited configuration" 1 "$code"
expect_in "the change's edited configuration" "$out/comment.md" "This change changes \`.offscreen-sim.json\`: the run used the base commit's configuration, and the new one takes effect once merged."
git -C "$repo" checkout -q "$branch"

# 3. The fix: the home page improves again and passes.
cp "$better" "$dir/testHome.json"
commit "home cards drawn rounded" >/dev/null
run "$second"
expect_status "improvement" 0 "$code"
expect_in "improvement" "$out/comment.md" "## Render cost: no regression"

# 3b. A new scene that fails its own budgets has nothing to regress from: the run fails (exit 1)
# and the comment heads it as a new scene failing its budgets. timeline-cell.json has 6 offscreen
# passes per frame within its budget of 6; the copy's budget is lowered to 0.
sed 's/"maxOffscreenPassesPerFrame": 6,/"maxOffscreenPassesPerFrame": 0,/' "$root/scenes/timeline-cell.json" >"$dir/testBudget.json"
grep -qF '"maxOffscreenPassesPerFrame": 0,' "$dir/testBudget.json" || fail "new scene over budget: the budget was not lowered"
before_new=$(git -C "$repo" rev-parse HEAD)
commit "a new scene over its budget" >/dev/null
run "$before_new"
expect_status "new scene over budget" 1 "$code"
expect_in "new scene over budget" "$out/comment.md" "## Render cost: a new scene failing its budgets"
expect_not_in "new scene over budget" "$out/comment.md" "regression"
expect_in "new scene over budget" "$out/comment.md" "- \`Tests/AppTests/__RenderScenes__/FeedTests/testBudget.json\` (fails its budgets)"
# With a changed scene that got worse as well, the comment says both.
cp "$worse" "$dir/testHome.json"
commit "home cards clip again, and a new scene over its budget" >/dev/null
run "$before_new"
expect_status "regression and new scene over budget" 1 "$code"
expect_in "regression and new scene over budget" "$out/comment.md" "## Render cost: regression, and a new scene failing its budgets"
cp "$better" "$dir/testHome.json"
git -C "$repo" rm -q "$dir/testBudget.json"
commit "back to the improvement" >/dev/null

# 4. A change without scene files.
echo "more" >>"$repo/README.md"
commit "readme" >/dev/null
run HEAD~1
expect_status "no scene changed" 0 "$code"
expect_in "no scene changed" "$out/comment.md" "No scene file changed."

# 5. A base that is not a commit is an input error.
run no-such-branch
expect_status "unknown base" 2 "$code"

# 6. A comment over GitHub's limit is cut between lines, never inside one: a rounded clip appears
# on a layer 70 deep whose ids are 999 characters of `@octocat`, so the finding's line holds a
# code span of about 70,000 characters. Cut inside the span, the rest would be mentions.
deep() { # clip: true or false
  local id layer='{"id": "leaf", "frame": [0, 0, 50, 50], "backgroundColor": "#FF0000"'
  if [ "$1" = true ]; then
    layer+=', "cornerRadius": 5, "masksToBounds": true, "sublayers": [{"id": "x", "frame": [0, 0, 10, 10], "backgroundColor": "#00FF00"}]'
  fi
  layer+='}'
  for i in $(seq 10 79); do
    id=$(printf '@octocat%.0s' $(seq 124))$i
    id=${id:0:997}$i
    layer="{\"id\": \"$id\", \"frame\": [0, 0, 100, 100], \"sublayers\": [$layer]}"
  done
  printf '{"version": 1, "name": "deep", "device": "iphone-7", "root": {"id": "root", "sublayers": [%s]}}\n' "$layer"
}
deep false >"$dir/testDeep.json"
plain=$(commit "a deep scene")
deep true >"$dir/testDeep.json"
commit "the deep scene clips" >/dev/null
run "$plain"
expect_status "long comment" 1 "$code"
[ "$(wc -c <"$out/comment.full.md")" -gt 60000 ] || fail "long comment: the whole comment is not over the limit"
[ "$(wc -c <"$out/comment.md")" -le 60200 ] || fail "long comment: comment.md is over the limit"
expect_in "long comment" "$out/comment.md" "cut here to keep the comment under 60000 characters"
expect_not_in "long comment" "$out/comment.md" "@octocat"
while IFS= read -r line; do
  [ -z "$line" ] || grep -qxF -- "$line" "$out/comment.full.md" || [[ "$line" == "... cut here"* ]] ||
    fail "long comment: a line of comment.md is not a whole line of the comment: ${line:0:80}"
done <"$out/comment.md"

# 7. A new scene whose name reads like an option (`--budgets=creds.json`) is a path: the tool is
# called with `--` before its paths, so the name never becomes `--budgets` (it would be an
# unknown option of report, exit 2, or read another file as budgets).
# The scene is at the repository's root, where its path is its name (a team's `scenes:` glob
# can reach it).
before_option=$(git -C "$repo" rev-parse HEAD)
cp "$root/scenes/timeline-cell.json" "$repo/--budgets=creds.json"
commit "a scene named like an option" >/dev/null
run "$before_option" OSIM_SCENES=":(glob)*.json"
expect_status "a name like an option" 0 "$code"
expect_in "a name like an option" "$out/comment.md" "- \`--budgets=creds.json\`"

# 8. A file whose name is not valid UTF-8 (JSON, the pairs file's format, holds UTF-8 only) is
# left out with a note; the other changes are compared, and the run does not fail for it.
before_bytes=$(git -C "$repo" rev-parse HEAD)
cp "$root/scenes/timeline-cell.json" "$dir/test$(printf '\377').json"
cp "$worse" "$dir/testHome.json"
commit "a name that is not UTF-8, and a regression" >/dev/null
run "$before_bytes"
expect_status "a name that is not UTF-8" 1 "$code"
expect_in "a name that is not UTF-8" "$out/comment.md" "1 compared with"
expect_in "a name that is not UTF-8" "$out/comment.md" "1 file(s) whose names are not valid UTF-8 or hold control characters were left out."
expect_in "a name that is not UTF-8" "$scratch/log.txt" "note: 1 changed file(s) whose names are not valid UTF-8"

# 9. A changed scene is held to its base version's budgets, not its own: a pull request that
# raises a budget it fails still fails, and the comment names the scene whose budgets it edits.
# timeline-cell.json has 6 offscreen passes per frame; the base's copy allows 0, the change 100.
git -C "$repo" checkout -q -b own-budgets "$first"
sed 's/"maxOffscreenPassesPerFrame": 6,/"maxOffscreenPassesPerFrame": 0,/' "$root/scenes/timeline-cell.json" >"$dir/testTight.json"
grep -qF '"maxOffscreenPassesPerFrame": 0,' "$dir/testTight.json" || fail "own budgets: the budget was not lowered"
tight=$(commit "a scene held to no offscreen pass")
sed -i 's/"maxOffscreenPassesPerFrame": 0,/"maxOffscreenPassesPerFrame": 100,/' "$dir/testTight.json"
commit "its budget raised" >/dev/null
run "$tight"
expect_status "the change's own budgets" 1 "$code"
expect_in "the change's own budgets" "$out/comment.md" "This change edits the budgets of 1 scene(s); each was held to the budgets of its base version"
expect_in "the change's own budgets" "$out/comment.md" "- \`Tests/AppTests/__RenderScenes__/FeedTests/testTight.json\`"
expect_in "the change's own budgets" "$out/compare.txt" "maxOffscreenPassesPerFrame  expected <= 0"
expect_not_in "the change's own budgets" "$out/compare.txt" "expected <= 100"
# A change that leaves the budgets alone gets no such line.
sed -i 's/"name": "/"name": "Renamed /' "$dir/testTight.json"
commit "the scene renamed, its budgets left alone" >/dev/null
run HEAD~1
expect_in "budgets left alone" "$out/comment.md" "1 compared with"
expect_not_in "budgets left alone" "$out/comment.md" "edits the budgets"

# 10. The pairs file is read as the base commit has it: a change that swaps a pair (so that the
# regression it records reads as an improvement) is still held to the base's pair, and the
# comment says the change edits the file. The hidden copy beside it is removed afterwards.
git -C "$repo" checkout -q -b own-pairs "$first"
mkdir -p "$repo/perf"
cp "$better" "$repo/perf/home-v2.json"
cp "$worse" "$repo/perf/home-v1.json"
printf '[{"before": "home-v2.json", "after": "home-v1.json"}]\n' >"$repo/perf/pairs.json"
paired=$(commit "a pair that records a regression")
printf '[{"before": "home-v1.json", "after": "home-v2.json"}]\n' >"$repo/perf/pairs.json"
commit "the pair swapped" >/dev/null
run "$paired" OSIM_PAIRS=perf/pairs.json
expect_status "the change's own pairs" 1 "$code"
expect_in "the change's own pairs" "$out/comment.md" "This change changes \`perf/pairs.json\`: the run used the base commit's pairs, and the new ones take effect once merged."
[ -z "$(git -C "$repo" status --porcelain --ignored)" ] || fail "the change's own pairs: the base's copy was left in the repository"
# A pairs file the change adds is reported, not obeyed: the base has none.
git -C "$repo" checkout -q -b new-pairs "$first"
mkdir -p "$repo/perf"
cp "$better" "$repo/perf/home-v2.json"
cp "$worse" "$repo/perf/home-v1.json"
printf '[{"before": "home-v2.json", "after": "home-v1.json"}]\n' >"$repo/perf/pairs.json"
commit "a new pairs file" >/dev/null
run "$first" OSIM_PAIRS=perf/pairs.json
expect_status "a new pairs file" 0 "$code"
expect_in "a new pairs file" "$out/comment.md" "This change adds \`perf/pairs.json\`: the run used the base commit's pairs (none), and the new ones take effect once merged."
git -C "$repo" checkout -q "$branch"

if [ "$failures" -gt 0 ]; then
  echo "the last run's log:" >&2
  cat "$scratch/log.txt" >&2
  exit 1
fi
echo "before/after logic: 20 runs on a scratch repository as expected"
