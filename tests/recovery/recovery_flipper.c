/*
 * recovery-flipper SOCKET LINK...: a compositor as libdcclient makes one:
 * leases the links, commits each one's preferred mode with the first of
 * two framebuffers (LINK@BPC: in RGB at BPC bits per colour, else the
 * default) and flips between them at every vblank, forever. When
 * dcd restarts, the library reconnects and restores by itself
 * (dcc_set_auto_restore: lease again, commit without a modeset first),
 * and the reconnected callback only starts the flips again. Its lines on
 * stdout (flushed at once) tell the test where it is:
 *   lit                 every link committed and flipping
 *   reconnected N       the N-th reconnection
 *   flipping N          a flip completed on every link after it
 * An error is printed and ends it with status 1.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <drm_fourcc.h>

#include "dcclient.h"

#define MAX_LINKS 4

struct flipper;

struct out {
	struct flipper *f;
	struct dcc_link *link;
	struct dcc_fb *fb[2];
	unsigned next;
	bool flipped; /* since the last reconnection */
};

struct flipper {
	struct dcc_client *c;
	struct out outs[MAX_LINKS];
	unsigned n;
	unsigned reconnects;
	bool reported; /* "flipping N" said for this reconnection */
	int failed;
};

static void flip_next(struct out *o);

static void check_all_flipped(struct flipper *f)
{
	for (unsigned i = 0; i < f->n; i++) {
		if (!f->outs[i].flipped)
			return;
	}
	if (!f->reported) {
		printf("flipping %u\n", f->reconnects);
		f->reported = true;
	}
}

static void flip_done(struct dcc_client *c, struct dcc_link *link, int status, uint64_t seq,
		      uint64_t ts, void *data)
{
	struct out *o = data;

	(void)c;
	(void)link;
	(void)seq;
	if (status == 0) {
		struct timespec now;
		int64_t late;

		clock_gettime(CLOCK_MONOTONIC, &now);
		late = (int64_t)((uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec - ts);
		if (late > 8000000)
			printf("late %.1f ms %s\n", (double)late / 1e6, dcc_link_get_name(o->link));
	}
	/* a flip cut off by dcd's death: the reconnection starts them again */
	if (status == -ENOTCONN || status == -ECANCELED)
		return;
	if (status < 0) {
		printf("%s: flip: %s\n", dcc_link_get_name(o->link), strerror(-status));
		o->f->failed = 1;
		return;
	}
	o->flipped = true;
	check_all_flipped(o->f);
	flip_next(o);
}

static void flip_next(struct out *o)
{
	int r = dcc_flip(o->f->c, o->link, o->fb[o->next], DCC_FLIP_VSYNC, flip_done, o);

	if (r == -ENOTCONN)
		return;
	if (r < 0) {
		printf("%s: flip: %s (%s)\n", dcc_link_get_name(o->link), strerror(-r),
		       dcc_last_error_text(o->f->c));
		o->f->failed = 1;
		return;
	}
	o->next ^= 1;
}

static void reconnected(struct dcc_client *c, bool restarted, void *data)
{
	struct flipper *f = data;

	(void)c;
	(void)restarted;
	f->reconnects++;
	f->reported = false;
	printf("reconnected %u\n", f->reconnects);
	for (unsigned i = 0; i < f->n; i++) {
		f->outs[i].flipped = false;
		flip_next(&f->outs[i]);
	}
}

static int setup(struct flipper *f, char **names, unsigned n)
{
	struct dcc_link *links[MAX_LINKS];
	struct dcc_config *cfg;
	struct dcc_lease *lease;

	if (dcc_config_create(f->c, &cfg))
		return -1;
	for (unsigned i = 0; i < n; i++) {
		struct out *o = &f->outs[i];
		const struct dcc_mode *mode;
		char *at = strchr(names[i], '@');
		unsigned bpc = 0;
		uint32_t w, h;

		if (at) {
			*at = '\0';
			bpc = (unsigned)atoi(at + 1);
		}
		o->f = f;
		o->link = links[i] = dcc_find_link(f->c, names[i]);
		if (!o->link || !(mode = dcc_link_get_preferred_mode(o->link))) {
			printf("%s: no such link or no mode\n", names[i]);
			return -1;
		}
		w = dcc_mode_get_width(mode);
		h = dcc_mode_get_height(mode);
		for (unsigned k = 0; k < 2; k++) {
			uint32_t *px;

			if (dcc_fb_create_memfd(f->c, DRM_FORMAT_XRGB8888, w, h, &o->fb[k]))
				return -1;
			px = dcc_fb_get_data(o->fb[k]);
			for (size_t p = 0; p < (size_t)dcc_fb_get_pitch(o->fb[k], 0) / 4 * h; p++)
				px[p] = k ? 0x00ff8000 : 0x000080ff;
		}
		if (dcc_config_set_output(cfg, o->link, mode, o->fb[0]))
			return -1;
		if (bpc && dcc_config_set_pixel_format(cfg, o->link, DCC_ENCODING_RGB, bpc))
			return -1;
	}
	f->n = n;
	if (dcc_lease_create(f->c, links, n, &lease) ||
	    dcc_commit_sync(f->c, cfg, DCC_COMMIT_ALLOW_MODESET))
		return -1;
	dcc_config_destroy(cfg);
	return 0;
}

int main(int argc, char **argv)
{
	static struct flipper f;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 3 || argc - 2 > MAX_LINKS) {
		fprintf(stderr, "usage: recovery-flipper SOCKET LINK[@BPC]...\n");
		return 2;
	}
	if (dcc_client_create("recovery-flipper", &f.c) ||
	    dcc_client_connect(f.c, argv[1], 0) < 0) {
		printf("connect %s: %s\n", argv[1], f.c ? dcc_last_error_text(f.c) : "no memory");
		return 1;
	}
	dcc_set_auto_restore(f.c, true);
	dcc_set_reconnected_handler(f.c, reconnected, &f);
	if (setup(&f, argv + 2, (unsigned)(argc - 2)) < 0) {
		printf("setup: %s\n", dcc_last_error_text(f.c));
		return 1;
	}
	printf("lit\n");
	for (unsigned i = 0; i < f.n; i++)
		flip_next(&f.outs[i]);
	while (!f.failed) {
		struct pollfd p = { .fd = dcc_get_fd(f.c), .events = POLLIN };

		if (poll(&p, 1, -1) < 0 && errno != EINTR)
			break;
		if (dcc_dispatch(f.c) == -ENOTCONN) {
			printf("disconnected for good: %s\n", dcc_last_error_text(f.c));
			break;
		}
	}
	dcc_client_destroy(f.c);
	return 1;
}
