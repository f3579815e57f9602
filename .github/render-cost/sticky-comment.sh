#!/usr/bin/env bash
# Posts the render-cost comment on a pull request, or updates the one posted before: the comment
# whose body holds the hidden marker and whose author is the token's bot, so another bot's or a
# person's comment is never edited. Uses the GitHub CLI (`gh`, on every GitHub-hosted runner).
#
# Environment: GH_TOKEN, REPOSITORY (owner/name), PULL_REQUEST (number), BODY_FILE,
# COMMENT_AUTHOR (default github-actions[bot], the login of the workflow's GITHUB_TOKEN).
# A refusal (a token without pull-requests: write) is a warning, not a failure: the results are
# in the job summary either way.
set -euo pipefail

marker="<!-- offscreen-sim:render-cost -->"
: "${GH_TOKEN:?}" "${REPOSITORY:?}" "${PULL_REQUEST:?}" "${BODY_FILE:?}"
author="${COMMENT_AUTHOR:-github-actions[bot]}"
if [ ! -f "$BODY_FILE" ]; then
  echo "::warning::no comment was written (see the compare step); nothing to post" >&2
  exit 0
fi
case "$PULL_REQUEST" in '' | *[!0-9]*) echo "::error::PULL_REQUEST must be a number" >&2 && exit 2 ;; esac
case "$REPOSITORY" in */* ) ;; *) echo "::error::REPOSITORY must be owner/name" >&2 && exit 2 ;; esac

existing=$(gh api --paginate "repos/$REPOSITORY/issues/$PULL_REQUEST/comments" \
  --jq ".[] | select(.user.login == \"$author\" and (.body | startswith(\"$marker\"))) | .id" | head -n 1) || {
  echo "::warning::could not read the pull request's comments; the results are in the job summary" >&2
  exit 0
}
if [ -n "$existing" ]; then
  gh api --method PATCH "repos/$REPOSITORY/issues/comments/$existing" -F "body=@$BODY_FILE" >/dev/null ||
    echo "::warning::could not update the render-cost comment; the results are in the job summary" >&2
else
  gh api --method POST "repos/$REPOSITORY/issues/$PULL_REQUEST/comments" -F "body=@$BODY_FILE" >/dev/null ||
    echo "::warning::could not post the render-cost comment; the results are in the job summary" >&2
fi
