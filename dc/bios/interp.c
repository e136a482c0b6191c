/*
 * The AtomBIOS command table interpreter. The language (opcode numbers,
 * operand kinds and alignments, the workspace registers, the indirect IO
 * programs) is the public one of atom.h/atom.c; this is our own
 * implementation of it, run against struct dc_hw only.
 *
 * Unlike a kernel driver it never reads outside the image, the parameter
 * space, the workspace or the scratch, never runs an opcode it does not
 * know, and stops a table past a time or step bound: each of these ends
 * the run with an error naming the table and the offset (docs/bios.md).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bios_priv.h"
#include "dc_hw.h"

#define PS_DWORDS      512u
#define MAX_DEPTH      32
#define TIME_LIMIT_NS  5000000000ull
#define STEP_LIMIT     1000000ull
#define IIO_STEP_LIMIT 4096u
#define CASE_MAGIC     0x63u
#define CASE_END       0x5a5au

enum arg {
	ARG_REG,
	ARG_PS,
	ARG_WS,
	ARG_FB,
	ARG_ID,
	ARG_IMM,
	ARG_PLL,
	ARG_MC
};
enum align {
	AL_DWORD,
	AL_WORD0,
	AL_WORD8,
	AL_WORD16,
	AL_BYTE0,
	AL_BYTE8,
	AL_BYTE16,
	AL_BYTE24
};
enum io_mode {
	IO_MM = 0,
	IO_PCI = 1,
	IO_SYSIO = 2,
	IO_IIO = 0x80
};

/* Workspace indices with a meaning of their own. */
enum {
	WS_QUOTIENT = 0x40,
	WS_REMAINDER,
	WS_DATAPTR,
	WS_SHIFT,
	WS_OR_MASK,
	WS_AND_MASK,
	WS_FB_WINDOW,
	WS_ATTRIBUTES,
	WS_REGPTR,
};

static const uint32_t align_mask[8] = { 0xffffffffu, 0xffffu, 0xffff00u, 0xffff0000u,
					0xffu,	     0xff00u, 0xff0000u, 0xff000000u };
static const uint8_t align_shift[8] = { 0, 0, 8, 16, 0, 8, 16, 24 };

struct run {
	struct dc_bios *b;
	struct dc_hw *hw;
	struct dc_bios_run_limits lim;
	struct dc_bios_error *err;
	int ret;
	uint64_t t0, steps;
	uint32_t ps[PS_DWORDS];
	uint32_t data_block, reg_block, fb_base, io_attr, shift;
	uint32_t divmul[2];
	unsigned io_mode;
	bool cs_equal, cs_above;
	bool read_any;	    /* some register was read ... */
	uint32_t last_read; /* ... and this was the last: what a loop past a bound polls */
};

struct frame {
	struct run *r;
	unsigned table;
	size_t start, end; /* the table's bytes in the image */
	size_t op;	   /* the opcode being run, for messages */
	unsigned ps_base;  /* this table's first parameter dword in r->ps */
	unsigned ps_size;  /* its own parameter bytes: the callee's shift */
	unsigned ws_count;
	int depth; /* CALL_TABLE nesting */
	uint32_t ws[256];
};

__attribute__((format(printf, 3, 4))) static void stop(struct frame *f, int ret, const char *fmt,
						       ...)
{
	struct run *r = f->r;
	char what[160];
	va_list ap;

	if (r->ret)
		return;
	r->ret = ret;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	bios_fail(r->err, ret, "command table %s (%u) stopped at 0x%04zx (+0x%zx): %s",
		  dc_bios_cmd_name(f->table), f->table, f->op, f->op - f->start, what);
}

static uint32_t code(struct frame *f, size_t *p, unsigned bytes)
{
	const uint8_t *c;
	uint32_t v = 0;

	if (*p < f->start || *p + bytes > f->end) {
		stop(f, -EINVAL, "operand at 0x%04zx lies outside the table (0x%04zx..0x%04zx)", *p,
		     f->start, f->end);
		return 0;
	}
	/*
	 * bytes is 1, 2 or 4. A switch rather than a loop: every opcode fetches
	 * several operands, and under the fuzzer each round of a loop was a
	 * traced compare (a sixth of a fuzz-bios input, for no hint at all).
	 */
	c = f->r->b->rom + *p;
	switch (bytes) {
	case 4:
		v = (uint32_t)c[3] << 24 | (uint32_t)c[2] << 16 | (uint32_t)c[1] << 8 | c[0];
		break;
	case 2:
		v = (uint32_t)c[1] << 8 | c[0];
		break;
	default:
		v = c[0];
	}
	*p += bytes;
	return v;
}

static unsigned imm_bytes(unsigned align)
{
	return align == AL_DWORD ? 4 : align <= AL_WORD16 ? 2 : 1;
}

/* The destination alignment: a source alignment and bits 7:6 of attr. */
static unsigned dst_align(uint8_t attr)
{
	unsigned src = (attr >> 3) & 7, sel = (attr >> 6) & 3;

	if (src == AL_DWORD)
		return AL_DWORD;
	if (src <= AL_WORD16)
		return sel == 3 ? AL_DWORD : AL_WORD0 + sel;
	return AL_BYTE0 + sel;
}

static uint32_t low_bits(unsigned n)
{
	return n >= 32 ? 0xffffffffu : (1u << n) - 1u;
}

static uint32_t shl32(uint32_t v, unsigned n)
{
	return n >= 32 ? 0 : v << n;
}

static uint32_t shr32(uint32_t v, unsigned n)
{
	return n >= 32 ? 0 : v >> n;
}

/* An indirect IO program (IndirectIOAccess) for one register access. */
static uint32_t iio_run(struct frame *f, unsigned port, uint32_t index, uint32_t data)
{
	struct run *r = f->r;
	size_t p = r->b->iio[port & 0x7f];
	uint32_t temp = 0xcdcdcdcdu;

	if (!p) {
		stop(f, -EINVAL, "indirect IO port %u has no program in IndirectIOAccess", port);
		return 0;
	}
	for (unsigned n = 0; n < IIO_STEP_LIMIT && !r->ret; n++) {
		uint8_t op = bios_u8(r->b, p), a = bios_u8(r->b, p + 1), s = bios_u8(r->b, p + 2),
			d = bios_u8(r->b, p + 3);
		uint32_t field;

		if (!bios_has(r->b, p, 4) && op != 9) {
			stop(f, -EINVAL,
			     "indirect IO program of port %u runs past the image at 0x%04zx", port,
			     p);
			return 0;
		}
		switch (op) {
		case 0:
			p += 1;
			break;
		case 2:
			temp = dc_hw_read(r->hw, bios_u16(r->b, p + 1));
			p += 3;
			break;
		case 3:
			dc_hw_write(r->hw, bios_u16(r->b, p + 1), temp);
			p += 3;
			break;
		case 4:
			temp &= ~shl32(low_bits(a), s);
			p += 3;
			break;
		case 5:
			temp |= shl32(low_bits(a), s);
			p += 3;
			break;
		case 6:
		case 7:
		case 8:
			field = op == 6 ? index : op == 7 ? r->io_attr : data;
			temp &= ~shl32(low_bits(a), d);
			temp |= shl32(shr32(field, s) & low_bits(a), d);
			p += 4;
			break;
		case 9:
			return temp;
		default:
			stop(f, -EINVAL, "indirect IO program of port %u has opcode %u at 0x%04zx",
			     port, op, p);
			return 0;
		}
	}
	stop(f, -EINVAL, "indirect IO program of port %u does not end", port);
	return 0;
}

static bool io_direct(struct frame *f)
{
	unsigned m = f->r->io_mode;

	if (m == IO_MM || (m & IO_IIO))
		return true;
	stop(f, -EINVAL, "register access in IO mode %s, which struct dc_hw does not reach",
	     m == IO_PCI     ? "PCI config"
	     : m == IO_SYSIO ? "system IO"
			     : "unknown");
	return false;
}

static uint32_t reg_read(struct frame *f, uint32_t reg)
{
	struct run *r = f->r;

	if (!io_direct(f))
		return 0;
	if (r->io_mode & IO_IIO)
		return iio_run(f, r->io_mode & 0x7f, reg, 0);
	r->read_any = true;
	r->last_read = reg;
	return dc_hw_read(r->hw, reg);
}

static void reg_write(struct frame *f, uint32_t reg, uint32_t v)
{
	struct run *r = f->r;

	if (!io_direct(f))
		return;
	if (r->io_mode & IO_IIO) {
		iio_run(f, r->io_mode & 0x7f, reg, v);
		return;
	}
	/* Register 0 is MM_INDEX: tables give it a dword index, it takes bytes. */
	dc_hw_write(r->hw, reg, reg == 0 ? v << 2 : v);
}

/* The PLL or MC space through its index/data register pair. */
static bool indirect_pair(struct frame *f, bool pll, uint32_t *index, uint32_t *data)
{
	const struct dc_bios_run_limits *l = &f->r->lim;

	*index = pll ? l->pll_index_reg : l->mc_index_reg;
	*data = pll ? l->pll_data_reg : l->mc_data_reg;
	if (*index && *data)
		return true;
	stop(f, -EINVAL, "the %s indirect space is not wired to registers", pll ? "PLL" : "MC");
	return false;
}

static uint32_t *ps_slot(struct frame *f, unsigned idx)
{
	unsigned d = f->ps_base + idx;

	if (d >= PS_DWORDS) {
		stop(f, -EINVAL,
		     "parameter dword %u (base %u) is past the %u-dword parameter space", idx,
		     f->ps_base, PS_DWORDS);
		return NULL;
	}
	return &f->r->ps[d];
}

static uint32_t *fb_slot(struct frame *f, unsigned idx)
{
	struct run *r = f->r;
	uint64_t d = r->fb_base / 4u + (uint64_t)idx;

	if (d >= r->b->scratch_dwords) {
		stop(f, -EINVAL, "FB scratch dword %u (window 0x%x) is past the %u-byte scratch",
		     idx, r->fb_base, r->b->scratch_dwords * 4u);
		return NULL;
	}
	return &r->b->scratch[d];
}

static uint32_t *ws_slot(struct frame *f, unsigned idx)
{
	if (idx >= f->ws_count) {
		stop(f, -EINVAL, "workspace dword %u is past the table's %u", idx, f->ws_count);
		return NULL;
	}
	return &f->ws[idx];
}

static uint32_t ws_read(struct frame *f, unsigned idx)
{
	struct run *r = f->r;
	uint32_t *s;

	switch (idx) {
	case WS_QUOTIENT:
		return r->divmul[0];
	case WS_REMAINDER:
		return r->divmul[1];
	case WS_DATAPTR:
		return r->data_block;
	case WS_SHIFT:
		return r->shift;
	case WS_OR_MASK:
		return shl32(1, r->shift);
	case WS_AND_MASK:
		return ~shl32(1, r->shift);
	case WS_FB_WINDOW:
		return r->fb_base;
	case WS_ATTRIBUTES:
		return r->io_attr;
	case WS_REGPTR:
		return r->reg_block;
	}
	s = ws_slot(f, idx);
	return s ? *s : 0;
}

static void ws_write(struct frame *f, unsigned idx, uint32_t v)
{
	struct run *r = f->r;
	uint32_t *s;

	switch (idx) {
	case WS_QUOTIENT:
		r->divmul[0] = v;
		return;
	case WS_REMAINDER:
		r->divmul[1] = v;
		return;
	case WS_DATAPTR:
		r->data_block = v;
		return;
	case WS_SHIFT:
		r->shift = v;
		return;
	case WS_OR_MASK:
	case WS_AND_MASK:
		return; /* derived from the shift, not stored */
	case WS_FB_WINDOW:
		r->fb_base = v;
		return;
	case WS_ATTRIBUTES:
		r->io_attr = v;
		return;
	case WS_REGPTR:
		r->reg_block = v;
		return;
	}
	s = ws_slot(f, idx);
	if (s)
		*s = v;
}

/* Reads an operand of kind arg; *whole gets the full dword before alignment. */
static uint32_t operand(struct frame *f, unsigned arg, unsigned align, size_t *p, uint32_t *whole)
{
	struct run *r = f->r;
	uint32_t v = 0, idx, ireg, dreg, *s;

	switch (arg) {
	case ARG_REG:
		v = reg_read(f, code(f, p, 2) + r->reg_block);
		break;
	case ARG_PS:
		s = ps_slot(f, code(f, p, 1));
		v = s ? *s : 0;
		break;
	case ARG_WS:
		v = ws_read(f, code(f, p, 1));
		break;
	case ARG_ID:
		idx = code(f, p, 2) + r->data_block;
		if (!bios_has(r->b, idx, 4)) {
			stop(f, -EINVAL, "data at 0x%x is past the %zu-byte image", idx,
			     r->b->size);
			return 0;
		}
		v = bios_u32(r->b, idx);
		break;
	case ARG_FB:
		s = fb_slot(f, code(f, p, 1));
		v = s ? *s : 0;
		break;
	case ARG_IMM:
		return code(f, p, imm_bytes(align));
	case ARG_PLL:
	case ARG_MC:
		idx = code(f, p, 1);
		if (!indirect_pair(f, arg == ARG_PLL, &ireg, &dreg))
			return 0;
		dc_hw_write(r->hw, ireg, idx);
		v = dc_hw_read(r->hw, dreg);
		break;
	}
	if (whole)
		*whole = v;
	return (v & align_mask[align]) >> align_shift[align];
}

static void skip_operand(struct frame *f, unsigned arg, unsigned align, size_t *p)
{
	switch (arg) {
	case ARG_REG:
	case ARG_ID:
		code(f, p, 2);
		break;
	case ARG_IMM:
		code(f, p, imm_bytes(align));
		break;
	default:
		code(f, p, 1);
	}
}

/* Writes v into the aligned part of an operand, keeping the rest of whole. */
static void put_operand(struct frame *f, unsigned arg, unsigned align, size_t *p, uint32_t v,
			uint32_t whole)
{
	struct run *r = f->r;
	uint32_t idx, ireg, dreg, *s;

	v = (shl32(v, align_shift[align]) & align_mask[align]) | (whole & ~align_mask[align]);
	switch (arg) {
	case ARG_REG:
		reg_write(f, code(f, p, 2) + r->reg_block, v);
		break;
	case ARG_PS:
		s = ps_slot(f, code(f, p, 1));
		if (s)
			*s = v;
		break;
	case ARG_WS:
		ws_write(f, code(f, p, 1), v);
		break;
	case ARG_FB:
		s = fb_slot(f, code(f, p, 1));
		if (s)
			*s = v;
		break;
	case ARG_PLL:
	case ARG_MC:
		idx = code(f, p, 1);
		if (!indirect_pair(f, arg == ARG_PLL, &ireg, &dreg))
			return;
		dc_hw_write(r->hw, ireg, idx);
		dc_hw_write(r->hw, dreg, v);
		break;
	default:
		stop(f, -EINVAL, "operand kind %u cannot be written", arg);
	}
}

/* The six destination kinds of an opcode group, in opcode order. */
static const uint8_t dst_kinds[6] = { ARG_REG, ARG_PS, ARG_WS, ARG_FB, ARG_PLL, ARG_MC };

enum op {
	OP_BAD,
	OP_MOVE,
	OP_AND,
	OP_OR,
	OP_SHIFT_LEFT,
	OP_SHIFT_RIGHT,
	OP_MUL,
	OP_DIV,
	OP_ADD,
	OP_SUB,
	OP_SETPORT,
	OP_SETREGBLOCK,
	OP_SETFBBASE,
	OP_COMPARE,
	OP_SWITCH,
	OP_JUMP,
	OP_TEST,
	OP_DELAY,
	OP_CALLTABLE,
	OP_UNDEFINED, /* REPEAT, SAVEREG, RESTOREREG: no operands are defined */
	OP_CLEAR,
	OP_NOP,
	OP_EOT,
	OP_MASK,
	OP_POSTCARD,
	OP_BEEP,
	OP_SETDATABLOCK,
	OP_XOR,
	OP_SHL,
	OP_SHR,
	OP_DEBUG,
	OP_PROCESSDS,
	OP_MUL32,
	OP_DIV32,
};

struct opinfo {
	uint8_t op;
	uint8_t arg; /* destination kind, jump condition, port kind or delay unit */
};

enum cond {
	C_ALWAYS,
	C_EQUAL,
	C_BELOW,
	C_ABOVE,
	C_BELOW_EQ,
	C_ABOVE_EQ,
	C_NOT_EQUAL
};

/* Opcode byte to operation, from the public opcode numbering. */
static struct opinfo decode(uint8_t byte)
{
	static const struct {
		uint8_t first, count, op;
	} groups[] = {
		{ 1, 6, OP_MOVE },	  { 7, 6, OP_AND },	     { 13, 6, OP_OR },
		{ 19, 6, OP_SHIFT_LEFT }, { 25, 6, OP_SHIFT_RIGHT }, { 31, 6, OP_MUL },
		{ 37, 6, OP_DIV },	  { 43, 6, OP_ADD },	     { 49, 6, OP_SUB },
		{ 55, 3, OP_SETPORT },	  { 58, 1, OP_SETREGBLOCK }, { 59, 1, OP_SETFBBASE },
		{ 60, 6, OP_COMPARE },	  { 66, 1, OP_SWITCH },	     { 67, 7, OP_JUMP },
		{ 74, 6, OP_TEST },	  { 80, 2, OP_DELAY },	     { 82, 1, OP_CALLTABLE },
		{ 83, 1, OP_UNDEFINED },  { 84, 6, OP_CLEAR },	     { 90, 1, OP_NOP },
		{ 91, 1, OP_EOT },	  { 92, 6, OP_MASK },	     { 98, 1, OP_POSTCARD },
		{ 99, 1, OP_BEEP },	  { 100, 2, OP_UNDEFINED },  { 102, 1, OP_SETDATABLOCK },
		{ 103, 6, OP_XOR },	  { 109, 6, OP_SHL },	     { 115, 6, OP_SHR },
		{ 121, 1, OP_DEBUG },	  { 122, 1, OP_PROCESSDS },  { 123, 2, OP_MUL32 },
		{ 125, 2, OP_DIV32 },
	};
	/* Jumps in opcode order: always, equal, below, above, <=, >=, not equal. */
	for (size_t i = 0; i < sizeof(groups) / sizeof(groups[0]); i++) {
		unsigned k = (unsigned)(byte - groups[i].first);

		if (byte < groups[i].first || k >= groups[i].count)
			continue;
		if (groups[i].count == 6)
			return (struct opinfo){ groups[i].op, dst_kinds[k] };
		if (groups[i].op == OP_MUL32 || groups[i].op == OP_DIV32)
			return (struct opinfo){ groups[i].op, k ? ARG_WS : ARG_PS };
		return (struct opinfo){ groups[i].op, (uint8_t)k };
	}
	return (struct opinfo){ OP_BAD, 0 };
}

static bool cond_holds(const struct run *r, unsigned c)
{
	switch (c) {
	case C_ALWAYS:
		return true;
	case C_EQUAL:
		return r->cs_equal;
	case C_BELOW:
		return !r->cs_above && !r->cs_equal;
	case C_ABOVE:
		return r->cs_above;
	case C_BELOW_EQ:
		return !r->cs_above;
	case C_ABOVE_EQ:
		return r->cs_above || r->cs_equal;
	default:
		return !r->cs_equal;
	}
}

/* ", last read register 0x1731": where a table that never finishes waits. */
static const char *polled(struct run *r)
{
	static __thread char s[48];

	if (!r->read_any)
		return "";
	snprintf(s, sizeof(s), ", last read register 0x%x", r->last_read);
	return s;
}

static bool past_bounds(struct frame *f)
{
	struct run *r = f->r;
	uint64_t ns = dc_hw_now_ns(r->hw) - r->t0;

	if (r->steps > r->lim.step_limit) {
		stop(f, -ETIMEDOUT, "ran %llu opcodes, past the bound of %llu%s",
		     (unsigned long long)r->steps, (unsigned long long)r->lim.step_limit,
		     polled(r));
		return true;
	}
	if (ns > r->lim.time_limit_ns) {
		stop(f, -ETIMEDOUT, "ran %llu ms, past the bound of %llu ms%s",
		     (unsigned long long)(ns / 1000000u),
		     (unsigned long long)(r->lim.time_limit_ns / 1000000u), polled(r));
		return true;
	}
	return false;
}

static void run_table(struct run *r, unsigned table, unsigned ps_base, int depth);

/* The read-modify-write arithmetic: dst = dst OP src. */
static uint32_t alu(unsigned op, uint32_t d, uint32_t s)
{
	switch (op) {
	case OP_AND:
		return d & s;
	case OP_OR:
		return d | s;
	case OP_ADD:
		return d + s;
	case OP_SUB:
		return d - s;
	default:
		return d ^ s;
	}
}

static void do_switch(struct frame *f, size_t *p)
{
	uint8_t attr = (uint8_t)code(f, p, 1);
	uint32_t v = operand(f, attr & 7, (attr >> 3) & 7, p, NULL);

	while (!f->r->ret) {
		size_t q = *p;

		if (code(f, &q, 2) == CASE_END) {
			*p = q;
			return;
		}
		if (code(f, p, 1) != CASE_MAGIC) {
			stop(f, -EINVAL, "SWITCH has no case marker at 0x%04zx", *p - 1);
			return;
		}
		uint32_t c = operand(f, ARG_IMM, (attr >> 3) & 7, p, NULL);
		uint32_t target = code(f, p, 2);

		if (c == v) {
			*p = f->start + target;
			return;
		}
	}
}

/* Runs one opcode at *p; returns false at EOT or after an error. */
static bool step(struct frame *f, size_t *p)
{
	struct run *r = f->r;
	uint8_t byte = (uint8_t)code(f, p, 1);
	struct opinfo oi = decode(byte);
	uint8_t attr = 0;
	uint32_t d, s, whole = 0, mask;
	uint64_t wide;
	size_t dp;
	unsigned al;

	if (r->ret)
		return false;
	r->steps++;
	switch (oi.op) {
	case OP_MOVE:
		attr = (uint8_t)code(f, p, 1);
		dp = *p;
		al = dst_align(attr);
		/* A dword move does not read its destination (no register read). */
		if (((attr >> 3) & 7) != AL_DWORD)
			operand(f, oi.arg, al, p, &whole);
		else
			skip_operand(f, oi.arg, al, p);
		s = operand(f, attr & 7, (attr >> 3) & 7, p, NULL);
		put_operand(f, oi.arg, al, &dp, s, whole);
		break;
	case OP_AND:
	case OP_OR:
	case OP_ADD:
	case OP_SUB:
	case OP_XOR:
		attr = (uint8_t)code(f, p, 1);
		dp = *p;
		al = dst_align(attr);
		d = operand(f, oi.arg, al, p, &whole);
		s = operand(f, attr & 7, (attr >> 3) & 7, p, NULL);
		put_operand(f, oi.arg, al, &dp, alu(oi.op, d, s), whole);
		break;
	case OP_MASK:
		attr = (uint8_t)code(f, p, 1);
		dp = *p;
		al = dst_align(attr);
		d = operand(f, oi.arg, al, p, &whole);
		mask = code(f, p, imm_bytes((attr >> 3) & 7));
		s = operand(f, attr & 7, (attr >> 3) & 7, p, NULL);
		put_operand(f, oi.arg, al, &dp, (d & mask) | s, whole);
		break;
	case OP_SHIFT_LEFT:
	case OP_SHIFT_RIGHT:
	case OP_CLEAR:
		/* These carry only an alignment; the destination uses it as is. */
		attr = (uint8_t)code(f, p, 1);
		dp = *p;
		al = (attr >> 3) & 7;
		d = operand(f, oi.arg, al, p, &whole);
		if (oi.op == OP_CLEAR)
			d = 0;
		else if (oi.op == OP_SHIFT_LEFT)
			d = shl32(d, code(f, p, 1));
		else
			d = shr32(d, code(f, p, 1));
		put_operand(f, oi.arg, al, &dp, d, whole);
		break;
	case OP_SHL:
	case OP_SHR:
		/* These shift the whole destination dword, then take the field. */
		attr = (uint8_t)code(f, p, 1);
		dp = *p;
		al = dst_align(attr);
		operand(f, oi.arg, al, p, &whole);
		s = operand(f, attr & 7, (attr >> 3) & 7, p, NULL) & 0xff;
		d = oi.op == OP_SHL ? shl32(whole, s) : shr32(whole, s);
		put_operand(f, oi.arg, al, &dp, (d & align_mask[al]) >> align_shift[al], whole);
		break;
	case OP_MUL:
	case OP_DIV:
	case OP_MUL32:
	case OP_DIV32:
	case OP_COMPARE:
	case OP_TEST:
		attr = (uint8_t)code(f, p, 1);
		d = operand(f, oi.arg, dst_align(attr), p, NULL);
		s = operand(f, attr & 7, (attr >> 3) & 7, p, NULL);
		if (oi.op == OP_MUL) {
			r->divmul[0] = d * s;
		} else if (oi.op == OP_MUL32) {
			wide = (uint64_t)d * s;
			r->divmul[0] = (uint32_t)wide;
			r->divmul[1] = (uint32_t)(wide >> 32);
		} else if (oi.op == OP_DIV) {
			r->divmul[0] = s ? d / s : 0;
			r->divmul[1] = s ? d % s : 0;
		} else if (oi.op == OP_DIV32) {
			/* The dividend's high dword is the remainder register. */
			wide = (uint64_t)r->divmul[1] << 32 | d;
			wide = s ? wide / s : 0;
			r->divmul[0] = (uint32_t)wide;
			r->divmul[1] = (uint32_t)(wide >> 32);
		} else if (oi.op == OP_COMPARE) {
			r->cs_equal = d == s;
			r->cs_above = d > s;
		} else {
			r->cs_equal = (d & s) == 0;
		}
		break;
	case OP_SETPORT:
		if (oi.arg == 0) {
			d = code(f, p, 2);
			r->io_mode = d ? IO_IIO | (d & 0x7f) : IO_MM;
		} else {
			code(f, p, 1);
			r->io_mode = oi.arg == 1 ? IO_PCI : IO_SYSIO;
		}
		break;
	case OP_SETREGBLOCK:
		r->reg_block = code(f, p, 2);
		break;
	case OP_SETFBBASE:
		attr = (uint8_t)code(f, p, 1);
		r->fb_base = operand(f, attr & 7, (attr >> 3) & 7, p, NULL);
		break;
	case OP_SWITCH:
		do_switch(f, p);
		break;
	case OP_JUMP:
		d = code(f, p, 2);
		if (cond_holds(r, oi.arg)) {
			*p = f->start + d;
			past_bounds(f);
		}
		break;
	case OP_DELAY:
		d = code(f, p, 1);
		dc_hw_delay_ns(r->hw, (uint64_t)d * (oi.arg == 0 ? 1000000u : 1000u));
		past_bounds(f);
		break;
	case OP_CALLTABLE:
		d = code(f, p, 1);
		if (d >= DC_BIOS_CMD_COUNT) {
			stop(f, -EINVAL, "CALL_TABLE of table %u, past the %u of the master list",
			     d, DC_BIOS_CMD_COUNT);
			break;
		}
		/* The callee's parameters follow the caller's own. */
		if (!r->ret && r->b->cmd[d].offset)
			run_table(r, d, f->ps_base + f->ps_size / 4u, f->depth + 1);
		break;
	case OP_SETDATABLOCK:
		d = code(f, p, 1);
		if (d == 0)
			r->data_block = 0;
		else if (d == 255)
			r->data_block = (uint32_t)f->start;
		else if (d < DC_BIOS_DATA_COUNT)
			r->data_block = r->b->data[d].offset;
		else
			stop(f, -EINVAL, "SET_DATA_BLOCK %u is past the %u data tables", d,
			     DC_BIOS_DATA_COUNT);
		break;
	case OP_POSTCARD:
	case OP_DEBUG:
		code(f, p, 1);
		break;
	case OP_PROCESSDS:
		d = code(f, p, 2);
		*p += d;
		break;
	case OP_NOP:
	case OP_BEEP:
		break;
	case OP_EOT:
		return false;
	case OP_UNDEFINED:
		stop(f, -EINVAL, "opcode %u has no defined operands", byte);
		return false;
	default:
		stop(f, -EINVAL, "opcode %u is not an ATOM opcode", byte);
		return false;
	}
	if ((r->steps & 255) == 0)
		past_bounds(f);
	return !r->ret;
}

static void run_table(struct run *r, unsigned table, unsigned ps_base, int depth)
{
	const struct dc_bios_table *t = &r->b->cmd[table];
	struct frame f = {
		.r = r, .table = table, .start = t->offset, .end = (size_t)t->offset + t->size
	};
	size_t p = t->offset + 6u;

	f.op = f.start;
	f.depth = depth;
	if (depth >= MAX_DEPTH) {
		stop(&f, -EINVAL, "CALL_TABLE nesting deeper than %d", MAX_DEPTH);
		return;
	}
	f.ws_count = bios_u8(r->b, t->offset + 4u);
	f.ps_size = bios_u8(r->b, t->offset + 5u) & 0x7f;
	f.ps_base = ps_base;
	do
		f.op = p;
	while (step(&f, &p));
}

int dc_bios_run(struct dc_bios *bios, struct dc_hw *hw, unsigned index, uint32_t *params,
		unsigned count, const struct dc_bios_run_limits *limits, struct dc_bios_error *err)
{
	static struct run zero;
	struct run *r;
	int ret;

	if (index >= DC_BIOS_CMD_COUNT || !bios->cmd[index].offset)
		return bios_fail(err, -ENOENT, "the image has no command table %u (%s)", index,
				 index < DC_BIOS_CMD_COUNT ? dc_bios_cmd_name(index)
							   : "past the master list");
	if (count > PS_DWORDS)
		return bios_fail(err, -EINVAL,
				 "%u parameter dwords, more than the %u of the parameter space",
				 count, PS_DWORDS);
	r = malloc(sizeof(*r));
	if (!r)
		return -ENOMEM;
	*r = zero;
	r->b = bios;
	r->hw = hw;
	if (limits)
		r->lim = *limits;
	if (!r->lim.time_limit_ns)
		r->lim.time_limit_ns = TIME_LIMIT_NS;
	if (!r->lim.step_limit)
		r->lim.step_limit = STEP_LIMIT;
	r->err = err;
	r->t0 = dc_hw_now_ns(hw);
	/* A table without parameters may be run with params NULL. */
	if (count)
		memcpy(r->ps, params, count * sizeof(uint32_t));
	run_table(r, index, 0, 0);
	if (count)
		memcpy(params, r->ps, count * sizeof(uint32_t));
	ret = r->ret;
	free(r);
	return ret;
}
