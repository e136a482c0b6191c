/*
 * DC_HPD: the hot-plug detect lines.
 *
 * The monitor drives the line (sim_hpd_set_line, pulses from sim_hpd_pulse).
 * DC_HPD_SENSE shows the line as it is; DC_HPD_SENSE_DELAYED shows it after
 * the toggle filter: high once the line has been high for
 * DC_HPD_CONNECT_INT_DELAY ms, low once it has been low for
 * max(2 ms, DC_HPD_DISCONNECT_INT_DELAY ms). A low pulse of at most 2 ms is
 * a DP IRQ_HPD: it sets DC_HPD_RX_INT_STATUS and never reaches SENSE_DELAYED.
 *
 * DC_HPD_INT_STATUS latches when the condition SENSE_DELAYED ==
 * DC_HPD_INT_POLARITY becomes true (1 = interrupt on connect, 0 = on
 * disconnect), including when the polarity is written so; DC_HPD_INT_ACK
 * clears it. Everything reads 0 and nothing latches while DC_HPD_EN is 0.
 */
#include "sim_internal.h"

#define SHORT_PULSE_NS 2000000ull
#define MS	       1000000ull

static uint32_t *hreg(struct sim *sim, unsigned hpd, uint32_t generic)
{
	return &sim->st->regs[generic + dce110_hpd_offsets[hpd]];
}

static bool enabled(struct sim *sim, unsigned hpd)
{
	return *hreg(sim, hpd, mmDC_HPD_CONTROL) & DC_HPD_CONTROL__DC_HPD_EN_MASK;
}

static uint64_t connect_delay(struct sim *sim, unsigned hpd)
{
	return SIM_GET(*hreg(sim, hpd, mmDC_HPD_TOGGLE_FILT_CNTL), DC_HPD_TOGGLE_FILT_CNTL,
		       DC_HPD_CONNECT_INT_DELAY) *
	       MS;
}

static uint64_t disconnect_delay(struct sim *sim, unsigned hpd)
{
	uint64_t d = SIM_GET(*hreg(sim, hpd, mmDC_HPD_TOGGLE_FILT_CNTL), DC_HPD_TOGGLE_FILT_CNTL,
			     DC_HPD_DISCONNECT_INT_DELAY) *
		     MS;

	return d > SHORT_PULSE_NS ? d : SHORT_PULSE_NS + 1;
}

/* Latches DC_HPD_INT_STATUS on the rising edge of (SENSE_DELAYED == POLARITY). */
static void evaluate(struct sim *sim, unsigned hpd)
{
	struct sim_hpd *h = &sim->st->hpd[hpd];
	uint32_t *status = hreg(sim, hpd, mmDC_HPD_INT_STATUS);
	bool pol = *hreg(sim, hpd, mmDC_HPD_INT_CONTROL) &
		   DC_HPD_INT_CONTROL__DC_HPD_INT_POLARITY_MASK;
	bool cond = enabled(sim, hpd) && h->delayed == pol;

	if (cond && !h->cond)
		*status |= DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK;
	h->cond = cond;
}

static void line_change(struct sim *sim, unsigned hpd, bool level, uint64_t t)
{
	struct sim_hpd *h = &sim->st->hpd[hpd];

	if (level == h->line)
		return;
	if (!level) {
		h->low_ns = t;
	} else if (h->delayed && t - h->low_ns <= SHORT_PULSE_NS && enabled(sim, hpd)) {
		*hreg(sim, hpd, mmDC_HPD_INT_STATUS) |=
			DC_HPD_INT_STATUS__DC_HPD_RX_INT_STATUS_MASK;
	}
	h->line = level;
	h->line_ns = t;
}

static uint64_t filter_expiry(struct sim *sim, unsigned hpd)
{
	const struct sim_hpd *h = &sim->st->hpd[hpd];

	if (h->line == h->delayed)
		return UINT64_MAX;
	return h->line_ns + (h->line ? connect_delay(sim, hpd) : disconnect_delay(sim, hpd));
}

void sim_hpd_sync(struct sim *sim, unsigned hpd, uint64_t t)
{
	struct sim_hpd *h = &sim->st->hpd[hpd];

	for (;;) {
		uint64_t q = h->nqueue ? h->queue[0].t : UINT64_MAX;
		uint64_t f = filter_expiry(sim, hpd);

		if (f <= q && f <= t) {
			h->delayed = h->line;
			evaluate(sim, hpd);
		} else if (q < f && q <= t) {
			line_change(sim, hpd, h->queue[0].level, q);
			h->nqueue--;
			for (unsigned i = 0; i < h->nqueue; i++)
				h->queue[i] = h->queue[i + 1];
		} else {
			break;
		}
	}
}

uint64_t sim_hpd_next_event(struct sim *sim, unsigned hpd)
{
	const struct sim_hpd *h = &sim->st->hpd[hpd];
	uint64_t q = h->nqueue ? h->queue[0].t : UINT64_MAX;
	uint64_t f = filter_expiry(sim, hpd);

	return q < f ? q : f;
}

void sim_hpd_set_line(struct sim *sim, unsigned hpd, bool level, uint64_t t)
{
	sim->st->hpd[hpd].nqueue = 0;
	line_change(sim, hpd, level, t);
	sim_hpd_sync(sim, hpd, t);
}

void sim_hpd_pulse(struct sim *sim, unsigned hpd, uint64_t width_ns)
{
	struct sim_hpd *h = &sim->st->hpd[hpd];
	uint64_t t = sim->st->synced_ns;

	sim_hpd_set_line(sim, hpd, false, t);
	h->queue[0].t = t + width_ns;
	h->queue[0].level = 1;
	h->nqueue = 1;
}

bool sim_hpd_sense(struct sim *sim, unsigned hpd)
{
	return enabled(sim, hpd) && sim->st->hpd[hpd].line;
}

uint32_t sim_hpd_read(struct sim *sim, unsigned hpd, uint32_t generic)
{
	struct sim_hpd *h = &sim->st->hpd[hpd];
	uint32_t v = *hreg(sim, hpd, generic);

	if (generic != mmDC_HPD_INT_STATUS)
		return v;
	v &= DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK |
	     DC_HPD_INT_STATUS__DC_HPD_RX_INT_STATUS_MASK;
	if (enabled(sim, hpd)) {
		if (h->line)
			v |= DC_HPD_INT_STATUS__DC_HPD_SENSE_MASK;
		if (h->delayed)
			v |= DC_HPD_INT_STATUS__DC_HPD_SENSE_DELAYED_MASK;
	}
	return v;
}

void sim_hpd_write(struct sim *sim, unsigned hpd, uint32_t generic, uint32_t value)
{
	uint32_t *status = hreg(sim, hpd, mmDC_HPD_INT_STATUS);

	switch (generic) {
	case mmDC_HPD_INT_STATUS:
		return; /* read-only */
	case mmDC_HPD_INT_CONTROL:
		if (value & DC_HPD_INT_CONTROL__DC_HPD_INT_ACK_MASK)
			*status &= ~DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK;
		if (value & DC_HPD_INT_CONTROL__DC_HPD_RX_INT_ACK_MASK)
			*status &= ~DC_HPD_INT_STATUS__DC_HPD_RX_INT_STATUS_MASK;
		*hreg(sim, hpd, generic) = value & ~(DC_HPD_INT_CONTROL__DC_HPD_INT_ACK_MASK |
						     DC_HPD_INT_CONTROL__DC_HPD_RX_INT_ACK_MASK);
		evaluate(sim, hpd);
		return;
	default:
		*hreg(sim, hpd, generic) = value;
		evaluate(sim, hpd);
		return;
	}
}

bool sim_hpd_irq_pending(struct sim *sim, unsigned hpd, bool *rx)
{
	bool hp = sim_hpd_irq_sources(sim, hpd, rx);

	return hp || *rx;
}

bool sim_hpd_irq_sources(struct sim *sim, unsigned hpd, bool *rx)
{
	uint32_t s = *hreg(sim, hpd, mmDC_HPD_INT_STATUS);
	uint32_t c = *hreg(sim, hpd, mmDC_HPD_INT_CONTROL);

	*rx = (s & DC_HPD_INT_STATUS__DC_HPD_RX_INT_STATUS_MASK) &&
	      (c & DC_HPD_INT_CONTROL__DC_HPD_RX_INT_EN_MASK);
	return (s & DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK) &&
	       (c & DC_HPD_INT_CONTROL__DC_HPD_INT_EN_MASK);
}
