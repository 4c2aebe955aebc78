#!/usr/bin/env bash
# llama.cpp's dry run, the oracle test/memory/reference.test.ts checks the memory estimate against:
# node-llama-cpp with its prebuilt CPU binary only (no GPU builds, no source download), in an ignored
# folder so that a plain `npm install` stays small. The tests skip without it (fail under CI's
# HUBREF_REQUIRE_TOOLCHAINS=1).
set -euo pipefail
cd "$(dirname "$0")/.."
version=3.22.1
prefix=.tmp/oracle
if [ -f "$prefix/node_modules/node-llama-cpp/package.json" ] &&
  grep -q "\"version\": \"$version\"" "$prefix/node_modules/node-llama-cpp/package.json" &&
  [ -d "$prefix/node_modules/@node-llama-cpp/linux-x64" ]; then
  exit 0
fi
mkdir -p "$prefix"
# Its own package.json, so npm installs here and not into the project above.
[ -f "$prefix/package.json" ] || echo '{"private":true}' >"$prefix/package.json"
NODE_LLAMA_CPP_SKIP_DOWNLOAD=true npm install --no-save --omit=optional --no-audit --no-fund --ignore-scripts \
  --prefix "$prefix" "node-llama-cpp@$version" "@node-llama-cpp/linux-x64@$version"
