/*
 * flip100 SOCKET: built by test-install against the installed libdcclient
 * (pkg-config --cflags --libs dcclient) like any program outside this
 * tree, then run against a live dcd: leases the first connected output,
 * commits its preferred mode and flips two framebuffers 100 times. Checks
 * every flip's answer: status 0, frame sequences strictly increasing,
 * timestamps strictly increasing and as far apart as the sequences say
 * (frame period from the mode's exact refresh rate). Exit 0 when all hold.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dcclient.h>

#define FLIPS 100

struct run {
	struct dcc_link *link;
	struct dcc_fb *fb[2];
	double period_ns;
	int done, failures;
	uint64_t first_seq, last_seq, last_ts, missed;
};

static void flip_done(struct dcc_client *c, struct dcc_link *link, int status, uint64_t sequence,
		      uint64_t timestamp_ns, void *data);

static int flip(struct dcc_client *c, struct run *r)
{
	int ret = dcc_flip(c, r->link, r->fb[r->done % 2], DCC_FLIP_VSYNC, flip_done, r);

	if (ret)
		fprintf(stderr, "flip100: flip %d: %s\n", r->done, dcc_last_error_text(c));
	return ret;
}

static void flip_done(struct dcc_client *c, struct dcc_link *link, int status, uint64_t sequence,
		      uint64_t timestamp_ns, void *data)
{
	struct run *r = data;

	if (status || link != r->link) {
		fprintf(stderr, "flip100: flip %d ended with %s\n", r->done, strerror(-status));
		r->failures++;
	} else if (r->done > 0) {
		double expect = (double)(sequence - r->last_seq) * r->period_ns;
		double got = (double)(timestamp_ns - r->last_ts);

		if (sequence <= r->last_seq || timestamp_ns <= r->last_ts || got < expect - 50000 ||
		    got > expect + 50000) {
			fprintf(stderr,
				"flip100: flip %d: sequence %llu after %llu, %.0f ns after the "
				"previous, expected %.0f\n",
				r->done, (unsigned long long)sequence,
				(unsigned long long)r->last_seq, got, expect);
			r->failures++;
		}
		r->missed += sequence - r->last_seq - 1;
	} else {
		r->first_seq = sequence;
	}
	r->last_seq = sequence;
	r->last_ts = timestamp_ns;
	if (++r->done < FLIPS && flip(c, r))
		r->failures++;
}

static int check(struct dcc_client *c, int ret, const char *what)
{
	if (ret)
		fprintf(stderr, "flip100: %s: %s\n", what, dcc_last_error_text(c));
	return ret;
}

int main(int argc, char **argv)
{
	struct run r = { 0 };
	struct dcc_client *c;
	struct dcc_lease *lease = NULL;
	struct dcc_config *cfg = NULL;
	const struct dcc_mode *mode = NULL;
	int ret;

	if (argc != 2 || dcc_client_create("flip100", &c))
		return 2;
	ret = check(c, dcc_client_connect(c, argv[1], DCC_CONNECT_NO_RECONNECT), "connect");
	for (unsigned i = 0; !ret && !r.link && i < dcc_get_link_count(c); i++) {
		struct dcc_link *link = dcc_get_link(c, i);

		if (dcc_link_get_connection(link) == DCC_CONNECTED) {
			r.link = link;
			mode = dcc_link_get_preferred_mode(link);
		}
	}
	if (!ret && !mode) {
		fprintf(stderr, "flip100: no connected output\n");
		ret = -ENODEV;
	}
	if (!ret)
		ret = check(c, dcc_lease_create(c, &r.link, 1, &lease), "lease");
	for (int i = 0; !ret && i < 2; i++)
		ret = check(c,
			    dcc_fb_create_memfd(c, DCC_FORMAT_XRGB8888, dcc_mode_get_width(mode),
						dcc_mode_get_height(mode), &r.fb[i]),
			    "framebuffer");
	if (!ret)
		ret = check(c, dcc_config_create(c, &cfg), "configuration");
	if (!ret)
		ret = check(c, dcc_config_set_output(cfg, r.link, mode, r.fb[1]), "output");
	if (!ret)
		ret = check(c, dcc_commit_sync(c, cfg, DCC_COMMIT_ALLOW_MODESET), "commit");
	if (!ret) {
		r.period_ns = 1e12 / dcc_mode_get_refresh_mhz(mode);
		ret = flip(c, &r);
	}
	while (!ret && r.done < FLIPS && !r.failures) {
		struct pollfd pfd = { .fd = dcc_get_fd(c), .events = POLLIN };

		if (poll(&pfd, 1, 5000) <= 0) {
			fprintf(stderr, "flip100: no flip-done within 5 s\n");
			ret = -ETIMEDOUT;
		} else if (dcc_dispatch(c) < 0) {
			ret = check(c, -ENOTCONN, "dispatch");
		}
	}
	if (!ret && !r.failures)
		printf("flip100: %s %ux%u@%.3fHz: %d flips, sequences %llu..%llu (%llu missed), "
		       "timestamps %.3f ms apart per frame\n",
		       dcc_link_get_name(r.link), dcc_mode_get_width(mode),
		       dcc_mode_get_height(mode), dcc_mode_get_refresh_mhz(mode) / 1000.0, r.done,
		       (unsigned long long)r.first_seq, (unsigned long long)r.last_seq,
		       (unsigned long long)r.missed, r.period_ns / 1e6);
	dcc_config_destroy(cfg);
	dcc_fb_destroy(r.fb[0]);
	dcc_fb_destroy(r.fb[1]);
	dcc_lease_destroy(lease);
	dcc_client_destroy(c);
	return ret || r.failures || r.done != FLIPS ? 1 : 0;
}
