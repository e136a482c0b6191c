/* Shared fixtures of the Display Core tests: see dc_test.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "dc_test.h"

static struct fake_hw *to_fake(struct dc_hw *hw)
{
	return (struct fake_hw *)((char *)hw - offsetof(struct fake_hw, base));
}

static uint32_t fake_read(struct dc_hw *hw, uint32_t reg)
{
	to_fake(hw)->reads++;
	return 0;
}

static void fake_write(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	to_fake(hw)->writes++;
	fail_msg("register write 0x%x = 0x%08x where nothing may be programmed", reg, value);
}

static uint64_t fake_now(struct dc_hw *hw)
{
	return 0;
}

static void fake_delay(struct dc_hw *hw, uint64_t ns)
{
}

static int fake_irq_fd(struct dc_hw *hw)
{
	return -1;
}

static const struct dc_hw_ops fake_ops = {
	.read32 = fake_read,
	.write32 = fake_write,
	.now_ns = fake_now,
	.delay_ns = fake_delay,
	.irq_fd = fake_irq_fd,
};

void fake_hw_init(struct fake_hw *f)
{
	memset(f, 0, sizeof(*f));
	f->base.ops = &fake_ops;
}

uint8_t *dct_read_data(const char *rel, size_t *size)
{
	char path[512];
	uint8_t *buf = malloc(1 << 20);
	FILE *fp;

	/* DC_TEST_EDID_DIR is tests/data/edid */
	snprintf(path, sizeof(path), "%s/../%s", DC_TEST_EDID_DIR, rel);
	fp = fopen(path, "rb");
	if (!fp || !buf)
		fail_msg("cannot read %s", path);
	*size = fread(buf, 1, 1 << 20, fp);
	fclose(fp);
	return buf;
}

uint8_t *dct_read_edid(const char *name, size_t *size)
{
	char rel[256];

	snprintf(rel, sizeof(rel), "edid/%s.bin", name);
	return dct_read_data(rel, size);
}

struct dc *dct_create(struct fake_hw *f, const struct dc_board *board)
{
	struct dc *dc = NULL;

	fake_hw_init(f);
	assert_int_equal(dc_create(&f->base, board, &dc), 0);
	return dc;
}

void dct_board(struct dc_board *b, enum dc_asic asic, unsigned n, const enum dc_link_type *types)
{
	memset(b, 0, sizeof(*b));
	b->asic = asic;
	b->connector_count = n;
	for (unsigned i = 0; i < n; i++)
		b->connectors[i] = (struct dc_connector_desc){
			.type = types[i],
			.hpd = (uint8_t)i,
			.ddc = (uint8_t)i,
			.aux = (uint8_t)i,
			.dig_be = (uint8_t)i,
		};
}

struct dc_sink *dct_attach(struct dc *dc, unsigned link, const char *edid_name,
			   const struct dc_dp_caps *dp, const struct dc_dongle *dongle)
{
	struct dc_sink *sink = NULL;
	uint8_t *edid = NULL;
	size_t size = 0;

	if (edid_name)
		edid = dct_read_edid(edid_name, &size);
	assert_int_equal(dc_link_create_sink(dc, link, edid, size, dp, dongle, &sink), 0);
	free(edid);
	assert_int_equal(dc_link_set_sink(dc, link, sink), 0);
	dc_sink_unref(sink); /* the link holds its own reference */
	return dc_link_sink(dc, link);
}

struct dc_dp_caps dct_dp_caps(uint32_t rate_mbps, uint8_t lanes)
{
	return (struct dc_dp_caps){
		.dpcd_rev = 0x12,
		.max_rate_mbps = rate_mbps,
		.max_lanes = lanes,
		.tps3 = true,
		.enhanced_framing = true,
		.sink_count = 1,
	};
}

void dct_mode_vic(struct drm_mode_modeinfo *m, unsigned vic)
{
	struct dc_mode mode;

	assert_int_equal(dc_mode_from_vic(&mode, vic), 0);
	*m = mode.info;
}

void dct_mode_cvt(struct drm_mode_modeinfo *m, unsigned w, unsigned h, unsigned hz,
		  enum dc_cvt_blanking blanking)
{
	struct dc_cvt_params p = {
		.hdisplay = w, .vdisplay = h, .refresh_mhz = hz * 1000, .blanking = blanking
	};
	struct dc_mode mode;

	assert_int_equal(dc_cvt_mode(&mode, &p), 0);
	*m = mode.info;
}

void dct_stream(struct dc_stream *s, unsigned link, const struct drm_mode_modeinfo *m)
{
	uint32_t pitch = (m->hdisplay * 4u + 255u) & ~255u;

	memset(s, 0, sizeof(*s));
	s->link = (uint8_t)link;
	s->mode = *m;
	s->encoding = DC_ENCODING_RGB;
	s->bpc = 8;
	s->primary = (struct dc_plane){
		.enabled = true,
		.format = DRM_FORMAT_XRGB8888,
		.modifier = DRM_FORMAT_MOD_LINEAR,
		.width = m->hdisplay,
		.height = m->vdisplay,
		.pitch = pitch,
		.address = 0x100000,
		.src_w = (uint32_t)m->hdisplay << 16,
		.src_h = (uint32_t)m->vdisplay << 16,
		.dst_w = m->hdisplay,
		.dst_h = m->vdisplay,
	};
}
