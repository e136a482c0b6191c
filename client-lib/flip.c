/*
 * The per-frame requests: FLIP (answered by its FLIP_DONE, or an ERROR
 * with its serial: exactly one of the two), and the cursor and vblank
 * requests, sent with NO_REPLY so they cost no answer at input rate.
 */
#include <errno.h>

#include "client_internal.h"

/* Per plane dcd holds one flip waiting for its vblank and one queued behind it. */
#define DCC_FLIPS_IN_FLIGHT 2

static int check_link(struct dcc_client *c, const struct dcc_link *link, const struct dcc_fb *fb)
{
	int ret = dcc_check_connected(c);

	if (ret)
		return ret;
	if (!link || link->client != c || (fb && fb->client != c))
		return dcc_fail(c, -EINVAL, "a link or framebuffer of another client");
	if (fb && !fb->id)
		return dcc_fail(c, -ENOENT, "the framebuffer is not registered with dcd");
	return 0;
}

DCC_EXPORT int dcc_flip(struct dcc_client *c, struct dcc_link *link, struct dcc_fb *fb,
			uint32_t flags, dcc_flip_done_fn done, void *user_data)
{
	struct dcp_flip flip = { .plane = DCP_PLANE_PRIMARY, .flags = flags };
	struct dcc_pending *p;
	int ret = check_link(c, link, fb);

	if (ret)
		return ret;
	if (!fb)
		return dcc_fail(c, -EINVAL, "a flip needs a framebuffer");
	if (link->flips_pending >= DCC_FLIPS_IN_FLIGHT)
		return dcc_fail(c, -EBUSY, "%s: %u flips are in flight already", link->name,
				link->flips_pending);
	flip.link = link->id;
	flip.fb_id = fb->id;
	/* Tracked before it is sent: never a flip in flight untracked.
	 * FLIP_DONE carries the FLIP's serial: that finds the callback. */
	p = dcc_send_tracked(c, DCP_REQ_FLIP, &flip, DCC_PENDING_FLIP, &ret);
	if (!p)
		return ret;
	p->link = link;
	p->fb = fb;
	p->flip_done = done;
	p->data = user_data;
	link->flips_pending++;
	return 0;
}

DCC_EXPORT unsigned dcc_link_get_flips_pending(const struct dcc_link *link)
{
	return link->flips_pending;
}

DCC_EXPORT int dcc_cursor_set(struct dcc_client *c, struct dcc_link *link, struct dcc_fb *fb,
			      uint32_t hot_x, uint32_t hot_y)
{
	struct dcp_cursor_set set = { .hot_x = hot_x, .hot_y = hot_y };
	int ret = check_link(c, link, fb);

	if (ret)
		return ret;
	set.link = link->id;
	set.fb_id = fb ? fb->id : 0;
	return dcc_send(c, DCP_REQ_CURSOR_SET, DCP_HEADER_NO_REPLY, &set, -1, NULL);
}

DCC_EXPORT int dcc_cursor_move(struct dcc_client *c, struct dcc_link *link, int32_t x, int32_t y)
{
	struct dcp_cursor_move move = { .x = x, .y = y };
	int ret = check_link(c, link, NULL);

	if (ret)
		return ret;
	move.link = link->id;
	return dcc_send(c, DCP_REQ_CURSOR_MOVE, DCP_HEADER_NO_REPLY, &move, -1, NULL);
}

DCC_EXPORT int dcc_vblank_subscribe(struct dcc_client *c, struct dcc_link *link, bool enable)
{
	struct dcp_vblank_subscribe sub = { .enable = enable };
	int ret = check_link(c, link, NULL);

	if (ret)
		return ret;
	sub.link = link->id;
	ret = dcc_send(c, DCP_REQ_VBLANK_SUBSCRIBE, DCP_HEADER_NO_REPLY, &sub, -1, NULL);
	if (!ret)
		link->vblank_subscribed = enable;
	return ret;
}
