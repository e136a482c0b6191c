/*
 * Test helpers for dc/bios: a synthetic ATOM ROM holding the command tables
 * the tests write themselves (sim/atom_image.h: our own image, not AMD's),
 * and a struct dc_hw that records what a table did.
 */
#ifndef TESTS_BIOS_ROM_H
#define TESTS_BIOS_ROM_H

#include <stddef.h>
#include <stdint.h>

#include "atom_image.h"
#include "dc_hw.h"

#define ROM_SIZE 8192u

/*
 * The tests' image: our own (sim/atom_image.h), with an identity of its
 * own; a table that does not fit aborts the test.
 */
struct rom {
	uint8_t b[ROM_SIZE];
	struct atom_image img;
};

void rom_init(struct rom *r);
void rom_add_cmd(struct rom *r, unsigned index, const struct atom_table *a);
/* A table of revision rev with ps parameter bytes that does nothing (EOT). */
void rom_add_empty_cmd(struct rom *r, unsigned index, uint8_t rev, uint8_t ps);
/*
 * A table of revision rev with ps parameter bytes that only copies its
 * first n parameter dwords into the registers regs[0..n-1], so a test
 * reads back what the driver passed.
 */
void rom_add_recording_cmd(struct rom *r, unsigned index, uint8_t rev, uint8_t ps,
			   const uint32_t *regs, unsigned n);
void rom_add_data(struct rom *r, unsigned index, const uint8_t *bytes, size_t size);
/* FirmwareInfo 2.2 with a reference clock and a PPLL output maximum, nothing else. */
void rom_add_firmware_info(struct rom *r, uint32_t ref_khz, uint32_t ppll_max_khz);
void rom_finish(struct rom *r); /* the checksum byte */
/*
 * rom_init with the least Display Core takes an image with: FirmwareInfo
 * (a 27 MHz reference, PPLL up to 1.2 GHz) and a SetPixelClock 1.6 that
 * does nothing. Add the tables under test, then rom_finish.
 */
void rom_init_for_dc(struct rom *r);

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
