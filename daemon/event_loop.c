/*
 * dcd's event loop, timed. One dispatch long enough to cost a frame is
 * logged with where its time went: on the CPU, asleep (a bus wait, a
 * blocking call) or runnable but not running (preempted, or the machine
 * itself stalled). A test that sees a missed frame prints dcd's log; these
 * lines tell dcd's own stalls from the machine's.
 */
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "event_loop.h"
#include "log.h"

struct dispatch_cost {
	uint64_t wall_ns, cpu_ns;
	long sleeps, preemptions;
};

static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void cost_begin(struct dispatch_cost *c)
{
	struct rusage ru;

	getrusage(RUSAGE_THREAD, &ru);
	c->wall_ns = dcd_now_ns();
	c->cpu_ns = thread_cpu_ns();
	c->sleeps = ru.ru_nvcsw;
	c->preemptions = ru.ru_nivcsw;
}

static void cost_end(struct dispatch_cost *c)
{
	struct rusage ru;

	getrusage(RUSAGE_THREAD, &ru);
	c->wall_ns = dcd_now_ns() - c->wall_ns;
	c->cpu_ns = thread_cpu_ns() - c->cpu_ns;
	c->sleeps = ru.ru_nvcsw - c->sleeps;
	c->preemptions = ru.ru_nivcsw - c->preemptions;
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
	struct dispatch_cost c;
	int r;

	cost_begin(&c);
	r = sd_event_dispatch(e);
	cost_end(&c);
	if (c.wall_ns >= DCD_SLOW_DISPATCH_NS)
		log_ratelimited(c.wall_ns >= STALL_NS ? &rl->stalled : &rl->slow, LOG_INFO,
				"event loop: one dispatch took %.1f ms: %.1f ms on the CPU, "
				"%ld sleeps, %ld preemptions",
				(double)c.wall_ns / 1e6, (double)c.cpu_ns / 1e6, c.sleeps,
				c.preemptions);
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
