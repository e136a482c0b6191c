/* Test helpers for dc/bios (bios_rom.h): our own tables and image. */
#include <stdlib.h>
#include <string.h>

#include "bios_rom.h"

void tasm_begin(struct tasm *a, uint8_t ws_dwords, uint8_t ps_bytes)
{
	memset(a, 0, sizeof(*a));
	a->n = 6;
	a->b[2] = 1;
	a->b[3] = 1;
	a->b[4] = ws_dwords;
	a->b[5] = ps_bytes;
}

void tasm_u8(struct tasm *a, uint8_t v)
{
	if (a->n < sizeof(a->b))
		a->b[a->n++] = v;
}

void tasm_u16(struct tasm *a, uint16_t v)
{
	tasm_u8(a, (uint8_t)v);
	tasm_u8(a, (uint8_t)(v >> 8));
}

void tasm_u32(struct tasm *a, uint32_t v)
{
	tasm_u16(a, (uint16_t)v);
	tasm_u16(a, (uint16_t)(v >> 16));
}

uint16_t tasm_here(const struct tasm *a)
{
	return (uint16_t)a->n;
}

void tasm_end(struct tasm *a)
{
	a->b[0] = (uint8_t)a->n;
	a->b[1] = (uint8_t)(a->n >> 8);
}

#define PCIR	    0x1c0u
#define ROM_HEADER  0x200u
#define CMD_LIST    0x240u
#define DATA_LIST   0x300u
#define FIRST_TABLE 0x400u
#define SUM_BYTE    0x1ffu

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

void rom_init(struct rom *r)
{
	uint8_t *b = r->b;

	memset(r, 0, sizeof(*r));
	b[0] = 0x55;
	b[1] = 0xaa;
	b[2] = ROM_SIZE / 512;
	put16(b + 0x18, PCIR);
	memcpy(b + PCIR, "PCIR", 4);
	put16(b + PCIR + 4, 0x1002);
	put16(b + PCIR + 6, 0x9874);
	put16(b + PCIR + 0x10, ROM_SIZE / 512);
	memcpy(b + 0x30, " 761295520", 10);
	put16(b + 0x48, ROM_HEADER);
	memcpy(b + 0x50, "01/02/24 03:04", 14);
	memcpy(b + 0x80, "OURS-TEST-001", 13);
	put16(b + ROM_HEADER, 0x24);
	b[ROM_HEADER + 2] = 1;
	b[ROM_HEADER + 3] = 1;
	memcpy(b + ROM_HEADER + 4, "ATOM", 4);
	put16(b + ROM_HEADER + 0x1e, CMD_LIST);
	put16(b + ROM_HEADER + 0x20, DATA_LIST);
	put16(b + CMD_LIST, 4 + 81 * 2);
	put16(b + DATA_LIST, 4 + 35 * 2);
	r->next = FIRST_TABLE;
}

static size_t place(struct rom *r, const uint8_t *bytes, size_t size)
{
	size_t at = r->next;

	if (at + size > ROM_SIZE)
		abort();
	memcpy(r->b + at, bytes, size);
	r->next = (at + size + 15) & ~(size_t)15;
	return at;
}

void rom_add_cmd(struct rom *r, unsigned index, const struct tasm *a)
{
	put16(r->b + CMD_LIST + 4 + 2 * index, (uint16_t)place(r, a->b, a->n));
}

void rom_add_data(struct rom *r, unsigned index, const uint8_t *bytes, size_t size)
{
	put16(r->b + DATA_LIST + 4 + 2 * index, (uint16_t)place(r, bytes, size));
}

void rom_finish(struct rom *r)
{
	uint8_t sum = 0;

	r->b[SUM_BYTE] = 0;
	for (size_t i = 0; i < ROM_SIZE; i++)
		sum = (uint8_t)(sum + r->b[i]);
	r->b[SUM_BYTE] = (uint8_t)(0x100 - sum);
}

static struct rec_hw *rec(struct dc_hw *hw)
{
	return (struct rec_hw *)hw;
}

static uint32_t rec_read(struct dc_hw *hw, uint32_t reg)
{
	rec(hw)->reads[reg % REC_REGS]++;
	return rec(hw)->regs[reg % REC_REGS];
}

static void rec_write(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	struct rec_hw *h = rec(hw);

	h->regs[reg % REC_REGS] = value;
	if (h->writes < REC_LOG) {
		h->log[h->writes].reg = reg;
		h->log[h->writes].value = value;
	}
	h->writes++;
}

static uint64_t rec_now(struct dc_hw *hw)
{
	return rec(hw)->now;
}

static void rec_delay(struct dc_hw *hw, uint64_t ns)
{
	rec(hw)->now += ns;
}

static const struct dc_hw_ops rec_ops = {
	.read32 = rec_read,
	.write32 = rec_write,
	.now_ns = rec_now,
	.delay_ns = rec_delay,
};

void rec_init(struct rec_hw *h)
{
	memset(h, 0, sizeof(*h));
	h->base.ops = &rec_ops;
}
