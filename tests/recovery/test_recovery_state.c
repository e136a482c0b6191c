/*
 * The state file against the hardware, while a compositor flips on three
 * outputs and dcd is killed and started again between the cases:
 *  - nine kinds of damaged state files (empty, truncated, another format,
 *    another version, not JSON, a link the engine lacks, a link twice, an
 *    absurd mode, an absurd device address): each is reported in one line
 *    naming the file and the reason, and ignored; the hardware is adopted
 *    as it is;
 *  - the hardware disagreeing with an intact file (the file says another
 *    mode; a register changed behind dcd's back through the simulator):
 *    the hardware wins and the difference is logged, naming the output
 *    and the field.
 * Outputs whose buffers cannot be placed without the file show the idle
 * picture. Every time: zero timing, clock and encoder register writes, the timing
 * generators never stop (no gap in any lit pipe's frame numbers), the
 * compositor flips again.
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

#include "dc_hw.h"
#include "dce110_regs.h"
#include "rct.h"

struct fixture {
	struct rct t;
	struct rct_child ch;
	uint64_t base[SIM_WRITE_CLASSES];
	char path[256];
	unsigned restarts;
	char *good; /* an intact state file */
};

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = calloc(1, 1 << 20);
	size_t n;

	assert_non_null(f);
	assert_non_null(buf);
	n = fread(buf, 1, (1 << 20) - 1, f);
	buf[n] = 0;
	fclose(f);
	return buf;
}

static void write_all(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	fclose(f);
}

/* text with the first occurrence of from replaced by to (malloc'd). */
static char *replaced(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	char *out;

	assert_non_null(at);
	out = malloc(strlen(text) + strlen(to) + 1);
	memcpy(out, text, (size_t)(at - text));
	strcpy(out + (at - text), to);
	strcat(out, at + strlen(from));
	return out;
}

/* Kill, let prepare damage something, start again; the compositor must flip again. */
static void restart(struct fixture *f, void (*prepare)(struct fixture *f, const void *arg),
		    const void *arg)
{
	char line[64];
	uint64_t now[SIM_WRITE_CLASSES];

	rct_kill(&f->t);
	if (prepare)
		prepare(f, arg);
	assert_int_equal(rct_start(&f->t, NULL), 0);
	f->restarts++;
	snprintf(line, sizeof(line), "flipping %u", f->restarts);
	if (!rct_wait_line(&f->t, &f->ch, line, DCT_TIMEOUT_MS))
		fail_msg("restart %u: the compositor does not flip again", f->restarts);
	rct_modeset_writes(&f->t, now);
	if (memcmp(now, f->base, sizeof(now)))
		fail_msg("restart %u: %llu timing, %llu clock, %llu encoder register writes",
			 f->restarts, (unsigned long long)(now[0] - f->base[0]),
			 (unsigned long long)(now[1] - f->base[1]),
			 (unsigned long long)(now[2] - f->base[2]));
	for (unsigned p = 0; p < RCT_PIPES; p++) {
		struct rct_pipe seen = rct_pipe_seen(&f->t, p);

		if (seen.gaps || seen.unseen)
			fail_msg("pipe %u lost frames (%u gaps, %u unseen)", p, seen.gaps,
				 seen.unseen);
	}
}

static int setup(void **state)
{
	static struct fixture f;
	const char *argv[] = {
		getenv("RECOVERY_FLIPPER"), NULL, "DP-1", "HDMI-A-1", "eDP-1", NULL
	};

	memset(&f, 0, sizeof(f));
	assert_int_equal(rct_setup(&f.t), 0);
	snprintf(f.path, sizeof(f.path), "%s/dcd-state.json", f.t.d.dir);
	assert_int_equal(rct_start(&f.t, NULL), 0);
	argv[1] = f.t.d.socket;
	assert_int_equal(rct_child_start(&f.ch, argv), 0);
	assert_true(rct_wait_line(&f.t, &f.ch, "lit", DCT_TIMEOUT_MS));
	assert_int_equal(rct_watch_begin(&f.t), 0);
	rct_modeset_writes(&f.t, f.base);
	f.good = read_all(f.path);
	assert_non_null(strstr(f.good, "\"format\":\"dcd-state\""));
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	rct_child_stop(&f->ch);
	rct_teardown(&f->t, getenv("RCT_LOG") != NULL);
	free(f->good);
	return 0;
}

struct damage {
	const char *what;
	const char *from, *to; /* a replacement in the intact file; from NULL: text is the file */
	const char *text;
	size_t len; /* of text; 0: half of the intact file */
	const char *reason;
};

static void write_damage(struct fixture *f, const void *arg)
{
	const struct damage *d = arg;

	if (d->from) {
		char *text = replaced(f->good, d->from, d->to);

		write_all(f->path, text, strlen(text));
		free(text);
	} else if (d->text) {
		write_all(f->path, d->text, d->len);
	} else {
		write_all(f->path, f->good, strlen(f->good) / 2);
	}
}

static void test_damaged_state_files(void **state)
{
	// clang-format off
	static const struct damage kinds[] = {
		{ "empty", NULL, NULL, "", 0, "empty" },
		{ "truncated", NULL, NULL, NULL, 0, "line" },
		{ "another format", "\"format\":\"dcd-state\"", "\"format\":\"kms-state\"", NULL, 0,
		  "format: \"kms-state\"" },
		{ "another version", "\"version\":1", "\"version\":7", NULL, 0,
		  "version 7, this dcd reads version 1" },
		{ "not JSON", NULL, NULL, "\x01\x02{{ garbage", 12, "line 1" },
		{ "a link the engine lacks", "\"link\":\"HDMI-A-1\"", "\"link\":\"DP-9\"", NULL, 0,
		  "outputs[1]: link \"DP-9\" does not exist on this engine" },
		{ "a link twice", "\"link\":\"eDP-1\"", "\"link\":\"DP-1\"", NULL, 0,
		  "link \"DP-1\" appears twice" },
		{ "an absurd mode", "\"hdisplay\":720", "\"hdisplay\":99999", NULL, 0,
		  "outputs[0].mode.hdisplay: 99999 is out of range 1..16384" },
		{ "an absurd address", "\"address\":", "\"address\":1125899906842624,\"x\":", NULL, 0,
		  "is out of range 0..1099511627775" },
		/* KMS leases (read on every engine, kept only by --kms) */
		{ "a KMS lease without a CRTC", "\"framebuffers\":",
		  "\"kms_leases\":[{\"id\":1,\"lessee\":5,\"name\":\"card0-DP-1\",\"uid\":0,"
		  "\"client\":\"vr\",\"outputs\":[{\"name\":\"DP-1\",\"connector\":9,"
		  "\"crtc\":0,\"primary\":7,\"cursor\":0}]}],\"framebuffers\":", NULL, 0,
		  "kms_leases[0].outputs[0].crtc: 0 is out of range 1..4294967295" },
		{ "a KMS lease with a stray key", "\"framebuffers\":",
		  "\"kms_leases\":[{\"id\":1,\"lessee\":5,\"lessor\":1}],\"framebuffers\":", NULL,
		  0, "kms_leases[0]: unknown key \"lessor\"" },
		{ "a KMS lease twice", "\"framebuffers\":",
		  "\"kms_leases\":[{\"id\":1,\"lessee\":5,\"name\":\"a\",\"uid\":0,\"client\":"
		  "\"vr\",\"outputs\":[{\"name\":\"DP-1\",\"connector\":9,\"crtc\":3,"
		  "\"primary\":7,\"cursor\":0}]},{\"id\":2,\"lessee\":5,\"name\":\"b\",\"uid\":0,"
		  "\"client\":\"vr\",\"outputs\":[{\"name\":\"DP-2\",\"connector\":8,"
		  "\"crtc\":4,\"primary\":6,\"cursor\":0}]}],\"framebuffers\":", NULL, 0,
		  "kms_leases[1]: lease 2 (lessee 5) appears twice" },
	};
	// clang-format on
	struct fixture *f = *state;

	for (unsigned i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		const struct damage *d = &kinds[i];
		char line[512];
		unsigned ignored = dct_log_count(&f->t.d, "; ignored: what the hardware shows");
		unsigned adopted = dct_log_count(&f->t.d, "as the hardware shows it");
		unsigned idle = dct_log_count(&f->t.d, "; it shows the idle configuration");

		restart(f, write_damage, d);
		snprintf(line, sizeof(line), "%s: ", f->path);
		if (dct_log_count(&f->t.d, "; ignored: what the hardware shows") != ignored + 1)
			fail_msg("%s: no line saying the state file was ignored", d->what);
		if (!dct_log_count(&f->t.d, d->reason))
			fail_msg("%s: the log does not give the reason \"%s\"", d->what, d->reason);
		if (dct_log_count(&f->t.d, "as the hardware shows it") != adopted + 3)
			fail_msg("%s: not all three outputs adopted", d->what);
		/* without the file the stored buffers cannot be placed: the idle picture
		 * (plane off, blank color, timing kept), never unmapped memory */
		if (dct_log_count(&f->t.d, "; it shows the idle configuration") != idle + 3)
			fail_msg("%s: the outputs without their buffers do not go idle", d->what);
		printf("%s: reported and ignored, 3 outputs adopted, 0 modeset writes\n", d->what);
	}
}

static void set_blank_color(struct fixture *f, const void *arg)
{
	struct sim_error err;
	struct sim *sim;

	(void)arg;
	/* the dcd is dead: the test may drive the hardware itself for a moment */
	assert_int_equal(sim_attach(f->t.d.state, &sim, &err), 0);
	dc_hw_write(sim_hw(sim), mmCRTC_BLANK_DATA_COLOR, 0x3ff); /* blue, pipe 0 */
	sim_destroy(sim);
}

static void test_hardware_wins(void **state)
{
	struct fixture *f = *state;
	const struct damage other_mode = {
		"another mode", "\"hdisplay\":720", "\"hdisplay\":704", NULL, 0, NULL
	};
	unsigned before;

	/* the file says DP-1 runs 704 pixels wide; the hardware runs 720 */
	before = dct_log_count(&f->t.d, "DP-1: mode differs: the hardware has 720x480");
	restart(f, write_damage, &other_mode);
	assert_int_equal(dct_log_count(&f->t.d, "DP-1: mode differs: the hardware has 720x480"),
			 before + 1);
	assert_true(dct_log_count(&f->t.d, "the state file 704x480") >= 1);
	assert_true(dct_log_count(&f->t.d, "DP-1: adopted 720x480") >= 1);

	/* a register changed behind dcd's back: pipe 0's blank color */
	before = dct_log_count(&f->t.d, "blank color differs: the hardware has 0x0000ff");
	restart(f, set_blank_color, NULL);
	assert_int_equal(dct_log_count(&f->t.d, "blank color differs: the hardware has 0x0000ff"),
			 before + 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_damaged_state_files),
		cmocka_unit_test(test_hardware_wins),
	};

	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, setup, teardown);
}
