/*
 * Compiled as C99 and as C++11 by check-header: a program that uses the
 * public header the way a compositor does, with nothing but it included.
 */
#include <dcclient.h>

static void on_flip(struct dcc_client *c, struct dcc_link *link, int status, uint64_t sequence,
		    uint64_t timestamp_ns, void *user_data)
{
	(void)c;
	(void)link;
	(void)status;
	(void)sequence;
	(void)timestamp_ns;
	(void)user_data;
}

int header_use(void);

int header_use(void)
{
	struct dcc_client *c = NULL;
	struct dcc_link *link;
	struct dcc_fb *fb = NULL;
	struct dcc_config *cfg = NULL;
	struct dcc_lease *lease = NULL;
	const struct dcc_mode *mode;
	enum dcc_link_type type;
	int ret;

	ret = dcc_client_create("header-use", &c);
	if (ret < 0)
		return ret;
	ret = dcc_client_connect(c, NULL, DCC_CONNECT_NO_RECONNECT);
	link = dcc_get_link(c, 0);
	if (!ret && link && dcc_link_get_connection(link) == DCC_CONNECTED) {
		type = dcc_link_get_type(link);
		mode = dcc_link_get_preferred_mode(link);
		(void)type;
		if (dcc_lease_create(c, &link, 1, &lease) == 0 &&
		    dcc_fb_create_memfd(c, DCC_FORMAT_XRGB8888, dcc_mode_get_width(mode),
					dcc_mode_get_height(mode), &fb) == 0 &&
		    dcc_config_create(c, &cfg) == 0 &&
		    dcc_config_set_output(cfg, link, mode, fb) == 0 &&
		    dcc_commit_sync(c, cfg, DCC_COMMIT_ALLOW_MODESET) == 0)
			ret = dcc_flip(c, link, fb, DCC_FLIP_VSYNC, on_flip, NULL);
	}
	dcc_config_destroy(cfg);
	dcc_fb_destroy(fb);
	dcc_lease_destroy(lease);
	dcc_client_destroy(c);
	return ret;
}
