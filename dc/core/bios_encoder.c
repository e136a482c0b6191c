/*
 * The DIG front end's TMDS setup through the video BIOS, as the public DC
 * driver does it on DCE 10/11 before the transmitter comes up (its stream
 * encoder's HDMI and DVI stream attributes): DIGxEncoderControl with
 * ATOM_ENCODER_CMD_SETUP, the clock, the front end, HDMI or DVI, the lane
 * count and the colour depth. DP streams do not use it (their front end is
 * set up with registers alone). Afterwards Display Core programs the front
 * end's own fields (dce110_se_setup), which the table may have cleared.
 *
 * Two revisions, with the parameters the kernel gives them (atombios.h):
 *  - 1.4, DIG_ENCODER_CONTROL_PARAMETERS_V4 (AMD's Carrizo and Stoney
 *    images, DCE 10/11.0): the clock in 10 kHz (a word), the config byte
 *    (the front end in bits 4-6; link rate 1 in bits 0-1 for more than
 *    four lanes, i.e. dual-link DVI), the action, the encoder mode, the
 *    lanes, the bits per colour and the HPD line (0: the table leaves HPD
 *    alone, as the kernel asks).
 *  - 1.5, ENCODER_STREAM_SETUP_PARAMETERS_V5 (Polaris images, DCE 11.2):
 *    the front end, the action, the mode, the lanes, the clock in 10 kHz
 *    (a dword), the bits per colour, the DP link rate (0 for TMDS).
 * The clock is the TMDS clock for HDMI (the pixel clock times the colour
 * depth over 24 bits, 4:2:2 excepted) and the pixel clock for DVI. That is
 * what the kernel's code means to pass: its comments ask for "pixel clock
 * * deep_color_ratio". For 1.5 (and for UNIPHYTransmitterControl 1.5/1.6)
 * it multiplies by the ratio once more, on a clock that already is the
 * TMDS clock; dcd does not, and docs/hardware.md says that this is open.
 * The bits per colour are the stream's for HDMI and undefined (0) for
 * DVI, where the kernel gives none; 6 bits are 0 too, as in the kernel.
 *
 * An image without the table, or with another revision, sets nothing up
 * here: the front end's registers are then all Display Core's
 * (docs/hardware.md says what that leaves open on silicon).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dc_bios.h"
#include "dc_priv.h"

/* atombios.h */
#define ATOM_ENCODER_CMD_SETUP			  0x0f
#define ATOM_ENCODER_MODE_DVI			  2
#define ATOM_ENCODER_MODE_HDMI			  3
#define ATOM_ENCODER_CONFIG_V4_ENCODER_SHIFT	  4
#define ATOM_ENCODER_CONFIG_V4_DPLINKRATE_2_70GHZ 0x01
#define PANEL_BPC_UNDEFINE			  0
#define PANEL_8BIT_PER_COLOR			  2
#define PANEL_10BIT_PER_COLOR			  3
#define PANEL_12BIT_PER_COLOR			  4
#define ENCODER_REV_4				  4
#define ENCODER_REV_5				  5

/* The table runs a few register writes; a bound well above that. */
#define ENCODER_LIMIT_NS (10ull * 1000 * 1000)

void dc_bios_encoder_init(struct dc *dc)
{
	struct dc_bios_table t;

	dc->bios_dec_rev = 0;
	if (dc->bios && !dc_bios_cmd_table(dc->bios, DC_BIOS_CMD_DIG_ENCODER_CONTROL, &t) &&
	    t.format_rev == 1 && (t.content_rev == ENCODER_REV_4 || t.content_rev == ENCODER_REV_5))
		dc->bios_dec_rev = t.content_rev;
}

/* The kernel's: 8, 10 and 12 bits have a code, anything else is undefined. */
static uint8_t bits_per_color(uint8_t bpc)
{
	switch (bpc) {
	case 8:
		return PANEL_8BIT_PER_COLOR;
	case 10:
		return PANEL_10BIT_PER_COLOR;
	case 12:
		return PANEL_12BIT_PER_COLOR;
	default:
		return PANEL_BPC_UNDEFINE;
	}
}

/*
 * The parameters of either revision for stream s (see the top): the bytes
 * the table reads, little-endian, in p (32 bytes, zeroed).
 */
static void setup_params(const struct dc *dc, const struct dc_stream *s, uint8_t *p)
{
	enum dc_signal signal = s->res.signal;
	bool hdmi = signal == DC_SIGNAL_HDMI;
	uint8_t fe = (uint8_t)s->res.stream_encoder;
	uint8_t lanes = signal == DC_SIGNAL_DVI_DUAL ? 8 : 4;
	uint8_t bpc = hdmi ? bits_per_color(s->bpc) : PANEL_BPC_UNDEFINE;
	uint32_t clk_10khz = s->res.pixel_clock_khz / 10;
	uint8_t mode = hdmi ? ATOM_ENCODER_MODE_HDMI : ATOM_ENCODER_MODE_DVI;

	if (dc->bios_dec_rev == ENCODER_REV_4) {
		/* DIG_ENCODER_CONTROL_PARAMETERS_V4 */
		p[0] = (uint8_t)clk_10khz;
		p[1] = (uint8_t)(clk_10khz >> 8);
		p[2] = (uint8_t)(fe << ATOM_ENCODER_CONFIG_V4_ENCODER_SHIFT);
		if (lanes > 4)
			p[2] |= ATOM_ENCODER_CONFIG_V4_DPLINKRATE_2_70GHZ;
		p[3] = ATOM_ENCODER_CMD_SETUP;
		p[4] = mode;
		p[5] = lanes;
		p[6] = bpc;
		return;
	}
	/* ENCODER_STREAM_SETUP_PARAMETERS_V5 */
	p[0] = fe;
	p[1] = ATOM_ENCODER_CMD_SETUP;
	p[2] = mode;
	p[3] = lanes;
	p[4] = (uint8_t)clk_10khz;
	p[5] = (uint8_t)(clk_10khz >> 8);
	p[6] = (uint8_t)(clk_10khz >> 16);
	p[7] = (uint8_t)(clk_10khz >> 24);
	p[8] = bpc;
}

int dc_bios_encoder_setup(struct dc *dc, const struct dc_stream *s, struct dc_error *err)
{
	const struct dc_bios_run_limits lim = { .time_limit_ns = ENCODER_LIMIT_NS };
	enum dc_signal signal = s->res.signal;
	struct dc_bios_error berr = { 0 };
	uint8_t p[32] = { 0 };
	uint32_t ps[8];

	if (!dc->bios || !dc->bios_dec_rev ||
	    (signal != DC_SIGNAL_HDMI && signal != DC_SIGNAL_DVI_SINGLE &&
	     signal != DC_SIGNAL_DVI_DUAL))
		return 0;
	setup_params(dc, s, p);
	memcpy(ps, p, sizeof(ps));
	if (dc_bios_run(dc->bios, dc->hw, DC_BIOS_CMD_DIG_ENCODER_CONTROL, ps, 8, &lim, &berr) <
	    0) {
		dc_log(dc, DC_LOG_ERROR, "%s: DIGxEncoderControl 1.%u (setup): %s",
		       dc->links[s->link].name, dc->bios_dec_rev, berr.message);
		dc_error_set(err, DC_ERR_LINK_TRAINING, -1, -1,
			     "%s: the video BIOS's DIGxEncoderControl 1.%u failed: %s",
			     dc->links[s->link].name, dc->bios_dec_rev, berr.message);
		return -EIO;
	}
	return 0;
}
