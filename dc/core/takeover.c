/*
 * Taking the display engine over from the firmware, as the kernel's DC
 * does when it initialises DCE 10/11 hardware (its init_hw: VGA off on
 * every timing generator, then every pipe it does not drive powered
 * down), and amdgpu's memory controller setup turns VGA rendering off.
 *
 * What dcd does differently: a pipe that runs outside VGA mode is left
 * alone, because it is what an earlier dcd left (dc_snapshot and dc_adopt
 * take it over, docs/recovery.md). Encoders still on behind a stopped pipe
 * carry nothing and are turned off, as the kernel's init turns every
 * encoder off. A pipe in VGA mode is the video BIOS's
 * console, never Display Core's: the encoders carrying it are turned off
 * (the kernel turns every encoder off at init), the pipe is stopped, the
 * image's engine init runs as the kernel's does (dc_bios_pipes_init), and
 * the pipe is gated with every other idle pipe where the image can gate.
 * Nothing is written where nothing needs doing, so a restarted dcd writes
 * no register here.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../dce110/dce110.h"
#include "../dce110/dce110_link.h"
#include "../dce110/dce110_regs.h"
#include "dc_priv.h"

/* The fields the kernel clears to leave VGA mode. */
#define VGA_BITS                                                                           \
	(D1VGA_CONTROL__D1VGA_MODE_ENABLE_MASK | D1VGA_CONTROL__D1VGA_TIMING_SELECT_MASK | \
	 D1VGA_CONTROL__D1VGA_SYNC_POLARITY_SELECT_MASK |                                  \
	 D1VGA_CONTROL__D1VGA_OVERSCAN_COLOR_EN_MASK)

bool dc_pipe_in_vga_mode(struct dc *dc, unsigned tg)
{
	return tg < DCE110_VGA_PIPES &&
	       (dc_hw_read(dc->hw, dce110_vga_control[tg]) & D1VGA_CONTROL__D1VGA_MODE_ENABLE_MASK);
}

static bool pipe_powered(struct dc *dc, unsigned pipe)
{
	uint32_t st = dc_hw_read(dc->hw, mmPIPE0_PG_STATUS + dce110_pg_offsets[pipe]);

	return DC_FIELD_GET(st, PIPE0_PG_STATUS, PIPE0_PGFSM_PWR_STATUS) == DCE110_PGFSM_ON;
}

static bool in_state(const struct dc_state *cur, unsigned tg)
{
	for (unsigned i = 0; i < cur->stream_count; i++)
		if (cur->streams[i].res.timing_generator == (int)tg)
			return true;
	return false;
}

/* A timing generator runs (an earlier dcd's, to adopt) or is Display Core's. */
static bool any_running(struct dc *dc, const struct dc_state *cur)
{
	for (unsigned tg = 0; tg < dc->pool->timing_generators; tg++)
		if (in_state(cur, tg) || dce110_tg_enabled(dc->hw, tg))
			return true;
	return false;
}

/* Appends pipe n to a list "0, 2, 3". */
static void append(char *buf, size_t size, size_t *used, unsigned n)
{
	if (*used < size)
		*used += (size_t)snprintf(buf + *used, size - *used, "%s%u", *used ? ", " : "", n);
}

/*
 * The encoders carrying pipe tg off, as the link's disable does: the
 * stream encoder, then the transmitter (through the image's table where it
 * drives it) and the link encoder. Nothing is known of the sink yet.
 * False when no encoder takes the pipe's pixels.
 */
static bool output_off(struct dc *dc, unsigned tg)
{
	enum dc_signal signal;
	unsigned se, be, link;
	bool dp;

	if (dc_pipe_output(dc, tg, &se, &be, &link, &signal))
		return false;
	dp = signal == DC_SIGNAL_DP || signal == DC_SIGNAL_EDP;

	dce110_se_disable(dc->hw, dc->pool->regs, se, be);
	/* the PHY first, as a link's disable orders it: the table looks at the DIG */
	if (signal != DC_SIGNAL_NONE && (dp ? dc_bios_phy(dc, be) : dc_bios_phy_tmds(dc, be)))
		dc_bios_phy_disable(dc, link, signal);
	dce110_link_enc_disable(dc->hw, be);
	return true;
}

int dc_takeover(struct dc *dc)
{
	const struct dc_state *cur;
	char stopped[64] = "", gated[64] = "", dark[64] = "";
	size_t ns = 0, ng = 0, nd = 0;
	unsigned n_gated = 0;
	int ret = 0;

	if (!dc)
		return -EINVAL;
	cur = dc_current_state(dc);
	for (unsigned tg = 0; tg < dc->pool->timing_generators; tg++) {
		if (in_state(cur, tg) || tg >= DCE110_VGA_PIPES ||
		    !(dc_hw_read(dc->hw, dce110_vga_control[tg]) & VGA_BITS))
			continue;
		/* the video BIOS's console: blank, output off, stop, then out of VGA mode */
		if (dce110_tg_enabled(dc->hw, tg)) {
			dce110_tg_blank(dc->hw, tg, true);
			output_off(dc, tg);
			if (dc_crtc_enable(dc, tg, false))
				ret = -EIO;
		}
		dc_hw_update(dc->hw, dce110_vga_control[tg], VGA_BITS, 0);
		append(stopped, sizeof(stopped), &ns, tg);
	}
	dc_hw_update(dc->hw, mmVGA_RENDER_CONTROL, VGA_RENDER_CONTROL__VGA_VSTATUS_CNTL_MASK, 0);
	/* encoders still on behind a stopped pipe carry nothing: off, as the kernel's init */
	for (unsigned tg = 0; tg < dc->pool->timing_generators; tg++) {
		if (in_state(cur, tg) || dce110_tg_enabled(dc->hw, tg) || !output_off(dc, tg))
			continue;
		append(dark, sizeof(dark), &nd, tg);
	}
	/* taken from the firmware, with nothing of dcd's running: the engine's init */
	if (ns && !any_running(dc, cur) && dc->bios_pg) {
		if (dc_bios_pipes_init(dc))
			ret = -EIO;
		else
			dc_log(dc, DC_LOG_INFO, "engine initialised by the video BIOS (ATOM_INIT)");
	}
	for (unsigned tg = 0; dc->bios_pg && tg < dc->pool->timing_generators; tg++) {
		if (in_state(cur, tg) || dce110_tg_enabled(dc->hw, tg) || !pipe_powered(dc, tg))
			continue;
		if (dc_bios_pipe_power(dc, tg, false)) {
			ret = -EIO;
			continue;
		}
		append(gated, sizeof(gated), &ng, tg);
		n_gated++;
	}
	if (ns)
		dc_log(dc, DC_LOG_INFO,
		       "took over from the video BIOS: its VGA console on pipe %s stopped",
		       stopped);
	if (nd)
		dc_log(dc, DC_LOG_INFO, "encoders behind stopped pipe%s %s turned off",
		       strchr(dark, ',') ? "s" : "", dark);
	if (ng)
		dc_log(dc, DC_LOG_INFO, "idle pipe%s %s power-gated", n_gated > 1 ? "s" : "",
		       gated);
	return ret;
}
