#!/usr/bin/env python3
"""Metamorphic tests of the kernel-file reader: a kernel rewritten in a
way that keeps its meaning gives the same numbers.

Usage: metamorphic.py LDS_CALC SRCDIR [SAMPLE]       prints TAP

The kernels: tests/kernels/* (run with the args of the hand translation
that names them) and tests/metamorphic-kernels/* (whose first line is
"// lds-calc: ARGS").  The rewrites (REWRITES below) are small
functions of the text, each meaning-preserving in the kernel's
language: renamed identifiers, comments between tokens, line breaks
added or removed, CRLF line ends, dead code, a namespace around the
file, integer constants as #define / constexpr / enum / static const
(and as class and namespace members), the operands of + and *
swapped, an index through a local variable or a reference, a helper
function around a write.  Each is tried alone and in the combinations
of COMBOS.  A rewrite that does not apply to a kernel (no constant to
name, a language without references) is not a case.

A case passes when the rewritten kernel's run has the original's exit
status and, in its JSON report, the same accesses with the same numbers
(kind, width, status, instructions, ways, cycles, ideal, excess,
broadcasts, skipped, the counters, the global-memory figures: column,
source, array and kernel names aside, and as a multiset, since C leaves
the order of an operator's operands unspecified; the line too where the
rewrite keeps every line, SAME_LINES) and the same totals.  Each rewrite must apply to at least two kernels, so that none
tests nothing.

KNOWN lists the cases that fail on this base, each with its reason; they
are reported as TODO (an expected failure), and one that passes is an
unexpected pass that fails the test: remove its entry when the fix
lands.  SAMPLE N runs every Nth case only (under valgrind and the
sanitizers, where each run starts slowly).
"""
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vgsample import valgrind_wrap  # noqa: E402

# ---- tokens: the text as a list of [kind, text], joined back exactly

TOKEN = re.compile(r'''
    (?P<nl>\r?\n)
  | (?P<ws>[ \t\f\v]+|\\\r?\n)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<number>(?:\d|\.\d)(?:[eEpP][+-]|[\w.])*)
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<punct><<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|::|\#\#|.)
''', re.X | re.S)


def tokens(text):
    """Tokens, each [kind, text, in_directive]; a directive line's tokens
    are marked (its '#' and name are one token of kind 'directive')."""
    out, line_start, directive = [], True, False
    for m in TOKEN.finditer(text):
        kind, s = m.lastgroup, m.group()
        if kind == 'punct' and s == '#' and line_start:
            directive = True
            kind = 'directive'
        elif kind == 'ident' and out and out[-1][0] == 'directive' and out[-1][1] == '#':
            out[-1][1] += s
            continue
        out.append([kind, s, directive])
        if kind == 'nl':
            line_start, directive = True, False
        elif kind not in ('ws', 'comment'):
            line_start = False
    return out


def join(toks):
    return ''.join(t[1] for t in toks)


def significant(toks, i, step):
    """The index of the next token from i (step +1 or -1) that is not
    blank or a comment, or None."""
    i += step
    while 0 <= i < len(toks) and toks[i][0] in ('ws', 'nl', 'comment'):
        i += step
    return i if 0 <= i < len(toks) else None


def matching(toks, i):
    """The index of the bracket that closes (or opens) the one at i."""
    pairs = {'(': ')', '[': ']', '{': '}'}
    back = {v: k for k, v in pairs.items()}
    open_, step = (toks[i][1], 1) if toks[i][1] in pairs else (toks[i][1], -1)
    close = pairs.get(open_) or back[open_]
    depth = 0
    while 0 <= i < len(toks):
        if toks[i][0] == 'punct' and toks[i][1] == open_:
            depth += 1
        elif toks[i][0] == 'punct' and toks[i][1] == close:
            depth -= 1
            if depth == 0:
                return i
        i += step
    return None


# ---- what a rewrite knows about a kernel

KEYWORDS = set('''
auto break case char const constexpr continue default do double else enum extern float for goto if inline int long
register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while
bool class namespace new delete template typename this using virtual operator private public protected true false
nullptr static_cast reinterpret_cast const_cast dynamic_cast decltype alignas alignof noexcept static_assert
uint uint2 uint3 uint4 int2 int3 int4 float2 float3 float4 half half2 double2 size_t
in out inout uniform buffer shared layout readonly writeonly coherent volatile highp mediump lowp precision
cbuffer register groupshared numthreads
__global__ __device__ __host__ __shared__ __constant__ __forceinline__ __noinline__ __restrict__ __launch_bounds__
__attribute__ __kernel kernel __global __local __constant __private global local constant private
reqd_work_group_size
'''.split())
TYPES = set('''
void char short int long float double bool unsigned signed auto size_t half uint uint2 uint3 uint4 int2 int3 int4
float2 float3 float4 double2 half2 char4 uchar uchar4 ushort
vec2 vec3 vec4 ivec2 ivec3 ivec4 uvec2 uvec3 uvec4
'''.split())
SHARED_QUALIFIERS = ('__shared__', 'groupshared', 'shared', '__local')


class Kernel:
    def __init__(self, path, args):
        self.path, self.args = path, args
        self.name = os.path.basename(path)
        ext = os.path.splitext(path)[1]
        self.lang = {'.cu': 'cuda', '.cuh': 'cuda', '.hip': 'hip', '.cl': 'opencl', '.hlsl': 'hlsl',
                     '.comp': 'glsl', '.glsl': 'glsl'}[ext]
        with open(path, newline='') as f:
            self.text = f.read()

    def cxx(self):
        return self.lang in ('cuda', 'hip')

    def protected(self):
        """Names the arguments refer to: -D NAME (and an array NAME of
        -D NAME_size, a record NAME of -D NAME.member), --kernel NAME."""
        names = set(['main'])
        for i, a in enumerate(self.args):
            value = self.args[i + 1] if i + 1 < len(self.args) else ''
            if a == '-D' or a.startswith('-D'):
                d = (value if a == '-D' else a[2:]).split('=')[0]
                names.update([d, d.split('.')[0], re.sub(r'_size$', '', d)])
            elif a == '--kernel':
                names.add(value)
        return names


def shared_arrays(toks):
    """[(name, element type, dimensions, at file scope)] of the shared
    arrays declared (__shared__, groupshared, GLSL shared, __local)."""
    found, depth = [], 0
    for i, t in enumerate(toks):
        if t[1] == '{' and t[0] == 'punct':
            depth += 1
        elif t[1] == '}' and t[0] == 'punct':
            depth -= 1
        if t[0] != 'ident' or t[1] not in SHARED_QUALIFIERS or t[2]:
            continue
        j, words = i, []
        while True:
            j = significant(toks, j, 1)
            if j is None or toks[j][0] != 'ident':
                break
            words.append((j, toks[j][1]))
        if len(words) < 2 or j is None or toks[j][1] != '[':
            continue
        name, elem = words[-1][1], ' '.join(w for _, w in words[:-1] if w not in ('extern', 'static', 'volatile'))
        dims = 0
        while j is not None and toks[j][1] == '[':
            dims += 1
            j = significant(toks, matching(toks, j), 1)
        found.append((name, elem, dims, depth == 0))
    return found


# ---- the rewrites: each (kernel, text) -> new text, or None where it does not apply

def rename(k, text):
    """Every identifier the file declares (variables, parameters, arrays,
    functions, macros, structs) under a new name."""
    toks = tokens(text)
    idents = set(t[1] for t in toks if t[0] == 'ident')
    types = set(TYPES)
    for i, t in enumerate(toks):   # struct and typedef names are types too
        if t[0] == 'ident' and t[1] in ('struct', 'class', 'typedef'):
            j = significant(toks, i, 1)
            if j is not None and toks[j][0] == 'ident':
                types.add(toks[j][1])
    members = set()
    declared = set()
    for i, t in enumerate(toks):
        if t[0] != 'ident':
            continue
        p = significant(toks, i, -1)
        if p is not None and toks[p][1] in ('.', '->', '::'):
            members.add(t[1])
            continue
        if p is not None and toks[p][0] == 'directive' and toks[p][1] in ('#define', '#ifdef', '#ifndef'):
            declared.add(t[1])
            continue
        while p is not None and toks[p][1] in ('*', '&', 'const', '__restrict__', 'restrict'):
            p = significant(toks, p, -1)
        n = significant(toks, i, 1)
        if p is None or n is None or toks[n][1] not in ('=', ';', ',', '[', '(', ')', ':', '{'):
            continue
        if toks[p][1] in types or toks[p][1] in ('struct', 'class', 'namespace', 'cbuffer', 'buffer') or \
                (toks[p][1] == '>' and toks[significant(toks, p, -1)][1] in types):
            declared.add(t[1])
    names = sorted(declared - members - KEYWORDS - types - k.protected())
    if not names:
        return None
    fresh, new = {}, 0
    for name in names:
        while 'w%d' % new in idents:
            new += 1
        fresh[name] = 'w%d' % new
        new += 1
    for t in toks:
        if t[0] == 'ident' and t[1] in fresh:
            t[1] = fresh[t[1]]
    return join(toks)


def rename_lds_words(k, text):
    """The shared arrays named as lds(5) names things (lane, wave, group,
    tid): C names, which a compiler takes as any other."""
    toks = tokens(text)
    arrays = [a[0] for a in shared_arrays(toks) if a[0] not in k.protected()]
    idents = set(t[1] for t in toks if t[0] == 'ident')
    words = [w for w in ('lane', 'wave', 'group', 'tid') if w not in idents]
    if not arrays or not words:
        return None
    fresh = dict(zip(arrays, words))
    for t in toks:
        if t[0] == 'ident' and t[1] in fresh:
            t[1] = fresh[t[1]]
    return join(toks)


def comments(k, text):
    """A block comment after every ';', '{', ',' and '(' and a line
    comment at every line's end (directives aside)."""
    toks, out = tokens(text), []
    for t in toks:
        if t[0] == 'nl' and not t[2] and out and out[-1][0] != 'ws':
            out.append(['comment', ' // note', False])
        out.append(t)
        if t[0] == 'punct' and t[1] in (';', '{', ',', '(') and not t[2]:
            out.append(['comment', '/* c */', False])
    return join(out)


def line_breaks(k, text):
    """A line break after every ',' and '(' and before every '{' outside
    directives."""
    toks, out = tokens(text), []
    for t in toks:
        if t[0] == 'punct' and t[1] == '{' and not t[2]:
            out.append(['nl', '\n', False])
        out.append(t)
        if t[0] == 'punct' and t[1] in (',', '(') and not t[2]:
            out.append(['nl', '\n', False])
    return join(out)


def joined_lines(k, text):
    """The lines between directives joined into one (line comments made
    block comments first)."""
    toks, out = tokens(text), []
    for i, t in enumerate(toks):
        if t[0] == 'comment' and t[1].startswith('//'):
            t = ['comment', '/*' + t[1][2:].replace('*/', '') + ' */', t[2]]
        if t[0] == 'nl' and not t[2]:
            n = i + 1
            if n < len(toks) and toks[n][0] != 'directive':
                t = ['ws', ' ', False]
        out.append(t)
    return join(out)


def crlf(k, text):
    """CR LF line ends."""
    return re.sub(r'\r?\n', '\r\n', text)


def bom(k, text):
    """A UTF-8 byte-order mark first, as editors on Windows write."""
    return '\ufeff' + text


def cr_only(k, text):
    """CR line ends (as gcc and clang read them)."""
    return re.sub(r'\r?\n', '\r', text)


def splices(k, text):
    """A backslash-newline in the middle of every name of two or more
    characters outside directives."""
    toks = tokens(text)
    changed = False
    for t in toks:
        if t[0] == 'ident' and len(t[1]) >= 2 and not t[2]:
            t[1] = t[1][:len(t[1]) // 2] + '\\\n' + t[1][len(t[1]) // 2:]
            changed = True
    return join(toks) if changed else None


def digraphs(k, text):
    """'[' and ']' written <: and :> outside directives (C++ and C99)."""
    if k.lang not in ('cuda', 'hip', 'opencl'):
        return None
    toks = tokens(text)
    for t in toks:
        if t[0] == 'punct' and t[1] in ('[', ']') and not t[2]:
            t[1] = '<:' if t[1] == '[' else ':>'
    return join(toks)


def statement_starts(k, toks):
    """The shared-array accesses that begin a statement in a block,
    NAME[...]... OP V ; as (start, end of the index, '=' index, ';'
    index): the token before is ';', '{' or '}'."""
    arrays = set(a[0] for a in shared_arrays(toks))
    found = []
    for i, t in enumerate(toks):
        if t[0] != 'ident' or t[1] not in arrays or t[2]:
            continue
        p = significant(toks, i, -1)
        b = significant(toks, i, 1)
        if p is None or toks[p][1] not in (';', '{', '}') or b is None or toks[b][1] != '[':
            continue
        j = b
        while j is not None and toks[j][1] == '[':
            last = matching(toks, j)
            j = significant(toks, last, 1)
        if j is None or toks[j][1] not in ('=', '+=', '-=', '*=', '|=', '&=', '^='):
            continue
        end = j
        while end < len(toks) and not (toks[end][0] == 'punct' and toks[end][1] in (';', '{', '}')):
            end += 1
        if end < len(toks) and toks[end][1] == ';':
            found.append((i, b, j, end))
    return found


def dead_code(k, text):
    """Before each statement that writes a shared array, the same
    statement under if (0) (GLSL: if (false))."""
    toks = tokens(text)
    starts = statement_starts(k, toks)
    if not starts:
        return None
    for i, _, _, end in reversed(starts):
        toks[i:i] = [['punct', 'if (%s) { %s } ' % ('false' if k.lang == 'glsl' else '0', join(toks[i:end + 1])), False]]
    return join(toks)


def dead_code_pp(k, text):
    """Before each statement that writes a shared array, the same
    statement between #if 0 and #endif."""
    toks = tokens(text)
    starts = statement_starts(k, toks)
    if not starts:
        return None
    for i, _, _, end in reversed(starts):
        toks[i:i] = [['punct', '\n#if 0\n' + join(toks[i:end + 1]) + '\n#endif\n', False]]
    return join(toks)


def after_includes(toks):
    """The index after the last #include or #version line (0 if none)."""
    at = 0
    for i, t in enumerate(toks):
        if t[0] == 'directive' and t[1] in ('#include', '#version', '#extension'):
            while i < len(toks) and toks[i][0] != 'nl':
                i += 1
            at = i + 1
    return at


def namespace(k, text):
    """The file (after its #include lines) inside a namespace (C++ only)."""
    if not k.cxx():
        return None
    toks = tokens(text)
    at = after_includes(toks)
    return join(toks[:at]) + 'namespace mm {\n' + join(toks[at:]) + '\n}  // namespace mm\n'


ATTRIBUTE_WORDS = ('numthreads', 'layout', '__launch_bounds__', '__attribute__', 'reqd_work_group_size')


def constants(style):
    def rewrite(k, text):
        if style in ('constexpr', 'member', 'nsconst') and not k.cxx():
            return None
        if style == 'enum' and k.lang == 'glsl':
            return None
        if style == 'static_const' and k.lang == 'opencl':
            return None
        toks = tokens(text)
        values, inside_attribute = {}, -1
        for i, t in enumerate(toks):
            if t[0] == 'ident' and t[1] in ATTRIBUTE_WORDS:
                n = significant(toks, i, 1)
                if n is not None and toks[n][1] == '(':
                    inside_attribute = matching(toks, n)
            if t[0] != 'number' or t[2] or i <= inside_attribute or not re.fullmatch(r'[1-9]\d*|0[xX][0-9a-fA-F]+', t[1]):
                continue
            v = int(t[1], 0)
            if 2 <= v < 2**31:
                values.setdefault(v, []).append(i)
        if not values:
            return None
        for v, where in values.items():
            name = {'member': 'Cfg::C_%d', 'nsconst': 'cfg::C_%d'}.get(style, 'C_%d') % v
            for i in where:
                toks[i][1] = name
        decl = {
            'define': lambda v: '#define C_%d %d\n' % (v, v),
            'constexpr': lambda v: 'constexpr int C_%d = %d;\n' % (v, v),
            'enum': lambda v: 'enum { C_%d = %d };\n' % (v, v),
            'static_const': lambda v: ('const int C_%d = %d;\n' if k.lang == 'glsl' else 'static const int C_%d = %d;\n') % (v, v),
            'member': lambda v: '    static constexpr int C_%d = %d;\n' % (v, v),
            'nsconst': lambda v: '    constexpr int C_%d = %d;\n' % (v, v),
        }[style]
        block = ''.join(decl(v) for v in sorted(values))
        if style == 'member':
            block = 'struct Cfg {\n' + block + '};\n'
        elif style == 'nsconst':
            block = 'namespace cfg {\n' + block + '}\n'
        at = after_includes(toks)
        return join(toks[:at]) + block + join(toks[at:])
    rewrite.__doc__ = 'Integer constants (2 and more, attributes aside) named as %s.' % style
    return rewrite


# binary operators by precedence (C's), for operand swaps
PRECEDENCE = {'*': 13, '/': 13, '%': 13, '+': 12, '-': 12, '<<': 11, '>>': 11, '<=': 10, '>=': 10,
              '==': 9, '!=': 9, '&': 8, '^': 7, '|': 6, '&&': 5, '||': 4}
OPENERS = ('(', '[', ',', '=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=', '?', ':', '{', ';',
           'return')
CLOSERS = (')', ']', ',', ';', '?', ':', '}')


def operand_end(toks, i):
    """From the first token of a primary expression at i (a name or a
    number, with calls, subscripts and members; or a parenthesized
    group), the index of its last token, or None."""
    if toks[i][0] in ('ident', 'number'):
        j = i
    elif toks[i][1] == '(':
        j = matching(toks, i)
    else:
        return None
    while True:
        n = significant(toks, j, 1)
        if n is not None and toks[n][1] in ('(', '['):
            j = matching(toks, n)
        elif n is not None and toks[n][1] in ('.', '->'):
            m = significant(toks, n, 1)
            if m is None or toks[m][0] != 'ident':
                return None
            j = m
        else:
            return j


def operand_start(toks, j):
    """The first token of the primary expression that ends at j, or None."""
    i = j
    while True:
        if toks[i][1] in (')', ']'):
            i = matching(toks, i)
            p = significant(toks, i, -1)
            if toks[j][1] == ')' and i is not None and p is not None and toks[p][0] == 'ident' and \
                    toks[p][1] not in KEYWORDS:
                i = p   # a call
            elif toks[i][1] == '[' and p is not None:
                i = p   # a subscript: its array
                j = i
                continue
            else:
                return i if toks[i][1] == '(' else None
        elif toks[i][0] not in ('ident', 'number') or toks[i][1] in KEYWORDS:
            return None
        p = significant(toks, i, -1)
        if p is not None and toks[p][1] in ('.', '->'):
            i = significant(toks, p, -1)
            j = i
            continue
        return i


def operands(k, text):
    """X + Y as Y + X and X * Y as Y * X where X and Y are primaries and
    the operators around bind less tightly."""
    toks = tokens(text)
    swaps, i = [], 0
    while i < len(toks):
        t = toks[i]
        if t[0] == 'punct' and t[1] in ('+', '*') and not t[2]:
            xe = significant(toks, i, -1)
            ys = significant(toks, i, 1)
            xs = operand_start(toks, xe) if xe is not None else None
            ye = operand_end(toks, ys) if ys is not None else None
            if xs is not None and ye is not None:
                before = significant(toks, xs, -1)
                after = significant(toks, ye, 1)
                b = toks[before][1] if before is not None else ';'
                a = toks[after][1] if after is not None else ';'
                binary_before = b in PRECEDENCE and b not in ('*', '&') and PRECEDENCE[b] < PRECEDENCE[t[1]]
                ok_after = a in CLOSERS or (a in PRECEDENCE and PRECEDENCE[a] <= PRECEDENCE[t[1]])
                if (b in OPENERS or binary_before) and ok_after and (not swaps or xs > swaps[-1][3]):
                    swaps.append((xs, xe, ys, ye))   # (not overlapping the last)
                    i = ye
        i += 1
    if not swaps:
        return None
    for xs, xe, ys, ye in reversed(swaps):
        x, y = toks[xs:xe + 1], toks[ys:ye + 1]
        toks[ys:ye + 1] = x
        toks[xs:xe + 1] = y
    return join(toks)


def through(kind):
    def rewrite(k, text):
        if kind == 'reference' and not k.cxx():
            return None
        if kind == 'local' and k.lang == 'glsl':
            return None
        toks = tokens(text)
        starts = statement_starts(k, toks)
        if not starts:
            return None
        for n, (i, b, op, end) in enumerate(reversed(starts)):
            if kind == 'local':
                index_type = 'auto' if k.cxx() else 'int'
                last = matching(toks, b)
                decl = '%s mm_i%d = %s; ' % (index_type, n, join(toks[b + 1:last]))
                stmt = join(toks[i:b + 1]) + 'mm_i%d' % n + join(toks[last:end + 1])
            else:
                decl = 'auto &mm_r%d = %s; ' % (n, join(toks[i:op]))
                stmt = 'mm_r%d ' % n + join(toks[op:end + 1])
            toks[i:end + 1] = [['punct', '{ ' + decl + stmt + ' }', False]]
        return join(toks)
    rewrite.__doc__ = 'Each write to a shared array through a %s.' % kind
    return rewrite


def helper(k, text):
    """Each plain write to a shared array (NAME[I] = V, NAME[I][J] = V at
    file scope) through a helper function."""
    toks = tokens(text)
    arrays = {a[0]: a for a in shared_arrays(toks)}
    starts = [s for s in statement_starts(k, toks) if toks[s[2]][1] == '=']
    fn = '__device__ ' if k.cxx() else ''
    index = 'uint' if k.lang == 'glsl' else 'int'
    defs, used = {}, []
    for i, b, op, end in starts:
        name, elem, dims, file_scope = arrays[toks[i][1]]
        subs, j = [], b
        while toks[j][1] == '[':
            last = matching(toks, j)
            subs.append(join(toks[j + 1:last]))
            j = significant(toks, last, 1)
        if len(subs) != dims or (not file_scope and (dims != 1 or k.lang in ('hlsl', 'glsl'))):
            continue
        if file_scope:
            params = ', '.join('%s i%d' % (index, d) for d in range(dims))
            defs[name] = '%svoid mm_put_%s(%s, %s v) { %s%s = v; }\n' % (
                fn, name, params, elem, name, ''.join('[i%d]' % d for d in range(dims)))
            call = 'mm_put_%s(%s, %s);' % (name, ', '.join(subs), join(toks[op + 1:end]).strip())
        else:
            qual = '__local ' if k.lang == 'opencl' else ''
            key = 'ptr ' + elem
            defs[key] = '%svoid mm_put_%s(%s%s *p, int i, %s v) { p[i] = v; }\n' % (
                fn, re.sub(r'\W', '_', elem), qual, elem, elem)
            call = 'mm_put_%s(%s, %s, %s);' % (re.sub(r'\W', '_', elem), name, subs[0], join(toks[op + 1:end]).strip())
        used.append((i, end, call))
    if not used:
        return None
    for i, end, call in reversed(used):
        toks[i:end + 1] = [['punct', call, False]]
    text = join(toks)
    # the helpers: after the declaration of a file-scope array, else after the #include lines
    for key, d in defs.items():
        if key.startswith('ptr '):
            toks = tokens(text)
            at = after_includes(toks)
            text = join(toks[:at]) + d + join(toks[at:])
        else:
            m = re.search(r'\b%s\s*(\[[^;]*\])\s*;' % re.escape(key), text)
            text = text[:m.end()] + '\n' + d + text[m.end():]
    return text


REWRITES = {
    'rename': rename,
    'lds-words': rename_lds_words,
    'comments': comments,
    'line-breaks': line_breaks,
    'joined-lines': joined_lines,
    'crlf': crlf,
    'cr-only': cr_only,
    'bom': bom,
    'splices': splices,
    'digraphs': digraphs,
    'dead-code': dead_code,
    'dead-code-pp': dead_code_pp,
    'namespace': namespace,
    'define': constants('define'),
    'constexpr': constants('constexpr'),
    'enum': constants('enum'),
    'static-const': constants('static_const'),
    'member-const': constants('member'),
    'namespace-const': constants('nsconst'),
    'operands': operands,
    'index-local': through('local'),
    'index-reference': through('reference'),
    'helper': helper,
}

COMBOS = [
    ('rename', 'comments', 'crlf'),
    ('define', 'operands', 'line-breaks'),
    ('static-const', 'dead-code', 'joined-lines'),
    ('index-local', 'helper', 'comments'),
    ('rename', 'operands', 'dead-code-pp'),
    ('constexpr', 'namespace', 'crlf'),
]

# The rewrites that fail on this base: rewrite -> (why, the kernels it
# fails on, '*' for every kernel it applies to).  A combination fails
# where one of its rewrites does.  Remove an entry when its fix lands
# (the cases then pass, and an unexpected pass fails this test).
KNOWN = {}


def known(names, kernel):
    """Why the rewrites names fail on kernel on this base, or None."""
    for name in names:
        why, kernels = KNOWN.get(name, (None, ()))
        if why and (kernels == '*' or kernel in kernels):
            return why
    return None


# ---- running and comparing

SAME = ["kind", "width", "status", "space", "instructions", "ways", "cycles", "ideal", "excess", "broadcasts",
        "unaligned", "skipped", "counters", "transactions", "useful_bytes", "fetched_bytes", "lines"]
TOTALS = ["profile", "space", "instructions", "cycles", "ideal", "excess", "broadcasts", "skipped"]


def run(lds, kernel, text, workdir):
    path = os.path.join(workdir, 'mm-' + kernel.name)
    with open(path, 'w', newline='') as f:
        f.write(text)
    wrap = valgrind_wrap()
    p = subprocess.run(wrap + [lds, '--format', 'json'] + kernel.args + ['-f', path], capture_output=True,
                       cwd=workdir)
    try:
        doc = json.loads(p.stdout.decode('utf-8')) if p.stdout else None
    except ValueError:
        doc = None
    return p.returncode, doc, p.stderr.decode('utf-8', 'replace')


# the rewrites that leave every access on its line: their cases compare lines too
SAME_LINES = ('rename', 'lds-words', 'comments', 'crlf', 'cr-only', 'bom', 'digraphs')


def numbers(doc, lines):
    if doc is None:
        return None
    keys = SAME + (['line'] if lines else [])
    accesses = sorted(json.dumps([a.get(key) for key in keys], sort_keys=True) for a in doc['accesses'])
    totals = sorted(json.dumps([t.get(key) for key in TOTALS], sort_keys=True) for t in doc['totals'])
    return accesses, totals


def difference(want, got):
    if want[0] != got[0]:
        return 'exit status %s, not %s' % (got[0], want[0])
    if want[1] is None or got[1] is None:
        return 'no JSON report' if got[1] is None else ''
    (wa, wt), (ga, gt) = want[1], got[1]
    if len(wa) != len(ga):
        return '%d accesses, not %d' % (len(ga), len(wa))
    for x, y in zip(wa, ga):
        if x != y:
            return 'an access %s, not %s (%s)' % (y, x, ', '.join(SAME + ['line']))
    if wt != gt:
        return 'totals %s, not %s' % (gt, wt)
    return ''


def kernels(srcdir):
    found = []
    kdir = os.path.normpath(os.path.join(srcdir, 'tests', 'kernels'))
    for lds in sorted(glob.glob(os.path.join(kdir, '*.lds'))):
        text = open(lds).read()
        m = re.search(r'^#\s*kernel:\s*(\S+)\s*$', text, re.M)
        a = re.search(r'^#\s*args:(.*)$', text, re.M)
        path = os.path.normpath(os.path.join(kdir, m.group(1)))
        if os.path.dirname(path) == kdir:
            found.append(Kernel(path, shlex.split(a.group(1))))
    for path in sorted(glob.glob(os.path.join(srcdir, 'tests', 'metamorphic-kernels', '*'))):
        first = open(path).readline()
        m = re.match(r'//\s*lds-calc:(.*)$', first)
        found.append(Kernel(path, shlex.split(m.group(1)) if m else []))
    return found


def cases(ks):
    """(label, kernel, [rewrite names]) for each rewrite and combination."""
    for names in [(n,) for n in REWRITES] + COMBOS:
        for k in ks:
            yield '+'.join(names), k, names


def main():
    lds, srcdir = sys.argv[1], sys.argv[2]
    sample = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    workdir = tempfile.mkdtemp(prefix='metamorphic-')
    ks = kernels(srcdir)
    originals, applied, n, failed = {}, {}, 0, 0
    for count, (label, k, names) in enumerate(cases(ks)):
        text = k.text
        for name in names:
            text = REWRITES[name](k, text) if text is not None else None
        if text is None or text == k.text:
            continue
        applied[label] = applied.get(label, 0) + 1
        if count % sample:
            continue
        lines = all(name in SAME_LINES for name in names)
        if k.name not in originals:
            originals[k.name] = run(lds, k, k.text, workdir)[:2]
        st, doc, err = run(lds, k, text, workdir)
        want = originals[k.name]
        why = difference((want[0], numbers(want[1], lines)), (st, numbers(doc, lines)))
        todo = known(names, k.name)
        n += 1
        desc = '%s: %s' % (label, k.name)
        if todo:
            print('%s %d - %s # TODO %s' % ('not ok' if why else 'ok', n, desc, todo))
        elif why:
            failed += 1
            print('not ok %d - %s: %s' % (n, desc, why))
            for line in err.splitlines()[:6]:
                print('# ' + line)
            kept = os.path.join(workdir, 'failed-%s-%s' % (label, k.name))
            with open(kept, 'w', newline='') as f:
                f.write(text)
            print('# the rewritten kernel: %s (args: %s)' % (kept, ' '.join(k.args)))
        else:
            print('ok %d - %s' % (n, desc))
    for label in [n_ for n_ in REWRITES] + ['+'.join(c) for c in COMBOS]:
        n += 1
        if applied.get(label, 0) >= 2:
            print('ok %d - %s applies to %d kernels' % (n, label, applied[label]))
        else:
            failed += 1
            print('not ok %d - %s applies to %d kernels, not 2 or more' % (n, label, applied.get(label, 0)))
    print('1..%d' % n)
    if not failed:
        shutil.rmtree(workdir)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
