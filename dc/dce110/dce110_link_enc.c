/*
 * The link encoder: DIG back end and its UNIPHY transmitter, in DP or TMDS
 * mode.
 *
 * DP: DIG_MODE DP, the lane count in DP_CONFIG.DP_UDI_LANES, the lanes in
 * DIG_LANE_ENABLE, the training pattern in DP_DPHY_TRAINING_PATTERN_SEL
 * while DP_LINK_CNTL.DP_LINK_TRAINING_COMPLETE is 0 (the DPHY sends training
 * patterns unscrambled; once training is complete it sends the scrambled
 * idle pattern and then video). The PHY's link rate and drive levels are the
 * video BIOS's UNIPHYTransmitterControl (dc/core/bios_phy.c); this file
 * only reads what it left in the public BPHYC_UNIPHYn registers
 * (dce110_uniphy_dp_read). Where no table programs the PHY there is no DP
 * (dp_training.c refuses it): no register of dcd's own stands in.
 *
 * TMDS: DIG_MODE HDMI or DVI, dual link on the even DIG of a UNIPHY pair.
 * The HDMI 2.0 scrambler bits live in HDMI_CONTROL of the encoder instance
 * (read-modify-write: the stream encoder programs the rest of it).
 */
#include <string.h>

#include "dce110_link.h"
#include "dce110_regs.h"

static uint32_t reg(unsigned dig, uint32_t generic)
{
	return generic + dce110_dig_offsets[dig];
}

static uint32_t lane_mask(unsigned lanes)
{
	return ((1u << lanes) - 1) | DIG_LANE_ENABLE__DIG_CLK_EN_MASK;
}

/* DP mode, lanes, framing and TPS1 on DIG dig, then DIG_ENABLE: everything but the PHY. */
void dce110_link_enc_dp_setup(struct dc_hw *hw, unsigned dig, unsigned hpd, unsigned lanes,
			      bool enhanced_framing)
{
	dc_hw_update(hw, reg(dig, mmDIG_BE_CNTL),
		     DIG_BE_CNTL__DIG_MODE_MASK | DIG_BE_CNTL__DIG_HPD_SELECT_MASK |
			     DIG_BE_CNTL__DIG_DUAL_LINK_ENABLE_MASK,
		     DC_FIELD(DIG_BE_CNTL, DIG_MODE, DCE110_DIG_MODE_DP) |
			     DC_FIELD(DIG_BE_CNTL, DIG_HPD_SELECT, hpd));
	dc_hw_update(hw, reg(dig, mmDP_CONFIG), DP_CONFIG__DP_UDI_LANES_MASK,
		     DC_FIELD(DP_CONFIG, DP_UDI_LANES, lanes - 1));
	dc_hw_update(hw, reg(dig, mmDP_LINK_FRAMING_CNTL),
		     DP_LINK_FRAMING_CNTL__DP_VID_ENHANCED_FRAME_MODE_MASK,
		     DC_FIELD(DP_LINK_FRAMING_CNTL, DP_VID_ENHANCED_FRAME_MODE, enhanced_framing));
	dc_hw_update(hw, reg(dig, mmDP_LINK_CNTL), DP_LINK_CNTL__DP_LINK_TRAINING_COMPLETE_MASK, 0);
	dc_hw_update(hw, reg(dig, mmDP_DPHY_TRAINING_PATTERN_SEL),
		     DP_DPHY_TRAINING_PATTERN_SEL__DPHY_TRAINING_PATTERN_SEL_MASK, 0);
	dc_hw_update(hw, reg(dig, mmDIG_LANE_ENABLE), lane_mask(4), lane_mask(lanes));
	dc_hw_update(hw, reg(dig, mmDIG_BE_EN_CNTL),
		     DIG_BE_EN_CNTL__DIG_ENABLE_MASK | DIG_BE_EN_CNTL__DIG_SYMCLK_BE_ON_MASK,
		     DIG_BE_EN_CNTL__DIG_ENABLE_MASK | DIG_BE_EN_CNTL__DIG_SYMCLK_BE_ON_MASK);
}

static uint32_t ureg(unsigned n, uint32_t generic)
{
	return generic + dce110_uniphy_offsets[n];
}

bool dce110_uniphy_dp_read(struct dc_hw *hw, unsigned n, uint32_t *rate_mbps, uint8_t swing[4],
			   uint8_t preemphasis[4])
{
	uint32_t fb, tx;
	uint64_t rate;

	if (n >= DCE110_MAX_UNIPHYS || !(dc_hw_read(hw, ureg(n, mmUNIPHY_PLL_CONTROL1)) &
					 UNIPHY_PLL_CONTROL1__UNIPHY_PLL_ENABLE_MASK))
		return false;
	/* feedback divider in 1/2^14 of the 100 MHz reference, our reading (docs/bios.md) */
	fb = dc_hw_read(hw, ureg(n, mmUNIPHY_PLL_FBDIV));
	rate = ((uint64_t)DC_FIELD_GET(fb, UNIPHY_PLL_FBDIV, UNIPHY_PLL_FBDIV) << 14 |
		DC_FIELD_GET(fb, UNIPHY_PLL_FBDIV, UNIPHY_PLL_FBDIV_FRACTION)) *
	       DCE110_UNIPHY_REF_MHZ;
	if (dc_hw_read(hw, ureg(n, mmUNIPHY_PLL_CONTROL2)) &
	    UNIPHY_PLL_CONTROL2__UNIPHY_PDIVFRAC_SEL_MASK)
		rate = rate * 2 / 5;
	*rate_mbps = (uint32_t)(rate >> 14);
	tx = dc_hw_read(hw, ureg(n, mmUNIPHY_TX_CONTROL1));
	for (unsigned i = 0; i < 4; i++) {
		swing[i] = (uint8_t)(tx >> (UNIPHY_TX_CONTROL1__UNIPHY_TX_VS0__SHIFT +
					    DCE110_UNIPHY_TX_VS_STRIDE * i) &
				     3);
		preemphasis[i] = (uint8_t)(tx >> (UNIPHY_TX_CONTROL1__UNIPHY_PREMPH_STR0__SHIFT +
						  DCE110_UNIPHY_PREMPH_STR_STRIDE * i) &
					   3);
	}
	return true;
}

void dce110_link_enc_dp_pattern(struct dc_hw *hw, unsigned dig, unsigned tps)
{
	if (tps) {
		dc_hw_update(hw, reg(dig, mmDP_LINK_CNTL),
			     DP_LINK_CNTL__DP_LINK_TRAINING_COMPLETE_MASK, 0);
		dc_hw_update(
			hw, reg(dig, mmDP_DPHY_TRAINING_PATTERN_SEL),
			DP_DPHY_TRAINING_PATTERN_SEL__DPHY_TRAINING_PATTERN_SEL_MASK,
			DC_FIELD(DP_DPHY_TRAINING_PATTERN_SEL, DPHY_TRAINING_PATTERN_SEL, tps - 1));
	} else {
		dc_hw_update(hw, reg(dig, mmDP_LINK_CNTL),
			     DP_LINK_CNTL__DP_LINK_TRAINING_COMPLETE_MASK,
			     DP_LINK_CNTL__DP_LINK_TRAINING_COMPLETE_MASK);
	}
}

void dce110_link_enc_dp_read(struct dc_hw *hw, unsigned dig, bool phy_by_table, uint32_t *rate_mbps,
			     unsigned *lanes, uint8_t swing[4], uint8_t preemphasis[4])
{
	bool on = dc_hw_read(hw, reg(dig, mmDIG_BE_EN_CNTL)) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK;

	*lanes = DC_FIELD_GET(dc_hw_read(hw, reg(dig, mmDP_CONFIG)), DP_CONFIG, DP_UDI_LANES) + 1;
	/* the PHY a video BIOS table programmed; without one nothing runs it */
	if (!phy_by_table || !dce110_uniphy_dp_read(hw, dig, rate_mbps, swing, preemphasis)) {
		*rate_mbps = 0;
		memset(swing, 0, 4);
		memset(preemphasis, 0, 4);
	}
	if (!on)
		*rate_mbps = 0;
}

void dce110_link_enc_tmds_enable(struct dc_hw *hw, unsigned dig, unsigned hpd, bool hdmi,
				 bool dual_link)
{
	unsigned mode = hdmi ? DCE110_DIG_MODE_TMDS_HDMI : DCE110_DIG_MODE_TMDS_DVI;

	dc_hw_update(hw, reg(dig, mmDIG_BE_CNTL),
		     DIG_BE_CNTL__DIG_MODE_MASK | DIG_BE_CNTL__DIG_HPD_SELECT_MASK |
			     DIG_BE_CNTL__DIG_DUAL_LINK_ENABLE_MASK,
		     DC_FIELD(DIG_BE_CNTL, DIG_MODE, mode) |
			     DC_FIELD(DIG_BE_CNTL, DIG_HPD_SELECT, hpd) |
			     DC_FIELD(DIG_BE_CNTL, DIG_DUAL_LINK_ENABLE, dual_link));
	/* TMDS: three data lanes and the clock lane (dual link: the partner's too) */
	dc_hw_update(hw, reg(dig, mmDIG_LANE_ENABLE), lane_mask(4), lane_mask(4));
	dc_hw_update(hw, reg(dig, mmDIG_BE_EN_CNTL),
		     DIG_BE_EN_CNTL__DIG_ENABLE_MASK | DIG_BE_EN_CNTL__DIG_SYMCLK_BE_ON_MASK,
		     DIG_BE_EN_CNTL__DIG_ENABLE_MASK | DIG_BE_EN_CNTL__DIG_SYMCLK_BE_ON_MASK);
	if (dual_link && dig + 1 < DCE110_MAX_DIGS)
		dc_hw_update(hw, reg(dig + 1, mmDIG_LANE_ENABLE), lane_mask(4), lane_mask(4));
}

void dce110_link_enc_hdmi_scrambling(struct dc_hw *hw, const struct dce110_regs_gen *g,
				     unsigned dig, bool scramble, bool clock_ratio_40)
{
	/* a generation without HDMI_DATA_SCRAMBLE_EN (mask 0) never scrambles */
	dc_hw_update(hw, reg(dig, mmHDMI_CONTROL),
		     g->hdmi_scramble_mask | HDMI_CONTROL__HDMI_CLOCK_CHANNEL_RATE_MASK,
		     (scramble ? g->hdmi_scramble_mask : 0) |
			     DC_FIELD(HDMI_CONTROL, HDMI_CLOCK_CHANNEL_RATE, clock_ratio_40));
}

bool dce110_link_enc_hdmi_scrambling_on(struct dc_hw *hw, const struct dce110_regs_gen *g,
					unsigned dig)
{
	return dc_hw_read(hw, reg(dig, mmHDMI_CONTROL)) & g->hdmi_scramble_mask;
}

void dce110_link_enc_disable(struct dc_hw *hw, unsigned dig)
{
	bool dual =
		dc_hw_read(hw, reg(dig, mmDIG_BE_CNTL)) & DIG_BE_CNTL__DIG_DUAL_LINK_ENABLE_MASK;

	dc_hw_update(hw, reg(dig, mmDIG_BE_EN_CNTL),
		     DIG_BE_EN_CNTL__DIG_ENABLE_MASK | DIG_BE_EN_CNTL__DIG_SYMCLK_BE_ON_MASK, 0);
	dc_hw_update(hw, reg(dig, mmDIG_LANE_ENABLE), lane_mask(4), 0);
	dc_hw_update(hw, reg(dig, mmDP_LINK_CNTL), DP_LINK_CNTL__DP_LINK_TRAINING_COMPLETE_MASK, 0);
	if (dual && dig + 1 < DCE110_MAX_DIGS)
		dc_hw_update(hw, reg(dig + 1, mmDIG_LANE_ENABLE), lane_mask(4), 0);
}

/* What a DP training may change, in the order a restore writes it back. */
static const uint32_t saved_regs[DCE110_LINK_ENC_SAVED] = {
	mmDIG_BE_EN_CNTL,
	mmDIG_BE_CNTL,
	mmDP_CONFIG,
	mmDP_LINK_FRAMING_CNTL,
	mmDP_LINK_CNTL,
	mmDIG_LANE_ENABLE,
	mmDP_DPHY_TRAINING_PATTERN_SEL,
};

void dce110_link_enc_save(struct dc_hw *hw, unsigned dig, struct dce110_link_enc_saved *saved)
{
	for (unsigned i = 0; i < DCE110_LINK_ENC_SAVED; i++)
		saved->value[i] = dc_hw_read(hw, reg(dig, saved_regs[i]));
}

void dce110_link_enc_restore(struct dc_hw *hw, unsigned dig,
			     const struct dce110_link_enc_saved *saved)
{
	/* the transmitter goes off first, so nothing half-configured is ever sent */
	dc_hw_update(hw, reg(dig, mmDIG_BE_EN_CNTL), 0xffffffff, 0);
	for (unsigned i = 1; i < DCE110_LINK_ENC_SAVED; i++)
		dc_hw_update(hw, reg(dig, saved_regs[i]), 0xffffffff, saved->value[i]);
	dc_hw_update(hw, reg(dig, mmDIG_BE_EN_CNTL), 0xffffffff, saved->value[0]);
}
