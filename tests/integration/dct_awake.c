/*
 * Keeping the machine's CPUs out of their idle halt while real-time tests
 * run: see dct_keep_cpus_awake in dct.h.
 *
 * Measured on the two-vCPU virtual machines make check runs on: a thread
 * sleeping 1 ms at a time woke up to 19 ms late on an idle machine (7
 * wake-ups over 5 ms in 30 s, none by a process of ours: the vCPU had
 * halted and the host took that long to run it again). A frame is
 * 16.7 ms, so the hotplug storm missed frames with dcd doing nothing
 * (2 gaps of 10 and 7 frames in one run, the recovery test's flip-done
 * events up to 12 ms late). With a SCHED_IDLE spinner on each CPU the
 * same thread woke at most 4.8 ms late in 30 s: the vCPU never halts, and
 * any runnable task preempts a SCHED_IDLE one at once. Silicon's idle
 * states wake in microseconds; the spinners take nothing from the tests'
 * processes, only the host's chance to park a vCPU.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "dct.h"

/* The machine's steal time in ms, all CPUs (/proc/stat: USER_HZ ticks); -1: unknown. */
static long long steal_ms(void)
{
	unsigned long long v[8];
	FILE *f = fopen("/proc/stat", "r");
	int n;

	if (!f)
		return -1;
	n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
		   &v[4], &v[5], &v[6], &v[7]);
	fclose(f);
	return n == 8 ? (long long)(v[7] * 1000 / (unsigned long long)sysconf(_SC_CLK_TCK)) : -1;
}

static long long steal_at_start = -1;

void dct_print_steal(void)
{
	long long now = steal_ms();

	if (now >= 0 && steal_at_start >= 0)
		fprintf(stderr, "the machine's steal time since the test began: %lld ms\n",
			now - steal_at_start);
}

void dct_helper_detach(pid_t parent)
{
	int null = open("/dev/null", O_RDWR);

	/* Nobody first: a change of credentials clears the death signal. */
	dct_become_nobody();
	/* Gone with the test program, however it ends. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(0);
	/* Nothing of the test's: a pipe meson reads must not stay open here. */
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
	}
	for (int fd = 3; fd < 1024; fd++)
		close(fd);
}

static void spin_on(pid_t parent, int cpu)
{
	struct sched_param sp = { .sched_priority = 0 };
	cpu_set_t set;

	dct_helper_detach(parent);
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0 ||
	    sched_setscheduler(0, SCHED_IDLE, &sp) < 0)
		_exit(1);
	for (;;) {
		/* spin: any runnable task on this CPU preempts a SCHED_IDLE one */
	}
}

int dct_fork_per_cpu(const char *what, void (*helper)(pid_t parent, int cpu))
{
	pid_t parent = getpid();
	cpu_set_t set;
	int forked = 0;

	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return 0;
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		pid_t pid;

		if (!CPU_ISSET(cpu, &set))
			continue;
		pid = fork();
		if (pid == 0) {
			helper(parent, cpu);
			_exit(0);
		}
		if (pid < 0) {
			fprintf(stderr, "%s on CPU %d: %s\n", what, cpu, strerror(errno));
			continue;
		}
		forked++;
	}
	return forked;
}

void dct_keep_cpus_awake(void)
{
	static bool started;

	if (started)
		return;
	started = true;
	steal_at_start = steal_ms();
	dct_fork_per_cpu("keeping awake", spin_on);
}
