/*
 * The IH ring (suite silicon): Display Core on the simulated engine with
 * interrupts delivered as on a GPU, through vectors the IH writes into a
 * ring in memory and its MSI. Without a ring nothing arrives; flips,
 * vblanks and hot plugs arrive through vectors, and only through them;
 * unknown or corrupt vectors are ignored with a log line; the ring wraps;
 * an overflow is recovered with nothing lost; poll mode; both OSS
 * generations' registers; re-programming (a restart) leaves scanout alone.
 */
#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dc_ih.h"
#include "dc_sim_test.h"
#include "dce110_regs.h"
#include "ih_regs.h"

#define MS 1000000ull
#define S  1000000000ull

/* Device addresses of rings: below the test framebuffers (dc_sim_test.c). */
#define RING_ADDR  0x40000000ull
#define RING2_ADDR 0x48000000ull

struct ring {
	uint8_t *mem; /* the ring, then a page whose first dword is the writeback */
	uint32_t bytes;
	uint64_t addr;
};

/* The ring and its writeback page, page aligned (aligned_alloc wants whole pages). */
static uint8_t *ring_alloc(uint32_t bytes)
{
	uint8_t *mem = aligned_alloc(4096, (bytes + 4096 + 4095) & ~4095u);

	assert_non_null(mem);
	return mem;
}

static void ring_map(struct dst *t, struct ring *rg, uint32_t bytes, uint64_t addr)
{
	rg->bytes = bytes;
	rg->addr = addr;
	rg->mem = ring_alloc(bytes);
	memset(rg->mem, 0, bytes + 4096);
	assert_int_equal(sim_map_memory_rw(t->sim, addr, rg->mem, bytes + 4096), 0);
}

static int ring_attach_mode(struct dst *t, struct ring *rg, bool no_interrupt)
{
	struct dc_ih_ring r = {
		.ring = rg->mem,
		.ring_addr = rg->addr,
		.ring_bytes = rg->bytes,
		.wptr = rg->mem + rg->bytes,
		.wptr_addr = rg->addr + rg->bytes,
		.no_interrupt = no_interrupt,
	};

	return dc_ih_attach(t->dc, &r);
}

static void ring_attach(struct dst *t, struct ring *rg, uint32_t bytes, uint64_t addr)
{
	ring_map(t, rg, bytes, addr);
	assert_int_equal(ring_attach_mode(t, rg, false), 0);
}

static void ring_free(struct dst *t, struct ring *rg)
{
	dc_ih_detach(t->dc);
	sim_unmap_memory(t->sim, rg->addr);
	free(rg->mem);
}

static bool msi_pending(struct dst *t)
{
	struct pollfd p = { .fd = sim_msi_fd(t->sim), .events = POLLIN };

	return poll(&p, 1, 0) == 1;
}

static void msi_clear(struct dst *t)
{
	uint64_t n;

	assert_int_equal(read(sim_msi_fd(t->sim), &n, sizeof(n)), (ssize_t)sizeof(n));
}

/*
 * A host whose only news is the MSI: advances virtual time in steps,
 * calling dc_handle_irq when (and only when) the MSI fired; dc_dispatch at
 * its deadlines. every_ns > step_ns handles interrupts that late.
 */
static void run_msi(struct dst *t, uint64_t ns, uint64_t step_ns, uint64_t every_ns)
{
	uint64_t end = sim_now_ns(t->sim) + ns, last = sim_now_ns(t->sim);

	while (sim_now_ns(t->sim) < end) {
		uint64_t now = sim_now_ns(t->sim), step = end - now < step_ns ? end - now : step_ns;

		if (dc_next_deadline(t->dc) < now + step)
			step = dc_next_deadline(t->dc) > now ? dc_next_deadline(t->dc) - now : 0;
		assert_int_equal(sim_advance(t->sim, step), 0);
		if (msi_pending(t) && sim_now_ns(t->sim) - last >= every_ns) {
			msi_clear(t);
			assert_int_equal(dc_handle_irq(t->dc), 0);
			last = sim_now_ns(t->sim);
		}
		if (dc_next_deadline(t->dc) <= sim_now_ns(t->sim))
			assert_int_equal(dc_dispatch(t->dc), 0);
	}
}

/* A host that looks every step_ns whatever happened (poll mode). */
static void run_poll(struct dst *t, uint64_t ns, uint64_t step_ns)
{
	uint64_t end = sim_now_ns(t->sim) + ns;

	while (sim_now_ns(t->sim) < end) {
		assert_int_equal(sim_advance(t->sim, step_ns), 0);
		assert_int_equal(dc_handle_irq(t->dc), 0);
		if (dc_next_deadline(t->dc) <= sim_now_ns(t->sim))
			assert_int_equal(dc_dispatch(t->dc), 0);
	}
}

/* Chains vsync flips on one or more links until each has done limit. */
struct flipper {
	uint64_t fb[2];
	unsigned submitted[DC_MAX_LINKS], done[DC_MAX_LINKS];
	uint64_t last_user[DC_MAX_LINKS];
	unsigned limit;
	bool gap; /* a flip_done whose user data did not follow the last */
};

static void flip_next(struct dst *t, const struct dst_flip *f)
{
	struct flipper *fl = t->user;
	unsigned l = f->link;

	if (fl->done[l] && f->user_data != fl->last_user[l] + 1)
		fl->gap = true;
	fl->last_user[l] = f->user_data;
	fl->done[l]++;
	if (fl->submitted[l] >= fl->limit)
		return;
	assert_int_equal(dc_flip(t->dc, l, fl->fb[fl->submitted[l] % 2], 0, fl->submitted[l]), 0);
	fl->submitted[l]++;
}

static void flips_start(struct dst *t, struct flipper *fl, unsigned link)
{
	t->user = fl;
	t->on_flip = flip_next;
	assert_int_equal(dc_flip(t->dc, link, fl->fb[0], 0, 0), 0);
	fl->submitted[link] = 1;
}

/* Commits the preferred modes of the named links, one fb each (the flipper's first). */
static void commit_links(struct dst *t, struct flipper *fl, const char *const *names, unsigned n)
{
	struct dc_state st = { .stream_count = n };
	struct dc_error err;

	for (unsigned i = 0; i < n; i++) {
		unsigned l = dst_link(t, names[i]);
		const struct dc_mode *m;
		size_t count;

		m = dc_sink_modes(dc_link_sink(t->dc, l), &count);
		if (!i) {
			fl->fb[0] = dst_fb(t, m[0].info.hdisplay, m[0].info.vdisplay, 0x00ff0000);
			fl->fb[1] = dst_fb(t, m[0].info.hdisplay, m[0].info.vdisplay, 0x0000ff00);
		}
		dst_stream(t, l, &st.streams[i], fl->fb[1]);
	}
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
}

static unsigned tg_of(struct dst *t, unsigned link)
{
	const struct dc_state *cur = dc_current_state(t->dc);

	for (unsigned i = 0; i < cur->stream_count; i++)
		if (cur->streams[i].link == link)
			return (unsigned)cur->streams[i].res.timing_generator;
	fail();
	return 0;
}

static bool pflip_latched(struct dst *t, unsigned tg)
{
	return dc_hw_read(t->hw, mmGRPH_INTERRUPT_STATUS + dce110_crtc_offsets[tg]) &
	       GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_OCCURRED_MASK;
}

static bool all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* Does the ring hold a vector (src, data)? (Rings here are not wrapped yet.) */
static bool ring_has(const struct ring *rg, uint32_t src, uint32_t data)
{
	const uint32_t *v = (const uint32_t *)rg->mem;

	for (uint32_t i = 0; i < rg->bytes / 4; i += 4)
		if ((v[i] & 0xff) == src && (v[i + 1] & 0xfffffff) == data)
			return true;
	return false;
}

/* ---- without a ring, nothing arrives ------------------------------------------ */

static void nothing_without_ring(void **state)
{
	static const char *const hdmi[] = { "HDMI-A-1" };
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1"), tg;
	struct flipper fl = { .limit = 1 };
	struct sim_ih_stats ss;
	struct dc_ih_stats ds;
	struct ring rg;

	(void)state;
	ring_map(t, &rg, 64 * 1024, RING_ADDR);
	commit_links(t, &fl, hdmi, 1);
	tg = tg_of(t, link);
	assert_int_equal(dc_vblank_enable(t->dc, link, true), 0);
	flips_start(t, &fl, link);
	assert_int_equal(sim_unplug(t->sim, dst_conn(t, dst_link(t, "DP-1"))), 0);
	run_msi(t, 200 * MS, MS, 0);
	/* the sources fired at their blocks, and no word of it reached the host */
	assert_true(pflip_latched(t, tg));
	sim_ih_get_stats(t->sim, &ss);
	assert_int_equal(ss.vectors, 0);
	assert_int_equal(ss.msis, 0);
	assert_false(msi_pending(t));
	assert_int_equal(t->nflips, 0);
	assert_int_equal(t->nvblanks, 0);
	assert_int_equal(t->hotplugs, 0);
	assert_true(all_zero(rg.mem, rg.bytes + 4096));

	/* the ring on: what latched meanwhile is found, then vectors carry the rest */
	assert_int_equal(ring_attach_mode(t, &rg, false), 0);
	assert_int_equal(t->nflips, 1);
	run_msi(t, 300 * MS, MS, 0);
	assert_true(t->nvblanks >= 15);
	assert_int_equal(t->hotplugs, 1); /* DP-1 unplugged, debounced */
	sim_ih_get_stats(t->sim, &ss);
	dc_ih_get_stats(t->dc, &ds);
	assert_true(ss.vectors >= 15 && ss.msis > 0);
	assert_int_equal(ds.vectors, ss.vectors);
	assert_int_equal(ds.dispatched, ds.vectors);
	assert_int_equal(ds.scans, 1); /* at attach only */
	ring_free(t, &rg);
	dst_destroy(t);
}

/* ---- flips and vblanks through vectors, both OSS generations ---------------- */

// clang-format off
static const char tonga_two[] = "{ \"asic\": \"tonga\", \"connectors\": ["
	"{ \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0, "
	"\"display\": { \"edid\": { \"name\": \"tv\", \"preferred\": \"cta-1080p60\", "
	"\"vics\": [ 16 ], \"hdmi\": { } } } },"
	"{ \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 2, \"ddc\": 2, \"aux\": 2, \"encoder\": 1, "
	"\"display\": { \"edid\": { \"name\": \"dp\", \"input\": \"dp\", "
	"\"preferred\": \"cta-1080p60\" }, \"dp\": { \"max_rate\": \"HBR2\", \"max_lanes\": 4 } } } ] }";
// clang-format on

static void flips_through_ring(const char *json, enum dc_asic asic)
{
	static const char *const hdmi[] = { "HDMI-A-1" };
	struct dst *t = dst_create(json, asic);
	unsigned link = dst_link(t, "HDMI-A-1"), tg;
	struct flipper fl = { .limit = 120 };
	struct sim_ih_stats ss;
	struct dc_ih_stats ds;
	struct ring rg, rg2;
	unsigned before;

	ring_attach(t, &rg, 64 * 1024, RING_ADDR);
	commit_links(t, &fl, hdmi, 1);
	tg = tg_of(t, link);
	assert_int_equal(dc_vblank_enable(t->dc, link, true), 0);
	flips_start(t, &fl, link);
	/* interrupts handled up to 3 ms late, as a busy host would */
	run_msi(t, 2200 * MS, MS, 3 * MS);
	assert_int_equal(t->nflips, 120);
	assert_false(fl.gap);
	for (unsigned i = 1; i < 120; i++)
		assert_int_equal(t->flips[i].seq, t->flips[i - 1].seq + 1);
	assert_true(t->nvblanks >= 120);
	assert_true(ring_has(&rg, IH_SRC_D1_GRPH_PFLIP + 2 * tg, 0));
	assert_true(ring_has(&rg, IH_SRC_D1_VLINE + tg, IH_DATA_VLINE0));
	sim_ih_get_stats(t->sim, &ss);
	dc_ih_get_stats(t->dc, &ds);
	assert_true(ss.vectors >= 240);
	assert_int_equal(ds.vectors, ss.vectors);
	assert_int_equal(ds.ignored, 0);
	assert_int_equal(ds.overflows, 0);
	assert_int_equal(ss.dropped, 0);
	assert_int_equal(ss.faults, 0);
	assert_int_equal(ds.scans, 1);

	/*
	 * Only through vectors: with the ring turned off behind DC's back, a
	 * flip latches at its block but a host calling dc_handle_irq every
	 * millisecond hears nothing of it.
	 */
	dc_hw_write(t->hw, IH_REG_RB_CNTL, dc_hw_read(t->hw, IH_REG_RB_CNTL) & ~IH_RB_ENABLE);
	t->on_flip = NULL;
	before = t->nflips;
	assert_int_equal(dc_flip(t->dc, link, fl.fb[0], 0, 1000), 0);
	run_poll(t, 100 * MS, MS);
	assert_true(pflip_latched(t, tg));
	assert_int_equal(t->nflips, before);
	/* programmed again (new memory, as after a restart): the flip is found */
	ring_map(t, &rg2, 4096, RING2_ADDR);
	assert_int_equal(ring_attach_mode(t, &rg2, false), 0);
	assert_int_equal(t->nflips, before + 1);
	assert_int_equal(t->flips[before].user_data, 1000);
	ring_free(t, &rg2);
	sim_unmap_memory(t->sim, rg.addr);
	free(rg.mem);
	dst_destroy(t);
}

static void flips_through_ring_oss301(void **state)
{
	(void)state;
	flips_through_ring(NULL, DC_ASIC_CARRIZO);
}

static void flips_through_ring_oss30(void **state)
{
	(void)state;
	flips_through_ring(tonga_two, DC_ASIC_TONGA);
}

/* ---- the registers each generation gets ---------------------------------------- */

static void registers_per_generation(void **state)
{
	struct dst *c = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dst *g = dst_create(tonga_two, DC_ASIC_TONGA);
	struct ring rc, rt;
	uint32_t cntl;

	(void)state;
	ring_attach(c, &rc, 64 * 1024, RING_ADDR);
	ring_attach(g, &rt, 4096, 0x12345600ull);
	/* both: base >> 8, size as log2 dwords, writeback on and where it is */
	assert_int_equal(dc_hw_read(c->hw, IH_REG_RB_BASE), RING_ADDR >> 8);
	assert_int_equal(dc_hw_read(g->hw, IH_REG_RB_BASE), 0x12345600ull >> 8);
	assert_int_equal(dc_hw_read(c->hw, IH_REG_RB_WPTR_ADDR_LO), (uint32_t)(RING_ADDR + 65536));
	assert_int_equal(dc_hw_read(c->hw, IH_REG_RB_WPTR_ADDR_HI), 0);
	assert_int_equal(dc_hw_read(g->hw, IH_REG_RB_WPTR_ADDR_LO), 0x12345600u + 4096);

	/* OSS 3.0.1 (Carrizo): enable and re-arm in IH_CNTL, overflow reporting asked for */
	cntl = dc_hw_read(c->hw, IH_REG_RB_CNTL);
	assert_int_equal((cntl & IH_RB_SIZE_MASK) >> IH_RB_SIZE_SHIFT, 14); /* 16384 dwords */
	assert_true(cntl & IH_RB_ENABLE);
	assert_true(cntl & IH_WPTR_WRITEBACK);
	assert_true(cntl & OSS301_IH_RB_CNTL__WPTR_OVERFLOW_ENABLE_MASK);
	assert_false(cntl & IH_WPTR_OVERFLOW_CLEAR);
	assert_int_equal(dc_hw_read(c->hw, OSS301_mmIH_CNTL) & (OSS301_IH_CNTL__ENABLE_INTR_MASK |
								OSS301_IH_CNTL__RPTR_REARM_MASK),
			 OSS301_IH_CNTL__ENABLE_INTR_MASK | OSS301_IH_CNTL__RPTR_REARM_MASK);

	/* OSS 3.0 (Tonga): all in IH_RB_CNTL, and the read-pointer doorbell off */
	cntl = dc_hw_read(g->hw, IH_REG_RB_CNTL);
	assert_int_equal((cntl & IH_RB_SIZE_MASK) >> IH_RB_SIZE_SHIFT, 10); /* 1024 dwords */
	assert_true(cntl & IH_RB_ENABLE);
	assert_true(cntl & OSS30_IH_RB_CNTL__ENABLE_INTR_MASK);
	assert_true(cntl & OSS30_IH_RB_CNTL__RPTR_REARM_MASK);
	assert_false(dc_hw_read(g->hw, OSS30_mmIH_DOORBELL_RPTR) &
		     OSS30_IH_DOORBELL_RPTR__ENABLE_MASK);

	/* off: nothing more goes into the ring */
	dc_ih_detach(g->dc);
	assert_false(dc_hw_read(g->hw, IH_REG_RB_CNTL) &
		     (IH_RB_ENABLE | OSS30_IH_RB_CNTL__ENABLE_INTR_MASK));
	dc_ih_detach(c->dc);
	assert_false(dc_hw_read(c->hw, IH_REG_RB_CNTL) & IH_RB_ENABLE);
	assert_false(dc_hw_read(c->hw, OSS301_mmIH_CNTL) & OSS301_IH_CNTL__ENABLE_INTR_MASK);

	/* rings the hardware cannot take are refused */
	rc.bytes = 3000;
	assert_int_equal(ring_attach_mode(c, &rc, false), -EINVAL);
	rc.bytes = 32;
	assert_int_equal(ring_attach_mode(c, &rc, false), -EINVAL);
	rc.bytes = 4096;
	rc.addr = RING_ADDR + 0x80;
	assert_int_equal(ring_attach_mode(c, &rc, false), -EINVAL);
	rc.addr = 1ull << 40;
	assert_int_equal(ring_attach_mode(c, &rc, false), -EINVAL);
	assert_false(dc_ih_attached(c->dc));
	rc.addr = RING_ADDR;
	ring_free(c, &rc);
	ring_free(g, &rt);
	dst_destroy(c);
	dst_destroy(g);
}

/* ---- hot plug and HPD RX through vectors --------------------------------------- */

static void hotplug_through_ring(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned hdmi = dst_link(t, "HDMI-A-1"), dp = dst_link(t, "DP-1");
	struct sim_connector_info hi, di;
	struct ring rg;

	(void)state;
	assert_int_equal(sim_connector_info(t->sim, dst_conn(t, hdmi), &hi), 0);
	assert_int_equal(sim_connector_info(t->sim, dst_conn(t, dp), &di), 0);
	ring_attach(t, &rg, 64 * 1024, RING_ADDR);
	assert_int_equal(sim_unplug(t->sim, dst_conn(t, hdmi)), 0);
	run_msi(t, 500 * MS, MS, 0);
	assert_int_equal(t->hotplugs, 1);
	assert_null(dc_link_sink(t->dc, hdmi));
	assert_true(ring_has(&rg, IH_SRC_HPD, IH_DATA_HPD1 + hi.hpd));
	assert_int_equal(sim_plug(t->sim, dst_conn(t, hdmi), NULL, 0), 0);
	run_msi(t, 500 * MS, MS, 0);
	assert_int_equal(t->hotplugs, 2);
	assert_non_null(dc_link_sink(t->dc, hdmi));
	/* a DP short pulse is an HPD RX vector */
	assert_false(ring_has(&rg, IH_SRC_HPD, IH_DATA_HPD1_RX + di.hpd));
	assert_int_equal(sim_set_sink_count(t->sim, dst_conn(t, dp), 2), 0);
	run_msi(t, 100 * MS, MS, 0);
	assert_true(ring_has(&rg, IH_SRC_HPD, IH_DATA_HPD1_RX + di.hpd));
	assert_int_equal(dst_link_events(t, dp, DC_LINK_EVENT_SINK_COUNT), 1);
	ring_free(t, &rg);
	dst_destroy(t);
}

/* ---- what no source raises is ignored, with a log line --------------------- */

static void put_vector(struct ring *rg, uint32_t at, uint32_t src, uint32_t data)
{
	uint32_t *v = (uint32_t *)(rg->mem + at);

	v[0] = src;
	v[1] = data;
	v[2] = 0xdeadbeef;
	v[3] = 0xffffffff;
}

static void unknown_vectors_ignored(void **state)
{
	static const uint32_t bad[][2] = {
		{ 0xff, 0 },			     /* no such source */
		{ IH_SRC_D1_GRPH_PFLIP, 5 },	     /* a flip with data */
		{ IH_SRC_HPD, 12 },		     /* HPD data past RX of line 6 */
		{ IH_SRC_HPD, 0xfffffff },	     /* garbage data */
		{ IH_SRC_D1_VLINE, 8 },		     /* vertical interrupt 1: not used */
		{ IH_SRC_D1_GRPH_PFLIP + 2 * 5, 0 }, /* D6: no pipe runs there */
		{ 0x1234567f, 0xf0000000 | 7 },	     /* bits outside the fields */
	};
	static const char *const hdmi[] = { "HDMI-A-1" };
	const uint32_t n = sizeof(bad) / sizeof(bad[0]);
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1");
	struct flipper fl = { .limit = 10 };
	struct dc_ih_stats ds;
	struct ring rg;

	(void)state;
	ring_attach(t, &rg, 4096, RING_ADDR);
	/* the test plays the IH: vectors, the write pointer and its writeback */
	for (uint32_t i = 0; i < n; i++)
		put_vector(&rg, 16 * i, bad[i][0], bad[i][1]);
	dc_hw_write(t->hw, IH_REG_RB_WPTR, 16 * n);
	*(uint32_t *)(rg.mem + rg.bytes) = 16 * n;
	assert_int_equal(dc_handle_irq(t->dc), 0);
	dc_ih_get_stats(t->dc, &ds);
	assert_int_equal(ds.vectors, n);
	assert_int_equal(ds.ignored, n);
	assert_int_equal(ds.dispatched, 0);
	assert_int_equal(dc_hw_read(t->hw, IH_REG_RB_RPTR), 16 * n);
	assert_true(dclt_logged(t->lt, "IH ring", "source id 255", "ignored", NULL));
	assert_true(dclt_logged(t->lt, "IH ring", "source id 42 data 12", NULL));
	assert_int_equal(t->nflips + t->nvblanks + t->hotplugs, 0);

	/* a writeback that is no vector boundary: the register is asked instead */
	*(uint32_t *)(rg.mem + rg.bytes) = 0x1238; /* bit 0 clear: not an overflow */
	assert_int_equal(dc_handle_irq(t->dc), 0);
	assert_true(dclt_logged(t->lt, "IH ring", "not on a 16-byte vector", NULL));
	dc_ih_get_stats(t->dc, &ds);
	assert_int_equal(ds.vectors, n);

	/* and real ones still work after all that */
	commit_links(t, &fl, hdmi, 1);
	flips_start(t, &fl, link);
	run_msi(t, 300 * MS, MS, 0);
	assert_int_equal(t->nflips, 10);
	assert_false(fl.gap);
	ring_free(t, &rg);
	dst_destroy(t);
}

/* ---- the ring wraps -------------------------------------------------------------- */

static void ring_wraps(void **state)
{
	static const char *const hdmi[] = { "HDMI-A-1" };
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1");
	struct flipper fl = { .limit = 120 };
	struct sim_ih_stats ss;
	struct dc_ih_stats ds;
	struct ring rg;

	(void)state;
	ring_attach(t, &rg, 256, RING_ADDR); /* 16 vectors */
	commit_links(t, &fl, hdmi, 1);
	assert_int_equal(dc_vblank_enable(t->dc, link, true), 0);
	flips_start(t, &fl, link);
	run_msi(t, 2200 * MS, MS, 0);
	assert_int_equal(t->nflips, 120);
	assert_false(fl.gap);
	assert_true(t->nvblanks >= 120);
	sim_ih_get_stats(t->sim, &ss);
	dc_ih_get_stats(t->dc, &ds);
	print_message("%llu vectors through a ring of 16\n", (unsigned long long)ss.vectors);
	assert_true(ss.vectors >= 240); /* around the ring 15 times and more */
	assert_int_equal(ds.vectors, ss.vectors);
	assert_int_equal(ss.dropped, 0);
	assert_int_equal(ds.overflows, 0);
	ring_free(t, &rg);
	dst_destroy(t);
}

/* ---- overflow: flagged, recovered, nothing lost --------------------------------- */

static void overflow_recovered(void **state)
{
	static const char *const two[] = { "HDMI-A-1", "eDP-1" };
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned hdmi = dst_link(t, "HDMI-A-1"), edp = dst_link(t, "eDP-1");
	struct flipper fl = { .limit = 1000 };
	struct sim_ih_stats ss;
	struct dc_ih_stats ds;
	struct ring rg;

	(void)state;
	/*
	 * A ring of 4 vectors (3 usable) and a host 40 ms late: two pipes
	 * raise flip and vblank (4 vectors) between its looks, so the IH
	 * drops one every time and says so.
	 */
	ring_attach(t, &rg, 64, RING_ADDR);
	commit_links(t, &fl, two, 2);
	assert_int_equal(dc_vblank_enable(t->dc, hdmi, true), 0);
	assert_int_equal(dc_vblank_enable(t->dc, edp, true), 0);
	flips_start(t, &fl, hdmi);
	flips_start(t, &fl, edp);
	run_msi(t, 2 * S, MS, 40 * MS);
	sim_ih_get_stats(t->sim, &ss);
	dc_ih_get_stats(t->dc, &ds);
	print_message("overflows %llu, vectors dropped %llu, flips %u + %u\n",
		      (unsigned long long)ds.overflows, (unsigned long long)ss.dropped,
		      fl.done[hdmi], fl.done[edp]);
	assert_true(ds.overflows >= 30);
	assert_true(ss.dropped >= ds.overflows);
	assert_true(
		dclt_logged(t->lt, "IH ring overflow", "scanning every interrupt source", NULL));
	/* every flip asked for was reported, in order, on both pipes */
	assert_false(fl.gap);
	assert_true(fl.done[hdmi] >= 40 && fl.done[edp] >= 40);
	assert_true(fl.submitted[hdmi] - fl.done[hdmi] <= 1);
	assert_true(fl.submitted[edp] - fl.done[edp] <= 1);
	assert_int_equal(ds.scans, ds.overflows + 1);
	/* the flag was cleared each time: the ring goes on */
	assert_false(dc_hw_read(t->hw, IH_REG_RB_WPTR) & IH_WPTR_OVERFLOW);
	ring_free(t, &rg);
	dst_destroy(t);
}

/* ---- poll mode ------------------------------------------------------------------- */

static void poll_mode(void **state)
{
	static const char *const hdmi[] = { "HDMI-A-1" };
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1");
	struct flipper fl = { .limit = 60 };
	struct sim_ih_stats ss;
	struct dc_ih_stats ds;
	struct ring rg;
	uint64_t scans;

	(void)state;
	/* the ring without its interrupt: vectors, read by a timer */
	ring_map(t, &rg, 4096, RING_ADDR);
	assert_int_equal(ring_attach_mode(t, &rg, true), 0);
	commit_links(t, &fl, hdmi, 1);
	assert_int_equal(dc_vblank_enable(t->dc, link, true), 0);
	flips_start(t, &fl, link);
	run_poll(t, 1100 * MS, MS);
	assert_int_equal(t->nflips, 60);
	assert_false(fl.gap);
	sim_ih_get_stats(t->sim, &ss);
	dc_ih_get_stats(t->dc, &ds);
	assert_true(ss.vectors >= 120);
	assert_int_equal(ss.msis, 0);
	assert_false(msi_pending(t));
	assert_int_equal(ds.dispatched, ss.vectors);
	assert_int_equal(ds.scans, 1);

	/* no ring at all (no DMA): the timer scans the status registers */
	ring_free(t, &rg);
	scans = ds.scans;
	fl.limit = 120;
	assert_int_equal(dc_flip(t->dc, link, fl.fb[0], 0, 60), 0);
	fl.submitted[link] = 61;
	run_poll(t, 1100 * MS, MS);
	assert_int_equal(t->nflips, 120);
	assert_false(fl.gap);
	dc_ih_get_stats(t->dc, &ds);
	assert_true(ds.scans >= scans + 1000);
	assert_int_equal(ds.vectors, ss.vectors);
	dst_destroy(t);
}

/* ---- a restart programs the block again without touching scanout ------------- */

static void reprogram_keeps_scanout(void **state)
{
	static const char *const hdmi[] = { "HDMI-A-1" };
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1");
	struct flipper fl = { .limit = 30 };
	uint64_t writes[SIM_WRITE_CLASSES];
	struct sim_ih_stats before, after;
	struct ring old, rg;
	uint8_t *copy;

	(void)state;
	ring_attach(t, &old, 4096, RING_ADDR);
	commit_links(t, &fl, hdmi, 1);
	flips_start(t, &fl, link);
	run_msi(t, 200 * MS, MS, 0);
	for (int c = 0; c < SIM_WRITE_CLASSES; c++)
		writes[c] = sim_write_count(t->sim, (enum sim_write_class)c);
	/* the new dcd's ring, elsewhere; the old one is left to the old process */
	ring_map(t, &rg, 64 * 1024, RING2_ADDR);
	assert_int_equal(ring_attach_mode(t, &rg, false), 0);
	for (int c = 0; c < SIM_WRITE_CLASSES; c++)
		assert_int_equal(sim_write_count(t->sim, (enum sim_write_class)c), writes[c]);
	copy = malloc(old.bytes + 4096);
	assert_non_null(copy);
	memcpy(copy, old.mem, old.bytes + 4096);
	run_msi(t, 400 * MS, MS, 0);
	assert_int_equal(t->nflips, 30);
	assert_false(fl.gap);
	assert_memory_equal(copy, old.mem, old.bytes + 4096);
	assert_true(ring_has(&rg, IH_SRC_D1_GRPH_PFLIP + 2 * tg_of(t, link), 0));

	/* off: flips go on at the block, no vector and no interrupt */
	dc_ih_detach(t->dc);
	sim_ih_get_stats(t->sim, &before);
	assert_int_equal(dc_flip(t->dc, link, fl.fb[0], 0, 99), 0);
	assert_int_equal(dc_vblank_enable(t->dc, link, true), 0);
	run_msi(t, 100 * MS, MS, 0);
	sim_ih_get_stats(t->sim, &after);
	assert_int_equal(after.vectors, before.vectors);
	assert_int_equal(after.msis, before.msis);
	free(copy);
	ring_free(t, &rg);
	sim_unmap_memory(t->sim, old.addr);
	free(old.mem);
	dst_destroy(t);
}

/* ---- the IH writes only where the IOMMU lets it ---------------------------------- */

static void writes_only_to_writable_memory(void **state)
{
	static const char *const hdmi[] = { "HDMI-A-1" };
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1");
	struct flipper fl = { .limit = 5 };
	struct sim_ih_stats ss;
	struct ring rg;

	(void)state;
	/* mapped as client framebuffers are: for device reads only */
	rg.bytes = 4096;
	rg.addr = RING_ADDR;
	rg.mem = ring_alloc(rg.bytes);
	memset(rg.mem, 0, rg.bytes + 4096);
	assert_int_equal(sim_map_memory(t->sim, rg.addr, rg.mem, rg.bytes + 4096), 0);
	assert_int_equal(ring_attach_mode(t, &rg, false), 0);
	commit_links(t, &fl, hdmi, 1);
	flips_start(t, &fl, link);
	run_msi(t, 100 * MS, MS, 0);
	sim_ih_get_stats(t->sim, &ss);
	assert_true(ss.faults >= 2); /* a vector and its writeback, at least */
	assert_true(all_zero(rg.mem, rg.bytes + 4096));
	ring_free(t, &rg);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nothing_without_ring),
		cmocka_unit_test(flips_through_ring_oss301),
		cmocka_unit_test(flips_through_ring_oss30),
		cmocka_unit_test(registers_per_generation),
		cmocka_unit_test(hotplug_through_ring),
		cmocka_unit_test(unknown_vectors_ignored),
		cmocka_unit_test(ring_wraps),
		cmocka_unit_test(overflow_recovered),
		cmocka_unit_test(poll_mode),
		cmocka_unit_test(reprogram_keeps_scanout),
		cmocka_unit_test(writes_only_to_writable_memory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
