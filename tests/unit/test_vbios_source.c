/*
 * Where dcd takes a GPU's video BIOS from (daemon/vbios.c), on a fake sysfs
 * tree with AMD's real Carrizo and Stoney images: the ROM before ACPI VFCT,
 * --vbios FILE in place of both, each unusable source skipped with its
 * reason, and every reason in the one sentence when none works. The ROM is
 * a file in the fake tree read like --vbios (dcv_read_rom itself needs a
 * real kernel: suite qemu reads one through sysfs).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dc_bios.h"
#include "fake_sysfs.h"
#include "sim.h"
#include "vbios.h"
#include "vfct_build.h"

#define ROM_REL "sys/bus/pci/devices/0000:00:01.0/rom"

static const struct dcv_gpu carrizo = { .address = "0000:00:01.0",
					.vendor_id = 0x1002,
					.device_id = 0x9874 };

struct fixture {
	struct fake_sys f;
	uint8_t *cz, *st; /* AMD's images */
	size_t cz_len, st_len;
	char rom_path[512], file[512];
	struct dcd_vbios_gpu g;
};

static uint8_t *read_image(const char *name, size_t *len)
{
	char path[1024];
	uint8_t *buf = malloc(1 << 20);
	FILE *f;

	snprintf(path, sizeof(path), "%s/tests/data/vbios/%s", DCD_SOURCE_ROOT, name);
	f = fopen(path, "rb");
	if (!f || !buf)
		fail_msg("cannot read %s", path);
	*len = fread(buf, 1, 1 << 20, f);
	fclose(f);
	return buf;
}

/* The version an image reports, to tell which one a source gave. */
static const char *version_of(const void *image, size_t len)
{
	static char version[64];
	struct dc_bios_error err;
	struct dc_bios *bios;

	if (dc_bios_load(image, len, &bios, &err) < 0)
		fail_msg("the chosen image does not load: %s", err.message);
	snprintf(version, sizeof(version), "%s", dc_bios_version(bios));
	dc_bios_destroy(bios);
	return version;
}

/* A VFCT table in the fake tree holding image for the GPU at 00:01.0 with device ID device. */
static void put_vfct(struct fixture *x, const void *image, size_t len, uint16_t device)
{
	const struct vfct_t_image im = { 0, 1, 0, 0x1002, device, image, (uint32_t)len };
	size_t cap = len + 1024;
	uint8_t *t = malloc(cap);

	size_t table_len = vfct_t_build(t, cap, &im, 1);

	assert_int_not_equal(table_len, 0);
	fake_write_bytes(&x->f, "sys/firmware/acpi/tables/VFCT", t, table_len);
	free(t);
}

static int setup(void **state)
{
	struct fixture *x = calloc(1, sizeof(*x));

	fake_sys_create(&x->f);
	fake_pci_add(&x->f, carrizo.address, 0x1002, 0x9874, 0x030000);
	x->cz = read_image("CarrizoGenericVbios.bin", &x->cz_len);
	x->st = read_image("StoneyGenericVbios.bin", &x->st_len);
	snprintf(x->rom_path, sizeof(x->rom_path), "%s/%s", x->f.root, ROM_REL);
	snprintf(x->file, sizeof(x->file), "%s/given.bin", x->f.root);
	/* a Carrizo board whose ROM holds the Carrizo image and VFCT the Stoney one */
	fake_write_bytes(&x->f, ROM_REL, x->cz, x->cz_len);
	put_vfct(x, x->st, x->st_len, 0x9874);
	x->g = (struct dcd_vbios_gpu){
		.rom = { "the PCI ROM", dcd_vbios_read_file, x->rom_path },
		.vfct = { .paths = &x->f.paths, .gpu = &carrizo },
	};
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *x = *state;

	fake_sys_destroy(&x->f);
	free(x->cz);
	free(x->st);
	free(x);
	return 0;
}

/* Runs the GPU's sources; returns the index taken and the image's version in version. */
static int choose(struct fixture *x, dcd_vbios_check_fn check, void *ctx, char *why,
		  const char **version)
{
	size_t n = dcd_vbios_gpu_sources(&x->g), len;
	void *image;
	int r = dcd_vbios_choose(x->g.sources, n, check, ctx, &image, &len, why, DCD_VBIOS_WHY);

	*version = r >= 0 ? version_of(image, len) : NULL;
	free(image);
	return r;
}

/* No source gives a usable image; why must be the sentence fmt makes. */
__attribute__((format(printf, 2, 3))) static void expect_none(struct fixture *x, const char *fmt,
							      ...)
{
	char why[DCD_VBIOS_WHY], want[DCD_VBIOS_WHY];
	const char *version;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(want, sizeof(want), fmt, ap);
	va_end(ap);
	assert_int_equal(choose(x, NULL, NULL, why, &version), -ENOENT);
	assert_string_equal(why, want);
}

static void rom_comes_before_vfct(void **state)
{
	struct fixture *x = *state;
	char why[DCD_VBIOS_WHY];
	const char *version;

	assert_int_equal(dcd_vbios_gpu_sources(&x->g), 2);
	assert_string_equal(x->g.sources[0].name, "the PCI ROM");
	assert_string_equal(x->g.sources[1].name, "ACPI VFCT");
	assert_int_equal(choose(x, NULL, NULL, why, &version), 0);
	assert_string_equal(version, "113-C75100-031");
}

static void vfct_when_the_rom_is_absent_or_damaged(void **state)
{
	struct fixture *x = *state;
	char why[DCD_VBIOS_WHY];
	const char *version;

	unlink(x->rom_path);
	assert_int_equal(choose(x, NULL, NULL, why, &version), 1);
	assert_string_equal(version, "113-C91400-006");
	/* a ROM cut short is no image: VFCT's is taken */
	fake_write_bytes(&x->f, ROM_REL, x->cz, 30000);
	assert_int_equal(choose(x, NULL, NULL, why, &version), 1);
	assert_string_equal(version, "113-C91400-006");
}

static void vbios_file_overrides_both(void **state)
{
	struct fixture *x = *state;
	char why[DCD_VBIOS_WHY], want[2048];
	const char *version;

	fake_write_bytes(&x->f, "given.bin", x->st, x->st_len);
	x->g.file = x->file;
	assert_int_equal(dcd_vbios_gpu_sources(&x->g), 1);
	snprintf(want, sizeof(want), "--vbios %s", x->file);
	assert_string_equal(x->g.sources[0].name, want);
	assert_int_equal(choose(x, NULL, NULL, why, &version), 0);
	assert_string_equal(version, "113-C91400-006");
	/* a damaged file is refused with its reason; the good ROM is not read instead */
	x->st[0x1000] = (uint8_t)(x->st[0x1000] + 1);
	fake_write_bytes(&x->f, "given.bin", x->st, x->st_len);
	expect_none(x, "--vbios %s: damaged image: the byte sum of its 64512 bytes is 0x01, not 0",
		    x->file);
	/* a file that is not there, an empty one, a folder */
	unlink(x->file);
	expect_none(x, "--vbios %s: cannot open %s: No such file or directory", x->file, x->file);
	fake_write_bytes(&x->f, "given.bin", x->st, 0);
	expect_none(x, "--vbios %s: %s is empty", x->file, x->file);
	x->g.file = x->f.root;
	expect_none(x, "--vbios %s: %s is not a regular file", x->f.root, x->f.root);
}

static void every_reason_in_one_sentence(void **state)
{
	struct fixture *x = *state;

	unlink(x->rom_path);
	put_vfct(x, x->st, x->st_len, 0x98e4);
	expect_none(x,
		    "the PCI ROM: cannot open %s: No such file or directory; ACPI VFCT: the ACPI "
		    "VFCT table lists images for 0000:00:01.0 1002:98e4, not for 0000:00:01.0 "
		    "1002:9874",
		    x->rom_path);
	/* a foreign ROM and a damaged table */
	fake_write_bytes(&x->f, ROM_REL, "MZ not a ROM", 12);
	fake_write_bytes(&x->f, "sys/firmware/acpi/tables/VFCT", "VFCT\x10\0\0\0", 8);
	expect_none(x,
		    "the PCI ROM: truncated image: 12 bytes, an expansion ROM has at least 512; "
		    "ACPI VFCT: truncated ACPI VFCT table: 8 bytes, its ACPI header alone has 36");
}

/* The caller's check (dc_set_vbios in dcd) refusing the ROM's image: VFCT's is asked next. */
struct refusals {
	unsigned calls;
	char refuse[64];
};

static int refuse_version(void *ctx, const void *image, size_t len, char *why, size_t why_size)
{
	struct refusals *r = ctx;

	r->calls++;
	if (strcmp(version_of(image, len), r->refuse))
		return 0;
	snprintf(why, why_size, "video BIOS %s: no SetPixelClock table of revision 1.6 or 1.7",
		 r->refuse);
	return -EINVAL;
}

static void a_refused_image_is_skipped(void **state)
{
	struct fixture *x = *state;
	struct refusals ref = { 0, "113-C75100-031" };
	char why[DCD_VBIOS_WHY];
	const char *version;

	assert_int_equal(choose(x, refuse_version, &ref, why, &version), 1);
	assert_string_equal(version, "113-C91400-006");
	assert_int_equal(ref.calls, 2);
	/* both refused: the check's reasons */
	ref.calls = 0;
	put_vfct(x, x->cz, x->cz_len, 0x9874);
	assert_int_equal(choose(x, refuse_version, &ref, why, &version), -ENOENT);
	assert_int_equal(ref.calls, 2);
	assert_string_equal(why, "the PCI ROM: video BIOS 113-C75100-031: no SetPixelClock table "
				 "of revision 1.6 or 1.7; ACPI VFCT: video BIOS 113-C75100-031: "
				 "no SetPixelClock table of revision 1.6 or 1.7");
}

/*
 * A GPU's board is its image's display paths. AMD's Carrizo image wires
 * HDMI to UNIPHY B and DP to C, the other way round from the typical
 * Carrizo board: taking the typical one there would drive HDMI through
 * the DP connector's transmitter.
 */
static void the_board_comes_from_the_image(void **state)
{
	struct fixture *x = *state;
	struct dc_board board, typical;
	char why[256];

	assert_int_equal(dc_board_default(DC_ASIC_CARRIZO, &typical), 0);
	assert_int_equal(
		dcd_vbios_board(x->cz, x->cz_len, DC_ASIC_CARRIZO, &board, why, sizeof(why)), 1);
	assert_string_equal(why, "");
	assert_int_equal(board.asic, DC_ASIC_CARRIZO);
	assert_int_equal(board.connector_count, 3);
	assert_int_equal(board.connectors[1].type, DC_LINK_HDMI_A);
	assert_int_equal(board.connectors[1].dig_be, 1);
	assert_int_equal(board.connectors[2].type, DC_LINK_DP);
	assert_int_equal(board.connectors[2].dig_be, 2);
	assert_true(board.connectors[1].hdmi_6g);
	assert_int_not_equal(typical.connectors[1].type, board.connectors[1].type);

	/* Stoney's image has the same three paths: its board, not the typical two. */
	assert_int_equal(
		dcd_vbios_board(x->st, x->st_len, DC_ASIC_STONEY, &board, why, sizeof(why)), 1);
	assert_int_equal(board.connector_count, 3);
}

/* Without an image, or one without an object table, the typical board, saying why. */
static void the_typical_board_says_why(void **state)
{
	struct fixture *x = *state;
	struct sim_options so = { .scenario_path =
					  DCD_SOURCE_ROOT "/sim/scenarios/tonga-six-heads.json" };
	struct sim_error serr = { "" };
	struct dc_board board, typical;
	const void *own;
	struct sim *sim;
	char why[256];
	size_t len = 0;
	uint8_t *damaged;

	assert_int_equal(dcd_vbios_board(NULL, 0, DC_ASIC_FIJI, &board, why, sizeof(why)), 0);
	assert_string_equal(why, "no video BIOS");
	assert_int_equal(dc_board_default(DC_ASIC_FIJI, &typical), 0);
	assert_memory_equal(&board, &typical, sizeof(board));

	/* our own Tonga image carries no Object_Header */
	if (sim_create(&so, &sim, &serr) < 0)
		fail_msg("%s", serr.msg);
	own = sim_vbios(sim, &len);
	assert_non_null(own);
	assert_int_equal(dcd_vbios_board(own, len, DC_ASIC_TONGA, &board, why, sizeof(why)), 0);
	assert_non_null(strstr(why, "Object_Header"));
	assert_int_equal(board.connector_count, 4);
	sim_destroy(sim);

	/* a damaged image: the loader's reason */
	damaged = malloc(x->cz_len);
	assert_non_null(damaged);
	memcpy(damaged, x->cz, x->cz_len);
	damaged[0] = 0;
	assert_int_equal(
		dcd_vbios_board(damaged, x->cz_len, DC_ASIC_CARRIZO, &board, why, sizeof(why)), 0);
	assert_true(why[0] != '\0');
	assert_int_equal(board.connector_count, 3);
	free(damaged);

	assert_int_equal(dcd_vbios_board(x->cz, x->cz_len, (enum dc_asic)DC_ASIC_COUNT, &board, why,
					 sizeof(why)),
			 -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(rom_comes_before_vfct, setup, teardown),
		cmocka_unit_test_setup_teardown(vfct_when_the_rom_is_absent_or_damaged, setup,
						teardown),
		cmocka_unit_test_setup_teardown(vbios_file_overrides_both, setup, teardown),
		cmocka_unit_test_setup_teardown(every_reason_in_one_sentence, setup, teardown),
		cmocka_unit_test_setup_teardown(a_refused_image_is_skipped, setup, teardown),
		cmocka_unit_test_setup_teardown(the_board_comes_from_the_image, setup, teardown),
		cmocka_unit_test_setup_teardown(the_typical_board_says_why, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
