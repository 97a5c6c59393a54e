#!/usr/bin/env python3
"""The functions a key runs, for the release link to lay out together (issue 36).

usage: scripts/key-path-order.py [--binary .build/release/layerscope] [--keys 'rl\\tsR']
                                 [--out Sources/layerscope/key-path.order]

Runs the explorer under callgrind in a real 200x60 pty (ptyprocess, answering the terminal's
queries), twice: 2 keys and 12 keys of --keys after a Tab. Every function of the binary whose
instruction count grows between the two runs is run by a typical key; they are written one a
line as `.text.<mangled name>`, most instructions first, to --out. The release build compiles
every target with function sections and gold places these sections first and together
(Package.swift): the code a key runs then sits in a few dozen pages, not spread over the
binary's six megabytes, where each key after an idle moment fetches it again. The list is
framed by two marker functions (`layerscope_key_path_begin` first, `layerscope_key_path_end`
last): the run loop reads the block between them through once when a key arrives, so that
it comes in at the memory's bandwidth rather than one fetch at a time (KeyPathWarmth.swift).

Names a later build no longer has are skipped by the linker, so a stale list costs only its
benefit, never correctness; regenerate it after large changes to the render path. Needs
valgrind and python's ptyprocess.
"""
import argparse, collections, os, select, subprocess, sys, tempfile, time
import ptyprocess

QUERIES = [(b'\x1b[c', b'\x1b[?62;22c'), (b'\x1b[0c', b'\x1b[?62;22c'),
           (b'\x1b]11;?\x07', b'\x1b]11;rgb:0000/0000/0000\x07'),
           (b'\x1b]11;?\x1b\\', b'\x1b]11;rgb:0000/0000/0000\x1b\\')]


def quiet(p, settle):
    while True:
        r, _, _ = select.select([p.fd], [], [], settle)
        if not r:
            return
        try:
            chunk = os.read(p.fd, 65536)
        except OSError:
            return
        if not chunk:
            return
        for q, a in QUERIES:
            for _ in range(chunk.count(q)):
                os.write(p.fd, a)


def run(binary, keys, count, out):
    env = dict(os.environ, TERM='xterm-256color', LANG='C.UTF-8', LC_ALL='C.UTF-8')
    cmd = ['valgrind', '--tool=callgrind', '--compress-strings=no', '--compress-pos=no',
           f'--callgrind-out-file={out}', binary]
    p = ptyprocess.PtyProcess.spawn(cmd, dimensions=(60, 200), env=env)
    quiet(p, 5.0)
    os.write(p.fd, b'\t')
    quiet(p, 1.0)
    for i in range(count):
        os.write(p.fd, keys[i % len(keys)].encode())
        quiet(p, 0.5)
    os.write(p.fd, b'q')
    quiet(p, 1.0)
    os.write(p.fd, b'n')
    start = time.time()
    while p.isalive() and time.time() - start < 60:
        quiet(p, 0.2)


def counts(path, binary):
    """Instructions per function of `binary`'s own object (self cost, calls excluded)."""
    total = collections.Counter()
    ob = fn = fob = None
    skip = False
    for line in open(path, errors='replace'):
        if skip:
            # The line after `calls=` is the call's inclusive cost: not this function's own.
            skip = False
            continue
        if line.startswith('ob='):
            ob = line[3:].strip()
        elif line.startswith('fn='):
            fn = line[3:].strip()
            fob = ob
        elif line.startswith('calls='):
            skip = True
        elif line[:1].isdigit() and fn and fob and os.path.basename(fob) == os.path.basename(binary):
            parts = line.split()
            if len(parts) >= 2:
                total[fn] += int(parts[-1])
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--binary', default='.build/release/layerscope')
    ap.add_argument('--keys', default='rl\tsR')
    ap.add_argument('--out', default='Sources/layerscope/key-path.order')
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        # valgrind 3.19 cannot read the release build's DWARF 5: a copy without debug info.
        binary = os.path.join(tmp, 'layerscope')
        subprocess.run(['objcopy', '--strip-debug', a.binary, binary], check=True)
        few, many = os.path.join(tmp, 'few.out'), os.path.join(tmp, 'many.out')
        run(binary, a.keys, 2, few)
        run(binary, a.keys, 12, many)
        before, after = counts(few, binary), counts(many, binary)
    grown = sorted(((after[f] - before.get(f, 0), f) for f in after if after[f] > before.get(f, 0)), reverse=True)
    names = [f for _, f in grown if f.startswith('$s')]
    with open(a.out, 'w') as out:
        # The two markers bound the block the run loop sweeps when a key arrives
        # (Sources/ExplorerRuntime/KeyPathWarmth.swift, Sources/layerscope/KeyPathCode.swift).
        out.write('.text.layerscope_key_path_begin\n')
        for name in names:
            out.write(f'.text.{name}\n')
        out.write('.text.layerscope_key_path_end\n')
    print(f'{len(names)} functions written to {a.out}', file=sys.stderr)


if __name__ == '__main__':
    main()
