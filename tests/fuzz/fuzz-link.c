/*
 * libFuzzer target for the link layer (dc/link, dc/dce110 AUX and DDC): a
 * hostile monitor on the wire. Display Core runs on the simulated engine
 * in virtual time through a register seam that hands DC every byte a sink
 * sends as the simulator's honest byte XOR the next input byte: AUX reply
 * codes and data (DPCD reads, I2C-over-AUX, link training status), DC_I2C
 * read data (EDID over E-DDC with its segments, DP++ adaptor ID, SCDC),
 * and the status words of finished transactions (reply lengths, NACKs,
 * timeouts, disconnects). An input of zeros is an honest sink; the input's
 * first byte picks a connector and what DC is asked to do there: detect,
 * light what it found (DP training with its fallbacks, HDMI 2.0 scrambling over
 * SCDC), a DP short pulse (sink IRQ, link status), a replug.
 *
 * Whatever the sink says, DC must come back with a result (a sink, or an
 * error) without a sanitizer report, a hang, or a stream it cannot show.
 *
 * The engine is built once (LLVMFuzzerInitialize: the scenario parsed, its
 * EDIDs built) and its hardware state, one pointer-free struct sim_state,
 * copied aside at power-on; every input starts from that copy put back,
 * with the interrupt line re-evaluated, and a new DC over it. So an input
 * sees exactly the engine a fresh sim_create would give it (test
 * fuzz-link-reset runs inputs after each other and alone and compares).
 */
#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dc.h"
#include "dc_modes.h"
#include "dce110_regs.h"
#include "fuzz_target.h"
#include "sim.h"
#include "sim_internal.h"

#define MS 1000000ull

/* DP (HBR2, TPS3), HDMI 2.0 with SCDC, a DP++ type 2 adaptor with an HDMI 2.0 TV, DVI. */
// clang-format off
static const char scenario[] =
"{ \"asic\": \"carrizo\", \"clock\": \"virtual\", \"connectors\": ["
"  { \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0, \"display\": {"
"    \"edid\": { \"name\": \"fuzz DP\", \"preferred\": \"cta-1080p60\", \"modes\": [ \"cta-480p60\" ] },"
"    \"dp\": { \"dpcd_rev\": \"1.2\", \"max_rate\": \"HBR2\", \"max_lanes\": 4, \"tps3\": true } } },"
"  { \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2, \"encoder\": 1, \"display\": { \"edid\": {"
"    \"name\": \"fuzz hdmi 2.0\", \"input\": \"hdmi\", \"preferred\": \"cta-4k60\", \"modes\": [ \"cta-480p60\" ],"
"    \"vics\": [ 97, 2 ], \"hdmi\": { \"max_tmds_mhz\": 340 },"
"    \"hf_vsdb\": { \"max_tmds_char_rate_mhz\": 600, \"scdc\": true } } } },"
"  { \"name\": \"DP-2\", \"type\": \"DP\", \"hpd\": 3, \"ddc\": 3, \"aux\": 3, \"encoder\": 2, \"display\": {"
"    \"edid\": { \"name\": \"fuzz TV\", \"input\": \"hdmi\", \"preferred\": \"cta-480p60\", \"vics\": [ 2 ],"
"      \"hdmi\": { \"max_tmds_mhz\": 340 }, \"hf_vsdb\": { \"max_tmds_char_rate_mhz\": 600, \"scdc\": true } },"
"    \"dongle\": { \"type\": 2, \"max_tmds_mhz\": 600 } } },"
"  { \"name\": \"DVI-D-1\", \"type\": \"DVI\", \"hpd\": 4, \"ddc\": 4, \"encoder\": 3, \"display\": {"
"    \"edid\": { \"name\": \"fuzz DVI\", \"preferred\": \"cta-480p60\" } } }"
"] }";
// clang-format on

/*
 * What the first input byte asks for. Its low two bits pick the connector
 * (DP, HDMI, DP++, DVI): detecting all four per input would cost four
 * times as much for the same paths.
 */
#define LINK_MASK     0x03
#define DO_COMMIT     0x04 /* light the link in a mode the input picks */
#define DO_SHORT_HPD  0x08 /* a DP sink IRQ after lighting */
#define DO_REPLUG     0x10 /* unplug and plug it, detect again */
#define DO_DROP_LINK  0x20 /* it loses its link: retraining */
#define DO_SECOND_RUN 0x40 /* detect a second time (a sink cached from before) */

struct wire {
	struct dc_hw shim;
	struct dc_hw *inner;
	const uint8_t *data;
	size_t size, pos;
	uint64_t digest; /* everything DC saw and did, in order (fuzz_digest) */
};

static uint8_t next_byte(struct wire *w)
{
	return w->pos < w->size ? w->data[w->pos++] : 0;
}

static bool is_aux_reg(uint32_t reg, uint32_t base)
{
	for (unsigned i = 0; i < DCE110_MAX_AUXES; i++) {
		if (reg == base + dce110_aux_offsets[i])
			return true;
	}
	return false;
}

/* A finished AUX transaction's status: the sink may claim any length or failure. */
static uint32_t aux_status(struct wire *w, uint32_t v)
{
	uint8_t b;

	if (!(v & AUX_SW_STATUS__AUX_SW_DONE_MASK))
		return v;
	b = next_byte(w);
	switch (b >> 5) {
	case 1: /* a reply of another length */
		return DC_FIELD_SET(v, AUX_SW_STATUS, AUX_SW_REPLY_BYTE_COUNT, b & 0x1f);
	case 2:
		return v | AUX_SW_STATUS__AUX_SW_RX_TIMEOUT_MASK;
	case 3:
		return v | AUX_SW_STATUS__AUX_SW_HPD_DISCON_MASK;
	case 4:
		return v | AUX_SW_STATUS__AUX_SW_RX_OVERFLOW_MASK;
	case 5:
		return v | AUX_SW_STATUS__AUX_SW_RX_PARTIAL_BYTE_MASK;
	default: /* 0, 6, 7: as the simulator says */
		return v;
	}
}

/* A finished DDC transaction's status: NACKs and timeouts on the sink's side. */
static uint32_t i2c_status(struct wire *w, uint32_t v)
{
	uint8_t b;

	if (!(v & DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK))
		return v;
	b = next_byte(w);
	switch (b >> 5) {
	case 1:
		return v | DC_I2C_SW_STATUS__DC_I2C_SW_NACK0_MASK;
	case 2:
		return v | DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK;
	case 3:
		return v | DC_I2C_SW_STATUS__DC_I2C_SW_TIMEOUT_MASK;
	case 4:
		return v | DC_I2C_SW_STATUS__DC_I2C_SW_NACK1_MASK;
	default:
		return v;
	}
}

static uint32_t sink_says(struct wire *w, uint32_t reg, uint32_t v)
{
	if (reg == mmDC_I2C_DATA)
		return v ^ DC_FIELD(DC_I2C_DATA, DC_I2C_DATA, next_byte(w));
	if (reg == mmDC_I2C_SW_STATUS)
		return i2c_status(w, v);
	if (is_aux_reg(reg, mmAUX_SW_DATA))
		return v ^ DC_FIELD(AUX_SW_DATA, AUX_SW_DATA, next_byte(w));
	if (is_aux_reg(reg, mmAUX_SW_STATUS))
		return aux_status(w, v);
	return v;
}

static uint32_t wire_read(struct dc_hw *hw, uint32_t reg)
{
	struct wire *w = (struct wire *)hw;
	uint32_t v = sink_says(w, reg, w->inner->ops->read32(w->inner, reg));

	w->digest = fuzz_mix(w->digest, (uint64_t)reg << 32 | v);
	return v;
}

static void wire_write(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	struct wire *w = (struct wire *)hw;

	w->digest = fuzz_mix(w->digest, 1ull << 63 | (uint64_t)reg << 32 | value);
	w->inner->ops->write32(w->inner, reg, value);
}

static uint64_t wire_now(struct dc_hw *hw)
{
	struct wire *w = (struct wire *)hw;

	return w->inner->ops->now_ns(w->inner);
}

static void wire_delay(struct dc_hw *hw, uint64_t ns)
{
	struct wire *w = (struct wire *)hw;

	w->digest = fuzz_mix(w->digest, ns);
	w->inner->ops->delay_ns(w->inner, ns);
}

static int wire_irq_fd(struct dc_hw *hw)
{
	struct wire *w = (struct wire *)hw;

	return w->inner->ops->irq_fd(w->inner);
}

static const struct dc_hw_ops wire_ops = {
	.read32 = wire_read,
	.write32 = wire_write,
	.now_ns = wire_now,
	.delay_ns = wire_delay,
	.irq_fd = wire_irq_fd,
};

static enum dc_link_type link_type(enum sim_connector_type type)
{
	switch (type) {
	case SIM_CONN_DP:
		return DC_LINK_DP;
	case SIM_CONN_HDMI:
		return DC_LINK_HDMI_A;
	case SIM_CONN_DVI:
		return DC_LINK_DVI_D;
	case SIM_CONN_EDP:
		return DC_LINK_EDP;
	}
	abort();
}

static void quiet(enum dc_log_level level, const char *message, void *data)
{
	(void)level;
	(void)message;
	(void)data;
}

/* The event loop for ns of virtual time: interrupts and DC's deadlines. */
static void run(struct sim *sim, struct dc *dc, uint64_t ns)
{
	uint64_t end = sim_now_ns(sim) + ns;

	for (;;) {
		struct pollfd p = { .fd = sim_irq_fd(sim), .events = POLLIN };
		uint64_t now, next;

		if (poll(&p, 1, 0) == 1)
			dc_handle_irq(dc);
		if (dc_next_deadline(dc) <= sim_now_ns(sim))
			dc_dispatch(dc);
		now = sim_now_ns(sim);
		if (now >= end)
			return;
		next = dc_next_deadline(dc);
		/* interrupts are looked at every 10 ms: latency does not matter here */
		if (next > now + 10 * MS)
			next = now + 10 * MS;
		if (next > end)
			next = end;
		if (sim_advance(sim, next - now) < 0)
			abort();
	}
}

static void detect(struct dc *dc, unsigned link)
{
	if (dc_link_detect(dc, link) > 0)
		abort(); /* 0 or -errno */
}

/* The link in a mode of its list (the input picks which), no plane. */
static void light(struct wire *w, struct dc *dc, unsigned link)
{
	struct dc_state st = { 0 };
	struct dc_sink *sink = dc_link_sink(dc, link);
	const struct dc_mode *modes;
	struct dc_error err;
	size_t n = 0;

	if (!sink)
		return;
	modes = dc_link_modes(dc, link, &n);
	if (!n)
		return;
	st.stream_count = 1;
	st.streams[0] = (struct dc_stream){ .link = (uint8_t)link,
					    .mode = modes[next_byte(w) % n].info,
					    .encoding = DC_ENCODING_RGB,
					    .bpc = 8,
					    .blank_color = 0x204060 };
	if (dc_validate(dc, &st, &err) == 0)
		(void)dc_commit(dc, &st, &err);
}

/* The engine, made once, and its hardware at power-on. */
static struct sim *engine;
static struct sim_state *power_on;
static struct dc_board board = { .asic = DC_ASIC_CARRIZO };
static uint64_t last_digest;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct sim_options opts = { .scenario_json = scenario, .clock = SIM_CLOCK_VIRTUAL };
	struct sim_error serr;
	int n;

	(void)argc;
	(void)argv;
	if (sim_create(&opts, &engine, &serr) < 0)
		abort();
	n = sim_connector_count(engine);
	for (int i = 0; i < n; i++) {
		struct sim_connector_info info;

		if (sim_connector_info(engine, (unsigned)i, &info) < 0)
			abort();
		board.connectors[i] = (struct dc_connector_desc){
			.type = link_type(info.type),
			.hpd = (uint8_t)info.hpd,
			.ddc = (uint8_t)info.ddc,
			.aux = (uint8_t)(info.aux < 0 ? 0 : info.aux),
			.dig_be = (uint8_t)info.encoder,
			.hdmi_6g = info.type != SIM_CONN_DVI,
		};
	}
	board.connector_count = (unsigned)n;
	power_on = malloc(sizeof(*power_on));
	if (!power_on)
		abort();
	memcpy(power_on, engine->st, sizeof(*power_on));
	return 0;
}

/*
 * The engine as sim_create left it: the hardware state copied back, and
 * what struct sim keeps beside it (the counters, the interrupt eventfd,
 * which follows the line's level) made to match. Nothing else in struct
 * sim changes here: no memory is mapped, no trace runs, the clock is
 * virtual (no timerfd).
 */
static void power_on_again(void)
{
	uint64_t v;

	memcpy(engine->st, power_on, sizeof(*power_on));
	engine->unmapped_pixels = 0;
	engine->scratch = 0;
	if (read(engine->irq_fd, &v, sizeof(v)) < 0 && errno != EAGAIN)
		abort();
	engine->irq_level = false;
	sim_update_irq(engine);
}

uint64_t fuzz_digest(void)
{
	return last_digest;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wire w = { .shim.ops = &wire_ops, .data = data, .size = size };
	struct dc *dc;
	unsigned link;
	uint8_t what;

	power_on_again();
	w.inner = sim_hw(engine);
	if (dc_create(&w.shim, &board, &dc) < 0)
		abort();
	dc_set_log_handler(dc, quiet, NULL);
	what = next_byte(&w);
	link = what & LINK_MASK;
	detect(dc, link);
	if (what & DO_SECOND_RUN)
		detect(dc, link);
	if (what & DO_COMMIT) {
		light(&w, dc, link);
		run(engine, dc, 2 * MS);
	}
	if (what & DO_SHORT_HPD) {
		sim_dp_irq(engine, link, 0x02);
		run(engine, dc, 5 * MS);
	}
	if (what & DO_DROP_LINK) {
		sim_drop_link(engine, link);
		run(engine, dc, 5 * MS);
	}
	if (what & DO_REPLUG) {
		sim_unplug(engine, link);
		run(engine, dc, 150 * MS);
		if (sim_plug(engine, link, NULL, 0) == 0)
			run(engine, dc, 300 * MS);
	}
	dc_destroy(dc);
	last_digest = w.digest;
	return 0;
}
