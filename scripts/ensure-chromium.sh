#!/usr/bin/env bash
# The GraphiQL test drives Debian's headless Chromium (never a browser downloaded by Playwright).
# Installs it when missing and we may (root with apt-get); otherwise says what to install.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "installing Debian's chromium for the browser test…" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "the browser test needs /usr/bin/chromium: install Debian's package (sudo apt-get install -y chromium)" >&2
exit 1
