#!/usr/bin/env python3
"""Many explorer sessions side by side, as on a workshop server: memory and idle CPU.

usage: scripts/sessions-bench.py [--binary .build/release/layerscope] [--sessions 50]
                                 [--columns 120 --rows 40] [--file Layouts/clock.json]
                                 [--idle 10] [--server-gb 24]

Starts one private tmux server (socket "layerscope-sessions-bench") with N windows, each
running the explorer on a layout file (so live reload is on), waits until every one has
drawn its first frame, then reads /proc for each explorer process:
  - RSS (VmRSS), and from /proc/PID/smaps_rollup PSS (shared pages divided among the
    processes sharing them) and private memory (Private_Clean + Private_Dirty);
  - CPU time (utime + stime) and voluntary context switches (wake-ups) over --idle
    seconds with no input.
Prints a summary and the number of sessions one server of --server-gb would hold (by PSS,
which is what each extra session really costs), then stops the tmux server.
Needs tmux and Linux /proc. Every session is real: a real pty, real ncurses, a real file.
"""
import argparse, os, shutil, subprocess, sys, time

SOCKET = "layerscope-sessions-bench"


def tmux(*args, check=True):
    return subprocess.run(["tmux", "-L", SOCKET, *args], check=check, capture_output=True, text=True).stdout


def proc_fields(pid, name):
    """The kB values of /proc/PID/<name> (status or smaps_rollup) as a dict."""
    values = {}
    with open(f"/proc/{pid}/{name}") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                values[parts[0][:-1]] = int(parts[1])
    return values


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # After the command: state is field 3; utime and stime are fields 14 and 15.
    return int(fields[11]) + int(fields[12])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default=".build/release/layerscope")
    ap.add_argument("--sessions", type=int, default=50)
    ap.add_argument("--columns", type=int, default=120)
    ap.add_argument("--rows", type=int, default=40)
    ap.add_argument("--file", default="Layouts/clock.json")
    ap.add_argument("--idle", type=float, default=10.0, help="seconds of idling measured")
    ap.add_argument("--server-gb", type=float, default=24.0)
    a = ap.parse_args()

    if shutil.which("tmux") is None:
        sys.exit("sessions-bench: tmux is not installed")
    binary = os.path.abspath(a.binary)
    layout = os.path.abspath(a.file)
    for path, what in [(binary, "--binary"), (layout, "--file")]:
        if not os.path.exists(path):
            sys.exit(f"sessions-bench: {what} {path} does not exist (build with: swift build -c release)")

    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"),
           "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    command = f"exec {binary} {layout}"
    tmux("kill-server", check=False)
    try:
        subprocess.run(["tmux", "-L", SOCKET, "-f", "/dev/null", "new-session", "-d", "-s", "bench",
                        "-x", str(a.columns), "-y", str(a.rows), "-n", "s0", command],
                       check=True, env=env)
        tmux("set-option", "-g", "status", "off")
        for i in range(1, a.sessions):
            tmux("new-window", "-d", "-t", "bench", "-n", f"s{i}", command)
        # Every window the same size (tmux sizes new windows like the session).
        deadline = time.time() + 120
        panes = []
        while time.time() < deadline:
            panes = [line.split() for line in tmux("list-panes", "-s", "-t", "bench",
                                                   "-F", "#{pane_id} #{pane_pid} #{pane_dead}").splitlines()]
            ready = 0
            for pane_id, _, dead in panes:
                if dead == "1":
                    sys.exit(f"sessions-bench: a session ended: {tmux('capture-pane', '-p', '-t', pane_id)}")
                if " LayerScope" in tmux("capture-pane", "-p", "-t", pane_id):
                    ready += 1
            if ready == a.sessions:
                break
            time.sleep(0.5)
        else:
            sys.exit(f"sessions-bench: only {ready} of {a.sessions} sessions drew a frame in 120 s")
        pids = [int(pid) for _, pid, _ in panes]
        time.sleep(1.0)  # let start-up settle before measuring the idle phase

        before = {pid: (cpu_ticks(pid), proc_fields(pid, "status").get("voluntary_ctxt_switches", 0)) for pid in pids}
        time.sleep(a.idle)
        ticks_per_second = os.sysconf("SC_CLK_TCK")
        rows = []
        for pid in pids:
            status = proc_fields(pid, "status")
            rollup = proc_fields(pid, "smaps_rollup")
            rows.append({
                "rss": status["VmRSS"], "pss": rollup.get("Pss", 0),
                "private": rollup.get("Private_Clean", 0) + rollup.get("Private_Dirty", 0),
                "cpu": (cpu_ticks(pid) - before[pid][0]) / ticks_per_second,
                "wakeups": status.get("voluntary_ctxt_switches", 0) - before[pid][1],
            })
    finally:
        tmux("kill-server", check=False)

    def mb(kb):
        return kb / 1024

    n = len(rows)
    mean = lambda key: sum(r[key] for r in rows) / n
    total_pss_mb = mb(sum(r["pss"] for r in rows))
    cpu_total = sum(r["cpu"] for r in rows)
    per_session_mb = mb(mean("pss"))
    fit = int(a.server_gb * 1024 / per_session_mb) if per_session_mb > 0 else 0
    print(f"{n} sessions of {os.path.basename(binary)} at {a.columns}x{a.rows} on {os.path.basename(layout)}")
    print(f"  RSS each:      mean {mb(mean('rss')):.1f} MB (min {mb(min(r['rss'] for r in rows)):.1f}, "
          f"max {mb(max(r['rss'] for r in rows)):.1f})")
    print(f"  PSS each:      mean {per_session_mb:.1f} MB (all {n}: {total_pss_mb:.0f} MB)")
    print(f"  private each:  mean {mb(mean('private')):.1f} MB")
    print(f"  idle {a.idle:.0f} s:     CPU {cpu_total:.2f} s in total ({100 * cpu_total / a.idle:.2f} % of one core), "
          f"{sum(r['wakeups'] for r in rows)} wake-ups in total")
    print(f"  one {a.server_gb:.0f} GB server: about {fit} sessions by PSS (memory only; keep room for the OS and sshd)")


if __name__ == "__main__":
    main()
