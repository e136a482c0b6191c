/*
 * DP short pulses (IRQ_HPD) and link checks.
 *
 * A receiver pulses HPD low for up to 2 ms to say "read me": the device
 * service IRQ vector (0x201, acknowledged by writing its bits back), the
 * sink count (0x200: a branch device whose displays come and go) and the
 * link status (0x202..0x207: lanes that lost clock recovery, equalization,
 * symbol lock or alignment). A link that carries a stream and lost its
 * lock is trained again (dc_dp_check_link, run from dc_dispatch), and the
 * outcome is reported through the link_event callback.
 */
#include <string.h>

#include "link_priv.h"

#define SHORT_PULSE_READ (DP_LANE0_1_STATUS - DP_SINK_COUNT + DP_LINK_STATUS_SIZE)

static void report(struct dc *dc, unsigned link, enum dc_link_event event)
{
	if (dc->events.link_event)
		dc->events.link_event(dc, link, event, dc->events_data);
}

static void handle_vector(struct dc *dc, unsigned link, uint8_t vector)
{
	const char *name = dc->links[link].name;

	dc_log(dc, DC_LOG_DEBUG, "%s: IRQ_HPD, device service IRQ vector 0x%02x", name, vector);
	if (dc_dpcd_write_byte(dc, link, DP_DEVICE_SERVICE_IRQ_VECTOR, vector))
		dc_log(dc, DC_LOG_WARNING, "%s: IRQ vector 0x%02x could not be acknowledged", name,
		       vector);
	if (vector & DP_AUTOMATED_TEST_REQUEST)
		dc_log(dc, DC_LOG_INFO, "%s: the receiver asks for an automated test (ignored)",
		       name);
	if (vector & DP_CP_IRQ)
		dc_log(dc, DC_LOG_DEBUG, "%s: content protection IRQ (no HDCP here)", name);
	if (vector & (DP_DOWN_REP_MSG_RDY | DP_UP_REQ_MSG_RDY))
		dc_log(dc, DC_LOG_DEBUG, "%s: MST sideband message waiting (no MST here)", name);
}

static void handle_sink_count(struct dc *dc, unsigned link, uint8_t raw)
{
	struct dc_link *l = &dc->links[link];
	uint8_t count = (uint8_t)DP_GET_SINK_COUNT(raw);

	if (!l->sink || !l->sink->has_dp_caps || l->sink->dp_caps.sink_count == count)
		return;
	dc_log(dc, DC_LOG_INFO, "%s: sink count %u -> %u", l->name, l->sink->dp_caps.sink_count,
	       count);
	l->sink->dp_caps.sink_count = count;
	report(dc, link, DC_LINK_EVENT_SINK_COUNT);
	/* a branch that lost (or found) its display: what is connected changed */
	if (l->sink->dp_caps.downstream_port && !count) {
		l->rt.detect_pending = true;
		l->rt.detect_ns = l->rt.debounce_start_ns = dc_hw_now_ns(dc->hw);
		dc_link_update_deadline(l);
	}
}

void dc_dp_short_pulse(struct dc *dc, unsigned link)
{
	struct dc_link *l = &dc->links[link];
	uint8_t buf[SHORT_PULSE_READ];
	const uint8_t *status = buf + (DP_LANE0_1_STATUS - DP_SINK_COUNT);
	int ret;

	ret = dc_dpcd_read(dc, link, DP_SINK_COUNT, buf, sizeof(buf));
	if (ret) {
		dc_log(dc, DC_LOG_WARNING,
		       "%s: IRQ_HPD, but the receiver's status is unreadable: %s", l->name,
		       strerror(-ret));
		return;
	}
	if (buf[DP_DEVICE_SERVICE_IRQ_VECTOR - DP_SINK_COUNT])
		handle_vector(dc, link, buf[DP_DEVICE_SERVICE_IRQ_VECTOR - DP_SINK_COUNT]);
	handle_sink_count(dc, link, buf[0]);
	if (l->rt.enabled && !dc_dp_link_ok(status, l->training.lanes)) {
		dc_log(dc, DC_LOG_WARNING,
		       "%s: link lost: lane status 0x%02x 0x%02x, alignment 0x%02x; retraining",
		       l->name, status[0], status[1], status[2]);
		dc_link_schedule_retrain(dc, link, dc_hw_now_ns(dc->hw));
	}
}

/* The stream still fits the link as it trained. */
static bool carries(const struct dc_link_training *t, const struct dc_stream *s)
{
	struct fixed32_32 have = dc_dp_link_kbps(t->lanes, t->rate_mbps);
	struct fixed32_32 need = dc_dp_stream_kbps(s->mode.clock, s->encoding, s->bpc);

	return !fixed32_32_lt(have, need);
}

void dc_dp_check_link(struct dc *dc, unsigned link)
{
	struct dc_link *l = &dc->links[link];
	const struct dc_dp_caps *caps = dc_link_dp_caps(l);
	uint8_t status[DP_LINK_STATUS_SIZE];
	struct dc_link_training t;
	uint32_t rate = l->training.rate_mbps;
	uint8_t lanes = l->training.lanes;
	int ret;

	if (!l->rt.enabled || !caps)
		return;
	ret = dc_dpcd_read(dc, link, DP_LANE0_1_STATUS, status, sizeof(status));
	if (!ret && lanes && dc_dp_link_ok(status, lanes))
		return;
	if (!rate || !lanes) /* never trained (adopted without a readable setting) */
		dc_dp_max_setting(dc, link, caps, &rate, &lanes);
	ret = dc_dp_set_power(dc, link, true);
	if (!ret)
		ret = dc_dp_train(dc, link, caps, rate, lanes, &t);
	if (ret || !carries(&t, &l->rt.stream)) {
		dc_log(dc, DC_LOG_ERROR, "%s: link lost and %s", l->name,
		       ret ? "training failed at every setting"
			   : "retrained too slow for the stream (validate again)");
		report(dc, link, DC_LINK_EVENT_TRAINING_FAILED);
		return;
	}
	dc_log(dc, DC_LOG_INFO, "%s: link restored", l->name);
	report(dc, link, DC_LINK_EVENT_RETRAINED);
}
