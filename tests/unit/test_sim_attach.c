/*
 * Re-attaching to a simulator's state file (what a restarted dcd does):
 * the hardware continues, the per-class write counters continue and are
 * seen through a sim_view, and damaged files are refused with a sentence
 * naming the file and what is wrong: empty, truncated, another format
 * version, a connector wired to an encoder the ASIC lacks, a history ring
 * position past its end, a running pipe without a clock, and hardware of
 * another boot. Never a crash (the sanitizer build runs this too).
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "sim_state.h"
#include "sim_test_util.h"

struct fixture {
	char dir[64];
	char path[96];
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	snprintf(f->dir, sizeof(f->dir), "/tmp/sim-attach-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->path, sizeof(f->path), "%s/sim-state", f->dir);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	unlink(f->path);
	rmdir(f->dir);
	free(f);
	return 0;
}

/* A virtual-time engine in the file with pipe 0 running 1080p60 on PLL 0. */
static void make_engine(const char *path)
{
	struct sim_options opts = { .clock = SIM_CLOCK_VIRTUAL,
				    .state_path = path,
				    .scenario_json = st_no_vbios_default() };
	struct sim_error err;
	struct sim *sim;

	assert_int_equal(sim_create(&opts, &sim, &err), 0);
	st_pll_program(sim_hw(sim), 0, 1, 44, 8);
	st_crtc_program(sim_hw(sim), 0, 0, 2200, 1920, 1125, 1080);
	sim_advance(sim, 50000000);
	sim_destroy(sim);
}

/* The state file mapped writable, to damage it as a test. */
static struct sim_state *map_file(const char *path)
{
	int fd = open(path, O_RDWR);
	struct stat sb;
	void *p;

	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &sb), 0);
	p = mmap(NULL, (size_t)sb.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	assert_true(p != MAP_FAILED);
	return p;
}

static void unmap_file(struct sim_state *st)
{
	munmap(st, (sizeof(*st) + 4095) & ~(size_t)4095);
}

static void test_counters_survive_attach(void **state)
{
	struct fixture *f = *state;
	uint64_t timing, clock, encoder, frames_before;
	struct sim_frame hist[4];
	struct sim_error err;
	struct sim_view *view;
	struct sim *sim;
	int n;

	make_engine(f->path);
	assert_int_equal(sim_view_open(f->path, &view, &err), 0);
	timing = sim_view_write_count(view, SIM_WRITES_TIMING);
	clock = sim_view_write_count(view, SIM_WRITES_CLOCK);
	encoder = sim_view_write_count(view, SIM_WRITES_ENCODER);
	/* the CRTC programming and the PLL dividers, no encoder */
	assert_true(timing >= 6);
	assert_true(clock >= 5);
	assert_int_equal(encoder, 0);
	assert_int_equal(sim_view_write_count(view, SIM_WRITE_CLASSES), 0);
	n = sim_view_history(view, 0, hist, 4);
	assert_true(n > 0);
	frames_before = hist[n - 1].frame;

	assert_int_equal(sim_attach(f->path, &sim, &err), 0);
	assert_int_equal(sim_write_count(sim, SIM_WRITES_TIMING), timing);
	/* the pipe kept running; reads, interrupt and surface writes are in no class */
	assert_true(sim_view_pipe_running(view, 0));
	(void)dc_hw_read(sim_hw(sim), mmCRTC_STATUS_POSITION);
	dc_hw_write(sim_hw(sim), mmCRTC_V_UPDATE_INT_STATUS,
		    CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_CLEAR_MASK);
	dc_hw_write(sim_hw(sim), mmGRPH_PRIMARY_SURFACE_ADDRESS, 0x100000);
	dc_hw_write(sim_hw(sim), mmCRTC_BLANK_CONTROL, 0);
	sim_advance(sim, 20000000);
	assert_int_equal(sim_write_count(sim, SIM_WRITES_TIMING), timing);
	assert_int_equal(sim_write_count(sim, SIM_WRITES_CLOCK), clock);
	n = sim_view_history(view, 0, hist, 4);
	assert_true(n > 0 && hist[n - 1].frame > frames_before);
	/* a timing write and an encoder write count, in the file */
	dc_hw_write(sim_hw(sim), mmCRTC_V_TOTAL, 1124);
	dc_hw_write(sim_hw(sim), mmDIG_FE_CNTL, 0);
	assert_int_equal(sim_view_write_count(view, SIM_WRITES_TIMING), timing + 1);
	assert_int_equal(sim_view_write_count(view, SIM_WRITES_ENCODER), 1);
	sim_destroy(sim);
	sim_view_close(view);
}

/* Attaching fails with -expect and a message holding each of the words. */
static void expect_refused(const char *path, int expect, const char *word1, const char *word2)
{
	struct sim_error err = { "" };
	struct sim *sim = (struct sim *)1;

	assert_int_equal(sim_attach(path, &sim, &err), expect);
	assert_null(sim);
	if (!strstr(err.msg, path) || !strstr(err.msg, word1) || (word2 && !strstr(err.msg, word2)))
		fail_msg("message \"%s\" lacks \"%s\" / \"%s\"", err.msg, word1,
			 word2 ? word2 : "");
}

static void test_damaged_files_refused(void **state)
{
	struct fixture *f = *state;
	struct sim_state *st;
	int fd;

	/* empty and truncated */
	fd = open(f->path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	close(fd);
	expect_refused(f->path, -EINVAL, "size 0", NULL);
	make_engine(f->path);
	assert_int_equal(truncate(f->path, 8192), 0);
	expect_refused(f->path, -EINVAL, "size 8192", NULL);

	/* another version */
	make_engine(f->path);
	st = map_file(f->path);
	st->version = 1;
	unmap_file(st);
	expect_refused(f->path, -EINVAL, "version 1", NULL);

	/* a connector wired to an encoder Carrizo does not have */
	make_engine(f->path);
	st = map_file(f->path);
	st->cfg.connectors[1].dig = 200;
	unmap_file(st);
	expect_refused(f->path, -EINVAL, "damaged", "encoder 200");

	/* a history position past the ring */
	make_engine(f->path);
	st = map_file(f->path);
	st->crtc[0].hist_next = SIM_HISTORY + 5;
	unmap_file(st);
	expect_refused(f->path, -EINVAL, "damaged", "pipe 0: history position");

	/* a running pipe without a clock */
	make_engine(f->path);
	st = map_file(f->path);
	st->crtc[0].hz_den = 0;
	unmap_file(st);
	expect_refused(f->path, -EINVAL, "damaged", "pipe 0 runs");

	/* hardware of another boot */
	make_engine(f->path);
	st = map_file(f->path);
	memcpy(st->boot_id, "00000000-0000-0000-0000-000000000000", 37);
	unmap_file(st);
	expect_refused(f->path, -ESTALE, "another boot", "00000000-0000");

	/* and the intact file attaches */
	make_engine(f->path);
	{
		struct sim_error err;
		struct sim *sim;

		assert_int_equal(sim_attach(f->path, &sim, &err), 0);
		sim_destroy(sim);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_counters_survive_attach, setup, teardown),
		cmocka_unit_test_setup_teardown(test_damaged_files_refused, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
