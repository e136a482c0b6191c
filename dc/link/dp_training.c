/*
 * DP 1.2 link training, and falling back to slower settings.
 *
 * One setting (rate x lanes):
 *  1. the transmitter at the rate and lane count, drive level 0, TPS1;
 *     the receiver's LINK_BW_SET, LANE_COUNT_SET (+ enhanced framing),
 *     DOWNSPREAD_CTRL (none) and MAIN_LINK_CHANNEL_CODING_SET (8b/10b);
 *  2. clock recovery: TPS1 with scrambling off, then every
 *     TRAINING_AUX_RD_INTERVAL (100 us when 0) read the lane status; until
 *     every lane has CR_DONE, take the receiver's adjust requests. Give up
 *     when every lane is at the maximum swing, after 5 tries at the same
 *     swing, or after 20 tries in all;
 *  3. channel equalization: TPS3 when the receiver supports it at HBR2,
 *     TPS2 otherwise; every interval (400 us when 0) read the status; until
 *     every lane has CHANNEL_EQ_DONE and SYMBOL_LOCKED and the lanes are
 *     aligned, take the adjust requests; give up after 5 tries or when
 *     clock recovery is lost;
 *  4. TRAINING_PATTERN_SET 0 at the receiver, then the transmitter's idle
 *     pattern (training complete), in that order so the receiver never
 *     sees a pattern it was not told about.
 * Fallback: lower rates first at the same lane count, then fewer lanes
 * (HBR2 x 4, HBR x 4, RBR x 4, HBR2 x 2, ...). The setting that trained is
 * the link's verified capability from then on.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../dce110/dce110_regs.h"
#include "link_priv.h"

#define CR_MAX_SAME_SWING 5
#define CR_MAX_TRIES	  20
#define EQ_MAX_TRIES	  5
#define CR_DELAY_NS	  (100 * DC_US)
#define EQ_DELAY_NS	  (400 * DC_US)
#define INTERVAL_UNIT_NS  (4 * DC_MS)
#define MAX_LEVEL	  3

static const uint32_t rates[] = { DC_DP_RATE_HBR2, DC_DP_RATE_HBR, DC_DP_RATE_RBR };
static const uint8_t lane_counts[] = { 4, 2, 1 };

/* One training attempt: the link, the receiver's caps, the drive levels now. */
struct attempt {
	struct dc *dc;
	unsigned link;
	unsigned dig;
	const struct dc_dp_caps *caps;
	uint8_t interval; /* TRAINING_AUX_RD_INTERVAL */
	uint32_t rate;
	uint8_t lanes;
	uint8_t swing[4], pre[4];
	uint8_t status[DP_LINK_STATUS_SIZE];
	char why[96]; /* what went wrong, for the log */
};

static uint8_t rate_code(uint32_t rate)
{
	return rate == DC_DP_RATE_HBR2	? DP_LINK_BW_5_4
	       : rate == DC_DP_RATE_HBR ? DP_LINK_BW_2_7
					: DP_LINK_BW_1_62;
}

static uint8_t lane_nibble(const uint8_t *status, unsigned lane)
{
	return (uint8_t)((status[lane / 2] >> (4 * (lane % 2))) & 0xf);
}

static bool cr_done(const uint8_t *status, unsigned lanes)
{
	for (unsigned i = 0; i < lanes; i++) {
		if (!(lane_nibble(status, i) & DP_LANE_CR_DONE))
			return false;
	}
	return true;
}

bool dc_dp_link_ok(const uint8_t status[DP_LINK_STATUS_SIZE], unsigned lanes)
{
	const uint8_t all = DP_LANE_CR_DONE | DP_LANE_CHANNEL_EQ_DONE | DP_LANE_SYMBOL_LOCKED;

	for (unsigned i = 0; i < lanes; i++) {
		if ((lane_nibble(status, i) & all) != all)
			return false;
	}
	return status[DP_LANE_ALIGN_STATUS_UPDATED - DP_LANE0_1_STATUS] & DP_INTERLANE_ALIGN_DONE;
}

static uint8_t train_set(uint8_t swing, uint8_t pre)
{
	return (uint8_t)(swing | (swing == MAX_LEVEL ? DP_TRAIN_MAX_SWING_REACHED : 0) |
			 pre << DP_TRAIN_PRE_EMPHASIS_SHIFT |
			 (swing + pre >= MAX_LEVEL ? DP_TRAIN_MAX_PRE_EMPHASIS_REACHED : 0));
}

/* TRAINING_PATTERN_SET (optional: tps < 0 leaves it out) and TRAINING_LANEn_SET. */
static int write_training(struct attempt *a, int tps)
{
	uint8_t buf[5];
	unsigned n = 0;

	if (tps >= 0)
		buf[n++] = (uint8_t)(tps | DP_LINK_SCRAMBLING_DISABLE);
	for (unsigned i = 0; i < a->lanes; i++)
		buf[n++] = train_set(a->swing[i], a->pre[i]);
	return dc_dpcd_write(a->dc, a->link,
			     tps >= 0 ? DP_TRAINING_PATTERN_SET : DP_TRAINING_LANE0_SET, buf, n);
}

/* New levels: the transmitter first, then what the receiver is told. */
static int apply_drive(struct attempt *a)
{
	uint8_t swing = 0, pre = 0;
	int ret;

	if (!dc_bios_phy(a->dc, a->dig))
		return -EOPNOTSUPP; /* transmitter_on refused this transmitter already */
	/* the table sets one level for every lane: the highest any lane asked for */
	for (unsigned i = 0; i < a->lanes; i++) {
		swing = a->swing[i] > swing ? a->swing[i] : swing;
		pre = a->pre[i] > pre ? a->pre[i] : pre;
	}
	if (pre > MAX_LEVEL - swing)
		pre = (uint8_t)(MAX_LEVEL - swing);
	for (unsigned i = 0; i < 4; i++) {
		a->swing[i] = swing;
		a->pre[i] = pre;
	}
	ret = dc_bios_phy_dp_drive(a->dc, a->link, a->rate, a->lanes, swing, pre);
	return ret ? ret : write_training(a, -1);
}

/*
 * The transmitter at rate x lanes, drive level 0: with the video BIOS's
 * UNIPHYTransmitterControl the DIG side is dcd's, the PHY the table's.
 */
static int transmitter_on(struct attempt *a, bool enhanced)
{
	struct dc *dc = a->dc;
	const struct dc_link *l = &dc->links[a->link];
	uint8_t swing[4], pre[4];
	uint32_t rate;
	int ret;

	/* only the video BIOS programs the PHY: without its table, no DP here
	 * (dc_bios_phy_why_not says why; the callers refuse with it) */
	if (!dc_bios_phy(dc, a->dig))
		return -EOPNOTSUPP;
	if (a->rate != DC_DP_RATE_RBR && a->rate != DC_DP_RATE_HBR && a->rate != DC_DP_RATE_HBR2)
		return -EINVAL;
	/* the PHY changes rate or lane count only while it is off */
	if (dce110_uniphy_dp_read(dc->hw, a->dig, &rate, swing, pre))
		dc_bios_phy_disable(dc, a->link, DC_SIGNAL_DP);
	dce110_link_enc_dp_setup(dc->hw, a->dig, l->desc.hpd, a->lanes, enhanced);
	ret = dc_bios_phy_dp_enable(dc, a->link, a->rate, a->lanes);
	/* training starts from level 0 on every lane, whatever the PHY had before */
	return ret ? ret : dc_bios_phy_dp_drive(dc, a->link, a->rate, a->lanes, 0, 0);
}

static int read_status(struct attempt *a, uint64_t delay_ns)
{
	dc_bus_wait(a->dc, delay_ns); /* up to 16 ms (TRAINING_AUX_RD_INTERVAL) */
	return dc_dpcd_read(a->dc, a->link, DP_LANE0_1_STATUS, a->status, sizeof(a->status));
}

/* Takes the receiver's adjust requests; true if any lane's swing changes. */
static bool take_requests(struct attempt *a)
{
	bool changed = false;

	for (unsigned i = 0; i < a->lanes; i++) {
		uint8_t req = (uint8_t)(a->status[DP_ADJUST_REQUEST_LANE0_1 - DP_LANE0_1_STATUS +
						  i / 2] >>
					(4 * (i % 2)));
		uint8_t swing = req & 3, pre = (req >> 2) & 3;

		if (pre > MAX_LEVEL - swing)
			pre = MAX_LEVEL - swing;
		changed |= swing != a->swing[i];
		a->swing[i] = swing;
		a->pre[i] = pre;
	}
	return changed;
}

static bool all_max_swing(const struct attempt *a)
{
	for (unsigned i = 0; i < a->lanes; i++) {
		if (a->swing[i] < MAX_LEVEL)
			return false;
	}
	return true;
}

static uint64_t interval_ns(const struct attempt *a, uint64_t dflt)
{
	return a->interval ? a->interval * INTERVAL_UNIT_NS : dflt;
}

/* 1 when the receiver did not lock (a->why says how), 0, or -errno. */
static int clock_recovery(struct attempt *a, uint16_t *tries)
{
	unsigned same = 1; /* tries at the current swing */
	int ret;

	dce110_link_enc_dp_pattern(a->dc->hw, a->dig, DP_TRAINING_PATTERN_1);
	ret = write_training(a, DP_TRAINING_PATTERN_1);
	for (unsigned t = 1; !ret && t <= CR_MAX_TRIES; t++) {
		*tries = (uint16_t)t;
		ret = read_status(a, interval_ns(a, CR_DELAY_NS));
		if (ret)
			return ret;
		if (cr_done(a->status, a->lanes))
			return 0;
		if (all_max_swing(a)) {
			snprintf(a->why, sizeof(a->why),
				 "clock recovery: no lock at maximum swing");
			return 1;
		}
		if (take_requests(a)) {
			same = 1;
		} else if (++same > CR_MAX_SAME_SWING) {
			snprintf(a->why, sizeof(a->why),
				 "clock recovery: no lock after %u tries at swing %u", same - 1,
				 a->swing[0]);
			return 1;
		}
		ret = apply_drive(a);
	}
	if (ret)
		return ret;
	snprintf(a->why, sizeof(a->why), "clock recovery: no lock after %u tries", CR_MAX_TRIES);
	return 1;
}

/* TPS3 where the receiver has it and the rate needs it (HBR2). */
static unsigned eq_pattern(const struct attempt *a)
{
	return a->caps->tps3 && a->rate == DC_DP_RATE_HBR2 ? DP_TRAINING_PATTERN_3
							   : DP_TRAINING_PATTERN_2;
}

static int channel_equalization(struct attempt *a, uint16_t *tries)
{
	unsigned tps = eq_pattern(a);
	int ret;

	dce110_link_enc_dp_pattern(a->dc->hw, a->dig, tps);
	ret = write_training(a, (int)tps);
	for (unsigned t = 1; !ret && t <= EQ_MAX_TRIES; t++) {
		*tries = (uint16_t)t;
		ret = read_status(a, interval_ns(a, EQ_DELAY_NS));
		if (ret)
			return ret;
		if (!cr_done(a->status, a->lanes)) {
			snprintf(a->why, sizeof(a->why),
				 "channel equalization (TPS%u): clock recovery lost", tps);
			return 1;
		}
		if (dc_dp_link_ok(a->status, a->lanes))
			return 0;
		take_requests(a);
		ret = apply_drive(a);
	}
	if (ret)
		return ret;
	snprintf(a->why, sizeof(a->why), "channel equalization (TPS%u): no lock after %u tries",
		 tps, EQ_MAX_TRIES);
	return 1;
}

/* The transmitter and the receiver at one setting, from drive level 0. */
static int configure(struct attempt *a)
{
	const struct dc_link *l = &a->dc->links[a->link];
	bool enhanced = a->caps->enhanced_framing;
	uint8_t cfg[2] = { rate_code(a->rate),
			   (uint8_t)(a->lanes | (enhanced ? DP_LANE_COUNT_ENHANCED_FRAME_EN : 0)) };
	/* no down-spread, MSA ignored for a varying refresh; 8b/10b */
	uint8_t coding[2] = { l->rt.msa_ignore ? DP_MSA_TIMING_PAR_IGNORE_EN : 0,
			      DP_SET_ANSI_8B10B };
	int ret;

	for (unsigned i = 0; i < 4; i++)
		a->swing[i] = a->pre[i] = 0;
	ret = transmitter_on(a, enhanced);
	if (!ret)
		ret = dc_dpcd_write(a->dc, a->link, DP_LINK_BW_SET, cfg, sizeof(cfg));
	if (!ret)
		ret = dc_dpcd_write(a->dc, a->link, DP_DOWNSPREAD_CTRL, coding, sizeof(coding));
	return ret;
}

/* Training pattern off: the receiver first, then the transmitter's idle pattern. */
static int finish(struct attempt *a, bool trained)
{
	int ret = dc_dpcd_write_byte(a->dc, a->link, DP_TRAINING_PATTERN_SET,
				     DP_TRAINING_PATTERN_DISABLE);

	if (trained)
		dce110_link_enc_dp_pattern(a->dc->hw, a->dig, 0);
	return ret;
}

/* 0 trained, 1 not trained (a->why), -errno: the receiver or the PHY failed. */
static int train_once(struct attempt *a, struct dc_link_training *out)
{
	int ret;

	a->why[0] = '\0';
	out->cr_tries = out->eq_tries = 0;
	ret = configure(a);
	if (!ret)
		ret = clock_recovery(a, &out->cr_tries);
	if (!ret)
		ret = channel_equalization(a, &out->eq_tries);
	if (ret >= 0) {
		int fin = finish(a, ret == 0);

		if (fin)
			ret = fin;
	}
	for (unsigned i = 0; i < 4; i++) {
		out->swing[i] = i < a->lanes ? a->swing[i] : 0;
		out->preemphasis[i] = i < a->lanes ? a->pre[i] : 0;
	}
	return ret;
}

static const char *rate_name(uint32_t rate)
{
	const char *n = dc_dp_rate_name(rate);

	return n ? n : "?";
}

static void log_result(struct dc *dc, unsigned link, const struct dc_link_training *t)
{
	dc_log(dc, DC_LOG_INFO,
	       "%s: link trained at %u lane%s x %s: swing %u/%u/%u/%u, pre-emphasis %u/%u/%u/%u, "
	       "%u clock recovery and %u equalization tries, %u fallback%s",
	       dc->links[link].name, t->lanes, t->lanes == 1 ? "" : "s", rate_name(t->rate_mbps),
	       t->swing[0], t->swing[1], t->swing[2], t->swing[3], t->preemphasis[0],
	       t->preemphasis[1], t->preemphasis[2], t->preemphasis[3], t->cr_tries, t->eq_tries,
	       t->fallbacks, t->fallbacks == 1 ? "" : "s");
}

int dc_dp_train(struct dc *dc, unsigned link, const struct dc_dp_caps *caps, uint32_t rate,
		uint8_t lanes, struct dc_link_training *out)
{
	struct dc_link *l = &dc->links[link];
	struct attempt a = {
		.dc = dc,
		.link = link,
		.dig = l->desc.dig_be,
		.caps = caps,
		.interval = l->rt.aux_rd_interval,
	};
	int ret = -EIO;

	*out = (struct dc_link_training){ .result = -EIO };
	for (unsigned li = 0; li < sizeof(lane_counts); li++) {
		for (unsigned ri = 0; ri < sizeof(rates) / sizeof(rates[0]); ri++) {
			if (lane_counts[li] > lanes || rates[ri] > rate)
				continue;
			a.rate = rates[ri];
			a.lanes = lane_counts[li];
			ret = train_once(&a, out);
			out->rate_mbps = a.rate;
			out->lanes = a.lanes;
			if (ret <= 0)
				goto done;
			dc_log(dc, DC_LOG_WARNING, "%s: link training failed at %u lane%s x %s: %s",
			       l->name, a.lanes, a.lanes == 1 ? "" : "s", rate_name(a.rate), a.why);
			out->fallbacks++;
		}
	}
	ret = -EIO;
done:
	out->result = ret;
	if (ret) {
		if (ret != -EIO)
			dc_log(dc, DC_LOG_WARNING,
			       "%s: link training stopped at %u lane%s x %s: %s", l->name, a.lanes,
			       a.lanes == 1 ? "" : "s", rate_name(a.rate), strerror(-ret));
		out->rate_mbps = 0;
		l->training = *out;
		return ret;
	}
	l->training = *out;
	l->verified_rate_mbps = out->rate_mbps;
	l->verified_lanes = out->lanes;
	log_result(dc, link, out);
	return 0;
}

int dc_dp_set_power(struct dc *dc, unsigned link, bool on)
{
	uint8_t state = on ? DP_SET_POWER_D0 : DP_SET_POWER_D3;
	int ret = 0;

	/* a receiver waking from D3 may not answer for up to 1 ms */
	for (unsigned attempt = 0; attempt < 3; attempt++) {
		ret = dc_dpcd_write_byte(dc, link, DP_SET_POWER, state);
		if (!ret || !on || ret == -ENODEV)
			break;
		dc_hw_delay_ns(dc->hw, DC_MS);
	}
	return ret;
}

void dc_dp_max_setting(const struct dc *dc, unsigned link, const struct dc_dp_caps *caps,
		       uint32_t *rate, uint8_t *lanes)
{
	const struct dc_link *l = &dc->links[link];

	if (l->verified_lanes) {
		*rate = l->verified_rate_mbps;
		*lanes = l->verified_lanes;
		return;
	}
	*rate = caps->max_rate_mbps < dc->pool->max_dp_rate_mbps ? caps->max_rate_mbps
								 : dc->pool->max_dp_rate_mbps;
	/* the board's limit (the VBIOS encoder capabilities), as the kernel's encoder caps */
	if (l->desc.max_dp_rate_mbps && l->desc.max_dp_rate_mbps < *rate)
		*rate = l->desc.max_dp_rate_mbps;
	*lanes =
		caps->max_lanes < dc->pool->max_dp_lanes ? caps->max_lanes : dc->pool->max_dp_lanes;
}

void dc_link_dp_transmitter_off(struct dc *dc, unsigned link)
{
	unsigned dig = dc->links[link].desc.dig_be;

	/* the PHY first, as the public driver orders it: the table looks at the DIG */
	if (dc_bios_phy(dc, dig))
		dc_bios_phy_disable(dc, link, DC_SIGNAL_DP);
	dce110_link_enc_disable(dc->hw, dig);
}

void dc_link_dp_tx_save(struct dc *dc, unsigned link, struct dc_dp_tx_saved *saved)
{
	unsigned dig = dc->links[link].desc.dig_be;

	dce110_link_enc_save(dc->hw, dig, &saved->dig);
	saved->rate_mbps = 0;
	if (dc_bios_phy(dc, dig) &&
	    !dce110_uniphy_dp_read(dc->hw, dig, &saved->rate_mbps, saved->swing, saved->pre))
		saved->rate_mbps = 0;
	saved->lanes = DC_FIELD_GET(dc_hw_read(dc->hw, mmDP_CONFIG + dce110_dig_offsets[dig]),
				    DP_CONFIG, DP_UDI_LANES) +
		       1;
}

void dc_link_dp_tx_restore(struct dc *dc, unsigned link, const struct dc_dp_tx_saved *saved)
{
	unsigned dig = dc->links[link].desc.dig_be;

	/* the PHY through the table first: it writes DIG registers the restore puts back */
	if (dc_bios_phy(dc, dig)) {
		if (!saved->rate_mbps)
			dc_bios_phy_disable(dc, link, DC_SIGNAL_DP);
		else if (!dc_bios_phy_dp_enable(dc, link, saved->rate_mbps, saved->lanes))
			dc_bios_phy_dp_drive(dc, link, saved->rate_mbps, saved->lanes,
					     saved->swing[0], saved->pre[0]);
	}
	dce110_link_enc_restore(dc->hw, dig, &saved->dig);
}
