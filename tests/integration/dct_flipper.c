/* A flipping client process for the integration tests: see dct_flipper.h. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <drm_fourcc.h>

#include "dct_flipper.h"

#define FAIL(...)                                            \
	do {                                                 \
		fprintf(stderr, "flipper %s: ", opts->name); \
		fprintf(stderr, __VA_ARGS__);                \
		fprintf(stderr, "\n");                       \
		report.failed = 1;                           \
		goto out;                                    \
	} while (0)

/* One write of the report is atomic only up to PIPE_BUF. */
_Static_assert(sizeof(struct dct_flipper_report) <= PIPE_BUF,
	       "the flipper report fits a pipe write");

/* Whether the parent closed the control pipe (non-blocking). */
static bool told_to_stop(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char c;

	return poll(&p, 1, 0) > 0 && read(fd, &c, 1) <= 0;
}

/* vblank_ns: when the vblank began, the timestamp (start of scanout) less its length. */
static void latency_add(struct dct_flipper_report *report, uint64_t vblank_ns)
{
	uint64_t now = dct_now_ns();

	report->latency[dct_lat_bucket(now > vblank_ns ? now - vblank_ns : 0)]++;
}

/* Sends a VSYNC flip of fbs[n % 2] with user data n. */
static int flip(struct dct_client *c, uint32_t link, const uint32_t *fbs, uint64_t n,
		uint32_t flags, uint32_t *serial)
{
	struct dcp_flip f = { .link = link, .fb_id = fbs[n % 2], .flags = flags, .user_data = n };
	int r = dct_send(c, DCP_REQ_FLIP, 0, &f, -1);

	if (r > 0)
		*serial = (uint32_t)r;
	return r < 0 ? r : 0;
}

static void run(const struct dct_flipper_opts *opts, int report_fd, int control_fd)
{
	struct dct_flipper_report report = { 0 };
	struct dcp_server_msg *msg = malloc(sizeof(*msg));
	struct drm_mode_modeinfo mode;
	struct dct_client *c = NULL;
	uint32_t fbs[2], serials[2], link, lease;
	uint64_t next = 0, expect_ud = 0, prev_seq = 0, prev_ts = 0, vblank_len;
	uint64_t sent_ns[4] = { 0 }; /* when FLIP n was sent, at n % 4 */
	static struct dcp_link_info info;
	unsigned seen;
	int r, id;

	if (!msg)
		FAIL("out of memory");
	r = dct_connect(opts->socket, opts->name, &c);
	if (r < 0)
		FAIL("connect: %s", strerror(-r));
	id = dct_link_id(c, opts->link_name);
	if (id < 0)
		FAIL("no link %s", opts->link_name);
	link = (uint32_t)id;
	r = dct_lease(c, &link, 1, &lease);
	if (r < 0)
		FAIL("lease %s: %s", opts->link_name, strerror(-r));
	/* A lessee sees its own output and nothing else. */
	r = dct_topology(c, &info, 1, &seen);
	if (r < 0 || seen != 1 || strcmp(info.name, opts->link_name) ||
	    info.lease_state != DCP_LEASE_OURS || info.lease_id != lease)
		FAIL("topology: %d, %u links, first %s", r, seen, info.name);
	for (unsigned i = 0; i < 2; i++) {
		r = dct_fb_create(c, DRM_FORMAT_XRGB8888, opts->width, opts->height,
				  i ? 0x00ff0000 : 0x000000ff, &fbs[i]);
		if (r < 0)
			FAIL("FB_CREATE: %s", strerror(-r));
	}
	if (opts->mode)
		mode = *opts->mode;
	else if (dct_preferred_mode(c, link, &mode) < 0)
		FAIL("no preferred mode on %s", opts->link_name);
	r = dct_commit_one(c, link, &mode, fbs[0], DCP_COMMIT_ALLOW_MODESET, msg);
	if (r < 0)
		FAIL("COMMIT: %s", r == msg->error.status ? msg->error.text : strerror(-r));
	report.frame_ns = (uint64_t)mode.htotal * mode.vtotal * 1000000ull / mode.clock;
	vblank_len =
		(uint64_t)mode.htotal * (mode.vtotal - mode.vdisplay) * 1000000ull / mode.clock;
	/* Two in flight: one pending on the engine, one queued behind it. */
	for (unsigned i = 0; i < 2; i++) {
		next++;
		r = flip(c, link, fbs, next, DCP_FLIP_VSYNC, &serials[i % 2]);
		if (r < 0)
			FAIL("FLIP: %s", strerror(-r));
		sent_ns[next % 4] = dct_now_ns();
	}
	while (opts->flips ? report.flips < opts->flips : !told_to_stop(control_fd)) {
		/* The FLIP's answer: its FLIP_DONE, or an ERROR with its serial. */
		r = dct_wait_reply(c, serials[expect_ud % 2], msg, DCT_TIMEOUT_MS);
		if (r < 0)
			FAIL("waiting for FLIP_DONE %llu: %s", (unsigned long long)expect_ud + 1,
			     msg->hdr.opcode == DCP_REPLY_ERROR ? msg->error.text : strerror(-r));
		if (msg->hdr.opcode != DCP_EVENT_FLIP_DONE)
			FAIL("FLIP answered by opcode 0x%04x", msg->hdr.opcode);
		expect_ud++;
		if (msg->flip_done.user_data != expect_ud)
			FAIL("FLIP_DONE user data %llu, expected %llu",
			     (unsigned long long)msg->flip_done.user_data,
			     (unsigned long long)expect_ud);
		if (msg->hdr.serial != serials[(expect_ud - 1) % 2])
			FAIL("FLIP_DONE serial %u, expected %u", msg->hdr.serial,
			     serials[(expect_ud - 1) % 2]);
		if (msg->flip_done.link != link)
			FAIL("FLIP_DONE for link %u", msg->flip_done.link);
		latency_add(&report, msg->flip_done.timestamp_ns - vblank_len);
		if (report.flips) {
			uint64_t dt = msg->flip_done.timestamp_ns - prev_ts;
			uint64_t ds = msg->flip_done.sequence - prev_seq;

			if (ds > 1) {
				/* It could have latched at the vblank before scanout
				 * prev_ts + one frame: did it reach dcd in time? */
				uint64_t due = prev_ts + report.frame_ns - vblank_len;

				if (sent_ns[expect_ud % 4] > due)
					report.missed_sent_late += (unsigned)(ds - 1);
				else
					report.missed_sent_in_time += (unsigned)(ds - 1);
			}
			if (ds != 1) {
				if (report.gaps < DCT_FLIPPER_GAPS) {
					report.gap[report.gaps].from_ts = prev_ts;
					report.gap[report.gaps].to_ts = msg->flip_done.timestamp_ns;
				}
				report.gaps++;
				if (ds > 1)
					report.missed += (unsigned)(ds - 1);
				/* The times as dcd's log shows them, to find what it
				 * did in between. */
				fprintf(stderr,
					"flipper %s: sequence %llu after %llu (flips done at "
					"[%llu.%06llu] and [%llu.%06llu])\n",
					opts->name, (unsigned long long)msg->flip_done.sequence,
					(unsigned long long)prev_seq,
					(unsigned long long)(prev_ts / 1000000000ull),
					(unsigned long long)(prev_ts % 1000000000ull / 1000),
					(unsigned long long)(msg->flip_done.timestamp_ns /
							     1000000000ull),
					(unsigned long long)(msg->flip_done.timestamp_ns %
							     1000000000ull / 1000));
			}
			if (dt + opts->tolerance_ns < ds * report.frame_ns ||
			    dt > ds * report.frame_ns + opts->tolerance_ns) {
				report.bad_times++;
				fprintf(stderr, "flipper %s: %llu ns between flips %llu and %llu\n",
					opts->name, (unsigned long long)dt,
					(unsigned long long)prev_seq,
					(unsigned long long)msg->flip_done.sequence);
			}
		} else {
			report.first_seq = msg->flip_done.sequence;
			report.first_ts = msg->flip_done.timestamp_ns;
		}
		prev_seq = msg->flip_done.sequence;
		prev_ts = msg->flip_done.timestamp_ns;
		report.flips++;
		report.last_seq = prev_seq;
		report.last_ts = prev_ts;
		if (opts->ready_after && report.flips == opts->ready_after &&
		    write(report_fd, "R", 1) != 1)
			FAIL("ready");
		if (opts->render_ns) {
			struct timespec t = { .tv_sec = (time_t)(opts->render_ns / 1000000000ull),
					      .tv_nsec = (long)(opts->render_ns % 1000000000ull) };

			while (nanosleep(&t, &t) < 0 && errno == EINTR)
				;
		}
		next++;
		r = flip(c, link, fbs, next, DCP_FLIP_VSYNC, &serials[(next - 1) % 2]);
		if (r < 0)
			FAIL("FLIP %llu: %s", (unsigned long long)next, strerror(-r));
		sent_ns[next % 4] = dct_now_ns();
	}
out:
	if (write(report_fd, &report, sizeof(report)) != sizeof(report))
		report.failed = 1;
	/* Keep the lease (what is on screen) until the parent lets go. */
	if (opts->hold) {
		char ch;

		while (read(control_fd, &ch, 1) > 0)
			;
	}
	dct_close(c);
	free(msg);
	_exit(report.failed ? 1 : 0);
}

int dct_flipper_start(const struct dct_flipper_opts *opts, struct dct_flipper *f)
{
	int rep[2], ctl[2];

	if (pipe2(rep, O_CLOEXEC) < 0)
		return -errno;
	if (pipe2(ctl, O_CLOEXEC) < 0) {
		close(rep[0]);
		close(rep[1]);
		return -errno;
	}
	f->pid = fork();
	if (f->pid < 0)
		return -errno;
	if (f->pid == 0) {
		/* Only our own pipe ends: another flipper's control pipe held
		 * open here would never tell that one to stop. */
		for (int fd = 3; fd < 1024; fd++) {
			if (fd != rep[1] && fd != ctl[0])
				close(fd);
		}
		dct_client_priority();
		run(opts, rep[1], ctl[0]);
	}
	close(rep[1]);
	close(ctl[0]);
	f->report_fd = rep[0];
	f->control_fd = ctl[1];
	f->reported = false;
	return 0;
}

int dct_flipper_wait_ready(struct dct_flipper *f)
{
	struct pollfd p = { .fd = f->report_fd, .events = POLLIN };
	char c;

	if (poll(&p, 1, DCT_TIMEOUT_MS) <= 0)
		return -ETIMEDOUT;
	if (read(f->report_fd, &c, 1) != 1 || c != 'R')
		return -EIO;
	return 0;
}

int dct_flipper_stop(struct dct_flipper *f, struct dct_flipper_report *report)
{
	struct pollfd p = { .fd = f->report_fd, .events = POLLIN };
	int status, r = 0;

	memset(report, 0, sizeof(*report));
	if (f->control_fd >= 0)
		close(f->control_fd);
	f->control_fd = -1;
	if (f->reported)
		*report = f->report;
	else if (poll(&p, 1, DCT_TIMEOUT_MS) <= 0 ||
		 read(f->report_fd, report, sizeof(*report)) != sizeof(*report))
		r = -EIO;
	close(f->report_fd);
	if (waitpid(f->pid, &status, 0) != f->pid || !WIFEXITED(status) || WEXITSTATUS(status))
		r = -ECHILD;
	return r;
}

int dct_flipper_report(struct dct_flipper *f, struct dct_flipper_report *report)
{
	struct pollfd p = { .fd = f->report_fd, .events = POLLIN };

	if (poll(&p, 1, DCT_TIMEOUT_MS * 3) <= 0)
		return -ETIMEDOUT;
	if (read(f->report_fd, report, sizeof(*report)) != sizeof(*report))
		return -EIO;
	f->report = *report;
	f->reported = true;
	return 0;
}

void dct_flipper_kill(struct dct_flipper *f)
{
	kill(f->pid, SIGKILL);
	waitpid(f->pid, NULL, 0);
	close(f->report_fd);
	if (f->control_fd >= 0)
		close(f->control_fd);
}

/* A gap the machine's stall explains: it overlapped the frames missed, and lasted long enough. */
static bool stall_explains(const struct dct_flipper_report *r, unsigned g)
{
	uint64_t from = r->gap[g].from_ts, to = r->gap[g].to_ts, missed, stalled;

	if (to <= from || !r->frame_ns)
		return false;
	missed = (to - from + r->frame_ns / 2) / r->frame_ns - 1;
	stalled = dct_canary_stalled_ns(from, to - r->frame_ns);
	/* a stall of s loses the frames it covers, and the one after it while the flips
	 * it held up reach the engine */
	return stalled && missed <= (stalled + r->frame_ns - 1) / r->frame_ns + 1;
}

unsigned dct_flipper_dcd_gaps(struct dct_daemon *d, const struct dct_flipper_report *r)
{
	unsigned dcds = 0;

	if (!r->gaps)
		return 0;
	fprintf(stderr, "dcd's log around the first missed frame:\n");
	dct_log_print_window(d, r->gap[0].from_ts - 100 * 1000000ull,
			     r->gap[0].to_ts + 300 * 1000000ull);
	dct_print_steal();
	dct_print_state_fs(d);
	for (unsigned g = 0; g < r->gaps; g++) {
		if (g >= DCT_FLIPPER_GAPS) {
			fprintf(stderr, "%u gaps more, not recorded: counted as dcd's\n",
				r->gaps - g);
			dcds += r->gaps - g;
			break;
		}
		dct_canary_print(r->gap[g].from_ts - 100 * 1000000ull,
				 r->gap[g].to_ts + 100 * 1000000ull);
		if (stall_explains(r, g)) {
			fprintf(stderr, "gap %u: the machine stood still over it, not dcd's\n", g);
			continue;
		}
		fprintf(stderr, "gap %u: no stall of the machine explains it: dcd's\n", g);
		dcds++;
	}
	return dcds;
}
