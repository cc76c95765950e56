#!/usr/bin/env bash
# Makes sure the system programs the test suite uses are installed.
# As root on Debian/Ubuntu it installs what is missing with apt-get; otherwise it prints the exact
# install line and fails, so a missing tool is never discovered halfway through the suite.
# With --container it also makes sure of the tools the container-image test uses (buildah, podman,
# runc, debootstrap); the rest of the suite never needs them, so they are not installed by default.
set -euo pipefail

# command-on-PATH (or an absolute file path)  Debian-package
REQUIRED=(
  "ffmpeg ffmpeg"
  "ffprobe ffmpeg"
  "chromium chromium"
  "espeak-ng espeak-ng"
  "pocketsphinx_continuous pocketsphinx"
  "/usr/share/pocketsphinx/model/en-us/en-us/mdef pocketsphinx-en-us"
  "bible bible-kjv"
  "cmake cmake"
  "c++ g++"
  "make make"
  "dvdauthor dvdauthor"
)

if [ "${1-}" = "--container" ]; then
  REQUIRED+=(
    "buildah buildah"
    "podman podman"
    "runc runc"
    "debootstrap debootstrap"
    # debootstrap checks the archive's signatures with these keys.
    "/usr/share/keyrings/debian-archive-keyring.gpg debian-archive-keyring"
  )
fi

missing=()
for entry in "${REQUIRED[@]}"; do
  cmd=${entry%% *}
  pkg=${entry##* }
  if { [[ "$cmd" == /* ]] && [ ! -e "$cmd" ]; } || { [[ "$cmd" != /* ]] && ! command -v "$cmd" >/dev/null 2>&1; }; then
    [[ " ${missing[*]-} " == *" $pkg "* ]] || missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

line="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages the tests need: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  $line
  exit 0
fi

echo "The test suite needs these system packages: ${missing[*]}" >&2
echo "Install them with:  sudo $line" >&2
exit 1
