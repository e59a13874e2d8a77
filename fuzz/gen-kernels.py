#!/usr/bin/env python3
"""Kernel files of shapes byte mutation does not reach, run through
lds-calc with CPU and memory caps.

usage: python3 fuzz/gen-kernels.py [options]      (from the source tree)
  --lds PATH        the lds-calc to run (default $LDS, else ./lds-calc)
  --seconds S       run cases until S seconds have passed (default 60);
                    the cases are the same for the same --seed
  --seed N          the first seed (default 1); each seed is one round of
                    every family, at sizes the seed draws
  --cpu S           each run's CPU cap in seconds (default 10)
  --mem MIB         each run's peak memory cap (default 1024)
  --skip F,...      families not made (known findings, in the caller's list)
  --only F,...      only these families
  --write DIR       write the cases of --rounds N seeds (default 1) as
                    fuzz/fuzz-kernel.c inputs (a first line "//@ ..." with
                    their options) instead of running them
  --sizes small     sizes that run fast under the sanitizers (--write)
  --keep DIR        where a failing case is saved (default /tmp/gen-kernels)
  --list            list the families and exit

Families (one small function each, FAMILIES below): long operator
chains, nested parentheses, casts and ternaries, deep call chains and
recursion, long else-if chains and switches, many kernels in one file,
long lines of many accesses, nested and long loops, macro chains and
#if nesting, long names and many arrays, long chains of locals; in
CUDA, HIP, OpenCL C, HLSL and GLSL.

Each run must end with an exit status 0-4 within its CPU cap and memory
cap, with no sanitizer report on its standard error; where a family
knows how many accesses the kernel makes (a chain of N helpers each
writing once makes N), the JSON report must have that many accesses
counted (status "ok"), none dropped or skipped.  A case that fails is
saved under --keep with the command that runs it, and the script exits
1.  Not a test (sizes and shapes are drawn at random): a probe to run
after changing the reader, on a plain and on an --enable-sanitizers
build; `make fuzz-smoke` feeds its small cases to fuzz/fuzz-kernel.
"""
import argparse
import json
import os
import random
import resource
import shlex
import signal
import subprocess
import sys
import time

# ---- the languages: how a kernel, a helper and a shared array are written

LANGS = {
    'cuda': dict(ext='.cu', head='', shared='__shared__ float {a}[{n}];', kernel='__global__ void {k}(float *g)',
                 tid='(int)threadIdx.x', helper='__device__ ', threads='64'),
    'hip': dict(ext='.hip', head='#include <hip/hip_runtime.h>\n', shared='__shared__ float {a}[{n}];',
                kernel='__global__ void {k}(float *g)', tid='(int)threadIdx.x', helper='__device__ ', threads='64'),
    'opencl': dict(ext='.cl', head='', shared=None, local='__local float {a}[{n}];',
                   kernel='__kernel void {k}(__global float *g)', tid='(int)get_local_id(0)', helper='',
                   threads='64'),
    'hlsl': dict(ext='.hlsl', head='', shared='groupshared float {a}[{n}];',
                 kernel='[numthreads(64, 1, 1)]\nvoid {k}(uint3 t : SV_GroupThreadID)', tid='(int)t.x', helper='',
                 threads=None),
    'glsl': dict(ext='.comp', head='#version 450\nlayout(local_size_x = 64) in;\n', shared='shared float {a}[{n}];',
                 kernel='void main()', tid='int(gl_LocalInvocationID.x)', helper='', threads=None, one_kernel=True),
}


class Case:
    """A kernel file, its options, and the accesses it must count (None:
    not known)."""

    def __init__(self, family, lang, text, defines=(), accesses=None, kernel=None):
        self.family, self.lang, self.text = family, lang, text
        self.defines, self.accesses, self.kernel = list(defines), accesses, kernel

    def args(self):
        a = ['--lang', self.lang, '--format', 'json']
        if LANGS[self.lang]['threads']:
            a += ['--threads', LANGS[self.lang]['threads']]
        for d in self.defines:
            a += ['-D', d]
        if self.kernel:
            a += ['--kernel', self.kernel]
        return a

    def options_line(self):
        o = ['lang=' + self.lang]
        if LANGS[self.lang]['threads']:
            o.append('threads=' + LANGS[self.lang]['threads'])
        o += ['define=' + d for d in self.defines]
        if self.kernel:
            o.append('kernel=' + self.kernel)
        return '//@ ' + ' '.join(o) + '\n'


def kernel_file(lang, body, arrays=(('s', 256),), helpers='', name='k', tid_name='tid'):
    """A file with one kernel: file-scope shared arrays where the language
    has them (OpenCL C declares them in the kernel), helpers, the body."""
    L = LANGS[lang]
    top = L['head']
    inner = ''
    for a, n in arrays:
        if L['shared']:
            top += L['shared'].format(a=a, n=n) + '\n'
        else:
            inner += '    ' + L['local'].format(a=a, n=n) + '\n'
    kname = 'main' if L.get('one_kernel') else name
    return (top + helpers + L['kernel'].format(k=kname) + '\n{\n' + inner + '    int %s = %s;\n' % (tid_name, L['tid']) +
            body + '}\n')


def shared_param(lang):
    """How a helper names the shared array: file scope, or (OpenCL C) a
    parameter."""
    return ('__local float *s, ', 's, ') if lang == 'opencl' else ('', '')


# ---- the families: each (rng, n, lang) -> Case; n is the size drawn

def op_chain(rng, n, lang):
    """x = tid + 0 + 0 ... (n terms) in a declaration, an index or a condition."""
    op = rng.choice([' + 0', ' - 0', ' * 1', ' | 0', ' ^ 0', ' << 0', ' >> 0', ' & 0xffff', ' + 1 - 1'])
    chain = 'tid' + op * n
    where = rng.choice(['decl', 'index', 'cond'])
    if where == 'decl':
        body = '    int x = %s;\n    s[x %% 256] = 0;\n' % chain
    elif where == 'index':
        body = '    s[(%s) %% 256] = 0;\n' % chain
    else:
        body = '    if ((%s) < 64) s[tid] = 0;\n' % chain
    return Case('chain', lang, kernel_file(lang, body), accesses=1)


def nesting(rng, n, lang):
    """tid inside n parentheses, unary minuses, casts, ternaries or blocks."""
    kind = rng.choice(['parens', 'neg', 'casts', 'ternary', 'blocks', 'index'])
    if kind == 'parens':
        body = '    s[%s%s%s] = 0;\n' % ('(' * n, 'tid', ')' * n)
    elif kind == 'neg':
        body = '    s[%s(tid) %% 256 + 128] = 0;\n' % ('-' * (n % 2) + ' - -' * (n // 2))
    elif kind == 'casts':
        body = '    s[%stid] = 0;\n' % ('(int)' * n)
    elif kind == 'ternary':   # tid < 1 ? 0 : tid < 2 ? 1 : ... : tid
        body = '    s[' + ''.join('tid < %d ? %d : ' % (i + 1, i) for i in range(n)) + 'tid] = 0;\n'
    elif kind == 'blocks':
        body = '    ' + '{' * n + ' s[tid] = 0; ' + '}' * n + '\n'
    else:   # s[(int)s[(int)s[tid]]]: data indices, skipped, never lost
        body = '    s[tid] = %s;\n' % ('s[(int)' * n + 'tid' + ']' * n)
        return Case('nesting', lang, kernel_file(lang, body))
    return Case('nesting', lang, kernel_file(lang, body), accesses=1)


def calls(rng, n, lang):
    """A chain of n helpers, each writing once and calling the next; or
    bounded recursion n deep (direct, mutual, or CUDA's templates)."""
    decl, arg = shared_param(lang)
    kind = rng.choice(['chain', 'recursion', 'mutual'] + (['template'] if lang in ('cuda', 'hip') else []))
    fn = LANGS[lang]['helper']
    if kind == 'chain':
        helpers = ''.join('%svoid f%d(%sint x) { s[(x + %d) %% 256] = 0; %s}\n' %
                          (fn, i, decl, i, 'f%d(%sx); ' % (i + 1, arg) if i + 1 < n else '')
                          for i in reversed(range(n)))
        body = '    f0(%stid);\n' % arg
    elif kind == 'recursion':
        helpers = ('%svoid f(%sint x, int n) { if (n > 0) { s[(x + n) %% 256] = 0; f(%sx, n - 1); } }\n' %
                   (fn, decl, arg))
        body = '    f(%stid, %d);\n' % (arg, n)
    elif kind == 'mutual':
        helpers = ('%svoid g(%sint x, int n);\n' % (fn, decl) +
                   '%svoid f(%sint x, int n) { if (n > 0) { s[(x + n) %% 256] = 0; g(%sx, n - 1); } }\n' %
                   (fn, decl, arg) +
                   '%svoid g(%sint x, int n) { if (n > 0) { s[(x + 2 * n) %% 256] = 1; f(%sx, n - 1); } }\n' %
                   (fn, decl, arg))
        body = '    f(%stid, %d);\n' % (arg, n)
    else:
        helpers = ('template <int N> __device__ void f(int x) { s[(x + N) % 256] = 0; f<N - 1>(x); }\n'
                   'template <> __device__ void f<0>(int x) {}\n')
        body = '    f<%d>(tid);\n' % n
    return Case('calls', lang, kernel_file(lang, body, helpers=helpers), accesses=n)


def else_if(rng, n, lang):
    """n arms of else-if (per lane, or on a -D value), or n cases of a switch."""
    kind = rng.choice(['lanes', 'uniform', 'switch'])
    if kind == 'lanes':
        body = '    ' + ' else '.join('if (tid == %d) s[%d] = 1;' % (i, i % 256) for i in range(n)) + '\n'
        return Case('elseif', lang, kernel_file(lang, body), accesses=n)
    if kind == 'uniform':
        body = '    ' + ' else '.join('if (mode == %d) s[(tid + %d) %% 256] = 1;' % (i, i) for i in range(n)) + '\n'
        return Case('elseif', lang, kernel_file(lang, body), defines=['mode=%d' % rng.randrange(n)], accesses=1)
    body = ('    switch (tid %% %d) {\n' % n + ''.join('    case %d: s[%d] = 1; break;\n' % (i, i % 256) for i in range(n)) +
            '    }\n')
    return Case('elseif', lang, kernel_file(lang, body), accesses=min(n, 64))


def many_kernels(rng, n, lang):
    """n kernels in one file, one access each (GLSL has one: n arrays)."""
    if LANGS[lang].get('one_kernel'):
        return many_arrays(rng, n, lang)
    L = LANGS[lang]
    text = L['head'] + (L['shared'].format(a='s', n=256) + '\n' if L['shared'] else '')
    for i in range(n):
        local = '' if L['shared'] else L['local'].format(a='s', n=256) + ' '
        text += '%s\n{ %sint tid = %s; s[(tid * %d) %% 256] = 0; }\n' % (L['kernel'].format(k='k%d' % i), local,
                                                                          L['tid'], i % 7 + 1)
    return Case('kernels', lang, text, accesses=n)


def many_arrays(rng, n, lang):
    """n shared arrays, one access each (32 KiB in all, or one float each)."""
    size = max(1, 8192 // n)
    arrays = [('a%d' % i, size) for i in range(n)]
    body = ''.join('    a%d[tid %% %d] = 0;\n' % (i, size) for i in range(n))
    return Case('kernels', lang, kernel_file(lang, body, arrays=arrays), accesses=n)


def long_line(rng, n, lang):
    """One line of n accesses."""
    body = '    ' + ' '.join('s[(tid + %d) %% 256] = %d;' % (i, i) for i in range(n)) + '\n'
    return Case('longline', lang, kernel_file(lang, body), accesses=n)


def loops(rng, n, lang):
    """Loops n deep around one access, or one loop of 2^n trips."""
    kind = rng.choice(['nested', 'long', 'while'])
    if kind == 'nested':
        body = ''.join('    for (int i%d = 0; i%d < 2; i%d++)\n' % (i, i, i) for i in range(n))
        body += '        s[(tid + %s) %% 256] = 0;\n' % (' + '.join('i%d' % i for i in range(n)) or '0')
    elif kind == 'long':
        body = '    for (int i = 0; i < %d; i++)\n        s[(tid * 2 + i) %% 256] += 1.0f;\n' % (1 << min(n, 30))
    else:
        body = '    int i = 0;\n    while (i < %d) { s[(tid + i) %% 256] = 0; i += 3; }\n' % (n * 3)
    return Case('loops', lang, kernel_file(lang, body), accesses=None if kind == 'long' else 1)


def macros(rng, n, lang):
    """A chain of n macros, n nested #if, or a macro that doubles n times."""
    kind = rng.choice(['chain', 'if', 'doubling'])
    if kind == 'chain':
        defs = '#define M0 tid\n' + ''.join('#define M%d (M%d + 0)\n' % (i + 1, i) for i in range(n))
        body = '    s[M%d %% 256] = 0;\n' % n
        return Case('macros', lang, defs + kernel_file(lang, body), accesses=1)
    if kind == 'if':
        body = '#if 1\n' * n + '    s[tid] = 0;\n' + '#endif\n' * n
        return Case('macros', lang, kernel_file(lang, body), accesses=1)
    defs = '#define D0 tid\n' + ''.join('#define D%d (D%d + D%d)\n' % (i + 1, i, i) for i in range(n))
    body = '    s[(D%d) %% 256] = 0;\n' % n
    return Case('macros', lang, defs + kernel_file(lang, body))


def names(rng, n, lang):
    """An array and a local whose names are n characters long."""
    long_name = 'v' + ''.join(rng.choice('abcdefghijklmnopqrstuvwxyz_0123456789') for _ in range(n))
    body = '    int %s = tid;\n    %s_s[%s] = 0;\n' % (long_name, long_name, long_name)
    return Case('names', lang, kernel_file(lang, body, arrays=((long_name + '_s', 256),)), accesses=1)


def locals_chain(rng, n, lang):
    """n locals, each from the one before, then one access."""
    body = '    int v0 = tid;\n' + ''.join('    int v%d = v%d + 1;\n' % (i + 1, i) for i in range(n))
    body += '    s[(v%d - %d) %% 256] = 0;\n' % (n, n)
    return Case('locals', lang, kernel_file(lang, body), accesses=1)


# family: (function, small size, full size): the sizes a seed draws from
FAMILIES = {
    'chain': (op_chain, [10, 100, 1000], [10, 1000, 5000, 20000, 100000]),
    'nesting': (nesting, [10, 100, 500], [10, 500, 2000, 10000, 50000]),
    'calls': (calls, [3, 16, 20, 40], [3, 16, 17, 40, 200, 2000]),
    'elseif': (else_if, [10, 100, 300], [10, 250, 300, 2000, 10000, 40000]),
    'kernels': (many_kernels, [10, 100], [10, 1000, 5000, 14000]),
    'longline': (long_line, [10, 50, 100], [10, 1000, 4000, 20000]),
    'loops': (loops, [3, 8, 12], [3, 10, 20, 30, 40]),
    'macros': (macros, [5, 20, 50], [5, 30, 60, 200, 2000]),
    'names': (names, [100, 1000], [100, 10000, 100000, 1000000]),
    'locals': (locals_chain, [10, 100, 1000], [10, 1000, 10000, 50000]),
}


def cases(seed, skip, only, small):
    rng = random.Random(seed)
    for family, (make, small_sizes, full_sizes) in FAMILIES.items():
        if family in skip or (only and family not in only):
            continue
        lang = rng.choice(sorted(LANGS))
        n = rng.choice(small_sizes if small else full_sizes)
        yield make(rng, n, lang), n


# ---- running one case

SANITIZER = ('ERROR: AddressSanitizer', 'ERROR: LeakSanitizer', 'runtime error:', 'ERROR: UndefinedBehavior',
             'AddressSanitizer:DEADLYSIGNAL')


def limit(cpu, mem_mib, sanitized):
    def set_limits():
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        if not sanitized:   # the sanitizers reserve terabytes of address space
            resource.setrlimit(resource.RLIMIT_AS, (mem_mib << 20, mem_mib << 20))
    return set_limits


def run_case(lds, case, path, cpu, mem_mib, sanitized):
    """(verdict or None, exit status, CPU seconds, peak MiB)."""
    with open(path, 'w') as f:
        f.write(case.text)
    with open(path + '.out', 'wb') as out_f, open(path + '.err', 'wb') as err_f:
        p = subprocess.Popen([lds] + case.args() + ['-f', path], stdout=out_f, stderr=err_f,
                             preexec_fn=limit(cpu, mem_mib, sanitized))
        deadline = time.time() + cpu * 4 + 30   # a run that sleeps or waits, not one that computes
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.time() > deadline:
                p.kill()
            time.sleep(0.01)
    p.returncode = 0   # reaped here, not by subprocess
    st = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    seconds, peak = usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
    out = open(path + '.out', 'rb').read()
    err = open(path + '.err', 'rb').read().decode('utf-8', 'replace')
    if any(s in err for s in SANITIZER):
        return 'a sanitizer report', st, seconds, peak
    if st < 0:
        return 'killed by signal %s' % signal.Signals(-st).name, st, seconds, peak
    if st not in (0, 1, 2, 3, 4):
        return 'exit status %d' % st, st, seconds, peak
    if peak > mem_mib:
        return 'a peak of %.0f MiB' % peak, st, seconds, peak
    if case.accesses is not None and st == 0:
        try:
            doc = json.loads(out)
        except ValueError:
            return 'the JSON report does not parse', st, seconds, peak
        counted = sum(1 for a in doc['accesses'] if a['status'] == 'ok')
        if counted != case.accesses:
            return '%d accesses counted, not %d' % (counted, case.accesses), st, seconds, peak
    return None, st, seconds, peak


def is_sanitized(lds):
    with open(lds, 'rb') as f:
        return b'__asan_init' in f.read() or bool(os.environ.get('LDS_SANITIZED', '0') != '0')


def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument('--lds', default=os.environ.get('LDS', './lds-calc'))
    ap.add_argument('--seconds', type=float, default=60)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--cpu', type=int, default=10)
    ap.add_argument('--mem', type=int, default=1024)
    ap.add_argument('--skip', default='')
    ap.add_argument('--only', default='')
    ap.add_argument('--write')
    ap.add_argument('--rounds', type=int, default=1)
    ap.add_argument('--sizes', choices=['small', 'full'], default='full')
    ap.add_argument('--keep', default='/tmp/gen-kernels')
    ap.add_argument('--list', action='store_true')
    o = ap.parse_args()
    if o.list:
        for family, (make, _, sizes) in FAMILIES.items():
            print('%-9s %s (sizes %s)' % (family, make.__doc__.split('\n')[0], sizes))
        return 0
    skip = set(filter(None, o.skip.replace(',', ' ').split()))
    only = set(filter(None, o.only.replace(',', ' ').split()))
    unknown = (skip | only) - set(FAMILIES)
    if unknown:
        sys.exit('gen-kernels.py: no family %s (--list lists them)' % ', '.join(sorted(unknown)))
    if o.write:
        os.makedirs(o.write, exist_ok=True)
        for seed in range(o.seed, o.seed + o.rounds):
            for i, (case, n) in enumerate(cases(seed, skip, only, o.sizes == 'small')):
                with open(os.path.join(o.write, 'gen-%d-%s-%d' % (seed, case.family, n)), 'w') as f:
                    f.write(case.options_line() + case.text)
        return 0
    sanitized = is_sanitized(o.lds)
    os.makedirs(o.keep, exist_ok=True)
    start, seed, ran, failed = time.time(), o.seed, 0, 0
    while time.time() - start < o.seconds:
        for case, n in cases(seed, skip, only, o.sizes == 'small'):
            path = os.path.join(o.keep, 'case' + LANGS[case.lang]['ext'])
            why, st, cpu, peak = run_case(o.lds, case, path, o.cpu, o.mem, sanitized)
            ran += 1
            line = 'seed %d %-8s n=%-7d %-6s exit %-3d %6.2f s %6.0f MiB' % (seed, case.family, n, case.lang, st,
                                                                          cpu, peak)
            if why:
                failed += 1
                name = os.path.join(o.keep, 'fail-%d-%s-%d%s' % (seed, case.family, n, LANGS[case.lang]['ext']))
                os.replace(path, name)
                with open(name + '.cmd', 'w') as f:
                    f.write(' '.join(shlex.quote(a) for a in [os.path.abspath(o.lds)] + case.args() + ['-f', name]) + '\n')
                line += '  FAILED: %s (%s)' % (why, name)
            print(line, flush=True)
        seed += 1
    print('gen-kernels: %d cases, %d failed, seeds %d-%d' % (ran, failed, o.seed, seed - 1))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
