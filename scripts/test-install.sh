#!/usr/bin/env bash
# Checks scripts/install.sh and how an installed or copied `lamina` finds its files, cheaply: the
# debug build's lamina (already built by `swift test`; built here when missing) is installed into a
# temporary prefix with `scripts/install.sh --binary`, then run with a cleared environment (no
# LAMINA_ASSETS, LAMINA_SCENES; HOME and PATH only), from a folder that holds no scenes:
#   1. the layout: PREFIX/bin/lamina, PREFIX/share/lamina/{Fonts,Sequence,scenes,.lamina-install};
#   2. `lamina --version` names PREFIX/share/lamina and its Fonts, found as the install;
#   3. text renders: a scene with a text layer renders differently from the same scene with an
#      empty string (no fonts would draw neither);
#   4. `lamina scenes` lists the installed scenes;
#   5. a link to the installed lamina from another folder finds the same install;
#   6. the whole prefix copied elsewhere finds its own share/lamina (nothing is tied to the path);
#   7. installing again replaces bin/lamina and share/lamina (a link at bin/lamina is replaced,
#      its target left alone), and a share/lamina the script did not make stops the install.
# Exits non-zero, saying what failed. Takes seconds once lamina is built (no release build: the
# release build scripts/install.sh makes on its own is minutes; the lookup is the same code).
#
#   bash scripts/test-install.sh
set -euo pipefail
start=$(date +%s)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

elapsed() { echo "$(( $(date +%s) - start ))s"; }
fail() { echo "test-install: FAILED: $* (after $(elapsed))" >&2; exit 1; }
checks=0
ok() { checks=$((checks + 1)); }

bin_path="$(swift build --product lamina --show-bin-path)"
if [ ! -x "$bin_path/lamina" ]; then
  echo "test-install: building lamina (debug)"
  swift build --product lamina >/dev/null || fail "swift build --product lamina"
fi
built="$bin_path/lamina"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/lamina-install-test.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
mkdir -p "$tmp/home" "$tmp/work"

# A cleared environment, run from a folder with no scenes/ in it.
clean() { (cd "$tmp/work" && env -i HOME="$tmp/home" PATH=/usr/bin:/bin "$@"); }

bash scripts/install.sh --binary "$built" "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; fail "install.sh into $prefix"; }

# 1. The layout.
for f in bin/lamina share/lamina/Fonts/DejaVuSans.ttf share/lamina/Fonts/DejaVuSans-Bold.ttf \
         share/lamina/Fonts/DejaVuSansMono.ttf share/lamina/Fonts/DejaVuSans-LICENSE.txt \
         share/lamina/Sequence/frame01.png share/lamina/scenes/bounce.yaml share/lamina/.lamina-install; do
  [ -f "$prefix/$f" ] || fail "$f is missing from the install"
done
[ -x "$prefix/bin/lamina" ] || fail "bin/lamina is not executable"
cmp -s "$built" "$prefix/bin/lamina" || fail "bin/lamina differs from the binary installed"
ls -a "$prefix/bin" "$prefix/share" | grep -q '\.lamina-new\|\.lamina-old' && fail "a temporary file was left behind"
ok

# 2. --version names the install. $1: the lamina to run; $2: the prefix it must name.
expect_version() {
  local out
  out="$(clean "$1" --version)" || fail "$1 --version failed"
  [ "$(printf '%s\n' "$out" | head -n 1)" = "$(clean "$built" --version | head -n 1)" ] || fail "--version's first line is not the version: $out"
  printf '%s\n' "$out" | grep -qxF "resources: $2/share/lamina (the install beside the executable (../share/lamina))" \
    || fail "$1 --version does not name $2/share/lamina as the install: $out"
  printf '%s\n' "$out" | grep -qxF "fonts: $2/share/lamina/Fonts (the install beside the executable (../share/lamina))" \
    || fail "$1 --version does not name $2/share/lamina/Fonts: $out"
  printf '%s\n' "$out" | grep -qxF "scenes: $2/share/lamina/scenes" || fail "$1 --version does not name $2/share/lamina/scenes: $out"
  ok
}
expect_version "$prefix/bin/lamina" "$prefix"

# 3. Text renders. $1: the lamina to run.
cat > "$tmp/work/text.yaml" <<'EOF'
window:
  size: [160, 48]
  background: "#000000"
layers:
  - name: label
    class: CATextLayer
    frame: [0, 8, 160, 32]
    string: "Lamina"
    fontSize: 24
    foregroundColor: "#ffffff"
EOF
sed 's/string: "Lamina"/string: ""/' "$tmp/work/text.yaml" > "$tmp/work/empty.yaml"
expect_text() {
  clean "$1" render text.yaml -o text.png >/dev/null 2>"$tmp/render.err" || { cat "$tmp/render.err" >&2; fail "$1 render text.yaml"; }
  clean "$1" render empty.yaml -o empty.png >/dev/null 2>>"$tmp/render.err" || { cat "$tmp/render.err" >&2; fail "$1 render empty.yaml"; }
  [ -s "$tmp/work/text.png" ] && [ -s "$tmp/work/empty.png" ] || fail "no PNG written"
  cmp -s "$tmp/work/text.png" "$tmp/work/empty.png" && fail "$1 drew no text (the frame with text equals the frame without)"
  grep -q "fonts were not found" "$tmp/render.err" && fail "$1 says the fonts were not found"
  rm -f "$tmp/work/text.png" "$tmp/work/empty.png"
  ok
}
expect_text "$prefix/bin/lamina"

# 4. The installed scenes are listed.
clean "$prefix/bin/lamina" scenes | grep -q "bounce" || fail "lamina scenes does not list the installed scenes"
ok

# 5. A link to the installed command, from another folder.
mkdir -p "$tmp/elsewhere/bin"
ln -s "$prefix/bin/lamina" "$tmp/elsewhere/bin/lamina"
expect_version "$tmp/elsewhere/bin/lamina" "$prefix"

# 6. The prefix copied elsewhere finds its own files.
cp -R "$prefix" "$tmp/moved"
expect_version "$tmp/moved/bin/lamina" "$tmp/moved"
expect_text "$tmp/moved/bin/lamina"

# 7. Installing again: a link at bin/lamina is replaced, not written through; share/lamina replaced.
printf 'not lamina\n' > "$tmp/target"
rm "$prefix/bin/lamina"
ln -s "$tmp/target" "$prefix/bin/lamina"
rm "$prefix/share/lamina/scenes/bounce.yaml"
bash scripts/install.sh --binary "$built" "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; fail "installing again"; }
[ "$(cat "$tmp/target")" = "not lamina" ] || fail "installing wrote through the link at bin/lamina"
[ -L "$prefix/bin/lamina" ] && fail "bin/lamina is still a link"
[ -f "$prefix/share/lamina/scenes/bounce.yaml" ] || fail "share/lamina was not replaced"
ls -a "$prefix/bin" "$prefix/share" | grep -q '\.lamina-new\|\.lamina-old' && fail "a temporary file was left behind"
expect_version "$prefix/bin/lamina" "$prefix"
mkdir -p "$tmp/other/share/lamina"
printf 'keep me\n' > "$tmp/other/share/lamina/notes.txt"
if bash scripts/install.sh --binary "$built" "$tmp/other" >"$tmp/install.log" 2>&1; then
  fail "install.sh replaced a share/lamina it did not make"
fi
grep -q "was not made by scripts/install.sh" "$tmp/install.log" || fail "no reason given for refusing: $(cat "$tmp/install.log")"
[ "$(cat "$tmp/other/share/lamina/notes.txt")" = "keep me" ] || fail "the foreign share/lamina was changed"
[ -e "$tmp/other/bin/lamina" ] && fail "bin/lamina was installed although share/lamina was refused"
ok

echo "test-install: $checks checks passed (in $(elapsed))"
