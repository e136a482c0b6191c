/*
 * The DPCD of a virtual DP receiver and its side of link training.
 *
 * Addresses modelled (DP 1.2 layout): receiver capabilities 0x000-0x00f,
 * MSTM_CAP 0x021, link configuration 0x100-0x1ff and source OUI 0x300-0x3ff
 * (read/write), SINK_COUNT 0x200, DEVICE_SERVICE_IRQ_VECTOR 0x201 (write 1 to
 * clear), lane status 0x202-0x205, adjust requests 0x206-0x207, SET_POWER
 * 0x600, eDP revision 0x700 (eDP sinks), and the ESI range 0x2002-0x2005 and
 * 0x200c-0x200f. Other addresses read 0 and ignore writes.
 *
 * Link training, as a receiver sees it: the receiver looks at what the
 * source transmits (DIG enabled in DP mode, the link rate of the UNIPHY PHY
 * a video BIOS table programmed (sim_uniphy.c; none: no link clock),
 * DP_CONFIG.DP_UDI_LANES, the training pattern from
 * DP_DPHY_TRAINING_PATTERN_SEL while DP_LINK_CNTL.DP_LINK_TRAINING_COMPLETE
 * is 0, the PHY's drive levels) and at what was written to its
 * DPCD (LINK_BW_SET, LANE_COUNT_SET, TRAINING_PATTERN_SET,
 * TRAINING_LANEn_SET). The link is usable when both agree on rate and lane
 * count, the rate and count are within the receiver's capabilities and the
 * receiver is in D0.
 *  - Clock recovery (TRAINING_PATTERN_SET = 1, TPS1 on the wire): CR_DONE on
 *    all active lanes once every lane's transmitted swing is at least the
 *    channel's requirement, TRAINING_LANEn_SET reports the transmitted levels,
 *    and 100 us have passed since the last change.
 *  - Channel equalization (TRAINING_PATTERN_SET = 2 or 3, the same pattern
 *    on the wire, TPS3 only if the receiver supports it): with clock recovery
 *    kept, CHANNEL_EQ_DONE and SYMBOL_LOCKED on all lanes and
 *    INTERLANE_ALIGN_DONE once the pre-emphasis also meets the requirement
 *    and 400 us (or 4 ms x TRAINING_AUX_RD_INTERVAL) have passed.
 *  - ADJUST_REQUEST_LANEn asks for max(transmitted, required) levels.
 *  - Scenario failures: a rate in fail_rates never gets clock recovery, one
 *    in fail_channel_eq_rates never equalizes, a lane count in
 *    fail_lane_counts never trains.
 *  - Once trained, the status holds while the link configuration stays the
 *    same (TRAINING_PATTERN_SET back to 0 for normal operation). A dropped
 *    link (sim_drop_link) clears it and sets LINK_STATUS_UPDATED until the
 *    source starts again with TPS1.
 */
#include <errno.h>
#include <string.h>

#include "sim_internal.h"

/* DPCD addresses and bits (DP 1.2) */
#define DPCD_REV		    0x000
#define DPCD_MAX_LINK_RATE	    0x001
#define DPCD_MAX_LANE_COUNT	    0x002
#define DPCD_MAX_DOWNSPREAD	    0x003
#define DPCD_NORP		    0x004
#define DPCD_MAIN_LINK_CODING	    0x006
#define DPCD_DOWN_STREAM_PORT_COUNT 0x007
#define MSA_TIMING_PAR_IGNORED	    0x40
#define DPCD_RECEIVE_PORT0_CAP0	    0x008
#define DPCD_TRAINING_AUX_RD	    0x00e
#define DPCD_MSTM_CAP		    0x021
#define DPCD_LINK_BW_SET	    0x100
#define DPCD_LANE_COUNT_SET	    0x101
#define DPCD_TRAINING_PATTERN_SET   0x102
#define DPCD_TRAINING_LANE0_SET	    0x103
#define DPCD_SINK_COUNT		    0x200
#define DPCD_IRQ_VECTOR		    0x201
#define DPCD_LANE0_1_STATUS	    0x202
#define DPCD_LANE_ALIGN_STATUS	    0x204
#define DPCD_SINK_STATUS	    0x205
#define DPCD_ADJUST_REQUEST_0_1	    0x206
#define DPCD_ADJUST_REQUEST_2_3	    0x207
#define DPCD_SET_POWER		    0x600
#define DPCD_EDP_REV		    0x700
#define DPCD_SINK_COUNT_ESI	    0x2002
#define DPCD_IRQ_VECTOR_ESI0	    0x2003
#define DPCD_IRQ_VECTOR_ESI1	    0x2004
#define DPCD_LINK_SERVICE_ESI0	    0x2005
#define DPCD_LANE0_1_STATUS_ESI	    0x200c
#define DPCD_SINK_STATUS_ESI	    0x200f

#define LANE_CR_DONE	    0x1
#define LANE_CHANNEL_EQ	    0x2
#define LANE_SYMBOL_LOCKED  0x4
#define INTERLANE_ALIGN	    0x01
#define LINK_STATUS_UPDATED 0x80
#define TPS3_SUPPORTED	    0x40
#define ENHANCED_FRAME_CAP  0x80
#define LINK_STATUS_CHANGED 0x02 /* LINK_SERVICE_IRQ_VECTOR_ESI0 */
#define SET_POWER_D0	    0x1

#define CR_TIME_NS 100000ull
#define EQ_TIME_NS 400000ull

/* What the source side of connector c transmits. */
struct tx_view {
	bool active; /* a usable link: source and DPCD configuration agree */
	uint8_t rate;
	unsigned lanes;
	unsigned wire; /* 0 video/idle, 1..3 TPS1..3 */
	uint8_t swing[4], pre[4];
};

static uint32_t dig_reg(struct sim *sim, unsigned dig, uint32_t generic)
{
	return sim->st->regs[generic + dce110_dig_offsets[dig]];
}

static bool valid_rate(uint8_t rate)
{
	return rate == SIM_DP_RBR || rate == SIM_DP_HBR || rate == SIM_DP_HBR2;
}

static unsigned rate_bit(uint8_t rate)
{
	return rate == SIM_DP_RBR ? 1 : rate == SIM_DP_HBR ? 2 : rate == SIM_DP_HBR2 ? 4 : 0;
}

static unsigned lanes_bit(unsigned lanes)
{
	return lanes == 1 ? 1 : lanes == 2 ? 2 : lanes == 4 ? 4 : 0;
}

static void tx_view(struct sim *sim, const struct sim_connector *c, struct tx_view *v)
{
	const struct sim_dp_caps *caps = &c->display.dp_caps;
	unsigned dig = c->dig;
	uint32_t be = dig_reg(sim, dig, mmDIG_BE_CNTL);
	uint32_t mode = SIM_GET(be, DIG_BE_CNTL, DIG_MODE);
	bool on = dig_reg(sim, dig, mmDIG_BE_EN_CNTL) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK;
	uint8_t tx_rate = 0;
	unsigned udi = SIM_GET(dig_reg(sim, dig, mmDP_CONFIG), DP_CONFIG, DP_UDI_LANES) + 1;
	uint32_t link = dig_reg(sim, dig, mmDP_LINK_CNTL);
	uint32_t phy_mbps = 0;

	memset(v, 0, sizeof(*v));
	v->rate = c->dpcd[DPCD_LINK_BW_SET];
	v->lanes = c->dpcd[DPCD_LANE_COUNT_SET] & 0x1f;
	/* the public PHY registers a video BIOS table programmed (sim_uniphy.c);
	 * a PHY nothing programmed sends no link clock */
	if (sim_uniphy_dp(sim, dig, &phy_mbps, v->swing, v->pre))
		tx_rate = phy_mbps == 1620   ? SIM_DP_RBR
			  : phy_mbps == 2700 ? SIM_DP_HBR
			  : phy_mbps == 5400 ? SIM_DP_HBR2
					     : 0;
	v->wire = (link & DP_LINK_CNTL__DP_LINK_TRAINING_COMPLETE_MASK)
			  ? 0
			  : SIM_GET(dig_reg(sim, dig, mmDP_DPHY_TRAINING_PATTERN_SEL),
				    DP_DPHY_TRAINING_PATTERN_SEL, DPHY_TRAINING_PATTERN_SEL) +
				    1;
	v->active = on && (mode == DCE110_DIG_MODE_DP || mode == DCE110_DIG_MODE_DP_MST) &&
		    valid_rate(v->rate) && v->rate <= caps->max_rate && tx_rate == v->rate &&
		    lanes_bit(v->lanes) && v->lanes <= caps->max_lanes && udi == v->lanes &&
		    (c->dpcd[DPCD_SET_POWER] & 7) == SET_POWER_D0;
}

/* The channel's requirement at this rate: a rate-specific entry wins over "any". */
static void requirement(const struct sim_connector *c, uint8_t rate, uint8_t *swing, uint8_t *pre)
{
	const struct sim_dp_training *tr = &c->display.dp_caps.training;
	bool exact = false;

	*swing = 0;
	*pre = 0;
	for (unsigned i = 0; i < tr->nreq && i < SIM_MAX_TRAIN_REQS; i++) {
		if (tr->req[i].rate == rate || (!tr->req[i].rate && !exact)) {
			*swing = tr->req[i].swing;
			*pre = tr->req[i].pre;
			exact = tr->req[i].rate == rate;
		}
	}
}

/*
 * Do the transmitted levels of all active lanes meet the channel (and, with
 * check_report, does TRAINING_LANEn_SET report them)? A lock is acquired
 * only with matching reports but kept while the electrical levels suffice,
 * as the source changes the PHY and the DPCD one after the other.
 */
static bool drive_ok(const struct sim_connector *c, const struct tx_view *v, bool check_pre,
		     bool check_report)
{
	uint8_t rswing, rpre;

	requirement(c, v->rate, &rswing, &rpre);
	for (unsigned i = 0; i < v->lanes; i++) {
		uint8_t set = c->dpcd[DPCD_TRAINING_LANE0_SET + i];

		if (check_report && ((set & 3) != v->swing[i] || ((set >> 3) & 3) != v->pre[i]))
			return false;
		if (v->swing[i] < rswing || (check_pre && v->pre[i] < rpre))
			return false;
	}
	return true;
}

static uint64_t eq_time(const struct sim_connector *c)
{
	uint8_t interval = c->display.dp_caps.aux_rd_interval;

	return interval ? interval * 4000000ull : EQ_TIME_NS;
}

/* Brings the receiver's training state up to time t. */
static void evaluate(struct sim *sim, struct sim_connector *c, uint64_t t)
{
	const struct sim_dp_training *tr = &c->display.dp_caps.training;
	unsigned pattern = c->dpcd[DPCD_TRAINING_PATTERN_SET] & 3;
	uint64_t elapsed = t - c->tx_change_ns;
	struct tx_view v;

	tx_view(sim, c, &v);
	if (pattern == 1)
		c->rx_lost = false;
	if (!v.active || c->rx_lost) {
		c->rx_cr = false;
		c->rx_eq = false;
		return;
	}
	switch (pattern) {
	case 0:
		break; /* normal operation: what was trained stays */
	case 1:
		/* Lock is acquired on TPS1 and kept on any training pattern (the
		 * source may switch its pattern before the DPCD). */
		c->rx_eq = false;
		if (v.wire == 0 || !drive_ok(c, &v, false, false) ||
		    (tr->fail_cr_rates & rate_bit(v.rate)) || (tr->fail_lanes & lanes_bit(v.lanes)))
			c->rx_cr = false;
		else if (!c->rx_cr)
			c->rx_cr = v.wire == 1 && elapsed >= CR_TIME_NS &&
				   drive_ok(c, &v, false, true);
		break;
	default:
		c->rx_cr = c->rx_cr && v.wire >= 1 && drive_ok(c, &v, false, false);
		c->rx_eq = c->rx_cr && v.wire == pattern && drive_ok(c, &v, true, true) &&
			   elapsed >= eq_time(c) && !(tr->fail_eq_rates & rate_bit(v.rate)) &&
			   (pattern != 3 || c->display.dp_caps.tps3);
		break;
	}
}

static uint32_t signature(struct sim *sim, const struct sim_connector *c)
{
	struct tx_view v;
	uint32_t s = 2166136261u;
	uint8_t bytes[16];

	tx_view(sim, c, &v);
	bytes[0] = v.active;
	bytes[1] = v.rate;
	bytes[2] = (uint8_t)v.lanes;
	bytes[3] = (uint8_t)v.wire;
	for (unsigned i = 0; i < 4; i++)
		bytes[4 + i] = (uint8_t)(v.swing[i] | v.pre[i] << 2);
	memcpy(&bytes[8], &c->dpcd[DPCD_LINK_BW_SET], 7);
	bytes[15] = c->dpcd[DPCD_SET_POWER];
	for (unsigned i = 0; i < sizeof(bytes); i++)
		s = (s ^ bytes[i]) * 16777619u;
	return s;
}

/*
 * Something on either side changed at time t (the caller settled the state
 * before the change): restart the receiver's timers if it matters.
 */
static void link_changed(struct sim *sim, struct sim_connector *c, uint64_t t)
{
	uint32_t s = signature(sim, c);

	if (s != c->tx_signature) {
		c->tx_signature = s;
		c->tx_change_ns = t;
	}
	evaluate(sim, c, t);
}

static bool is_dp_sink(const struct sim_connector *c)
{
	return c->plugged && c->display.present && c->display.dp;
}

static void for_each_sink_on(struct sim *sim, unsigned dig, bool after)
{
	struct sim_config *cfg = &sim->st->cfg;

	for (unsigned i = 0; i < cfg->nconnectors; i++) {
		struct sim_connector *c = &cfg->connectors[i];

		if (c->dig != dig || !is_dp_sink(c))
			continue;
		if (after)
			link_changed(sim, c, sim->st->synced_ns);
		else
			evaluate(sim, c, sim->st->synced_ns);
	}
}

void sim_dp_tx_before(struct sim *sim, unsigned dig)
{
	for_each_sink_on(sim, dig, false);
}

void sim_dp_tx_changed(struct sim *sim, unsigned dig)
{
	for_each_sink_on(sim, dig, true);
}

void sim_dp_link_lost(struct sim *sim, struct sim_connector *c)
{
	evaluate(sim, c, sim->st->synced_ns);
	c->rx_cr = false;
	c->rx_eq = false;
	c->rx_lost = true;
	c->dpcd[DPCD_LANE_ALIGN_STATUS] |= LINK_STATUS_UPDATED;
	c->dpcd_esi[DPCD_LINK_SERVICE_ESI0 - SIM_DPCD_ESI_BASE] |= LINK_STATUS_CHANGED;
}

void sim_dpcd_init(struct sim *sim, struct sim_connector *c)
{
	const struct sim_dp_caps *caps = &c->display.dp_caps;
	uint8_t *d = c->dpcd;

	memset(c->dpcd, 0, sizeof(c->dpcd));
	memset(c->dpcd_esi, 0, sizeof(c->dpcd_esi));
	d[DPCD_REV] = caps->dpcd_rev;
	d[DPCD_MAX_LINK_RATE] = caps->max_rate;
	d[DPCD_MAX_LANE_COUNT] = (uint8_t)(caps->max_lanes | (caps->tps3 ? TPS3_SUPPORTED : 0) |
					   (caps->enhanced_framing ? ENHANCED_FRAME_CAP : 0));
	d[DPCD_MAX_DOWNSPREAD] = 0x01;	 /* 0.5 % down-spread */
	d[DPCD_NORP] = 0x01;		 /* one receiver port */
	d[DPCD_MAIN_LINK_CODING] = 0x01; /* 8b/10b */
	d[DPCD_DOWN_STREAM_PORT_COUNT] = caps->msa_ignored ? MSA_TIMING_PAR_IGNORED : 0;
	d[DPCD_RECEIVE_PORT0_CAP0] = 0x02; /* local EDID present */
	d[DPCD_TRAINING_AUX_RD] = caps->aux_rd_interval;
	d[DPCD_MSTM_CAP] = caps->mst ? 1 : 0;
	d[DPCD_SINK_COUNT] = 1;
	d[DPCD_SET_POWER] = SET_POWER_D0;
	if (c->type == SIM_CONN_EDP)
		d[DPCD_EDP_REV] = 0x02; /* eDP 1.3 */
	c->dpcd_esi[DPCD_SINK_COUNT_ESI - SIM_DPCD_ESI_BASE] = 1;
	c->rx_cr = false;
	c->rx_eq = false;
	c->rx_lost = false;
	c->defer_left = caps->aux_defer;
	c->tx_signature = signature(sim, c);
	c->tx_change_ns = sim->st->synced_ns;
	memset(&c->aux_bus, 0, sizeof(c->aux_bus));
}

static uint8_t lane_status(const struct sim_connector *c, unsigned lane, unsigned lanes)
{
	uint8_t s = 0;

	if (lane >= lanes)
		return 0;
	if (c->rx_cr)
		s |= LANE_CR_DONE;
	if (c->rx_eq)
		s |= LANE_CHANNEL_EQ | LANE_SYMBOL_LOCKED;
	return s;
}

static uint8_t adjust_request(const struct sim_connector *c, const struct tx_view *v,
			      unsigned first)
{
	uint8_t rswing, rpre, r = 0;

	requirement(c, v->rate, &rswing, &rpre);
	for (unsigned i = first; i < first + 2; i++) {
		uint8_t swing = v->swing[i] > rswing ? v->swing[i] : rswing;
		uint8_t pre = v->pre[i] > rpre ? v->pre[i] : rpre;

		r |= (uint8_t)((swing | pre << 2) << (4 * (i - first)));
	}
	return r;
}

/* One DPCD byte as a read returns it; consume clears read-to-clear bits. */
static uint8_t dpcd_byte(struct sim *sim, struct sim_connector *c, uint32_t addr, bool consume)
{
	unsigned lanes = c->dpcd[DPCD_LANE_COUNT_SET] & 0x1f;
	struct tx_view v;
	uint8_t b;

	if (addr >= SIM_DPCD_ESI_BASE && addr < SIM_DPCD_ESI_BASE + SIM_DPCD_ESI_SIZE) {
		if (addr >= DPCD_LANE0_1_STATUS_ESI && addr <= DPCD_SINK_STATUS_ESI)
			return dpcd_byte(sim, c,
					 addr - DPCD_LANE0_1_STATUS_ESI + DPCD_LANE0_1_STATUS,
					 consume);
		if (addr == DPCD_IRQ_VECTOR_ESI0)
			return c->dpcd[DPCD_IRQ_VECTOR];
		return c->dpcd_esi[addr - SIM_DPCD_ESI_BASE];
	}
	if (addr >= SIM_DPCD_SIZE)
		return 0;
	switch (addr) {
	case DPCD_LANE0_1_STATUS:
		return (uint8_t)(lane_status(c, 0, lanes) | lane_status(c, 1, lanes) << 4);
	case DPCD_LANE0_1_STATUS + 1:
		return (uint8_t)(lane_status(c, 2, lanes) | lane_status(c, 3, lanes) << 4);
	case DPCD_LANE_ALIGN_STATUS:
		b = c->dpcd[addr] & LINK_STATUS_UPDATED;
		if (c->rx_eq)
			b |= INTERLANE_ALIGN;
		if (consume)
			c->dpcd[addr] &= (uint8_t)~LINK_STATUS_UPDATED;
		return b;
	case DPCD_SINK_STATUS:
		return c->rx_eq && !(c->dpcd[DPCD_TRAINING_PATTERN_SET] & 3) ? 1 : 0;
	case DPCD_ADJUST_REQUEST_0_1:
	case DPCD_ADJUST_REQUEST_2_3:
		tx_view(sim, c, &v);
		return adjust_request(c, &v, addr == DPCD_ADJUST_REQUEST_0_1 ? 0 : 2);
	default:
		return c->dpcd[addr];
	}
}

uint8_t sim_dpcd_read(struct sim *sim, struct sim_connector *c, uint32_t addr, uint8_t *buf,
		      unsigned len)
{
	evaluate(sim, c, sim->st->synced_ns);
	for (unsigned i = 0; i < len; i++)
		buf[i] = dpcd_byte(sim, c, addr + i, true);
	return DCE110_AUX_REPLY_ACK;
}

static void write_byte(struct sim_connector *c, uint32_t addr, uint8_t v)
{
	if (addr == DPCD_IRQ_VECTOR || addr == DPCD_IRQ_VECTOR_ESI0) {
		c->dpcd[DPCD_IRQ_VECTOR] &= (uint8_t)~v;
	} else if (addr == DPCD_IRQ_VECTOR_ESI1 || addr == DPCD_LINK_SERVICE_ESI0) {
		c->dpcd_esi[addr - SIM_DPCD_ESI_BASE] &= (uint8_t)~v;
	} else if ((addr >= 0x100 && addr < 0x200) || (addr >= 0x300 && addr < 0x400) ||
		   addr == DPCD_SET_POWER) {
		c->dpcd[addr] = v;
	}
}

uint8_t sim_dpcd_write(struct sim *sim, struct sim_connector *c, uint32_t addr, const uint8_t *buf,
		       unsigned len)
{
	uint64_t t = sim->st->synced_ns;

	evaluate(sim, c, t);
	for (unsigned i = 0; i < len; i++)
		write_byte(c, addr + i, buf[i]);
	link_changed(sim, c, t);
	return DCE110_AUX_REPLY_ACK;
}

int sim_dpcd_peek(struct sim *sim, unsigned conn, uint32_t addr, uint8_t *buf, size_t len)
{
	struct sim_connector *c;

	if (conn >= sim->st->cfg.nconnectors)
		return -EINVAL;
	c = &sim->st->cfg.connectors[conn];
	if (!is_dp_sink(c))
		return -ENODEV;
	sim_sync(sim);
	evaluate(sim, c, sim->st->synced_ns);
	for (size_t i = 0; i < len; i++)
		buf[i] = dpcd_byte(sim, c, addr + (uint32_t)i, false);
	return 0;
}
