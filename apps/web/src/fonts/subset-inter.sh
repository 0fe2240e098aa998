#!/bin/sh
# Builds inter-latin-400-700.woff2 from @fontsource-variable/inter's Latin file (README.md here says why).
# Needs fontTools with brotli (Debian: apt-get install python3-fonttools python3-brotli). Run from the repository
# root: sh apps/web/src/fonts/subset-inter.sh
set -eu
source=node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2
out=apps/web/src/fonts/inter-latin-400-700.woff2
# The Latin subset's own unicode-range (fontsource's wght.css), so the file covers exactly what it did.
latin='U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m fontTools.varLib.instancer "$source" wght=400:700 -q -o "$tmp/inter.ttf"
python3 -m fontTools.subset "$tmp/inter.ttf" --unicodes="$latin" \
  --layout-features=kern,mark,mkmk,ccmp,locl,calt,tnum --flavor=woff2 --output-file="$out"
ls -l "$out"
