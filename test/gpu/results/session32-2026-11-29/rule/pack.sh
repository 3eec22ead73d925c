#!/usr/bin/env bash
# Packs the rule's programs from build/cuda: stripped, listA's (and the fault programs) in
# .carry/s32bin/binsA.tar.xz, listB's in .carry/s32binB/binsB.tar.xz, tide_fuzz in both.
set -e
cd "$(dirname "$0")/../.."
rm -rf /tmp/s32pack && mkdir -p /tmp/s32pack/A /tmp/s32pack/B .carry/s32bin .carry/s32binB
for p in $(cat .carry/s32r/listA) tide_fault tide_fault_debug_sync; do cp build/cuda/test/$p /tmp/s32pack/A/ 2>/dev/null || cp build/cuda/$p /tmp/s32pack/A/; done
for p in $(cat .carry/s32r/listB); do cp build/cuda/test/$p /tmp/s32pack/B/; done
strip /tmp/s32pack/A/* /tmp/s32pack/B/*
(cd /tmp/s32pack/A && tar -cJf /work/main/.carry/s32bin/binsA.tar.xz *)
(cd /tmp/s32pack/B && tar -cJf /work/main/.carry/s32binB/binsB.tar.xz *)
f=$(find build/cuda -name tide_fuzz -type f | head -1); cp "$f" /tmp/s32pack/tide_fuzz; strip /tmp/s32pack/tide_fuzz
xz -c /tmp/s32pack/tide_fuzz > .carry/s32bin/fuzz.xz; cp .carry/s32bin/fuzz.xz .carry/s32binB/fuzz.xz
ls -la .carry/s32bin .carry/s32binB
