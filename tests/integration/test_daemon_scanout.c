/*
 * Scanout memory through a live dcd (docs/daemon.md, "Scanout memory";
 * issue 14): on an APU (Carrizo) flips scan the client's pages out through
 * the GART, no copy; on a discrete GPU (Tonga) each frame is copied into
 * one of two VRAM buffers, and a COMMIT that needs more VRAM than is left
 * is refused with the sizes. Judged on the simulated engine's registers,
 * scanout history and VRAM as its state file shows them.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "dc_hw.h"
#include "dc_modes.h"
#include "dce110_regs.h"
#include "dct.h"
#include "mc_regs.h"
#include "sim.h"

#define FILL0 0x123456u
#define FILL1 0x654321u

struct fixture {
	struct dct_daemon d;
	struct dcp_server_msg *msg;
};

struct lit {
	struct dct_client *c;
	uint32_t link, fbs[2];
	struct drm_mode_modeinfo mode;
};

/* dct_scenario_small on another ASIC, with VRAM of vram_mib (0: the default). */
static int setup_asic(void **state, const char *asic, unsigned vram_mib)
{
	static char scenario[4096];
	struct fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	assert_int_equal(dct_scenario_on_asic(asic, vram_mib, scenario, sizeof(scenario)), 0);
	f->msg = malloc(sizeof(*f->msg));
	assert_int_equal(dct_daemon_start(&f->d, scenario, NULL, NULL), 0);
	*state = f;
	return 0;
}

static int setup_carrizo(void **state)
{
	return setup_asic(state, "carrizo", 0);
}

static int setup_stoney(void **state)
{
	return setup_asic(state, "stoney", 0);
}

static int setup_tonga(void **state)
{
	return setup_asic(state, "tonga", 0);
}

static int setup_tonga_small(void **state)
{
	return setup_asic(state, "tonga", 16);
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	bool alive = dct_daemon_alive(&f->d);
	int status = dct_daemon_stop(&f->d);

	dct_daemon_cleanup(&f->d, !alive || status != 0);
	assert_true(alive);
	assert_int_equal(status, 0);
	free(f->msg);
	free(f);
	return 0;
}

static void light(struct fixture *f, const char *name, const char *link, struct lit *l)
{
	int id;

	assert_int_equal(dct_connect(f->d.socket, name, &l->c), 0);
	id = dct_link_id(l->c, link);
	assert_true(id >= 0);
	l->link = (uint32_t)id;
	assert_int_equal(dct_lease(l->c, &l->link, 1, NULL), 0);
	assert_int_equal(dct_preferred_mode(l->c, l->link, &l->mode), 0);
	assert_int_equal(dct_fb_create(l->c, DRM_FORMAT_XRGB8888, l->mode.hdisplay,
				       l->mode.vdisplay, FILL0, &l->fbs[0]),
			 0);
	assert_int_equal(dct_fb_create(l->c, DRM_FORMAT_XRGB8888, l->mode.hdisplay,
				       l->mode.vdisplay, FILL1, &l->fbs[1]),
			 0);
	assert_int_equal(dct_commit_one(l->c, l->link, &l->mode, l->fbs[0],
					DCP_COMMIT_ALLOW_MODESET, f->msg),
			 0);
}

static int flip_call(struct lit *l, uint32_t fb, struct dcp_server_msg *msg)
{
	struct dcp_flip fl = { .link = l->link, .fb_id = fb, .flags = DCP_FLIP_VSYNC };

	return dct_call(l->c, DCP_REQ_FLIP, &fl, -1, msg);
}

static uint32_t reg(struct sim_view *v, uint32_t r)
{
	uint32_t value = 0;

	assert_int_equal(sim_view_reg(v, r, &value), 0);
	return value;
}

/* The distinct surface addresses pipe 0 showed since t0 (at most 2, else the test fails). */
static unsigned shown(struct sim_view *v, uint64_t t0, uint64_t seen[2])
{
	struct sim_frame frames[64];
	unsigned n = 0;
	int count = sim_view_history(v, 0, frames, 64);

	seen[0] = seen[1] = 0;
	for (int i = 0; i < count; i++) {
		uint64_t a = frames[i].address;

		if (frames[i].start_ns < t0 || !a || a == seen[0] || a == seen[1])
			continue;
		if (n == 2)
			fail_msg("a third scanout address 0x%llx", (unsigned long long)a);
		seen[n++] = a;
	}
	return n;
}

/* Flips fb 1, 0, 1, ... and returns when the engine showed both. */
static void flip_both(struct fixture *f, struct lit *l, uint64_t t0, struct sim_view **v,
		      uint64_t seen[2])
{
	struct sim_error err;

	for (unsigned i = 0; i < 10; i++)
		assert_int_equal(flip_call(l, l->fbs[(i + 1) % 2], f->msg), 0);
	assert_int_equal(sim_view_open(f->d.state, v, &err), 0);
	assert_int_equal(shown(*v, t0, seen), 2);
}

/*
 * APUs: the surface addresses lie in VM context 0's aperture, page
 * aligned, and the GART entries there name system pages (valid, system,
 * snooped, readable); no frame is copied into VRAM (the VRAM buffers the
 * discrete path would write do not exist: the page after the GART table
 * holds nothing of the clients' colours).
 */
static void flips_through_gart(void **state)
{
	struct fixture *f = *state;
	uint64_t seen[2], start, end, table, t0 = dct_now_ns();
	uint32_t cntl, tlb, loc;
	struct sim_view *v;
	struct lit l;

	light(f, "apu", "DP-1", &l);
	flip_both(f, &l, t0, &v, seen);
	cntl = reg(v, mmVM_CONTEXT0_CNTL);
	tlb = reg(v, mmMC_VM_MX_L1_TLB_CNTL);
	loc = reg(v, mmMC_VM_FB_LOCATION);
	assert_int_equal(DC_FIELD_GET(cntl, VM_CONTEXT0_CNTL, ENABLE_CONTEXT), 1);
	assert_int_equal(DC_FIELD_GET(tlb, MC_VM_MX_L1_TLB_CNTL, SYSTEM_ACCESS_MODE),
			 MC_ACCESS_MODE_GART);
	start = (uint64_t)reg(v, mmVM_CONTEXT0_PAGE_TABLE_START_ADDR) << MC_PAGE_SHIFT;
	end = ((uint64_t)reg(v, mmVM_CONTEXT0_PAGE_TABLE_END_ADDR) + 1) << MC_PAGE_SHIFT;
	table = (uint64_t)reg(v, mmVM_CONTEXT0_PAGE_TABLE_BASE_ADDR) << MC_PAGE_SHIFT;
	table -= (uint64_t)DC_FIELD_GET(loc, MC_VM_FB_LOCATION, FB_BASE) << MC_FB_LOCATION_SHIFT;
	for (int i = 0; i < 2; i++) {
		uint64_t pte, a = seen[i];

		assert_true(a >= start && a < end);
		assert_int_equal(a % 4096, 0);
		/* every page of the 720x480 frame has an entry for a system page */
		for (uint64_t p = 0; p < 720ull * 480 * 4 / 4096; p++) {
			assert_int_equal(
				sim_view_vram(v, table + ((a - start) / 4096 + p) * 8, &pte, 8), 0);
			assert_int_equal(pte & (MC_PTE_VALID | MC_PTE_SYSTEM | MC_PTE_SNOOPED |
						MC_PTE_READABLE),
					 MC_PTE_VALID | MC_PTE_SYSTEM | MC_PTE_SNOOPED |
						 MC_PTE_READABLE);
		}
	}
	sim_view_close(v);
	dct_close(l.c);
}

/*
 * Discrete GPUs: the surface addresses lie in the frame buffer range, and
 * the VRAM there holds the client's frame (its fill colour), copied.
 */
static void test_tonga_copies(void **state)
{
	struct fixture *f = *state;
	uint64_t seen[2], fb_lo, fb_hi, t0 = dct_now_ns();
	uint32_t loc, px[2];
	struct sim_view *v;
	struct lit l;

	light(f, "dgpu", "DP-1", &l);
	flip_both(f, &l, t0, &v, seen);
	loc = reg(v, mmMC_VM_FB_LOCATION);
	fb_lo = (uint64_t)DC_FIELD_GET(loc, MC_VM_FB_LOCATION, FB_BASE) << MC_FB_LOCATION_SHIFT;
	fb_hi = ((uint64_t)DC_FIELD_GET(loc, MC_VM_FB_LOCATION, FB_TOP) + 1)
		<< MC_FB_LOCATION_SHIFT;
	assert_int_equal(DC_FIELD_GET(reg(v, mmVM_CONTEXT0_CNTL), VM_CONTEXT0_CNTL, ENABLE_CONTEXT),
			 0);
	for (int i = 0; i < 2; i++) {
		assert_true(seen[i] >= fb_lo && seen[i] < fb_hi);
		assert_int_equal(seen[i] % 4096, 0);
		/* first and last pixel of the copy */
		assert_int_equal(sim_view_vram(v, seen[i] - fb_lo, &px[0], 4), 0);
		assert_int_equal(sim_view_vram(v, seen[i] - fb_lo + 720 * 480 * 4 - 4, &px[1], 4),
				 0);
		assert_int_equal(px[0] & 0xffffff, px[1] & 0xffffff);
		assert_true((px[0] & 0xffffff) == FILL0 || (px[0] & 0xffffff) == FILL1);
	}
	sim_view_close(v);
	dct_close(l.c);
}

/* VRAM exhausted on a discrete GPU: the COMMIT that needs more fails with the sizes. */
static void test_tonga_vram_exhausted(void **state)
{
	struct fixture *f = *state;
	struct lit dp, hdmi, edp;
	struct dc_mode m720;
	uint32_t big;
	int r;

	light(f, "dp", "DP-1", &dp);	     /* 2 x 1.4 MiB */
	light(f, "hdmi", "HDMI-A-1", &hdmi); /* 2 x 1.4 MiB */
	light(f, "edp", "eDP-1", &edp);	     /* 2 x 3.5 MiB: 12.7 MiB of 16 */
	assert_int_equal(dc_mode_from_vic(&m720, 4), 0);
	assert_int_equal(dct_fb_create(dp.c, DRM_FORMAT_XRGB8888, 1280, 720, 0x777777, &big), 0);
	r = dct_commit_one(dp.c, dp.link, &m720.info, big, DCP_COMMIT_ALLOW_MODESET, f->msg);
	assert_true(r < 0);
	if (!strstr(f->msg->error.text, "no VRAM range of 3.5 MiB (3686400 bytes") ||
	    !strstr(f->msg->error.text, "free in"))
		fail_msg("the refusal does not name the sizes: %s", f->msg->error.text);
	/* DP-1 still flips in its mode */
	assert_int_equal(flip_call(&dp, dp.fbs[1], f->msg), 0);
	dct_close(dp.c);
	dct_close(hdmi.c);
	dct_close(edp.c);
}

static void test_carrizo_gart(void **state)
{
	flips_through_gart(state);
}

static void test_stoney_gart(void **state)
{
	flips_through_gart(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_carrizo_gart, setup_carrizo, teardown),
		cmocka_unit_test_setup_teardown(test_stoney_gart, setup_stoney, teardown),
		cmocka_unit_test_setup_teardown(test_tonga_copies, setup_tonga, teardown),
		cmocka_unit_test_setup_teardown(test_tonga_vram_exhausted, setup_tonga_small,
						teardown),
	};

	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
