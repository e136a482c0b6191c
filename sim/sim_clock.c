/*
 * Time: the virtual clock or CLOCK_MONOTONIC, the event loop that runs the
 * engine blocks up to a point in time in the right order, the interrupt
 * eventfd and the timerfd of the real-time mode.
 *
 * Blocks are synchronised lazily: each one can bring itself up to any time
 * in O(1) (a CRTC computes frame counts and status bits from elapsed pixels)
 * and only events that affect another block or the history (a PLL locking, a
 * flip latching, a transaction completing, an HPD line or filter change) are
 * processed one by one, in time order.
 */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "sim_internal.h"

uint64_t sim_muldiv(uint64_t a, uint64_t b, uint64_t c)
{
	sim_u128 p = (sim_u128)a * b;

	return c ? (uint64_t)(p / c) : UINT64_MAX;
}

uint64_t sim_muldiv_up(uint64_t a, uint64_t b, uint64_t c)
{
	sim_u128 p = (sim_u128)a * b;

	return c ? (uint64_t)((p + c - 1) / c) : UINT64_MAX;
}

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t sim_clock_now(struct sim *sim)
{
	return sim->st->real_time ? monotonic_ns() : sim->st->now_ns;
}

uint64_t sim_now_ns(struct sim *sim)
{
	return sim_clock_now(sim);
}

bool sim_is_virtual(struct sim *sim)
{
	return !sim->st->real_time;
}

static uint64_t min64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* Events that must be processed one at a time, in order. */
static uint64_t next_ordered_event(struct sim *sim)
{
	struct sim_state *st = sim->st;
	uint64_t next = sim_pll_next_event(sim);

	for (unsigned i = 0; i < DCE110_MAX_HPDS; i++)
		next = min64(next, sim_hpd_next_event(sim, i));
	next = min64(next, sim_i2c_next_event(sim));
	for (unsigned i = 0; i < DCE110_MAX_AUXES; i++)
		next = min64(next, sim_aux_next_event(sim, i));
	for (unsigned i = 0; i < st->ncrtc_regs; i++)
		next = min64(next, sim_crtc_next_event(sim, i));
	return next;
}

static void sync_all(struct sim *sim, uint64_t t)
{
	struct sim_state *st = sim->st;

	sim_pll_sync(sim, t);
	for (unsigned i = 0; i < DCE110_MAX_HPDS; i++)
		sim_hpd_sync(sim, i, t);
	sim_i2c_sync(sim, t);
	for (unsigned i = 0; i < DCE110_MAX_AUXES; i++)
		sim_aux_sync(sim, i, t);
	for (unsigned i = 0; i < st->ncrtc_regs; i++)
		sim_crtc_sync(sim, i, t);
	st->synced_ns = t;
}

void sim_run_until(struct sim *sim, uint64_t t)
{
	struct sim_state *st = sim->st;

	if (t < st->synced_ns)
		t = st->synced_ns;
	for (;;) {
		uint64_t next = next_ordered_event(sim);

		if (next > t)
			break;
		sync_all(sim, next);
	}
	sync_all(sim, t);
	sim_update_irq(sim);
}

void sim_sync(struct sim *sim)
{
	sim_run_until(sim, sim_clock_now(sim));
}

int sim_advance(struct sim *sim, uint64_t ns)
{
	struct sim_state *st = sim->st;

	if (st->real_time)
		return -EPERM;
	st->now_ns += ns;
	sim_run_until(sim, st->now_ns);
	return 0;
}

uint64_t sim_next_event(struct sim *sim)
{
	struct sim_state *st = sim->st;
	uint64_t next = next_ordered_event(sim);

	/* Vertical interrupts and the like are computed lazily, but an owner
	 * waiting for them has to be woken up. */
	for (unsigned i = 0; i < st->ncrtc_regs; i++)
		next = min64(next, sim_crtc_next_wake(sim, i));
	return next;
}

static bool irq_pending(struct sim *sim)
{
	struct sim_state *st = sim->st;
	bool rx;

	for (unsigned i = 0; i < DCE110_MAX_HPDS; i++)
		if (sim_hpd_irq_pending(sim, i, &rx))
			return true;
	for (unsigned i = 0; i < st->ncrtc_regs; i++)
		if (sim_crtc_irq_pending(sim, i))
			return true;
	if (sim_i2c_irq_pending(sim))
		return true;
	for (unsigned i = 0; i < DCE110_MAX_AUXES; i++)
		if (sim_aux_irq_pending(sim, i))
			return true;
	return false;
}

/*
 * The eventfd follows the level: written when it rises, read when it falls,
 * so it is empty whenever irq_level is false. Forced (irq_rearm) while the
 * level stays high, the owner may have drained it: then poll first.
 */
static void set_irq_level(struct sim *sim, bool level, bool force)
{
	uint64_t v = 1;
	ssize_t n;

	if (level == sim->irq_level && !(force && level))
		return;
	if (level) {
		struct pollfd pfd = { .fd = sim->irq_fd, .events = POLLIN };

		if (!sim->irq_level || poll(&pfd, 1, 0) <= 0 || !(pfd.revents & POLLIN))
			n = write(sim->irq_fd, &v, sizeof(v));
	} else {
		n = read(sim->irq_fd, &v, sizeof(v));
	}
	(void)n;
	sim->irq_level = level;
}

void sim_update_irq(struct sim *sim)
{
	set_irq_level(sim, irq_pending(sim), false);
	sim_ih_update(sim);
}

/* Interrupt line re-check after the owner drained the eventfd and acked. */
void sim_irq_rearm(struct sim *sim)
{
	set_irq_level(sim, irq_pending(sim), true);
	sim_ih_update(sim);
}

void sim_rearm_timer(struct sim *sim)
{
	struct itimerspec its = { 0 };
	uint64_t next;

	if (sim->timer_fd < 0)
		return;
	next = sim_next_event(sim);
	/* Every register write re-arms: a syscall only when the time changes. */
	if (next == sim->timer_armed_ns)
		return;
	sim->timer_armed_ns = next;
	if (next != UINT64_MAX) {
		if (next == 0)
			next = 1;
		its.it_value.tv_sec = (time_t)(next / 1000000000ull);
		its.it_value.tv_nsec = (long)(next % 1000000000ull);
	}
	timerfd_settime(sim->timer_fd, TFD_TIMER_ABSTIME, &its, NULL);
}

int sim_timer_fd(struct sim *sim)
{
	return sim->timer_fd;
}

int sim_irq_fd(struct sim *sim)
{
	return sim->irq_fd;
}

int sim_dispatch(struct sim *sim)
{
	uint64_t expirations;
	ssize_t n;

	if (sim->timer_fd >= 0) {
		n = read(sim->timer_fd, &expirations, sizeof(expirations));
		if (n < 0 && errno != EAGAIN)
			return -errno;
		sim->timer_armed_ns = 0; /* expired: whatever comes next is armed anew */
	}
	/*
	 * sim_sync brings the level up to date (a write when it rises). Not
	 * sim_irq_rearm: an owner that drains the eventfd calls irq_rearm
	 * itself, and the poll a forced re-check costs was a system call at
	 * every vblank latch (docs/performance.md, scale_6x).
	 */
	sim_sync(sim);
	sim_rearm_timer(sim);
	return 0;
}
