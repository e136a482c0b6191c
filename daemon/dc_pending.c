/*
 * TEMPORARY: link placeholders for the Display Core functions the dclink
 * and dccommit branches are writing. They do nothing and fail; removed when
 * those branches are merged.
 */
#include <errno.h>

#include "dc.h"

int dc_link_detect(struct dc *dc, unsigned link)
{
	return -ENOSYS;
}

int dc_commit(struct dc *dc, const struct dc_state *state, struct dc_error *err)
{
	return -ENOSYS;
}

int dc_snapshot(struct dc *dc, struct dc_state *out)
{
	return -ENOSYS;
}

int dc_adopt(struct dc *dc, const struct dc_state *state)
{
	return -ENOSYS;
}

int dc_flip(struct dc *dc, unsigned link, uint64_t address, uint32_t flags, uint64_t user_data)
{
	return -ENOSYS;
}

int dc_cursor_update(struct dc *dc, unsigned link, const struct dc_cursor *cursor)
{
	return -ENOSYS;
}

int dc_vblank_enable(struct dc *dc, unsigned link, bool enable)
{
	return -ENOSYS;
}

int dc_handle_irq(struct dc *dc)
{
	return 0;
}

int dc_dispatch(struct dc *dc)
{
	return 0;
}
