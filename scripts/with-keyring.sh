#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, started here and
# torn down when the command ends, so keychain tests use a real Secret Service without touching
# the user's own keyring. Elsewhere (macOS, Windows, or no dbus/gnome-keyring) it runs the command
# as it is.
set -euo pipefail

if [[ "${1:-}" == "--inside" ]]; then
  shift
  keyring_home=$(mktemp -d -t commission-desk-keyring.XXXXXX)
  export XDG_DATA_HOME="$keyring_home/data" XDG_CONFIG_HOME="$keyring_home/config" XDG_RUNTIME_DIR="$keyring_home/run"
  mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
  # A password on stdin creates and unlocks the login collection.
  eval "$(printf 'commission-desk-test' | gnome-keyring-daemon --unlock --components=secrets)"
  eval "$(gnome-keyring-daemon --start --components=secrets)"
  export COMMISSION_DESK_KEYRING_READY=1
  status=0
  "$@" || status=$?
  rm -rf "$keyring_home"
  exit "$status"
fi

if [[ "$(uname -s)" != "Linux" || -n "${COMMISSION_DESK_KEYRING_READY:-}" ]]; then
  exec "$@"
fi
if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  echo "with-keyring: dbus-run-session or gnome-keyring-daemon not found; keychain tests will see no Secret Service." >&2
  exec "$@"
fi
exec dbus-run-session -- bash "$0" --inside "$@"
