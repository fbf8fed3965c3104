#!/usr/bin/env python3
# Where a command's processor time goes, by process kind and by the Go test
# binary each process descends from: it runs the command, reads /proc every
# 0.2 s, and prints the machine's busy time (from /proc/stat: user, system
# and the rest) beside the time of the processes the command started, for
# example the tests as make test runs them:
#
#   CI=true GOFLAGS=-trimpath python3 scripts/cpu-by-process.py OUT -- \
#     go test -p 3 -count=1 -parallel 2 -ldflags=-w ./corpus ./cmd/plaintest ./...
#
# Processes that start and end between two reads are missed by the
# breakdown, and one read before it has its command line is classified when
# it has one. The first line's total of the command's processes is the
# kernel's own count (it misses nothing): the script is their subreaper, so
# a browser whose launcher exits first is still counted. It is what to
# compare two runs by (the machine's busy time counts whatever else runs).
# Linux only; its own reading costs about 2% of a core. It also prints the
# peak of the memory its processes held at once (the sum of their resident
# sets, read with their times). With OUT ending in .json it writes the
# figures as JSON (exit, wall_s, cpu_s, user_s, system_s, peak_rss_mb,
# by_kind), for a benchmark to read.
import collections, ctypes, json, os, re, resource, subprocess, sys, time

if len(sys.argv) < 4 or sys.argv[2] != '--':
    sys.exit('usage: cpu-by-process.py OUT -- COMMAND...')
out, cmd = sys.argv[1], sys.argv[3:]
tick = os.sysconf('SC_CLK_TCK')


def stat(pid):
    """The parent, the processor ticks and the start time of pid, or None
    once it is gone."""
    try:
        s = open(f'/proc/{pid}/stat').read()
    except OSError:
        return None
    f = s[s.rfind(')') + 2:].split()
    return f[1], int(f[11]) + int(f[12]), f[19]


def cmdline(pid):
    try:
        return [a.decode(errors='replace') for a in open(f'/proc/{pid}/cmdline', 'rb').read().split(b'\0') if a]
    except OSError:
        return []


def kind(pid):
    c = cmdline(pid)
    if not c:
        return None
    exe, line = os.path.basename(c[0]), ' '.join(c)
    if 'chrom' in exe or 'headless' in exe:
        m = re.search(r'--type=([a-z-]+)', line)
        return 'chromium ' + (m.group(1) if m else 'browser')
    if exe.startswith('node'):
        for word, k in (('@playwright/mcp', 'node @playwright/mcp'), ('run-driver', 'node playwright driver'),
                        ('prettier', 'node prettier'), ('@playwright/test', 'node playwright test'),
                        ('playwright/lib', 'node playwright test')):
            if word in line:
                return k
        return 'node other'
    if exe.endswith('.test'):
        return 'go test binary'
    if exe in ('go', 'compile', 'link', 'vet', 'asm', 'cgo', 'test2json'):
        return 'go toolchain'
    return exe


def binary(pid):
    """The Go test binary pid descends from, else '-'."""
    for _ in range(40):
        c = cmdline(pid)
        if c and c[0].endswith('.test'):
            return os.path.basename(c[0])
        s = stat(pid)
        if s is None or s[0] in ('0', '1'):
            return '-'
        pid = s[0]
    return '-'


def busy():
    f = list(map(int, open('/proc/stat').readline().split()[1:]))
    return {'user': f[0] + f[1], 'system': f[2], 'irq': f[5] + f[6], 'idle': f[3] + f[4]}


def rss(pid):
    """The resident set of pid in bytes, 0 once it is gone."""
    try:
        return int(open(f'/proc/{pid}/statm').read().split()[1]) * page
    except (OSError, IndexError, ValueError):
        return 0


def descends(pid, proc_id):
    """Whether pid is one of the command's processes (or an orphan of one,
    which this subreaper took in)."""
    d = ours.get(proc_id)
    if d is None:
        d, p = False, pid
        for _ in range(64):
            s = stat(p)
            if s is None or s[0] in ('0', '1'):
                break
            if s[0] == me:
                d = True
                break
            p = s[0]
        ours[proc_id] = d
    return d


page = os.sysconf('SC_PAGE_SIZE')
me = str(os.getpid())
before = set(p for p in os.listdir('/proc') if p.isdigit())
seen, last, ours, peak = {}, {}, {}, 0
time_of, count = collections.Counter(), collections.Counter()
b0, t0 = busy(), time.time()
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
proc = subprocess.Popen(cmd)
while proc.poll() is None:
    held = 0
    for pid in os.listdir('/proc'):
        if not pid.isdigit() or pid in before:
            continue
        s = stat(pid)
        if s is None:
            continue
        proc_id = (pid, s[2])  # a number used again later is another process
        if not descends(pid, proc_id):
            continue
        k = seen.get(proc_id)
        if k is None or k[1] in ('sh', 'bash'):  # a wrapper script may exec the browser
            nk = kind(pid)
            if nk is None:
                continue
            if k is None or nk != k[1]:
                k = seen[proc_id] = (binary(pid), nk)
                count[k] += 1
        time_of[k] += s[1] - last.get(proc_id, 0)
        last[proc_id] = s[1]
        held += rss(pid)
    peak = max(peak, held)
    time.sleep(0.2)
b1, wall = busy(), time.time() - t0
while True:  # the orphans this subreaper took in
    try:
        os.wait()
    except ChildProcessError:
        break
r = resource.getrusage(resource.RUSAGE_CHILDREN)
d = {k: (b1[k] - b0[k]) / tick for k in b0}
if out.endswith('.json'):
    kinds = collections.Counter()
    for k, v in time_of.items():
        kinds[k[1]] += v / tick
    with open(out, 'w') as o:
        json.dump({'exit': proc.returncode, 'wall_s': wall, 'cpu_s': r.ru_utime + r.ru_stime, 'user_s': r.ru_utime,
                   'system_s': r.ru_stime, 'peak_rss_mb': peak / 2**20, 'by_kind': dict(kinds)}, o)
    sys.exit(0)
with open(out, 'w') as o:
    o.write(f'exit {proc.returncode}, {wall:.0f} s, the machine busy {d["user"] + d["system"] + d["irq"]:.0f} s '
            f'(user {d["user"]:.0f}, system {d["system"]:.0f}, interrupts {d["irq"]:.0f}), idle {d["idle"]:.0f} s; '
            f'the command\'s processes {r.ru_utime + r.ru_stime:.2f} s (user {r.ru_utime:.2f}, system {r.ru_stime:.2f}; '
            f'{sum(time_of.values()) / tick:.0f} s of them read from /proc, below); '
            f'at most {peak / 2**20:.0f} MB resident at once\n')
    for title, key in (('by kind', lambda k: k[1]), ('by test binary', lambda k: k[0]), ('by both', lambda k: k)):
        total, n = collections.Counter(), collections.Counter()
        for k, v in time_of.items():
            total[key(k)] += v
            n[key(k)] += count[k]
        o.write(f'--- {title}: seconds, processes\n')
        for k, v in total.most_common(40):
            o.write(f'{v / tick:8.1f} {n[k]:6}  {" ".join(k) if isinstance(k, tuple) else k}\n')
print(open(out).read(), end='')
