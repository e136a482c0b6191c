/*
 * The DIG front end's TMDS setup through the video BIOS, as the public DC
 * driver does it on DCE 10/11 before the transmitter comes up (its stream
 * encoder's HDMI and DVI stream attributes): DIGxEncoderControl with
 * ATOM_ENCODER_CMD_SETUP, the TMDS clock, the front end, HDMI or DVI, the
 * lane count and the colour depth. DP streams do not use it (their front
 * end is set up with registers alone). Afterwards Display Core programs
 * the front end's own fields (dce110_se_setup), which the table may have
 * cleared.
 *
 * Parameters: DIG_ENCODER_CONTROL_PARAMETERS_V4 (atombios.h), revision 1.4
 * (AMD's Carrizo and Stoney images): the pixel clock in 10 kHz (the TMDS
 * clock), the config byte (the front end in bits 4-6), the action, the
 * encoder mode, the lane count, the bits per colour and the HPD line (0:
 * the table leaves HPD alone, as the kernel asks).
 *
 * An image without the table (our own images), or with another revision,
 * sets nothing up here: the front end's registers are then all Display
 * Core's (docs/hardware.md says what that leaves open on silicon).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dc_bios.h"
#include "dc_priv.h"

/* atombios.h */
#define ATOM_ENCODER_CMD_SETUP		     0x0f
#define ATOM_ENCODER_MODE_DVI		     2
#define ATOM_ENCODER_MODE_HDMI		     3
#define ATOM_ENCODER_CONFIG_V4_ENCODER_SHIFT 4
#define PANEL_6BIT_PER_COLOR		     1
#define ENCODER_REV_4			     4

/* The table runs a few register writes; a bound well above that. */
#define ENCODER_LIMIT_NS (10ull * 1000 * 1000)

void dc_bios_encoder_init(struct dc *dc)
{
	struct dc_bios_table t;

	dc->bios_dec_rev = 0;
	if (dc->bios && !dc_bios_cmd_table(dc->bios, DC_BIOS_CMD_DIG_ENCODER_CONTROL, &t) &&
	    t.format_rev == 1 && t.content_rev == ENCODER_REV_4)
		dc->bios_dec_rev = t.content_rev;
}

/* PANEL_6BIT_PER_COLOR 1, 8 bits 2, 10 bits 3, 12 bits 4, 16 bits 5. */
static uint8_t bits_per_color(uint8_t bpc)
{
	switch (bpc) {
	case 6:
		return PANEL_6BIT_PER_COLOR;
	case 10:
		return PANEL_6BIT_PER_COLOR + 2;
	case 12:
		return PANEL_6BIT_PER_COLOR + 3;
	case 16:
		return PANEL_6BIT_PER_COLOR + 4;
	default:
		return PANEL_6BIT_PER_COLOR + 1;
	}
}

int dc_bios_encoder_setup(struct dc *dc, const struct dc_stream *s, struct dc_error *err)
{
	const struct dc_bios_run_limits lim = { .time_limit_ns = ENCODER_LIMIT_NS };
	enum dc_signal signal = s->res.signal;
	uint32_t clk_10khz = s->res.pixel_clock_khz / 10;
	struct dc_bios_error berr = { 0 };
	uint8_t p[32] = { 0 };
	uint32_t ps[8];

	if (!dc->bios || !dc->bios_dec_rev ||
	    (signal != DC_SIGNAL_HDMI && signal != DC_SIGNAL_DVI_SINGLE &&
	     signal != DC_SIGNAL_DVI_DUAL))
		return 0;
	/* DIG_ENCODER_CONTROL_PARAMETERS_V4 */
	p[0] = (uint8_t)clk_10khz;
	p[1] = (uint8_t)(clk_10khz >> 8);
	p[2] = (uint8_t)((unsigned)s->res.stream_encoder << ATOM_ENCODER_CONFIG_V4_ENCODER_SHIFT);
	p[3] = ATOM_ENCODER_CMD_SETUP;
	p[4] = signal == DC_SIGNAL_HDMI ? ATOM_ENCODER_MODE_HDMI : ATOM_ENCODER_MODE_DVI;
	p[5] = signal == DC_SIGNAL_DVI_DUAL ? 8 : 4;
	p[6] = bits_per_color(s->bpc);
	memcpy(ps, p, sizeof(ps));
	if (dc_bios_run(dc->bios, dc->hw, DC_BIOS_CMD_DIG_ENCODER_CONTROL, ps, 8, &lim, &berr) <
	    0) {
		dc_log(dc, DC_LOG_ERROR, "%s: DIGxEncoderControl (setup): %s",
		       dc->links[s->link].name, berr.message);
		dc_error_set(err, DC_ERR_LINK_TRAINING, -1, -1,
			     "%s: the video BIOS's DIGxEncoderControl failed: %s",
			     dc->links[s->link].name, berr.message);
		return -EIO;
	}
	return 0;
}
