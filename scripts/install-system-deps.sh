#!/usr/bin/env bash
# Installs the Debian packages Timbre Studio needs to build, run and test on Linux.
# Idempotent and quiet: packages already present are skipped, apt runs only when something is missing.
#   chromium            - the browser shell's e2e tests and benchmarks (driven by playwright-core)
#   libsecret-1-dev     - keytar builds from source against libsecret
#   gnome-keyring, dbus-x11, dbus - a real Secret Service for the keychain tests (under dbus-run-session)
#   ffmpeg              - the stand-in's decoding, the export reference benchmark and test fixtures
#   espeak-ng           - the stand-in's offline speech synthesis
#   sox                 - test fixtures (speech, noise, tones)
#   epubcheck           - validates the read-along EPUB in its test (run as java -jar /usr/share/java/epubcheck.jar)
set -euo pipefail

packages=(chromium libsecret-1-dev gnome-keyring dbus dbus-x11 ffmpeg espeak-ng sox libsox-fmt-mp3 epubcheck python3 make g++)

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
