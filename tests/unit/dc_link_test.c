/* Fixtures of the link layer tests: see dc_link_test.h. */
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc_link_test.h"
#include "dc_test.h"
#include "sim_test_util.h"

static struct dclt *to_t(struct dc_hw *hw)
{
	return (struct dclt *)((char *)hw - offsetof(struct dclt, shim));
}

/* reg is generic of some AUX channel */
static bool aux_reg(uint32_t reg, uint32_t generic)
{
	for (unsigned i = 0; i < DCE110_MAX_AUXES; i++)
		if (reg == generic + dce110_aux_offsets[i])
			return true;
	return false;
}

static uint32_t shim_read(struct dc_hw *hw, uint32_t reg)
{
	struct dclt *t = to_t(hw);
	uint32_t v = t->inner->ops->read32(t->inner, reg);

	for (unsigned i = 0; i < DCE110_MAX_UNIPHYS && t->faults.phy_stuck; i++)
		if (reg == mmUNIPHY_TMDP_REG5 + dce110_uniphy_offsets[i])
			return 0;
	if (reg == mmDC_I2C_SW_STATUS && t->i2c_nack_now &&
	    (v & DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK))
		v |= DC_I2C_SW_STATUS__DC_I2C_SW_NACK0_MASK |
		     DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK;
	if (t->aux_stuck_now && aux_reg(reg, mmAUX_SW_STATUS))
		v &= ~(uint32_t)AUX_SW_STATUS__AUX_SW_DONE_MASK;
	if (reg == mmDC_I2C_DATA) {
		if (t->i2c_go == t->faults.corrupt_go &&
		    t->i2c_data_reads == t->faults.corrupt_byte)
			v ^= DC_I2C_DATA__DC_I2C_DATA_MASK;
		t->i2c_data_reads++;
	}
	return v;
}

static void shim_write(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	struct dclt *t = to_t(hw);

	if (reg == mmDC_I2C_CONTROL && (value & DC_I2C_CONTROL__DC_I2C_GO_MASK)) {
		t->i2c_nack_now = t->faults.i2c_nack > 0;
		if (t->i2c_nack_now)
			t->faults.i2c_nack--;
		t->i2c_go++;
		t->i2c_data_reads = 0;
	}
	if (aux_reg(reg, mmAUX_SW_CONTROL) && (value & AUX_SW_CONTROL__AUX_SW_GO_MASK)) {
		t->aux_stuck_now = t->faults.aux_stuck > 0;
		if (t->aux_stuck_now)
			t->faults.aux_stuck--;
	}
	t->inner->ops->write32(t->inner, reg, value);
}

static uint64_t shim_now(struct dc_hw *hw)
{
	struct dclt *t = to_t(hw);

	return t->inner->ops->now_ns(t->inner);
}

static void shim_delay(struct dc_hw *hw, uint64_t ns)
{
	struct dclt *t = to_t(hw);

	t->inner->ops->delay_ns(t->inner, ns);
}

static int shim_irq_fd(struct dc_hw *hw)
{
	struct dclt *t = to_t(hw);

	return t->inner->ops->irq_fd(t->inner);
}

static const struct dc_hw_ops shim_ops = {
	.read32 = shim_read,
	.write32 = shim_write,
	.now_ns = shim_now,
	.delay_ns = shim_delay,
	.irq_fd = shim_irq_fd,
};

static void on_hotplug(struct dc *dc, unsigned link, bool connected, void *data)
{
	struct dclt *t = data;

	assert_true(t->nevents < DCLT_MAX_EVENTS);
	t->events[t->nevents++] = (struct dclt_event){ .link = link,
						       .hotplug = true,
						       .connected = connected,
						       .time_ns = dc_hw_now_ns(&t->shim) };
}

static void on_link_event(struct dc *dc, unsigned link, enum dc_link_event ev, void *data)
{
	struct dclt *t = data;

	assert_true(t->nevents < DCLT_MAX_EVENTS);
	t->events[t->nevents++] =
		(struct dclt_event){ .link = link, .event = ev, .time_ns = dc_hw_now_ns(&t->shim) };
}

static void on_log(enum dc_log_level level, const char *message, void *data)
{
	struct dclt *t = data;

	if (getenv("DCLT_VERBOSE"))
		fprintf(stderr, "<%d> %s\n", level, message);
	if (t->nlog < DCLT_MAX_LOG)
		t->log[t->nlog++] = strdup(message);
}

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
	return DC_LINK_DP;
}

struct dclt *dclt_create(const char *json, enum dc_asic asic)
{
	return dclt_create_board(json, asic, NULL);
}

struct dclt *dclt_create_board(const char *json, enum dc_asic asic,
			       void (*adjust)(struct dc_board *board))
{
	static const struct dc_events events = { .hotplug = on_hotplug,
						 .link_event = on_link_event };
	struct dclt *t = calloc(1, sizeof(*t));
	struct dc_board board = { .asic = asic };
	const uint8_t *image;
	struct dc_error err;
	size_t len;
	int n;

	assert_non_null(t);
	t->sim = st_create(json);
	t->inner = sim_hw(t->sim);
	t->shim.ops = &shim_ops;
	n = sim_connector_count(t->sim);
	assert_true(n > 0 && n <= DC_MAX_LINKS);
	for (int i = 0; i < n; i++) {
		struct sim_connector_info info;

		assert_int_equal(sim_connector_info(t->sim, (unsigned)i, &info), 0);
		board.connectors[i] = (struct dc_connector_desc){
			.type = link_type(info.type),
			.hpd = (uint8_t)info.hpd,
			.ddc = (uint8_t)info.ddc,
			.aux = (uint8_t)(info.aux < 0 ? 0 : info.aux),
			.dig_be = (uint8_t)info.encoder,
			/* encoders able to drive HDMI 2.0 rates (also through DP++ adaptors) */
			.hdmi_6g = info.type != SIM_CONN_DVI,
		};
	}
	board.connector_count = (unsigned)n;
	if (adjust)
		adjust(&board);
	assert_int_equal(dc_create(&t->shim, &board, &t->dc), 0);
	dc_set_events(t->dc, &events, t);
	dc_set_log_handler(t->dc, on_log, t);
	/* the engine's video BIOS, as the daemon hands it over */
	image = sim_vbios(t->sim, &len);
	if (image && dc_set_vbios(t->dc, image, len, &err))
		fail_msg("dc_set_vbios: %s", err.message);
	return t;
}

void dclt_destroy(struct dclt *t)
{
	dc_destroy(t->dc);
	sim_destroy(t->sim);
	for (unsigned i = 0; i < t->nlog; i++)
		free(t->log[i]);
	free(t);
}

unsigned dclt_link(struct dclt *t, const char *name)
{
	int i = dc_link_by_name(t->dc, name);

	assert_true(i >= 0);
	return (unsigned)i;
}

unsigned dclt_conn(struct dclt *t, const char *name)
{
	int i = sim_connector_find(t->sim, name);

	assert_true(i >= 0);
	return (unsigned)i;
}

static bool irq_pending(struct dclt *t)
{
	struct pollfd pfd = { .fd = sim_irq_fd(t->sim), .events = POLLIN };

	return poll(&pfd, 1, 0) == 1;
}

void dclt_run(struct dclt *t, uint64_t ns)
{
	uint64_t end = sim_now_ns(t->sim) + ns;

	for (;;) {
		uint64_t now = sim_now_ns(t->sim), next;

		if (irq_pending(t))
			assert_int_equal(dc_handle_irq(t->dc), 0);
		if (dc_next_deadline(t->dc) <= now)
			dc_dispatch(t->dc);
		now = sim_now_ns(t->sim);
		if (now >= end)
			break;
		/* wake for the next deadline, at least every millisecond for interrupts */
		next = dc_next_deadline(t->dc);
		if (next > now + DCLT_MS)
			next = now + DCLT_MS;
		if (next > end)
			next = end;
		assert_int_equal(sim_advance(t->sim, next - now), 0);
	}
}

bool dclt_logged(const struct dclt *t, const char *first, ...)
{
	for (unsigned i = 0; i < t->nlog; i++) {
		const char *frag = first;
		bool all = true;
		va_list ap;

		va_start(ap, first);
		for (; frag; frag = va_arg(ap, const char *))
			all = all && strstr(t->log[i], frag);
		va_end(ap);
		if (all)
			return true;
	}
	return false;
}

unsigned dclt_count_hotplug(const struct dclt *t, unsigned link, bool connected)
{
	unsigned n = 0;

	for (unsigned i = 0; i < t->nevents; i++)
		n += t->events[i].hotplug && t->events[i].link == link &&
		     t->events[i].connected == connected;
	return n;
}

unsigned dclt_count_link_event(const struct dclt *t, unsigned link, enum dc_link_event ev)
{
	unsigned n = 0;

	for (unsigned i = 0; i < t->nevents; i++)
		n += !t->events[i].hotplug && t->events[i].link == link && t->events[i].event == ev;
	return n;
}

void dclt_ref_edid_ddc(struct dclt *t, unsigned conn, uint8_t *buf, unsigned blocks)
{
	struct sim_connector_info info;

	assert_int_equal(sim_connector_info(t->sim, conn, &info), 0);
	for (unsigned b = 0; b < blocks; b++) {
		uint32_t s = st_i2c_read_edid(t->inner, info.ddc, (uint8_t)(b / 2),
					      (uint8_t)(b % 2 * 128), buf + 128 * b, 128);

		assert_true(s & DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK);
		assert_false(s & DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK);
	}
}

/* One I2C-over-AUX request that must be ACKed; returns the reply length. */
static unsigned aux_i2c(struct dclt *t, unsigned aux, uint8_t cmd, uint8_t addr, uint8_t *data,
			unsigned wlen, unsigned rlen)
{
	uint8_t reply_cmd = 0xff;
	unsigned got = 0;
	uint32_t s = st_aux(t->inner, aux, cmd, addr, data, wlen, rlen, &reply_cmd, data, &got);

	assert_true(s & AUX_SW_STATUS__AUX_SW_DONE_MASK);
	assert_int_equal(reply_cmd, 0);
	return got;
}

void dclt_ref_edid_aux(struct dclt *t, unsigned conn, uint8_t *buf, unsigned blocks)
{
	struct sim_connector_info info;

	assert_int_equal(sim_connector_info(t->sim, conn, &info), 0);
	assert_true(info.aux >= 0 && (unsigned)info.aux == info.hpd);
	for (unsigned b = 0; b < blocks; b++) {
		uint8_t segment = (uint8_t)(b / 2), offset = (uint8_t)(b % 2 * 128);

		/* I2C write with MOT (0x4), read with MOT (0x5), address-only read to stop */
		if (segment)
			aux_i2c(t, (unsigned)info.aux, 0x4, 0x30, &segment, 1, 0);
		aux_i2c(t, (unsigned)info.aux, 0x4, 0x50, &offset, 1, 0);
		for (unsigned i = 0; i < 128; i += 16)
			assert_int_equal(
				aux_i2c(t, (unsigned)info.aux, 0x5, 0x50, buf + 128 * b + i, 0, 16),
				16);
		aux_i2c(t, (unsigned)info.aux, 0x1, 0x50, NULL, 0, 0);
	}
}

void dclt_stream(struct dclt *t, struct dc_stream *s, unsigned link, unsigned vic)
{
	struct drm_mode_modeinfo m;
	struct dc_state state = { .stream_count = 1 };
	struct dc_error err;
	int ret;

	dct_mode_vic(&m, vic);
	dct_stream(&state.streams[0], link, &m);
	ret = dc_validate(t->dc, &state, &err);
	if (ret)
		fail_msg("dc_validate: %s", err.message);
	*s = state.streams[0];
}
