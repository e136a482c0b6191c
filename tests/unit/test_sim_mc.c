/*
 * The memory controller in front of scanout (sim/sim_mc.c, docs/sim.md
 * "Memory controller and VRAM"): VRAM behind MC_VM_FB_LOCATION and the
 * BAR, the AGP aperture, physical pass-through, the system aperture's
 * default page, noise for what the MC maps nowhere, VRAM in the state file.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "mc_regs.h"
#include "sim_test_util.h"

#define W	 64
#define H	 48
#define SYS_ADDR 0x40000000ull	   /* a bus address the IOMMU maps */
#define FRAME_NS (20 * 1000000ull) /* more than a frame of the test timing */

static uint32_t surface[W * H];

/* The default scenario with "vram_mib": n inserted. */
static struct sim *create(unsigned vram_mib, const char *state_path)
{
	const char *base = st_no_vbios_default();
	char *json = NULL;
	struct sim_options o = { .clock = SIM_CLOCK_VIRTUAL, .state_path = state_path };
	struct sim_error err;
	struct sim *sim;

	assert_true(asprintf(&json, "{ \"vram_mib\": %u, %s", vram_mib, strchr(base, '{') + 1) > 0);
	o.scenario_json = json;
	if (sim_create(&o, &sim, &err))
		fail_msg("sim_create: %s", err.msg);
	free(json);
	return sim;
}

static void scan_out(struct sim *sim, uint64_t addr)
{
	struct dc_hw *hw = sim_hw(sim);

	st_grph_program(hw, addr, DC_FIELD(GRPH_CONTROL, GRPH_DEPTH, 2), 0, W, H);
	st_pll_program(hw, 0, 1, 44, 8);
	st_crtc_program(hw, 0, 0, 80, W, 60, H);
}

static void point(struct sim *sim, uint64_t addr)
{
	struct dc_hw *hw = sim_hw(sim);

	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS_HIGH, (uint32_t)(addr >> 32));
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS, (uint32_t)addr);
	assert_int_equal(sim_advance(sim, FRAME_NS), 0);
	assert_int_equal(dc_hw_read(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS), (uint32_t)addr);
}

static void fill(uint32_t *p, size_t words, uint32_t seed)
{
	for (size_t i = 0; i < words; i++)
		p[i] = 0xff000000u | (uint32_t)((i * 2654435761u) ^ seed) >> 8;
}

static uint32_t crc_of(struct sim *sim)
{
	uint32_t crc;

	assert_int_equal(sim_capture_crc(sim, 0, &crc), 0);
	return crc;
}

/* The CRC a frame has when the pipe shows src (W x H words). */
static uint32_t crc_showing(struct sim *sim, const uint32_t *src)
{
	uint64_t size;
	uint32_t *vram = sim_vram(sim, &size), crc;
	static uint32_t keep[W * H];

	/* VRAM offset 8 MiB holds the reference for a moment */
	memcpy(keep, (uint8_t *)vram + (8u << 20), sizeof(keep));
	memcpy((uint8_t *)vram + (8u << 20), src, sizeof(keep));
	point(sim, 8u << 20);
	crc = crc_of(sim);
	memcpy((uint8_t *)vram + (8u << 20), keep, sizeof(keep));
	return crc;
}

static void test_vram_at_power_on(void **state)
{
	struct sim *sim = create(48, NULL);
	struct dc_hw *hw = sim_hw(sim);
	struct sim_stats st;
	uint64_t size;
	uint8_t *vram = sim_vram(sim, &size);
	uint32_t loc = dc_hw_read(hw, mmMC_VM_FB_LOCATION), crc;

	(void)state;
	assert_non_null(vram);
	assert_int_equal(size, 48u << 20);
	/* as the VBIOS leaves it: VRAM at MC address 0, FB_TOP inclusive in 16 MiB */
	assert_int_equal(DC_FIELD_GET(loc, MC_VM_FB_LOCATION, FB_BASE), 0);
	assert_int_equal(DC_FIELD_GET(loc, MC_VM_FB_LOCATION, FB_TOP), 2);
	/* a surface written through the BAR scans out from its MC address */
	fill(surface, W * H, 1);
	memcpy(vram + (1u << 20), surface, sizeof(surface));
	scan_out(sim, 1u << 20);
	sim_get_stats(sim, &st);
	assert_int_equal(st.unmapped_pixels, 0);
	assert_int_equal(st.garbage_pixels, 0);
	crc = crc_of(sim);
	assert_int_equal(crc, crc_showing(sim, surface));
	/* a changed byte in VRAM is a changed frame */
	point(sim, 1u << 20);
	vram[(1u << 20) + 4 * 7] ^= 0x40;
	crc = crc_of(sim);
	assert_int_not_equal(crc, crc_showing(sim, surface));
	sim_destroy(sim);
}

static void test_physical_and_agp(void **state)
{
	static uint32_t sys[W * H];
	struct sim *sim = create(32, NULL);
	struct dc_hw *hw = sim_hw(sim);
	struct sim_stats st;
	uint32_t want;

	(void)state;
	fill(sys, W * H, 2);
	assert_int_equal(sim_map_memory(sim, SYS_ADDR, sys, sizeof(sys)), 0);
	/* access mode 0 (power-on): an address outside VRAM is a bus address */
	scan_out(sim, SYS_ADDR);
	want = crc_showing(sim, sys);
	point(sim, SYS_ADDR);
	assert_int_equal(crc_of(sim), want);
	/* the AGP aperture: MC 0x80_0000_0000.. is bus AGP_BASE.. (4 MiB units) */
	dc_hw_write(hw, mmMC_VM_AGP_BOT, (uint32_t)(0x8000000000ull >> MC_AGP_SHIFT));
	dc_hw_write(hw, mmMC_VM_AGP_TOP, (uint32_t)(0x8000000000ull >> MC_AGP_SHIFT) + 3);
	dc_hw_write(hw, mmMC_VM_AGP_BASE, (uint32_t)(SYS_ADDR >> MC_AGP_SHIFT));
	point(sim, 0x8000000000ull);
	assert_int_equal(crc_of(sim), want);
	/* an IOMMU hole behind the aperture is the IOMMU's magenta, not noise */
	point(sim, 0x8000000000ull + (4u << 20));
	crc_of(sim); /* the counters count what a capture fetched */
	sim_get_stats(sim, &st);
	assert_int_equal(st.garbage_pixels, 0);
	assert_true(st.unmapped_pixels >= W * H);
	sim_destroy(sim);
}

/* The kernel's setup: mode 3, the system aperture over VRAM. */
static void kernel_mode(struct dc_hw *hw, uint64_t vram, unsigned unmapped_access)
{
	dc_hw_write(hw, mmMC_VM_SYSTEM_APERTURE_LOW_ADDR, 0);
	dc_hw_write(hw, mmMC_VM_SYSTEM_APERTURE_HIGH_ADDR, (uint32_t)((vram - 1) >> MC_PAGE_SHIFT));
	dc_hw_write(hw, mmMC_VM_SYSTEM_APERTURE_DEFAULT_ADDR,
		    (uint32_t)((4u << 20) >> MC_PAGE_SHIFT));
	dc_hw_write(hw, mmMC_VM_MX_L1_TLB_CNTL,
		    DC_FIELD(MC_VM_MX_L1_TLB_CNTL, SYSTEM_ACCESS_MODE, 3) |
			    DC_FIELD(MC_VM_MX_L1_TLB_CNTL, SYSTEM_APERTURE_UNMAPPED_ACCESS,
				     unmapped_access));
}

static void test_unmapped_is_noise(void **state)
{
	static uint32_t sys[W * H];
	struct sim *sim = create(32, NULL);
	struct dc_hw *hw = sim_hw(sim);
	struct sim_stats st;
	uint64_t size;
	uint8_t *vram = sim_vram(sim, &size);
	uint32_t noise, vram_crc;
	uint8_t *rgb;
	unsigned w, h, magenta = 0;

	(void)state;
	fill(surface, W * H, 3);
	memcpy(vram + (1u << 20), surface, sizeof(surface));
	fill(sys, W * H, 4);
	assert_int_equal(sim_map_memory(sim, SYS_ADDR, sys, sizeof(sys)), 0);
	scan_out(sim, 1u << 20);
	vram_crc = crc_of(sim);
	kernel_mode(hw, size, 0);
	/* VRAM still scans out in the kernel's mode */
	assert_int_equal(crc_of(sim), vram_crc);
	/* outside the system aperture with the L1 TLB off nothing translates: noise */
	point(sim, SYS_ADDR);
	noise = crc_of(sim);
	sim_get_stats(sim, &st);
	assert_true(st.garbage_pixels >= W * H);
	assert_int_not_equal(noise, crc_showing(sim, sys));
	assert_int_not_equal(noise, vram_crc);
	point(sim, SYS_ADDR);
	assert_int_equal(crc_of(sim), noise); /* deterministic */
	assert_int_equal(sim_capture_rgb(sim, 0, &rgb, &w, &h), 0);
	for (unsigned i = 0; i < w * h; i++)
		magenta += rgb[3 * i] == 255 && rgb[3 * i + 1] == 0 && rgb[3 * i + 2] == 255;
	assert_true(magenta < w * h / 16); /* noise, not the IOMMU's colour */
	free(rgb);
	/* past the VRAM there is, inside FB_LOCATION: noise too */
	dc_hw_write(hw, mmMC_VM_FB_LOCATION, DC_FIELD(MC_VM_FB_LOCATION, FB_TOP, 3));
	point(sim, size + (1u << 20));
	assert_int_not_equal(crc_of(sim), vram_crc);
	sim_get_stats(sim, &st);
	assert_true(st.garbage_pixels >= 3 * W * H);
	sim_destroy(sim);
}

static void test_default_page(void **state)
{
	static uint32_t page[1024];
	struct sim *sim = create(32, NULL);
	struct dc_hw *hw = sim_hw(sim);
	uint64_t size;
	uint8_t *vram = sim_vram(sim, &size);
	static uint32_t sys[W * H], want[W * H];
	uint32_t crc;

	(void)state;
	fill(sys, W * H, 5);
	assert_int_equal(sim_map_memory(sim, SYS_ADDR, sys, sizeof(sys)), 0);
	scan_out(sim, 1u << 20);
	/* the aperture reaches past VRAM, to 2 GiB: an address there that is
	 * neither VRAM nor AGP passes through (UNMAPPED_ACCESS 0) ... */
	kernel_mode(hw, 2ull << 30, 0);
	point(sim, SYS_ADDR);
	crc = crc_of(sim);
	assert_int_equal(crc, crc_showing(sim, sys));
	/* ... or reads the default page (1): each 4 KiB of the surface alike */
	fill(page, 1024, 6);
	memcpy(vram + (4u << 20), page, sizeof(page));
	kernel_mode(hw, 2ull << 30, 1);
	for (unsigned i = 0; i < W * H; i++)
		want[i] = page[i % 1024];
	point(sim, SYS_ADDR);
	crc = crc_of(sim);
	assert_int_equal(crc, crc_showing(sim, want));
	sim_destroy(sim);
}

#define GART_START 0x100000000ull /* MC address of the aperture (4 GiB) */
#define GART_PAGES 16
#define GART_TABLE (4u << 20) /* VRAM offset of the table */
#define PTE_SYSTEM (MC_PTE_VALID | MC_PTE_SYSTEM | MC_PTE_SNOOPED | MC_PTE_READABLE)
#define SURF_PAGES (W * H * 4 / 4096) /* 3 */

/* VM context 0 as the kernel's gart_enable leaves it, over GART_PAGES pages. */
static void gart_on(struct dc_hw *hw, uint64_t vram)
{
	kernel_mode(hw, vram, 0);
	dc_hw_write(hw, mmMC_VM_MX_L1_TLB_CNTL,
		    dc_hw_read(hw, mmMC_VM_MX_L1_TLB_CNTL) |
			    DC_FIELD(MC_VM_MX_L1_TLB_CNTL, ENABLE_L1_TLB, 1));
	dc_hw_write(hw, mmVM_L2_CNTL, DC_FIELD(VM_L2_CNTL, ENABLE_L2_CACHE, 1));
	dc_hw_write(hw, mmVM_CONTEXT0_PAGE_TABLE_START_ADDR, (uint32_t)(GART_START >> 12));
	dc_hw_write(hw, mmVM_CONTEXT0_PAGE_TABLE_END_ADDR,
		    (uint32_t)(GART_START >> 12) + GART_PAGES - 1);
	dc_hw_write(hw, mmVM_CONTEXT0_PAGE_TABLE_BASE_ADDR, GART_TABLE >> 12);
	dc_hw_write(hw, mmVM_CONTEXT0_CNTL, DC_FIELD(VM_CONTEXT0_CNTL, ENABLE_CONTEXT, 1));
}

static void pte(uint8_t *vram, unsigned page, uint64_t value)
{
	memcpy(vram + GART_TABLE + page * 8, &value, 8);
}

static uint64_t garbage_of(struct sim *sim)
{
	struct sim_stats st;

	sim_get_stats(sim, &st);
	return st.garbage_pixels;
}

/*
 * The GART: a surface in three system pages, mapped through VM context 0's
 * entries, scans out as the pages hold it; each entry is one 4 KiB page
 * (here mapped out of order); an invalid or unreadable entry scans out as
 * noise for exactly that page; an entry without the system bit names VRAM;
 * past PAGE_TABLE_END_ADDR and with the context off, noise.
 */
static void test_gart(void **state)
{
	static uint32_t sys[W * H + 1024] __attribute__((aligned(4096)));
	struct sim *sim = create(32, NULL);
	struct dc_hw *hw = sim_hw(sim);
	uint64_t size, g;
	uint8_t *vram = sim_vram(sim, &size);
	uint32_t want;

	(void)state;
	fill(surface, W * H, 7);
	/* the pages in system memory in the order 2, 0, 1 */
	for (unsigned i = 0; i < SURF_PAGES; i++)
		memcpy((uint8_t *)sys + ((i + 1) % SURF_PAGES) * 4096,
		       (uint8_t *)surface + i * 4096, 4096);
	assert_int_equal(sim_map_memory(sim, SYS_ADDR, sys, sizeof(sys)), 0);
	scan_out(sim, 1u << 20);
	want = crc_showing(sim, surface);
	gart_on(hw, size);
	for (unsigned i = 0; i < SURF_PAGES; i++)
		pte(vram, 5 + i, (SYS_ADDR + ((i + 1) % SURF_PAGES) * 4096) | PTE_SYSTEM);
	point(sim, GART_START + 5 * 4096);
	g = garbage_of(sim);
	assert_int_equal(crc_of(sim), want);
	assert_int_equal(garbage_of(sim), g);
	/* the middle page unmapped (its entry cleared): that page, 1024 pixels, is noise */
	pte(vram, 6, 0);
	dc_hw_write(hw, mmVM_INVALIDATE_REQUEST, 1);
	point(sim, GART_START + 5 * 4096);
	assert_int_not_equal(crc_of(sim), want);
	assert_int_equal(garbage_of(sim) - g, 1024);
	/* valid but not readable: a fault as well */
	pte(vram, 6, (SYS_ADDR + 2 * 4096) | (PTE_SYSTEM & ~MC_PTE_READABLE));
	g = garbage_of(sim);
	assert_int_not_equal(crc_of(sim), want);
	assert_int_equal(garbage_of(sim) - g, 1024);
	/* a VRAM page (system bit clear): the entry's address is an MC address */
	memcpy(vram + (2u << 20), (uint8_t *)surface + 4096, 4096);
	pte(vram, 6, (2u << 20) | MC_PTE_VALID | MC_PTE_READABLE);
	g = garbage_of(sim);
	assert_int_equal(crc_of(sim), want);
	assert_int_equal(garbage_of(sim), g);
	/* past the aperture's last page: noise */
	point(sim, GART_START + GART_PAGES * 4096);
	g = garbage_of(sim);
	crc_of(sim);
	assert_int_equal(garbage_of(sim) - g, W * H);
	/* the context off: noise where the frame was */
	point(sim, GART_START + 5 * 4096);
	dc_hw_write(hw, mmVM_CONTEXT0_CNTL, 0);
	g = garbage_of(sim);
	assert_int_not_equal(crc_of(sim), want);
	assert_int_equal(garbage_of(sim) - g, W * H);
	sim_destroy(sim);
}

static void test_vram_in_state_file(void **state)
{
	char path[] = "/tmp/sim-mc-XXXXXX";
	struct sim_error err;
	struct sim *sim;
	uint64_t size;
	uint8_t *vram;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	sim = create(64, path);
	vram = sim_vram(sim, &size);
	memset(vram + size - 4096, 0x5a, 4096);
	sim_destroy(sim);
	/* VRAM keeps its contents while the "GPU" stays powered */
	assert_int_equal(sim_attach(path, &sim, &err), 0);
	vram = sim_vram(sim, &size);
	assert_int_equal(size, 64u << 20);
	assert_int_equal(vram[size - 1], 0x5a);
	assert_int_equal(vram[size - 4097], 0);
	sim_destroy(sim);
	/* a file whose VRAM does not match its state is refused, naming both */
	{
		struct stat sb;

		assert_int_equal(stat(path, &sb), 0);
		assert_int_equal(truncate(path, sb.st_size - (32 << 20)), 0);
	}
	assert_int_equal(sim_attach(path, &sim, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "33554432 bytes of VRAM"));
	assert_non_null(strstr(err.msg, "67108864"));
	unlink(path);
}

static void test_scenario_size(void **state)
{
	const char *base = st_no_vbios_default();
	struct sim_options o = { .clock = SIM_CLOCK_VIRTUAL };
	struct sim_error err;
	struct sim *sim;
	char *json;

	(void)state;
	assert_true(asprintf(&json, "{ \"vram_mib\": 40, %s", strchr(base, '{') + 1) > 0);
	o.scenario_json = json;
	assert_int_equal(sim_create(&o, &sim, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "vram_mib"));
	assert_non_null(strstr(err.msg, "40 MiB is not a multiple of 16"));
	free(json);
	/* the default: 256 MiB */
	sim = st_create(st_no_vbios_default());
	{
		uint64_t size;

		assert_non_null(sim_vram(sim, &size));
		assert_int_equal(size, 256u << 20);
	}
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vram_at_power_on),
		cmocka_unit_test(test_physical_and_agp),
		cmocka_unit_test(test_unmapped_is_noise),
		cmocka_unit_test(test_default_page),
		cmocka_unit_test(test_vram_in_state_file),
		cmocka_unit_test(test_scenario_size),
		cmocka_unit_test(test_gart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
