#!/usr/bin/env bash
# Kept for existing callers: the set-up is scripts/install-system-deps.mjs (Debian/Ubuntu, macOS, Windows).
exec node "$(dirname "$0")/install-system-deps.mjs" "$@"
