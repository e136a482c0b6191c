/*
 * A real-time canary for the test programs (dct.h, dct_canary_start): a
 * process at SCHED_RR DCT_RT_CANARY, above every daemon and client of the
 * tests, that sleeps 1 ms at a time and records each wake-up more than
 * 5 ms late. Nothing in user space can hold it up: when it was late, the
 * machine itself did not run (a vCPU the host took away, the kernel's
 * real-time throttling), whatever dcd was doing. This VM reports no steal
 * time, so this is the one witness of such a stall; a missed frame's
 * explanation prints what it saw (dct_flipper_explain_gaps).
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "dct.h"

#define LATE_NS	   (5ull * 1000 * 1000)
#define MAX_EVENTS 256

struct canary_log {
	uint32_t n; /* events written, the last MAX_EVENTS kept */
	int policy; /* the canary's own, once it runs */
	struct {
		uint64_t at_ns, late_ns; /* when it should have woken, and how late it was */
	} ev[MAX_EVENTS];
};

static struct canary_log *shared;

static void run(pid_t parent)
{
	struct sched_param sp = { .sched_priority = DCT_RT_CANARY };

	/* while root may; without root it watches at normal priority */
	sched_setscheduler(0, SCHED_RR, &sp);
	dct_helper_detach(parent);
	__atomic_store_n(&shared->policy, sched_getscheduler(0), __ATOMIC_RELEASE);
	for (;;) {
		struct timespec ms = { 0, 1000000 };
		uint64_t due = dct_now_ns() + 1000000ull, now;

		nanosleep(&ms, NULL);
		now = dct_now_ns();
		if (now > due + LATE_NS) {
			uint32_t n = __atomic_load_n(&shared->n, __ATOMIC_RELAXED);

			shared->ev[n % MAX_EVENTS].at_ns = due;
			shared->ev[n % MAX_EVENTS].late_ns = now - due;
			__atomic_store_n(&shared->n, n + 1, __ATOMIC_RELEASE);
		}
	}
}

void dct_canary_start(void)
{
	pid_t parent = getpid(), pid;

	if (shared)
		return;
	shared = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1,
		      0);
	if (shared == MAP_FAILED) {
		shared = NULL;
		return;
	}
	memset(shared, 0, sizeof(*shared));
	shared->policy = -1;
	pid = fork();
	if (pid == 0)
		run(parent);
	if (pid < 0)
		fprintf(stderr, "real-time canary: %s\n", strerror(errno));
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
		fprintf(stderr, "real-time canary: woke %.1f ms late at [%llu.%06llu]%s\n",
			(double)late / 1e6, (unsigned long long)(at / 1000000000ull),
			(unsigned long long)(at % 1000000000ull / 1000),
			shared->policy == SCHED_RR
				? ": nothing in user space outranks it, the machine did not run"
				: " (not real-time: anything may have preempted it)");
		seen++;
	}
	if (!seen)
		fprintf(stderr, "real-time canary: never more than 5 ms late then (%s)\n",
			shared->policy == SCHED_RR ? "SCHED_RR above every test process"
						   : "not real-time");
}
