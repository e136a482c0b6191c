/*
 * libFuzzer target for dc/bios: any bytes are checked as an image and
 * refused or indexed; an image that loads goes through every data table
 * reader, the board, and every command table it has, run by the
 * interpreter against a register file that answers reads with a hash of
 * the register (so polls may end or not) on a virtual clock. The byte sum
 * is fixed up before loading, so mutations get past that check. None of it
 * may crash, read outside the image or run past its bounds.
 *
 * A read answers a hash of the register, of the last write and of how many
 * reads came before, in steps of 16: a polled register takes a new value
 * every 16 reads, so a poll for a bit ends within a few rounds, as on
 * hardware. (With the same value for every read of a register, the
 * Carrizo image's SetEngineClock, EnableCRTC, UpdateCRTC_DoubleBuffer-
 * Registers and ProcessAuxChannelTransaction polled until the bound
 * stopped them, two thirds of a seed's opcodes; now they run on past their
 * polls.) The count starts at 0 for every input, so an input always reads
 * the same values.
 *
 * The step bound is 1,000 opcodes: with it and with 2,000 the same tables
 * of the seed images end, all but EnableDispPowerGating and ProcessAux-
 * ChannelTransaction, which wait for a value the hash does not give and
 * loop until the bound stops them. Every step of the bound is paid by each
 * such table of every input (at 20,000 they were 80% of an input's time);
 * the bound's check is still reached, twice by every seed image.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dc.h"
#include "dc_bios.h"
#include "dc_hw.h"
#include "fuzz_target.h"

struct fuzz_hw {
	struct dc_hw base;
	uint64_t now;
	uint32_t last;
	uint32_t reads;
};

static uint32_t fz_read(struct dc_hw *hw, uint32_t reg)
{
	struct fuzz_hw *f = (struct fuzz_hw *)hw;

	uint32_t h = (reg * 2654435761u) ^ f->last ^ (f->reads++ / 16) * 0x9e3779b9u;

	/* every bit of the count and of the register in every bit of the value */
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	return h ^ h >> 16;
}

static void fz_write(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	((struct fuzz_hw *)hw)->last = reg ^ value;
}

static uint64_t fz_now(struct dc_hw *hw)
{
	return ((struct fuzz_hw *)hw)->now;
}

static void fz_delay(struct dc_hw *hw, uint64_t ns)
{
	((struct fuzz_hw *)hw)->now += ns;
}

static const struct dc_hw_ops fz_ops = {
	.read32 = fz_read, .write32 = fz_write, .now_ns = fz_now, .delay_ns = fz_delay
};

/*
 * The byte sum of n bytes. Not instrumented: its loop compare would be
 * traced for libFuzzer once per byte of a 64 KB image, for nothing. Not
 * inlined either: inlined into LLVMFuzzerTestOneInput its loop was traced
 * all the same (8% of an input). Nor checked by AddressSanitizer, byte by
 * byte (6%): its caller sums only the bytes of img it was given.
 */
#if defined(__clang__)
__attribute__((no_sanitize("coverage", "address"), noinline))
#endif
static uint8_t
byte_sum(const uint8_t *p, size_t n)
{
	uint8_t sum = 0;

	for (size_t i = 0; i < n; i++)
		sum = (uint8_t)(sum + p[i]);
	return sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dc_bios_run_limits lim = {
		.time_limit_ns = 100000000,
		.step_limit = 1000,
		.pll_index_reg = 0x100,
		.pll_data_reg = 0x101,
		.mc_index_reg = 0x102,
		.mc_data_reg = 0x103,
	};
	struct dc_bios_connector conn[DC_BIOS_MAX_CONNECTORS];
	struct dc_bios_ss ss[DC_BIOS_MAX_SS];
	struct dc_bios_firmware_info fw;
	struct dc_bios_integrated_info ii;
	struct dc_bios_error err;
	struct dc_board board;
	struct fuzz_hw hw = { .base.ops = &fz_ops };
	struct dc_bios *b;
	unsigned n;

	static uint8_t img[1 << 17];

	/*
	 * Most mutations break the byte sum, which the loader checks first:
	 * fix it up in byte 0x21 (where ATOM images keep theirs) so mutated
	 * tables reach the readers and the interpreter.
	 */
	if (size > sizeof(img))
		return 0;
	memcpy(img, data, size);
	if (size >= 512 && (size_t)img[2] * 512 <= size) {
		img[0x21] = 0;
		img[0x21] = (uint8_t)-byte_sum(img, (size_t)img[2] * 512);
	}
	if (dc_bios_load(img, size, &b, &err))
		return 0;
	dc_bios_firmware_info(b, &fw, &err);
	dc_bios_integrated_info(b, &ii, &err);
	dc_bios_ss_info(b, ss, DC_BIOS_MAX_SS, &n, &err);
	dc_bios_connectors(b, conn, DC_BIOS_MAX_CONNECTORS, &n, &err);
	dc_bios_board(b, DC_ASIC_CARRIZO, &board, &err);
	for (unsigned t = 0; t < DC_BIOS_CMD_COUNT; t++) {
		uint32_t ps[64];

		memset(ps, 0, sizeof(ps));
		dc_bios_run(b, &hw.base, t, ps, 64, &lim, &err);
	}
	dc_bios_destroy(b);
	return 0;
}
