#!/usr/bin/env python3
"""Token mutations of the kernel-file tests, run through lds-calc.

usage: python3 fuzz/mutate-kernels.py SEED COUNT   (from the source tree;
LDS names the lds-calc to run, ./lds-calc by default)

Each mutant is one of tests/cli/src-*.stdin or tests/kernels/*.cu with one
to four token edits: a token deleted, another token of the file inserted,
a token replaced by one of WORDS (constructs the kernel-file reader
treats specially) or by an edge-case number.  lds-calc must answer every
one with an exit status 0-4 within 10 s and no sanitizer report; a
mutant that does not is saved as /tmp/bad-N.txt and counted.  Not a
test (its inputs are random and most are nonsense): a probe to run
after changing the reader, on a plain and on an --enable-sanitizers
build.
"""
import glob
import os
import random
import re
import subprocess
import sys

WORDS = ['typename', 'typename vec4<T>::Type', '::', 'SharedMemory<typename vec4<T>::Type>()',
         'if (threadIdx.x >= n) return;', 'floatX *', 'extern "C"', 'const real &', 'if (i > 2) break;',
         'template', 'template void k<3>(int);', 'extern', 'continue;', 'break;', 'return;',
         'switch (tid) { case 0:', '}', '{', 'case 1:', 'default:', 'if (x)', 'for (;;)', 'while (1)', '[0]',
         '.x', '++', '--', '-', '(', ')', ';', 'unsigned char', 'bool', 'switch']
NUMBERS = [0, 1, -1, 255, 65536, 2**31, 2**40, 2**63 - 1]


def inputs():
    files = []
    for cmd in glob.glob('tests/cli/src-*.cmd'):
        m = re.search(r'--lang (\w+)', open(cmd).read())
        if m and os.path.exists(cmd[:-4] + '.stdin'):
            files.append((cmd[:-4] + '.stdin', m.group(1)))
    return sorted(files) + [(f, 'cuda') for f in sorted(glob.glob('tests/kernels/*.cu'))]


def mutant(rng, text):
    toks = re.findall(r'\w+|[^\w\s]|\s+', text)
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(len(toks))
        op = rng.random()
        if op < 0.3:
            del toks[k]
        elif op < 0.6:
            toks.insert(k, toks[rng.randrange(len(toks))])
        elif op < 0.8:
            toks[k] = rng.choice(WORDS)
        else:
            toks[k] = str(rng.choice(NUMBERS))
    return ''.join(toks)


def main():
    rng = random.Random(int(sys.argv[1]))
    count = int(sys.argv[2])
    lds = os.environ.get('LDS', './lds-calc')
    files = inputs()
    bad = 0
    for i in range(count):
        path, lang = rng.choice(files)
        src = mutant(rng, open(path, errors='replace').read())
        why = None
        try:
            r = subprocess.run([lds, '--lang', lang, '--threads', '64', '-D', 'n=3', '-D', 'mode=1', '-f', '-'],
                               input=src.encode(), capture_output=True, timeout=10)
            if r.returncode < 0 or r.returncode > 4 or b'Sanitizer' in r.stderr or b'runtime error' in r.stderr:
                why = 'exit %d' % r.returncode
        except subprocess.TimeoutExpired:
            why = 'timeout'
        if why:
            bad += 1
            print('BAD', why, path, i)
            with open('/tmp/bad-%d.txt' % i, 'w') as f:
                f.write(src)
    print('done', count, 'bad', bad)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
