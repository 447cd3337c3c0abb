#!/usr/bin/env bash
# Runs a command with a working, unlocked Secret Service, so that keytar (libsecret) works headless on Linux,
# e.g. in CI as root with no desktop session:
#
#   bash scripts/with-keyring.sh npx vitest run main/services/secrets
#
# - Already inside a session whose Secret Service is running with an unlocked default keyring (a desktop, or
#   a nested call of this script): runs the command as it is.
# - Otherwise: starts a private D-Bus session (dbus-run-session) and a gnome-keyring-daemon whose login
#   keyring lives in a throwaway folder and is created/unlocked non-interactively with a random password.
#   Nothing under $HOME is read or written, so an existing login keyring (whose password we cannot know) is
#   never in the way, and every run starts from the same empty state.
# - Quiet on success, the command's exit code is passed through, and no daemon outlives the command.
#   If the keyring cannot be set up, says why (with the daemons' logs) and exits 69 (EX_UNAVAILABLE).
#
# Needs dbus (dbus-run-session, dbus-send) and gnome-keyring: see scripts/install-system-deps.mjs.
set -euo pipefail

readonly setup_failed_status=69
readonly secrets_bus_name=org.freedesktop.secrets
readonly setup_attempts=3

fail_setup() {
  echo "with-keyring: $*" >&2
  exit "$setup_failed_status"
}

# True when the session bus has a running Secret Service whose default keyring exists and is unlocked.
# NameHasOwner first, because any call addressed to the service itself would D-Bus-activate a daemon that may
# then block on a password prompt nobody can answer.
secret_service_ready() {
  [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || return 1
  command -v dbus-send >/dev/null 2>&1 || return 1
  dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner "string:$secrets_bus_name" 2>/dev/null | grep -q 'true' || return 1
  local collection
  collection="$(dbus-send --session --print-reply=literal --dest="$secrets_bus_name" /org/freedesktop/secrets \
    org.freedesktop.Secret.Service.ReadAlias string:default 2>/dev/null | tr -d '[:space:]')" || return 1
  # "/" is the Secret Service's way of saying "no such alias".
  case "$collection" in /org/freedesktop/secrets/collection/*) ;; *) return 1 ;; esac
  dbus-send --session --print-reply=literal --dest="$secrets_bus_name" "$collection" \
    org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Collection string:Locked 2>/dev/null |
    grep -q 'false'
}

# Stage 2, inside dbus-run-session: start the keyring, run the command, stop the keyring.
run_inside_session() {
  local work_dir="$TIMBRE_KEYRING_DIR"
  unset TIMBRE_KEYRING_STAGE TIMBRE_KEYRING_DIR
  : >"$work_dir/inner-started"
  # The outer stage sent stderr (where dbus-daemon chatters, e.g. "Failed to set fd limit" as root) to a log
  # and kept the real stderr on fd 3: give it back to this stage and the command.
  exec 2>&3 3>&-

  local data_dir="$work_dir/data" control_dir="$work_dir/control" password
  mkdir -m 700 "$data_dir" "$control_dir"
  password="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"

  # --unlock reads the login keyring's password from stdin and creates that keyring when it does not exist yet;
  # --foreground keeps the daemon our child, so we know its pid and can stop it. It registers the secrets
  # component on the bus itself, so a later `--start` (which only initialises an already running daemon and
  # prints its environment) has nothing left to do; the environment it prints is captured here instead.
  printf '%s' "$password" |
    XDG_DATA_HOME="$data_dir" gnome-keyring-daemon --foreground --unlock --components=secrets \
      --control-directory="$control_dir" >"$work_dir/keyring.env" 2>"$work_dir/keyring.log" &
  local keyring_pid=$!
  # shellcheck disable=SC2064 # expand now: the pid is known and must be the one stopped on any exit
  trap "kill $keyring_pid 2>/dev/null || true; wait $keyring_pid 2>/dev/null || true" EXIT
  unset password

  local attempt
  for attempt in $(seq 100); do
    secret_service_ready && break
    kill -0 "$keyring_pid" 2>/dev/null || break
    sleep 0.1
  done
  if ! secret_service_ready; then
    : >"$work_dir/setup-failed"
    echo "with-keyring: gnome-keyring-daemon did not provide an unlocked login keyring (waited ${attempt}x0.1 s)." >&2
    sed 's/^/  gnome-keyring: /' "$work_dir/keyring.log" >&2
    exit "$setup_failed_status"
  fi

  local key value
  while IFS='=' read -r key value; do
    case "$key" in GNOME_KEYRING_CONTROL | SSH_AUTH_SOCK) export "$key=$value" ;; esac
  done <"$work_dir/keyring.env"

  set +e
  "$@"
  local status=$?
  set -e
  exit "$status"
}

# Stage 1: decide whether a private session is needed, and set it up.
run_outside_session() {
  if [ "$(uname -s)" != Linux ] || secret_service_ready; then
    exec "$@"
  fi
  local tool
  for tool in dbus-run-session dbus-send gnome-keyring-daemon; do
    command -v "$tool" >/dev/null 2>&1 ||
      fail_setup "$tool is not installed; run node scripts/install-system-deps.mjs (packages dbus, gnome-keyring)."
  done

  local work_dir status
  work_dir="$(mktemp -d "${TMPDIR:-/tmp}/timbre-keyring.XXXXXX")"
  # shellcheck disable=SC2064 # expand now: the folder is known
  trap "rm -rf '$work_dir'" EXIT

  # A freshly booted machine sometimes loses the race between dbus-daemon and gnome-keyring-daemon (the
  # keyring exits within a fraction of a second). Setup failures happen before the command runs, so the whole
  # session is simply tried again, a few times, before giving up.
  local attempt
  for attempt in $(seq "$setup_attempts"); do
    rm -f "$work_dir/inner-started" "$work_dir/setup-failed"
    set +e
    TIMBRE_KEYRING_STAGE=inside TIMBRE_KEYRING_DIR="$work_dir" \
      dbus-run-session -- bash "${BASH_SOURCE[0]}" "$@" 3>&2 2>"$work_dir/dbus.log"
    status=$?
    set -e
    if [ -e "$work_dir/inner-started" ] && [ ! -e "$work_dir/setup-failed" ]; then
      exit "$status"
    fi
    if [ ! -e "$work_dir/inner-started" ]; then
      echo "with-keyring: dbus-run-session could not start a private D-Bus session (status $status)." >&2
    fi
    sed 's/^/  dbus-daemon: /' "$work_dir/dbus.log" >&2
    rm -rf "${work_dir:?}/data" "${work_dir:?}/control"
    if [ "$attempt" -lt "$setup_attempts" ]; then
      echo "with-keyring: setting up the keyring failed (attempt $attempt of $setup_attempts); trying again." >&2
      sleep 1
    fi
  done
  exit "$setup_failed_status"
}

if [ "$#" -eq 0 ]; then
  echo "usage: scripts/with-keyring.sh COMMAND [ARGUMENT...]" >&2
  exit 64
fi

if [ "${TIMBRE_KEYRING_STAGE:-}" = inside ]; then
  run_inside_session "$@"
else
  run_outside_session "$@"
fi
