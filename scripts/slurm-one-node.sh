#!/usr/bin/env bash
# A real one-node Slurm (Debian's slurm-wlm and munge), started here with a generated config in a
# temporary folder, runs deploy/slurm/submit.sh: a job array of lossless parts and the join that
# waits for them (afterok). The joined video must hold the frames of one `lamina record`.
# If Slurm cannot start, the script says why and fails (it is never skipped silently).
# Needs root (slurmd runs jobs as their user; munged and the daemons are run as root here).
#   LAMINA=path/to/lamina bash scripts/slurm-one-node.sh      (default: .build/debug/lamina)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lamina=${LAMINA:-$root/.build/debug/lamina}
fail() { echo "slurm-one-node: $*" >&2; exit 1; }
[ -x "$lamina" ] || fail "no lamina at $lamina (swift build first, or set LAMINA)"
for tool in munged slurmctld slurmd sbatch squeue sinfo; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install slurm-wlm munge)"
done
[ "$(id -u)" -eq 0 ] || fail "needs root to run slurmd and munged"

work=$(mktemp -d /tmp/lamina-slurm.XXXXXXXX)
chmod 755 "$work"
pids=()
stop() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  if [ -n "${KEEP:-}" ]; then echo "slurm-one-node: kept $work" >&2; else rm -rf "$work"; fi
}
trap stop EXIT
mkdir -p "$work"/{munge,state,spool,log,out}
chmod 711 "$work/munge"

# munge: a key of its own, its socket in the work folder.
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
munged --foreground --force --key-file="$work/munge/munge.key" --socket="$work/munge/socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/log/munged.log" --seed-file="$work/munge/seed" >>"$work/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$work/munge/socket" ] && break; sleep 0.1; done
[ -S "$work/munge/socket" ] || fail "munged did not start: $(tail -3 "$work/log/munged.log" 2>/dev/null)"

host=$(hostname -s)
cpus=$(nproc)
# Ports away from the defaults, in case another Slurm runs here.
port=$((20000 + RANDOM % 20000))
cat > "$work/slurm.conf" <<CONF
ClusterName=lamina-check
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -f "$SLURM_CONF" >>"$work/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >>"$work/log/slurmd.out" 2>&1 &
pids+=($!)
ready=""
for _ in $(seq 100); do
  if sinfo -h -o '%t' 2>/dev/null | grep -Eq '^(idle|mix|alloc)'; then ready=1; break; fi
  sleep 0.2
done
[ -n "$ready" ] || fail "Slurm did not come up: sinfo says '$(sinfo -h 2>&1 | head -2)'; slurmctld: $(tail -3 "$work/log/slurmctld.log" 2>/dev/null); slurmd: $(tail -3 "$work/log/slurmd.log" 2>/dev/null)"
echo "slurm-one-node: Slurm is up ($host, $cpus CPUs, port $port)"

scene="$root/scenes/interactions.yaml"
opts=(--duration 2 --fps 10 --size 240x160 --after "click@0.5:100,160")
"$lamina" record "$scene" "${opts[@]}" -o "$work/out/single.mp4" >/dev/null
cd "$work/out"
submitted=$(LAMINA="$lamina" bash "$root/deploy/slurm/submit.sh" "$scene" 4 "$work/out/parts" "$work/out/joined.mp4" "${opts[@]}")
echo "slurm-one-node: $submitted"
for _ in $(seq "${WAIT_STEPS:-600}"); do
  [ -z "$(squeue -h 2>/dev/null)" ] && break
  sleep 0.5
done
[ -z "$(squeue -h)" ] || fail "jobs still queued after 5 minutes: $(squeue)"
[ -f joined.mp4 ] || fail "the join wrote no video; logs: $(tail -n 3 lamina-*.log 2>/dev/null)"
frames() { ffmpeg -v error -i "$1" -f framemd5 - | grep -v '^#'; }
[ "$(frames joined.mp4)" = "$(frames single.mp4)" ] || fail "the joined video differs from one recording"
echo "slurm-one-node: a job array of 4 parts and its dependent join gave the frames of one recording ($(frames joined.mp4 | wc -l) frames)"
