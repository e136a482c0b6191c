/*
 * dcd-kms-fbclient: framebuffers the kernel scans out, through the real
 * dcd --kms in the QEMU guest (guest-dcd-lease.sh), with libdcclient.
 * Static like dcd-kms-lessee.
 *
 *   dcd-kms-fbclient SOCKET DRIVER   RESULT lines:
 *   dcd-kms-fballoc-caps      WELCOME offers FB_ALLOC and FB_DMABUF (protocol 1.3)
 *   dcd-kms-fballoc-flips     two dcc_fb_alloc buffers (dma-bufs), drawn through
 *                             their mapping, committed and flipped 60 times with
 *                             rising sequences
 *   dcd-kms-fballoc-zero-copy vkms: drawing into the buffer on screen, with no
 *                             flip, changes the CRC of the composed frames, and
 *                             the old colour brings the old CRC back: the plane
 *                             scans out the client's memory itself (a copy made
 *                             at the flip would keep the old CRC)
 *   dcd-kms-dmabuf-import     a dma-buf of the client's own (a dumb buffer of a
 *                             second open file of the device) taken by
 *                             dcc_fb_create_dmabuf and flipped 10 times (vkms:
 *                             without a copy, as above)
 *   dcd-kms-dmabuf-refused    the same dma-buf claiming an Intel X-tiled
 *                             modifier: refused with kms/import.c's sentence
 *   dcd-kms-screenshot        vkms: a pattern flipped on Virtual-1, then `dcctl
 *                             screenshot` (dcd's writeback capture, over D-Bus):
 *                             its CRC-32 of the RGB pixels is the pattern's,
 *                             and the PNG has the mode's size
 *   dcd-kms-screenshot-none   virtio-gpu: `dcctl screenshot` fails with dcd's
 *                             sentence naming the driver and writeback
 *
 *   and one JSON line, the kms_fb_copy benchmark (with DCD_PID, dcd's pid):
 *   dcd's CPU time per flip of memfd frames (copied into a dumb buffer)
 *   beside FB_ALLOC frames (flipped as they are), 60 flips each, the same
 *   output and size, from /proc/DCD_PID/schedstat (ns on CPU).
 *
 *   dcd-kms-fbclient SOCKET sim      a dcd --sim in the same guest:
 *   dcd-sim-dmabuf-refused    WELCOME offers FB_ALLOC, not FB_DMABUF, and a
 *                             real dma-buf (a dumb buffer of card0) sent with
 *                             FB_CREATE is refused with the Display Core
 *                             engine's sentence (dcd never maps a dma-buf)
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <drm_fourcc.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

#include "dcclient.h"
#include "guest_result.h"

#define FLIPS	60
#define CRC_DIR "/sys/kernel/debug/dri/0/crtc-0/crc"

static struct dcc_client *client;
static struct dcc_link *link_;
static unsigned done_flips;
static int flip_status;
static uint64_t last_seq, last_ts; /* of the last FLIP_DONE */
static uint64_t refresh_mhz;	   /* of Virtual-1's mode */
static bool seq_rising = true;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void on_flip(struct dcc_client *c, struct dcc_link *l, int status, uint64_t seq, uint64_t ts,
		    void *data)
{
	flip_status = status;
	if (status == 0) {
		if (seq <= last_seq)
			seq_rising = false;
		last_seq = seq;
		last_ts = ts;
	}
	done_flips++;
}

/* One vsync flip of fb, waited for: 0 or the error. */
static int flip(struct dcc_fb *fb)
{
	unsigned want = done_flips + 1;
	int r = dcc_flip(client, link_, fb, DCC_FLIP_VSYNC, on_flip, NULL);

	while (r == 0 && done_flips < want) {
		if (!wait_readable(dcc_get_fd(client), 2000))
			return -ETIMEDOUT;
		r = dcc_dispatch(client);
	}
	return r ? r : flip_status;
}

static void fill(struct dcc_fb *fb, void *data, uint32_t pitch, uint32_t color)
{
	dcc_fb_begin_access(fb);
	for (uint32_t y = 0; y < dcc_fb_get_height(fb); y++) {
		uint32_t *row = (uint32_t *)((uint8_t *)data + (size_t)y * pitch);

		for (uint32_t x = 0; x < dcc_fb_get_width(fb); x++)
			row[x] = color;
	}
	dcc_fb_end_access(fb);
}

/* ---- the kms_fb_copy benchmark ---------------------------------------------------- */

/* ns dcd has run on a CPU (schedstat's first field), 0 when unknown. */
static uint64_t dcd_cpu_ns(const char *pid)
{
	unsigned long long ns = 0;
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%s/schedstat", pid);
	f = fopen(path, "re");
	if (f && fscanf(f, "%llu", &ns) != 1)
		ns = 0;
	if (f)
		fclose(f);
	return ns;
}

/* dcd's CPU ns over FLIPS flips between a and b, 0 on failure. */
static uint64_t flips_cost(const char *pid, struct dcc_fb *a, struct dcc_fb *b)
{
	uint64_t start = dcd_cpu_ns(pid);

	for (unsigned i = 0; i < FLIPS; i++)
		if (flip(i % 2 ? a : b) < 0)
			return 0;
	return dcd_cpu_ns(pid) - start;
}

static void bench(const char *pid, const char *driver, struct dcc_fb *const alloc[2])
{
	uint32_t w = dcc_fb_get_width(alloc[0]), h = dcc_fb_get_height(alloc[0]);
	struct dcc_fb *memfd[2] = { NULL, NULL };
	uint64_t copy = 0, zero = 0;

	if (dcc_fb_create_memfd(client, DCC_FORMAT_XRGB8888, w, h, &memfd[0]) == 0 &&
	    dcc_fb_create_memfd(client, DCC_FORMAT_XRGB8888, w, h, &memfd[1]) == 0) {
		copy = flips_cost(pid, memfd[0], memfd[1]);
		zero = flips_cost(pid, alloc[0], alloc[1]);
	}
	if (copy && zero)
		printf("{\"bench\":\"kms_fb_copy\",\"driver\":\"%s\",\"output\":\"Virtual-1\","
		       "\"width\":%u,\"height\":%u,\"flips\":%u,\"measures\":\"dcd's CPU time "
		       "per flip of memfd frames, copied into a dumb buffer\",\"us_per_flip\":%.1f,"
		       "\"baseline\":\"fb_alloc_zero_copy\",\"baseline_us_per_flip\":%.1f}\n",
		       driver, w, h, FLIPS, copy / 1000.0 / FLIPS, zero / 1000.0 / FLIPS);
	else
		fprintf(stderr, "kms_fb_copy: no figures (schedstat %s, %s)\n",
			dcd_cpu_ns(pid) ? "read" : "unreadable", dcc_last_error_text(client));
	fflush(stdout);
	dcc_fb_destroy(memfd[0]);
	dcc_fb_destroy(memfd[1]);
}

/* ---- vkms's CRCs of composed frames ---------------------------------------------- */

static int crc_fd = -1;

static void crc_open(void)
{
	int ctl = open(CRC_DIR "/control", O_WRONLY | O_CLOEXEC);

	if (ctl >= 0 && write(ctl, "auto", 4) == 4)
		crc_fd = open(CRC_DIR "/data", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (ctl >= 0)
		close(ctl);
}

/*
 * The CRC of what is on screen from now on: vkms composes (and computes
 * CRCs) in a worker that lags behind the vblank under TCG, and a frame
 * composed while the client was still drawing is a mix. So frames are
 * told by their number (the CRC file's first column is the vblank count,
 * FLIP_DONE's sequence): only frames after the current vblank, reckoned
 * from the last FLIP_DONE and the refresh, count, and two in a row must
 * agree. 0 when none came within 3 s.
 */
static unsigned long crc_from_now(void)
{
	uint64_t since = now_ns() - last_ts, from;
	unsigned long long frame, prev_frame = 0;
	unsigned long crc, prev = 0;
	char buf[4096];
	ssize_t len;

	from = last_seq + since * refresh_mhz / 1000000000000ull + 1;
	for (int tries = 0; tries < 150; tries++) {
		usleep(20000);
		while ((len = read(crc_fd, buf, sizeof(buf) - 1)) > 0) {
			buf[len] = 0;
			for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
				if (sscanf(line, "%llx %lx", &frame, &crc) != 2 || frame < from)
					continue;
				if (prev_frame && frame == prev_frame + 1 && crc == prev)
					return crc;
				prev_frame = frame;
				prev = crc;
			}
		}
	}
	return 0;
}

/*
 * fb (mapped at data) is on screen showing color: another colour drawn
 * into it without a flip must show, and the colour back its CRC back.
 */
static bool zero_copy(struct dcc_fb *fb, void *data, uint32_t pitch, uint32_t color, char *why,
		      size_t size)
{
	unsigned long before, other, back;

	before = crc_from_now();
	fill(fb, data, pitch, color ^ 0x00ffffff);
	other = crc_from_now();
	fill(fb, data, pitch, color);
	back = crc_from_now();
	snprintf(why, size,
		 "CRC 0x%08lx on screen, 0x%08lx drawn over without a flip, 0x%08lx "
		 "with the colour back",
		 before, other, back);
	return before && other && other != before && back == before;
}

/* ---- a screenshot through dcd (dcctl, D-Bus) ---------------------------------- */

/* The pattern: each pixel's neighbourhood differs, and so do R, G and B. */
static void draw_pattern(struct dcc_fb *fb, void *data, uint32_t pitch)
{
	dcc_fb_begin_access(fb);
	for (uint32_t y = 0; y < dcc_fb_get_height(fb); y++) {
		uint32_t *row = (uint32_t *)((uint8_t *)data + (size_t)y * pitch);

		for (uint32_t x = 0; x < dcc_fb_get_width(fb); x++)
			row[x] = ((x * 5 + y) & 0xff) << 16 | ((y * 3) & 0xff) << 8 |
				 ((x ^ y) & 0xff);
	}
	dcc_fb_end_access(fb);
}

/* CRC-32 (IEEE 802.3, as zlib's) of the pattern's pixels as packed RGB rows. */
static uint32_t pattern_crc(struct dcc_fb *fb, const void *data, uint32_t pitch)
{
	uint32_t c = 0xffffffffu;

	for (uint32_t y = 0; y < dcc_fb_get_height(fb); y++) {
		const uint32_t *row = (const uint32_t *)((const uint8_t *)data + (size_t)y * pitch);

		for (uint32_t x = 0; x < dcc_fb_get_width(fb); x++) {
			uint8_t rgb[3] = { (uint8_t)(row[x] >> 16), (uint8_t)(row[x] >> 8),
					   (uint8_t)row[x] };

			for (int i = 0; i < 3; i++) {
				c ^= rgb[i];
				for (int k = 0; k < 8; k++)
					c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			}
		}
	}
	return ~c;
}

/* Runs dcctl screenshot of Virtual-1; its output in out, its exit status returned. */
static int dcctl_screenshot(char *out, size_t size)
{
	FILE *p = popen("dcctl --bus session --json screenshot Virtual-1 /tmp/shot.png 2>&1", "r");
	size_t used = 0;
	int status;

	out[0] = 0;
	if (!p)
		return -1;
	while (used + 1 < size && fgets(out + used, (int)(size - used), p))
		used = strlen(out);
	status = pclose(p);
	while (used && out[used - 1] == '\n')
		out[--used] = 0;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void screenshot(bool vkms, uint32_t w, uint32_t h)
{
	struct dcc_fb *fb = NULL;
	unsigned long long crc = 0, sw = 0, sh = 0;
	char out[512] = "";
	const char *at;
	uint32_t want = 0;
	int r = dcc_fb_alloc(client, DCC_FORMAT_XRGB8888, w, h, &fb), rc;

	if (r == 0) {
		draw_pattern(fb, dcc_fb_get_data(fb), dcc_fb_get_pitch(fb, 0));
		want = pattern_crc(fb, dcc_fb_get_data(fb), dcc_fb_get_pitch(fb, 0));
		r = flip(fb);
	}
	if (r) {
		result(vkms ? "dcd-kms-screenshot" : "dcd-kms-screenshot-none", false,
		       "a %ux%u pattern flipped: %s", w, h, dcc_last_error_text(client));
		dcc_fb_destroy(fb);
		return;
	}
	rc = dcctl_screenshot(out, sizeof(out));
	if ((at = strstr(out, "\"crc32\"")))
		sscanf(at, "\"crc32\": %llu", &crc);
	if ((at = strstr(out, "\"width\"")))
		sscanf(at, "\"width\": %llu", &sw);
	if ((at = strstr(out, "\"height\"")))
		sscanf(at, "\"height\": %llu", &sh);
	if (vkms)
		result("dcd-kms-screenshot", rc == 0 && crc == want && sw == w && sh == h,
		       "pattern %ux%u CRC-32 0x%08x; dcctl exit %d: %ux%u CRC-32 0x%08llx", w, h,
		       want, rc, (unsigned)sw, (unsigned)sh, crc);
	else
		result("dcd-kms-screenshot-none",
		       rc != 0 && strstr(out, "virtio_gpu") && strstr(out, "writeback"),
		       "dcctl exit %d: %s", rc, out);
	dcc_fb_destroy(fb);
}

/* ---- a dma-buf of the client's own ------------------------------------------------ */

struct own_buffer {
	int dev, fd;
	uint32_t handle, pitch;
	uint64_t size;
	void *map;
};

static int own_buffer(struct own_buffer *b, uint32_t w, uint32_t h, char *why, size_t size)
{
	uint64_t offset;

	b->fd = -1;
	b->dev = open("/dev/dri/card0", O_RDWR | O_CLOEXEC);
	if (b->dev < 0 ||
	    drmModeCreateDumbBuffer(b->dev, w, h, 32, 0, &b->handle, &b->pitch, &b->size) < 0 ||
	    drmModeMapDumbBuffer(b->dev, b->handle, &offset) < 0 ||
	    drmPrimeHandleToFD(b->dev, b->handle, DRM_CLOEXEC | DRM_RDWR, &b->fd) < 0) {
		snprintf(why, size, "a %ux%u dumb buffer of a second file of card0: %s", w, h,
			 strerror(errno));
		return -1;
	}
	b->map = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, b->dev, (off_t)offset);
	if (b->map == MAP_FAILED) {
		snprintf(why, size, "mmap: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* dcd on the simulator: a dma-buf is refused, not mapped. */
static int display_core(void)
{
	uint32_t pitches[4] = { 0 }, offsets[4] = { 0 }, caps = dcc_get_capabilities(client);
	struct dcc_fb *fb = NULL;
	struct own_buffer own;
	char why[256] = "";
	int r;

	if (own_buffer(&own, 64, 64, why, sizeof(why)) < 0) {
		result("dcd-sim-dmabuf-refused", false, "%s", why);
		return 1;
	}
	pitches[0] = own.pitch;
	r = dcc_fb_create(client, own.fd, DCC_FORMAT_XRGB8888, 64, 64, pitches, offsets, &fb);
	result("dcd-sim-dmabuf-refused",
	       (caps & DCC_CAP_FB_ALLOC) && !(caps & DCC_CAP_FB_DMABUF) && r == -EOPNOTSUPP &&
		       strstr(dcc_last_error_text(client),
			      "the Display Core engine (sim) takes sealed memfds only") &&
		       !strcmp(dcc_last_error_reason(client), "fb-fd"),
	       "capabilities 0x%02x; FB_CREATE of a dma-buf: %d, %s (%s)", caps, r,
	       r ? dcc_last_error_text(client) : "taken", r ? dcc_last_error_reason(client) : "");
	dcc_client_destroy(client);
	return 0;
}

int main(int argc, char **argv)
{
	const char *driver = argc > 2 ? argv[2] : "";
	bool vkms = !strcmp(driver, "vkms");
	struct dcc_fb *fb[2] = { NULL, NULL }, *imp = NULL, *tiled = NULL;
	uint32_t pitches[4] = { 0 }, offsets[4] = { 0 };
	const struct dcc_mode *mode;
	struct dcc_config *cfg = NULL;
	struct own_buffer own;
	struct dcc_lease *lease;
	char why[256] = "";
	uint32_t w, h, caps;
	int r = 0;
	bool ok;

	if (argc < 3) {
		fprintf(stderr, "usage: dcd-kms-fbclient SOCKET DRIVER [DCD_PID]\n");
		return 2;
	}
	if (dcc_client_create("fbclient", &client) < 0 ||
	    dcc_client_connect(client, argv[1], 0) < 0) {
		result("dcd-kms-fballoc-caps", false, "connect: %s", dcc_last_error_text(client));
		return 1;
	}
	if (!strcmp(driver, "sim"))
		return display_core();
	caps = dcc_get_capabilities(client);
	result("dcd-kms-fballoc-caps",
	       (caps & (DCC_CAP_FB_ALLOC | DCC_CAP_FB_DMABUF)) ==
		       (DCC_CAP_FB_ALLOC | DCC_CAP_FB_DMABUF),
	       "capabilities 0x%02x from %s", caps, dcc_get_server_name(client));

	for (unsigned i = 0; i < dcc_get_link_count(client); i++) {
		if (!strcmp(dcc_link_get_name(dcc_get_link(client, i)), "Virtual-1"))
			link_ = dcc_get_link(client, i);
	}
	mode = link_ ? dcc_link_get_preferred_mode(link_) : NULL;
	if (!mode || dcc_lease_create(client, &link_, 1, &lease)) {
		result("dcd-kms-fballoc-flips", false, "Virtual-1: no mode or no lease: %s",
		       dcc_last_error_text(client));
		return 1;
	}
	w = dcc_mode_get_width(mode);
	h = dcc_mode_get_height(mode);
	refresh_mhz = dcc_mode_get_refresh_mhz(mode);

	/* ---- FB_ALLOC: dcd's dumb buffers, drawn through their dma-buf ---- */
	for (int i = 0; i < 2 && r == 0; i++) {
		r = dcc_fb_alloc(client, DCC_FORMAT_XRGB8888, w, h, &fb[i]);
		if (r == 0 && !dcc_fb_is_dmabuf(fb[i]))
			r = -EPROTO;
		if (r == 0)
			fill(fb[i], dcc_fb_get_data(fb[i]), dcc_fb_get_pitch(fb[i], 0),
			     i ? 0x000000ff : 0x00ff8000);
	}
	if (r == 0)
		r = dcc_config_create(client, &cfg);
	if (r == 0)
		r = dcc_config_set_output(cfg, link_, mode, fb[0]);
	if (r == 0)
		r = dcc_commit_sync(client, cfg, DCC_COMMIT_ALLOW_MODESET);
	for (unsigned i = 0; i < FLIPS && r == 0; i++)
		r = flip(fb[(i + 1) % 2]);
	result("dcd-kms-fballoc-flips", r == 0 && seq_rising && done_flips == FLIPS,
	       "%ux%u, pitch %u, %s; %u flips, sequences %s up to %llu; %s", w, h,
	       fb[0] ? dcc_fb_get_pitch(fb[0], 0) : 0,
	       fb[0] && dcc_fb_is_dmabuf(fb[0]) ? "dma-bufs" : "not dma-bufs", done_flips,
	       seq_rising ? "rising" : "NOT rising", (unsigned long long)last_seq,
	       r ? dcc_last_error_text(client) : "ok");
	if (r)
		return 1;
	/* after an even number of flips fb[0] is on screen */
	if (vkms) {
		crc_open();
		ok = crc_fd >= 0 &&
		     zero_copy(fb[0], dcc_fb_get_data(fb[0]), dcc_fb_get_pitch(fb[0], 0),
			       0x00ff8000, why, sizeof(why));
		result("dcd-kms-fballoc-zero-copy", ok, "%s", crc_fd < 0 ? strerror(errno) : why);
	}

	if (argc > 3)
		bench(argv[3], driver, fb);
	/* the benchmark ends on fb[0] too (an even number of flips) */

	/* ---- a client's dma-buf: imported, flipped ---- */
	if (own_buffer(&own, w, h, why, sizeof(why)) < 0) {
		result("dcd-kms-dmabuf-import", false, "%s", why);
		return 1;
	}
	pitches[0] = own.pitch;
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t x = 0; x < w; x++)
			((uint32_t *)((uint8_t *)own.map + (size_t)y * own.pitch))[x] = 0x0000ff00;
	r = dcc_fb_create_dmabuf(client, own.fd, DCC_FORMAT_XRGB8888, DRM_FORMAT_MOD_LINEAR, w, h,
				 pitches, offsets, &imp);
	done_flips = 0;
	for (unsigned i = 0; i < 10 && r == 0; i++)
		r = flip(i % 2 ? fb[0] : imp);
	/* imp is on screen again after the 11th */
	if (r == 0)
		r = flip(imp);
	ok = r == 0 && done_flips == 11;
	snprintf(why, sizeof(why), "ok");
	/* drawn through the client's own mapping of the same memory */
	if (ok && vkms && crc_fd >= 0)
		ok = zero_copy(imp, own.map, own.pitch, 0x0000ff00, why, sizeof(why));
	result("dcd-kms-dmabuf-import", ok,
	       "a %ux%u dumb buffer of another file (pitch %u), %u flips: %s", w, h, own.pitch,
	       done_flips, r ? dcc_last_error_text(client) : why);

	/* ---- what the device cannot scan out: kms/import.c's sentence ---- */
	r = dcc_fb_create_dmabuf(client, own.fd, DCC_FORMAT_XRGB8888, I915_FORMAT_MOD_X_TILED, w, h,
				 pitches, offsets, &tiled);
	result("dcd-kms-dmabuf-refused",
	       r < 0 && strstr(dcc_last_error_text(client), "modifier 0x0100000000000001") &&
		       !strcmp(dcc_last_error_reason(client), "fb-modifier"),
	       "%s (%s)", r < 0 ? dcc_last_error_text(client) : "taken",
	       r < 0 ? dcc_last_error_reason(client) : "");
	screenshot(vkms, w, h);
	dcc_config_destroy(cfg);
	dcc_fb_destroy(imp);
	dcc_fb_destroy(fb[0]);
	dcc_fb_destroy(fb[1]);
	dcc_client_destroy(client);
	return 0;
}
