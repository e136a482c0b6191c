/*
 * What a 4K flip costs on dcd's two scanout paths (docs/performance.md,
 * daemon/scanout.c): on a discrete GPU (Tonga) a client's frame is copied
 * into a VRAM buffer before the engine is pointed at it, so an ASYNC FLIP
 * of a 3840x2160 XRGB8888 framebuffer until its FLIP_DONE includes that
 * copy; on an APU (Carrizo) the engine scans the client's pages out
 * through the GART, no copy. Beside them, measured in the same run: plain
 * memcpy of the same 33,177,600 bytes in this process, from a memfd
 * mapping (as dcd reads a client's frame) into memory it wrote before (as
 * VRAM through the BAR). One line per path:
 *   {"bench":"flip_4k","path":"vram_copy"|"gart","asic":...,"p50_us":X,"p99_us":Y,
 *    "baseline":"memcpy","baseline_p50_us":A,"baseline_p99_us":B,"baseline_gb_s":C}
 * One dcd process at a time (--sim, real time). Usage: bench-flip-4k [ROUNDS] (default 300).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm_fourcc.h>

#include "dct.h"
#include "msgio.h"
#include "pingpong.h"

#define W      3840u
#define H      2160u
#define BYTES  ((size_t)W * 4 * H)
#define WARMUP 10

// clang-format off
static const char scenario_rest[] =
"\"clock\": \"real\", \"vram_mib\": 256, \"connectors\": [\n"
"  { \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0,\n"
"    \"display\": { \"edid\": { \"name\": \"4K DP\", \"serial\": 44, \"preferred\": \"cta-4k60\" },\n"
"      \"dp\": { \"max_rate\": \"HBR2\", \"max_lanes\": 4 } } }\n"
"] }\n";
// clang-format on

static struct dcp_server_msg msg;

static int die(const char *what, int r)
{
	fprintf(stderr, "bench-flip-4k: %s: %s\n", what, r < 0 ? strerror(-r) : "failed");
	if (msg.hdr.opcode == DCP_REPLY_ERROR)
		fprintf(stderr, "bench-flip-4k: %s\n", msg.error.text);
	return 1;
}

/* ASYNC FLIPs alternating between two framebuffers, each until its FLIP_DONE. */
static int time_flips(struct dct_client *c, uint32_t link, const uint32_t fbs[2], unsigned rounds,
		      struct dcb_latency *out)
{
	uint64_t *ns = calloc(rounds, sizeof(*ns));

	if (!ns)
		return -ENOMEM;
	for (unsigned i = 0; i < WARMUP + rounds; i++) {
		struct dcp_flip fl = { .link = link,
				       .fb_id = fbs[(i + 1) % 2],
				       .flags = DCP_FLIP_ASYNC };
		uint64_t t0 = dcb_now_ns();
		int serial = dct_send(c, DCP_REQ_FLIP, 0, &fl, -1);

		if (serial <= 0 || dct_wait_event(c, DCP_EVENT_FLIP_DONE, &msg, 2000) < 0) {
			free(ns);
			return serial <= 0 ? serial : -ETIMEDOUT;
		}
		if (i >= WARMUP)
			ns[i - WARMUP] = dcb_now_ns() - t0;
	}
	dcb_latency_from_ns(ns, rounds, out);
	free(ns);
	return 0;
}

/* memcpy of one frame from a memfd's read-only mapping into written memory. */
static int time_memcpy(unsigned rounds, struct dcb_latency *out)
{
	uint64_t *ns = calloc(rounds, sizeof(*ns));
	int fd = memfd_create("bench-frame", MFD_CLOEXEC);
	uint8_t *src = MAP_FAILED, *dst = malloc(BYTES);
	int r = -ENOMEM;

	if (!ns || !dst || fd < 0 || ftruncate(fd, (off_t)BYTES) < 0)
		goto out;
	src = mmap(NULL, BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (src == MAP_FAILED)
		goto out;
	memset(src, 0x40, BYTES);
	memset(dst, 0, BYTES);
	for (unsigned i = 0; i < WARMUP + rounds; i++) {
		uint64_t t0 = dcb_now_ns();

		memcpy(dst, src, BYTES);
		__asm__ volatile("" ::: "memory"); /* the copy is not optimised away */
		if (i >= WARMUP)
			ns[i - WARMUP] = dcb_now_ns() - t0;
	}
	if (dst[BYTES - 1] != 0x40)
		goto out;
	dcb_latency_from_ns(ns, rounds, out);
	r = 0;
out:
	if (src != MAP_FAILED)
		munmap(src, BYTES);
	if (fd >= 0)
		close(fd);
	free(dst);
	free(ns);
	return r;
}

/* dcd on asic with one 4K DP monitor; the flips' latencies. */
static int run_asic(const char *asic, unsigned rounds, struct dcb_latency *flip)
{
	char scenario[1024];
	struct dct_client *c = NULL;
	struct dct_daemon d;
	uint32_t link, fbs[2];
	int r;

	snprintf(scenario, sizeof(scenario), "{ \"asic\": \"%s\", %s", asic, scenario_rest);
	r = dct_daemon_start(&d, scenario, NULL, NULL);
	if (r < 0)
		return die("starting dcd", r);
	r = dct_connect(d.socket, "bench-4k", &c);
	if (r == 0)
		r = (int)(link = (uint32_t)dct_link_id(c, "DP-1")) < 0 ? -ENOENT : 0;
	if (r == 0)
		r = dct_lease(c, &link, 1, NULL);
	for (unsigned i = 0; r == 0 && i < 2; i++)
		r = dct_fb_create(c, DRM_FORMAT_XRGB8888, W, H, i ? 0x00808080 : 0x00404040,
				  &fbs[i]);
	if (r == 0)
		r = dct_commit_one(c, link, NULL, fbs[0], DCP_COMMIT_ALLOW_MODESET, &msg);
	if (r == 0)
		r = time_flips(c, link, fbs, rounds, flip);
	if (r < 0) {
		dct_daemon_cleanup(&d, true);
		return die(asic, r);
	}
	dct_close(c);
	r = dct_daemon_stop(&d);
	dct_daemon_cleanup(&d, r != 0);
	return r == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *asic, *path, *what;
	} paths[] = {
		{ "tonga", "vram_copy", "its copy into VRAM included" },
		{ "carrizo", "gart", "scanned out of the client's pages through the GART" },
	};
	unsigned rounds = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 300;
	struct dcb_latency flip[2], base;
	int r;

	if (!rounds)
		return die("rounds", -EINVAL);
	for (unsigned i = 0; i < 2; i++) {
		if (run_asic(paths[i].asic, rounds, &flip[i]))
			return 1;
	}
	r = time_memcpy(rounds, &base);
	if (r < 0)
		return die("memcpy baseline", r);
	for (unsigned i = 0; i < 2; i++)
		printf("{\"bench\":\"flip_4k\",\"path\":\"%s\",\"asic\":\"%s\",\"measures\":"
		       "\"ASYNC FLIP of a 3840x2160 XRGB8888 framebuffer to FLIP_DONE, %s\","
		       "\"bytes\":%zu,\"p50_us\":%.1f,\"p99_us\":%.1f,\"baseline\":\"memcpy\","
		       "\"baseline_p50_us\":%.1f,\"baseline_p99_us\":%.1f,\"baseline_gb_s\":%.2f}"
		       "\n",
		       paths[i].path, paths[i].asic, paths[i].what, BYTES, flip[i].p50_us,
		       flip[i].p99_us, base.p50_us, base.p99_us,
		       (double)BYTES / (base.p50_us * 1e3));
	return 0;
}
