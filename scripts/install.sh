#!/usr/bin/env bash
# Installs the `lamina` command under a prefix, like any other tool:
#   PREFIX/bin/lamina              the command (release build, the Swift runtime linked in statically,
#                                  so it runs wherever the toolchain is or is not)
#   PREFIX/share/lamina/Fonts      the default fonts (DejaVu, with their licence): text draws
#   PREFIX/share/lamina/Sequence   the demos' images
#   PREFIX/share/lamina/scenes     the bundled scenes (lamina scenes, lamina run NAME)
# An installed lamina finds share/lamina from its own file (/proc/self/exe, links resolved), so the
# prefix can be moved or linked to; `lamina --version` says which resource folder it uses.
#
#   bash scripts/install.sh [PREFIX]                 # default PREFIX: /usr/local
#   bash scripts/install.sh --binary PATH [PREFIX]   # install an already built lamina instead of
#                                                    # building (scripts/test-install.sh uses it)
#
# Every file is written to a fresh temporary name in its destination folder and renamed into place,
# so an existing bin/lamina (or a link there) is replaced, never written through. An existing
# share/lamina is replaced only when an earlier run of this script made it (it holds
# .lamina-install); anything else there stops the install, untouched.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Messages quote paths with control characters escaped (printf %q).
fail() { echo "install: $*" >&2; exit 1; }
q() { printf '%q' "$1"; }

binary=""
prefix=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary)
      [ $# -ge 2 ] || fail "--binary needs a path"
      binary="$2"; shift 2 ;;
    -h|--help)
      sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) fail "unknown option $(q "$1") (see --help)" ;;
    *)
      [ -z "$prefix" ] || fail "one PREFIX only (got $(q "$prefix") and $(q "$1"))"
      prefix="$1"; shift ;;
  esac
done
prefix="${prefix:-/usr/local}"
[ -n "$prefix" ] || fail "PREFIX is empty"

# ---- the command -------------------------------------------------------------------------------------
if [ -z "$binary" ]; then
  command -v swift >/dev/null 2>&1 || fail "the Swift 6.3 toolchain is required (swift not found on PATH)"
  echo "install: building lamina (release)"
  (cd "$root" && swift build -c release --product lamina --static-swift-stdlib) || fail "swift build failed"
  binary="$(cd "$root" && swift build -c release --product lamina --static-swift-stdlib --show-bin-path)/lamina"
fi
[ -f "$binary" ] && [ -x "$binary" ] || fail "$(q "$binary") is not an executable file"

# ---- the files -----------------------------------------------------------------------------------------
for f in DejaVuSans.ttf DejaVuSans-Bold.ttf DejaVuSansMono.ttf DejaVuSans-LICENSE.txt; do
  [ -f "$root/Assets/Fonts/$f" ] || fail "$(q "$root/Assets/Fonts/$f") is missing"
done

mkdir -p -- "$prefix/bin" "$prefix/share" || fail "cannot make $(q "$prefix/bin") and $(q "$prefix/share")"
prefix="$(cd -- "$prefix" && pwd -P)"
bin="$prefix/bin"
share="$prefix/share"
dest="$share/lamina"

if [ -e "$dest" ] || [ -L "$dest" ]; then
  if [ -L "$dest" ] || [ ! -d "$dest" ] || [ ! -f "$dest/.lamina-install" ]; then
    fail "$(q "$dest") exists and was not made by scripts/install.sh: move it away first"
  fi
fi

tmp_bin=""
tmp_share=""
old_share=""
cleanup() {
  [ -z "$tmp_bin" ] || rm -f -- "$tmp_bin"
  [ -z "$tmp_share" ] || rm -rf -- "$tmp_share"
  [ -z "$old_share" ] || rm -rf -- "$old_share"
}
trap cleanup EXIT

# share/lamina: made whole under a fresh temporary name beside it, then renamed into place.
tmp_share="$(mktemp -d "$share/.lamina-new.XXXXXX")" || fail "cannot write in $(q "$share")"
cp -R -- "$root/Assets/Fonts" "$tmp_share/Fonts"
cp -R -- "$root/Assets/Sequence" "$tmp_share/Sequence"
cp -R -- "$root/scenes" "$tmp_share/scenes"
version="$("$binary" --version 2>/dev/null | head -n 1)" || fail "$(q "$binary") --version failed"
printf 'lamina %s\ninstalled by scripts/install.sh\n' "$version" > "$tmp_share/.lamina-install"
chmod -R u=rwX,go=rX "$tmp_share"

# bin/lamina: copied to a fresh temporary name in bin/, then renamed over whatever is there (a link
# is replaced, not followed).
tmp_bin="$(mktemp "$bin/.lamina-new.XXXXXX")" || fail "cannot write in $(q "$bin")"
cp -- "$binary" "$tmp_bin"
chmod 755 "$tmp_bin"

if [ -d "$dest" ]; then
  # The earlier install moves aside (a rename), the new one takes its name, the old one goes.
  old_share="$(mktemp -d "$share/.lamina-old.XXXXXX")"
  mv -T -- "$dest" "$old_share/lamina"
fi
if ! mv -T -- "$tmp_share" "$dest"; then
  # The earlier install goes back; if even that fails it is kept where it was moved, and said so.
  if [ -n "$old_share" ] && ! mv -T -- "$old_share/lamina" "$dest"; then
    kept="$old_share/lamina"; old_share=""
    fail "cannot rename the new files to $(q "$dest"); the earlier install is at $(q "$kept")"
  fi
  fail "cannot rename the new files to $(q "$dest")"
fi
tmp_share=""
mv -T -- "$tmp_bin" "$bin/lamina" || fail "cannot rename the new command to $(q "$bin/lamina")"
tmp_bin=""

echo "install: $(q "$bin/lamina") (lamina $version) and $(q "$dest")"
"$bin/lamina" --version | sed 's/^/  /'
