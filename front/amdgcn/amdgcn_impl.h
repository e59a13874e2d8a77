/* front/amdgcn/amdgcn_impl.h - what the phases of the AMDGPU assembly
 * reader share; only files of front/amdgcn/ include it (tests/layering.py
 * checks).  Sections by owner, in the order the phases run:
 *
 *   parse.c   the text: labels, instructions and their operands, .loc
 *             and .file, functions (.type NAME,@function)
 *   meta.c    each kernel's descriptor (.amdhsa_kernel) and metadata
 *             (.amdgpu_metadata: arguments by name and offset, workgroup)
 *   eval.c    an instruction's effect on the registers (VALU, SALU,
 *             lane masks, kernel arguments loaded)
 *   access.c  memory instructions as accesses and skipped records
 *   lower.c   the driver: a kernel's inputs, its steps, the '#line' mark
 *
 * Values, conditions, control flow, loops and the lds text they make are
 * front/common's (sym.h, flow.h). */
#ifndef LDS_AMDGCN_IMPL_H
#define LDS_AMDGCN_IMPL_H

#include "front/amdgcn/amdgcn.h"
#include "front/common/flow.h"

/* ------------------------------------------------------------ parse.c */

/* The registers as the walk numbers them: s0..s127, v0..v255, a0..a255,
 * then the named ones. */
enum {
    AG_S0 = 0, AG_NS = 128, AG_V0 = AG_S0 + AG_NS, AG_NV = 256, AG_A0 = AG_V0 + AG_NV, AG_NA = 256,
    AG_VCC = AG_A0 + AG_NA,       /* vcc_lo, then vcc_hi */
    AG_EXEC = AG_VCC + 2,         /* exec_lo, then exec_hi */
    AG_SCC = AG_EXEC + 2,
    AG_M0 = AG_SCC + 1,
    /* On wave32 a lane mask is one register: each SGPR, vcc_lo and exec_lo
     * has a flag register beside it that holds the mask marker while it
     * holds a mask (as a wave64 mask's high register does). */
    AG_FLAGS = AG_M0 + 1,
    AG_NREGS = AG_FLAGS + AG_NS + 2
};

/* The flag register of reg (an SGPR, vcc_lo, exec_lo), or -1. */
static inline int ag_flag_of(int reg)
{
    return reg >= AG_S0 && reg < AG_S0 + AG_NS ? AG_FLAGS + reg - AG_S0
           : reg == AG_VCC                     ? AG_FLAGS + AG_NS
           : reg == AG_EXEC                    ? AG_FLAGS + AG_NS + 1
                                               : -1;
}

typedef enum { AO_REG, AO_IMM, AO_FIMM, AO_SYM, AO_OFF, AO_OTHER } ag_opkind;

typedef struct {
    ag_opkind kind;
    int reg;                      /* AO_REG: its first register (AG_*) */
    unsigned count;               /* AO_REG: registers (v[4:5] is 2) */
    int64_t imm;                  /* AO_IMM */
    const char *text;             /* as written */
    bool neg, abs;                /* -x, |x| or abs(x): a float modifier */
    bool sext;                    /* sext(x): an SDWA source sign-extended */
} ag_operand;

typedef struct {
    const char *name;             /* offset (of offset:16), glc, lds */
    const char *value;            /* 16, or NULL */
} ag_mod;

typedef struct {
    unsigned line, col;           /* in the text */
    int place;                    /* the .loc in force (an index of places), or -1 */
    const char *label;            /* a label (then opcode is NULL) */
    const char *opcode;           /* as written: v_add_co_u32_e32 */
    const char *op;               /* without its encoding suffix (_e32 _e64 _sdwa _dpp): v_add_co_u32 */
    bool sdwa, dpp;               /* its encoding: sub-dword selects; a cross-lane move of a source */
    ag_operand *ops;
    unsigned nops;
    ag_mod *mods;
    unsigned nmods;
} ag_ins;

typedef struct {
    unsigned file, line, col;
} ag_place;

typedef struct {
    unsigned id;
    const char *name;
    const char *dir;              /* the directory the compiler ran in (.file N "DIR" "NAME"), or NULL */
    const lds_source *src;        /* the file (front/lowered.h: lds_source_file_find; its text
                                     empty where not found), or NULL: no sources kept */
} ag_srcfile;

/* A kernel argument, as the metadata lists it. */
typedef struct {
    const char *name;             /* .name, or NULL */
    const char *kind;             /* .value_kind: by_value, global_buffer, hidden_... */
    int64_t offset, size;
} ag_arg;

typedef struct ag_func {
    const char *name;
    unsigned line, col;
    bool typed;                   /* .type NAME,@function named it */
    ag_ins *ins;
    unsigned nins;
    size_t cap;
    /* its descriptor (.amdhsa_kernel) */
    bool kernel;
    long user_sgprs;              /* .amdhsa_user_sgpr_count (-1: not given) */
    long kernarg_at;              /* the kernarg pointer's first SGPR (-1: none) */
    bool group_id[3];             /* .amdhsa_system_sgpr_workgroup_id_X */
    long workitem_ids;            /* .amdhsa_system_vgpr_workitem_id (0: x only; 1: x, y; 2: x, y, z) */
    long group_segment;           /* static LDS bytes (-1: not given) */
    /* its metadata */
    const char *source_name;      /* .name (the source's, where the symbol is mangled), or NULL */
    ag_arg *args;
    unsigned nargs;
    long reqd[3];                 /* .reqd_workgroup_size (0: not given) */
    long max_flat;                /* .max_flat_workgroup_size (0) */
    unsigned wave;                /* .wavefront_size (0) */
    struct ag_func *next;
} ag_func;

typedef struct {
    const lds_source *src;
    const char *target;           /* gfx90a (of .amdgcn_target or amdhsa.target), or NULL */
    unsigned target_line;
    ag_srcfile *files;
    unsigned nfiles;
    ag_place *places;
    unsigned nplaces;
    ag_func *funcs;
    ag_func *last;                /* the list's end */
    ag_func **slots;              /* the functions by name: an open-addressed table */
    size_t nslots, nfuncs;
} ag_module;

/* Read src into m (allocated in a).  -1 with diag set at the first line
 * that is no AMDGPU assembly (an instruction is read leniently: one
 * lds-calc does not know is one it does not follow). */
int ag_parse(const lds_source *src, lds_arena *a, ag_module *m, lds_diag *diag);
void ag_module_free(ag_module *m);
const ag_srcfile *ag_file_of(const ag_module *m, unsigned id);
/* The modifier of that name, or NULL; its value as an integer (0 when absent). */
const ag_mod *ag_mod_of(const ag_ins *in, const char *name);
int64_t ag_mod_int(const ag_ins *in, const char *name);
/* An integer as the assembler writes one (decimal, 0x, -): false if it is none. */
bool ag_int(const char *s, int64_t *out);
bool ag_starts(const char *s, const char *prefix);

/* meta.c: the descriptor's lines; the metadata block's lines */
void ag_meta_descriptor(ag_module *m, lds_arena *a, const char *symbol, char **lines, unsigned n);
void ag_meta_block(ag_module *m, lds_arena *a, char **lines, unsigned n);
/* The function of that symbol (NULL: none; make: one made for it). */
ag_func *ag_func_of(ag_module *m, lds_arena *a, const char *symbol, bool make);

/* ------------------------------------------------------------ the walk */

typedef struct ag_walk {
    fw_walk fw;                   /* first: the walk's common state (front/common/flow.h) */
    const ag_module *m;
    const ag_func *f;
    const amdgcn_lower_options *o;
    unsigned wave;                /* lanes of a wave (64 or 32) */
    pv *lane;                     /* the thread's lane in its wave */
    pv *mask_hi;                  /* the high register of a lane mask (never a number) */
    pv *kernarg, *kernarg_hi;     /* the kernel argument segment's address, its high register */
    pcond cond;                   /* where the instruction being run runs (the walk's condition) */
    struct {                      /* the last carries out of a low half's sum (v_add_co_u32, s_add_u32) */
        pv *carry, *a, *b, *sum;
        int reg;                  /* the register the sum went to */
    } carries[8];
    unsigned ncarries;
    unsigned nregions;            /* global allocations (pointer arguments) numbered so far */
    pv **argv;                    /* each kernel argument's value, once read (NULL: not yet) */
} ag_walk;

static inline ag_walk *ag_of(fw_walk *fw) { return (ag_walk *)fw; }
static inline int ag_at(const ag_walk *w, const ag_ins *in) { return (int)(in - w->f->ins); }

/* eval.c */
/* Every register the instruction may write (set[r] = true). */
void ag_dests(const ag_ins *in, bool *set);
/* Its effect on env under cond (accesses handed to access.c). */
void ag_exec(ag_walk *w, const ag_ins *in, pv **env, pcond cond);
/* A register's value (data saying so where nothing set it). */
pv *ag_get(ag_walk *w, const ag_ins *in, pv **env, int reg);
/* An operand as an unsigned 32-bit value; as held (its low 32 bits its
 * bits, immediates sign-extended): for sums, products, left shifts. */
pv *ag_u32(ag_walk *w, const ag_ins *in, pv **env, const ag_operand *o);
pv *ag_s32(ag_walk *w, const ag_ins *in, pv **env, const ag_operand *o);
/* The lane's bit of a lane-mask operand (1 or 0 as a value), or NULL
 * when it holds no lane mask lds-calc follows. */
pv *ag_mask_bit(ag_walk *w, const ag_ins *in, pv **env, const ag_operand *o);
/* The lane's bit of exec. */
pv *ag_exec_bit(ag_walk *w, const ag_ins *in, pv **env);
/* A 64-bit value held in a pair (lo exact, hi its high half): the value
 * whose low 32 bits are lo's and high ones hi's. */
pv *ag_pair(ag_walk *w, pv *lo, pv *hi);
/* Every register of operand o becomes data: why. */
void ag_set_data(ag_walk *w, const ag_ins *in, pv **env, int reg, unsigned count, const char *why);
const char *ag_reg_text(const ag_walk *w, int reg);

/* access.c: a memory instruction's items (false: in is none) */
bool ag_access(ag_walk *w, const ag_ins *in, pv **env, pcond cond);

/* lower.c */
void ag_mark(fw_walk *fw, unsigned at, lds_buf *out, unsigned indent);

#endif
