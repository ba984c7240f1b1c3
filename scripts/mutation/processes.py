"""Running a command with a time limit, and ending its process tree."""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import time
from pathlib import Path


@dataclasses.dataclass
class RunResult:
    code: int | None   # None: timed out
    output: str
    seconds: float


def run(cmd: list[str], cwd: Path, timeout: float, log) -> RunResult:
    """Runs cmd in its own process group; on timeout the whole group is killed."""
    t0 = time.monotonic()
    log.write(f"$ {' '.join(cmd)}\n")
    log.flush()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        kill_tree(proc.pid)
        out, _ = proc.communicate()
        code = None
    except BaseException:
        kill_tree(proc.pid)
        proc.communicate()
        raise
    text = out.decode("utf-8", "replace")
    log.write(text)
    log.write(f"[exit {code}, {time.monotonic() - t0:.1f} s]\n")
    log.flush()
    return RunResult(code, text, time.monotonic() - t0)


def kill_tree(pid: int) -> None:
    """Kills the process pid started, its process group and every descendant (`swift test` runs
    the test bundle in a process group of its own, so killing the group alone leaves it running)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    tree, stack = [], [pid]
    while stack:
        for c in children.get(stack.pop(), []):
            tree.append(c)
            stack.append(c)
    for p in [pid] + tree:
        try:
            os.kill(p, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
