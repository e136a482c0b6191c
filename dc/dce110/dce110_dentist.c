/*
 * The DENTIST divides its VCO into DISPCLK and DPREFCLK
 * (DENTIST_DISPCLK_CNTL, the same in DCE 10.0, 11.0 and 11.2). A divider
 * ID (DID) names the divider in quarters, in the ranges the public DC
 * driver decodes:
 *  - DID 0x08..0x3f: 2.00 to 15.75 in steps of 0.25;
 *  - DID 0x40..0x5f: 16.0 to 31.5 in steps of 0.5;
 *  - DID 0x60..0x7e: 32 to 62 in steps of 1.
 * A DID below 0x08 counts as 0x08. DID 0x7f is past the ranges Display
 * Core uses and counts as 0x7e here.
 * Display Core reads DISPCLK back from these registers
 * (dc/core/dispclk.c); the simulator clocks its pipes from them
 * (sim_dentist.c), and our own video BIOS image's tables write them.
 */
#include "dce110.h"
#include "dce110_regs.h"

#define DID_RANGE2 0x40u
#define DID_RANGE3 0x60u
#define DID_MAX	   0x7eu

uint32_t dce110_dentist_quarters(uint32_t did)
{
	if (did < DCE110_DENTIST_DID_MIN)
		did = DCE110_DENTIST_DID_MIN;
	if (did > DID_MAX)
		did = DID_MAX;
	if (did < DID_RANGE2)
		return did; /* 8 + (did - 8) x 1 */
	if (did < DID_RANGE3)
		return 64 + (did - DID_RANGE2) * 2;
	return 128 + (did - DID_RANGE3) * 4;
}

uint32_t dce110_dentist_khz(uint32_t vco_khz, uint32_t did)
{
	return (uint32_t)((uint64_t)vco_khz * 4 / dce110_dentist_quarters(did));
}

uint32_t dce110_dentist_did(uint32_t vco_khz, uint32_t khz)
{
	/* the largest divider whose clock is still at least khz */
	uint64_t q = khz ? (uint64_t)vco_khz * 4 / khz : UINT64_MAX;

	if (q < 64)
		return q < DCE110_DENTIST_DID_MIN ? DCE110_DENTIST_DID_MIN : (uint32_t)q;
	if (q < 128)
		return DID_RANGE2 + (uint32_t)(q - 64) / 2;
	if (q < 128 + 4 * (DID_MAX - DID_RANGE3))
		return DID_RANGE3 + (uint32_t)(q - 128) / 4;
	return DID_MAX;
}

uint32_t dce110_dispclk_read(struct dc_hw *hw, uint32_t vco_khz)
{
	uint32_t cntl = dc_hw_read(hw, mmDENTIST_DISPCLK_CNTL);

	return dce110_dentist_khz(
		vco_khz, DC_FIELD_GET(cntl, DENTIST_DISPCLK_CNTL, DENTIST_DISPCLK_RDIVIDER));
}
