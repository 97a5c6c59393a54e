#!/usr/bin/env python3
"""Follow mode with many attendees on one machine: key-to-screen latency, idle cost, memory.

usage: scripts/follow-bench.py [--binary .build/release/layerscope] [--attendees 50]
                               [--file Layouts/popup.json] [--keys nnnppp] [--rounds 3]
                               [--idle 5] [--columns 120 --rows 40]

Starts a presenter (`FILE --share FEED`) and N attendees (`--follow FEED`), each in its own
real pty (ptyprocess), answering the terminal queries a real terminal would. After every
attendee has drawn, sends the presenter one key at a time and, for each attendee, measures
the time from the key to the last byte the attendee wrote before going quiet (60 ms with
no output). Then idles: CPU time (utime + stime) and bytes written per attendee over
--idle seconds. Memory: RSS and PSS (smaps_rollup) per attendee. Prints JSON.
"""
import argparse, json, os, select, statistics, sys, tempfile, time
import ptyprocess

QUERIES = [(b'\x1b[c', b'\x1b[?62;22c'), (b'\x1b[0c', b'\x1b[?62;22c'),
           (b'\x1b]11;?\x07', b'\x1b]11;rgb:0000/0000/0000\x07'),
           (b'\x1b]11;?\x1b\\', b'\x1b]11;rgb:0000/0000/0000\x1b\\')]


def answer(p, chunk):
    for q, a in QUERIES:
        for _ in range(chunk.count(q)):
            os.write(p.fd, a)


def drain(procs, settle=0.06, limit=20.0):
    """Reads every pty until all are quiet for `settle` s; answers {index: (last time, bytes)}."""
    last = {}
    start = time.perf_counter()
    fds = {p.fd: i for i, p in enumerate(procs)}
    while time.perf_counter() - start < limit:
        r, _, _ = select.select(list(fds), [], [], settle)
        if not r:
            break
        now = time.perf_counter()
        for fd in r:
            i = fds[fd]
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b''
            if not chunk:
                del fds[fd]
                continue
            answer(procs[i], chunk)
            t, n = last.get(i, (now, 0))
            last[i] = (now, n + len(chunk))
    return last


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def kb(pid, name, field):
    with open(f"/proc/{pid}/{name}") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default=".build/release/layerscope")
    ap.add_argument("--attendees", type=int, default=50)
    ap.add_argument("--file", default="Layouts/popup.json")
    ap.add_argument("--keys", default="nnnppp")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--idle", type=float, default=5.0)
    ap.add_argument("--columns", type=int, default=120)
    ap.add_argument("--rows", type=int, default=40)
    a = ap.parse_args()

    binary = os.path.abspath(a.binary)
    folder = tempfile.mkdtemp(prefix="follow-bench-")
    feed = os.path.join(folder, "talk.feed")
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
    size = (a.rows, a.columns)
    presenter = ptyprocess.PtyProcess.spawn([binary, os.path.abspath(a.file), "--share", feed, "--theme", "dark"],
                                            dimensions=size, env=env)
    drain([presenter])
    attendees = []
    for _ in range(a.attendees):
        attendees.append(ptyprocess.PtyProcess.spawn([binary, "--follow", feed, "--theme", "dark"], dimensions=size, env=env))
    drain([presenter] + attendees, limit=60)

    latencies = []
    for _ in range(a.rounds):
        for key in a.keys:
            t0 = time.perf_counter()
            os.write(presenter.fd, key.encode())
            last = drain([presenter] + attendees)
            for i in range(1, len(attendees) + 1):
                if i in last:
                    latencies.append((last[i][0] - t0) * 1000)
    missed = a.rounds * len(a.keys) * len(attendees) - len(latencies)

    # Idle: nothing sent for --idle seconds.
    before = [cpu_ticks(p.pid) for p in attendees]
    idle_bytes = drain(attendees, settle=a.idle, limit=a.idle + 1)
    after = [cpu_ticks(p.pid) for p in attendees]
    hz = os.sysconf("SC_CLK_TCK")
    idle_cpu_ms = [(x - y) * 1000 / hz for x, y in zip(after, before)]

    rss = [kb(p.pid, "status", "VmRSS") for p in attendees]
    pss = [kb(p.pid, "smaps_rollup", "Pss") for p in attendees]

    os.write(presenter.fd, b"q")
    drain([presenter] + attendees, limit=5)
    for p in attendees:
        os.write(p.fd, b"q")
    drain(attendees, limit=5)
    for p in [presenter] + attendees:
        if p.isalive():
            p.terminate(force=True)

    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else None
    print(json.dumps({
        "attendees": len(attendees),
        "keys": a.rounds * len(a.keys),
        "latency_ms": {"median": round(statistics.median(latencies), 1) if latencies else None,
                       "p95": round(p95, 1) if p95 is not None else None,
                       "max": round(latencies[-1], 1) if latencies else None},
        "key_updates_missed": missed,
        "idle": {"seconds": a.idle, "cpu_ms_total": sum(idle_cpu_ms), "cpu_ms_max": max(idle_cpu_ms),
                 "bytes_total": sum(n for _, n in idle_bytes.values())},
        "memory_kb_per_attendee": {"rss_median": statistics.median(rss), "pss_median": statistics.median(pss)},
    }, indent=2))


if __name__ == "__main__":
    main()
