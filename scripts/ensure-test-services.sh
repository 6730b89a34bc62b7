#!/usr/bin/env bash
# Runs before `npm test`: the integration tests use a real redis-server and a real Chromium, so
# make sure both are on this machine, installing them from Debian's packages when we can.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || [ -n "${REDIS_SERVER:-}" ] || missing+=(redis-server)
command -v chromium >/dev/null 2>&1 || [ -n "${CHROMIUM_PATH:-}" ] || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "toolbound tests: installing ${missing[*]} with apt-get (once)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

cat >&2 <<MESSAGE
toolbound tests need ${missing[*]}, and this script can only install them as root with apt-get.
Install them yourself (Debian/Ubuntu: sudo apt-get install -y redis-server chromium), or point
REDIS_SERVER and CHROMIUM_PATH at the binaries, then run npm test again.
MESSAGE
exit 1
