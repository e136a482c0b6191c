/* Test helpers for dc/bios (bios_rom.h): our own tables and image. */
#include <stdlib.h>
#include <string.h>

#include "bios_rom.h"
#include "dc_bios.h"

void rom_init(struct rom *r)
{
	static const struct atom_image_id id = {
		.pci_device = 0x9874,
		.date = "01/02/24 03:04",
		.version = "OURS-TEST-001",
	};

	atom_image_begin(&r->img, r->b, ROM_SIZE, &id);
}

void rom_add_cmd(struct rom *r, unsigned index, const struct atom_table *a)
{
	if (atom_image_add_cmd(&r->img, index, a) < 0)
		abort();
}

void rom_add_empty_cmd(struct rom *r, unsigned index, uint8_t rev, uint8_t ps)
{
	struct atom_table t;

	atom_table_begin(&t, rev, 0, ps);
	atom_table_u8(&t, 0x5b); /* EOT */
	atom_table_end(&t);
	rom_add_cmd(r, index, &t);
}

void rom_add_recording_cmd(struct rom *r, unsigned index, uint8_t rev, uint8_t ps,
			   const uint32_t *regs, unsigned n)
{
	struct atom_table t;

	atom_table_begin(&t, rev, 0, ps);
	for (unsigned i = 0; i < n; i++) {
		atom_table_u8(&t, 0x01); /* MOVE to a register */
		atom_table_u8(&t, 0x01); /* from the parameter space, a dword */
		atom_table_u16(&t, regs[i]);
		atom_table_u8(&t, i);
	}
	atom_table_u8(&t, 0x5b); /* EOT */
	atom_table_end(&t);
	rom_add_cmd(r, index, &t);
}

void rom_add_data(struct rom *r, unsigned index, const uint8_t *bytes, size_t size)
{
	if (atom_image_add_data(&r->img, index, bytes, size) < 0)
		abort();
}

void rom_add_firmware_info(struct rom *r, uint32_t ref_khz, uint32_t ppll_max_khz)
{
	uint8_t fwi[96] = { 0 };

	/* ATOM_FIRMWARE_INFO_V2_2, clocks in 10 kHz */
	fwi[0] = sizeof(fwi);
	fwi[2] = 2;
	fwi[3] = 2;
	fwi[32] = (uint8_t)(ppll_max_khz / 10);
	fwi[33] = (uint8_t)(ppll_max_khz / 10 >> 8);
	fwi[34] = (uint8_t)(ppll_max_khz / 10 >> 16);
	fwi[82] = (uint8_t)(ref_khz / 10);
	fwi[83] = (uint8_t)(ref_khz / 10 >> 8);
	rom_add_data(r, DC_BIOS_DATA_FIRMWARE_INFO, fwi, sizeof(fwi));
}

void rom_finish(struct rom *r)
{
	atom_image_finish(&r->img);
}

void rom_init_for_dc(struct rom *r)
{
	rom_init(r);
	rom_add_firmware_info(r, 27000, 1200000);
	rom_add_empty_cmd(r, DC_BIOS_CMD_SET_PIXEL_CLOCK, 6, 8);
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
