/*
 * DIG encoders (front end, back end, HDMI, AFMT, TMDS and DP blocks) and
 * their UNIPHY transmitters, as far as the attached sinks see them.
 *
 * The registers are storage that reads back what was written, with these
 * effects:
 *  - DIG_BE_CNTL (DIG_MODE), DIG_BE_EN_CNTL (DIG_ENABLE), DP_CONFIG
 *    (DP_UDI_LANES), DP_LINK_CNTL (DP_LINK_TRAINING_COMPLETE),
 *    DP_DPHY_TRAINING_PATTERN_SEL and the UNIPHY PHY a video BIOS table
 *    programmed (sim_uniphy.c) are what a DP receiver on the encoder's
 *    connector trains against (sim_dpcd.c).
 *  - DIG_BE_CNTL, DIG_BE_EN_CNTL and HDMI_CONTROL (HDMI_DATA_SCRAMBLE_EN where
 *    the generation has it, HDMI_CLOCK_CHANNEL_RATE) are what an HDMI 2.0
 *    sink reports through SCDC (sim_i2c_dev.c).
 *  - DP_VID_STREAM_CNTL.DP_VID_STREAM_STATUS follows DP_VID_STREAM_ENABLE.
 *  - HDMI_CONTROL.HDMI_ERROR_ACK and DP_STEER_FIFO.DP_STEER_FIFO_RESET do not
 *    stick.
 *  - AFMT_AVI_INFO0..3, HDMI_INFOFRAME_CONTROL0/1, the audio packet and ACR
 *    registers, DP_MSA_* and DP_VID_M/N are kept as written, so tests can
 *    read back the infoframes and stream parameters a commit produced.
 *
 * The encoder-to-connector wiring is fixed by the scenario ("encoder").
 */
#include "sim_internal.h"

static uint32_t *dreg(struct sim *sim, unsigned dig, uint32_t generic)
{
	return &sim->st->regs[generic + dce110_dig_offsets[dig]];
}

struct sim_connector *sim_connector_on_dig(struct sim *sim, unsigned dig)
{
	struct sim_config *cfg = &sim->st->cfg;

	for (unsigned i = 0; i < cfg->nconnectors; i++)
		if (cfg->connectors[i].dig == dig)
			return &cfg->connectors[i];
	return NULL;
}

static bool affects_link(uint32_t generic)
{
	switch (generic) {
	case mmDIG_BE_CNTL:
	case mmDIG_BE_EN_CNTL:
	case mmDP_CONFIG:
	case mmDP_LINK_CNTL:
	case mmDP_DPHY_TRAINING_PATTERN_SEL:
		return true;
	default:
		return false;
	}
}

uint32_t sim_dig_read(struct sim *sim, unsigned dig, uint32_t generic)
{
	uint32_t v = *dreg(sim, dig, generic);

	if (generic == mmDP_VID_STREAM_CNTL) {
		v &= ~(uint32_t)DP_VID_STREAM_CNTL__DP_VID_STREAM_STATUS_MASK;
		if (v & DP_VID_STREAM_CNTL__DP_VID_STREAM_ENABLE_MASK)
			v |= DP_VID_STREAM_CNTL__DP_VID_STREAM_STATUS_MASK;
	}
	return v;
}

void sim_dig_write(struct sim *sim, unsigned dig, uint32_t generic, uint32_t value)
{
	bool link = affects_link(generic);

	if (generic == mmHDMI_CONTROL)
		value &= ~(uint32_t)HDMI_CONTROL__HDMI_ERROR_ACK_MASK;
	else if (generic == mmDP_STEER_FIFO)
		value &= ~(uint32_t)DP_STEER_FIFO__DP_STEER_FIFO_RESET_MASK;
	else if (generic == mmDP_VID_STREAM_CNTL)
		value &= ~(uint32_t)DP_VID_STREAM_CNTL__DP_VID_STREAM_STATUS_MASK;
	if (link)
		sim_dp_tx_before(sim, dig);
	*dreg(sim, dig, generic) = value;
	if (link)
		sim_dp_tx_changed(sim, dig);
}
