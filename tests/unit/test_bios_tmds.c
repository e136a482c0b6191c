/*
 * HDMI and DVI through the video BIOS, as the kernel's DC drives DCE 10/11:
 * DIGxEncoderControl sets the front end up (AMD's Carrizo and Stoney
 * images: revision 1.4), then UNIPHYTransmitterControl powers the PHY up
 * in TMDS mode at the TMDS clock, and powers it down when the stream goes.
 * Asserted on the simulator serving AMD's real images, at register level:
 *  - the PHY PLL of the stream's transmitter runs after the commit (nothing
 *    but the table writes UNIPHY registers), with other settings for
 *    another TMDS clock, and is off again after the stream is removed;
 *  - the encoder table ran before Display Core's own front end setup (the
 *    table clears TMDS_PIXEL_ENCODING, which Display Core then sets);
 *  - the monitor gets frames at the mode's rate, nothing went outside the
 *    register aperture, and what a restarted dcd reads back (dc_snapshot)
 *    is the committed state (the tables keep DIG_MODE HDMI or DVI);
 *  - a transmitter off the image's board, or an image without the
 *    transmitter table, is refused before anything is written; our own
 *    Tonga image's transmitter table runs the PHY at ten times the TMDS
 *    clock per lane, and on Polaris (DCE 11.2) the image's table 1.6 runs
 *    for HDMI although DP stays refused there;
 *  - our own images' DIGxEncoderControl (1.4 on Tonga, 1.5 on Polaris)
 *    sets the stream's front end up, and a table of the test's own that
 *    records its parameters gets the kernel's for both revisions.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bios_rom.h"
#include "dc_link_test.h"
#include "dc_sim_test.h"
#include "dce110_link.h"

#define NS_PER_S 1000000000ull

/* The TMDS clock channel's 10-bit character: five ones, five zeros (docs/bios.md). */
#define TMDS_CLOCK_PATTERN 0x1f

/* HDMI on UNIPHY B, DVI on UNIPHY C (both on AMD's Carrizo board), HDMI on UNIPHY D (not). */
#define SCENARIO(asic)                                                                \
	"{ \"asic\": \"" asic "\", \"clock\": \"virtual\", \"connectors\": ["         \
	"  { \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2,"     \
	"    \"encoder\": 1, \"display\": { \"edid\": { \"input\": \"hdmi\","         \
	"    \"preferred\": \"cta-1080p60\", \"vics\": [ 4, 16, 95 ],"                \
	"    \"hdmi\": { \"max_tmds_mhz\": 300 }, \"range\": { \"v_hz\": [ 24, 60 ]," \
	"    \"h_khz\": [ 15, 140 ], \"max_pixel_mhz\": 300 } } } },"                 \
	"  { \"name\": \"DVI-D-1\", \"type\": \"DVI\", \"hpd\": 3, \"ddc\": 3,"       \
	"    \"encoder\": 2, \"display\": { \"edid\": { \"input\": \"dvi\","          \
	"    \"preferred\": \"cta-720p60\" } } },"                                    \
	"  { \"name\": \"HDMI-A-2\", \"type\": \"HDMI\", \"hpd\": 4, \"ddc\": 4,"     \
	"    \"encoder\": 3, \"display\": { \"edid\": { \"input\": \"hdmi\","         \
	"    \"preferred\": \"cta-1080p60\", \"vics\": [ 16 ],"                       \
	"    \"hdmi\": { \"max_tmds_mhz\": 300 } } } } ] }"

static uint32_t uniphy(struct dst *t, unsigned n, uint32_t generic)
{
	return dc_hw_read(t->hw, generic + dce110_uniphy_offsets[n]);
}

static bool phy_pll_on(struct dst *t, unsigned n)
{
	return uniphy(t, n, mmUNIPHY_PLL_CONTROL1) & UNIPHY_PLL_CONTROL1__UNIPHY_PLL_ENABLE_MASK;
}

/* Writes recorded since the trace started that hit reg. */
static unsigned writes_to(struct dst *t, uint32_t reg, size_t *last)
{
	unsigned n = 0;

	for (size_t i = 0; i < sim_trace_count(t->sim); i++) {
		struct sim_trace_entry e;

		assert_int_equal(sim_trace_get(t->sim, i, &e), 0);
		if (e.reg == reg) {
			n++;
			if (last)
				*last = i;
		}
	}
	return n;
}

static void assert_no_bad_access(struct dst *t)
{
	struct sim_stats ss;

	sim_get_stats(t->sim, &ss);
	assert_int_equal(ss.bad_reg_accesses, 0);
}

/* Frames reach the monitor at the mode's rate (within 0.1 %). */
static void assert_frames_at_mode_rate(struct dst *t, const struct dc_stream *s)
{
	uint64_t since = sim_now_ns(t->sim);
	double got, want = dst_refresh_mhz(&s->mode) / 1000.0;

	assert_int_equal(sim_advance(t->sim, NS_PER_S / 2), 0);
	/* only this stream's frames: an earlier one on the same pipe came before */
	got = dst_timeline_hz_since(t, (unsigned)s->res.timing_generator, since);
	if (got < want * 0.999 || got > want * 1.001)
		fail_msg("%.4f Hz on the timeline, the mode has %.4f Hz", got, want);
}

/* Commits VIC vic alone on link in encoding enc; returns the committed stream. */
static const struct dc_stream *commit_vic_in(struct dst *t, unsigned link, unsigned vic,
					     enum dc_pixel_encoding enc)
{
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;

	dst_stream_vic(t, link, vic, &st.streams[0], dst_fb(t, 640, 480, 0x2040ff));
	st.streams[0].encoding = enc;
	assert_int_equal(sim_trace_start(t->sim, 1u << 18), 0);
	if (dc_commit(t->dc, &st, &err))
		fail_msg("VIC %u: %s", vic, err.message);
	return &dc_current_state(t->dc)->streams[0];
}

static const struct dc_stream *commit_vic(struct dst *t, unsigned link, unsigned vic)
{
	return commit_vic_in(t, link, vic, DC_ENCODING_RGB);
}

static void commit_nothing(struct dst *t)
{
	struct dc_state none = { .stream_count = 0 };
	struct dc_error err;

	if (dc_commit(t->dc, &none, &err))
		fail_msg("removing the stream: %s", err.message);
}

/* What a restarted dcd reads back is what was committed. */
static void assert_snapshot_is_current(struct dst *t, enum dc_signal signal)
{
	struct dc_state snap;

	assert_int_equal(dc_snapshot(t->dc, &snap), 0);
	assert_int_equal(snap.stream_count, 1);
	assert_int_equal(snap.streams[0].res.signal, signal);
	assert_true(dc_state_equal(&snap, dc_current_state(t->dc)));
}

static void hdmi_on(const char *json, enum dc_asic asic)
{
	struct dst *t = dst_create(json, asic);
	unsigned link = dst_link(t, "HDMI-A-1"), uni = 1;
	const struct dc_stream *s;
	uint32_t fbdiv_148, tx_148;
	unsigned se;

	assert_true(dc_bios_phy(t->dc, uni));
	/* 148.5 MHz in YCbCr 4:2:2 */
	s = commit_vic_in(t, link, 16, DC_ENCODING_YCBCR422);
	assert_int_equal(s->res.signal, DC_SIGNAL_HDMI);
	assert_int_equal(s->res.link_encoder, (int)uni);
	assert_true(phy_pll_on(t, uni));
	assert_true(dc_hw_read(t->hw, mmSYMCLKB_CLOCK_ENABLE) & 1);
	se = (unsigned)s->res.stream_encoder;
	/* DIGxEncoderControl ran (it alone writes DIG_CLOCK_PATTERN, leaving the
	 * TMDS clock character our own table writes too), and before Display
	 * Core's front end setup: it clears TMDS_PIXEL_ENCODING, which must say
	 * 4:2:2 afterwards */
	assert_true(writes_to(t, mmDIG_CLOCK_PATTERN + dce110_dig_offsets[se], NULL) > 0);
	assert_int_equal(dc_hw_read(t->hw, mmDIG_CLOCK_PATTERN + dce110_dig_offsets[se]),
			 TMDS_CLOCK_PATTERN);
	assert_int_equal(DC_FIELD_GET(dc_hw_read(t->hw, mmDIG_FE_CNTL + dce110_dig_offsets[se]),
				      DIG_FE_CNTL, TMDS_PIXEL_ENCODING),
			 1);
	assert_int_equal(DC_FIELD_GET(dc_hw_read(t->hw, mmDIG_FE_CNTL + dce110_dig_offsets[se]),
				      DIG_FE_CNTL, DIG_SOURCE_SELECT),
			 (unsigned)s->res.timing_generator);
	assert_frames_at_mode_rate(t, s);
	assert_snapshot_is_current(t, DC_SIGNAL_HDMI);
	assert_no_bad_access(t);
	fbdiv_148 = uniphy(t, uni, mmUNIPHY_PLL_FBDIV);
	tx_148 = uniphy(t, uni, mmUNIPHY_PLL_CONTROL1);

	/* 297 MHz: the table set the PHY up for that clock */
	commit_nothing(t);
	assert_false(phy_pll_on(t, uni));
	s = commit_vic(t, link, 95);
	assert_int_equal(s->res.pixel_clock_khz, 297000);
	assert_true(phy_pll_on(t, uni));
	assert_true(uniphy(t, uni, mmUNIPHY_PLL_FBDIV) != fbdiv_148 ||
		    uniphy(t, uni, mmUNIPHY_PLL_CONTROL1) != tx_148);
	assert_frames_at_mode_rate(t, s);
	assert_snapshot_is_current(t, DC_SIGNAL_HDMI);

	/* the stream goes: the table powers the PHY down */
	commit_nothing(t);
	assert_false(phy_pll_on(t, uni));
	assert_no_bad_access(t);
	dst_destroy(t);
}

static void hdmi_through_amds_tables(void **state)
{
	(void)state;
	hdmi_on(SCENARIO("carrizo"), DC_ASIC_CARRIZO);
	hdmi_on(SCENARIO("stoney"), DC_ASIC_STONEY);
}

static void dvi_through_amds_tables(void **state)
{
	struct dst *t = dst_create(SCENARIO("carrizo"), DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "DVI-D-1"), uni = 2;
	const struct dc_stream *s;

	(void)state;
	s = commit_vic(t, link, 4);
	assert_int_equal(s->res.signal, DC_SIGNAL_DVI_SINGLE);
	assert_true(phy_pll_on(t, uni));
	assert_true(
		writes_to(t,
			  mmDIG_CLOCK_PATTERN + dce110_dig_offsets[(unsigned)s->res.stream_encoder],
			  NULL) > 0);
	assert_frames_at_mode_rate(t, s);
	assert_snapshot_is_current(t, DC_SIGNAL_DVI_SINGLE);
	commit_nothing(t);
	assert_false(phy_pll_on(t, uni));
	assert_no_bad_access(t);
	dst_destroy(t);
}

/*
 * UNIPHY D is not on the Carrizo image's board, so its table does not
 * power that PHY up (docs/bios.md). The DIG registers alone would show a
 * picture on the simulator and leave the PHY off on silicon: the commit is
 * refused, naming the output, the transmitter and why, before anything
 * is written, and what was lit stays lit.
 */
static void off_board_transmitter_is_refused(void **state)
{
	struct dst *t = dst_create(SCENARIO("carrizo"), DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-2"), uni = 3;
	struct dc_state st = { .stream_count = 1 };
	const struct dc_stream *lit;
	struct dc_error err;

	(void)state;
	assert_false(dc_bios_phy(t->dc, uni));
	lit = commit_vic(t, dst_link(t, "HDMI-A-1"), 16);
	assert_int_equal(lit->res.link_encoder, 1);

	dst_stream_vic(t, link, 16, &st.streams[0], dst_fb(t, 640, 480, 0x2040ff));
	assert_int_equal(sim_trace_start(t->sim, 1u << 18), 0);
	assert_int_equal(dc_commit(t->dc, &st, &err), -EOPNOTSUPP);
	assert_int_equal(err.code, DC_ERR_LINK_ENCODER);
	assert_int_equal(err.stream, 0);
	assert_string_equal(
		err.message,
		"HDMI-A-2: HDMI output refused: UNIPHY D cannot be powered up (UNIPHY D "
		"is not on the board of video BIOS 113-C75100-031, whose "
		"UNIPHYTransmitterControl drives only its own transmitters)");
	assert_int_equal(sim_trace_count(t->sim), 0);
	assert_false(dc_hw_read(t->hw, mmDIG_BE_EN_CNTL + dce110_dig_offsets[uni]) &
		     DIG_BE_EN_CNTL__DIG_ENABLE_MASK);
	assert_int_equal(dc_current_state(t->dc)->stream_count, 1);
	assert_int_equal(dc_current_state(t->dc)->streams[0].link, dst_link(t, "HDMI-A-1"));
	assert_true(phy_pll_on(t, 1));
	assert_frames_at_mode_rate(t, &dc_current_state(t->dc)->streams[0]);
	dst_destroy(t);
}

/*
 * An image with SetPixelClock but no UNIPHYTransmitterControl (one the
 * test writes: FirmwareInfo and an empty SetPixelClock 1.6): no table can
 * power a TMDS PHY up, so the commit is refused, naming the image and the
 * missing table, before a register is written.
 */
static void no_transmitter_table_is_refused(void **state)
{
	struct dst *t = dst_create(SCENARIO("tonga"), DC_ASIC_TONGA);
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;
	struct rom rom;

	(void)state;
	rom_init_for_dc(&rom);
	rom_finish(&rom);
	assert_int_equal(dc_set_vbios(t->dc, rom.b, sizeof(rom.b), &err), 0);
	assert_false(dc_bios_phy_tmds(t->dc, 1));

	dst_stream_vic(t, dst_link(t, "HDMI-A-1"), 16, &st.streams[0],
		       dst_fb(t, 640, 480, 0x2040ff));
	assert_int_equal(sim_trace_start(t->sim, 1u << 18), 0);
	assert_int_equal(dc_commit(t->dc, &st, &err), -EOPNOTSUPP);
	assert_int_equal(err.code, DC_ERR_LINK_ENCODER);
	assert_string_equal(err.message,
			    "HDMI-A-1: HDMI output refused: UNIPHY B cannot be powered up (video "
			    "BIOS OURS-TEST-001 has no UNIPHYTransmitterControl table (76))");
	assert_int_equal(sim_trace_count(t->sim), 0);
	assert_int_equal(dc_current_state(t->dc)->stream_count, 0);
	dst_destroy(t);
}

/*
 * The front end's setup through our own DIGxEncoderControl (1.4 on DCE 10,
 * 1.5 on DCE 11.2): it leaves the TMDS clock character in the stream's
 * front end, and Display Core's own setup comes after it (the table
 * clears TMDS_PIXEL_ENCODING, which says 4:2:2 afterwards).
 */
static void assert_own_front_end_setup(struct dst *t, const struct dc_stream *s,
				       unsigned pixel_encoding)
{
	uint32_t fe = dce110_dig_offsets[(unsigned)s->res.stream_encoder];

	assert_int_equal(writes_to(t, mmDIG_CLOCK_PATTERN + fe, NULL), 1);
	assert_int_equal(dc_hw_read(t->hw, mmDIG_CLOCK_PATTERN + fe), TMDS_CLOCK_PATTERN);
	assert_int_equal(DC_FIELD_GET(dc_hw_read(t->hw, mmDIG_FE_CNTL + fe), DIG_FE_CNTL,
				      TMDS_PIXEL_ENCODING),
			 pixel_encoding);
}

/*
 * Polaris (DCE 11.2): the kernel powers the TMDS PHY up with the image's
 * UNIPHYTransmitterControl 1.6, and so does Display Core, although it
 * refuses DP there (the PHY cannot be read back). Our own Polaris table
 * sets the transmitter's UNIPHY_LINK_ENABLE, which nothing else writes:
 * set after the commit, clear once the stream is gone.
 */
static void polaris_runs_its_transmitter_table_for_tmds(void **state)
{
	struct dst *t = dst_create(SCENARIO("polaris10"), DC_ASIC_POLARIS10);
	unsigned uni = 1;
	uint32_t xbar = mmUNIPHYA_CHANNEL_XBAR_CNTL + 2 * uni;
	const struct dc_stream *s;

	(void)state;
	assert_true(dc_bios_phy_tmds(t->dc, uni));
	assert_false(dc_bios_phy(t->dc, uni));
	assert_false(dc_hw_read(t->hw, xbar) & UNIPHYA_CHANNEL_XBAR_CNTL__UNIPHY_LINK_ENABLE_MASK);
	s = commit_vic(t, dst_link(t, "HDMI-A-1"), 16);
	assert_int_equal(s->res.link_encoder, (int)uni);
	assert_true(dc_hw_read(t->hw, xbar) & UNIPHYA_CHANNEL_XBAR_CNTL__UNIPHY_LINK_ENABLE_MASK);
	assert_own_front_end_setup(t, s, 0);
	assert_frames_at_mode_rate(t, s);
	assert_no_bad_access(t);
	commit_nothing(t);
	assert_false(dc_hw_read(t->hw, xbar) & UNIPHYA_CHANNEL_XBAR_CNTL__UNIPHY_LINK_ENABLE_MASK);
	dst_destroy(t);
}

/*
 * Our own Tonga image: DIGxEncoderControl 1.4 sets the front end up, and
 * the transmitter table runs the PHY at ten bits per TMDS clock on each
 * lane, in the reading of the PLL fields docs/bios.md gives.
 */
static void own_image_runs_the_phy_at_the_tmds_bit_rate(void **state)
{
	struct dst *t = dst_create(SCENARIO("tonga"), DC_ASIC_TONGA);
	unsigned link = dst_link(t, "HDMI-A-1"), uni = 1;
	const unsigned vics[] = { 4, 16, 95 };
	const struct dc_stream *s;

	(void)state;
	for (unsigned i = 0; i < 3; i++) {
		uint32_t rate = 0;
		uint8_t sw[4], pe[4];

		s = commit_vic(t, link, vics[i]);
		assert_true(dce110_uniphy_dp_read(t->hw, uni, &rate, sw, pe));
		assert_int_equal(rate, s->res.pixel_clock_khz / 100);
		assert_own_front_end_setup(t, s, 0);
		assert_true(dc_hw_read(t->hw, mmDIG_BE_EN_CNTL + dce110_dig_offsets[uni]) &
			    DIG_BE_EN_CNTL__DIG_ENABLE_MASK);
		assert_frames_at_mode_rate(t, s);
		assert_snapshot_is_current(t, DC_SIGNAL_HDMI);
		commit_nothing(t);
		assert_false(phy_pll_on(t, uni));
	}
	s = commit_vic_in(t, link, 16, DC_ENCODING_YCBCR422);
	assert_own_front_end_setup(t, s, 1);
	assert_frames_at_mode_rate(t, s);
	dst_destroy(t);
}

/* BIOS_SCRATCH_0..2 (bif_5_0_d.h): where the test's own table leaves its parameters. */
static const uint32_t scratch[3] = { 0x5c9, 0x5ca, 0x5cb };

/*
 * An image whose DIGxEncoderControl (revision 1.rev) only copies its
 * first three parameter dwords into BIOS_SCRATCH_0..2, so the test reads
 * what Display Core passed.
 */
static void give_probe_image(struct dst *t, uint8_t rev)
{
	struct dc_error err;
	struct rom rom;

	rom_init_for_dc(&rom);
	rom_add_recording_cmd(&rom, DC_BIOS_CMD_DIG_ENCODER_CONTROL, rev, 12, scratch, 3);
	rom_finish(&rom);
	assert_int_equal(dc_set_vbios(t->dc, rom.b, sizeof(rom.b), &err), 0);
}

/* Runs the setup for a stream of signal on front end fe and reads the three dwords back. */
static void setup_reads(struct dst *t, enum dc_signal signal, unsigned fe, uint32_t khz,
			uint8_t bpc, uint32_t got[3])
{
	struct dc_stream s = { .bpc = bpc };
	struct dc_error err;

	s.res.signal = signal;
	s.res.stream_encoder = (int8_t)fe;
	s.res.pixel_clock_khz = khz;
	for (unsigned i = 0; i < 3; i++)
		dc_hw_write(t->hw, scratch[i], 0xdeadbeef);
	assert_int_equal(dc_bios_encoder_setup(t->dc, &s, &err), 0);
	for (unsigned i = 0; i < 3; i++)
		got[i] = dc_hw_read(t->hw, scratch[i]);
}

#define SETUP 0x0f /* ATOM_ENCODER_CMD_SETUP */
#define DVI   2	   /* ATOM_ENCODER_MODE_DVI */
#define HDMI  3	   /* ATOM_ENCODER_MODE_HDMI */

/*
 * The parameters Display Core gives DIGxEncoderControl are the kernel's
 * (command_table.c, encoder_control_digx_v4/v5, with the stream
 * encoder's HDMI and DVI attributes): for 1.4 the clock in a word and the
 * front end in the config byte, whose link rate bits say 2.7 GHz for
 * dual-link DVI; for 1.5 the front end first and the clock in a dword.
 * The clock is the TMDS clock (deep colour included), as the kernel's
 * comments ask, not the kernel's second scaling of it (docs/bios.md). DVI
 * gets no colour depth, HDMI its own; DP runs nothing.
 */
static void encoder_parameters_are_the_kernels(void **state)
{
	struct dst *t = dst_create(SCENARIO("tonga"), DC_ASIC_TONGA);
	uint32_t got[3];

	(void)state;
	give_probe_image(t, 4);
	assert_int_equal(t->dc->bios_dec_rev, 4);
	/* HDMI 4K30 at 10 bits: a 371.25 MHz TMDS clock, front end 3 */
	setup_reads(t, DC_SIGNAL_HDMI, 3, 371250, 10, got);
	assert_int_equal(got[0], 37125 | 0x30u << 16 | SETUP << 24);
	assert_int_equal(got[1], HDMI | 4u << 8 | 3u << 16);
	/* HDMI 1080p at 8 bits on front end 0 */
	setup_reads(t, DC_SIGNAL_HDMI, 0, 148500, 8, got);
	assert_int_equal(got[0], 14850 | 0x00u << 16 | SETUP << 24);
	assert_int_equal(got[1], HDMI | 4u << 8 | 2u << 16);
	/* dual-link DVI at 268.5 MHz on front end 2: eight lanes, link rate 1 */
	setup_reads(t, DC_SIGNAL_DVI_DUAL, 2, 268500, 8, got);
	assert_int_equal(got[0], 26850 | 0x21u << 16 | SETUP << 24);
	assert_int_equal(got[1], DVI | 8u << 8);
	/* DP: the table does not run */
	setup_reads(t, DC_SIGNAL_DP, 1, 162000, 8, got);
	assert_int_equal(got[0], 0xdeadbeef);

	give_probe_image(t, 5);
	assert_int_equal(t->dc->bios_dec_rev, 5);
	setup_reads(t, DC_SIGNAL_HDMI, 3, 371250, 10, got);
	assert_int_equal(got[0], 3 | SETUP << 8 | HDMI << 16 | 4u << 24);
	assert_int_equal(got[1], 37125); /* the TMDS clock, not 37125 x 30 / 24 again */
	assert_int_equal(got[2] & 0xff, 3);
	setup_reads(t, DC_SIGNAL_HDMI, 4, 445500, 12, got);
	assert_int_equal(got[1], 44550);
	assert_int_equal(got[2] & 0xff, 4);
	setup_reads(t, DC_SIGNAL_HDMI, 0, 148500, 8, got);
	assert_int_equal(got[0], 0 | SETUP << 8 | HDMI << 16 | 4u << 24);
	assert_int_equal(got[1], 14850);
	assert_int_equal(got[2] & 0xff, 2);
	setup_reads(t, DC_SIGNAL_DVI_SINGLE, 1, 65000, 8, got);
	assert_int_equal(got[0], 1 | SETUP << 8 | DVI << 16 | 4u << 24);
	assert_int_equal(got[1], 6500);
	assert_int_equal(got[2] & 0xff, 0);

	/* another revision is not one dcd knows: nothing runs */
	give_probe_image(t, 3);
	assert_int_equal(t->dc->bios_dec_rev, 0);
	setup_reads(t, DC_SIGNAL_HDMI, 0, 148500, 8, got);
	assert_int_equal(got[0], 0xdeadbeef);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hdmi_through_amds_tables),
		cmocka_unit_test(dvi_through_amds_tables),
		cmocka_unit_test(off_board_transmitter_is_refused),
		cmocka_unit_test(no_transmitter_table_is_refused),
		cmocka_unit_test(polaris_runs_its_transmitter_table_for_tmds),
		cmocka_unit_test(own_image_runs_the_phy_at_the_tmds_bit_rate),
		cmocka_unit_test(encoder_parameters_are_the_kernels),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
