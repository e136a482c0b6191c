/*
 * The ATOM interpreter opcode by opcode, on command tables these tests
 * write themselves (bios_rom.h), asserting what lands in registers, the
 * parameter space and the scratch.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bios_rom.h"
#include "dc_bios.h"

/* Opcode numbers (public ATOM numbering): first of each six-kind group. */
enum {
	MOVE = 1, /* + 0 REG, 1 PS, 2 WS, 3 FB, 4 PLL, 5 MC */
	AND = 7,
	OR = 13,
	SHIFT_LEFT = 19,
	SHIFT_RIGHT = 25,
	MUL = 31,
	DIV = 37,
	ADD = 43,
	SUB = 49,
	SETPORT_ATI = 55,
	SETPORT_PCI = 56,
	SETREGBLOCK = 58,
	SETFBBASE = 59,
	COMPARE = 60,
	SWITCH = 66,
	JUMP = 67, /* always, equal, below, above, <=, >=, not equal */
	TEST = 74,
	DELAY_MS = 80,
	DELAY_US = 81,
	CALL_TABLE = 82,
	REPEAT = 83,
	CLEAR = 84,
	NOP = 90,
	EOT = 91,
	MASK = 92,
	POSTCARD = 98,
	BEEP = 99,
	SETDATABLOCK = 102,
	XOR = 103,
	SHL = 109,
	SHR = 115,
	DEBUG = 121,
	PROCESSDS = 122,
	MUL32_PS = 123,
	DIV32_PS = 125,
};
enum {
	K_REG,
	K_PS,
	K_WS,
	K_FB,
	K_ID,
	K_IMM,
	K_PLL,
	K_MC
};
enum {
	A_DW,
	A_W0,
	A_W8,
	A_W16,
	A_B0,
	A_B8,
	A_B16,
	A_B24
};
#define ATTR(kind, align, dsel) ((uint8_t)((kind) | (align) << 3 | (dsel) << 6))
#define TABLE			DC_BIOS_CMD_SET_PIXEL_CLOCK
#define WS_QUOT			0x40
#define WS_REM			0x41

static struct rec_hw hw;
static struct dc_bios_error err;

/* OP attr REG src-byte (a PS, WS or FB source). */
static void op_r8(struct atom_table *a, uint8_t op, uint8_t attr, uint16_t reg, uint8_t src)
{
	atom_table_u8(a, op);
	atom_table_u8(a, attr);
	atom_table_u16(a, reg);
	atom_table_u8(a, src);
}

/* OP attr dst-byte src-byte (PS/WS/FB destination and source). */
static void op_88(struct atom_table *a, uint8_t op, uint8_t attr, uint8_t dst, uint8_t src)
{
	atom_table_u8(a, op);
	atom_table_u8(a, attr);
	atom_table_u8(a, dst);
	atom_table_u8(a, src);
}

/* OP dst-byte <- a dword immediate. */
static void op_8imm(struct atom_table *a, uint8_t op, uint8_t dst, uint32_t imm)
{
	atom_table_u8(a, op);
	atom_table_u8(a, ATTR(K_IMM, A_DW, 0));
	atom_table_u8(a, dst);
	atom_table_u32(a, imm);
}

static struct dc_bios *load(struct rom *r)
{
	struct dc_bios *b;

	rom_finish(r);
	assert_int_equal(dc_bios_load(r->b, ROM_SIZE, &b, &err), 0);
	return b;
}

/* Runs table a as SetPixelClock in an image with optional extra tables. */
static int run_with(struct rom *r, struct atom_table *a, uint32_t *ps, unsigned n,
		    const struct dc_bios_run_limits *lim)
{
	struct dc_bios *b;
	int ret;

	atom_table_end(a);
	rom_add_cmd(r, TABLE, a);
	b = load(r);
	memset(&err, 0, sizeof(err));
	ret = dc_bios_run(b, &hw.base, TABLE, ps, n, lim, &err);
	dc_bios_destroy(b);
	return ret;
}

static int run(struct atom_table *a, uint32_t *ps, unsigned n)
{
	struct rom r;

	rom_init(&r);
	return run_with(&r, a, ps, n, NULL);
}

static int setup(void **state)
{
	(void)state;
	rec_init(&hw);
	return 0;
}

/* MOVE REG <- IMM dword, and the immediate widths. */
static void test_move_imm(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, MOVE);
	atom_table_u8(&a, ATTR(K_IMM, A_DW, 0));
	atom_table_u16(&a, 0x100);
	atom_table_u32(&a, 0xdeadbeef);
	atom_table_u8(&a, MOVE);
	atom_table_u8(&a, ATTR(K_IMM, A_W0, 0));
	atom_table_u16(&a, 0x101);
	atom_table_u16(&a, 0x1234);
	atom_table_u8(&a, EOT);
	hw.regs[0x101] = 0xaaaa5555;
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.regs[0x100], 0xdeadbeef);
	/* A word move keeps the other half of the register. */
	assert_int_equal(hw.regs[0x101], 0xaaaa1234);
	/* A dword move does not read its destination; a word move does. */
	assert_int_equal(hw.reads[0x100], 0);
	assert_int_equal(hw.reads[0x101], 1);
}

/* A byte source placed into byte 2 of the destination (dst select 2). */
static void test_move_aligned(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, MOVE);
	atom_table_u8(&a, ATTR(K_REG, A_B8, 2));
	atom_table_u16(&a, 0x200); /* destination */
	atom_table_u16(&a, 0x201); /* source: its byte 1 */
	atom_table_u8(&a, EOT);
	hw.regs[0x200] = 0x11223344;
	hw.regs[0x201] = 0x0000ab00;
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.regs[0x200], 0x11ab3344);
}

static void emit_rmw(struct atom_table *a, uint8_t op, uint16_t reg, uint32_t imm)
{
	atom_table_u8(a, op);
	atom_table_u8(a, ATTR(K_IMM, A_DW, 0));
	atom_table_u16(a, reg);
	atom_table_u32(a, imm);
}

static void test_alu(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	emit_rmw(&a, AND, 0x10, 0x0ff0);
	emit_rmw(&a, OR, 0x11, 0x0f00);
	emit_rmw(&a, XOR, 0x12, 0xffff);
	emit_rmw(&a, ADD, 0x13, 5);
	emit_rmw(&a, SUB, 0x14, 5);
	atom_table_u8(&a, EOT);
	hw.regs[0x10] = 0x1234;
	hw.regs[0x11] = 0x00f0;
	hw.regs[0x12] = 0x00ff;
	hw.regs[0x13] = 0xfffffffe;
	hw.regs[0x14] = 3;
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.regs[0x10], 0x0230);
	assert_int_equal(hw.regs[0x11], 0x0ff0);
	assert_int_equal(hw.regs[0x12], 0xff00);
	assert_int_equal(hw.regs[0x13], 3);	     /* wraps */
	assert_int_equal(hw.regs[0x14], 0xfffffffe); /* wraps */
}

/* MASK keeps the masked bits and ORs the source; CLEAR zeroes one field. */
static void test_mask_clear(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, MASK);
	atom_table_u8(&a, ATTR(K_IMM, A_DW, 0));
	atom_table_u16(&a, 0x20);
	atom_table_u32(&a, 0xffff00ff); /* mask */
	atom_table_u32(&a, 0x00004200); /* source */
	op_r8(&a, CLEAR, ATTR(0, A_B24, 0), 0x21, EOT);
	hw.regs[0x20] = 0x12345678;
	hw.regs[0x21] = 0xabcdef01;
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.regs[0x20], 0x12344278);
	assert_int_equal(hw.regs[0x21], 0x00cdef01);
}

static void test_shifts(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	/* SHIFT_LEFT/RIGHT: an immediate count on an aligned field. */
	op_r8(&a, SHIFT_LEFT, ATTR(0, A_B0, 0), 0x30, 4);
	op_r8(&a, SHIFT_RIGHT, ATTR(0, A_DW, 0), 0x31, 8);
	/* SHL/SHR: the count is an operand; the whole dword shifts. */
	atom_table_u8(&a, SHL);
	atom_table_u8(&a, ATTR(K_IMM, A_B0, 1)); /* destination byte 1 */
	atom_table_u16(&a, 0x32);
	atom_table_u8(&a, 4);
	atom_table_u8(&a, SHR);
	atom_table_u8(&a, ATTR(K_IMM, A_DW, 0));
	atom_table_u16(&a, 0x33);
	atom_table_u32(&a, 40); /* past 31: zero */
	atom_table_u8(&a, EOT);
	hw.regs[0x30] = 0xffff0013;
	hw.regs[0x31] = 0x12345678;
	hw.regs[0x32] = 0x00000f10;
	hw.regs[0x33] = 0xffffffff;
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.regs[0x30], 0xffff0030); /* byte 0 only, carry lost */
	assert_int_equal(hw.regs[0x31], 0x00123456);
	assert_int_equal(hw.regs[0x32], 0x0000f110); /* (0xf10 << 4) byte 1 = 0xf1 */
	assert_int_equal(hw.regs[0x33], 0);
}

/* MUL/DIV leave results in the quotient/remainder workspace registers. */
static void test_mul_div(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	emit_rmw(&a, DIV, 0x40, 7);
	op_r8(&a, MOVE, ATTR(K_WS, A_DW, 0), 0x41, WS_QUOT);
	op_r8(&a, MOVE, ATTR(K_WS, A_DW, 0), 0x42, WS_REM);
	emit_rmw(&a, MUL, 0x40, 3);
	op_r8(&a, MOVE, ATTR(K_WS, A_DW, 0), 0x43, WS_QUOT);
	emit_rmw(&a, DIV, 0x40, 0); /* by zero: both 0 */
	op_r8(&a, MOVE, ATTR(K_WS, A_DW, 0), 0x44, WS_QUOT);
	atom_table_u8(&a, EOT);
	hw.regs[0x40] = 100;
	hw.regs[0x44] = 0x55;
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.regs[0x41], 14);
	assert_int_equal(hw.regs[0x42], 2);
	assert_int_equal(hw.regs[0x43], 300);
	assert_int_equal(hw.regs[0x44], 0);
}

/* MUL32/DIV32 on the parameter space: a 64-bit product and quotient. */
static void test_mul32_div32(void **state)
{
	struct atom_table a;
	uint32_t ps[4] = { 0x80000000u, 6, 0, 0 };

	(void)state;
	atom_table_begin(&a, 1, 0, 16);
	op_88(&a, MUL32_PS, ATTR(K_PS, A_DW, 0), 0, 1);
	op_88(&a, MOVE + 1, ATTR(K_WS, A_DW, 0), 2, WS_QUOT);
	op_88(&a, MOVE + 1, ATTR(K_WS, A_DW, 0), 3, WS_REM);
	/* DIV32: (remainder:dividend) / 4 = 0x3_00000000 / 4 + ... */
	op_8imm(&a, DIV32_PS, 2, 4);
	op_88(&a, MOVE + 1, ATTR(K_WS, A_DW, 0), 0, WS_QUOT);
	atom_table_u8(&a, EOT);
	assert_int_equal(run(&a, ps, 4), 0);
	assert_int_equal(ps[2], 0);	      /* low dword of 0x3_00000000 */
	assert_int_equal(ps[3], 3);	      /* high dword */
	assert_int_equal(ps[0], 0xc0000000u); /* 0x3_00000000 / 4, low dword */
}

/* Parameters are read and written back; the workspace is per table. */
static void test_ps_ws(void **state)
{
	struct atom_table a;
	uint32_t ps[2] = { 1000, 0 };

	(void)state;
	atom_table_begin(&a, 1, 2, 8);
	op_88(&a, MOVE + 2, ATTR(K_PS, A_DW, 0), 1, 0); /* WS[1] <- PS[0] */
	op_8imm(&a, ADD + 2, 1, 24);			/* WS[1] += 24 */
	op_88(&a, MOVE + 1, ATTR(K_WS, A_DW, 0), 1, 1); /* PS[1] <- WS[1] */
	atom_table_u8(&a, EOT);
	assert_int_equal(run(&a, ps, 2), 0);
	assert_int_equal(ps[1], 1024);
}

static void test_ws_out_of_range(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 1, 0);
	op_8imm(&a, MOVE + 2, 5, 1);
	atom_table_u8(&a, EOT);
	assert_int_equal(run(&a, NULL, 0), -EINVAL);
	assert_non_null(strstr(err.message, "SetPixelClock (12)"));
	assert_non_null(strstr(err.message, "workspace dword 5"));
}

/* FB scratch, through a moved window (SETFBBASE). */
static void test_fb(void **state)
{
	struct atom_table a;
	struct rom r;
	struct dc_bios *b;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, SETFBBASE);
	atom_table_u8(&a, ATTR(K_IMM, A_DW, 0));
	atom_table_u32(&a, 64);
	op_8imm(&a, MOVE + 3, 2, 0xfeedf00d);
	atom_table_u8(&a, MOVE); /* REG <- FB[2] */
	atom_table_u8(&a, ATTR(K_FB, A_DW, 0));
	atom_table_u16(&a, 0x50);
	atom_table_u8(&a, 2);
	atom_table_u8(&a, EOT);
	atom_table_end(&a);
	rom_init(&r);
	rom_add_cmd(&r, TABLE, &a);
	b = load(&r);
	assert_int_equal(dc_bios_run(b, &hw.base, TABLE, NULL, 0, NULL, &err), 0);
	assert_int_equal(dc_bios_scratch(b, 64 / 4 + 2), 0xfeedf00d);
	assert_int_equal(hw.regs[0x50], 0xfeedf00d);
	dc_bios_destroy(b);
}

/* Data-table addressing: SETDATABLOCK then an ID operand. */
static void test_data_block(void **state)
{
	static const uint8_t table[] = { 12, 0, 1, 1, 0, 0, 0, 0, 0x78, 0x56, 0x34, 0x12 };
	struct atom_table a;
	struct rom r;

	(void)state;
	rom_init(&r);
	rom_add_data(&r, DC_BIOS_DATA_FIRMWARE_INFO, table, sizeof(table));
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, SETDATABLOCK);
	atom_table_u8(&a, DC_BIOS_DATA_FIRMWARE_INFO);
	atom_table_u8(&a, MOVE);
	atom_table_u8(&a, ATTR(K_ID, A_DW, 0));
	atom_table_u16(&a, 0x60);
	atom_table_u16(&a, 8);
	atom_table_u8(&a, MOVE); /* word 1 of the same dword */
	atom_table_u8(&a, ATTR(K_ID, A_W16, 0));
	atom_table_u16(&a, 0x61);
	atom_table_u16(&a, 8);
	atom_table_u8(&a, EOT);
	assert_int_equal(run_with(&r, &a, NULL, 0, NULL), 0);
	assert_int_equal(hw.regs[0x60], 0x12345678);
	assert_int_equal(hw.regs[0x61], 0x1234);
}

/* PLL and MC spaces through the index/data pair they are wired to. */
static void test_pll_mc(void **state)
{
	struct dc_bios_run_limits lim = { .pll_index_reg = 0x70,
					  .pll_data_reg = 0x71,
					  .mc_index_reg = 0x72,
					  .mc_data_reg = 0x73 };
	struct atom_table a;
	struct rom r;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	op_8imm(&a, MOVE + 4, 0x2a, 0x55); /* PLL[0x2a] <- 0x55 */
	op_8imm(&a, MOVE + 5, 0x11, 0x66); /* MC[0x11] <- 0x66 */
	atom_table_u8(&a, EOT);
	rom_init(&r);
	assert_int_equal(run_with(&r, &a, NULL, 0, &lim), 0);
	assert_int_equal(hw.writes, 4);
	assert_int_equal(hw.log[0].reg, 0x70);
	assert_int_equal(hw.log[0].value, 0x2a);
	assert_int_equal(hw.log[1].reg, 0x71);
	assert_int_equal(hw.log[1].value, 0x55);
	assert_int_equal(hw.log[2].reg, 0x72);
	assert_int_equal(hw.log[3].reg, 0x73);
	assert_int_equal(hw.log[3].value, 0x66);
	/* Not wired: stopped, named. */
	rec_init(&hw);
	rom_init(&r);
	assert_int_equal(run_with(&r, &a, NULL, 0, NULL), -EINVAL);
	assert_non_null(strstr(err.message, "PLL indirect space"));
	assert_int_equal(hw.writes, 0);
}

/* COMPARE with each conditional jump: a register records which were taken. */
static void test_compare_jumps(void **state)
{
	/* For a=5 vs b=7, b=5, b=3: which of equal, below, above, <=, >=, != hold. */
	static const uint32_t bs[3] = { 7, 5, 3 };
	static const uint32_t expect[3] = { 0x15, 0x26, 0x0b };

	(void)state;
	for (int i = 0; i < 3; i++) {
		struct atom_table a;

		rec_init(&hw);
		hw.regs[0x80] = 5;
		atom_table_begin(&a, 1, 0, 0);
		for (unsigned c = 0; c < 6; c++) {
			uint16_t skip;

			atom_table_u8(&a, COMPARE);
			atom_table_u8(&a, ATTR(K_IMM, A_DW, 0));
			atom_table_u16(&a, 0x80);
			atom_table_u32(&a, bs[i]);
			/* Jump over "set bit c" when condition c+1 holds. */
			atom_table_u8(&a, (uint8_t)(JUMP + 1 + c));
			skip = (uint16_t)(atom_table_here(&a) + 2 + 8);
			atom_table_u16(&a, skip);
			emit_rmw(&a, OR, 0x81, 1u << c);
		}
		atom_table_u8(&a, EOT);
		assert_int_equal(run(&a, NULL, 0), 0);
		/* Bits set where the condition did NOT hold. */
		assert_int_equal(hw.regs[0x81], expect[i]);
	}
}

/* TEST sets "equal" when no bit is common; JUMP always skips code. */
static void test_test_jump(void **state)
{
	struct atom_table a;
	uint16_t fix;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, TEST);
	atom_table_u8(&a, ATTR(K_IMM, A_DW, 0));
	atom_table_u16(&a, 0x90);
	atom_table_u32(&a, 0x10);
	atom_table_u8(&a, JUMP + 1); /* equal: bit 4 clear */
	fix = atom_table_here(&a);
	atom_table_u16(&a, 0);
	emit_rmw(&a, OR, 0x91, 1); /* skipped when bit 4 is clear */
	a.b[fix] = (uint8_t)atom_table_here(&a);
	atom_table_u8(&a, JUMP);
	atom_table_u16(&a, (uint16_t)(atom_table_here(&a) + 2 + 8));
	emit_rmw(&a, OR, 0x91, 2); /* always skipped */
	atom_table_u8(&a, EOT);
	hw.regs[0x90] = 0x0f;
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.regs[0x91], 0);
	rec_init(&hw);
	hw.regs[0x90] = 0x10;
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.regs[0x91], 1);
}

static void test_switch(void **state)
{
	(void)state;
	for (uint32_t v = 1; v <= 3; v++) {
		struct atom_table a;
		uint16_t t1, t2;
		size_t c1, c2;

		rec_init(&hw);
		hw.regs[0xa0] = v;
		atom_table_begin(&a, 1, 0, 0);
		atom_table_u8(&a, SWITCH);
		atom_table_u8(&a, ATTR(K_REG, A_B0, 0));
		atom_table_u16(&a, 0xa0);
		atom_table_u8(&a, 0x63);
		atom_table_u8(&a, 1);
		c1 = a.n;
		atom_table_u16(&a, 0);
		atom_table_u8(&a, 0x63);
		atom_table_u8(&a, 2);
		c2 = a.n;
		atom_table_u16(&a, 0);
		atom_table_u16(&a, 0x5a5a);
		/* No case: fall through to here. */
		emit_rmw(&a, MOVE, 0xa1, 300);
		atom_table_u8(&a, EOT);
		t1 = atom_table_here(&a);
		emit_rmw(&a, MOVE, 0xa1, 100);
		atom_table_u8(&a, EOT);
		t2 = atom_table_here(&a);
		emit_rmw(&a, MOVE, 0xa1, 200);
		atom_table_u8(&a, EOT);
		a.b[c1] = (uint8_t)t1;
		a.b[c2] = (uint8_t)t2;
		assert_int_equal(run(&a, NULL, 0), 0);
		assert_int_equal(hw.regs[0xa1], 100 * v);
	}
}

/* DELAY waits on dc_hw's clock. */
static void test_delay(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, DELAY_MS);
	atom_table_u8(&a, 3);
	atom_table_u8(&a, DELAY_US);
	atom_table_u8(&a, 40);
	atom_table_u8(&a, EOT);
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.now, 3040000);
}

/* CALL_TABLE: the callee's parameters start after the caller's own. */
static void test_call_table(void **state)
{
	struct atom_table callee, a;
	struct rom r;
	uint32_t ps[4] = { 0, 0, 21, 0 };

	(void)state;
	atom_table_begin(&callee, 1, 0, 4);
	op_88(&callee, MOVE + 1, ATTR(K_PS, A_DW, 0), 1,
	      0); /* its PS[1] (= caller PS[3]) <- its PS[0] * 2 */
	op_88(&callee, ADD + 1, ATTR(K_PS, A_DW, 0), 1, 0);
	emit_rmw(&callee, MOVE, 0xb0, 1);
	atom_table_u8(&callee, EOT);
	atom_table_end(&callee);
	atom_table_begin(&a, 1, 0, 8); /* two dwords of its own */
	atom_table_u8(&a, CALL_TABLE);
	atom_table_u8(&a, DC_BIOS_CMD_ADJUST_DISPLAY_PLL);
	atom_table_u8(&a, CALL_TABLE);
	atom_table_u8(&a, DC_BIOS_CMD_ENABLE_CRTC); /* absent: nothing happens */
	atom_table_u8(&a, EOT);
	rom_init(&r);
	rom_add_cmd(&r, DC_BIOS_CMD_ADJUST_DISPLAY_PLL, &callee);
	assert_int_equal(run_with(&r, &a, ps, 4, NULL), 0);
	assert_int_equal(ps[3], 42);
	assert_int_equal(hw.regs[0xb0], 1);
}

/* SETREGBLOCK offsets every register operand. */
static void test_reg_block(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, SETREGBLOCK);
	atom_table_u16(&a, 0x1000);
	emit_rmw(&a, MOVE, 0x10, 7);
	atom_table_u8(&a, EOT);
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.regs[0x1010], 7);
	assert_int_equal(hw.regs[0x10], 0);
}

/* An indirect IO port: IndirectIOAccess programs write index, then data. */
static void test_indirect_io(void **state)
{
	static const uint8_t iio[] = {
		0, 0,	 1,    1, /* header (size filled below) */
		1, 3,		  /* start of port 3 */
		4, 32,	 0,	  /* clear temp (it starts undefined) */
		6, 16,	 0,    0, /* index bits 15:0 into temp */
		3, 0xc0, 0x00,	  /* write temp to 0xc0 */
		8, 32,	 0,    0, /* data into temp */
		3, 0xc1, 0x00,	  /* write temp to 0xc1 */
		9, 0,	 0,	  /* end */
	};
	uint8_t table[sizeof(iio)];
	struct atom_table a;
	struct rom r;

	(void)state;
	memcpy(table, iio, sizeof(iio));
	table[0] = sizeof(iio);
	rom_init(&r);
	rom_add_data(&r, DC_BIOS_DATA_INDIRECT_IO_ACCESS, table, sizeof(table));
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, SETPORT_ATI);
	atom_table_u16(&a, 3);
	emit_rmw(&a, MOVE, 0x1234, 0xcafe);
	atom_table_u8(&a, SETPORT_ATI);
	atom_table_u16(&a, 0);
	emit_rmw(&a, MOVE, 0xc2, 9);
	atom_table_u8(&a, EOT);
	assert_int_equal(run_with(&r, &a, NULL, 0, NULL), 0);
	assert_int_equal(hw.regs[0xc0], 0x1234);
	assert_int_equal(hw.regs[0xc1], 0xcafe);
	assert_int_equal(hw.regs[0xc2], 9); /* back to MMIO */
	assert_int_equal(hw.regs[0x1234], 0);
}

/* PCI config IO is not behind dc_hw: stopped with the reason. */
static void test_pci_io_refused(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, SETPORT_PCI);
	atom_table_u8(&a, 0);
	emit_rmw(&a, MOVE, 0x10, 1);
	atom_table_u8(&a, EOT);
	assert_int_equal(run(&a, NULL, 0), -EINVAL);
	assert_non_null(strstr(err.message, "PCI config"));
	assert_int_equal(hw.writes, 0);
}

/* Opcodes without effect skip exactly their operands. */
static void test_no_effect_ops(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, NOP);
	atom_table_u8(&a, POSTCARD);
	atom_table_u8(&a, 0x12);
	atom_table_u8(&a, BEEP);
	atom_table_u8(&a, DEBUG);
	atom_table_u8(&a, 0x34);
	atom_table_u8(&a, PROCESSDS);
	atom_table_u16(&a, 3);
	atom_table_u8(&a, 0);
	atom_table_u8(&a, 0);
	atom_table_u8(&a, 0); /* three bytes of data, never run */
	emit_rmw(&a, MOVE, 0xd0, 77);
	atom_table_u8(&a, EOT);
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.regs[0xd0], 77);
}

static void test_bad_opcodes(void **state)
{
	static const uint8_t bad[] = { 0, REPEAT, 100, 101, 127, 255 };

	(void)state;
	for (size_t i = 0; i < sizeof(bad); i++) {
		struct atom_table a;

		atom_table_begin(&a, 1, 0, 0);
		atom_table_u8(&a, bad[i]);
		atom_table_u8(&a, EOT);
		assert_int_equal(run(&a, NULL, 0), -EINVAL);
		assert_non_null(strstr(err.message, "SetPixelClock (12) stopped at"));
		assert_non_null(strstr(err.message, "(+0x6)"));
	}
}

/* Code that runs off the table's end is stopped, not read past. */
static void test_runs_off_end(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	emit_rmw(&a, MOVE, 0x10, 1);
	assert_int_equal(run(&a, NULL, 0), -EINVAL);
	assert_non_null(strstr(err.message, "outside the table"));
	assert_int_equal(hw.regs[0x10], 1);
}

/* A table that loops forever: stopped at the time bound, named. */
static void test_loop_time_bound(void **state)
{
	struct dc_bios_run_limits lim = { .time_limit_ns = 50000000 };
	struct atom_table a;
	struct rom r;
	uint16_t top;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	top = atom_table_here(&a);
	atom_table_u8(&a, DELAY_MS);
	atom_table_u8(&a, 1);
	atom_table_u8(&a, JUMP);
	atom_table_u16(&a, top);
	atom_table_u8(&a, EOT);
	rom_init(&r);
	assert_int_equal(run_with(&r, &a, NULL, 0, &lim), -ETIMEDOUT);
	assert_non_null(strstr(err.message, "SetPixelClock (12) stopped at"));
	assert_non_null(strstr(err.message, "past the bound of 50 ms"));
	/* Stopped within one loop turn of the bound. */
	assert_true(hw.now > 50000000 && hw.now <= 52000000);
}

/* A polling loop on a register that never changes, on a frozen clock. */
static void test_loop_step_bound(void **state)
{
	struct dc_bios_run_limits lim = { .step_limit = 10000 };
	struct atom_table a;
	struct rom r;
	uint16_t top;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	top = atom_table_here(&a);
	atom_table_u8(&a, TEST);
	atom_table_u8(&a, ATTR(K_IMM, A_DW, 0));
	atom_table_u16(&a, 0xe0);
	atom_table_u32(&a, 1);
	atom_table_u8(&a, JUMP + 1); /* bit clear: poll again */
	atom_table_u16(&a, top);
	atom_table_u8(&a, EOT);
	rom_init(&r);
	assert_int_equal(run_with(&r, &a, NULL, 0, &lim), -ETIMEDOUT);
	assert_non_null(strstr(err.message, "SetPixelClock (12)"));
	assert_non_null(strstr(err.message, "opcodes, past the bound of 10000"));
	/* and where it waits */
	assert_non_null(strstr(err.message, "last read register 0xe0"));
	assert_true(hw.reads[0xe0] >= 5000 && hw.reads[0xe0] <= 5001);
}

/* A table calling itself is stopped at the nesting bound. */
static void test_recursion(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	atom_table_u8(&a, CALL_TABLE);
	atom_table_u8(&a, TABLE);
	atom_table_u8(&a, EOT);
	assert_int_equal(run(&a, NULL, 0), -EINVAL);
	assert_non_null(strstr(err.message, "nesting deeper than"));
}

/* The workspace registers with a meaning of their own (0x42..0x48). */
static void test_ws_specials(void **state)
{
	struct atom_table a;

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	op_8imm(&a, MOVE + 2, 0x43, 5); /* shift */
	op_r8(&a, MOVE, ATTR(K_WS, A_DW, 0), 0x10, 0x44);
	op_r8(&a, MOVE, ATTR(K_WS, A_DW, 0), 0x11, 0x45);
	atom_table_u8(&a, SETDATABLOCK);
	atom_table_u8(&a, 255); /* this table */
	op_r8(&a, MOVE, ATTR(K_WS, A_DW, 0), 0x12, 0x42);
	op_8imm(&a, MOVE + 2, 0x46, 0x40); /* FB window */
	op_r8(&a, MOVE, ATTR(K_WS, A_DW, 0), 0x13, 0x46);
	op_8imm(&a, MOVE + 2, 0x48, 0x100); /* register block */
	emit_rmw(&a, MOVE, 0x10, 9);
	atom_table_u8(&a, EOT);
	assert_int_equal(run(&a, NULL, 0), 0);
	assert_int_equal(hw.regs[0x10], 0x20);
	assert_int_equal(hw.regs[0x11], ~0x20u);
	/* The synthetic image puts its first table at 0x400 (bios_rom.c). */
	assert_int_equal(hw.regs[0x12], 0x400);
	assert_int_equal(hw.regs[0x13], 0x40);
	assert_int_equal(hw.regs[0x110], 9);
}

/* Indirect IO: MOVE_ATTR takes the attributes register, SET/CLEAR bits. */
static void test_indirect_io_attr(void **state)
{
	static const uint8_t iio[] = {
		22, 0,	  1,	1, /* header: 22 bytes */
		1,  5,		   /* port 5 */
		4,  32,	  0,	   /* clear */
		7,  8,	  0,	8, /* attributes bits 7:0 to 15:8 */
		5,  4,	  28,	   /* set bits 31:28 */
		3,  0xd0, 0x00,	   /* write to 0xd0 */
		9,  0,	  0,	   /* end */
	};
	struct atom_table a;
	struct rom r;

	(void)state;
	rom_init(&r);
	rom_add_data(&r, DC_BIOS_DATA_INDIRECT_IO_ACCESS, iio, sizeof(iio));
	atom_table_begin(&a, 1, 0, 0);
	op_8imm(&a, MOVE + 2, 0x47, 0x5a); /* attributes */
	atom_table_u8(&a, SETPORT_ATI);
	atom_table_u16(&a, 5);
	emit_rmw(&a, MOVE, 0x1, 0);
	atom_table_u8(&a, EOT);
	assert_int_equal(run_with(&r, &a, NULL, 0, NULL), 0);
	assert_int_equal(hw.regs[0xd0], 0xf0005a00);
}

static void test_absent_table(void **state)
{
	struct rom r;
	struct dc_bios *b;

	(void)state;
	rom_init(&r);
	b = load(&r);
	assert_int_equal(dc_bios_run(b, &hw.base, DC_BIOS_CMD_ENABLE_CRTC, NULL, 0, NULL, &err),
			 -ENOENT);
	assert_non_null(strstr(err.message, "EnableCRTC"));
	dc_bios_destroy(b);
}

/*
 * `test-bios-interp --write-seed FILE` writes an image of our own tables
 * for the fuzz corpus (tests/fuzz/corpus/bios/own-tables.bin): a table
 * using each operand kind and a callee, with an indirect IO program.
 */
static int write_seed(const char *path)
{
	static const uint8_t iio[] = { 20, 0, 1, 1, 1,	  3, 4, 32, 0, 6,
				       16, 0, 0, 3, 0xc0, 0, 9, 0,  0, 0 };
	static const uint8_t fw[] = { 12, 0, 2, 2, 0, 0, 0, 0, 0x78, 0x56, 0x34, 0x12 };
	struct atom_table a, callee;
	struct rom r;
	FILE *f;

	rom_init(&r);
	rom_add_data(&r, DC_BIOS_DATA_INDIRECT_IO_ACCESS, iio, sizeof(iio));
	rom_add_data(&r, DC_BIOS_DATA_FIRMWARE_INFO, fw, sizeof(fw));
	atom_table_begin(&callee, 1, 1, 4);
	op_88(&callee, MOVE + 2, ATTR(K_PS, A_DW, 0), 0, 0);
	emit_rmw(&callee, SHL, 0x10, 3);
	atom_table_u8(&callee, EOT);
	atom_table_end(&callee);
	rom_add_cmd(&r, DC_BIOS_CMD_ADJUST_DISPLAY_PLL, &callee);
	atom_table_begin(&a, 1, 2, 8);
	atom_table_u8(&a, SETDATABLOCK);
	atom_table_u8(&a, DC_BIOS_DATA_FIRMWARE_INFO);
	op_r8(&a, MOVE, ATTR(K_PS, A_W8, 1), 0x20, 0);
	emit_rmw(&a, MASK - 0, 0x21, 0);
	atom_table_u32(&a, 5);
	op_8imm(&a, MOVE + 4, 0x2a, 0x55);
	op_8imm(&a, MUL32_PS, 1, 7);
	atom_table_u8(&a, SETPORT_ATI);
	atom_table_u16(&a, 3);
	emit_rmw(&a, MOVE, 0x1234, 0xcafe);
	atom_table_u8(&a, SETPORT_ATI);
	atom_table_u16(&a, 0);
	atom_table_u8(&a, CALL_TABLE);
	atom_table_u8(&a, DC_BIOS_CMD_ADJUST_DISPLAY_PLL);
	atom_table_u8(&a, DELAY_US);
	atom_table_u8(&a, 10);
	atom_table_u8(&a, EOT);
	atom_table_end(&a);
	rom_add_cmd(&r, TABLE, &a);
	rom_finish(&r);
	f = fopen(path, "wb");
	if (!f || fwrite(r.b, 1, ROM_SIZE, f) != ROM_SIZE || fclose(f))
		return 1;
	return 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_move_imm, setup),
		cmocka_unit_test_setup(test_move_aligned, setup),
		cmocka_unit_test_setup(test_alu, setup),
		cmocka_unit_test_setup(test_mask_clear, setup),
		cmocka_unit_test_setup(test_shifts, setup),
		cmocka_unit_test_setup(test_mul_div, setup),
		cmocka_unit_test_setup(test_mul32_div32, setup),
		cmocka_unit_test_setup(test_ps_ws, setup),
		cmocka_unit_test_setup(test_ws_out_of_range, setup),
		cmocka_unit_test_setup(test_fb, setup),
		cmocka_unit_test_setup(test_data_block, setup),
		cmocka_unit_test_setup(test_pll_mc, setup),
		cmocka_unit_test_setup(test_compare_jumps, setup),
		cmocka_unit_test_setup(test_test_jump, setup),
		cmocka_unit_test_setup(test_switch, setup),
		cmocka_unit_test_setup(test_delay, setup),
		cmocka_unit_test_setup(test_call_table, setup),
		cmocka_unit_test_setup(test_reg_block, setup),
		cmocka_unit_test_setup(test_indirect_io, setup),
		cmocka_unit_test_setup(test_pci_io_refused, setup),
		cmocka_unit_test_setup(test_no_effect_ops, setup),
		cmocka_unit_test_setup(test_bad_opcodes, setup),
		cmocka_unit_test_setup(test_runs_off_end, setup),
		cmocka_unit_test_setup(test_loop_time_bound, setup),
		cmocka_unit_test_setup(test_loop_step_bound, setup),
		cmocka_unit_test_setup(test_recursion, setup),
		cmocka_unit_test_setup(test_ws_specials, setup),
		cmocka_unit_test_setup(test_indirect_io_attr, setup),
		cmocka_unit_test_setup(test_absent_table, setup),
	};

	if (argc == 3 && !strcmp(argv[1], "--write-seed"))
		return write_seed(argv[2]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
