/*
 * keep-cpus-awake [STALL_FILE]: dct_keep_cpus_awake (dct_awake.c) for the
 * tests that are shell scripts: one SCHED_IDLE busy loop per CPU while
 * this program runs. With STALL_FILE also the real-time canary
 * (dct_canary.c): at each SIGUSR1 it writes there the stalls of the
 * machine itself it saw since it started, "STALLS MS" (their count and
 * their total in ms), for a frame-rate check to tell them from dcd's
 * (check_fps in tests/client/dcd-env.sh). It ends, and its helpers with
 * it, when its parent (the script) does or when it is killed.
 */
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "dct.h"

static volatile sig_atomic_t asked;

static void on_usr1(int sig)
{
	(void)sig;
	asked = 1;
}

static void write_stalls(const char *path, uint64_t since)
{
	unsigned stalls = 0;
	uint64_t ns = dct_canary_stalled_sum_ns(since, dct_now_ns(), &stalls);
	char tmp[4096];
	FILE *f;

	/* whole or not at all: the script reads it as soon as it appears */
	snprintf(tmp, sizeof(tmp), "%s.new", path);
	f = fopen(tmp, "we");
	if (!f)
		return;
	fprintf(f, "%u %.1f\n", stalls, (double)ns / 1e6);
	if (fclose(f) == 0)
		rename(tmp, path);
}

int main(int argc, char **argv)
{
	pid_t parent = getppid();
	uint64_t since = dct_now_ns();

	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		return 0;
	signal(SIGUSR1, on_usr1);
	dct_keep_cpus_awake();
	if (argc > 1)
		dct_canary_start();
	for (;;) {
		pause();
		if (asked && argc > 1)
			write_stalls(argv[1], since);
		asked = 0;
	}
}
