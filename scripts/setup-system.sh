#!/usr/bin/env bash
# Installs the Debian packages Verdict needs on this machine: the compilers and runtimes the judge
# offers, a C compiler for the sandbox helper, and Chromium for the browser tests.
# Safe to run again: it installs only what is missing. Needs root (or sudo).
set -euo pipefail

packages=(
  # sandbox helper and the C / C++ languages
  gcc g++ make libc6-dev
  # languages of the judge (reference §8.4)
  openjdk-17-jdk-headless python3 pypy3 golang-go nodejs rustc php-cli ruby mono-mcs mono-runtime
  # browser tests (playwright-core drives Debian's headless chromium, never a downloaded browser)
  chromium-headless-shell fonts-noto-cjk
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-system: all ${#packages[@]} Debian packages are installed"
  exit 0
fi

SUDO=''
[ "$(id -u)" -eq 0 ] || SUDO='sudo'
echo "setup-system: installing ${missing[*]}"
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup-system: done"
