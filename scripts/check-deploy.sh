#!/usr/bin/env bash
# Checks deploy/ for what can be checked without a cluster:
#   - every shell script parses (bash -n);
#   - the Kubernetes manifests parse as YAML (python3's yaml), are batch/v1 Jobs or a claim, and an
#     Indexed Job's completions equal the --parts / --shards its lamina is given, with the index
#     from JOB_COMPLETION_INDEX;
#   - the Dockerfile starts from Swift 6.3 on Debian 12 (bookworm) and installs its system
#     packages by running scripts/setup.sh, and no apt-get of its own;
#   - the Slurm array script and its join run as the array would run them (SLURM_ARRAY_TASK_ID and
#     SLURM_ARRAY_TASK_MIN set by hand, tasks 3 and 4 of an array 3-6 = parts 1...4 of a scene),
#     and the Indexed Job's lamina arguments run with JOB_COMPLETION_INDEX 0...7 (/work mapped to
#     a temporary folder): both joins must give the frames of one `lamina record`.
# Not checked here: a real Slurm, a Kubernetes API server (schema validation), building the image.
#   LAMINA=path/to/lamina bash scripts/check-deploy.sh       (default: .build/debug/lamina)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lamina=${LAMINA:-$root/.build/debug/lamina}
fail() { echo "check-deploy: $*" >&2; exit 1; }
[ -x "$lamina" ] || fail "no lamina at $lamina (swift build first, or set LAMINA)"
command -v ffmpeg >/dev/null || fail "ffmpeg is not installed (bash scripts/setup.sh)"

for f in "$root"/deploy/slurm/* "$root"/deploy/parallel/*.sh; do bash -n "$f" || fail "$f does not parse"; done
echo "check-deploy: shell scripts parse"

python3 -c 'import yaml' 2>/dev/null || fail "python3's yaml module is missing (apt-get install python3-yaml): the manifests cannot be checked"
python3 - "$root/deploy/kubernetes" <<'PY'
import sys, yaml, glob, os
folder = sys.argv[1]
for path in sorted(glob.glob(os.path.join(folder, "*.yaml"))):
    docs = [d for d in yaml.safe_load_all(open(path)) if d is not None]
    assert docs, f"{path}: empty"
    for d in docs:
        kind = d.get("kind")
        if kind == "PersistentVolumeClaim":
            assert "ReadWriteMany" in d["spec"]["accessModes"], f"{path}: the parts are written from several nodes"
            continue
        assert kind == "Job" and d.get("apiVersion") == "batch/v1", f"{path}: a batch/v1 Job"
        spec = d["spec"]
        pod = spec["template"]["spec"]
        assert pod["restartPolicy"] == "Never", f"{path}: restartPolicy Never (retries are the Job's)"
        c = pod["containers"][0]
        args = c.get("args") or c.get("command")
        if spec.get("completionMode") == "Indexed":
            n = spec["completions"]
            assert "--index-from-env" in args and args[args.index("--index-from-env") + 1] == "JOB_COMPLETION_INDEX", f"{path}: index from JOB_COMPLETION_INDEX"
            count = "--parts" if "--parts" in args else "--shards"
            assert int(args[args.index(count) + 1]) == n, f"{path}: {count} equals completions ({n})"
    print(f"check-deploy: {os.path.basename(path)} parses and is consistent")
PY

docker="$root/deploy/kubernetes/Dockerfile"
grep -Eq '^FROM swift:6\.3-bookworm' "$docker" || fail "the Dockerfile does not start from swift:6.3-bookworm (Swift 6.3 on Debian 12)"
grep -Eq '^RUN bash scripts/setup\.sh' "$docker" || fail "the Dockerfile does not install its packages with scripts/setup.sh"
! grep -Eq 'apt-get +install' "$docker" || fail "the Dockerfile installs packages of its own (add them to scripts/setup.sh instead)"
echo "check-deploy: the Dockerfile's packages are scripts/setup.sh's"
# The build context is the repository root: a .build folder (gigabytes) must stay out of it.
grep -Eqx '\.build\*?' "$root/.dockerignore" 2>/dev/null || fail "no .dockerignore at the root leaving out .build (the Dockerfile's context would hold the builds)"
echo "check-deploy: the build context leaves out .build (.dockerignore)"

work=$(mktemp -d "${TMPDIR:-/tmp}/lamina-deploy.XXXXXXXX")
trap 'rm -rf "$work"' EXIT
scene="$root/scenes/interactions.yaml"
opts=(--duration 2 --fps 10 --size 240x160 --after "click@0.5:100,160")
"$lamina" record "$scene" "${opts[@]}" -o "$work/single.mp4" >/dev/null
frames() { ffmpeg -v error -i "$1" -f framemd5 - | grep -v '^#'; }

for task in 3 4 5 6; do
  SLURM_ARRAY_TASK_ID=$task SLURM_ARRAY_TASK_MIN=3 LAMINA="$lamina" \
    bash "$root/deploy/slurm/record-parts.sbatch" "$scene" "$work/slurm-parts" 4 "${opts[@]}" >/dev/null
done
LAMINA="$lamina" bash "$root/deploy/slurm/join.sbatch" "$work/slurm-parts" "$work/slurm.mp4" >/dev/null
[ "$(frames "$work/slurm.mp4")" = "$(frames "$work/single.mp4")" ] || fail "the Slurm scripts' join differs from one recording"
echo "check-deploy: the Slurm array script (tasks 3-6) and its join give the frames of one recording"

# The Indexed Job's own arguments, the scene and /work mapped to this check's folder.
mkdir -p "$work/k8s/parts"
cp "$scene" "$work/k8s/scene.yaml"
mapfile -t args < <(python3 - "$root/deploy/kubernetes/record-parts-job.yaml" "$work/k8s" <<'PY'
import sys, yaml
job = yaml.safe_load(open(sys.argv[1]))
args = job["spec"]["template"]["spec"]["containers"][0]["args"]
# Small and short here: the size and duration of the check, the rest as written.
for key, value in (("--duration", "2"), ("--size", "240x160")):
    args[args.index(key) + 1] = value
print("\n".join(a.replace("/work", sys.argv[2]) for a in args))
PY
)
n=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["spec"]["completions"])' "$root/deploy/kubernetes/record-parts-job.yaml")
for ((i = 0; i < n; i++)); do
  JOB_COMPLETION_INDEX=$i "$lamina" "${args[@]}" --fps 10 --after "click@0.5:100,160" >/dev/null
done
"$lamina" join "$work"/k8s/parts/part-*.mkv -o "$work/k8s.mp4" >/dev/null
[ "$(frames "$work/k8s.mp4")" = "$(frames "$work/single.mp4")" ] || fail "the Indexed Job's parts joined differ from one recording"
echo "check-deploy: the Indexed Job's arguments (indexes 0-$((n - 1))) and the join give the frames of one recording"
