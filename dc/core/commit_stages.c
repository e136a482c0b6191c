/*
 * The five stages of a commit, in the order dc_commit runs them:
 *
 *  1 disable removed  blank, stream encoder off, link off, surface and
 *                     cursor off, timing generator off, DMIF buffers
 *                     released, clock released,
 *                     PLLs nobody uses any more powered down
 *  2 program timing   pixel clock (PLL dividers from dc/calcs, or the DP
 *                     DTO), then the timing generator: blanked, with its
 *                     blank color and timing, not started; FMT bit depth
 *                     reduction for the depth the display shows
 *  3 program planes   DMIF buffers and watermarks (pipe_setup.c), then
 *                     surface (format, pitch, extent, address), scaler
 *                     (viewport, destination, ratios, taps, filters) and
 *                     cursor; for unchanged streams the plane registers
 *                     that differ, under GRPH_UPDATE_LOCK and
 *                     SCL_UPDATE_LOCK
 *  4 enable links     stream encoder (front end, HDMI packets, DP pixel
 *                     format), dc_link_enable (DP training; HDMI
 *                     scrambling), DP M/N for the trained rate
 *  5 unblank          blank off where a primary plane shows, the new
 *                     timing generators started together (sync.c), DP
 *                     video on, vblank interrupt as asked
 *
 * Each stage works on the streams of struct dc_commit whose update says so
 * and marks them in c->done, so it can be called again after a failure
 * and rollback knows what to undo. Streams whose update is DC_UPDATE_NONE
 * are never touched.
 */
#include <errno.h>
#include <stdio.h>

#include "../dce110/dce110.h"
#include "dc_priv.h"

static bool uses_pll(const struct dc_stream *s)
{
	return s->res.clock_source >= 0 && s->res.clock_source < DC_CLOCK_SOURCE_DP_DTO;
}

static bool is_dp(enum dc_signal signal)
{
	return signal == DC_SIGNAL_DP || signal == DC_SIGNAL_EDP;
}

void dc_stream_shutdown(struct dc *dc, const struct dc_stream *s)
{
	struct dc_hw *hw = dc->hw;
	unsigned tg = (unsigned)s->res.timing_generator;
	const struct dc_cursor off = { .enabled = false };

	dce110_tg_blank(hw, tg, true);
	dce110_se_disable(hw, dc->pool->regs, (unsigned)s->res.stream_encoder,
			  (unsigned)s->res.link_encoder);
	dc_link_disable(dc, s->link);
	dce110_irq_pflip_enable(hw, tg, false);
	dce110_irq_vline_enable(hw, tg, false, 0);
	dce110_cursor_program(hw, tg, &off);
	dce110_grph_disable(hw, tg);
	dc_crtc_enable(dc, tg, false); /* logged; the shutdown goes on */
	dc_pipe_release(dc, s); /* a stopped pipe fetches nothing: its DMIF buffers go back */
	dce110_clk_release(hw, tg);
	dc_pipe_stop(dc, tg);
	/* as the kernel's DC does with a pipe it powers down */
	dc_bios_pipe_power(dc, tg, false);
}

void dc_plls_release(struct dc *dc, unsigned mask, const struct dc_stream *live, unsigned n,
		     const bool *skip)
{
	for (unsigned i = 0; i < n; i++) {
		if ((!skip || !skip[i]) && uses_pll(&live[i]))
			mask &= ~(1u << live[i].res.clock_source);
	}
	if (!mask || !dc->bios)
		return;
	for (unsigned p = 0; p < dc->pool->plls; p++) {
		if (mask & (1u << p))
			dc_bios_pll_power_down(dc, p);
	}
}

int dc_commit_disable_removed(struct dc *dc, struct dc_commit *c, struct dc_error *err)
{
	unsigned plls = 0;
	char what[80];
	int ret;

	if (!dc || !c)
		return -EINVAL;
	/* DISPCLK for the new pipes before any of them runs (down again at finish) */
	ret = dc_dispclk_raise(dc, c->state.dispclk_khz, err);
	if (ret)
		return ret;
	for (unsigned i = 0; i < c->old.stream_count; i++) {
		const struct dc_stream *s = &c->old.streams[i];

		if (!c->remove[i] || c->removed[i])
			continue;
		dc_fmt_stream(what, sizeof(what), s);
		dc_log(dc, DC_LOG_INFO, "%s: %s off (pipe %d)", dc->links[s->link].name, what,
		       s->res.timing_generator);
		dc_stream_shutdown(dc, s);
		c->removed[i] = true;
		if (uses_pll(s))
			plls |= 1u << s->res.clock_source;
	}
	/* the streams that stay keep theirs; new ones program their own in stage 2 */
	dc_plls_release(dc, plls, c->old.streams, c->old.stream_count, c->remove);
	return 0;
}

int dc_stream_program_dto(struct dc *dc, const struct dc_stream *s, int index, struct dc_error *err)
{
	uint32_t dpref = dc_dprefclk_khz(dc);
	struct dc_dp_dto dto;

	if (dc_dp_dto_compute(dpref, s->mode.clock, &dto))
		return dc_error_set(err, DC_ERR_CLOCK_SOURCE, index, -1,
				    "%s: the DP DTO cannot make %u kHz from %u kHz",
				    dc->links[s->link].name, s->mode.clock, dpref);
	dce110_clk_select_dto(dc->hw, (unsigned)s->res.timing_generator, &dto);
	return 0;
}

static int program_clock(struct dc *dc, const struct dc_stream *s, int index, struct dc_error *err)
{
	if (!uses_pll(s))
		return dc_stream_program_dto(dc, s, index, err);
	/* check_commit refused TMDS streams without an image */
	return dc_bios_pixel_clock(dc, s, err, index);
}

/*
 * The depth the display shows: the stream's, or less when the sink's EDID
 * says its panel has fewer bits (an eDP panel of 6 bpc behind an 8 bpc
 * link); FMT dithers down to it.
 */
static unsigned display_depth(const struct dc *dc, const struct dc_stream *s)
{
	const struct dc_sink *sink = dc->links[s->link].sink;
	const struct dc_edid *edid = sink ? dc_sink_edid_info(sink) : NULL;
	unsigned bpc = s->bpc;

	if (edid && edid->base.digital && edid->base.bpc >= 6 && edid->base.bpc < bpc)
		bpc = edid->base.bpc;
	return bpc;
}

int dc_commit_program_timing(struct dc *dc, struct dc_commit *c, struct dc_error *err)
{
	int ret;

	if (!dc || !c)
		return -EINVAL;
	for (unsigned i = 0; i < c->state.stream_count; i++) {
		const struct dc_stream *s = &c->state.streams[i];
		unsigned tg = (unsigned)s->res.timing_generator;

		if (c->update[i] != DC_UPDATE_MODESET || (c->done[i] & DC_DONE_TIMING))
			continue;
		/* a gated pipe does not take its timing: power first, as the kernel does */
		if (dc_bios_pipe_power(dc, tg, true)) {
			dc_error_set(err, DC_ERR_TIMING_GENERATOR, (int)i, -1,
				     "%s: pipe %u could not be powered up by the video BIOS's "
				     "EnableDispPowerGating",
				     dc->links[s->link].name, tg);
			return -EIO;
		}
		ret = program_clock(dc, s, (int)i, err);
		if (ret)
			return ret;
		if (dce110_tg_enabled(dc->hw, tg) && dc_crtc_enable(dc, tg, false)) {
			dc_error_set(err, DC_ERR_TIMING_GENERATOR, (int)i, -1,
				     "%s: pipe %u could not be stopped (EnableCRTC)",
				     dc->links[s->link].name, tg);
			return -EIO;
		}
		dce110_tg_blank(dc->hw, tg, true);
		dce110_tg_set_blank_color(dc->hw, tg, s->blank_color);
		if (dc_crtc_program_timing(dc, tg, &s->mode)) {
			dc_error_set(err, DC_ERR_TIMING_GENERATOR, (int)i, -1,
				     "%s: pipe %u: the video BIOS's SetCRTC_UsingDTDTiming failed",
				     dc->links[s->link].name, tg);
			return -EIO;
		}
		dce110_tg_set_vrr(dc->hw, tg, s->mode.vtotal, s->res.vrr_vtotal_max);
		dce110_fmt_program(dc->hw, dc->pool->regs, tg, display_depth(dc, s), s->encoding);
		c->done[i] |= DC_DONE_TIMING;
	}
	return 0;
}

static bool plane_same(const struct dc_plane *a, const struct dc_plane *b)
{
	if (a->enabled != b->enabled)
		return false;
	return !a->enabled ||
	       (a->format == b->format && a->modifier == b->modifier && a->width == b->width &&
		a->height == b->height && a->pitch == b->pitch && a->address == b->address &&
		a->src_x == b->src_x && a->src_y == b->src_y && a->src_w == b->src_w &&
		a->src_h == b->src_h && a->dst_x == b->dst_x && a->dst_y == b->dst_y &&
		a->dst_w == b->dst_w && a->dst_h == b->dst_h);
}

/*
 * The scaler setup of a plane: dc_scaler_compute's viewport, ratios, taps
 * and line buffer depth, exactly what validation accepted.
 */
static void scaler_config(struct dc *dc, const struct dc_stream *s, struct dce110_scl_config *cfg)
{
	const struct dc_plane *p = &s->primary;
	struct dc_scaler_result sc;

	if (dc_scaler_compute(&dc->pool->scaler, p->src_x, p->src_y, p->src_w, p->src_h, p->dst_w,
			      p->dst_h, &sc)) {
		/* validation refuses this; show the source unscaled rather than garbage */
		dc_log(dc, DC_LOG_ERROR,
		       "%s: primary plane past the scaler's limits (%d), unscaled",
		       dc->links[s->link].name, (int)sc.limit);
		sc = (struct dc_scaler_result){
			.vp_x = p->src_x >> 16,
			.vp_y = p->src_y >> 16,
			.vp_w = p->dst_w,
			.vp_h = p->dst_h,
			.h_ratio = FIXED31_32_ONE,
			.v_ratio = FIXED31_32_ONE,
			.h_taps = 1,
			.v_taps = 1,
			.lb_bpp = 30,
		};
	}
	*cfg = (struct dce110_scl_config){
		.vp_x = sc.vp_x,
		.vp_y = sc.vp_y,
		.vp_w = sc.vp_w,
		.vp_h = sc.vp_h,
		.active_w = s->mode.hdisplay,
		.active_h = s->mode.vdisplay,
		.dst_x = (uint32_t)p->dst_x,
		.dst_y = (uint32_t)p->dst_y,
		.dst_w = p->dst_w,
		.dst_h = p->dst_h,
		.h_ratio = sc.h_ratio,
		.v_ratio = sc.v_ratio,
		.h_offset = fixed31_32_from_fraction(p->src_x & 0xffff, 0x10000),
		.v_offset = fixed31_32_from_fraction(p->src_y & 0xffff, 0x10000),
		.h_taps = sc.h_taps,
		.v_taps = sc.v_taps,
		.lb_bpp = sc.lb_bpp,
	};
}

static void program_primary(struct dc *dc, const struct dc_stream *s, const struct dc_stream *prev)
{
	struct dc_hw *hw = dc->hw;
	const struct dc_plane *p = &s->primary;
	unsigned tg = (unsigned)s->res.timing_generator;
	struct dce110_scl_config scl;
	bool new_address = !prev || !prev->primary.enabled || prev->primary.address != p->address;

	scaler_config(dc, s, &scl);
	dce110_irq_pflip_enable(hw, tg, true);
	dce110_grph_flip_mode(hw, dc->pool->regs, tg, false);
	if (prev)
		dce110_grph_lock(hw, tg, true); /* everything latches in one frame */
	dce110_grph_program(hw, tg, p);
	dce110_scl_program(hw, tg, &scl);
	if (new_address)
		dce110_grph_set_address(hw, tg, p->address);
	if (prev)
		dce110_grph_lock(hw, tg, false);
	else
		dce110_irq_pflip_ack(hw, tg); /* a stopped pipe latched it at once */
}

void dc_stream_program_planes(struct dc *dc, const struct dc_stream *s,
			      const struct dc_stream *prev)
{
	unsigned tg = (unsigned)s->res.timing_generator;

	if (s->primary.enabled) {
		if (!prev || !plane_same(&prev->primary, &s->primary))
			program_primary(dc, s, prev);
	} else if (!prev || prev->primary.enabled) {
		if (prev)
			dce110_tg_blank(dc->hw, tg, true); /* the blank color where no plane is */
		dce110_grph_disable(dc->hw, tg);
	}
	dce110_cursor_program(dc->hw, tg, &s->cursor);
	dce110_tg_set_blank_color(dc->hw, tg, s->blank_color);
}

int dc_commit_program_planes(struct dc *dc, struct dc_commit *c, struct dc_error *err)
{
	int ret;

	if (!dc || !c)
		return -EINVAL;
	for (unsigned i = 0; i < c->state.stream_count; i++) {
		const struct dc_stream *s = &c->state.streams[i];
		const struct dc_stream *prev =
			c->update[i] == DC_UPDATE_PLANES ? &c->old.streams[c->from[i]] : NULL;

		if (c->update[i] == DC_UPDATE_NONE || (c->done[i] & DC_DONE_PLANES))
			continue;
		/* DMIF buffers before the surface (the public driver: "for Fiji") */
		ret = dc_pipe_setup(dc, s, (int)i, prev, err);
		if (ret)
			return ret;
		dc_stream_program_planes(dc, s, prev);
		c->done[i] |= DC_DONE_PLANES;
	}
	dc_pipe_setup_others(dc, c);
	return 0;
}

int dc_commit_enable_links(struct dc *dc, struct dc_commit *c, struct dc_error *err)
{
	struct dc_link_status st;
	char what[80];
	int ret;

	if (!dc || !c)
		return -EINVAL;
	for (unsigned i = 0; i < c->state.stream_count; i++) {
		const struct dc_stream *s = &c->state.streams[i];
		unsigned se = (unsigned)s->res.stream_encoder;
		struct dce110_stream_config cfg = {
			.signal = s->res.signal,
			.encoding = s->encoding,
			.bpc = s->bpc,
			.tg = (unsigned)s->res.timing_generator,
			.audio = s->res.audio,
			.mode = &s->mode,
		};

		if (c->update[i] != DC_UPDATE_MODESET || (c->done[i] & DC_DONE_LINK))
			continue;
		if (err)
			err->code = DC_ERR_NONE;
		/* the table first: it clears front end fields dce110_se_setup sets */
		ret = dc_bios_encoder_setup(dc, s, err);
		if (!ret) {
			dce110_se_setup(dc->hw, dc->pool->regs, se, (unsigned)s->res.link_encoder,
					&cfg);
			ret = dc_link_enable(dc, s->link, s, err);
		}
		if (ret) {
			if (err && err->code != DC_ERR_NONE && err->stream < 0)
				err->stream = (int)i;
			dc_fmt_stream(what, sizeof(what), s);
			if (err && err->code == DC_ERR_NONE)
				dc_error_set(err, DC_ERR_LINK_TRAINING, (int)i, -1,
					     "%s: the link did not come up for %s (%d)",
					     dc->links[s->link].name, what, ret);
			if (err)
				dc_log(dc, DC_LOG_WARNING, "%s", err->message);
			else
				dc_log(dc, DC_LOG_WARNING, "%s: the link did not come up (%d)",
				       dc->links[s->link].name, ret);
			return ret;
		}
		if (is_dp(s->res.signal) && !dc_link_get_status(dc, s->link, &st))
			dce110_se_dp_link_params(dc->hw, se, s->mode.clock, st.training.rate_mbps);
		c->done[i] |= DC_DONE_LINK;
	}
	return 0;
}

int dc_commit_unblank(struct dc *dc, struct dc_commit *c, struct dc_error *err)
{
	char what[80];
	int ret;

	if (!dc || !c)
		return -EINVAL;
	/* stopped pipes show nothing yet: unblanking first makes their first frame whole */
	for (unsigned i = 0; i < c->state.stream_count; i++) {
		const struct dc_stream *s = &c->state.streams[i];

		if (c->update[i] == DC_UPDATE_MODESET && !(c->done[i] & DC_DONE_UNBLANK))
			dce110_tg_blank(dc->hw, (unsigned)s->res.timing_generator,
					!s->primary.enabled);
	}
	ret = dc_sync_start(dc, c, err);
	if (ret)
		return ret;
	for (unsigned i = 0; i < c->state.stream_count; i++) {
		const struct dc_stream *s = &c->state.streams[i];

		if (c->update[i] == DC_UPDATE_NONE || (c->done[i] & DC_DONE_UNBLANK))
			continue;
		if (c->update[i] == DC_UPDATE_MODESET) {
			if (is_dp(s->res.signal))
				dce110_se_dp_video(dc->hw, (unsigned)s->res.stream_encoder, true);
			dc_vblank_program(dc, s);
			dc_fmt_stream(what, sizeof(what), s);
			dc_log(dc, DC_LOG_INFO, "%s: %s on pipe %d, DIG %d/%d, clock %s%d",
			       dc->links[s->link].name, what, s->res.timing_generator,
			       s->res.stream_encoder, s->res.link_encoder,
			       uses_pll(s) ? "PLL " : "DP DTO ",
			       uses_pll(s) ? s->res.clock_source : s->res.timing_generator);
		} else {
			dce110_tg_blank(dc->hw, (unsigned)s->res.timing_generator,
					!s->primary.enabled);
		}
		c->done[i] |= DC_DONE_UNBLANK;
	}
	return 0;
}
