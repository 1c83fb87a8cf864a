#!/usr/bin/env bash
# Prints the directory of a Node 24 LTS binary (bin/node), fetched once from the npm registry, where Node publishes
# each release as the `node-<os>-<arch>` package: no other download. CI runs the suite on it beside the machine's Node.
set -euo pipefail
VERSION=24.21.0
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "no Node $VERSION package for $(uname -m)" >&2; exit 1 ;;
esac
os=$(uname -s | tr '[:upper:]' '[:lower:]')
dir="$(cd "$(dirname "$0")/.." && pwd)/node_modules/.cache/node-$VERSION-$os-$arch"
if [ ! -x "$dir/bin/node" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "node-$os-$arch@$VERSION" > /dev/null)
  mkdir -p "$dir"
  tar xzf "$tmp"/node-*.tgz -C "$dir" --strip-components=1
fi
"$dir/bin/node" --version > /dev/null
echo "$dir"
