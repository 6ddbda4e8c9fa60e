#!/usr/bin/env bash
# Run first by `npm test`: the Debian packages the tests need beyond npm's. Installs the missing ones when
# it can (root and apt-get); otherwise stops at once, naming each package and the command that installs it.
#   chromium       the browser of the e2e journeys (Playwright runs /usr/bin/chromium)
#   poppler-utils  pdftotext, which the API tests use to read generated PDFs back
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
[ ${#missing[@]} -eq 0 ] && exit 0

install="apt-get update && apt-get install -y ${missing[*]}"
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} from Debian (the tests need them)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "The tests need these Debian packages, which are missing: ${missing[*]}" >&2
if command -v apt-get >/dev/null 2>&1; then
  echo "Install them as root with: sudo sh -c '$install'" >&2
else
  echo "Install them with your system's package manager (on Debian or Ubuntu: $install)" >&2
fi
exit 1
