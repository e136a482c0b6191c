/*
 * The CTA-861 decoder on hand-made extension blocks: every decoded data
 * block, HDMI/HF/AMD/Microsoft VSDBs, unknown blocks kept raw, lengths that
 * run past the collection, impossible DTD offsets, and the sink summary.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dc_edid.h"
#include "edid_build.h"

static struct dc_edid *parse_ext(const uint8_t *ext)
{
	uint8_t two[256];
	struct dc_edid *e;

	edid_two_blocks(two, ext);
	e = edid_test_parse(two, sizeof(two));
	assert_true(e->blocks[1].checksum_ok);
	return e;
}

/* A CTA block whose data block collection is exactly these bytes. */
static struct dc_edid *parse_blocks(const uint8_t *blocks, size_t len)
{
	uint8_t x[128];

	edid_cta_header(x, (uint8_t)(4 + len), 0x40);
	memcpy(x + 4, blocks, len);
	return parse_ext(x);
}

static void test_full_block(void **state)
{
	uint8_t x[128];
	struct dc_edid *e;

	edid_cta_full(x);
	e = parse_ext(x);
	const struct dc_edid_cta *cta = &e->cta;

	assert_int_equal(cta->num_blocks, 1);
	assert_int_equal(cta->revision, 3);
	assert_true(cta->underscan && cta->basic_audio && cta->ycbcr444 && cta->ycbcr422);
	assert_int_equal(cta->native_dtds, 1);

	/* video: the reserved SVD 0 is skipped but still counts as a position */
	assert_int_equal(cta->num_svds, 4);
	assert_int_equal(cta->svds[0].vic, 16);
	assert_true(cta->svds[0].native);
	assert_int_equal(cta->svds[1].vic, 4);
	assert_false(cta->svds[1].native);
	assert_int_equal(cta->svds[2].vic, 193);
	assert_int_equal(cta->svds[2].position, 3);
	assert_int_equal(cta->svds[3].vic, 97);
	assert_true(edid_has_warning(e, DC_EDID_WARN_RESERVED, "SVD 0x00 is reserved"));
	assert_true(cta->svds[0].ycbcr420);
	assert_false(cta->svds[1].ycbcr420 || cta->svds[2].ycbcr420 || cta->svds[3].ycbcr420);
	assert_int_equal(cta->num_y420_vics, 2);
	assert_int_equal(cta->y420_vics[0], 97);
	assert_int_equal(cta->y420_vics[1], 96);
	assert_true(cta->has_y420_cmdb);
	assert_false(cta->y420_cmdb_all);

	/* audio */
	assert_int_equal(cta->num_sads, 2);
	assert_int_equal(cta->sads[0].format, 1);
	assert_int_equal(cta->sads[0].channels, 2);
	assert_int_equal(cta->sads[0].rates, 0x07);
	assert_int_equal(cta->sads[0].byte3, 0x07);
	assert_int_equal(cta->sads[1].format, 2);
	assert_int_equal(cta->sads[1].channels, 6);
	assert_int_equal(cta->sads[1].byte3 * 8, 640);
	char name[64];

	dc_edid_audio_format_name(&cta->sads[1], name, sizeof(name));
	assert_string_equal(name, "AC-3");
	assert_true(cta->has_speaker_allocation);
	assert_int_equal(cta->speaker_allocation[0], 0x4f);

	/* HDMI VSDB */
	const struct dc_edid_hdmi_vsdb *h = &cta->hdmi;

	assert_true(h->present);
	assert_int_equal(h->physical_address, 0x1000);
	assert_true(h->supports_ai && h->dc_36bit && h->dc_30bit && h->dc_y444);
	assert_false(h->dc_48bit || h->dvi_dual);
	assert_int_equal(h->max_tmds_mhz, 300);
	assert_true(h->has_latency);
	assert_false(h->has_interlaced_latency);
	assert_int_equal(h->video_latency, 11);
	assert_int_equal(h->audio_latency, 6);
	assert_true(h->hdmi_video_present && h->has_3d);
	assert_int_equal(h->num_hdmi_vics, 1);
	assert_int_equal(h->hdmi_vics[0], 1);

	/* HDMI Forum VSDB */
	const struct dc_edid_hdmi_forum *hf = &cta->hf;

	assert_true(hf->present);
	assert_false(hf->is_scdb);
	assert_int_equal(hf->version, 1);
	assert_int_equal(hf->max_tmds_char_rate_mhz, 600);
	assert_true(hf->scdc_present && hf->lte_340mcsc_scramble);
	assert_false(hf->rr_capable);
	assert_int_equal(hf->max_frl_rate, 3);
	assert_int_equal(hf->max_frl_lanes, 4);
	assert_int_equal(hf->max_frl_gbps_per_lane, 6);
	assert_true(hf->dc_420_30bit);
	assert_false(hf->dc_420_36bit);
	assert_true(hf->allm);
	assert_true(hf->has_vrr);
	assert_int_equal(hf->vrr_min_hz, 48);
	assert_int_equal(hf->vrr_max_hz, 120);
	assert_true(hf->dsc_1p2);
	assert_int_equal(hf->dsc_max_frl_rate, 3);
	assert_int_equal(hf->dsc_max_frl_lanes, 4);
	assert_int_equal(hf->dsc_max_slices, 4);
	assert_int_equal(hf->dsc_total_chunk_kbytes, 1);

	/* extended tags */
	assert_true(cta->has_colorimetry);
	assert_int_equal(cta->colorimetry, 0x00c0);
	assert_true(cta->hdr.present);
	assert_int_equal(cta->hdr.eotfs, 0x0d);
	assert_int_equal(cta->hdr.metadata_types, 1);
	assert_true(cta->hdr.has_max_luminance && cta->hdr.has_max_fall &&
		    cta->hdr.has_min_luminance);
	assert_int_equal(cta->hdr.min_luminance, 0x10);
	assert_true(cta->has_video_capability);
	assert_int_equal(cta->video_capability, 0xca);

	/* every data block is kept, all of these decoded */
	assert_int_equal(cta->num_data_blocks, 10);
	for (size_t i = 0; i < cta->num_data_blocks; i++)
		assert_true(cta->data_blocks[i].known);

	/* the DTD after the collection, numbered after the base block's */
	assert_int_equal(e->num_dtds, 2);
	assert_int_equal(e->dtds[1].source, DC_EDID_TIMING_CTA_DTD);
	assert_int_equal(e->dtds[1].block, 1);
	assert_int_equal(e->dtds[1].dtd_number, 2);
	assert_int_equal(e->dtds[1].hactive, 1920);

	/* summary */
	const struct dc_edid_caps *c = &e->caps;

	assert_true(c->hdmi && c->hdmi_forum);
	assert_int_equal(c->max_tmds_khz, 600000);
	assert_true(c->scdc && c->scrambling_below_340);
	assert_int_equal(c->vrr_source, DC_EDID_VRR_HDMI_FORUM);
	assert_int_equal(c->vrr_min_hz, 48);
	assert_int_equal(c->vrr_max_hz, 120);
	assert_true(c->hdr);
	assert_true(c->ycbcr444 && c->ycbcr422 && c->ycbcr420);
	assert_int_equal(c->rgb_bpc, DC_EDID_BPC_8 | DC_EDID_BPC_10 | DC_EDID_BPC_12);
	assert_int_equal(c->ycbcr444_bpc, DC_EDID_BPC_8 | DC_EDID_BPC_10 | DC_EDID_BPC_12);
	assert_int_equal(c->ycbcr420_bpc, DC_EDID_BPC_8 | DC_EDID_BPC_10);
	assert_true(c->audio);
	assert_int_equal(c->non_desktop, DC_EDID_DESKTOP);
	dc_edid_destroy(e);
}

static void test_unknown_blocks_kept_raw(void **state)
{
	static const uint8_t blocks[] = {
		0xc2, 0xaa, 0xbb,	      /* tag 6: reserved */
		0xe2, 0x7f, 0x11,	      /* extended tag 0x7f: unknown */
		0x64, 0x11, 0x22, 0x33, 0x44, /* vendor OUI 33-22-11 */
		0xe4, 0x11, 0x46, 0xd0, 0x00, /* vendor-specific audio: defined, raw */
	};
	struct dc_edid *e = parse_blocks(blocks, sizeof(blocks));
	const struct dc_edid_data_block *db = e->cta.data_blocks;

	assert_int_equal(e->cta.num_data_blocks, 4);
	assert_int_equal(db[0].tag, 6);
	assert_int_equal(db[0].length, 2);
	assert_memory_equal(db[0].payload, blocks + 1, 2);
	assert_false(db[0].known);
	assert_int_equal(db[1].tag, 7);
	assert_int_equal(db[1].ext_tag, 0x7f);
	assert_false(db[1].known);
	assert_int_equal(db[2].tag, 3);
	assert_int_equal(db[2].oui, 0x332211);
	assert_memory_equal(db[2].payload, blocks + 7, 4);
	assert_false(db[2].known);
	assert_int_equal(db[3].ext_tag, 0x11);
	assert_false(db[3].known);
	/* payloads point into the decoder's own copy */
	for (int i = 0; i < 4; i++)
		assert_true(db[i].payload > e->raw && db[i].payload < e->raw + 256);
	assert_true(edid_has_warning(e, DC_EDID_WARN_RESERVED, "tag 6 is reserved"));
	assert_true(edid_has_warning(e, DC_EDID_WARN_UNKNOWN, "extended tag 0x7f"));
	assert_false(e->caps.hdmi);
	dc_edid_destroy(e);
}

static void test_length_past_collection(void **state)
{
	uint8_t x[128];
	struct dc_edid *e;

	/* a Video Data Block claiming 31 bytes in a 4-byte collection */
	edid_cta_header(x, 8, 0);
	x[4] = 0x5f;
	x[5] = 0x10;
	x[6] = 0x04;
	x[7] = 0x03;
	e = parse_ext(x);
	assert_true(edid_has_warning(e, DC_EDID_WARN_TRUNCATED, "length 31 runs past"));
	assert_int_equal(e->cta.num_svds, 3);
	assert_int_equal(e->cta.data_blocks[0].length, 3);
	dc_edid_destroy(e);

	/* an HDMI VSDB with no room for the physical address */
	static const uint8_t short_hdmi[] = { 0x63, 0x03, 0x0c, 0x00 };

	e = parse_blocks(short_hdmi, sizeof(short_hdmi));
	assert_true(e->cta.hdmi.present);
	assert_int_equal(e->cta.hdmi.max_tmds_mhz, 0);
	assert_true(edid_has_warning(e, DC_EDID_WARN_TRUNCATED, "HDMI VSDB"));
	assert_true(e->caps.hdmi);
	assert_int_equal(e->caps.max_tmds_khz, 0);
	dc_edid_destroy(e);

	/* a vendor block too short for its OUI, and an HF-VSDB before the HDMI VSDB */
	static const uint8_t odd[] = { 0x62, 0x03, 0x0c, 0x64, 0xd8, 0x5d, 0xc4, 0x01 };

	e = parse_blocks(odd, sizeof(odd));
	assert_false(e->cta.hdmi.present);
	assert_true(e->cta.hf.present);
	assert_int_equal(e->cta.hf.max_tmds_char_rate_mhz, 0);
	assert_true(edid_has_warning(e, DC_EDID_WARN_TRUNCATED, "no room for an OUI"));
	assert_true(edid_has_warning(e, DC_EDID_WARN_INVALID, "does not follow the HDMI VSDB"));
	dc_edid_destroy(e);
}

static void test_dtd_offsets(void **state)
{
	uint8_t x[128];
	struct dc_edid *e;

	edid_cta_header(x, 2, 0);
	x[4] = 0x41;
	x[5] = 0x10;
	e = parse_ext(x);
	assert_true(edid_has_warning(e, DC_EDID_WARN_INVALID, "offset 2 points into the header"));
	assert_int_equal(e->cta.num_svds, 0);
	assert_int_equal(e->num_dtds, 1);
	dc_edid_destroy(e);

	/* offset past the end: data blocks fill the block, no DTDs, nothing read beyond */
	edid_cta_header(x, 200, 0);
	for (int i = 4; i < 127; i += 31) {
		x[i] = 0x5e;
		memset(x + i + 1, 0x01, 30);
	}
	e = parse_ext(x);
	assert_true(edid_has_warning(e, DC_EDID_WARN_INVALID, "offset 200 is past the block end"));
	assert_int_equal(e->num_dtds, 1);
	assert_true(e->cta.num_svds > 100);
	dc_edid_destroy(e);

	/* offset 4: no data blocks, DTDs right away; revision 1 has no flags */
	edid_cta_header(x, 4, 0xff);
	x[1] = 1;
	memcpy(x + 4, dtd_1080i, 18);
	e = parse_ext(x);
	assert_int_equal(e->num_dtds, 2);
	assert_true(e->dtds[1].interlaced);
	assert_false(e->cta.basic_audio);
	assert_int_equal(e->cta.num_data_blocks, 0);
	dc_edid_destroy(e);
}

static void test_amd_and_microsoft(void **state)
{
	static const uint8_t amd[] = { 0x68, 0x1a, 0x00, 0x00, 0x01, 0x01, 0x30, 0x90, 0x00 };
	struct dc_edid *e = parse_blocks(amd, sizeof(amd));

	assert_true(e->cta.amd.present);
	assert_int_equal(e->cta.amd.min_refresh_hz, 48);
	assert_int_equal(e->cta.amd.max_refresh_hz, 144);
	assert_int_equal(e->caps.vrr_source, DC_EDID_VRR_AMD);
	assert_int_equal(e->caps.vrr_min_hz, 48);
	assert_int_equal(e->caps.vrr_max_hz, 144);
	assert_false(e->caps.hdmi);
	dc_edid_destroy(e);

	uint8_t ms[22] = { 0x75, 0x5c, 0x12, 0xca, 0x03, 0x07 };

	for (int i = 0; i < 16; i++)
		ms[6 + i] = (uint8_t)(0xa0 + i);
	e = parse_blocks(ms, sizeof(ms));
	assert_true(e->cta.microsoft.present);
	assert_int_equal(e->cta.microsoft.version, 3);
	assert_int_equal(e->cta.microsoft.primary_use_case, 7);
	assert_false(e->cta.microsoft.desktop_usage);
	assert_int_equal(e->cta.microsoft.container_id[15], 0xaf);
	assert_int_equal(e->caps.non_desktop, DC_EDID_NON_DESKTOP_MICROSOFT_VSDB);
	dc_edid_destroy(e);

	/* version 3 with the desktop-usage bit: an ordinary monitor */
	ms[5] = 0x40 | 0x04;
	e = parse_blocks(ms, sizeof(ms));
	assert_true(e->cta.microsoft.desktop_usage);
	assert_int_equal(e->caps.non_desktop, DC_EDID_DESKTOP);
	dc_edid_destroy(e);
}

static void test_cmdb_all_and_audio_oddities(void **state)
{
	static const uint8_t blocks[] = {
		0x42, 0x10, 0x04,	/* VICs 16, 4 */
		0xe1, 0x0f,		/* capability map without bitmap: all */
		0x27, 0x00, 0x07, 0x07, /* reserved format 0 */
		0xff, 0x87, 0x68,	/* L-PCM 3D audio: ext 13, 32 ch */
		0xff,			/* a 7th byte: length not a multiple of 3 */
	};
	struct dc_edid *e = parse_blocks(blocks, sizeof(blocks));

	assert_true(e->cta.y420_cmdb_all);
	assert_true(e->cta.svds[0].ycbcr420 && e->cta.svds[1].ycbcr420);
	assert_true(e->caps.ycbcr420);
	assert_int_equal(e->cta.num_sads, 2);
	assert_int_equal(e->cta.sads[0].format, 0);
	assert_int_equal(e->cta.sads[1].format, 15);
	char name[64];

	assert_int_equal(e->cta.sads[1].ext_format, 13);
	assert_int_equal(e->cta.sads[1].channels, 32);
	dc_edid_audio_format_name(&e->cta.sads[1], name, sizeof(name));
	assert_string_equal(name, "L-PCM 3D Audio");
	dc_edid_audio_format_name(&e->cta.sads[0], name, sizeof(name));
	assert_string_equal(name, "Reserved (0x00)");
	assert_true(edid_has_warning(e, DC_EDID_WARN_RESERVED, "audio format code 0"));
	assert_true(edid_has_warning(e, DC_EDID_WARN_INVALID, "not a multiple of 3"));
	/* basic audio is set in the header by parse_blocks */
	assert_true(e->caps.audio);
	dc_edid_destroy(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_block),
		cmocka_unit_test(test_unknown_blocks_kept_raw),
		cmocka_unit_test(test_length_past_collection),
		cmocka_unit_test(test_dtd_offsets),
		cmocka_unit_test(test_amd_and_microsoft),
		cmocka_unit_test(test_cmdb_all_and_audio_oddities),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
