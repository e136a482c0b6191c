/*
 * Head-mounted displays and variable refresh through a live dcd: three
 * headsets, each known another way (a real EDID on the kernel's quirk list,
 * HTC Vive; a real one with Microsoft's VSDB, Lenovo Explorer; one built
 * here with a DisplayID 2.0 "VR headset" use case), and a DP Adaptive-Sync
 * monitor at 48-120 Hz. LINK_CAPS says which is which; the idle
 * configuration ("preferred") lights only the desktop monitor; a headset
 * leased by name lights; VRR commits on the Adaptive-Sync monitor and is
 * refused with reason "vrr" on a headset's HDMI; dcd.json can declare a
 * headset a desktop.
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
#include <drm_fourcc.h>

#include "dct.h"

#define EDID_DIR DCD_SOURCE_ROOT "/tests/data/edid/"

static char did_path[256];

/*
 * A desktop monitor's base block (ABM 0241) with one extension: DisplayID
 * 2.0, primary use case 7 (VR headset), no data blocks.
 */
static void write_displayid_hmd(const char *path)
{
	uint8_t e[256] = { 0 };
	FILE *f = fopen(EDID_DIR "ABM-ABM0241-f12bbda2.bin", "rb");
	uint8_t sum = 0;

	assert_non_null(f);
	assert_int_equal(fread(e, 1, 128, f), 128);
	fclose(f);
	e[126] = 1;
	e[127] = 0;
	for (int i = 0; i < 127; i++)
		sum += e[i];
	e[127] = (uint8_t)-sum;
	e[128] = 0x70;					 /* DisplayID extension */
	e[129] = 0x20;					 /* version 2.0 */
	e[130] = 0;					 /* section bytes */
	e[131] = 7;					 /* primary use case: VR headset */
	e[132] = 0;					 /* extension count */
	e[133] = (uint8_t) - (e[129] + e[130] + e[131]); /* section checksum */
	sum = 0;
	for (int i = 128; i < 255; i++)
		sum += e[i];
	e[255] = (uint8_t)-sum;
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(e, 1, sizeof(e), f), sizeof(e));
	fclose(f);
}

static const char scenario_fmt[] =
	"{ \"asic\": \"tonga\", \"connectors\": ["
	"{ \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": "
	"0,"
	"  \"display\": { \"edid\": { \"name\": \"adaptive\", \"input\": \"dp\", \"preferred\": "
	"  { \"pixel_khz\": 129600, \"h\": [ 1280, 48, 32, 80 ], \"v\": [ 720, 3, 5, 22 ] },"
	"  \"range\": { \"v_hz\": [ 48, 120 ], \"h_khz\": [ 30, 100 ], \"max_pixel_mhz\": 200 } },"
	"  \"dp\": { \"msa_timing_par_ignored\": true } } },"
	"{ \"name\": \"DP-2\", \"type\": \"DP\", \"hpd\": 2, \"ddc\": 2, \"aux\": 2, \"encoder\": "
	"1,"
	"  \"display\": { \"edid\": { \"file\": \"%s\" } } },"
	"{ \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 3, \"ddc\": 3, \"encoder\": 2,"
	"  \"display\": { \"edid\": { \"file\": \"" EDID_DIR "HVR-HVRAA01-da4eef65.bin\" } } },"
	"{ \"name\": \"HDMI-A-2\", \"type\": \"HDMI\", \"hpd\": 4, \"ddc\": 4, \"encoder\": 3,"
	"  \"display\": { \"edid\": { \"file\": \"" EDID_DIR
	"Lenovo-LENB800-35ffd5aa.bin\" } } } ] }";

struct fixture {
	struct dct_daemon d;
	char scenario[4096];
	struct dcp_link_info infos[DCP_MAX_LINKS];
	struct dcp_server_msg msg;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	char dir[] = "/tmp/dct-hmd-XXXXXX";

	if (!f || !mkdtemp(dir))
		return -1;
	snprintf(did_path, sizeof(did_path), "%s/displayid-vr.bin", dir);
	write_displayid_hmd(did_path);
	snprintf(f->scenario, sizeof(f->scenario), scenario_fmt, did_path);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	unlink(did_path);
	*strrchr(did_path, '/') = 0;
	rmdir(did_path);
	free(f);
	return 0;
}

static const struct dcp_link_info *info(struct fixture *f, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (!strcmp(f->infos[i].name, name))
			return &f->infos[i];
	fail_msg("no link %s", name);
	return &f->infos[0]; /* not reached: fail_msg jumps out */
}

/* Waits (up to 5 s) until the topology says link name is active or not. */
static void wait_active(struct fixture *f, struct dct_client *c, const char *name, bool active)
{
	unsigned n;

	for (int i = 0; i < 100; i++) {
		assert_int_equal(dct_topology(c, f->infos, DCP_MAX_LINKS, &n), 0);
		if (info(f, n, name)->active == active)
			return;
		usleep(50000);
	}
	fail_msg("%s: never %s", name, active ? "active" : "inactive");
}

static void headsets_and_vrr(void **state)
{
	struct fixture *f = *state;
	struct dct_client *c;
	const struct dcp_link_caps *caps;
	uint32_t links[2], lease, fb;
	char cfg[256];
	unsigned n;

	snprintf(cfg, sizeof(cfg),
		 "{ \"lease\": { \"users\": [ %u ] }, \"idle\": { \"mode\": \"preferred\" } }",
		 (unsigned)geteuid());
	assert_int_equal(dct_daemon_start(&f->d, f->scenario, cfg, NULL), 0);
	assert_int_equal(dct_connect(f->d.socket, "hmd", &c), 0);
	assert_int_equal(dct_topology(c, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_int_equal(n, 4);

	/* LINK_CAPS: the three headsets, the Adaptive-Sync range */
	caps = dct_link_caps(c, info(f, n, "DP-1")->link);
	assert_int_equal(caps->flags, 0);
	assert_int_equal(caps->vrr_min_hz, 48);
	assert_int_equal(caps->vrr_max_hz, 120);
	for (unsigned i = 0; i < 3; i++) {
		static const char *const hmds[] = { "DP-2", "HDMI-A-1", "HDMI-A-2" };

		caps = dct_link_caps(c, info(f, n, hmds[i])->link);
		if (caps->flags != DCP_LINK_CAPS_NON_DESKTOP)
			fail_msg("%s: LINK_CAPS flags 0x%x, a headset expected", hmds[i],
				 caps->flags);
		assert_int_equal(caps->vrr_max_hz, 0);
	}

	/* the idle configuration lights the monitor, never a headset */
	wait_active(f, c, "DP-1", true);
	assert_int_equal(dct_topology(c, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_false(info(f, n, "DP-2")->active);
	assert_false(info(f, n, "HDMI-A-1")->active);
	assert_false(info(f, n, "HDMI-A-2")->active);

	/* a headset leased by name lights; VRR on its HDMI is refused with the reason */
	links[0] = info(f, n, "HDMI-A-1")->link;
	links[1] = info(f, n, "DP-1")->link;
	assert_int_equal(dct_lease(c, links, 2, &lease), 0);
	assert_int_equal(dct_commit_output(c, links[0], NULL, 0, DCP_COMMIT_ALLOW_MODESET,
					   DCP_OUTPUT_VRR, &f->msg),
			 -EINVAL);
	assert_int_equal(f->msg.error.reason, DCP_REASON_VRR);
	assert_non_null(strstr(f->msg.error.text, "DP Adaptive-Sync only"));
	assert_int_equal(dct_commit_one(c, links[0], NULL, 0, DCP_COMMIT_ALLOW_MODESET, &f->msg),
			 0);
	wait_active(f, c, "HDMI-A-1", true);

	/* a 1.0 client: no LINK_CAPS (the topology parses without), VRR unknown to it */
	{
		struct dct_client *old;
		uint32_t other = info(f, n, "HDMI-A-2")->link;

		assert_int_equal(dct_connect_minor(f->d.socket, "hmd-1.0", 0, &old), 0);
		assert_int_equal(dct_welcome(old)->minor, DCP_VERSION_MINOR);
		assert_int_equal(dct_topology(old, f->infos, DCP_MAX_LINKS, &n), 0);
		assert_int_equal(dct_link_caps(old, other)->flags, 0);
		assert_int_equal(dct_lease(old, &other, 1, NULL), 0);
		assert_int_equal(dct_commit_output(old, other, NULL, 0, DCP_COMMIT_ALLOW_MODESET,
						   DCP_OUTPUT_VRR, &f->msg),
				 -EINVAL);
		assert_int_equal(f->msg.error.reason, DCP_REASON_PROTOCOL);
		assert_non_null(strstr(f->msg.error.text, "needs protocol 1.1"));
		dct_close(old);
	}

	/* VRR on the Adaptive-Sync monitor */
	assert_int_equal(dct_fb_create(c, DRM_FORMAT_XRGB8888, 1280, 720, 0x00336699, &fb), 0);
	assert_int_equal(dct_commit_output(c, links[1], NULL, fb, DCP_COMMIT_ALLOW_MODESET,
					   DCP_OUTPUT_VRR, &f->msg),
			 0);
	dct_close(c);
	assert_int_equal(dct_daemon_stop(&f->d), 0);
	dct_daemon_cleanup(&f->d, false);

	/* dcd.json declares the Lenovo a desktop: then it lights while idle */
	assert_int_equal(dct_daemon_start(&f->d, f->scenario,
					  "{ \"idle\": { \"mode\": \"preferred\" }, \"outputs\": "
					  "{ \"HDMI-A-2\": { \"non_desktop\": false } } }",
					  NULL),
			 0);
	assert_int_equal(dct_connect(f->d.socket, "hmd2", &c), 0);
	wait_active(f, c, "HDMI-A-2", true);
	assert_int_equal(dct_topology(c, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_int_equal(dct_link_caps(c, info(f, n, "HDMI-A-2")->link)->flags, 0);
	assert_false(info(f, n, "HDMI-A-1")->active);
	dct_close(c);
	assert_int_equal(dct_daemon_stop(&f->d), 0);
	dct_daemon_cleanup(&f->d, false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(headsets_and_vrr, setup, teardown),
	};

	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
