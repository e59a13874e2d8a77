/* base/limits.h - the language's limits (lds(5), ERRORS AND LIMITS), one
 * place for the parser, the resolver, the evaluator and the driver.  Each
 * is a clear error when crossed, never a crash, a hang or runaway memory. */
#ifndef LDS_LIMITS_H
#define LDS_LIMITS_H

/* Longest line of program text. */
#define LDS_MAX_LINE (1u << 20)
/* Longest file name a lowered program's '#line' mark may name. */
#define LDS_MAX_PATH 4096
/* Largest program file or standard input. */
#define LDS_MAX_FILE_BYTES ((size_t)64 << 20)
/* Deepest nesting of parentheses, unary operators and blocks. */
#define LDS_MAX_DEPTH 256
/* Tallest expression tree (a chain of operators counts one level each);
 * bounds every recursive walk of an expression. */
#define LDS_MAX_HEIGHT 1024
/* Dimensions of an array, and indices of an access. */
#define LDS_MAX_DIMS 32
/* Parameters of a def. */
#define LDS_MAX_PARAMS 64
/* Integers in a CuTe shape (and in its stride). */
#define LDS_CUTE_MAX_LEAVES (LDS_MAX_PARAMS * 4)
/* Loops written on one access (for v in .., w in ..). */
#define LDS_MAX_ACCESS_LOOPS 16
/* Names a for block shows its trips by (for k in 0..9 as s = 1 << k). */
#define LDS_MAX_SHOWN 16
/* Loop variables in scope at once: block loops and an access's own. */
#define LDS_MAX_LOOPS 48
/* The widest access a skipped record names (skipped read b65536 NAME:
 * a struct copied whole); a wider one's width is not written. */
#define LDS_MAX_SKIPPED_BITS 65536
/* Values in one print statement. */
#define LDS_MAX_PRINT_VALUES 64
/* Instructions a probe replays per access statement (--emit): each is a
 * table row of a wave's addresses in the probe's source. */
#define LDS_PROBE_MAX_INSTRUCTIONS 4096u
/* Widest integer, in bits, unless --max-bits says otherwise. */
#define LDS_DEFAULT_MAX_BITS 65536
/* The widest --max-bits allows. */
#define LDS_MAX_MAX_BITS (1u << 24)
/* Operations one evaluation of one expression may take (def calls nested
 * in def calls can multiply). */
#define LDS_MAX_EVAL_OPS 1000000
/* Deepest chain of def calls during evaluation. */
#define LDS_MAX_EVAL_DEPTH 4096
/* Nodes an access may have, its def calls expanded, for the shortcuts'
 * proofs to be tried (they walk the expansion, several times): beyond,
 * it is enumerated, and its evaluation's own limits speak. */
#define LDS_MAX_PROOF_NODES 65536
/* Instructions and loop trips simulated one by one per run, unless
 * --max-steps says otherwise; chosen so that a run stays within seconds. */
#define LDS_DEFAULT_MAX_STEPS 10000000
/* Expression operations per run, unless --max-ops says otherwise: every
 * node the tree walker evaluates for a lane counts 1 (about 13 ns), and
 * an operation of a compiled lane-vector program, which does the same
 * work some 20 times faster, counts 1/LDS_COMPILED_OPS_PER_OP; so the
 * default stops a run after a few seconds of evaluation either way. */
#define LDS_DEFAULT_MAX_OPS 400000000
#define LDS_COMPILED_OPS_PER_OP 16
/* The same program in 128-bit integers (src/lanes_wide.c) runs lane by
 * lane, some 3.5 times faster than the tree walker on the bench's bigint
 * row (0.15 s against 0.53 s of CPU): an operation counts 1/4. */
#define LDS_WIDE_OPS_PER_OP 4
/* Threads a long enumeration may be split across, and the instructions
 * below which it is not (the workers' set-up would cost more). */
#define LDS_MAX_JOBS 8
#define LDS_THREADS_FROM 4096
/* Threads in a workgroup, workgroups in a dispatch. */
#define LDS_MAX_THREADS ((int64_t)1 << 31)
#define LDS_MAX_GROUPS ((int64_t)1 << 62)
/* Elements of one array, and bytes of any array's offset. */
#define LDS_MAX_ELEMS ((int64_t)1 << 40)
#define LDS_MAX_OFFSET ((int64_t)1 << 50)
/* The global address space a global access may reach: 2^50 bytes, a
 * thousand TiB, more than any GPU maps. */
#define LDS_GLOBAL_BYTES ((uint64_t)1 << 50)
/* B, M and S of a Swizzle<B,M,S> literal and of swizzle(): bits of an
 * offset, so beyond a few thousand they mean nothing. */
#define LDS_SWIZZLE_MAX_BITS 4096
/* Bytes of a record's source (the text of its statement): a longer
 * statement is cut there, with "..." after. */
#define LDS_MAX_SOURCE_TEXT 200
/* Runs one -D sweep (or cross product of sweeps) may ask for. */
#define LDS_MAX_SWEEP_RUNS 1000000

#endif
