/*
 * CRTC (timing generator): a timeline derived from the pixel clock.
 *
 * A running CRTC is described by its origin (base_ns, the frame number and
 * pixel position at that time) and its pixel clock; position, frame counter
 * and status bits at any time follow by arithmetic, so nothing ticks per
 * frame. Pixel positions count from vertical count 0 (the start of vertical
 * sync in the AMD timing generator); a frame is (H_TOTAL + 1) x (V_TOTAL + 1)
 * pixels. Any change of the timing or of the clock re-bases the timeline.
 *
 * Events on a frame: vertical count 0 (frame counter increments, a history
 * record starts), V_BLANK_START (V_UPDATE: double-buffered surface and
 * cursor registers latch) and VERTICAL_INTERRUPT0's LINE_START.
 *
 * Variable refresh (CRTC_V_TOTAL_CONTROL with V_TOTAL_MIN_SEL and
 * V_TOTAL_MAX_SEL): the front porch stretches, so the timeline runs with
 * V_TOTAL_MAX + 1 lines per frame, and a flip request (an unlocked pending
 * surface address) in line v cuts its frame after line max(v, V_TOTAL_MIN):
 * the next frame starts there. A flip that arrives after V_BLANK_START
 * latches at that frame start. The cut re-bases the timeline like a retime.
 */
#include "sim_internal.h"

#define NS_PER_S 1000000000ull

static uint32_t creg(struct sim *sim, unsigned n, uint32_t generic)
{
	return sim->st->regs[generic + dce110_crtc_offsets[n]];
}

static uint32_t *cregp(struct sim *sim, unsigned n, uint32_t generic)
{
	return &sim->st->regs[generic + dce110_crtc_offsets[n]];
}

struct lines {
	uint64_t ht, vt, fp;	/* pixels per line, lines, pixels per frame */
	uint64_t vbs, vbe, vi0; /* V_BLANK_START, V_BLANK_END, VERTICAL_INTERRUPT0 line */
};

static void get_lines(struct sim *sim, unsigned n, struct lines *l)
{
	const struct sim_crtc *c = &sim->st->crtc[n];
	uint32_t vb = creg(sim, n, mmCRTC_V_BLANK_START_END);

	l->ht = c->htotal;
	l->vt = c->vtotal;
	l->fp = l->ht * l->vt;
	l->vbs = SIM_GET(vb, CRTC_V_BLANK_START_END, CRTC_V_BLANK_START) % l->vt;
	l->vbe = SIM_GET(vb, CRTC_V_BLANK_START_END, CRTC_V_BLANK_END) % l->vt;
	l->vi0 = SIM_GET(creg(sim, n, mmCRTC_VERTICAL_INTERRUPT0_POSITION),
			 CRTC_VERTICAL_INTERRUPT0_POSITION, CRTC_VERTICAL_INTERRUPT0_LINE_START) %
		 l->vt;
}

/* Pixels elapsed since base at time t. */
static uint64_t elapsed_px(const struct sim_crtc *c, uint64_t t)
{
	sim_u128 num, den;

	if (!c->running || t <= c->base_ns)
		return 0;
	num = (sim_u128)(t - c->base_ns) * c->hz_num;
	den = (sim_u128)c->hz_den * NS_PER_S;
	return (uint64_t)(num / den);
}

/* Time at which the px-th pixel after base starts (the first t with elapsed >= px). */
static uint64_t time_of_px(const struct sim_crtc *c, uint64_t px)
{
	sim_u128 num = (sim_u128)px * c->hz_den * NS_PER_S;

	return c->base_ns + (uint64_t)((num + c->hz_num - 1) / c->hz_num);
}

/* Occurrences of line L (positions k * fp + L * ht) in the absolute range (a, b]. */
static uint64_t count_line(const struct lines *l, uint64_t line, uint64_t a, uint64_t b)
{
	uint64_t off = line * l->ht;
	uint64_t nb = b >= off ? (b - off) / l->fp + 1 : 0;
	uint64_t na = a >= off ? (a - off) / l->fp + 1 : 0;

	return nb - na;
}

/* First absolute position of line L after a. */
static uint64_t next_line(const struct lines *l, uint64_t line, uint64_t a)
{
	uint64_t off = line * l->ht;

	if (a < off)
		return off;
	return off + ((a - off) / l->fp + 1) * l->fp;
}

void sim_crtc_clock(struct sim *sim, unsigned n, uint64_t *num, uint64_t *den)
{
	struct sim_state *st = sim->st;
	uint32_t rate;
	int sel;

	*num = 0;
	*den = 1;
	if (n < 6) {
		rate = st->regs[mmCRTC0_PIXEL_RATE_CNTL + dce110_pixclk_offsets[n]];
		if (SIM_GET(rate, CRTC0_PIXEL_RATE_CNTL, DP_DTO0_ENABLE)) {
			uint64_t phase = st->regs[mmDP_DTO0_PHASE + dce110_pixclk_offsets[n]];
			uint64_t modulo = st->regs[mmDP_DTO0_MODULO + dce110_pixclk_offsets[n]];

			/* A DTO cannot run faster than its reference. */
			if (phase && modulo && phase <= modulo) {
				*num = (uint64_t)st->cfg.dpref_khz * 1000 * phase;
				*den = modulo;
			}
			return;
		}
	}
	sel = sim_crtc_pll(st, n);
	if (sel >= 0)
		sim_pll_crtc_clock(sim, (unsigned)sel, num, den);
}

bool sim_crtc_position(struct sim *sim, unsigned n, uint64_t t, uint64_t *frame, uint32_t *vcount,
		       uint32_t *hcount)
{
	const struct sim_crtc *c = &sim->st->crtc[n];
	uint64_t total, pos;

	if (!c->running) {
		*frame = c->last_frame;
		*vcount = 0;
		*hcount = 0;
		return false;
	}
	total = c->base_pos + elapsed_px(c, t);
	pos = total % ((uint64_t)c->htotal * c->vtotal);
	*frame = c->base_frame + total / ((uint64_t)c->htotal * c->vtotal);
	*vcount = (uint32_t)(pos / c->htotal);
	*hcount = (uint32_t)(pos % c->htotal);
	return true;
}

/*
 * One history record, published only once whole: the slot at hist_next is
 * written first and becomes visible when hist_next moves past it. Readers
 * (sim_crtc_history) never show that slot, so a reader in another process
 * (sim_view) that copies the ring while dcd is preempted between two of
 * the slot's stores, or a dcd killed there, never yields a record whose
 * frame number is new and whose time is the old slot's.
 */
static void append_record(struct sim_crtc *c, uint64_t frame, uint64_t start_ns, uint64_t address,
			  bool blanked)
{
	struct sim_frame_rec *r = &c->hist[c->hist_next];

	r->frame = frame;
	r->start_ns = start_ns;
	r->address = address;
	r->blanked = blanked;
	__atomic_store_n(&c->hist_next, (c->hist_next + 1) % SIM_HISTORY, __ATOMIC_RELEASE);
	if (c->hist_count < SIM_HISTORY)
		c->hist_count++;
}

_Static_assert(SIM_SCANOUT_HISTORY == SIM_HISTORY - 1, "the slot being written is never shown");

unsigned sim_crtc_history(const struct sim_crtc *c, struct sim_frame *frames, unsigned max)
{
	uint32_t next = __atomic_load_n(&c->hist_next, __ATOMIC_ACQUIRE) % SIM_HISTORY;
	/* the slot at next may be half written: the ring shows SIM_HISTORY - 1 */
	unsigned n = c->hist_count < SIM_HISTORY ? c->hist_count : SIM_SCANOUT_HISTORY;
	unsigned start;

	if (n > max)
		n = max;
	start = (next + SIM_HISTORY - n) % SIM_HISTORY;
	for (unsigned i = 0; i < n; i++) {
		const struct sim_frame_rec *r = &c->hist[(start + i) % SIM_HISTORY];

		frames[i].frame = r->frame;
		frames[i].start_ns = r->start_ns;
		frames[i].address = r->address;
		frames[i].blanked = r->blanked;
	}
	return n;
}

/* Appends history records for the frames that start in (a, b] (absolute). */
static void record_frames(struct sim *sim, unsigned n, const struct lines *l, uint64_t a,
			  uint64_t b)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	uint64_t count = count_line(l, 0, a, b);
	uint64_t first = next_line(l, 0, a);
	bool blanked =
		creg(sim, n, mmCRTC_BLANK_CONTROL) & CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN_MASK;
	bool enabled = sim_dcp_fetching(sim, n);

	if (count > SIM_HISTORY) {
		first += (count - SIM_HISTORY) * l->fp;
		count = SIM_HISTORY;
	}
	for (uint64_t i = 0; i < count; i++) {
		uint64_t pos = first + i * l->fp;

		append_record(c, c->base_frame + pos / l->fp, time_of_px(c, pos - c->base_pos),
			      enabled ? c->inuse_addr : 0, blanked);
	}
}

static void record_start(struct sim *sim, unsigned n, uint64_t t)
{
	struct sim_crtc *c = &sim->st->crtc[n];

	append_record(c, c->base_frame, t, sim_dcp_fetching(sim, n) ? c->inuse_addr : 0,
		      !!(creg(sim, n, mmCRTC_BLANK_CONTROL) &
			 CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN_MASK));
}

static uint64_t latch_position(struct sim *sim, unsigned n, const struct lines *l, uint64_t a)
{
	bool hretrace;

	const struct sim_crtc *c = &sim->st->crtc[n];
	uint64_t e;

	if (!sim_dcp_latch_wanted(sim, n, &hretrace))
		return UINT64_MAX;
	if (hretrace)
		return (a / l->ht + 1) * l->ht;
	e = next_line(l, l->vbs, a);
	/* past V_BLANK_START of a cut frame: the new frame's start latches it */
	return c->vrr_cut && e > c->vrr_cut ? c->vrr_cut : e;
}

/* Processes positions (done, b] (absolute): latches, history, interrupt status. */
static void advance(struct sim *sim, unsigned n, uint64_t b)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	struct lines l;
	uint64_t a, a0, e;

	if (b <= c->base_pos + c->done_px)
		return;
	get_lines(sim, n, &l);
	a = a0 = c->base_pos + c->done_px;

	e = latch_position(sim, n, &l, a);
	if (e <= b) {
		record_frames(sim, n, &l, a, e);
		sim_dcp_latch(sim, n, time_of_px(c, e - c->base_pos));
		a = e;
	}
	record_frames(sim, n, &l, a, b);

	if (count_line(&l, l.vbs, a0, b))
		*cregp(sim, n, mmCRTC_V_UPDATE_INT_STATUS) |=
			CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_OCCURRED_MASK;
	if (count_line(&l, l.vi0, a0, b)) {
		uint32_t *vi = cregp(sim, n, mmCRTC_VERTICAL_INTERRUPT0_CONTROL);

		*vi |= CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_STATUS_MASK;
		if (*vi &
		    CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_ENABLE_MASK)
			*vi |= CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_STATUS_MASK;
	}
	c->done_px = b - c->base_pos;
}

/* A cut VRR frame ends: what waits for its end latches, the next frame starts. */
static void vrr_cut(struct sim *sim, unsigned n)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	uint64_t cut = c->vrr_cut, fp = (uint64_t)c->htotal * c->vtotal;
	uint64_t t = time_of_px(c, cut - c->base_pos);
	bool hretrace;

	advance(sim, n, cut - 1);
	if (sim_dcp_latch_wanted(sim, n, &hretrace))
		sim_dcp_latch(sim, n, t);
	c->base_frame += (cut - 1) / fp + 1;
	c->base_ns = t;
	c->base_pos = 0;
	c->done_px = 0;
	c->vrr_cut = 0;
	record_start(sim, n, t);
}

void sim_crtc_sync(struct sim *sim, unsigned n, uint64_t t)
{
	struct sim_crtc *c = &sim->st->crtc[n];

	if (!c->running)
		return;
	if (c->vrr_cut && c->base_pos + elapsed_px(c, t) >= c->vrr_cut)
		vrr_cut(sim, n);
	advance(sim, n, c->base_pos + elapsed_px(c, t));
}

void sim_crtc_vrr_flip(struct sim *sim, unsigned n)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	uint64_t fp, pos, start, v, end;
	bool hretrace;

	if (!c->running || !c->vrr || c->vrr_cut || !c->flip_pending ||
	    !sim_dcp_latch_wanted(sim, n, &hretrace))
		return;
	fp = (uint64_t)c->htotal * c->vtotal;
	pos = c->base_pos + c->done_px;
	start = pos - pos % fp;
	v = (pos % fp) / c->htotal;
	end = v > c->vrr_min ? v : c->vrr_min;
	/* the last line of the longest frame ends it anyway */
	if (end + 1 < c->vtotal)
		c->vrr_cut = start + (end + 1) * c->htotal;
}

uint64_t sim_crtc_next_event(struct sim *sim, unsigned n)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	struct lines l;
	uint64_t e;

	if (!c->running)
		return UINT64_MAX;
	get_lines(sim, n, &l);
	e = latch_position(sim, n, &l, c->base_pos + c->done_px);
	/* a cut frame's end re-bases the timeline: everything after it waits */
	if (c->vrr_cut && c->vrr_cut < e)
		e = c->vrr_cut;
	return e == UINT64_MAX ? e : time_of_px(c, e - c->base_pos);
}

uint64_t sim_crtc_next_wake(struct sim *sim, unsigned n)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	uint64_t a, next = sim_crtc_next_event(sim, n);
	uint32_t vi = creg(sim, n, mmCRTC_VERTICAL_INTERRUPT0_CONTROL);
	struct lines l;

	if (!c->running)
		return next;
	get_lines(sim, n, &l);
	a = c->base_pos + c->done_px;
	if ((vi & CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_ENABLE_MASK) &&
	    !(vi & CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_STATUS_MASK)) {
		uint64_t t = time_of_px(c, next_line(&l, l.vi0, a) - c->base_pos);

		next = t < next ? t : next;
	}
	if ((creg(sim, n, mmCRTC_INTERRUPT_CONTROL) &
	     CRTC_INTERRUPT_CONTROL__CRTC_V_UPDATE_INT_MSK_MASK) &&
	    !(creg(sim, n, mmCRTC_V_UPDATE_INT_STATUS) &
	      CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_OCCURRED_MASK)) {
		uint64_t t = time_of_px(c, next_line(&l, l.vbs, a) - c->base_pos);

		next = t < next ? t : next;
	}
	return next;
}

void sim_crtc_retime(struct sim *sim, unsigned n, uint64_t t)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	uint64_t num, den, frame = c->last_frame, pos = 0;
	uint32_t ht = SIM_GET(creg(sim, n, mmCRTC_H_TOTAL), CRTC_H_TOTAL, CRTC_H_TOTAL) + 1;
	uint32_t vt = SIM_GET(creg(sim, n, mmCRTC_V_TOTAL), CRTC_V_TOTAL, CRTC_V_TOTAL) + 1;
	uint32_t vctl = creg(sim, n, mmCRTC_V_TOTAL_CONTROL);
	uint32_t vmin =
		SIM_GET(creg(sim, n, mmCRTC_V_TOTAL_MIN), CRTC_V_TOTAL_MIN, CRTC_V_TOTAL_MIN);
	uint32_t vmax =
		SIM_GET(creg(sim, n, mmCRTC_V_TOTAL_MAX), CRTC_V_TOTAL_MAX, CRTC_V_TOTAL_MAX);
	bool vrr = (vctl & CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MIN_SEL_MASK) &&
		   (vctl & CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MAX_SEL_MASK) && vmin <= vmax;
	bool was = c->running, run;

	if (n >= sim->st->ncrtc_regs)
		return;
	sim_crtc_sync(sim, n, t);
	if (vrr)
		vt = vmax + 1;
	if (was) {
		uint64_t fp = (uint64_t)c->htotal * c->vtotal;
		uint64_t total = c->base_pos + c->done_px;

		frame = c->base_frame + total / fp;
		pos = total % fp;
		if (pos >= (uint64_t)ht * vt) {
			pos = 0;
			frame++;
		}
	}
	sim_crtc_clock(sim, n, &num, &den);
	run = (creg(sim, n, mmCRTC_CONTROL) & CRTC_CONTROL__CRTC_MASTER_EN_MASK) && num &&
	      n < sim->st->npipes && !sim_pg_gated(sim, n);
	if (was && !run)
		c->last_frame = frame;
	c->running = run;
	c->base_ns = t;
	c->base_frame = frame;
	c->base_pos = run && was ? pos : 0;
	c->done_px = 0;
	c->hz_num = num;
	c->hz_den = den;
	c->htotal = ht;
	c->vtotal = vt;
	c->vrr = vrr;
	c->vrr_min = vmin;
	c->vrr_cut = 0;
	if (run && !was)
		record_start(sim, n, t);
	/* With the timing generator stopped, double-buffered registers take
	 * effect at once. */
	if (!run)
		sim_dcp_latch(sim, n, t);
}

void sim_crtc_retime_all(struct sim *sim, uint64_t t)
{
	for (unsigned i = 0; i < sim->st->ncrtc_regs; i++)
		sim_crtc_retime(sim, i, t);
}

unsigned sim_crtc_irq_sources(struct sim *sim, unsigned n)
{
	uint32_t vi = creg(sim, n, mmCRTC_VERTICAL_INTERRUPT0_CONTROL);
	uint32_t ic = creg(sim, n, mmCRTC_INTERRUPT_CONTROL);
	uint32_t gs = sim->st->regs[mmGRPH_INTERRUPT_STATUS + dce110_crtc_offsets[n]];
	uint32_t gc = sim->st->regs[mmGRPH_INTERRUPT_CONTROL + dce110_crtc_offsets[n]];
	unsigned src = 0;

	if ((vi & CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_STATUS_MASK) &&
	    (vi & CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_ENABLE_MASK))
		src |= SIM_CRTC_IRQ_VLINE0;
	if ((creg(sim, n, mmCRTC_V_UPDATE_INT_STATUS) &
	     CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_OCCURRED_MASK) &&
	    (ic & CRTC_INTERRUPT_CONTROL__CRTC_V_UPDATE_INT_MSK_MASK))
		src |= SIM_CRTC_IRQ_V_UPDATE;
	if ((gs & GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_OCCURRED_MASK) &&
	    (gc & GRPH_INTERRUPT_CONTROL__GRPH_PFLIP_INT_MASK_MASK))
		src |= SIM_CRTC_IRQ_PFLIP;
	return src;
}

bool sim_crtc_irq_pending(struct sim *sim, unsigned n)
{
	return sim_crtc_irq_sources(sim, n) != 0;
}

static uint32_t status_reg(struct sim *sim, unsigned n, uint32_t v, uint32_t h)
{
	uint32_t r = 0;
	uint32_t hb = creg(sim, n, mmCRTC_H_BLANK_START_END);
	uint32_t vb = creg(sim, n, mmCRTC_V_BLANK_START_END);
	uint32_t vs = creg(sim, n, mmCRTC_V_SYNC_A);
	uint32_t hs = creg(sim, n, mmCRTC_H_SYNC_A);
	uint32_t vbs = SIM_GET(vb, CRTC_V_BLANK_START_END, CRTC_V_BLANK_START);
	uint32_t vbe = SIM_GET(vb, CRTC_V_BLANK_START_END, CRTC_V_BLANK_END);
	uint32_t hbs = SIM_GET(hb, CRTC_H_BLANK_START_END, CRTC_H_BLANK_START);
	uint32_t hbe = SIM_GET(hb, CRTC_H_BLANK_START_END, CRTC_H_BLANK_END);
	bool vblank = vbe <= vbs ? (v >= vbs || v < vbe) : (v >= vbs && v < vbe);
	bool hblank = hbe <= hbs ? (h >= hbs || h < hbe) : (h >= hbs && h < hbe);

	r |= vblank ? CRTC_STATUS__CRTC_V_BLANK_MASK : CRTC_STATUS__CRTC_V_ACTIVE_DISP_MASK;
	r |= hblank ? CRTC_STATUS__CRTC_H_BLANK_MASK : CRTC_STATUS__CRTC_H_ACTIVE_DISP_MASK;
	if (v >= SIM_GET(vs, CRTC_V_SYNC_A, CRTC_V_SYNC_A_START) &&
	    v < SIM_GET(vs, CRTC_V_SYNC_A, CRTC_V_SYNC_A_END))
		r |= CRTC_STATUS__CRTC_V_SYNC_A_MASK;
	if (h >= SIM_GET(hs, CRTC_H_SYNC_A, CRTC_H_SYNC_A_START) &&
	    h < SIM_GET(hs, CRTC_H_SYNC_A, CRTC_H_SYNC_A_END))
		r |= CRTC_STATUS__CRTC_H_SYNC_A_MASK;
	return r;
}

uint32_t sim_crtc_read(struct sim *sim, unsigned n, uint32_t generic)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	uint64_t frame;
	uint32_t v, h, val = creg(sim, n, generic);
	bool run = sim_crtc_position(sim, n, sim->st->synced_ns, &frame, &v, &h);

	switch (generic) {
	case mmCRTC_CONTROL:
		val &= ~CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK;
		if (c->running)
			val |= CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK;
		return val;
	case mmCRTC_BLANK_CONTROL:
		val &= ~CRTC_BLANK_CONTROL__CRTC_CURRENT_BLANK_STATE_MASK;
		if (val & CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN_MASK)
			val |= CRTC_BLANK_CONTROL__CRTC_CURRENT_BLANK_STATE_MASK;
		return val;
	case mmCRTC_STATUS:
		return run ? status_reg(sim, n, v, h) : 0;
	case mmCRTC_STATUS_POSITION:
		return DC_FIELD(CRTC_STATUS_POSITION, CRTC_VERT_COUNT, v) |
		       DC_FIELD(CRTC_STATUS_POSITION, CRTC_HORZ_COUNT, h);
	case mmCRTC_NOM_VERT_POSITION:
		return DC_FIELD(CRTC_NOM_VERT_POSITION, CRTC_VERT_COUNT_NOM, v);
	case mmCRTC_STATUS_FRAME_COUNT:
		return DC_FIELD(CRTC_STATUS_FRAME_COUNT, CRTC_FRAME_COUNT, frame - c->frame_reset);
	case mmCRTC_STATUS_HV_COUNT:
		return run ? DC_FIELD(CRTC_STATUS_HV_COUNT, CRTC_HV_COUNT, v * c->htotal + h) : 0;
	case mmCRTC_DOUBLE_BUFFER_CONTROL:
		return val & ~CRTC_DOUBLE_BUFFER_CONTROL__CRTC_UPDATE_PENDING_MASK;
	default:
		return val;
	}
}

bool sim_crtc_reg_is_status(uint32_t generic)
{
	switch (generic) {
	case mmCRTC_STATUS:
	case mmCRTC_STATUS_POSITION:
	case mmCRTC_NOM_VERT_POSITION:
	case mmCRTC_STATUS_FRAME_COUNT:
	case mmCRTC_STATUS_VF_COUNT:
	case mmCRTC_STATUS_HV_COUNT:
		return true;
	default:
		return false;
	}
}

void sim_crtc_write(struct sim *sim, unsigned n, uint32_t generic, uint32_t value)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	uint32_t *r = cregp(sim, n, generic);
	uint64_t frame;
	uint32_t v, h;

	switch (generic) {
	case mmCRTC_V_UPDATE_INT_STATUS:
		if (value & CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_CLEAR_MASK)
			*r &= ~CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_OCCURRED_MASK;
		return;
	case mmCRTC_VERTICAL_INTERRUPT0_CONTROL: {
		const uint32_t ro =
			CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_STATUS_MASK |
			CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_STATUS_MASK;

		*r = (*r & ro) |
		     (value & ~ro &
		      ~CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_CLEAR_MASK);
		if (value & CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_CLEAR_MASK)
			*r &= ~ro;
		return;
	}
	case mmCRTC_COUNT_RESET:
		if (value & CRTC_COUNT_RESET__CRTC_RESET_FRAME_COUNT_MASK) {
			sim_crtc_position(sim, n, sim->st->synced_ns, &frame, &v, &h);
			c->frame_reset = frame;
		}
		return;
	default:
		if (sim_crtc_reg_is_status(generic))
			return; /* read-only */
		*r = value;
		break;
	}
	switch (generic) {
	case mmCRTC_CONTROL:
	case mmCRTC_H_TOTAL:
	case mmCRTC_V_TOTAL:
	case mmCRTC_V_TOTAL_MIN:
	case mmCRTC_V_TOTAL_MAX:
	case mmCRTC_V_TOTAL_CONTROL:
		sim_crtc_retime(sim, n, sim->st->synced_ns);
		break;
	case mmCRTC_MASTER_UPDATE_LOCK:
		/* unlocking lets a stopped pipe's pending updates through (not on DCE 10) */
		if (!c->running && sim_gen(sim)->master_update_lock_reg)
			sim_dcp_latch(sim, n, sim->st->synced_ns);
		break;
	default:
		break;
	}
}
