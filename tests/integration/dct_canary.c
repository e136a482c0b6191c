/*
 * A real-time canary for the test programs (dct.h, dct_canary_start): one
 * process per CPU, pinned to it, at SCHED_RR DCT_RT_CANARY, above every
 * daemon and client of the tests. Each sleeps 1 ms at a time and records
 * each wake-up more than 5 ms late. Nothing in user space can hold one
 * up: when it was late, its CPU did not run it (a vCPU the host took
 * away, or the kernel's real-time throttling), whatever dcd was doing.
 * This VM reports no steal time, so this is the one witness of such a
 * stall.
 *
 * A missed frame is then not dcd's when the machine stood still over it
 * (dct_canary_stalled_ns, dct_flipper_dcd_gaps). Throttling is told apart from the host:
 * the kernel throttles real-time tasks of one CPU for the rest of its
 * period, at most sched_rt_period_us - sched_rt_runtime_us (50 ms by
 * default), and only a CPU that ran real-time tasks for nearly the whole
 * period. A late wake-up longer than that, or one every CPU's canary
 * shares, is the machine. A dcd that ran away would show as a throttled
 * CPU, late less than that, on its own: never an excuse.
 */
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "dct.h"

#define LATE_NS	   (5ull * 1000 * 1000)
#define MAX_EVENTS 256

struct canary_log {
	uint32_t n;    /* events written, the last MAX_EVENTS kept */
	int cpus;      /* canaries started, one per CPU */
	int real_time; /* canaries that run at SCHED_RR */
	struct {
		uint64_t at_ns, late_ns; /* when it should have woken, and how late it was */
		int cpu;
	} ev[MAX_EVENTS];
};

static struct canary_log *shared;

static void run(pid_t parent, int cpu)
{
	struct sched_param sp = { .sched_priority = DCT_RT_CANARY };
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	/* while root may; without root it watches at normal priority */
	sched_setscheduler(0, SCHED_RR, &sp);
	dct_helper_detach(parent);
	if (sched_setaffinity(0, sizeof(set), &set) < 0)
		_exit(1);
	if (sched_getscheduler(0) == SCHED_RR)
		__atomic_fetch_add(&shared->real_time, 1, __ATOMIC_RELEASE);
	for (;;) {
		struct timespec ms = { 0, 1000000 };
		uint64_t due = dct_now_ns() + 1000000ull, now;

		nanosleep(&ms, NULL);
		now = dct_now_ns();
		if (now > due + LATE_NS) {
			/* a slot of its own: the canaries of the other CPUs write too */
			uint32_t i =
				__atomic_fetch_add(&shared->n, 1, __ATOMIC_ACQ_REL) % MAX_EVENTS;

			shared->ev[i].at_ns = due;
			shared->ev[i].late_ns = now - due;
			shared->ev[i].cpu = cpu;
			__atomic_thread_fence(__ATOMIC_RELEASE);
		}
	}
}

void dct_canary_start(void)
{
	if (shared)
		return;
	shared = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1,
		      0);
	if (shared == MAP_FAILED) {
		shared = NULL;
		return;
	}
	memset(shared, 0, sizeof(*shared));
	shared->cpus = dct_fork_per_cpu("real-time canary", run);
}

static bool all_real_time(void)
{
	return shared->cpus &&
	       __atomic_load_n(&shared->real_time, __ATOMIC_ACQUIRE) == shared->cpus;
}

/* A number from a sysctl file; false when it cannot be read. */
static bool read_sysctl(const char *path, long long *v)
{
	FILE *f = fopen(path, "re");
	bool ok = f && fscanf(f, "%lld", v) == 1;

	if (f)
		fclose(f);
	return ok;
}

/*
 * The longest the kernel's real-time throttling holds a CPU's real-time
 * tasks: period - runtime; 0 with runtime -1 (never throttled). Unreadable,
 * a whole second, which no stall the tests excuse reaches.
 */
static uint64_t throttle_max_ns(void)
{
	long long period, runtime;

	if (!read_sysctl("/proc/sys/kernel/sched_rt_period_us", &period) ||
	    !read_sysctl("/proc/sys/kernel/sched_rt_runtime_us", &runtime) || period <= 0)
		return 1000000000ull;
	if (runtime < 0)
		return 0;
	return (uint64_t)(period - (runtime < period ? runtime : period)) * 1000ull;
}

static bool overlaps(uint64_t a0, uint64_t a1, uint64_t b0, uint64_t b1)
{
	return a0 <= b1 && b0 <= a1;
}

/* Every other CPU's canary was late at some time within [from, to]. */
static bool every_cpu_late(uint32_t first, uint32_t n, int cpu, uint64_t from, uint64_t to)
{
	int seen = 1;
	bool counted[CPU_SETSIZE] = { false };

	counted[cpu] = true;
	for (uint32_t i = first; i < n; i++) {
		int c = shared->ev[i % MAX_EVENTS].cpu;
		uint64_t at = shared->ev[i % MAX_EVENTS].at_ns;

		if (c < 0 || c >= CPU_SETSIZE || counted[c] ||
		    !overlaps(at, at + shared->ev[i % MAX_EVENTS].late_ns, from, to))
			continue;
		counted[c] = true;
		seen++;
	}
	return seen >= shared->cpus;
}

/* Whether event i is the machine's: every CPU late at once, or longer than throttling. */
static bool machine_event(uint32_t first, uint32_t n, uint32_t i, uint64_t throttle)
{
	uint64_t at = shared->ev[i % MAX_EVENTS].at_ns, late = shared->ev[i % MAX_EVENTS].late_ns;

	return late > throttle ||
	       every_cpu_late(first, n, shared->ev[i % MAX_EVENTS].cpu, at, at + late);
}

static int by_start(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The machine's stalls overlapping [from_ns, to_ns] as intervals, in order of start. */
static unsigned machine_stalls(uint64_t from_ns, uint64_t to_ns, uint64_t iv[MAX_EVENTS][2])
{
	uint64_t throttle = throttle_max_ns();
	uint32_t n, first;
	unsigned k = 0;

	if (!shared || !all_real_time())
		return 0;
	n = __atomic_load_n(&shared->n, __ATOMIC_ACQUIRE);
	first = n > MAX_EVENTS ? n - MAX_EVENTS : 0;
	for (uint32_t i = first; i < n; i++) {
		uint64_t at = shared->ev[i % MAX_EVENTS].at_ns,
			 late = shared->ev[i % MAX_EVENTS].late_ns;

		if (overlaps(at, at + late, from_ns, to_ns) &&
		    machine_event(first, n, i, throttle)) {
			iv[k][0] = at;
			iv[k][1] = at + late;
			k++;
		}
	}
	qsort(iv, k, sizeof(iv[0]), by_start);
	return k;
}

uint64_t dct_canary_stalled_ns(uint64_t from_ns, uint64_t to_ns)
{
	uint64_t iv[MAX_EVENTS][2], longest = 0;
	unsigned k = machine_stalls(from_ns, to_ns, iv);

	for (unsigned a = 0; a < k; a++)
		if (iv[a][1] - iv[a][0] > longest)
			longest = iv[a][1] - iv[a][0];
	return longest;
}

uint64_t dct_canary_stalled_sum_ns(uint64_t from_ns, uint64_t to_ns, unsigned *stalls)
{
	uint64_t iv[MAX_EVENTS][2], sum = 0, cur0 = 0, cur1 = 0;
	unsigned k = machine_stalls(from_ns, to_ns, iv);

	/* the CPUs' records of one stall overlap: their union */
	*stalls = 0;
	for (unsigned a = 0; a < k; a++) {
		if (a && iv[a][0] <= cur1) {
			if (iv[a][1] > cur1)
				cur1 = iv[a][1];
			continue;
		}
		if (a)
			sum += cur1 - cur0;
		cur0 = iv[a][0];
		cur1 = iv[a][1];
		(*stalls)++;
	}
	if (k)
		sum += cur1 - cur0;
	return sum;
}

void dct_canary_print(uint64_t from_ns, uint64_t to_ns)
{
	uint32_t n, seen = 0;

	if (!shared)
		return;
	n = __atomic_load_n(&shared->n, __ATOMIC_ACQUIRE);
	for (uint32_t i = n > MAX_EVENTS ? n - MAX_EVENTS : 0; i < n; i++) {
		uint64_t at = shared->ev[i % MAX_EVENTS].at_ns,
			 late = shared->ev[i % MAX_EVENTS].late_ns;

		if (at + late < from_ns || at > to_ns)
			continue;
		fprintf(stderr,
			"real-time canary on CPU %d: woke %.1f ms late at [%llu.%06llu]%s\n",
			shared->ev[i % MAX_EVENTS].cpu, (double)late / 1e6,
			(unsigned long long)(at / 1000000000ull),
			(unsigned long long)(at % 1000000000ull / 1000),
			all_real_time()
				? ": nothing in user space outranks it, its CPU did not run it"
				: " (not real-time: anything may have preempted it)");
		seen++;
	}
	if (!seen)
		fprintf(stderr, "real-time canary: never more than 5 ms late then (%s)\n",
			all_real_time() ? "SCHED_RR above every test process, on every CPU"
					: "not real-time");
}
