/*
 * Test helpers for dc/bios: a small assembler for command tables the tests
 * write themselves, a synthetic ATOM ROM holding them (our own image, not
 * AMD's), and a struct dc_hw that records what a table did.
 */
#ifndef TESTS_BIOS_ROM_H
#define TESTS_BIOS_ROM_H

#include <stddef.h>
#include <stdint.h>

#include "dc_hw.h"

#define ROM_SIZE 8192u

/* A command table under construction: header, then code. */
struct tasm {
	uint8_t b[1024];
	size_t n;
};

void tasm_begin(struct tasm *a, uint8_t ws_dwords, uint8_t ps_bytes);
void tasm_u8(struct tasm *a, uint8_t v);
void tasm_u16(struct tasm *a, uint16_t v);
void tasm_u32(struct tasm *a, uint32_t v);
/* Offset of the next byte from the table start (a jump target). */
uint16_t tasm_here(const struct tasm *a);
void tasm_end(struct tasm *a); /* fills in the size */

/* The synthetic image: up to a few command and data tables at fixed indices. */
struct rom {
	uint8_t b[ROM_SIZE];
	size_t next; /* where the next table goes */
};

void rom_init(struct rom *r);
void rom_add_cmd(struct rom *r, unsigned index, const struct tasm *a);
void rom_add_data(struct rom *r, unsigned index, const uint8_t *bytes, size_t size);
void rom_finish(struct rom *r); /* the checksum byte */

/* A register file with a write log and a virtual clock. */
#define REC_REGS 0x10000u
#define REC_LOG	 256u

struct rec_hw {
	struct dc_hw base;
	uint32_t regs[REC_REGS];
	unsigned reads[REC_REGS];
	struct {
		uint32_t reg, value;
	} log[REC_LOG];
	unsigned writes;
	uint64_t now;
};

void rec_init(struct rec_hw *h);

#endif
