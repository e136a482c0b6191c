/*
 * Detection on a DP or eDP connector whose HPD line is up.
 *
 * A DP receiver answers on AUX: its receiver capability field (DPCD
 * 0x000..0x00f), MSTM_CAP and SINK_COUNT become the sink's dc_dp_caps, its
 * EDID comes over I2C-over-AUX. A branch device reporting no sink is
 * nothing connected. On DP (not eDP, whose panel may need power
 * sequencing first, as in the AMD driver) the link capability is verified
 * by training once at the maximum and turning the link off again, unless a
 * stream is on the link: the verified rate and lane count are what
 * dc_validate holds streams against.
 *
 * Nobody answering on AUX with the HPD line up means TMDS through a DP++
 * adaptor: the EDID on the DDC line, the adaptor's ID registers.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "link_priv.h"

static uint32_t rate_of_code(uint8_t code)
{
	switch (code) {
	case DP_LINK_BW_1_62:
		return DC_DP_RATE_RBR;
	case DP_LINK_BW_2_7:
		return DC_DP_RATE_HBR;
	case DP_LINK_BW_5_4:
		return DC_DP_RATE_HBR2;
	case 0x1e:
		return DC_DP_RATE_HBR3;
	}
	return 0;
}

void dc_dp_decode_caps(const uint8_t rx[DP_RECEIVER_CAP_SIZE], uint8_t mstm, uint8_t sink_count,
		       struct dc_dp_caps *caps)
{
	*caps = (struct dc_dp_caps){
		.dpcd_rev = rx[DP_DPCD_REV],
		.max_rate_mbps = rate_of_code(rx[DP_MAX_LINK_RATE]),
		.max_lanes = rx[DP_MAX_LANE_COUNT] & DP_MAX_LANE_COUNT_MASK,
		.tps3 = rx[DP_MAX_LANE_COUNT] & DP_TPS3_SUPPORTED,
		.enhanced_framing = rx[DP_MAX_LANE_COUNT] & DP_ENHANCED_FRAME_CAP,
		.mst = mstm & DP_MST_CAP,
		.sink_count = (uint8_t)DP_GET_SINK_COUNT(sink_count),
		.downstream_port = rx[DP_DOWNSTREAMPORT_PRESENT] & DP_DWN_STRM_PORT_PRESENT,
		.downstream_type =
			(uint8_t)((rx[DP_DOWNSTREAMPORT_PRESENT] & DP_DWN_STRM_PORT_TYPE_MASK) >>
				  1),
		.msa_timing_par_ignored = rx[DP_DOWN_STREAM_PORT_COUNT] & DP_MSA_TIMING_PAR_IGNORED,
	};
}

static int read_caps(struct dc *dc, unsigned link, struct dc_dp_caps *caps)
{
	struct dc_link *l = &dc->links[link];
	uint8_t rx[DP_RECEIVER_CAP_SIZE], mstm = 0, sink_count = 0;
	int ret;

	ret = dc_dpcd_read(dc, link, DP_DPCD_REV, rx, sizeof(rx));
	if (ret)
		return ret;
	if (rx[DP_DPCD_REV] >= 0x12)
		ret = dc_dpcd_read(dc, link, DP_MSTM_CAP, &mstm, 1);
	if (!ret)
		ret = dc_dpcd_read(dc, link, DP_SINK_COUNT, &sink_count, 1);
	if (ret)
		return ret;
	dc_dp_decode_caps(rx, mstm, sink_count, caps);
	l->rt.aux_rd_interval = rx[DP_TRAINING_AUX_RD_INTERVAL] & DP_TRAINING_AUX_RD_MASK;
	if (!caps->dpcd_rev || !caps->max_rate_mbps ||
	    (caps->max_lanes != 1 && caps->max_lanes != 2 && caps->max_lanes != 4)) {
		dc_log(dc, DC_LOG_WARNING,
		       "%s: DP receiver caps unusable: DPCD_REV 0x%02x, MAX_LINK_RATE 0x%02x, "
		       "MAX_LANE_COUNT 0x%02x",
		       l->name, rx[DP_DPCD_REV], rx[DP_MAX_LINK_RATE], rx[DP_MAX_LANE_COUNT]);
		return -EIO;
	}
	dc_log(dc, DC_LOG_INFO,
	       "%s: DP receiver, DPCD %u.%u, %u lane%s x %s, TPS3 %s, enhanced framing %s, MST %s, "
	       "sink count %u%s",
	       l->name, caps->dpcd_rev >> 4, caps->dpcd_rev & 0xf, caps->max_lanes,
	       caps->max_lanes == 1 ? "" : "s", dc_dp_rate_name(caps->max_rate_mbps),
	       caps->tps3 ? "yes" : "no", caps->enhanced_framing ? "yes" : "no",
	       caps->mst ? "yes" : "no", caps->sink_count,
	       caps->downstream_port ? ", branch device" : "");
	return 0;
}

/*
 * Trains once at the highest setting both ends claim to learn what the
 * cable and the receiver really do, then puts everything back: the
 * transmitter registers as they were, the receiver's training pattern off
 * and its power state as it was. Nothing is on screen on this link.
 */
static void verify_link(struct dc *dc, unsigned link, const struct dc_dp_caps *caps)
{
	struct dc_link *l = &dc->links[link];
	struct dc_dp_tx_saved saved;
	struct dc_link_training t;
	uint8_t power = DP_SET_POWER_D0;
	uint32_t rate;
	uint8_t lanes;
	int ret;

	dc_dp_max_setting(dc, link, caps, &rate, &lanes);
	if (rate == l->desc.max_dp_rate_mbps && rate < dc->pool->max_dp_rate_mbps &&
	    rate < caps->max_rate_mbps)
		dc_log(dc, DC_LOG_INFO,
		       "%s: the receiver takes %s, the board qualifies this encoder up to %s "
		       "(the video BIOS's encoder capabilities)",
		       l->name, dc_dp_rate_name(caps->max_rate_mbps), dc_dp_rate_name(rate));
	dc_link_dp_tx_save(dc, link, &saved);
	if (dc_dpcd_read(dc, link, DP_SET_POWER, &power, 1))
		power = DP_SET_POWER_D0;
	ret = dc_dp_set_power(dc, link, true);
	if (!ret)
		ret = dc_dp_train(dc, link, caps, rate, lanes, &t);
	if (ret == -EOPNOTSUPP) {
		char why[192];

		dc_bios_phy_why_not(dc, l->desc.dig_be, why, sizeof(why));
		dc_log(dc, DC_LOG_INFO,
		       "%s: link capability not verified: the DP PHY cannot be programmed (%s)",
		       l->name, why);
	} else if (ret == -EIO) {
		/* nothing trained: the fail-safe setting, so validation explains it */
		l->verified_rate_mbps = DC_DP_RATE_RBR;
		l->verified_lanes = 1;
		dc_log(dc, DC_LOG_WARNING,
		       "%s: the link trained at no setting; assuming 1 lane x RBR", l->name);
	} else if (!ret) {
		dc_log(dc, DC_LOG_INFO, "%s: verified link capability %u lane%s x %s", l->name,
		       l->verified_lanes, l->verified_lanes == 1 ? "" : "s",
		       dc_dp_rate_name(l->verified_rate_mbps));
	}
	dc_dpcd_write_byte(dc, link, DP_TRAINING_PATTERN_SET, DP_TRAINING_PATTERN_DISABLE);
	dc_link_dp_tx_restore(dc, link, &saved);
	if ((power & DP_SET_POWER_MASK) != DP_SET_POWER_D0)
		dc_dpcd_write_byte(dc, link, DP_SET_POWER, power);
}

/* HPD up, no DP receiver: a TMDS monitor behind a DP++ adaptor (or nothing usable). */
static int detect_dongle(struct dc *dc, unsigned link, struct dc_sink **out)
{
	struct dc_link *l = &dc->links[link];
	struct dc_dongle dongle;
	uint8_t *edid;
	size_t size;
	int ret;

	ret = dc_ddc_read_edid(dc, link, &edid, &size);
	if (ret) {
		dc_log(dc, DC_LOG_WARNING,
		       "%s: HPD is up but neither a DP receiver (AUX) nor an EDID (DDC) answers",
		       l->name);
		return ret == -ENOMEM ? ret : 0;
	}
	dc_dongle_detect(dc, link, &dongle);
	l->verified_lanes = 0;
	l->verified_rate_mbps = 0;
	ret = dc_link_create_sink(dc, link, edid, size, NULL, &dongle, out);
	free(edid);
	return ret;
}

int dc_dp_detect(struct dc *dc, unsigned link, struct dc_sink **out)
{
	struct dc_link *l = &dc->links[link];
	struct dc_dp_caps caps;
	uint8_t *edid = NULL;
	size_t size = 0;
	int ret;

	*out = NULL;
	ret = read_caps(dc, link, &caps);
	if (ret == -ETIMEDOUT && l->desc.type == DC_LINK_DP)
		return detect_dongle(dc, link, out);
	if (ret == -ENODEV)
		return 0; /* the line dropped meanwhile */
	if (ret) {
		dc_log(dc, DC_LOG_WARNING, "%s: DP receiver caps could not be read: %s", l->name,
		       strerror(-ret));
		return -EIO;
	}
	if (caps.downstream_port && caps.sink_count == 0) {
		dc_log(dc, DC_LOG_INFO, "%s: DP branch device with no display behind it", l->name);
		return 0;
	}
	ret = dc_aux_read_edid(dc, link, &edid, &size);
	if (ret == -ENOMEM)
		return ret;
	if (ret)
		dc_log(dc, DC_LOG_WARNING,
		       "%s: no EDID over I2C-over-AUX (%s): fail-safe modes only", l->name,
		       strerror(-ret));
	if (!dc_link_busy(dc, link)) {
		l->verified_lanes = 0; /* a receiver not trained yet: what it claims */
		l->verified_rate_mbps = 0;
		if (l->desc.type == DC_LINK_DP)
			verify_link(dc, link, &caps);
	}
	ret = dc_link_create_sink(dc, link, edid, size, &caps, NULL, out);
	free(edid);
	return ret;
}
