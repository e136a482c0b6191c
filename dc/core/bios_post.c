/*
 * Posting a GPU the system firmware did not initialise, as the kernel's
 * amdgpu does on VI-generation parts: the video BIOS's ASIC_Init sets
 * ATOM_S7_ASIC_INIT_COMPLETE in BIOS_SCRATCH_7 when it is done, and a GPU
 * whose scratch register lacks it needs ASIC_Init run (with the default
 * engine and memory clocks of FirmwareInfo, ASIC_INIT_PARAMETERS) before
 * its display engine can be used. A secondary GPU handed to VFIO is often
 * in that state: only the boot GPU is posted by the firmware.
 */
#include <errno.h>
#include <stdio.h>

#include "../dce110/dce110_regs.h"
#include "dc_bios.h"
#include "dc_priv.h"

/* The memory controller and clocks take a while; a bound well above it. */
#define ASIC_INIT_LIMIT_NS (2000ull * 1000 * 1000)

bool dc_gpu_posted(const struct dc *dc)
{
	return dc_hw_read(dc->hw, BIF50_mmBIOS_SCRATCH_7) & ATOM_S7_ASIC_INIT_COMPLETE_MASK;
}

int dc_vbios_post(struct dc *dc, struct dc_error *err)
{
	const struct dc_bios_run_limits lim = { .time_limit_ns = ASIC_INIT_LIMIT_NS };
	struct dc_bios_error berr = { 0 };
	struct dc_bios_table t;
	uint32_t ps[8] = { 0 };

	if (!dc)
		return -EINVAL;
	if (dc_gpu_posted(dc))
		return 0;
	if (!dc->bios)
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "the GPU is not posted (BIOS_SCRATCH_7 lacks "
				    "ASIC_INIT_COMPLETE) and there is no video BIOS to post it");
	if (dc_bios_cmd_table(dc->bios, DC_BIOS_CMD_ASIC_INIT, &t))
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "the GPU is not posted (BIOS_SCRATCH_7 lacks "
				    "ASIC_INIT_COMPLETE) and video BIOS %s has no ASIC_Init table",
				    dc_bios_version(dc->bios));
	/* ASIC_INIT_PARAMETERS: the clocks in 10 kHz */
	ps[0] = dc->bios_fw.default_engine_clock_khz / 10;
	ps[1] = dc->bios_fw.default_memory_clock_khz / 10;
	if (dc_bios_run(dc->bios, dc->hw, DC_BIOS_CMD_ASIC_INIT, ps, 8, &lim, &berr) < 0) {
		dc_log(dc, DC_LOG_ERROR, "ASIC_Init: %s", berr.message);
		dc_error_set(err, DC_ERR_INVALID, -1, -1, "posting the GPU: ASIC_Init: %s",
			     berr.message);
		return -EIO;
	}
	if (!dc_gpu_posted(dc))
		return dc_error_set(err, DC_ERR_INVALID, -1, -1,
				    "posting the GPU: video BIOS %s's ASIC_Init ran but "
				    "BIOS_SCRATCH_7 still lacks ASIC_INIT_COMPLETE",
				    dc_bios_version(dc->bios));
	dc_log(dc, DC_LOG_INFO,
	       "posted the GPU with video BIOS %s's ASIC_Init (engine %u kHz, memory %u kHz)",
	       dc_bios_version(dc->bios), dc->bios_fw.default_engine_clock_khz,
	       dc->bios_fw.default_memory_clock_khz);
	return 1;
}
