/* Register helpers shared by every block programmer in dc/. */
#include <errno.h>

#include "dc_hw.h"

void dc_hw_update(struct dc_hw *hw, uint32_t reg, uint32_t mask, uint32_t value)
{
	uint32_t old = dc_hw_read(hw, reg);
	uint32_t new = (old & ~mask) | (value & mask);

	if (new != old)
		dc_hw_write(hw, reg, new);
}

int dc_hw_wait(struct dc_hw *hw, uint32_t reg, uint32_t mask, uint32_t expected, uint64_t poll_ns,
	       uint64_t timeout_ns, uint32_t *last)
{
	uint64_t start = dc_hw_now_ns(hw);
	uint32_t value;

	if (poll_ns == 0)
		poll_ns = 1000;
	for (;;) {
		value = dc_hw_read(hw, reg);
		if ((value & mask) == expected)
			break;
		if (dc_hw_now_ns(hw) - start >= timeout_ns) {
			if (last)
				*last = value;
			return -ETIMEDOUT;
		}
		dc_hw_delay_ns(hw, poll_ns);
	}
	if (last)
		*last = value;
	return 0;
}
