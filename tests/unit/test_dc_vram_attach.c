/*
 * dc_vram_attach on the simulated engine: where the memory controller puts
 * VRAM (MC_VM_FB_LOCATION as the VBIOS left it, or as a test moves it), the
 * system aperture and default page it programs, the refusals, and a
 * surface written through the BAR scanned out at the MC address it gives.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc.h"
#include "dc_vram.h"
#include "mc_regs.h"
#include "sim_test_util.h"

struct fx {
	struct sim *sim;
	struct dc *dc;
};

static void fx_up(struct fx *f)
{
	struct dc_board board;

	f->sim = st_create(st_no_vbios_default()); /* 256 MiB of VRAM */
	assert_int_equal(dc_board_default(DC_ASIC_CARRIZO, &board), 0);
	assert_int_equal(dc_create(sim_hw(f->sim), &board, &f->dc), 0);
}

static void fx_down(struct fx *f)
{
	dc_destroy(f->dc);
	sim_destroy(f->sim);
}

static void test_reads_location_and_programs_aperture(void **state)
{
	struct dc_vram_view v;
	struct fx f;
	char why[256] = "";

	(void)state;
	fx_up(&f);
	/* a BAR smaller than VRAM: what both reach */
	assert_int_equal(dc_vram_attach(f.dc, 64u << 20, 0, &v, why, sizeof(why)), 0);
	assert_int_equal(v.fb_base, 0);
	assert_int_equal(v.fb_bytes, 256u << 20);
	assert_int_equal(v.usable, 64u << 20);
	assert_int_equal(dc_hw_read(sim_hw(f.sim), mmMC_VM_SYSTEM_APERTURE_LOW_ADDR), 0);
	assert_int_equal(dc_hw_read(sim_hw(f.sim), mmMC_VM_SYSTEM_APERTURE_HIGH_ADDR),
			 ((256u << 20) - 1) >> 12);
	assert_int_equal(dc_hw_read(sim_hw(f.sim), mmMC_VM_SYSTEM_APERTURE_DEFAULT_ADDR), 0);
	/* VRAM placed elsewhere (FB_BASE 0x100 = 4 GiB): the view follows */
	dc_hw_write(sim_hw(f.sim), mmMC_VM_FB_LOCATION,
		    DC_FIELD(MC_VM_FB_LOCATION, FB_BASE, 0x100) |
			    DC_FIELD(MC_VM_FB_LOCATION, FB_TOP, 0x10f));
	assert_int_equal(dc_vram_attach(f.dc, 1ull << 30, 8192, &v, why, sizeof(why)), 0);
	assert_int_equal(v.fb_base, 4ull << 30);
	assert_int_equal(v.usable, 256u << 20);
	assert_int_equal(dc_hw_read(sim_hw(f.sim), mmMC_VM_SYSTEM_APERTURE_LOW_ADDR),
			 (4ull << 30) >> 12);
	assert_int_equal(dc_hw_read(sim_hw(f.sim), mmMC_VM_SYSTEM_APERTURE_DEFAULT_ADDR),
			 ((4ull << 30) + 8192) >> 12);
	fx_down(&f);
}

static void test_refusals(void **state)
{
	struct dc_vram_view v;
	struct fx f;
	char why[256] = "";

	(void)state;
	fx_up(&f);
	assert_int_equal(dc_vram_attach(f.dc, 1ull << 30, 100, &v, why, sizeof(why)), -EINVAL);
	assert_non_null(strstr(why, "0x64 is not a page"));
	assert_int_equal(dc_vram_attach(f.dc, 1ull << 30, 256u << 20, &v, why, sizeof(why)),
			 -EINVAL);
	/* an unposted GPU: FB_TOP below FB_BASE */
	dc_hw_write(sim_hw(f.sim), mmMC_VM_FB_LOCATION, DC_FIELD(MC_VM_FB_LOCATION, FB_BASE, 1));
	assert_int_equal(dc_vram_attach(f.dc, 1ull << 30, 0, &v, why, sizeof(why)), -ENXIO);
	assert_non_null(strstr(why, "MC_VM_FB_LOCATION is 0x00000001"));
	assert_non_null(strstr(why, "is the GPU posted?"));
	fx_down(&f);
}

/* In the kernel's access mode the aperture dc programmed still serves VRAM. */
static void test_scanout_through_the_view(void **state)
{
	static uint32_t px[64 * 48];
	struct dc_vram_view v;
	struct fx f;
	char why[256] = "";
	uint64_t size, at;
	uint8_t *bar, *rgb;
	unsigned w, h;

	(void)state;
	fx_up(&f);
	dc_hw_write(sim_hw(f.sim), mmMC_VM_FB_LOCATION,
		    DC_FIELD(MC_VM_FB_LOCATION, FB_BASE, 0x40) |
			    DC_FIELD(MC_VM_FB_LOCATION, FB_TOP, 0x4f));
	assert_int_equal(dc_vram_attach(f.dc, 1ull << 30, 0, &v, why, sizeof(why)), 0);
	dc_hw_write(sim_hw(f.sim), mmMC_VM_MX_L1_TLB_CNTL,
		    DC_FIELD(MC_VM_MX_L1_TLB_CNTL, SYSTEM_ACCESS_MODE, 3));
	bar = sim_vram(f.sim, &size);
	for (unsigned i = 0; i < 64 * 48; i++)
		px[i] = 0x00102030u + i;
	memcpy(bar + (2u << 20), px, sizeof(px));
	at = v.fb_base + (2u << 20);
	st_grph_program(sim_hw(f.sim), at, DC_FIELD(GRPH_CONTROL, GRPH_DEPTH, 2), 0, 64, 48);
	st_pll_program(sim_hw(f.sim), 0, 1, 44, 8);
	st_crtc_program(sim_hw(f.sim), 0, 0, 80, 64, 60, 48);
	assert_int_equal(sim_capture_rgb(f.sim, 0, &rgb, &w, &h), 0);
	assert_int_equal(rgb[0], 0x10);
	assert_int_equal(rgb[1], 0x20);
	assert_int_equal(rgb[2], 0x30);
	assert_int_equal(rgb[3 * 5 + 2], 0x35);
	free(rgb);
	fx_down(&f);
}

/*
 * dc_gart_enable as the kernel's gart_enable leaves the MC (access mode 3,
 * L1 TLB and L2 on, context 0 flat over the aperture), read back by
 * dc_gart_read; a surface in system memory scans out through entries from
 * dc_gart_pte; a GART left disabled reads back as none.
 */
static void test_gart(void **state)
{
	static uint32_t px[64 * 48] __attribute__((aligned(4096)));
	struct dc_gart g = { .start = 1ull << 30,
			     .bytes = 1u << 20,
			     .table = 3u << 20,
			     .fault_page = 0 },
		       back;
	struct dc_hw *hw;
	struct dc_vram_view v;
	struct fx f;
	char why[256] = "";
	uint64_t size, pte;
	uint8_t *bar, *rgb;
	unsigned w, h;
	uint32_t tlb;

	(void)state;
	fx_up(&f);
	hw = sim_hw(f.sim);
	assert_false(dc_gart_read(f.dc, &back)); /* power-on: no context */
	assert_int_equal(dc_vram_attach(f.dc, 256u << 20, 0, &v, why, sizeof(why)), 0);
	bar = sim_vram(f.sim, &size);
	memset(bar + g.table, 0, 2048);
	dc_gart_enable(f.dc, &g);
	tlb = dc_hw_read(hw, mmMC_VM_MX_L1_TLB_CNTL);
	assert_int_equal(DC_FIELD_GET(tlb, MC_VM_MX_L1_TLB_CNTL, SYSTEM_ACCESS_MODE), 3);
	assert_int_equal(DC_FIELD_GET(tlb, MC_VM_MX_L1_TLB_CNTL, ENABLE_L1_TLB), 1);
	assert_int_equal(DC_FIELD_GET(tlb, MC_VM_MX_L1_TLB_CNTL, SYSTEM_APERTURE_UNMAPPED_ACCESS),
			 0);
	assert_int_equal(DC_FIELD_GET(dc_hw_read(hw, mmVM_L2_CNTL), VM_L2_CNTL, ENABLE_L2_CACHE),
			 1);
	assert_int_equal(dc_hw_read(hw, mmVM_CONTEXT0_PAGE_TABLE_START_ADDR), (1u << 30) >> 12);
	assert_int_equal(dc_hw_read(hw, mmVM_CONTEXT0_PAGE_TABLE_END_ADDR),
			 ((1u << 30) + (1u << 20) - 1) >> 12);
	assert_int_equal(dc_hw_read(hw, mmVM_CONTEXT0_PAGE_TABLE_BASE_ADDR), (3u << 20) >> 12);
	assert_true(dc_gart_read(f.dc, &back));
	assert_memory_equal(&back, &g, sizeof(g));
	/* three pages of system memory at bus 0x40000000 behind aperture pages 7..9 */
	for (unsigned i = 0; i < 64 * 48; i++)
		px[i] = 0x00405060u + i;
	assert_int_equal(sim_map_memory(f.sim, 0x40000000, px, sizeof(px)), 0);
	for (unsigned i = 0; i < 3; i++) {
		pte = dc_gart_pte(0x40000000ull + i * 4096);
		memcpy(bar + g.table + (7 + i) * 8, &pte, 8);
	}
	dc_gart_flush(f.dc);
	st_grph_program(hw, g.start + 7 * 4096, DC_FIELD(GRPH_CONTROL, GRPH_DEPTH, 2), 0, 64, 48);
	st_pll_program(hw, 0, 1, 44, 8);
	st_crtc_program(hw, 0, 0, 80, 64, 60, 48);
	assert_int_equal(sim_capture_rgb(f.sim, 0, &rgb, &w, &h), 0);
	assert_int_equal(rgb[0], 0x40);
	assert_int_equal(rgb[1], 0x50);
	assert_int_equal(rgb[2], 0x60);
	/* the last pixel, in the third page */
	assert_int_equal(rgb[3 * (64 * 48 - 1) + 2], (0x60 + 64 * 48 - 1) & 0xff);
	free(rgb);
	fx_down(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reads_location_and_programs_aperture),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_scanout_through_the_view),
		cmocka_unit_test(test_gart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
