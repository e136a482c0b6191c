/*
 * The transmitter's PHY through the video BIOS, as the public DC driver
 * does it on DCE 10/11: UNIPHYTransmitterControl powers the PHY up
 * (ENABLE), for DP at a link rate on a lane count, for HDMI and DVI at
 * the TMDS clock on four lanes (eight for dual link) with the stream's
 * display PLL as the PHY's reference; it sets the DP drive levels during
 * training (SETUP_VSEMPH, atombios.h's ATOM_TRANSMITTER_ACTION_SETUP_VSEMPH)
 * and powers the PHY down (DISABLE). Display Core reads what a DP PHY runs
 * at back from the public registers (dce110_link_enc.c) and never writes
 * the PHY itself.
 *
 * Parameters (atombios.h), in the revision the image carries:
 *  - 1.5, DIG_TRANSMITTER_CONTROL_PARAMETERS_V1_5 (AMD's Carrizo and
 *    Stoney images): the symbol clock in 10 kHz (for DP the link rate per
 *    lane / 10, for TMDS the TMDS clock), the PHY (UNIPHY A..G = 0..6),
 *    the action, the lane count, the connector object's id, the DIG mode,
 *    the config byte (the PHY's reference clock in bits 2-3: P1PLL 0,
 *    P2PLL 1, P0PLL 2; the HPD line in bits 4-6), the DIG front end as a
 *    bit and the DPCD lane setting.
 *  - 1.6, DIG_TRANSMITTER_CONTROL_PARAMETERS_V1_6 (DCE 11.2): the same
 *    with the DIG mode and the lane setting sharing a byte, the symbol
 *    clock a dword and the HPD line a byte of its own (and no reference
 *    clock select).
 * One lane setting serves every lane (the tables have no lane select), so
 * training keeps the levels of all lanes equal (dp_training.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../dce110/dce110_regs.h"
#include "dc_bios.h"
#include "dc_priv.h"

/* atombios.h */
#define ATOM_TRANSMITTER_ACTION_DISABLE	      0
#define ATOM_TRANSMITTER_ACTION_ENABLE	      1
#define ATOM_TRANSMITTER_ACTION_SETUP_VSEMPH  11
#define ATOM_TRANSMITTER_DIGMODE_DP	      0
#define ATOM_TRANSMITTER_DIGMODE_DVI	      2
#define ATOM_TRANSMITTER_DIGMODE_HDMI	      3
#define ATOM_TRANSMITTER_CONFIG_V5_HPD_SHIFT  4
#define ATOM_TRANSMITTER_CONFIG_V5_REF_SHIFT  2
#define DP_LANE_SET_PREEMPH_SHIFT	      3
#define TRANSMITTER_REV_5		      5
#define TRANSMITTER_REV_6		      6
/* ObjectID.h: the connector object's id byte */
#define CONNECTOR_OBJECT_ID_SINGLE_LINK_DVI_D 0x03
#define CONNECTOR_OBJECT_ID_DUAL_LINK_DVI_D   0x04
#define CONNECTOR_OBJECT_ID_HDMI_TYPE_A	      0x0c
#define CONNECTOR_OBJECT_ID_DISPLAYPORT	      0x13
#define CONNECTOR_OBJECT_ID_EDP		      0x14

/* The PHY locks and calibrates in well under a millisecond. */
#define TRANSMITTER_LIMIT_NS (50ull * 1000 * 1000)

void dc_bios_phy_init(struct dc *dc)
{
	struct dc_bios_table t;

	dc->bios_utc_rev = 0;
	dc->bios_phy_readback = false;
	dc->bios_phy_why[0] = '\0';
	if (dc_bios_cmd_table(dc->bios, DC_BIOS_CMD_UNIPHY_TRANSMITTER_CONTROL, &t)) {
		snprintf(dc->bios_phy_why, sizeof(dc->bios_phy_why),
			 "video BIOS %s has no UNIPHYTransmitterControl table (76)",
			 dc_bios_version(dc->bios));
	} else if (t.format_rev != 1 ||
		   (t.content_rev != TRANSMITTER_REV_5 && t.content_rev != TRANSMITTER_REV_6)) {
		snprintf(dc->bios_phy_why, sizeof(dc->bios_phy_why),
			 "video BIOS %s has UNIPHYTransmitterControl %u.%u, dcd knows 1.5 and 1.6",
			 dc_bios_version(dc->bios), t.format_rev, t.content_rev);
	} else {
		struct dc_bios_error berr = { 0 };
		struct dc_board board;

		dc->bios_utc_rev = t.content_rev;
		/*
		 * DP training reads the PHY back (the link rate, the drive
		 * levels); TMDS does not, so a PHY whose registers are reserved
		 * in the public header still goes up for HDMI and DVI.
		 */
		dc->bios_phy_readback = !dc->pool->regs->uniphy_reserved;
		if (!dc->bios_phy_readback)
			snprintf(dc->bios_phy_why, sizeof(dc->bios_phy_why),
				 "the UNIPHY registers of %s are reserved in its public header: "
				 "dcd cannot read the PHY back",
				 dc->pool->dce);
		/* the transmitters the image's display paths use: those it drives;
		 * an image without display paths (our own) drives them all */
		dc->bios_phy_mask = ~0u;
		if (dc_bios_board(dc->bios, dc->pool->asic, &board, &berr) == 0) {
			dc->bios_phy_mask = 0;
			for (unsigned i = 0; i < board.connector_count; i++)
				dc->bios_phy_mask |= 1u << board.connectors[i].dig_be;
		}
	}
}

/*
 * Every PHY is powered up through the video BIOS's UNIPHYTransmitterControl:
 * the DIG registers alone leave it off on silicon, whatever the simulator
 * would show. DP also needs the PHY read back (training), TMDS does not.
 */
int dc_bios_phy_check(struct dc *dc, unsigned link, enum dc_signal signal, int stream,
		      struct dc_error *err)
{
	const struct dc_link *l = &dc->links[link];
	unsigned dig = l->desc.dig_be;
	bool dp = signal == DC_SIGNAL_DP || signal == DC_SIGNAL_EDP;
	char why[192];

	if (dp ? dc_bios_phy(dc, dig) : dc_bios_phy_tmds(dc, dig))
		return 0;
	dc_bios_phy_why_not(dc, dig, why, sizeof(why));
	if (dp) {
		dc_log(dc, DC_LOG_ERROR,
		       "%s: the DP PHY's link rate and drive levels are set through the video "
		       "BIOS's UNIPHYTransmitterControl, and %s",
		       l->name, why);
		dc_error_set(err, DC_ERR_LINK_TRAINING, stream, -1,
			     "%s: DP output refused: the DP PHY cannot be programmed (%s)", l->name,
			     why);
		return -EOPNOTSUPP;
	}
	dc_log(dc, DC_LOG_ERROR,
	       "%s: a TMDS PHY is powered up through the video BIOS's "
	       "UNIPHYTransmitterControl, and %s",
	       l->name, why);
	dc_error_set(err, DC_ERR_LINK_ENCODER, stream, -1,
		     "%s: %s output refused: UNIPHY %c cannot be powered up (%s)", l->name,
		     signal == DC_SIGNAL_HDMI ? "HDMI" : "DVI", 'A' + (char)dig, why);
	return -EOPNOTSUPP;
}

/* The image's display paths use link encoder dig (our own images: all of them). */
static bool on_board(const struct dc *dc, unsigned dig)
{
	return dig < 32 && (dc->bios_phy_mask >> dig & 1);
}

bool dc_bios_phy_tmds(const struct dc *dc, unsigned dig)
{
	return dc->bios && dc->bios_utc_rev && on_board(dc, dig);
}

bool dc_bios_phy(const struct dc *dc, unsigned dig)
{
	return dc_bios_phy_tmds(dc, dig) && dc->bios_phy_readback;
}

void dc_bios_phy_why_not(const struct dc *dc, unsigned dig, char *buf, size_t n)
{
	if (!dc->bios)
		snprintf(buf, n, "no video BIOS image to run UNIPHYTransmitterControl from");
	else if (!dc->bios_utc_rev || on_board(dc, dig))
		snprintf(buf, n, "%s", dc->bios_phy_why);
	else
		snprintf(buf, n,
			 "UNIPHY %c is not on the board of video BIOS %s, whose "
			 "UNIPHYTransmitterControl drives only its own transmitters",
			 'A' + (char)dig, dc_bios_version(dc->bios));
}

static uint8_t connector_id(enum dc_link_type type, bool dual)
{
	switch (type) {
	case DC_LINK_DP:
		return CONNECTOR_OBJECT_ID_DISPLAYPORT;
	case DC_LINK_EDP:
		return CONNECTOR_OBJECT_ID_EDP;
	case DC_LINK_HDMI_A:
		return CONNECTOR_OBJECT_ID_HDMI_TYPE_A;
	default:
		return dual ? CONNECTOR_OBJECT_ID_DUAL_LINK_DVI_D
			    : CONNECTOR_OBJECT_ID_SINGLE_LINK_DVI_D;
	}
}

/*
 * The PHY's reference for TMDS: the display PLL of the stream, in the
 * config byte's numbering (P1PLL 0, P2PLL 1, P0PLL 2), which is
 * SetPixelClock's PPLL numbering (bios_clock.c's atom_pll). DP leaves it 0
 * (P1PLL), as the kernel's default does.
 */
static uint8_t phy_reference(unsigned pll)
{
	static const uint8_t ref[] = { 2, 0, 1 }; /* PLL 0, 1, 2: P0PLL, P1PLL, P2PLL */

	return pll < sizeof(ref) ? ref[pll] : 0;
}

/* Runs the table for link's transmitter; 0 or -EIO with the table's words in the log. */
static int run(struct dc *dc, unsigned link, unsigned action, unsigned mode, uint32_t clk_10khz,
	       unsigned lanes, uint8_t lane_set, uint8_t reference)
{
	const struct dc_link *l = &dc->links[link];
	const struct dc_bios_run_limits lim = { .time_limit_ns = TRANSMITTER_LIMIT_NS };
	unsigned phy = l->desc.dig_be, hpd = l->desc.hpd + 1u;
	uint8_t conn = connector_id(l->desc.type, l->desc.dual_link);
	/* the front ends feeding this back end now (a retraining under a stream
	 * keeps its own), else the DIG's own: the table selects them */
	uint32_t fe = DC_FIELD_GET(dc_hw_read(dc->hw, mmDIG_BE_CNTL + dce110_dig_offsets[phy]),
				   DIG_BE_CNTL, DIG_FE_SOURCE_SELECT);
	uint8_t fe_sel = (uint8_t)(fe ? fe : 1u << phy);
	struct dc_bios_error berr = { 0 };
	uint8_t p[32] = { 0 };
	uint32_t ps[8];

	if (dc->bios_utc_rev == TRANSMITTER_REV_6) {
		/* DIG_TRANSMITTER_CONTROL_PARAMETERS_V1_6 */
		p[0] = (uint8_t)phy;
		p[1] = (uint8_t)action;
		p[2] = action == ATOM_TRANSMITTER_ACTION_SETUP_VSEMPH ? lane_set : (uint8_t)mode;
		p[3] = (uint8_t)lanes;
		memcpy(p + 4, &clk_10khz, 4);
		p[8] = (uint8_t)hpd;
		p[9] = fe_sel;
		p[10] = conn;
	} else {
		/* DIG_TRANSMITTER_CONTROL_PARAMETERS_V1_5 */
		p[0] = (uint8_t)clk_10khz;
		p[1] = (uint8_t)(clk_10khz >> 8);
		p[2] = (uint8_t)phy;
		p[3] = (uint8_t)action;
		p[4] = (uint8_t)lanes;
		p[5] = conn;
		p[6] = (uint8_t)mode;
		p[7] = (uint8_t)(hpd << ATOM_TRANSMITTER_CONFIG_V5_HPD_SHIFT |
				 reference << ATOM_TRANSMITTER_CONFIG_V5_REF_SHIFT);
		p[8] = fe_sel;
		p[9] = lane_set;
	}
	memcpy(ps, p, sizeof(ps));
	if (dc_bios_run(dc->bios, dc->hw, DC_BIOS_CMD_UNIPHY_TRANSMITTER_CONTROL, ps, 8, &lim,
			&berr) < 0) {
		dc_log(dc, DC_LOG_ERROR, "%s: UNIPHYTransmitterControl (action %u): %s", l->name,
		       action, berr.message);
		return -EIO;
	}
	return 0;
}

int dc_bios_phy_dp_enable(struct dc *dc, unsigned link, uint32_t rate_mbps, unsigned lanes)
{
	return run(dc, link, ATOM_TRANSMITTER_ACTION_ENABLE, ATOM_TRANSMITTER_DIGMODE_DP,
		   rate_mbps * 10, lanes, 0, 0);
}

static unsigned dig_mode(enum dc_signal signal)
{
	switch (signal) {
	case DC_SIGNAL_HDMI:
		return ATOM_TRANSMITTER_DIGMODE_HDMI;
	case DC_SIGNAL_DVI_SINGLE:
	case DC_SIGNAL_DVI_DUAL:
		return ATOM_TRANSMITTER_DIGMODE_DVI;
	default:
		return ATOM_TRANSMITTER_DIGMODE_DP;
	}
}

int dc_bios_phy_tmds_enable(struct dc *dc, unsigned link, enum dc_signal signal, uint32_t tmds_khz,
			    unsigned pll)
{
	return run(dc, link, ATOM_TRANSMITTER_ACTION_ENABLE, dig_mode(signal), tmds_khz / 10,
		   signal == DC_SIGNAL_DVI_DUAL ? 8 : 4, 0, phy_reference(pll));
}

int dc_bios_phy_dp_drive(struct dc *dc, unsigned link, uint32_t rate_mbps, unsigned lanes,
			 uint8_t swing, uint8_t pre)
{
	return run(dc, link, ATOM_TRANSMITTER_ACTION_SETUP_VSEMPH, ATOM_TRANSMITTER_DIGMODE_DP,
		   rate_mbps * 10, lanes, (uint8_t)(swing | pre << DP_LANE_SET_PREEMPH_SHIFT), 0);
}

void dc_bios_phy_disable(struct dc *dc, unsigned link, enum dc_signal signal)
{
	run(dc, link, ATOM_TRANSMITTER_ACTION_DISABLE, dig_mode(signal), 0, 0, 0, 0);
}
