/*
 * Scenarios: the built-in default equals sim/scenarios/default.json,
 * malformed files give errors naming file, JSON path and reason, EDID files
 * resolve against the scenario's folder, and the state file can be
 * re-attached. What the simulator keeps to make engines faster (the state
 * memory of a destroyed engine, the last good video BIOS image) gives what
 * a fresh start gives.
 */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
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

#include "dc.h"
#include "dc_bios.h"
#include "sim_internal.h"
#include "sim_scenario.h"
#include "sim_test_util.h"

#ifndef DCD_SOURCE_ROOT
#error "DCD_SOURCE_ROOT must name the source tree"
#endif

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = 0;
	fclose(f);
	if (len)
		*len = (size_t)n;
	return buf;
}

static void test_default_matches_file(void **state)
{
	char *text = slurp(DCD_SOURCE_ROOT "/sim/scenarios/default.json", NULL);
	struct sim_error err = { { 0 } };

	(void)state;
	assert_string_equal(sim_default_scenario(), text);
	assert_int_equal(sim_scenario_check(text, strlen(text), "default.json", NULL, &err), 0);
	free(text);
}

static void test_doc_shows_default(void **state)
{
	char *doc = slurp(DCD_SOURCE_ROOT "/docs/scenarios.md", NULL);

	(void)state;
	assert_non_null(strstr(doc, sim_default_scenario()));
	free(doc);
}

/* Every example in sim/scenarios builds a simulator. */
static void test_examples_build(void **state)
{
	DIR *d = opendir(DCD_SOURCE_ROOT "/sim/scenarios");
	struct dirent *e;
	unsigned n = 0;

	(void)state;
	assert_non_null(d);
	while ((e = readdir(d))) {
		struct sim_options opts = { .clock = SIM_CLOCK_VIRTUAL };
		struct sim_error err = { { 0 } };
		char path[512];
		struct sim *sim;
		size_t len = strlen(e->d_name);

		if (len < 5 || strcmp(e->d_name + len - 5, ".json"))
			continue;
		snprintf(path, sizeof(path), "%s/sim/scenarios/%s", DCD_SOURCE_ROOT, e->d_name);
		opts.scenario_path = path;
		if (sim_create(&opts, &sim, &err) < 0)
			fail_msg("%s", err.msg);
		assert_true(sim_connector_count(sim) > 0);
		sim_destroy(sim);
		n++;
	}
	closedir(d);
	assert_true(n >= 3);
}

/*
 * The default scenario is the board of the image it runs, AMD's Carrizo
 * image: each connector on the transmitter, HPD, DDC and AUX lines of the
 * image's display path of its kind (eDP on UNIPHY A, HDMI on B, DP on C).
 * A connector off that board would be one no Carrizo with this image has.
 */
static void test_default_topology(void **state)
{
	struct sim *sim = st_create(NULL);
	struct sim_connector_info info;
	static const char *const names[] = { "DP-1", "HDMI-A-1", "eDP-1" };
	static const enum dc_link_type types[] = { DC_LINK_DP, DC_LINK_HDMI_A, DC_LINK_EDP };
	struct dc_bios_error err = { "" };
	struct dc_board board;
	struct dc_bios *bios;
	const void *image;
	size_t len = 0;

	(void)state;
	image = sim_vbios(sim, &len);
	assert_non_null(image);
	assert_int_equal(dc_bios_load(image, len, &bios, &err), 0);
	assert_string_equal(dc_bios_version(bios), "113-C75100-031");
	assert_int_equal(dc_bios_board(bios, DC_ASIC_CARRIZO, &board, &err), 0);
	assert_int_equal(sim_connector_count(sim), 3);
	assert_int_equal(board.connector_count, 3);
	for (unsigned i = 0; i < 3; i++) {
		const struct dc_connector_desc *d = NULL;

		assert_int_equal(sim_connector_info(sim, i, &info), 0);
		assert_string_equal(info.name, names[i]);
		assert_true(info.plugged);
		for (unsigned j = 0; j < board.connector_count; j++) {
			if (board.connectors[j].dig_be == info.encoder)
				d = &board.connectors[j];
		}
		if (!d)
			fail_msg("%s: UNIPHY %c is not on the image's board", info.name,
				 'A' + info.encoder);
		assert_int_equal(d->type, types[i]);
		assert_int_equal(d->hpd, info.hpd);
		assert_int_equal(d->ddc, info.ddc);
		if (types[i] != DC_LINK_HDMI_A)
			assert_int_equal(d->aux, info.aux);
	}
	dc_bios_destroy(bios);
	assert_int_equal(sim_connector_find(sim, "VGA-1"), -ENOENT);
	assert_int_equal(sim_connector_info(sim, 3, &info), -EINVAL);
	sim_destroy(sim);
}

#define CONN_HDMI  "{ \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0 }"
#define TOP(conns) "{ \"asic\": \"carrizo\", \"connectors\": [ " conns " ] }"
#define DISPLAY(type, extra, display)                                                      \
	TOP("{ \"type\": \"" type "\", \"hpd\": 1, \"ddc\": 1, " extra " \"encoder\": 0, " \
	    "\"display\": " display " }")
#define EDID_OK "\"edid\": { \"preferred\": \"cta-1080p60\" }"

struct bad {
	const char *json;
	const char *path;   /* expected in the message */
	const char *reason; /* expected in the message */
};

static const struct bad bad_scenarios[] = {
	{ "{ \"asic\": \"carrizo\", ", "test.json:1:", "JSON syntax error" },
	{ TOP(CONN_HDMI) " x", "test.json:1:", "syntax" },
	{ "[ 1, 2 ]", "(top level)", "expected an object, got an array" },
	{ "{ \"asic\": \"carrizo\", \"colour\": 1, \"connectors\": [ " CONN_HDMI " ] }",
	  "(top level)", "unknown key \"colour\"" },
	{ "{ \"connectors\": [ " CONN_HDMI " ] }", "(top level)", "missing key \"asic\"" },
	{ "{ \"asic\": \"vega\", \"connectors\": [ " CONN_HDMI " ] }", "asic",
	  "\"vega\" is not one of" },
	{ "{ \"asic\": \"carrizo\", \"connectors\": 3 }", "connectors",
	  "expected an array, got an integer" },
	{ TOP(""), "connectors", "0 elements, expected 1..9" },
	{ TOP(CONN_HDMI "," CONN_HDMI "," CONN_HDMI "," CONN_HDMI "," CONN_HDMI "," CONN_HDMI
			"," CONN_HDMI "," CONN_HDMI "," CONN_HDMI "," CONN_HDMI),
	  "connectors", "10 elements" },
	{ TOP("{ \"type\": \"VGA\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0 }"),
	  "connectors[0].type", "\"VGA\" is not one of" },
	{ TOP("{ \"type\": \"HDMI\", \"hpd\": 7, \"ddc\": 1, \"encoder\": 0 }"),
	  "connectors[0].hpd", "7 is out of range 1..6" },
	{ TOP("{ \"type\": \"HDMI\", \"hpd\": \"1\", \"ddc\": 1, \"encoder\": 0 }"),
	  "connectors[0].hpd", "expected an integer, got a string" },
	{ TOP(CONN_HDMI ", { \"type\": \"DVI\", \"hpd\": 1, \"ddc\": 2, \"encoder\": 1 }"),
	  "connectors[1].hpd", "used by another connector" },
	{ TOP("{ \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0 }"),
	  "connectors[0].aux", "no AUX channel" },
	{ TOP("{ \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0 }"), "connectors[0]",
	  "missing key \"aux\"" },
	{ "{ \"asic\": \"tonga\", \"connectors\": [ { \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, "
	  "\"encoder\": 7 } ] }",
	  "connectors[0].encoder", "out of range 0..6" },
	{ TOP("{ \"type\": \"eDP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0 }"),
	  "connectors[0]", "eDP connector needs" },
	{ TOP("{ \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0, \"plugged\": true }"),
	  "connectors[0]", "no display is described" },
	{ TOP("{ \"name\": \"X\", \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0 },"
	      "{ \"name\": \"X\", \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2, \"encoder\": 1 }"),
	  "connectors[1]", "used twice" },
	{ DISPLAY("HDMI", "", "{ }"), "connectors[0].display", "missing key \"edid\"" },
	{ DISPLAY("HDMI", "",
		  "{ \"edid\": { \"preferred\": \"cta-1080p60\", \"modes\": "
		  "[ \"cta-8k60\" ] } }"),
	  "connectors[0].display.edid.modes[0]", "unknown mode \"cta-8k60\"" },
	{ DISPLAY("HDMI", "",
		  "{ \"edid\": { \"preferred\": { \"pixel_khz\": 148500, "
		  "\"h\": [ 1920, 88, 44 ], \"v\": [ 1080, 4, 5, 36 ] } } }"),
	  "connectors[0].display.edid.preferred.h", "3 elements, expected 4..4" },
	{ DISPLAY("HDMI", "",
		  "{ \"edid\": { \"preferred\": \"cta-1080p60\", \"modes\": [ { "
		  "\"pixel_khz\": 148505, \"h\": [ 1920, 88, 44, 148 ], "
		  "\"v\": [ 1080, 4, 5, 36 ] } ] } }"),
	  "connectors[0].display.edid.modes[0]", "not a multiple of 10 kHz" },
	{ DISPLAY("HDMI", "",
		  "{ \"edid\": { \"vendor\": \"dcd\", \"preferred\": \"cta-1080p60\" } }"),
	  "connectors[0].display.edid.vendor", "PNP ID" },
	{ DISPLAY("HDMI", "",
		  "{ \"edid\": { \"name\": \"fourteen chars\", \"preferred\": \"cta-1080p60\" } }"),
	  "connectors[0].display.edid.name", "at most 13" },
	{ DISPLAY("HDMI", "", "{ " EDID_OK ", \"dp\": { } }"), "connectors[0].display.dp",
	  "only a DP or eDP sink" },
	{ DISPLAY("DP", "\"aux\": 1,",
		  "{ " EDID_OK ", \"dp\": { \"dpcd_rev\": \"1.1\", "
		  "\"max_rate\": \"HBR\", \"tps3\": true } }"),
	  "connectors[0].display.dp", "need dpcd_rev \"1.2\"" },
	{ DISPLAY("DP", "\"aux\": 1,", "{ " EDID_OK ", \"dp\": { \"max_lanes\": 3 } }"),
	  "connectors[0].display.dp.max_lanes", "1, 2 or 4 lanes" },
	{ DISPLAY("DP", "\"aux\": 1,",
		  "{ " EDID_OK ", \"dp\": { \"training\": { \"requirements\": "
		  "[ { \"swing\": 2, \"pre_emphasis\": 2 } ] } } }"),
	  "connectors[0].display.dp.training.requirements[0]", "exceeds level 3" },
	{ DISPLAY("DP", "\"aux\": 1,",
		  "{ " EDID_OK ", \"dp\": { \"training\": { \"fail_rates\": "
		  "[ \"UHBR10\" ] } } }"),
	  "connectors[0].display.dp.training.fail_rates[0]", "expected \"RBR\"" },
	{ DISPLAY("HDMI", "", "{ " EDID_OK ", \"dongle\": { \"type\": 2 } }"),
	  "connectors[0].display.dongle", "only fits a DP connector" },
	{ DISPLAY("DP", "\"aux\": 1,", "{ " EDID_OK ", \"dongle\": { \"type\": 3 } }"),
	  "connectors[0].display.dongle.type", "3 is out of range 1..2" },
	{ DISPLAY("HDMI", "",
		  "{ \"edid\": { \"preferred\": \"cta-1080p60\", \"audio\": [ { "
		  "\"format\": \"lpcm\", \"channels\": 2, \"rates_khz\": [ 22 ], "
		  "\"bits\": [ 16 ] } ] } }"),
	  "connectors[0].display.edid.audio[0].rates_khz[0]", "not an audio rate" },
	{ DISPLAY("HDMI", "",
		  "{ \"edid\": { \"preferred\": \"cta-1080p60\", \"hf_vsdb\": { "
		  "\"scdc\": true } } }"),
	  "connectors[0].display.edid.hf_vsdb", "needs the \"hdmi\" block" },
	{ DISPLAY("HDMI", "", "{ \"edid\": { \"file\": \"monitor.bin\" } }"),
	  "connectors[0].display.edid", "not allowed in a scenario given as text" },
	{ DISPLAY("HDMI", "", "{ \"edid\": { \"file\": \"monitor.bin\", \"name\": \"x\" } }"),
	  "connectors[0].display.edid", "takes no other keys" },
};

static void test_malformed(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bad_scenarios) / sizeof(bad_scenarios[0]); i++) {
		const struct bad *b = &bad_scenarios[i];
		struct sim_error err = { { 0 } };
		int r = sim_scenario_check(b->json, strlen(b->json), "test.json", NULL, &err);

		if (r != -EINVAL || strncmp(err.msg, "test.json", 9) || !strstr(err.msg, b->path) ||
		    !strstr(err.msg, b->reason))
			fail_msg("case %zu: r=%d msg \"%s\", expected path \"%s\" and \"%s\"", i, r,
				 err.msg, b->path, b->reason);
	}
	/* sim_create refuses them the same way and builds nothing */
	{
		struct sim_options opts = { .scenario_json = bad_scenarios[5].json };
		struct sim_error err = { { 0 } };
		struct sim *sim = (struct sim *)&opts;

		assert_int_equal(sim_create(&opts, &sim, &err), -EINVAL);
		assert_null(sim);
		assert_non_null(strstr(err.msg, "<scenario>: asic"));
	}
}

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
}

static void test_edid_files(void **state)
{
	char dir[] = "/tmp/sim-scenario-XXXXXX", path[256], sub[256];
	uint8_t edid[256], got[256];
	struct sim_options opts = { .clock = SIM_CLOCK_VIRTUAL };
	struct sim_error err = { { 0 } };
	struct sim *sim;
	static const char json[] =
		"{ \"asic\": \"fiji\", \"connectors\": [ { \"type\": \"DVI\", \"hpd\": 2,"
		" \"ddc\": 5, \"encoder\": 6, \"display\": { \"edid\": { \"file\": \"edid/a.bin\" }"
		" } } ] }";

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(sub, sizeof(sub), "%s/edid", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	for (unsigned i = 0; i < sizeof(edid); i++)
		edid[i] = (uint8_t)(255 - i);
	snprintf(path, sizeof(path), "%s/edid/a.bin", dir);
	write_file(path, edid, sizeof(edid));
	snprintf(path, sizeof(path), "%s/s.json", dir);
	write_file(path, json, strlen(json));

	opts.scenario_path = path;
	assert_int_equal(sim_create(&opts, &sim, &err), 0);
	assert_true(st_i2c_read_edid(sim_hw(sim), 4, 0, 0, got, 128) &
		    DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK);
	assert_true(st_i2c_read_edid(sim_hw(sim), 4, 0, 128, got + 128, 128) &
		    DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK);
	assert_memory_equal(got, edid, sizeof(edid));
	sim_destroy(sim);

	/* a 100-byte EDID file and a missing one */
	snprintf(path, sizeof(path), "%s/edid/a.bin", dir);
	write_file(path, edid, 100);
	snprintf(path, sizeof(path), "%s/s.json", dir);
	assert_int_equal(sim_create(&opts, &sim, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "s.json: connectors[0].display.edid: EDID file"));
	assert_non_null(strstr(err.msg, "100 bytes, not a multiple of 128"));
	snprintf(path, sizeof(path), "%s/edid/a.bin", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/s.json", dir);
	assert_int_equal(sim_create(&opts, &sim, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "cannot open EDID file"));
	unlink(path);
	rmdir(sub);
	rmdir(dir);

	/* a scenario file that does not exist */
	opts.scenario_path = "/nonexistent/x.json";
	assert_int_equal(sim_create(&opts, &sim, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "/nonexistent/x.json"));
}

/*
 * An HDMI sink from a real EDID file has SCDC exactly when the file's HDMI
 * Forum VSDB says "SCDC Present" (AOC 2702 does, ABM 0241 has only the HDMI
 * 1.4 VSDB); the scenario's "hdmi" block still overrides it.
 */
static void test_edid_file_scdc(void **state)
{
	static const struct {
		const char *file, *hdmi;
		int peek;
	} cases[] = {
		{ "AOC-AOC2702-0e7b95cf.bin", "", 0 },
		{ "ABM-ABM0241-f12bbda2.bin", "", -ENODEV },
		{ "AOC-AOC2702-0e7b95cf.bin", ", \"hdmi\": { \"scdc\": false }", -ENODEV },
		{ "ABM-ABM0241-f12bbda2.bin", ", \"hdmi\": { \"scdc\": true }", 0 },
	};
	char dir[] = "/tmp/sim-scdc-XXXXXX", path[256], json[1024];
	uint8_t scdc[256];

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/s.json", dir);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sim_options opts = { .clock = SIM_CLOCK_VIRTUAL, .scenario_path = path };
		struct sim_error err = { { 0 } };
		struct sim *sim;

		snprintf(json, sizeof(json),
			 "{ \"asic\": \"tonga\", \"connectors\": [ { \"type\": \"HDMI\", "
			 "\"hpd\": 1, \"ddc\": 1, \"encoder\": 0, \"display\": { \"edid\": "
			 "{ \"file\": \"%s/tests/data/edid/%s\" }%s } } ] }",
			 DCD_SOURCE_ROOT, cases[i].file, cases[i].hdmi);
		write_file(path, json, strlen(json));
		if (sim_create(&opts, &sim, &err))
			fail_msg("case %zu: %s", i, err.msg);
		if (sim_scdc_peek(sim, 0, scdc) != cases[i].peek)
			fail_msg("case %zu: %s%s: SCDC peek %d, expected %d", i, cases[i].file,
				 cases[i].hdmi, sim_scdc_peek(sim, 0, scdc), cases[i].peek);
		sim_destroy(sim);
	}
	unlink(path);
	rmdir(dir);
}

/* Pipe 0 lit at 1080p on PLL 0, a scratch register written, connector 1 unplugged, ns run. */
static void use_engine(struct sim *sim, uint64_t ns)
{
	struct dc_hw *hw = sim_hw(sim);

	st_pll_program(hw, 0, 1, 44, 8);
	st_crtc_program(hw, 0, 0, 2200, 1920, 1125, 1080);
	dc_hw_write(hw, mmDCO_SCRATCH0, 0x1234);
	assert_int_equal(sim_unplug(sim, 1), 0);
	sim_advance(sim, ns);
}

static void test_state_file_attach(void **state)
{
	char path[] = "/tmp/sim-state-XXXXXX";
	struct sim_options opts = { .state_path = path,
				    .scenario_json = st_no_vbios_default(),
				    .clock = SIM_CLOCK_VIRTUAL };
	struct sim_error err = { { 0 } };
	struct sim_frame f[4];
	struct sim *sim;
	struct dc_hw *hw;
	uint32_t frame;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(sim_create(&opts, &sim, &err), 0);
	use_engine(sim, 1000000000);
	sim_destroy(sim); /* the "daemon" dies; the hardware stays */

	assert_int_equal(sim_attach(path, &sim, &err), 0);
	hw = sim_hw(sim);
	assert_int_equal(dc_hw_read(hw, mmDCO_SCRATCH0), 0x1234);
	frame = dc_hw_read(hw, mmCRTC_STATUS_FRAME_COUNT);
	assert_int_equal(frame, 60);
	sim_advance(sim, 1000000000);
	assert_int_equal(dc_hw_read(hw, mmCRTC_STATUS_FRAME_COUNT), 120);
	assert_int_equal(sim_scanout_history(sim, 0, f, 4), 4);
	assert_int_equal(f[3].frame, 120);
	{
		struct sim_connector_info info;

		assert_int_equal(sim_connector_info(sim, 1, &info), 0);
		assert_false(info.plugged);
	}
	sim_destroy(sim);

	/* not a state file */
	write_file(path, "hello", 5);
	assert_int_equal(sim_attach(path, &sim, &err), -EINVAL);
	assert_non_null(strstr(err.msg, path));
	unlink(path);
	assert_int_equal(sim_attach(path, &sim, &err), -ENOENT);
}

/*
 * An engine made in memory takes the state memory the last one destroyed
 * left (sim_state_get): after an engine that ran, lit a pipe and lost a
 * display, the next one must be byte for byte what a new mapping gives.
 */
static void test_state_reuse(void **state)
{
	struct sim_options opts = { .scenario_json = st_no_vbios_default(),
				    .clock = SIM_CLOCK_VIRTUAL };
	struct sim_error err = { { 0 } };
	struct sim *used, *again, *fresh;
	struct sim_state *left;

	(void)state;
	assert_int_equal(sim_create(&opts, &used, &err), 0);
	use_engine(used, 100000000);
	left = used->st;
	sim_destroy(used);

	assert_int_equal(sim_create(&opts, &again, &err), 0);
	assert_ptr_equal(again->st, left); /* the memory was taken again */
	assert_int_equal(sim_create(&opts, &fresh, &err), 0);
	assert_ptr_not_equal(fresh->st, left); /* none left: a new mapping */
	assert_memory_equal(again->st, fresh->st, sizeof(struct sim_state));
	sim_destroy(fresh);
	sim_destroy(again);
}

struct parsed {
	const char *json, *dir;
	struct sim_config *cfg;
	struct sim_error err;
	int r;
};

static void *parse_in_thread(void *arg)
{
	struct parsed *p = arg;

	p->r = sim_scenario_parse(p->json, strlen(p->json), "t.json", p->dir, p->cfg, &p->err);
	return NULL;
}

/* The scenario parsed by a new thread: one that has checked no image yet. */
static void parse_fresh(struct parsed *p)
{
	pthread_t t;

	assert_int_equal(pthread_create(&t, NULL, parse_in_thread, p), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
}

/*
 * A video BIOS image is checked once per thread while its bytes stay the
 * same (sim_vbios.c): the configuration from the kept answer is the one a
 * thread that never saw the image makes, and an image changed in place
 * (same name, same size) is checked again and refused.
 */
static void test_vbios_checked_once(void **state)
{
	char dir[] = "/tmp/sim-vbios-XXXXXX", path[256];
	const char *json = "{ \"asic\": \"carrizo\", \"vbios\": \"img.bin\", \"connectors\": "
			   "[ { \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, "
			   "\"encoder\": 0 } ] }";
	struct parsed fresh = { .json = json, .dir = dir };
	struct sim_config *kept = calloc(1, sizeof(*kept));
	struct sim_error err = { { 0 } };
	size_t len;
	char *image = slurp(DCD_SOURCE_ROOT "/tests/data/vbios/CarrizoGenericVbios.bin", &len);

	(void)state;
	fresh.cfg = calloc(1, sizeof(*fresh.cfg));
	assert_non_null(kept);
	assert_non_null(fresh.cfg);
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/img.bin", dir);
	write_file(path, image, len);

	/* twice here (the second from the kept answer), once in a new thread */
	assert_int_equal(sim_scenario_parse(json, strlen(json), "t.json", dir, kept, &err), 0);
	assert_int_equal(sim_scenario_parse(json, strlen(json), "t.json", dir, kept, &err), 0);
	parse_fresh(&fresh);
	assert_int_equal(fresh.r, 0);
	assert_int_equal(kept->vbios_len, len);
	assert_true(kept->ref_khz && kept->ppll_max_khz);
	assert_memory_equal(kept, fresh.cfg, sizeof(*kept));

	/* one byte changed in place: checked again, and its byte sum is wrong */
	image[len / 2] ^= 0x01;
	write_file(path, image, len);
	assert_int_equal(sim_scenario_parse(json, strlen(json), "t.json", dir, kept, &err),
			 -EINVAL);
	assert_non_null(strstr(err.msg, "byte sum"));
	/* and put back: good again */
	image[len / 2] ^= 0x01;
	write_file(path, image, len);
	assert_int_equal(sim_scenario_parse(json, strlen(json), "t.json", dir, kept, &err), 0);
	assert_memory_equal(kept, fresh.cfg, sizeof(*kept));

	unlink(path);
	rmdir(dir);
	free(image);
	free(fresh.cfg);
	free(kept);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_matches_file),
		cmocka_unit_test(test_doc_shows_default),
		cmocka_unit_test(test_examples_build),
		cmocka_unit_test(test_default_topology),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_edid_files),
		cmocka_unit_test(test_edid_file_scdc),
		cmocka_unit_test(test_state_file_attach),
		cmocka_unit_test(test_state_reuse),
		cmocka_unit_test(test_vbios_checked_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
