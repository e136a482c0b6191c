/*
 * Tonga and Fiji (DCE 10.0) on the simulator: every register write Display
 * Core makes while it detects displays of each kind, commits them (HDMI and
 * DP audio, DVI, YCbCr 4:2:2 over HDMI), flips (at vblank and
 * immediately), moves a cursor, resets a stuck AUX engine and turns
 * everything off again must go to a register that AMD's public DCE 10.0
 * header (dce_10_0_d.h) defines, and set only bits of fields that
 * dce_10_0_sh_mask.h defines for it. Pipe setup (DMIF buffers, watermarks)
 * is among the writes, and the memory hub's DMIF limit is judged against
 * the GMC 8.1 header.
 *
 * Polaris 10 runs the same against the DCE 11.2 header, with its HDMI
 * monitor at 4K60 (scrambled).
 *
 * The display PLLs are programmed by the simulator's own video BIOS image
 * (SetPixelClock 1.6 on DCE 10, 1.7 on DCE 11.2): its writes are judged
 * like Display Core's, and some must have reached the PLL block of the
 * generation (BPHYC_PLLn / DC_DISPLAYPLLREGSn, 0x1700 + n x 0x2a).
 *
 * There is no exception: a write above the register aperture (where a
 * simulator-only register would sit) is not in the header and fails.
 *
 * Usage: test-regs-dce10-writes SOURCE_ROOT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc_sim_test.h"
#include "dce110_regs.h"
#include "pubregs.h"

static const char *source_root;

/* One register of the public header: its address and the union of its field masks. */
struct pubaddr {
	uint32_t reg;
	uint32_t fields;
	const char *name;
};

struct judge {
	struct pubaddr *addrs;
	size_t naddrs;
	const char *gen;		    /* "dce_10_0" */
	const struct dce110_regs_gen *regs; /* what dc uses on that generation */
	unsigned writes, bad, pll;
	/* what the scenario meant to exercise did happen */
	bool audio_on, immediate_flip, hdmi_422, aux, aux_reset;
	/* pipe setup: DMIF buffers given and taken back, watermarks written */
	bool dmif_alloc, dmif_free, watermarks;
};

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);

	return n >= m && !strcmp(s + n - m, tail);
}

static int cmp_addr(const void *a, const void *b)
{
	const struct pubaddr *x = a, *y = b;

	return x->reg < y->reg ? -1 : x->reg > y->reg;
}

/*
 * The fields of a register named mmINST (an instance name such as
 * CRTC1_CRTC_CONTROL or DP_AUX2_AUX_CONTROL): the sh_mask header lists them
 * under the generic name, so leading words are dropped until a name with
 * fields is left.
 */
static uint32_t fields_of(const struct pubregs *pub, const char *inst)
{
	for (const char *n = inst; n; n = strchr(n, '_') ? strchr(n, '_') + 1 : NULL) {
		uint32_t m = pubregs_field_masks(pub, n);

		if (m)
			return m;
	}
	return 0;
}

/* reg is instance n of generic, for some n < count */
static bool instance_of(uint32_t reg, uint32_t generic, const uint32_t *offsets, unsigned count)
{
	for (unsigned i = 0; i < count; i++)
		if (reg == generic + offsets[i])
			return true;
	return false;
}

static void judge_load(struct judge *j, struct pubregs *pub)
{
	char dir[4096];

	snprintf(dir, sizeof(dir), "%s/third_party/amd-registers", source_root);
	assert_int_equal(pubregs_load_gen(pub, dir, j->gen), 0);
	j->addrs = calloc(pub->count, sizeof(*j->addrs));
	assert_non_null(j->addrs);
	for (size_t i = 0; i < pub->count; i++) {
		const struct pubreg *d = &pub->defs[i];

		if (strncmp(d->name, "mm", 2))
			continue;
		j->addrs[j->naddrs++] = (struct pubaddr){ .reg = (uint32_t)d->value,
							  .fields = fields_of(pub, d->name + 2),
							  .name = d->name };
	}
	qsort(j->addrs, j->naddrs, sizeof(*j->addrs), cmp_addr);
	/* several names for one address (generic and instance 0): one entry, all fields */
	size_t out = 0;
	for (size_t i = 0; i < j->naddrs; i++) {
		if (out && j->addrs[out - 1].reg == j->addrs[i].reg) {
			j->addrs[out - 1].fields |= j->addrs[i].fields;
			continue;
		}
		j->addrs[out++] = j->addrs[i];
	}
	j->naddrs = out;
}

static void judge_write(void *data, const struct sim_trace_entry *e)
{
	struct judge *j = data;
	struct pubaddr key = { .reg = e->reg };
	const struct pubaddr *a;

	j->writes++;
	if (e->reg >= 0x1700 && e->reg < 0x1700 + 3 * 0x2a)
		j->pll++;
	a = bsearch(&key, j->addrs, j->naddrs, sizeof(*j->addrs), cmp_addr);
	if (!a) {
		if (j->bad++ < 20)
			print_error("write of 0x%08x to 0x%04x: no register there in %s_d.h\n",
				    e->value, e->reg, j->gen);
		return;
	}
	if (instance_of(e->reg, j->regs->audio_on_reg, dce110_dig_offsets, DCE110_MAX_DIGS))
		j->audio_on |= e->value & j->regs->audio_on_mask;
	if (instance_of(e->reg, mmGRPH_FLIP_CONTROL, dce110_crtc_offsets, DCE110_MAX_PIPES))
		j->immediate_flip |= e->value & j->regs->flip_immediate_mask;
	if (ends_with(a->name, "DIG_FE_CNTL"))
		j->hdmi_422 |= e->value & DIG_FE_CNTL__TMDS_PIXEL_ENCODING_MASK;
	if (instance_of(e->reg, mmAUX_CONTROL, dce110_aux_offsets, DCE110_MAX_AUXES) &&
	    (e->value & j->regs->aux_reset_mask) == j->regs->aux_reset_assert)
		j->aux_reset = true;
	if (instance_of(e->reg, mmPIPE0_DMIF_BUFFER_CONTROL, dce110_dmif_offsets,
			DCE110_MAX_DMIF)) {
		if (e->value & PIPE0_DMIF_BUFFER_CONTROL__DMIF_BUFFERS_ALLOCATED_MASK)
			j->dmif_alloc = true;
		else
			j->dmif_free = true;
	}
	if (instance_of(e->reg, mmDPG_PIPE_URGENCY_CONTROL, dce110_crtc_offsets, DCE110_MAX_PIPES))
		j->watermarks |= e->value != 0;
	if (ends_with(a->name, "AUX_SW_CONTROL"))
		j->aux |= e->value & AUX_SW_CONTROL__AUX_SW_GO_MASK;
	if (e->value & ~a->fields) {
		if (j->bad++ < 20)
			print_error("write of 0x%08x to %s (0x%04x): bits 0x%08x are in no field "
				    "%s_sh_mask.h defines for it\n",
				    e->value, a->name, e->reg, e->value & ~a->fields, j->gen);
	}
}

/* monitors with audio (CONN, AUX, ENC: dc_sim_test.h) */
// clang-format off
#define AUDIO "\"audio\": [ { \"format\": \"lpcm\", \"channels\": 2, \"rates_khz\": [ 48 ], \"bits\": [ 16 ] } ]"
#define DP_AUDIO_DISPLAY(n, mode) \
	"\"display\": { \"edid\": { \"name\": \"" n "\", \"input\": \"dp\", " \
	"\"preferred\": \"" mode "\", " AUDIO " }, \"dp\": { \"max_rate\": \"HBR2\", \"max_lanes\": 4 } }"
#define HDMI_AUDIO_DISPLAY(n) \
	"\"display\": { \"edid\": { \"name\": \"" n "\", \"preferred\": \"cta-1080p60\", " \
	"\"vics\": [ 16, 4 ], \"hdmi\": { \"deep_color\": [ 30 ] }, " AUDIO " } }"

/* Radeon R9 285 style: two DVI, HDMI, DP */
static const char tonga[] = "{ \"asic\": \"tonga\", \"connectors\": ["
	CONN("DVI-D-1", "DVI", 1) ENC(0)
	"\"display\": { \"edid\": { \"name\": \"lcd\", \"input\": \"dvi\", \"bpc\": 0, "
	"\"preferred\": \"cvt-rb-1920x1200@60\" } } },"
	CONN("DVI-D-2", "DVI", 2) ENC(2)
	"\"display\": { \"edid\": { \"name\": \"old lcd\", \"input\": \"dvi\", \"bpc\": 0, "
	"\"preferred\": \"dmt-1280x1024@60\" } } },"
	CONN("HDMI-A-1", "HDMI", 3) ENC(3) HDMI_AUDIO_DISPLAY("tv") " },"
	CONN("DP-1", "DP", 4) AUX(4, 4) DP_AUDIO_DISPLAY("hub", "cvt-rb-2560x1440@60") " } ] }";

/* Radeon R9 Fury X style: three DP, one HDMI */
static const char fiji[] = "{ \"asic\": \"fiji\", \"connectors\": ["
	CONN("DP-1", "DP", 1) AUX(1, 0) DP_AUDIO_DISPLAY("left", "cta-1080p60") " },"
	CONN("DP-2", "DP", 2) AUX(2, 1) DP_AUDIO_DISPLAY("middle", "cvt-rb-2560x1440@60") " },"
	CONN("DP-3", "DP", 3) AUX(3, 2) DP_AUDIO_DISPLAY("right", "cta-720p60") " },"
	CONN("HDMI-A-1", "HDMI", 4) ENC(3) HDMI_AUDIO_DISPLAY("tv") " } ] }";

/*
 * Radeon RX 480 style, the HDMI monitor an HDMI 2.0 one at 4K60 (last, so
 * it is the HDMI stream judged below). DCE 11.2's DP PHY is the video
 * BIOS's on registers its header only reserves, and dcd does not run that
 * table (docs/hardware.md): DP-1 is detected over AUX but carries no
 * stream, and a second HDMI and DVI monitor take the DP monitors' places.
 */
static const char polaris10[] = "{ \"asic\": \"polaris10\", \"connectors\": ["
	CONN("DP-1", "DP", 1) AUX(1, 0) DP_AUDIO_DISPLAY("left", "cta-1080p60") " },"
	CONN("HDMI-A-2", "HDMI", 2) ENC(1) HDMI_AUDIO_DISPLAY("tv") " },"
	CONN("DVI-D-2", "DVI", 5) ENC(4) /* DVI-D-1's timing: they share a PLL (3 on Polaris 10) */
	"\"display\": { \"edid\": { \"name\": \"lcd 2\", \"input\": \"dvi\", \"bpc\": 0, "
	"\"preferred\": \"cvt-rb-1920x1200@60\" } } },"
	CONN("DVI-D-1", "DVI", 3) ENC(2)
	"\"display\": { \"edid\": { \"name\": \"lcd\", \"input\": \"dvi\", \"bpc\": 0, "
	"\"preferred\": \"cvt-rb-1920x1200@60\" } } },"
	CONN("HDMI-A-1", "HDMI", 4) ENC(3)
	"\"display\": { \"edid\": { \"name\": \"uhd tv\", \"preferred\": \"cta-4k60\", "
	"\"vics\": [ 97, 16 ], \"hdmi\": { \"max_tmds_mhz\": 340, \"deep_color\": [ 30 ] }, "
	"\"hf_vsdb\": { \"max_tmds_char_rate_mhz\": 600, \"scdc\": true }, " AUDIO " } } } ] }";
// clang-format on

/* A preferred-mode stream on every link with a monitor of the types asked for. */
static void all_streams(struct dst *t, struct dc_state *st, bool dp, bool other)
{
	*st = (struct dc_state){ .stream_count = 0 };
	for (unsigned l = 0; l < dc_link_count(t->dc); l++) {
		const struct dc_mode *m;
		size_t n;

		if (!dc_link_sink(t->dc, l) || !(dc_link_type(t->dc, l) == DC_LINK_DP ? dp : other))
			continue;
		m = dc_sink_modes(dc_link_sink(t->dc, l), &n);
		dst_stream(t, l, &st->streams[st->stream_count],
			   dst_fb(t, m[0].info.hdisplay, m[0].info.vdisplay, 0x00204060u));
		st->stream_count++;
	}
}

static void run_scenario(const char *json, enum dc_asic asic, const char *gen, enum dce110_gen regs)
{
	struct dst *t = dst_create(json, asic);
	struct judge j = { .gen = gen, .regs = &dce110_regs_gens[regs] };
	struct pubregs pub = { 0 };
	struct dc_state st;
	struct dc_error err;
	const struct dc_state *cur;
	unsigned hdmi = 0, audio = 0;
	bool have_hdmi = false;

	judge_load(&j, &pub);
	sim_set_trace_callback(t->sim, judge_write, &j);
	for (unsigned l = 0; l < dc_link_count(t->dc); l++)
		assert_int_equal(dc_link_detect(t->dc, l), 0);

	if (regs == DCE110_GEN_11_2) {
		/* no DP stream on DCE 11.2, refused with the reason */
		all_streams(t, &st, true, false);
		assert_int_equal(st.stream_count, 1);
		assert_int_not_equal(dc_commit(t->dc, &st, &err), 0);
		print_message("%s\n", err.message);
		assert_non_null(strstr(err.message, "DP-1: DP output refused"));
		assert_non_null(strstr(err.message, "reserved in its public header"));
	}
	all_streams(t, &st, regs != DCE110_GEN_11_2, true);
	assert_int_equal(st.stream_count, 4);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_run(t, 40000000, 1000000);
	cur = dc_current_state(t->dc);
	for (unsigned i = 0; i < cur->stream_count; i++) {
		if (cur->streams[i].res.signal == DC_SIGNAL_HDMI) {
			hdmi = i;
			have_hdmi = true;
		}
		audio += cur->streams[i].res.audio >= 0;
	}
	assert_true(have_hdmi);
	/* the Polaris scenario's HDMI monitor runs 4K60: scrambled */
	assert_int_equal(cur->streams[hdmi].res.hdmi_scrambling, regs == DCE110_GEN_11_2);
	assert_true(audio >= 2); /* HDMI and DP audio both ran (Polaris: two HDMI) */

	/* flips at vblank, then immediate ones (no IMMEDIATE_EN on DCE 10) */
	for (unsigned i = 0; i < cur->stream_count; i++) {
		const struct drm_mode_modeinfo *m = &cur->streams[i].mode;
		uint64_t fb = dst_fb(t, m->hdisplay, m->vdisplay, 0x00804020u);

		assert_int_equal(dc_flip(t->dc, cur->streams[i].link, fb, 0, i), 0);
	}
	dst_run(t, 40000000, 1000000);
	for (unsigned i = 0; i < cur->stream_count; i++) {
		const struct drm_mode_modeinfo *m = &cur->streams[i].mode;
		uint64_t fb = dst_fb(t, m->hdisplay, m->vdisplay, 0x00408020u);

		assert_int_equal(dc_flip(t->dc, cur->streams[i].link, fb, DC_FLIP_IMMEDIATE, i), 0);
	}
	dst_run(t, 40000000, 1000000);
	assert_int_equal(t->nflips, 2 * cur->stream_count);

	/* a cursor */
	struct dc_cursor c = { .enabled = true, .width = 64, .height = 64, .x = 100, .y = 80 };
	c.address = dst_fb(t, 64, 64, 0xff00ff00u);
	assert_int_equal(dc_cursor_update(t->dc, cur->streams[0].link, &c), 0);
	dst_run(t, 20000000, 1000000);

	/* HDMI in YCbCr 4:2:2 (DIG_FE_CNTL.TMDS_PIXEL_ENCODING, FMT 4:2:2 packing) */
	st = *cur;
	st.streams[hdmi].encoding = DC_ENCODING_YCBCR422;
	st.streams[hdmi].bpc = 10;
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_run(t, 40000000, 1000000);

	/* an AUX engine that never finishes: DC resets it the generation's way */
	for (unsigned l = 0; l < dc_link_count(t->dc); l++) {
		if (dc_link_type(t->dc, l) != DC_LINK_DP)
			continue;
		t->lt->faults.aux_stuck = 1;
		dc_link_detect(t->dc, l); /* its result is not the point here */
		assert_int_equal(t->lt->faults.aux_stuck, 0);
		break;
	}

	/* everything off */
	st = (struct dc_state){ .stream_count = 0 };
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_run(t, 20000000, 1000000);

	sim_set_trace_callback(t->sim, NULL, NULL);
	print_message("%s: %u register writes, %u to the display PLLs, %u not in %s_*.h\n",
		      dc_asic_name(asic), j.writes, j.pll, j.bad, gen);
	assert_true(j.pll > 0);
	assert_true(j.audio_on);
	assert_true(j.immediate_flip);
	assert_true(j.hdmi_422);
	assert_true(j.aux);
	assert_true(j.aux_reset);
	assert_true(j.dmif_alloc);
	assert_true(j.dmif_free);
	assert_true(j.watermarks);
	assert_int_equal(j.bad, 0);
	free(j.addrs);
	pubregs_free(&pub);
	dst_destroy(t);
}

static void tonga_writes_only_dce10_registers(void **state)
{
	(void)state;
	run_scenario(tonga, DC_ASIC_TONGA, "dce_10_0", DCE110_GEN_10_0);
}

static void fiji_writes_only_dce10_registers(void **state)
{
	(void)state;
	run_scenario(fiji, DC_ASIC_FIJI, "dce_10_0", DCE110_GEN_10_0);
}

/* The same on Polaris 10 against the DCE 11.2 header (its HDMI at 4K60, scrambled). */
static void polaris10_writes_only_dce112_registers(void **state)
{
	(void)state;
	run_scenario(polaris10, DC_ASIC_POLARIS10, "dce_11_2", DCE110_GEN_11_2);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tonga_writes_only_dce10_registers),
		cmocka_unit_test(fiji_writes_only_dce10_registers),
		cmocka_unit_test(polaris10_writes_only_dce112_registers),
	};

	if (argc != 2) {
		fprintf(stderr, "usage: %s SOURCE_ROOT\n", argv[0]);
		return 2;
	}
	source_root = argv[1];
	return cmocka_run_group_tests(tests, NULL, NULL);
}
