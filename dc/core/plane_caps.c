/*
 * What the planes of this engine can scan out, for callers that describe
 * them to clients (the daemon's topology): the resource pool's data, copied.
 */
#include <errno.h>
#include <string.h>

#include "dc_priv.h"

int dc_get_plane_caps(const struct dc *dc, struct dc_plane_caps *out)
{
	const struct dc_resource_pool *pool = dc->pool;

	if (!out)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->max_width = pool->max_surface;
	out->max_height = pool->max_surface;
	for (unsigned i = 0; i < pool->format_count && i < DC_MAX_PLANE_FORMATS; i++)
		out->formats[out->format_count++] = pool->formats[i].fourcc;
	out->cursor_sizes[0] = pool->cursor_sizes[0];
	out->cursor_sizes[1] = pool->cursor_sizes[1];
	return 0;
}
