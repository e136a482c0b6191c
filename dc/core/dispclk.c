/*
 * The display clock (DISPCLK), as the public DC driver sets it on DCE 10
 * and 11: before a commit programs anything, DISPCLK rises to what the
 * new state's busiest pipe needs (validate.c); after the commit it comes
 * down again, never below the clock the video BIOS booted with
 * (FirmwareInfo's default DISPCLK). The kernel goes lower for power;
 * dcd keeps the boot clock as its floor so that an image whose DISPCLK
 * path cannot run here (below) costs only the modes that need more.
 *
 * The video BIOS sets it, through the table the public driver uses on
 * that generation:
 *  - DCE 10 and 11.0: SetPixelClock 1.6 with the display engine's DFS as
 *    the PLL (ATOM_EXT_PLL1) and the clock in 10 kHz in the first dword;
 *  - DCE 11.2: SetDCEClock 2.1 (SET_DCE_CLOCK_PARAMETERS_V2_1) for
 *    DCE_CLOCK_TYPE_DISPCLK from ATOM_GCK_DFS.
 * Display Core then reads DISPCLK back from the DENTIST's divider in
 * effect (DENTIST_DISPCLK_RDIVIDER, dce110_dentist.c) rather than trusting
 * the table's answer, with the image's DENTIST VCO (dc_bios_dentist_vco_khz,
 * shared with the simulator, which clocks from the same image). What AMD's Carrizo and Stoney
 * tables do when run this way (they round down, rewrite the DP DTOs' modulo, and with a DPREFCLK
 * divider of 0 wait on the SMU) is in docs/bios.md, "The display clock".
 */
#include <errno.h>
#include <stdio.h>

#include "../dce110/dce110.h"
#include "../dce110/dce110_regs.h"
#include "dc_bios.h"
#include "dc_priv.h"

/* atombios.h */
#define ATOM_EXT_PLL1	       8 /* the DFS, for SetPixelClock */
#define ATOM_GCK_DFS	       8 /* the DFS, for SetDCEClock */
#define DCE_CLOCK_TYPE_DISPCLK 0
#define PIXEL_CLOCK_REV_6      6
#define DCE_CLOCK_REV_1	       1

/* The DENTIST switches within microseconds; the table's own waits are bounded here. */
#define DISPCLK_LIMIT_NS (50ull * 1000 * 1000)

static const char *table_name(const struct dc *dc)
{
	return dc->dispclk_table == DC_DISPCLK_SET_DCE_CLOCK ? "SetDCEClock 2.1"
							     : "SetPixelClock 1.6 with the DFS";
}

void dc_dispclk_init(struct dc *dc)
{
	struct dc_bios_table t;

	dc->dispclk_table = DC_DISPCLK_NONE;
	dc->dentist_vco_khz = dc_bios_dentist_vco_khz(dc->bios);
	if (!dc->bios)
		return;
	if (dc->pool->regs->dispclk_dce_clock) {
		if (!dc_bios_cmd_table(dc->bios, DC_BIOS_CMD_SET_DCE_CLOCK, &t) &&
		    t.format_rev == 2 && t.content_rev == DCE_CLOCK_REV_1)
			dc->dispclk_table = DC_DISPCLK_SET_DCE_CLOCK;
	} else if (dc->bios_spc_rev == PIXEL_CLOCK_REV_6) {
		dc->dispclk_table = DC_DISPCLK_SET_PIXEL_CLOCK;
	}
	/* what bring-up on a GPU wants to know first */
	if (dc->dispclk_table == DC_DISPCLK_NONE)
		dc_log(dc, DC_LOG_INFO,
		       "DISPCLK %u kHz from a %u kHz DENTIST VCO; the video BIOS has no table dcd "
		       "knows that sets it",
		       dc_dispclk_khz(dc), dc->dentist_vco_khz);
	else
		dc_log(dc, DC_LOG_INFO, "DISPCLK %u kHz from a %u kHz DENTIST VCO; set through %s",
		       dc_dispclk_khz(dc), dc->dentist_vco_khz, table_name(dc));
}

uint32_t dc_dispclk_khz(struct dc *dc)
{
	return dce110_dispclk_read(dc->hw, dc->dentist_vco_khz);
}

/* Runs the image's DISPCLK table for khz; 0 or -EIO with why in berr. */
static int run_table(struct dc *dc, uint32_t khz, struct dc_bios_error *berr)
{
	const struct dc_bios_run_limits lim = { .time_limit_ns = DISPCLK_LIMIT_NS };
	uint32_t ps[8] = { khz / 10 };
	unsigned index;

	if (dc->dispclk_table == DC_DISPCLK_SET_DCE_CLOCK) {
		ps[1] = DCE_CLOCK_TYPE_DISPCLK | ATOM_GCK_DFS << 8;
		index = DC_BIOS_CMD_SET_DCE_CLOCK;
	} else {
		ps[2] = ATOM_EXT_PLL1;
		index = DC_BIOS_CMD_SET_PIXEL_CLOCK;
	}
	return dc_bios_run(dc->bios, dc->hw, index, ps, 8, &lim, berr) < 0 ? -EIO : 0;
}

/*
 * AMD's Carrizo table, setting DISPCLK, also writes every DP_DTOn_MODULO
 * (docs/bios.md, "The display clock"): a running DP stream's clock would
 * move. Its DTO is written back as Display Core set it (no write where it
 * still holds that).
 */
static void restore_dtos(struct dc *dc)
{
	for (unsigned i = 0; i < dc->current.stream_count; i++) {
		const struct dc_stream *s = &dc->current.streams[i];
		struct dc_error err;

		if (s->res.clock_source != DC_CLOCK_SOURCE_DP_DTO || s->res.timing_generator < 0)
			continue;
		if (dc_stream_program_dto(dc, s, (int)i, &err))
			dc_log(dc, DC_LOG_ERROR, "after DISPCLK: %s", err.message);
	}
}

/* Runs the table for khz; on success the running DP streams keep their clocks. */
static int set_dispclk(struct dc *dc, uint32_t khz, struct dc_bios_error *berr)
{
	int r = run_table(dc, khz, berr);

	if (r == 0)
		restore_dtos(dc);
	return r;
}

/* What the state needs, at least the boot clock. */
static uint32_t target_khz(const struct dc *dc, uint32_t need_khz)
{
	uint32_t floor = dc->bios ? dc->bios_fw.default_dispclk_khz : 0;

	return need_khz > floor ? need_khz : floor;
}

/*
 * The DENTIST step above clock khz (one it set), as a request that a table
 * rounding down still meets: the step's clock rounded up to the MHz (AMD's
 * Carrizo table, asked for 626.09 MHz, still sets 600). 0 when khz is the
 * top step.
 */
static uint32_t step_above(const struct dc *dc, uint32_t khz)
{
	uint32_t did = dce110_dentist_did(dc->dentist_vco_khz, khz);
	uint64_t q;

	if (did <= DCE110_DENTIST_DID_MIN)
		return 0;
	q = dce110_dentist_quarters(did - 1);
	return (uint32_t)(((uint64_t)dc->dentist_vco_khz * 4 + q * 1000 - 1) / (q * 1000) * 1000);
}

/*
 * DISPCLK to the lowest DENTIST step at or above want, through the table.
 * Our own tables set that step when asked for want; AMD's Carrizo and
 * Stoney tables set the highest step at or below the clock asked for (seen
 * on the simulator: 623.7 MHz gives 600), so a table that fell short is
 * asked once more, for the step above what it set. *got is what is set.
 */
static int reach(struct dc *dc, uint32_t want, uint32_t *got, struct dc_bios_error *berr)
{
	uint32_t ask = want;

	for (unsigned tries = 0; tries < 2 && ask; tries++) {
		if (set_dispclk(dc, ask, berr) < 0)
			return -EIO;
		*got = dc_dispclk_khz(dc);
		if (*got >= want)
			break;
		ask = step_above(dc, *got);
	}
	return 0;
}

int dc_dispclk_raise(struct dc *dc, uint32_t need_khz, struct dc_error *err)
{
	uint32_t want = target_khz(dc, need_khz), have = dc_dispclk_khz(dc), got = have;
	struct dc_bios_error berr = { 0 };

	if (have >= want)
		return 0;
	if (dc->dispclk_table == DC_DISPCLK_NONE)
		return dc_error_set(err, DC_ERR_DISPLAY_CLOCK, -1, -1,
				    "DISPCLK: %u kHz needed, %u kHz set, and %s", need_khz, have,
				    dc->bios ? "the video BIOS has no table dcd knows that sets it"
					     : "there are no video BIOS tables to set it");
	if (reach(dc, want, &got, &berr) < 0) {
		dc_log(dc, DC_LOG_ERROR, "DISPCLK to %u kHz through %s: %s", want, table_name(dc),
		       berr.message);
		return dc_error_set(err, DC_ERR_DISPLAY_CLOCK, -1, -1,
				    "DISPCLK: the video BIOS could not raise it from %u to %u kHz "
				    "(%s): %s",
				    have, want, table_name(dc), berr.message);
	}
	if (got < want)
		return dc_error_set(err, DC_ERR_DISPLAY_CLOCK, -1, -1,
				    "DISPCLK: %s was asked for %u kHz and left %u kHz",
				    table_name(dc), want, got);
	dc_log(dc, DC_LOG_INFO, "DISPCLK %u -> %u kHz (%u kHz needed)", have, got, need_khz);
	return 0;
}

void dc_dispclk_lower(struct dc *dc, uint32_t need_khz)
{
	uint32_t want = target_khz(dc, need_khz), have = dc_dispclk_khz(dc), got = have;
	uint32_t would = dce110_dentist_khz(dc->dentist_vco_khz,
					    dce110_dentist_did(dc->dentist_vco_khz, want));
	struct dc_bios_error berr = { 0 };

	if (would >= have || dc->dispclk_table == DC_DISPCLK_NONE)
		return;
	if (reach(dc, want, &got, &berr) < 0)
		dc_log(dc, DC_LOG_WARNING, "DISPCLK down to %u kHz through %s: %s", want,
		       table_name(dc), berr.message);
	else if (got < want)
		dc_log(dc, DC_LOG_ERROR, "DISPCLK down to %u kHz through %s: %u kHz set", want,
		       table_name(dc), got);
	else
		dc_log(dc, DC_LOG_INFO, "DISPCLK %u -> %u kHz", have, got);
}
