/*
 * Pixel clocks through the video BIOS, as the public DC driver does on
 * DCE 10/11: the image's SetPixelClock table programs the display PLL with
 * the dividers dc/calcs chose and routes it to the CRTC. Display Core then
 * reads the PLL back with the public register semantics (dce110_ppll.c)
 * for its own timeline (vblank.c) and for adoption (snapshot.c).
 *
 * Parameters (atombios.h), in the revision the image carries:
 *  - 1.6, PIXEL_CLOCK_PARAMETERS_V6 (DCE 10 and 11.0: AMD's Carrizo and
 *    Stoney images, our own Tonga/Fiji image): the clock in 10 kHz with the
 *    CRTC in the top byte, the integer feedback, post and reference
 *    dividers dc/calcs chose, the PLL, the transmitter, the encoder mode
 *    and, in the misc byte, the HDMI colour depth. dcd asks only for
 *    integer feedback dividers (the fraction 0): where a fraction lands in
 *    the PLL is not in the public headers, so neither this code nor the
 *    simulator could check it. As in the kernel, the PLL makes the TMDS
 *    clock (HDMI deep colour included), and afterwards the DCCG's deep
 *    colour divider (PIXCLKn_RESYNC_CNTL) gives the CRTC the pixel clock.
 *  - 1.7, PIXEL_CLOCK_PARAMETERS_V7 (DCE 11.2, our own Polaris image): the
 *    clock in 100 Hz, the PLL, transmitter, encoder mode and CRTC; the
 *    table picks the dividers itself. The clock is the pixel clock: the
 *    display PLLs dcd uses there have no deep colour divider, and the
 *    kernel clocks TMDS from other PLLs (docs/hardware.md).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../dce110/dce110.h"
#include "dc_bios.h"
#include "dc_priv.h"

/* atombios.h */
#define ATOM_PPLL1			   0
#define ATOM_PPLL2			   1
#define ATOM_PPLL0			   2
#define ATOM_ENCODER_MODE_DVI		   2
#define ATOM_ENCODER_MODE_HDMI		   3
#define ATOM_CRTC_INVALID		   0xff
#define ENCODER_OBJECT_ID_INTERNAL_UNIPHY  0x1e
#define ENCODER_OBJECT_ID_INTERNAL_UNIPHY1 0x20
#define ENCODER_OBJECT_ID_INTERNAL_UNIPHY2 0x21
#define ENCODER_OBJECT_ID_INTERNAL_UNIPHY3 0x25
#define PIXEL_CLOCK_V6_MISC_HDMI_30BPP_V6  0x04
#define PIXEL_CLOCK_V6_MISC_HDMI_36BPP_V6  0x08
#define PIXEL_CLOCK_REV_6		   6
#define PIXEL_CLOCK_REV_7		   7

/* SetPixelClock's own bound: the PLL locks in well under a millisecond. */
#define SET_PIXEL_CLOCK_LIMIT_NS (50ull * 1000 * 1000)

/*
 * What makes an image Display Core's: it loads, its FirmwareInfo gives a
 * reference clock and PPLL range, and it has a SetPixelClock Display Core
 * knows. On success *out is the loaded image (the caller owns it).
 */
static int accept_vbios(const void *image, size_t len, struct dc_bios **out,
			struct dc_bios_firmware_info *fw, uint8_t *spc_rev, struct dc_error *err)
{
	struct dc_bios_error berr = { 0 };
	struct dc_bios_table t;
	struct dc_bios *bios;
	int r;

	if (!image)
		return -EINVAL;
	r = dc_bios_load(image, len, &bios, &berr);
	if (r < 0)
		return dc_error_set(err, DC_ERR_INVALID, -1, -1, "video BIOS: %s", berr.message);
	r = dc_bios_firmware_info(bios, fw, &berr);
	if (r == 0 && (!fw->ref_clock_khz || !fw->ppll_max_output_khz))
		r = -EINVAL;
	if (r < 0) {
		dc_error_set(
			err, DC_ERR_INVALID, -1, -1,
			"video BIOS %s: no FirmwareInfo with a reference clock and PPLL range%s%s",
			dc_bios_version(bios), berr.message[0] ? ": " : "", berr.message);
		dc_bios_destroy(bios);
		return -EINVAL;
	}
	if (dc_bios_cmd_table(bios, DC_BIOS_CMD_SET_PIXEL_CLOCK, &t) || t.format_rev != 1 ||
	    (t.content_rev != PIXEL_CLOCK_REV_6 && t.content_rev != PIXEL_CLOCK_REV_7)) {
		dc_error_set(err, DC_ERR_INVALID, -1, -1,
			     "video BIOS %s: no SetPixelClock table of revision 1.6 or 1.7",
			     dc_bios_version(bios));
		dc_bios_destroy(bios);
		return -EINVAL;
	}
	*out = bios;
	*spc_rev = t.content_rev;
	return 0;
}

int dc_vbios_check(const void *image, size_t len, struct dc_error *err)
{
	struct dc_bios_firmware_info fw;
	struct dc_bios *bios;
	uint8_t rev;
	int r = accept_vbios(image, len, &bios, &fw, &rev, err);

	if (r == 0)
		dc_bios_destroy(bios);
	return r;
}

/*
 * Display Core's image and what it reads from it change only once the new
 * image is accepted whole: a refused image leaves the one before in use
 * (dcd offers one source after another: --vbios, ROM, VFCT).
 */
int dc_set_vbios(struct dc *dc, const void *image, size_t len, struct dc_error *err)
{
	struct dc_bios_firmware_info fw;
	struct dc_bios *bios;
	uint8_t rev;
	int r;

	if (!dc)
		return -EINVAL;
	r = accept_vbios(image, len, &bios, &fw, &rev, err);
	if (r < 0)
		return r;
	dc_bios_destroy(dc->bios);
	dc->bios = bios;
	dc->bios_fw = fw;
	dc->bios_spc_rev = rev;
	dc_bios_phy_init(dc);
	dc_bios_encoder_init(dc);
	dc_bios_gating_init(dc);
	dc_bios_crtc_init(dc);
	dc_dispclk_init(dc);
	dc_log(dc, DC_LOG_INFO,
	       "video BIOS %s (%s): pixel clocks through SetPixelClock 1.%u, %u kHz reference",
	       dc_bios_version(bios), dc_bios_date(bios), rev, dc->bios_fw.ref_clock_khz);
	return 0;
}

const char *dc_vbios_version(const struct dc *dc)
{
	return dc && dc->bios ? dc_bios_version(dc->bios) : NULL;
}

const char *dc_vbios_date(const struct dc *dc)
{
	return dc && dc->bios ? dc_bios_date(dc->bios) : NULL;
}

uint32_t dc_ref_khz(struct dc *dc)
{
	return dc->bios ? dc->bios_fw.ref_clock_khz : dc->pool->pll.ref_khz;
}

/* The ATOM PLL id of display PLL p (the public driver's PLL0, PLL1, PLL2). */
static uint32_t atom_pll(unsigned p)
{
	static const uint8_t ids[] = { ATOM_PPLL0, ATOM_PPLL1, ATOM_PPLL2 };

	return p < sizeof(ids) ? ids[p] : 0xff;
}

/* The encoder object of link encoder n (UNIPHY A..G): two links per UNIPHY. */
static uint32_t atom_transmitter(unsigned n)
{
	static const uint8_t ids[] = { ENCODER_OBJECT_ID_INTERNAL_UNIPHY,
				       ENCODER_OBJECT_ID_INTERNAL_UNIPHY1,
				       ENCODER_OBJECT_ID_INTERNAL_UNIPHY2,
				       ENCODER_OBJECT_ID_INTERNAL_UNIPHY3 };

	return n / 2 < sizeof(ids) ? ids[n / 2] : 0;
}

static int run_set_pixel_clock(struct dc *dc, uint32_t *ps, struct dc_bios_error *berr)
{
	const struct dc_bios_run_limits lim = { .time_limit_ns = SET_PIXEL_CLOCK_LIMIT_NS };

	return dc_bios_run(dc->bios, dc->hw, DC_BIOS_CMD_SET_PIXEL_CLOCK, ps, 8, &lim, berr);
}

/*
 * HDMI deep colour, as the kernel's clock source passes it: the DCCG's
 * divider (1: 30 bits, 2: 36 bits) for RGB, 4:4:4 and 4:2:0 at 10 or 12
 * bits; 0 for 8 bits, 4:2:2 (its TMDS clock is the pixel clock) and DVI.
 */
static unsigned deep_color_ratio(const struct dc_stream *s)
{
	if (s->res.signal != DC_SIGNAL_HDMI || s->encoding == DC_ENCODING_YCBCR422)
		return 0;
	return s->bpc == 10 ? 1 : s->bpc == 12 ? 2 : 0;
}

/* The clock the PLL makes: the TMDS clock validation planned (pixel clock for DVI). */
static uint32_t pll_khz(const struct dc *dc, const struct dc_stream *s)
{
	return dc->bios_spc_rev == PIXEL_CLOCK_REV_7 ? s->mode.clock : s->res.pixel_clock_khz;
}

/* The display PLL's limits within FirmwareInfo's, integer feedback dividers only. */
static void image_pll_limits(const struct dc *dc, struct dc_pll_limits *lim)
{
	const struct dc_bios_firmware_info *fw = &dc->bios_fw;

	*lim = dc->pool->pll;
	lim->ref_khz = fw->ref_clock_khz;
	lim->min_input_khz = fw->ppll_min_input_khz ? fw->ppll_min_input_khz : lim->min_input_khz;
	lim->max_input_khz = fw->ppll_max_input_khz ? fw->ppll_max_input_khz : lim->max_input_khz;
	lim->vco_min_khz = fw->ppll_min_output_khz;
	lim->vco_max_khz = fw->ppll_max_output_khz;
	lim->fb_frac_den = 1;
}

/* PLL rate of the dividers dc/calcs picks for target_khz, rounded to the kHz; 0 for none. */
static uint32_t pll_rate_for(const struct dc *dc, uint32_t target_khz, struct dc_pll_dividers *d)
{
	struct dc_pll_limits lim;

	image_pll_limits(dc, &lim);
	if (!target_khz || dc_pll_compute(&lim, target_khz, d))
		return 0;
	return (uint32_t)(((uint64_t)lim.ref_khz * d->fb_div * 1000 +
			   (uint64_t)d->ref_div * d->post_div * 500) /
			  ((uint64_t)d->ref_div * d->post_div * 1000));
}

bool dc_pll_agrees(const struct dc *dc, uint32_t want_khz, uint32_t have_khz)
{
	struct dc_pll_dividers d;
	uint32_t rate;

	if (want_khz == have_khz)
		return true;
	if (!dc->bios || dc->bios_spc_rev == PIXEL_CLOCK_REV_7)
		return false;
	rate = pll_rate_for(dc, want_khz, &d);
	/* have is a read back, rounded to the kHz once more through the pixel clock */
	return rate && rate + 1 >= have_khz && have_khz + 1 >= rate;
}

uint32_t dc_pll_target_khz(enum dc_signal signal, uint32_t pixel_khz,
			   enum dc_pixel_encoding encoding, uint8_t bpc)
{
	if (signal != DC_SIGNAL_HDMI)
		return pixel_khz;
	return (uint32_t)fixed32_32_round(dc_tmds_clock_khz(pixel_khz, encoding, bpc));
}

bool dc_clock_agrees(struct dc *dc, const struct dc_stream *s, uint32_t khz)
{
	/* the read back is rounded to the kHz */
	if (s->mode.clock + 1 >= khz && khz + 1 >= s->mode.clock)
		return true;
	/* a PLL dcd chose the dividers of: would the clock asked for run it as it runs? */
	return s->res.clock_source >= 0 && s->res.clock_source < DC_CLOCK_SOURCE_DP_DTO &&
	       dc_pll_agrees(dc, dc_pll_target_khz(s->res.signal, khz, s->encoding, s->bpc),
			     s->res.pixel_clock_khz);
}

/* PIXEL_CLOCK_PARAMETERS_V6: dividers from dc/calcs within FirmwareInfo's limits. */
static int params_v6(struct dc *dc, const struct dc_stream *s, uint32_t *ps, struct dc_error *err,
		     int index)
{
	static const uint8_t depth_misc[] = { 0, PIXEL_CLOCK_V6_MISC_HDMI_30BPP_V6,
					      PIXEL_CLOCK_V6_MISC_HDMI_36BPP_V6 };
	uint32_t khz = pll_khz(dc, s);
	const char *name = dc->links[s->link].name;
	unsigned pll = (unsigned)s->res.clock_source, tg = (unsigned)s->res.timing_generator;
	struct dc_pll_limits lim;
	struct dc_pll_dividers dv, *d = &dv;
	uint32_t mode =
		s->res.signal == DC_SIGNAL_HDMI ? ATOM_ENCODER_MODE_HDMI : ATOM_ENCODER_MODE_DVI;

	image_pll_limits(dc, &lim);
	if (dc_pll_compute(&lim, khz, d))
		return dc_error_set(
			err, DC_ERR_CLOCK_SOURCE, index, -1,
			"%s: PLL %u cannot make %u kHz from the %u kHz reference of the "
			"video BIOS",
			name, pll, khz, lim.ref_khz);
	ps[0] = khz / 10 | tg << 24;
	ps[1] = d->fb_div | (uint32_t)d->post_div << 16 | (uint32_t)d->ref_div << 24;
	ps[2] = atom_pll(pll) | atom_transmitter(s->res.link_encoder) << 8 | mode << 16 |
		(uint32_t)depth_misc[deep_color_ratio(s)] << 24;
	dc_log(dc, DC_LOG_DEBUG,
	       "%s: PLL %u for %u kHz through the video BIOS: ref div %u, fb div %u, post div %u",
	       name, pll, khz, d->ref_div, d->fb_div, d->post_div);
	return 0;
}

int dc_bios_pixel_clock(struct dc *dc, const struct dc_stream *s, struct dc_error *err, int index)
{
	const char *name = dc->links[s->link].name;
	unsigned pll = (unsigned)s->res.clock_source, tg = (unsigned)s->res.timing_generator;
	struct dc_bios_error berr = { 0 };
	uint32_t ps[8] = { 0 };
	uint32_t mode =
		s->res.signal == DC_SIGNAL_HDMI ? ATOM_ENCODER_MODE_HDMI : ATOM_ENCODER_MODE_DVI;
	int r;

	if (dc->bios_spc_rev == PIXEL_CLOCK_REV_7) {
		/* PIXEL_CLOCK_PARAMETERS_V7: the table picks the dividers */
		ps[0] = pll_khz(dc, s) * 10;
		ps[1] = atom_pll(pll) | atom_transmitter(s->res.link_encoder) << 8 | mode << 16;
		ps[2] = tg;
	} else if ((r = params_v6(dc, s, ps, err, index)) < 0) {
		return r;
	}
	r = run_set_pixel_clock(dc, ps, &berr);
	if (r == 0 && dc->bios_spc_rev == PIXEL_CLOCK_REV_7) {
		/* the table chose the dividers: it must have left the PLL running */
		struct dce110_pixel_rate rate = { .hz_num = 0, .hz_den = 1 };

		dce110_ppll_rate(dc->hw, dc->pool->regs, pll, dc->bios_fw.ref_clock_khz, &rate);
		if (!rate.hz_num) {
			snprintf(berr.message, sizeof(berr.message),
				 "SetPixelClock left PLL %u without a clock", pll);
			r = -ERANGE;
		}
	}
	if (r < 0) {
		dc_log(dc, DC_LOG_ERROR, "%s: SetPixelClock for PLL %u at %u kHz: %s", name, pll,
		       pll_khz(dc, s), berr.message);
		return dc_error_set(err, DC_ERR_CLOCK_SOURCE, index, -1,
				    "%s: the video BIOS could not set PLL %u to %u kHz: %s", name,
				    pll, pll_khz(dc, s), berr.message);
	}
	/* after the table, as the kernel's clock source: the CRTC gets the pixel clock */
	dce110_pll_set_deep_color(dc->hw, dc->pool->regs, pll, deep_color_ratio(s));
	return 0;
}

void dc_bios_pll_power_down(struct dc *dc, unsigned pll)
{
	struct dc_bios_error berr = { 0 };
	uint32_t ps[8] = { 0 };

	/* a pixel clock of 0 turns the PLL off; no CRTC (ATOM_CRTC_INVALID) */
	if (dc->bios_spc_rev == PIXEL_CLOCK_REV_7) {
		ps[1] = atom_pll(pll);
		ps[2] = ATOM_CRTC_INVALID;
	} else {
		ps[0] = (uint32_t)ATOM_CRTC_INVALID << 24;
		ps[2] = atom_pll(pll);
	}
	if (run_set_pixel_clock(dc, ps, &berr) < 0)
		dc_log(dc, DC_LOG_WARNING, "SetPixelClock turning PLL %u off: %s", pll,
		       berr.message);
}

void dc_pixel_rate(struct dc *dc, unsigned tg, struct dce110_pixel_rate *rate)
{
	/* without an image no PLL runs that dcd could know the reference of */
	dce110_clk_read(dc->hw, dc->pool->regs, tg, dc_dprefclk_khz(dc),
			dc->bios ? dc->bios_fw.ref_clock_khz : 0, rate);
}
