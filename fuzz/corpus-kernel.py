#!/usr/bin/env python3
"""Make fuzz/corpus-kernel/, the seeds of fuzz/fuzz-kernel.c, from the
kernel-file tests.

usage: python3 fuzz/corpus-kernel.py   (from the source tree)

Each seed is a test kernel (tests/kernels/*, and each tests/cli/*.stdin
that a command reads with --lang) with a first line "//@ NAME=VALUE ..."
giving the options its test runs it with (fuzz/fuzz-api.h): its
language, threads, -D values, kernel and profile.  Run it again when
those tests change, and commit what changed.
"""
import glob
import os
import re
import shlex

# Tests left out: each costs seconds under the sanitizers (the fix search
# of its diagnostics, which fuzz/fuzz-kernel.c renders for one input in
# 8), most of what a short `make fuzz-smoke` has.
SLOW = {'cli-src-sgemm-blocktiling'}

LANGS = {'.cu': 'cuda', '.cuh': 'cuda', '.hip': 'hip', '.cl': 'opencl', '.hlsl': 'hlsl', '.comp': 'glsl',
         '.glsl': 'glsl'}


def options(args, lang):
    """The //@ line for the command-line arguments args."""
    opts = ['lang=' + lang]
    take = {'--threads': 'threads', '--kernel': 'kernel', '-a': 'arch', '--arch': 'arch', '-D': 'define',
            '--lang': 'lang'}
    i = 0
    while i < len(args):
        a = args[i]
        if a in take and i + 1 < len(args):
            name, value = take[a], args[i + 1]
            i += 1
            if name == 'lang':
                opts[0] = 'lang=' + value
            elif ' ' not in value:
                opts.append('%s=%s' % (name, value))
        elif a.startswith('-D') and len(a) > 2:
            opts.append('define=' + a[2:])
        i += 1
    return '//@ ' + ' '.join(opts) + '\n'


def seeds():
    for src in sorted(glob.glob('tests/kernels/*')):
        base, ext = os.path.splitext(src)
        if ext not in LANGS:
            continue
        args = []
        for lds in glob.glob('tests/kernels/*.lds'):
            text = open(lds).read()
            if re.search(r'^#\s*kernel:\s*%s\s*$' % re.escape(os.path.basename(src)), text, re.M):
                args = shlex.split(re.search(r'^#\s*args:(.*)$', text, re.M).group(1))
        yield 'test-' + os.path.basename(src), options(args, LANGS[ext]), open(src, 'rb').read()
    for stdin in sorted(glob.glob('tests/cli/*.stdin')):
        cmd = open(stdin[:-len('.stdin')] + '.cmd').read()
        first = re.split(r'[;<|]', cmd)[0]
        if '--lang' not in first:
            continue
        yield 'cli-' + os.path.basename(stdin)[:-len('.stdin')], options(shlex.split(first)[1:], 'cuda'), \
            open(stdin, 'rb').read()


def main():
    os.makedirs('fuzz/corpus-kernel', exist_ok=True)
    for old in glob.glob('fuzz/corpus-kernel/*'):
        os.remove(old)
    for name, header, text in seeds():
        if name in SLOW:
            continue
        with open(os.path.join('fuzz/corpus-kernel', name), 'wb') as f:
            f.write(header.encode() + text)


if __name__ == '__main__':
    main()
