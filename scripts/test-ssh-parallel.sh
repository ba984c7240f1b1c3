#!/usr/bin/env bash
# CI step: deploy/parallel/several-machines.sh over real ssh. An sshd of its own (generated host and
# user keys, a free port on 127.0.0.1, torn down at the end) stands in for a second machine; GNU
# parallel runs half the parts through it and half here, returns them with rsync and joins them.
# The joined video must hold the frames of one `lamina record`. Installs openssh-server, rsync
# and parallel when missing (root). Fails with the reason when sshd cannot start.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fail() { echo "test-ssh-parallel: $*" >&2; exit 1; }
missing=()
for pair in sshd:openssh-server ssh:openssh-client rsync:rsync parallel:parallel; do
  tool=${pair%%:*}; pkg=${pair#*:}
  command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  [ "$(id -u)" -eq 0 ] || fail "missing ${missing[*]} and only root can install them"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null \
    || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null; }
fi
cd "$root"
swift build --product lamina >/dev/null
lamina="$root/.build/debug/lamina"

work=$(mktemp -d /tmp/lamina-ssh.XXXXXXXX)
sshd_pid=""
cleanup() { [ -z "$sshd_pid" ] || kill "$sshd_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
ssh-keygen -q -t ed25519 -N '' -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$work/user_key"
cp "$work/user_key.pub" "$work/authorized_keys"
port=$((30000 + RANDOM % 20000))
cat > "$work/sshd_config" <<CONF
Port $port
ListenAddress 127.0.0.1
HostKey $work/host_key
AuthorizedKeysFile $work/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
PidFile $work/sshd.pid
CONF
mkdir -p /run/sshd 2>/dev/null || true
sshd_bin=$(command -v sshd || echo /usr/sbin/sshd)
"$sshd_bin" -D -e -f "$work/sshd_config" 2>"$work/sshd.log" &
sshd_pid=$!
ssh_cmd="ssh -p $port -i $work/user_key -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o BatchMode=yes $(id -un)@127.0.0.1"
ok=""
for _ in $(seq 50); do
  if $ssh_cmd true 2>/dev/null; then ok=1; break; fi
  sleep 0.2
done
[ -n "$ok" ] || fail "sshd did not accept a login on port $port: $(tail -3 "$work/sshd.log")"
echo "test-ssh-parallel: sshd up on 127.0.0.1:$port"

mkdir -p "$work/here" && cd "$work/here"
scene="$root/scenes/bounce.yaml"
opts=(--duration 2 --fps 10 --size 240x210)
"$lamina" record "$scene" "${opts[@]}" -o single.mp4 >/dev/null
HOSTS="1/$ssh_cmd,1/:" LAMINA="$lamina" bash "$root/deploy/parallel/several-machines.sh" "$scene" 4 joined.mp4 "${opts[@]}" >"$work/parallel.log" 2>&1 \
  || fail "several-machines.sh failed: $(tail -5 "$work/parallel.log")"
# Logins after the readiness check: parts run over ssh, their return (rsync) and cleanup.
logins=$(( $(grep -c 'Accepted publickey' "$work/sshd.log" || true) - 1 ))
[ "$logins" -ge 2 ] || fail "no part went through ssh ($logins logins after the first); sshd: $(tail -3 "$work/sshd.log")"
frames() { ffmpeg -v error -i "$1" -f framemd5 - | grep -v '^#'; }
[ "$(frames joined.mp4)" = "$(frames single.mp4)" ] || fail "the joined video differs from one recording"
[ -z "$(ls -d "$HOME"/lamina-parts-* 2>/dev/null)" ] || fail "parts were left on the ssh host: $(ls -d "$HOME"/lamina-parts-*)"
echo "test-ssh-parallel: 4 parts over ssh and here ($logins ssh logins), returned and joined: the frames of one recording ($(frames joined.mp4 | wc -l) frames)"
