/*
 * dce110_tg_position against a fake CRTC that scans at exactly one pixel
 * per 10 ns: the time it reports must be the time of the position it
 * reports, also when the reading thread is held up between the clock and
 * the register (a preempted daemon) or a frame ends between the counter
 * and the position.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "dc_hw.h"
#include "dce110.h"
#include "dce110_regs.h"

#define NS_PER_PX 10
#define HTOTAL	  1000
#define VTOTAL	  500
#define FRAME_PX  ((uint64_t)HTOTAL * VTOTAL)

struct fake_crtc {
	struct dc_hw base;
	uint64_t now;
	/* each clock read costs this much */
	uint64_t clock_cost;
	/* before the n-th position read (1-based), the clock jumps by stall[n] */
	uint64_t stall[16];
	unsigned position_reads;
};

static struct fake_crtc *to_fake(struct dc_hw *hw)
{
	return (struct fake_crtc *)((char *)hw - offsetof(struct fake_crtc, base));
}

static uint32_t fake_read(struct dc_hw *hw, uint32_t reg)
{
	struct fake_crtc *f = to_fake(hw);
	uint64_t px;

	if (reg == mmCRTC_STATUS_POSITION) {
		f->position_reads++;
		if (f->position_reads < 16)
			f->now += f->stall[f->position_reads];
	}
	px = f->now / NS_PER_PX;
	switch (reg) {
	case mmCRTC_STATUS_FRAME_COUNT:
		return (uint32_t)(px / FRAME_PX) & 0xffffff;
	case mmCRTC_STATUS_POSITION:
		return DC_FIELD(CRTC_STATUS_POSITION, CRTC_VERT_COUNT, px % FRAME_PX / HTOTAL) |
		       DC_FIELD(CRTC_STATUS_POSITION, CRTC_HORZ_COUNT, px % HTOTAL);
	case mmCRTC_CONTROL:
		return CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK;
	default:
		return 0;
	}
}

static void fake_write(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	(void)hw, (void)reg, (void)value;
}

static uint64_t fake_now(struct dc_hw *hw)
{
	struct fake_crtc *f = to_fake(hw);

	f->now += f->clock_cost;
	return f->now;
}

static void fake_delay(struct dc_hw *hw, uint64_t ns)
{
	to_fake(hw)->now += ns;
}

static const struct dc_hw_ops fake_ops = {
	.read32 = fake_read,
	.write32 = fake_write,
	.now_ns = fake_now,
	.delay_ns = fake_delay,
};

/* Nanoseconds between the reported time and the reported position's time. */
static int64_t position_error(const struct dce110_tg_position *p)
{
	uint64_t px = p->frame * FRAME_PX + (uint64_t)p->v * HTOTAL + p->h;

	return (int64_t)p->t_ns - (int64_t)(px * NS_PER_PX);
}

static void fake_init(struct fake_crtc *f, uint64_t now)
{
	*f = (struct fake_crtc){ .base.ops = &fake_ops, .now = now, .clock_cost = 200 };
}

static void undisturbed_read_is_exact(void **state)
{
	struct fake_crtc f;
	struct dce110_tg_position p;

	fake_init(&f, 3 * FRAME_PX * NS_PER_PX + 123456);
	dce110_tg_position(&f.base, 0, &p);
	assert_int_equal(p.frame, 3);
	assert_true(p.running);
	assert_true(llabs(position_error(&p)) <= 200);
	assert_int_equal(f.position_reads, 1);
}

static void stalled_read_is_repeated(void **state)
{
	struct fake_crtc f;
	struct dce110_tg_position p;

	/* held up 300 us between the clock and the register, twice */
	fake_init(&f, 7 * FRAME_PX * NS_PER_PX + 5000);
	f.stall[1] = 300000;
	f.stall[2] = 300000;
	dce110_tg_position(&f.base, 0, &p);
	assert_int_equal(f.position_reads, 3);
	assert_true(llabs(position_error(&p)) <= 200);
}

static void always_stalled_keeps_the_tightest(void **state)
{
	struct fake_crtc f;
	struct dce110_tg_position p;

	/* every read is held up, the fourth least: its midpoint is 6 us off */
	fake_init(&f, 11 * FRAME_PX * NS_PER_PX);
	for (unsigned i = 1; i < 16; i++)
		f.stall[i] = 50000 + 1000 * i;
	f.stall[4] = 12000;
	dce110_tg_position(&f.base, 0, &p);
	assert_true(f.position_reads >= 4);
	assert_true(llabs(position_error(&p)) <= 6200);
	assert_true(llabs(position_error(&p)) >= 5800);
}

static void frame_boundary_is_read_again(void **state)
{
	struct fake_crtc f;
	struct dce110_tg_position p;

	/* 300 ns before frame 5 ends: the first counter read sees frame 4 */
	fake_init(&f, 5 * FRAME_PX * NS_PER_PX - 300);
	dce110_tg_position(&f.base, 0, &p);
	assert_int_equal(p.frame, 5);
	assert_true(f.position_reads >= 2);
	assert_true(llabs(position_error(&p)) <= 200);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(undisturbed_read_is_exact),
		cmocka_unit_test(stalled_read_is_repeated),
		cmocka_unit_test(always_stalled_keeps_the_tightest),
		cmocka_unit_test(frame_boundary_is_read_again),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
