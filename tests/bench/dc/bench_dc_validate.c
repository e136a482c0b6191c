/*
 * dc_validate latency for 1, 3 and 6 displays (Carrizo for 1 and 3, Tonga
 * for 6), each call timed on its own, beside a baseline measured in the
 * same run: copying the same struct dc_state (what any check of a state
 * costs at least). One line per display count:
 *   {"bench":"dc_validate","displays":N,"p50_us":X,"p99_us":Y}
 *   {"bench":"dc_validate_baseline","displays":N,"what":"dc_state copy","p50_us":X,"p99_us":Y}
 * Usage: bench-dc-validate EDID_DIR [--quick]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dc_priv.h"

#define HDMI20 "Dell-DEL4284-ab750b39"
#define HDMI14 "Sony-SNY7C04-d21cca96"
#define DVI    "Eizo-ENC1887-5ea426bb"

static uint32_t no_read(struct dc_hw *hw, uint32_t reg)
{
	return 0;
}

static void no_write(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	fprintf(stderr, "bench-dc-validate: register write 0x%x during validation\n", reg);
	abort();
}

static uint64_t zero_ns(struct dc_hw *hw)
{
	return 0;
}

static void no_delay(struct dc_hw *hw, uint64_t ns)
{
}

static const struct dc_hw_ops ops = { no_read, no_write, zero_ns, no_delay, NULL, NULL };

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int attach(struct dc *dc, unsigned link, const char *dir, const char *name,
		  const struct dc_dp_caps *caps)
{
	char path[512];
	uint8_t buf[32768];
	struct dc_sink *sink;
	size_t n;
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/%s.bin", dir, name);
	f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return -1;
	}
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	ret = dc_link_create_sink(dc, link, buf, n, caps, NULL, &sink);
	if (ret)
		return ret;
	dc_link_set_sink(dc, link, sink);
	dc_sink_unref(sink);
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void percentiles(uint64_t *ns, unsigned n, double *p50, double *p99)
{
	qsort(ns, n, sizeof(*ns), cmp_u64);
	*p50 = ns[n / 2] / 1000.0;
	*p99 = ns[(unsigned)(n * 0.99)] / 1000.0;
}

/* Streams on links 0..n-1: DP links 4K60, TMDS links 1080p60, full-screen planes. */
static void build_state(const struct dc *dc, unsigned n, struct dc_state *st)
{
	struct dc_cvt_params rb = { 3840, 2160, 60000, DC_CVT_RB_V1, false, false, false };
	struct dc_mode uhd, fhd;

	dc_cvt_mode(&uhd, &rb);
	dc_mode_from_vic(&fhd, 16);
	memset(st, 0, sizeof(*st));
	st->stream_count = n;
	for (unsigned i = 0; i < n; i++) {
		struct dc_stream *s = &st->streams[i];
		const struct drm_mode_modeinfo *m =
			dc->links[i].desc.type == DC_LINK_DP ? &uhd.info : &fhd.info;

		s->link = (uint8_t)i;
		s->mode = *m;
		s->encoding = DC_ENCODING_RGB;
		s->bpc = 8;
		s->primary = (struct dc_plane){
			.enabled = true,
			.format = 0x34325258 /* XR24 */,
			.width = m->hdisplay,
			.height = m->vdisplay,
			.pitch = (m->hdisplay * 4u + 255u) & ~255u,
			.address = 0x100000,
			.src_w = (uint32_t)m->hdisplay << 16,
			.src_h = (uint32_t)m->vdisplay << 16,
			.dst_w = m->hdisplay,
			.dst_h = m->vdisplay,
		};
		s->cursor = (struct dc_cursor){ .enabled = true, .width = 64, .height = 64 };
	}
}

static int run(const char *dir, enum dc_asic asic, unsigned n, unsigned iterations)
{
	static const enum dc_link_type types[6] = { DC_LINK_DP, DC_LINK_HDMI_A, DC_LINK_DVI_D,
						    DC_LINK_DP, DC_LINK_DP,	DC_LINK_HDMI_A };
	static const char *const edids[6] = { HDMI20, HDMI20, DVI, HDMI20, HDMI20, HDMI14 };
	struct dc_dp_caps caps = { .dpcd_rev = 0x12, .max_rate_mbps = 5400, .max_lanes = 4 };
	struct dc_hw hw = { &ops };
	struct dc_board b = { .asic = asic, .connector_count = n };
	uint64_t *t = calloc(iterations, sizeof(*t));
	struct dc_state st, copy;
	struct dc_error err;
	double p50, p99;
	struct dc *dc;

	for (unsigned i = 0; i < n; i++)
		b.connectors[i] =
			(struct dc_connector_desc){ types[i],	(uint8_t)i, (uint8_t)i, (uint8_t)i,
						    (uint8_t)i, false,	    false };
	if (!t || dc_create(&hw, &b, &dc))
		return 1;
	for (unsigned i = 0; i < n; i++) {
		if (attach(dc, i, dir, edids[i], types[i] == DC_LINK_DP ? &caps : NULL))
			return 1;
	}
	build_state(dc, n, &st);
	if (dc_validate(dc, &st, &err)) {
		fprintf(stderr, "bench-dc-validate: %s\n", err.message);
		return 1;
	}
	for (unsigned i = 0; i < iterations; i++) {
		uint64_t t0 = now_ns();

		dc_validate(dc, &st, &err);
		t[i] = now_ns() - t0;
	}
	percentiles(t, iterations, &p50, &p99);
	printf("{\"bench\":\"dc_validate\",\"displays\":%u,\"p50_us\":%.2f,\"p99_us\":%.2f}\n", n,
	       p50, p99);
	for (unsigned i = 0; i < iterations; i++) {
		uint64_t t0 = now_ns();

		memcpy(&copy, &st, sizeof(st));
		__asm__ volatile("" : : "r"(&copy) : "memory");
		t[i] = now_ns() - t0;
	}
	percentiles(t, iterations, &p50, &p99);
	printf("{\"bench\":\"dc_validate_baseline\",\"displays\":%u,\"what\":\"dc_state copy\","
	       "\"p50_us\":%.2f,\"p99_us\":%.2f}\n",
	       n, p50, p99);
	dc_destroy(dc);
	free(t);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned iterations = argc > 2 && !strcmp(argv[2], "--quick") ? 2000 : 20000;

	if (argc < 2) {
		fprintf(stderr, "usage: bench-dc-validate EDID_DIR [--quick]\n");
		return 2;
	}
	return run(argv[1], DC_ASIC_CARRIZO, 1, iterations) ||
	       run(argv[1], DC_ASIC_CARRIZO, 3, iterations) ||
	       run(argv[1], DC_ASIC_TONGA, 6, iterations);
}
