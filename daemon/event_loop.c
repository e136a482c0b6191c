/*
 * dcd's event loop, timed. One dispatch long enough to cost a frame is
 * logged with where its time went: on the CPU, asleep (a bus wait, a
 * blocking call) or runnable but not running (preempted, or the machine
 * itself stalled). A test that sees a missed frame prints dcd's log; these
 * lines tell dcd's own stalls from the machine's.
 */
#include <sys/resource.h>

#include "event_loop.h"
#include "log.h"

struct dispatch_cost {
	uint64_t wall_ns, cpu_ns;
	long sleeps, preemptions;
};

/* The thread's CPU time, user and system, from the same call as its switches. */
static uint64_t cpu_ns(const struct rusage *ru)
{
	return ((uint64_t)ru->ru_utime.tv_sec + (uint64_t)ru->ru_stime.tv_sec) * 1000000000ull +
	       ((uint64_t)ru->ru_utime.tv_usec + (uint64_t)ru->ru_stime.tv_usec) * 1000ull;
}

/* One getrusage per end of a dispatch (a dispatch serves every flip: no more than that). */
static void sample(struct dispatch_cost *c)
{
	struct rusage ru;

	getrusage(RUSAGE_THREAD, &ru);
	c->wall_ns = dcd_now_ns();
	c->cpu_ns = cpu_ns(&ru);
	c->sleeps = ru.ru_nvcsw;
	c->preemptions = ru.ru_nivcsw;
}

/*
 * Two rate limits: a hotplug storm's DDC reads (24 ms each, other outputs
 * served meanwhile by the bus wait) fill the first; a dispatch of two
 * frames or more, the kind that costs frames, must not go unsaid behind
 * them.
 */
struct loop_limits {
	struct dcd_ratelimit slow, stalled;
};

#define STALL_NS (2 * 16700000ull)

static int dispatch_timed(sd_event *e, struct loop_limits *rl)
{
	struct dispatch_cost a, b;
	uint64_t wall_ns;
	int r;

	sample(&a);
	r = sd_event_dispatch(e);
	sample(&b);
	wall_ns = b.wall_ns - a.wall_ns;
	if (wall_ns >= DCD_SLOW_DISPATCH_NS)
		log_ratelimited(wall_ns >= STALL_NS ? &rl->stalled : &rl->slow, LOG_INFO,
				"event loop: one dispatch took %.1f ms: %.1f ms on the CPU, "
				"%ld sleeps, %ld preemptions",
				(double)wall_ns / 1e6, (double)(b.cpu_ns - a.cpu_ns) / 1e6,
				b.sleeps - a.sleeps, b.preemptions - a.preemptions);
	return r;
}

int dcd_event_loop_run(sd_event *e)
{
	struct loop_limits rl = { DCD_RATELIMIT_INIT(1000, 10), DCD_RATELIMIT_INIT(1000, 10) };
	int r;

	while (sd_event_get_state(e) != SD_EVENT_FINISHED) {
		r = sd_event_prepare(e);
		if (r == 0)
			r = sd_event_wait(e, UINT64_MAX);
		if (r > 0)
			r = dispatch_timed(e, &rl);
		if (r < 0)
			return r;
	}
	r = 0;
	sd_event_get_exit_code(e, &r);
	return r;
}
