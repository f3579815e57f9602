#!/usr/bin/env bash
# The render-cost action's logic: compare the scene files a change touches with the base
# branch's versions of them, and write a pull-request comment, JUnit and HTML reports.
#
# Before and after come from git itself: every scene file matching the pathspecs that the change
# modifies or renames is compared with its version at the merge base; a scene the change adds is
# reported as new, one it deletes as deleted, and neither fails the run for being so (a new
# scene that fails its own budgets fails it, headed as a new scene failing its budgets: it has
# nothing to regress from). Scenes the change leaves alone are not simulated (one tool, the same bytes: the same figures). No pairs file is needed;
# one can be given for comparisons between different files.
#
# What the run is held to comes from the base commit, never from the change itself: the project
# configuration (gates, tolerance, budgets, levels), the pairs file, and each changed scene's own
# budgets (`check --budgets-from`). A change to any of them is reported in the comment and obeyed
# once merged; a new scene, which the base does not have, is held to its own budgets.
#
# Environment (the action's inputs):
#   OSIM_TOOL       the offscreen-sim executable (required)
#   OSIM_BASE       the base commit or ref, e.g. the pull request's base SHA (required)
#   OSIM_BASE_NAME  how the base side is labelled (default "base"); shown as <name>@<short sha>
#   OSIM_SCENES     git pathspecs of the scene files, one a line
#                   (default ":(glob)**/__RenderScenes__/**/*.json")
#   OSIM_PAIRS      a pairs file in the repository for other comparisons (optional), read as the
#                   base commit has it (a change to it is reported, and obeyed once merged)
#   OSIM_DEVICES    device ids, separated by spaces or commas (default: each scene's own)
#   OSIM_TOLERANCE  compare's --tolerance (optional)
#   OSIM_GATE       compare's --gate (optional)
#   OSIM_CHECK      "true" to also hold the changed and new scenes to their budgets (default true)
#   OSIM_CONFIG     the project configuration, relative to the repository (default
#                   .offscreen-sim.json, used when it exists): devices, gates, tolerance, budgets
#                   for scenes without their own, levels; the inputs above override it. It is
#                   read as the base commit has it: a pull request cannot loosen the gates and
#                   budgets it is held to; a configuration it changes is reported in the comment,
#                   and obeyed once merged
#   OSIM_OUT        the folder for the results (default: render-cost-results in the repository)
#
# Writes into OSIM_OUT: comment.md (begins with the hidden marker the sticky comment is found
# by), compare.txt, junit.xml (the budgets of the changed and new scenes), html/<path>.html
# (a report of each changed and new scene), and status (the exit code). Exit code: 0 no
# regression, 1 a gated metric got worse or a budget failed, 2 a scene could not be read or the
# tool could not run. Paths in every output are relative to the repository's root.
set -euo pipefail

marker="<!-- offscreen-sim:render-cost -->"
tool="${OSIM_TOOL:?OSIM_TOOL must name the offscreen-sim executable}"
base_input="${OSIM_BASE:?OSIM_BASE must name the base commit}"
scenes_input="${OSIM_SCENES:-:(glob)**/__RenderScenes__/**/*.json}"

repo=$(git rev-parse --show-toplevel)
case "$tool" in /*) ;; *) tool="$PWD/$tool" ;; esac
out="${OSIM_OUT:-$repo/render-cost-results}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
cd "$repo"

if ! base_commit=$(git rev-parse --verify --quiet "${base_input}^{commit}"); then
  echo "::error::the base '${base_input}' is not a commit of this repository; check out with fetch-depth: 0" >&2
  exit 2
fi
base=$(git merge-base "$base_commit" HEAD || echo "$base_commit")
label="${OSIM_BASE_NAME:-base}@$(git rev-parse --short=7 "$base")"
label=$(printf '%s' "$label" | LC_ALL=C tr -c 'A-Za-z0-9._@+-' '_')

rm -rf "$out"
mkdir -p "$out/html"
work=$(mktemp -d)
base_pairs=""
trap 'rm -rf "$work"; [ -z "$base_pairs" ] || rm -f "$base_pairs"' EXIT
mkdir -p "$work/$label" "$work/budgets-base"

specs=()
while IFS= read -r line; do
  line="${line#"${line%%[![:space:]]*}"}"
  line="${line%"${line##*[![:space:]]}"}"
  [ -n "$line" ] && specs+=("$line")
done <<<"$scenes_input"

device_args=()
first_device=""
devices_input="${OSIM_DEVICES:-}"
for device in ${devices_input//,/ }; do
  device_args+=(--device "$device")
  [ -z "$first_device" ] && first_device="$device"
done

# A path as Markdown shows it: in a code span, characters other than these replaced.
shown() { printf '%s' "$1" | LC_ALL=C tr -c 'A-Za-z0-9 ._/@+=,()-' '_'; }
# A path as a JSON string.
json_string() {
  local s=$1
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  printf '"%s"' "$s"
}
is_scene() {
  case "$1" in *.schema.json | *.device.json) return 1 ;; *.json) return 0 ;; *) return 1 ;; esac
}
# Copies a file of a commit to a path under the work folder.
extract() {
  mkdir -p "$(dirname "$3")"
  git show "$1:$2" >"$3"
}

# The project configuration, as the base commit has it (the pull request's own would let it turn
# its gates off): copied into the work folder, where the tool reads it with --config (it would
# not find it by walking up). A configuration the change adds or edits is reported, not obeyed.
config_args=()
config_path="${OSIM_CONFIG:-.offscreen-sim.json}"
config_note=""
if git cat-file -e "$base:$config_path" 2>/dev/null; then
  # Beside the base side's scenes, so that a problem in it is named as the base's
  # (main@1a2b3c4/.offscreen-sim.json).
  extract "$base" "$config_path" "$work/$label/$config_path"
  config_args=(--config "$work/$label/$config_path")
  if [ -f "$repo/$config_path" ] && ! git diff --quiet "$base" HEAD -- "$config_path"; then
    config_note="changes"
  elif [ ! -f "$repo/$config_path" ]; then
    config_note="deletes"
  fi
elif [ -f "$repo/$config_path" ]; then
  config_note="adds"
elif [ -n "${OSIM_CONFIG:-}" ]; then
  echo "::error::the config '${OSIM_CONFIG}' is not a file of this repository" >&2
  exit 2
fi
compare_args=(${config_args[@]+"${config_args[@]}"})

# The pairs file, as the base commit has it: copied beside the change's own (its paths are read
# from its folder), hidden, and removed on exit. One the change adds or edits is reported.
pairs_note=""
pairs_file=""
if [ -n "${OSIM_PAIRS:-}" ]; then
  if git cat-file -e "$base:$OSIM_PAIRS" 2>/dev/null; then
    pairs_dir=$(dirname -- "$OSIM_PAIRS")
    mkdir -p "$repo/$pairs_dir"
    base_pairs="$repo/$pairs_dir/.$label.$(basename -- "$OSIM_PAIRS")"
    git show "$base:$OSIM_PAIRS" >"$base_pairs"
    pairs_file="${base_pairs#"$repo/"}"
    if [ -f "$repo/$OSIM_PAIRS" ] && ! git diff --quiet "$base" HEAD -- "$OSIM_PAIRS"; then
      pairs_note="changes"
    elif [ ! -f "$repo/$OSIM_PAIRS" ]; then
      pairs_note="deletes"
    fi
  elif [ -f "$repo/$OSIM_PAIRS" ]; then
    pairs_note="adds"
  else
    echo "::error::the pairs file '${OSIM_PAIRS}' is not a file of this repository" >&2
    exit 2
  fi
fi
[ -n "${OSIM_TOLERANCE:-}" ] && compare_args+=(--tolerance "$OSIM_TOLERANCE")
[ -n "${OSIM_GATE:-}" ] && compare_args+=(--gate "$OSIM_GATE")

compared=()
added=()
deleted=()
skipped=()
pairs="["
while IFS= read -r -d '' status; do
  case "$status" in
    R* | C*)
      IFS= read -r -d '' old
      IFS= read -r -d '' new
      ;;
    *)
      IFS= read -r -d '' new
      old="$new"
      ;;
  esac
  # A name that is not valid UTF-8, or that holds a control character, is left out with a note:
  # the pairs file is JSON, which holds UTF-8 only, and one such name would fail the whole run.
  if [[ "$old$new" == *[[:cntrl:]]* ]] || ! printf '%s%s' "$old" "$new" | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1; then
    skipped+=("$new")
    continue
  fi
  case "$status" in
    A*) is_scene "$new" && added+=("$new") ;;
    D*) is_scene "$old" && deleted+=("$old") ;;
    M* | T* | R* | C*)
      if is_scene "$new"; then
        extract "$base" "$old" "$work/$label/$old"
        extract HEAD "$new" "$work/$new"
        # The budgets the changed scene is held to: its base version's, at its new path.
        extract "$base" "$old" "$work/budgets-base/$new"
        [ "$pairs" != "[" ] && pairs+=","
        pairs+="{\"before\":$(json_string "$label/$old"),\"after\":$(json_string "$new")}"
        compared+=("$new")
      fi
      ;;
  esac
done < <(git diff -z --name-status -M --no-ext-diff --no-textconv "$base" HEAD -- "${specs[@]}")
pairs+="]"
for path in ${added[@]+"${added[@]}"}; do extract HEAD "$path" "$work/$path"; done
if [ ${#skipped[@]} -gt 0 ]; then
  echo "note: ${#skipped[@]} changed file(s) whose names are not valid UTF-8 or hold control characters were left out" >&2
fi

unchanged=$(git ls-files -z -- "${specs[@]}" | tr '\0' '\n' | grep -c '\.json$' || true)
unchanged=$((unchanged - ${#compared[@]} - ${#added[@]}))
[ "$unchanged" -lt 0 ] && unchanged=0

status=0
raise() { [ "$1" -gt "$status" ] && status=$1 || true; }
# What a status of 1 comes from: a comparison that got worse, the budgets (of any scene).
compare_worse=false
check_code=0
compare_md=""
if [ ${#compared[@]} -gt 0 ]; then
  printf '%s\n' "$pairs" >"$work/pairs.json"
  # Text (with workflow annotations on the after files in GitHub Actions) for the log, then
  # Markdown for the comment, without annotating twice.
  set +e
  (cd "$work" && "$tool" compare --pairs pairs.json ${device_args[@]+"${device_args[@]}"} \
    ${compare_args[@]+"${compare_args[@]}"}) >"$out/compare.txt"
  code=$?
  compare_md=$(cd "$work" && env -u GITHUB_ACTIONS "$tool" compare --pairs pairs.json --format markdown \
    ${device_args[@]+"${device_args[@]}"} ${compare_args[@]+"${compare_args[@]}"})
  set -e
  raise "$code"
  [ "$code" = 1 ] && compare_worse=true
fi
if [ -n "$pairs_file" ]; then
  set +e
  "$tool" compare --pairs "$pairs_file" ${compare_args[@]+"${compare_args[@]}"} >>"$out/compare.txt"
  code=$?
  compare_md+=$'\n\n'$(env -u GITHUB_ACTIONS "$tool" compare --pairs "$pairs_file" --format markdown \
    ${compare_args[@]+"${compare_args[@]}"})
  set -e
  raise "$code"
  [ "$code" = 1 ] && compare_worse=true
fi

# Reports of the changed and new scenes: HTML for the artifact, budgets as JUnit.
after=(${compared[@]+"${compared[@]}"} ${added[@]+"${added[@]}"})
for path in ${after[@]+"${after[@]}"}; do
  mkdir -p "$out/html/$(dirname "$path")"
  # Options first, then `--`: a file named like an option (--budgets=...) stays a path.
  if ! (cd "$work" && "$tool" report --html "$out/html/$path.html" \
    ${first_device:+--device "$first_device"} -- "$path" >/dev/null); then
    raise 2
  fi
done
budgets=""
budget_changes=()
if [ "${OSIM_CHECK:-true}" = "true" ] && [ ${#after[@]} -gt 0 ]; then
  set +e
  budgets=$(cd "$work" && "$tool" check --junit "$out/junit.xml" --budgets-from budgets-base \
    ${device_args[@]+"${device_args[@]}"} ${config_args[@]+"${config_args[@]}"} -- "${after[@]}" 2>"$work/check.err")
  code=$?
  set -e
  cat "$work/check.err" >&2
  # The changed scenes whose own budgets differ from the base's: held to the base's, reported.
  while IFS= read -r changed; do
    [ -n "$changed" ] && budget_changes+=("$changed")
  done < <(sed -n 's/^note: \(.*\): held to the budgets of .* (--budgets-from); its own budgets differ.*$/\1/p' "$work/check.err")
  raise "$code"
  check_code=$code
  printf '%s\n' "$budgets" >>"$out/compare.txt"
fi

# A new scene has nothing to regress from: when budgets failed, which scenes failed them decides
# the heading. The changed scenes failing theirs is a regression; each new scene failing its own
# is named as such (each is checked again alone, only when the run failed on budgets).
regressed=$compare_worse
failing_new=()
if [ "$check_code" = 1 ]; then
  if [ ${#added[@]} -eq 0 ]; then
    regressed=true
  else
    set +e
    if [ ${#compared[@]} -gt 0 ]; then
      (cd "$work" && "$tool" check --quiet --budgets-from budgets-base ${device_args[@]+"${device_args[@]}"} \
        ${config_args[@]+"${config_args[@]}"} -- "${compared[@]}") >/dev/null 2>&1
      [ $? = 1 ] && regressed=true
    fi
    for path in "${added[@]}"; do
      (cd "$work" && "$tool" check --quiet ${device_args[@]+"${device_args[@]}"} \
        ${config_args[@]+"${config_args[@]}"} -- "$path") >/dev/null 2>&1
      [ $? = 1 ] && failing_new+=("$path")
    done
    set -e
  fi
fi
if [ ${#failing_new[@]} -eq 1 ]; then
  failing_words="a new scene failing its budgets"
else
  failing_words="${#failing_new[@]} new scenes failing their budgets"
fi

case "$status" in
  0) verdict="no regression" ;;
  1)
    if [ "$regressed" = true ] && [ ${#failing_new[@]} -gt 0 ]; then
      verdict="regression, and $failing_words"
    elif [ ${#failing_new[@]} -gt 0 ]; then
      verdict="$failing_words"
    else
      verdict="regression"
    fi
    ;;
  *) verdict="error: a scene could not be read (see the job log)" ;;
esac
{
  printf '%s\n' "$marker"
  printf '## Render cost: %s\n\n' "$verdict"
  printf 'Scenes: %s compared with %s, %s new, %s deleted, %s unchanged.\n' \
    "${#compared[@]}" "\`$label\`" "${#added[@]}" "${#deleted[@]}" "$unchanged"
  if [ ${#compared[@]} -eq 0 ] && [ ${#added[@]} -eq 0 ] && [ ${#deleted[@]} -eq 0 ] && [ -z "$pairs_file" ]; then
    printf '\nNo scene file changed.\n'
  fi
  [ -n "$compare_md" ] && printf '\n%s\n' "$compare_md"
  if [ ${#added[@]} -gt 0 ]; then
    printf '\n### New scenes (nothing to compare with)\n\n'
    for path in "${added[@]}"; do
      note=""
      for failing in ${failing_new[@]+"${failing_new[@]}"}; do
        [ "$failing" = "$path" ] && note=" (fails its budgets)"
      done
      printf -- '- `%s`%s\n' "$(shown "$path")" "$note"
    done
  fi
  if [ ${#deleted[@]} -gt 0 ]; then
    printf '\n### Deleted scenes\n\n'
    for path in "${deleted[@]}"; do printf -- '- `%s`\n' "$(shown "$path")"; done
  fi
  if [ ${#skipped[@]} -gt 0 ]; then
    printf '\n%s file(s) whose names are not valid UTF-8 or hold control characters were left out.\n' "${#skipped[@]}"
  fi
  if [ -n "$pairs_note" ]; then
    printf '\nThis change %s `%s`: the run used the base commit'"'"'s pairs%s, and the new ones take effect once merged.\n' \
      "$pairs_note" "$(shown "$OSIM_PAIRS")" "$([ -z "$pairs_file" ] && printf ' (none)')"
  fi
  if [ ${#budget_changes[@]} -gt 0 ]; then
    printf '\nThis change edits the budgets of %s scene(s); each was held to the budgets of its base version, and the new ones take effect once merged:\n\n' \
      "${#budget_changes[@]}"
    for path in "${budget_changes[@]}"; do printf -- '- `%s`\n' "$(shown "$path")"; done
  fi
  if [ -n "$config_note" ]; then
    printf '\nThis change %s `%s`: the run used the base commit'"'"'s configuration%s, and the new one takes effect once merged.\n' \
      "$config_note" "$(shown "$config_path")" "$([ ${#config_args[@]} -eq 0 ] && printf ' (none: the defaults)')"
  fi
  if [ -n "$budgets" ]; then
    printf '\n<details><summary>Budgets of the changed and new scenes</summary>\n\n```\n%s\n```\n</details>\n' \
      "$(printf '%s' "$budgets" | sed 's/```/` ` `/g')"
  fi
} >"$out/comment.full.md"

# GitHub refuses comments over 65,536 characters: keep the head and say where the rest is. The
# head is whole lines: a line cut in the middle could leave a code span open, and the id it held
# (`@team`, `<img>`) would be read as Markdown.
limit=60000
if [ "$(wc -c <"$out/comment.full.md")" -gt "$limit" ]; then
  {
    LC_ALL=C awk -v limit="$limit" '{ bytes += length($0) + 1; if (bytes > limit) exit; print }' "$out/comment.full.md"
    printf '\n\n... cut here to keep the comment under %s characters; the whole text is in the job summary.\n' "$limit"
  } >"$out/comment.md"
else
  cp "$out/comment.full.md" "$out/comment.md"
fi
echo "$status" >"$out/status"
cat "$out/compare.txt" 2>/dev/null || true
exit "$status"
