/* The register helpers in dc/hw against a fake engine with a virtual clock. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dc_hw.h"

#define FAKE_REGS 16

struct fake_hw {
	struct dc_hw base;
	uint32_t regs[FAKE_REGS];
	unsigned writes;
	uint64_t now;
	/* Register 1 bit 0 becomes set once the clock reaches ready_at. */
	uint64_t ready_at;
};

static struct fake_hw *to_fake(struct dc_hw *hw)
{
	return (struct fake_hw *)((char *)hw - offsetof(struct fake_hw, base));
}

static uint32_t fake_read(struct dc_hw *hw, uint32_t reg)
{
	struct fake_hw *f = to_fake(hw);

	if (reg == 1 && f->now >= f->ready_at)
		f->regs[1] |= 1;
	return f->regs[reg % FAKE_REGS];
}

static void fake_write(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	struct fake_hw *f = to_fake(hw);

	f->regs[reg % FAKE_REGS] = value;
	f->writes++;
}

static uint64_t fake_now(struct dc_hw *hw)
{
	return to_fake(hw)->now;
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

static void fake_init(struct fake_hw *f)
{
	*f = (struct fake_hw){ .base.ops = &fake_ops, .ready_at = UINT64_MAX };
}

static void update_writes_only_changes(void **state)
{
	struct fake_hw f;

	fake_init(&f);
	f.regs[3] = 0xf0f0;
	dc_hw_update(&f.base, 3, 0x00ff, 0x00f0);
	assert_int_equal(f.writes, 0);
	assert_int_equal(f.regs[3], 0xf0f0);

	dc_hw_update(&f.base, 3, 0x00ff, 0x0012);
	assert_int_equal(f.writes, 1);
	assert_int_equal(f.regs[3], 0xf012);

	/* Bits outside the mask are neither changed nor taken from value. */
	dc_hw_update(&f.base, 3, 0x0f00, 0xffffffff);
	assert_int_equal(f.regs[3], 0xff12);
}

static void wait_sees_bit_after_delay(void **state)
{
	struct fake_hw f;
	uint32_t last = 0;

	fake_init(&f);
	f.ready_at = 5000;
	assert_int_equal(dc_hw_wait(&f.base, 1, 1, 1, 1000, 100000, &last), 0);
	assert_int_equal(last & 1, 1);
	/* Polled every microsecond: done at the first poll at or after 5 us. */
	assert_int_equal(f.now, 5000);
}

static void wait_times_out_with_last_value(void **state)
{
	struct fake_hw f;
	uint32_t last = 0;

	fake_init(&f);
	f.regs[1] = 0x80;
	assert_int_equal(dc_hw_wait(&f.base, 1, 1, 1, 1000, 10000, &last), -ETIMEDOUT);
	assert_int_equal(last, 0x80);
	assert_true(f.now >= 10000);
	assert_true(f.now < 12000);
}

static void field_macros_follow_mask_and_shift(void **state)
{
#define TESTREG__FIELD_MASK   0x00000ff0u
#define TESTREG__FIELD__SHIFT 4
	uint32_t v = 0xabcdef01;

	assert_int_equal(DC_FIELD_GET(v, TESTREG, FIELD), 0xf0);
	v = DC_FIELD_SET(v, TESTREG, FIELD, 0x123); /* too wide: clipped */
	assert_int_equal(v, 0xabcde231);
	assert_int_equal(DC_FIELD(TESTREG, FIELD, 0x5), 0x50);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(update_writes_only_changes),
		cmocka_unit_test(wait_sees_bit_after_delay),
		cmocka_unit_test(wait_times_out_with_last_value),
		cmocka_unit_test(field_macros_follow_mask_and_shift),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
