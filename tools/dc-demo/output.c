/*
 * One output of dc-demo: leased alone, two framebuffers, the preferred
 * mode, and a flip loop driven by the flip-done callbacks: when frame n is
 * on screen, frame n+1 is drawn into the other buffer and flipped.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "demo.h"

static void flip_done(struct dcc_client *c, struct dcc_link *link, int status, uint64_t sequence,
		      uint64_t timestamp_ns, void *data);

static const char *name(const struct output *out)
{
	return dcc_link_get_name(out->link);
}

static int flip_next(struct output *out)
{
	unsigned back = out->front ^ 1;
	int ret;

	/* a dma-buf's caches agree with the device around the drawing (libdcclient(3)) */
	dcc_fb_begin_access(out->fb[back]);
	draw_frame(&out->canvas[back], ++out->frame);
	dcc_fb_end_access(out->fb[back]);
	/* The demo, not the output, rides along: the output may be gone by then. */
	ret = dcc_flip(out->demo->client, out->link, out->fb[back], DCC_FLIP_VSYNC, flip_done,
		       out->demo);
	if (ret) {
		if (ret != -ENOTCONN)
			fprintf(stderr, "%s: flip: %s\n", name(out),
				dcc_last_error_text(out->demo->client));
		return ret;
	}
	out->flipping = true;
	return 0;
}

/* Frame rate statistics from the flip-done timestamps and sequences. */
static void count_flip(struct output *out, uint64_t sequence, uint64_t timestamp_ns)
{
	if (timestamp_ns < out->demo->statistics_since_ns)
		return; /* shown during a stall */
	if (out->flips == 0)
		out->first_ns = timestamp_ns;
	else if (sequence > out->last_sequence + 1)
		out->missed += sequence - out->last_sequence - 1;
	out->flips++;
	out->last_ns = timestamp_ns;
	out->last_sequence = sequence;
}

static void flip_done(struct dcc_client *c, struct dcc_link *link, int status, uint64_t sequence,
		      uint64_t timestamp_ns, void *data)
{
	struct demo *demo = data;
	struct output *out = demo->outputs[dcc_link_get_id(link)];

	if (!out || !out->flipping)
		return;
	out->flipping = false;
	if (status) {
		/* -ENOTCONN: output_resume restarts the loop; others end it. */
		if (status != -ENOTCONN)
			fprintf(stderr, "%s: flip failed: %s\n", name(out), strerror(-status));
		return;
	}
	out->front ^= 1;
	count_flip(out, sequence, timestamp_ns);
	flip_next(out);
}

/*
 * A modeset stalls dcd for its link training (and this program in its
 * blocking commit), so the other outputs miss a few vblanks: the frame
 * rates are measured again from the flips shown after it.
 */
static void restart_statistics(struct demo *demo)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	demo->statistics_since_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	for (unsigned i = 0; i < 16; i++) {
		if (demo->outputs[i]) {
			demo->outputs[i]->flips = 0;
			demo->outputs[i]->missed = 0;
		}
	}
}

static int fail(struct output *out, const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", name(out), what, dcc_last_error_text(out->demo->client));
	output_destroy(out);
	return -1;
}

/*
 * A buffer dcd allocates where it offers to (dcd --kms: memory the kernel
 * scans out as it is, no copy per flip), else a memfd of this program's.
 */
static int new_fb(struct output *out, const struct dcc_mode *mode, struct dcc_fb **fb)
{
	struct dcc_client *c = out->demo->client;

	if ((dcc_get_capabilities(c) & DCC_CAP_FB_ALLOC) && !out->demo->memfd)
		return dcc_fb_alloc(c, DCC_FORMAT_XRGB8888, dcc_mode_get_width(mode),
				    dcc_mode_get_height(mode), fb);
	return dcc_fb_create_memfd(c, DCC_FORMAT_XRGB8888, dcc_mode_get_width(mode),
				   dcc_mode_get_height(mode), fb);
}

int output_light(struct demo *demo, struct dcc_link *link)
{
	const struct dcc_mode *mode = dcc_link_get_preferred_mode(link);
	struct dcc_client *c = demo->client;
	struct output *out;

	if (!mode) {
		fprintf(stderr, "%s: the monitor lists no mode\n", dcc_link_get_name(link));
		return -1;
	}
	out = calloc(1, sizeof(*out));
	if (!out)
		return -1;
	out->demo = demo;
	out->link = link;
	out->refresh_mhz = dcc_mode_get_refresh_mhz(mode);
	demo->outputs[dcc_link_get_id(link)] = out;
	if (dcc_lease_create(c, &link, 1, &out->lease))
		return fail(out, "lease");
	for (int i = 0; i < 2; i++) {
		if (new_fb(out, mode, &out->fb[i]))
			return fail(out, "framebuffer");
		out->canvas[i] = (struct canvas){
			.pixels = dcc_fb_get_data(out->fb[i]),
			.width = dcc_mode_get_width(mode),
			.height = dcc_mode_get_height(mode),
			.stride = dcc_fb_get_pitch(out->fb[i], 0) / 4,
		};
		dcc_fb_begin_access(out->fb[i]);
		draw_full(&out->canvas[i], 0);
		dcc_fb_end_access(out->fb[i]);
	}
	if (dcc_config_create(c, &out->config) ||
	    dcc_config_set_output(out->config, link, mode, out->fb[0]) ||
	    dcc_commit_sync(c, out->config, DCC_COMMIT_ALLOW_MODESET))
		return fail(out, "commit");
	restart_statistics(demo);
	if (!demo->quiet)
		printf("%s: lit %ux%u@%.3fHz (%s %s)\n", name(out), dcc_mode_get_width(mode),
		       dcc_mode_get_height(mode), out->refresh_mhz / 1000.0,
		       dcc_link_get_vendor(link), dcc_link_get_monitor_name(link));
	if (!demo->quiet)
		printf("%s: framebuffers %s\n", name(out),
		       !(dcc_get_capabilities(c) & DCC_CAP_FB_ALLOC) || demo->memfd
			       ? "of memfds this program made"
		       : dcc_fb_is_dmabuf(out->fb[0])
			       ? "dcd allocated (dma-bufs scanned out without a copy)"
			       : "dcd allocated (memfds)");
	return flip_next(out);
}

int output_resume(struct output *out)
{
	struct dcc_client *c = out->demo->client;

	dcc_lease_destroy(out->lease); /* lost with the old dcd: frees only */
	out->lease = NULL;
	out->flipping = false;
	if (dcc_link_get_connection(out->link) != DCC_CONNECTED) {
		fprintf(stderr, "%s: unplugged while dcd was away\n", name(out));
		output_destroy(out);
		return -1;
	}
	/* The framebuffers came back with the connection; the configuration
	 * names them, so committing it again shows buffer 0. */
	if (dcc_lease_create(c, &out->link, 1, &out->lease))
		return fail(out, "lease again");
	if (dcc_commit_sync(c, out->config, DCC_COMMIT_ALLOW_MODESET))
		return fail(out, "commit again");
	out->front = 0;
	restart_statistics(out->demo);
	if (!out->demo->quiet)
		printf("%s: resumed\n", name(out));
	return flip_next(out);
}

void output_report(struct output *out)
{
	double seconds = (double)(out->last_ns - out->first_ns) / 1e9;

	if (out->flips >= 2 && seconds > 0 && !out->demo->quiet) {
		printf("%s %ux%u@%.3fHz: %.3f fps (%llu flips, %llu missed)\n", name(out),
		       out->canvas[0].width, out->canvas[0].height, out->refresh_mhz / 1000.0,
		       (double)(out->flips - 1) / seconds, (unsigned long long)out->flips - 1,
		       (unsigned long long)out->missed);
		fflush(stdout);
	}
	/* The next window starts at the last flip. */
	if (out->flips) {
		out->flips = 1;
		out->first_ns = out->last_ns;
		out->missed = 0;
	}
}

void output_destroy(struct output *out)
{
	if (!out)
		return;
	out->demo->outputs[dcc_link_get_id(out->link)] = NULL;
	dcc_lease_destroy(out->lease);
	dcc_config_destroy(out->config);
	dcc_fb_destroy(out->fb[0]);
	dcc_fb_destroy(out->fb[1]);
	free(out);
}
