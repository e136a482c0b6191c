/*
 * The EDID glue of the mode list: walks a decoded EDID (dc_edid.h) and
 * feeds every timing it names to a dc_mode_list, then finishes it (merge,
 * range limits, sort). Which formula resolves a standard timing follows
 * the table in docs/modes.md.
 */
#include <errno.h>

#include "dc_edid.h"
#include "dc_modes.h"

/* HDMI VSDB HDMI_VIC 1..4 are these CTA-861 VICs (HDMI 1.4b table 8-13). */
static const uint8_t hdmi_vic_to_cta[] = { 0, 95, 94, 93, 98 };

/* Bad or unrepresentable timings are skipped; only running out of memory stops us. */
static int fatal(int ret)
{
	return ret == -ENOMEM ? ret : 0;
}

static int add_detailed(struct dc_mode_list *list, const struct dc_edid_timing *t, size_t n,
			enum dc_mode_source source)
{
	for (size_t i = 0; i < n; i++) {
		struct drm_mode_modeinfo info;
		int ret;

		if (dc_edid_timing_to_modeinfo(&t[i], &info))
			continue;
		ret = fatal(dc_mode_list_add_timing(list, &info, source, t[i].preferred));
		if (ret)
			return ret;
	}
	return 0;
}

static int add_established(struct dc_mode_list *list, uint64_t bits)
{
	for (unsigned bit = 0; bit <= 60; bit++) {
		int ret;

		if (!(bits & (UINT64_C(1) << bit)))
			continue;
		ret = bit <= 16 ? dc_mode_list_add_established(list, bit)
				: dc_mode_list_add_established3(list, bit - 17);
		if (fatal(ret))
			return ret;
	}
	return 0;
}

/* The formula for standard timings that are not in DMT (docs/modes.md). */
static enum dc_std_formula std_formula(const struct dc_edid *e, bool *prefer_rb,
				       struct dc_gtf_secondary *gtf2)
{
	const struct dc_edid_base *b = &e->base;
	const struct dc_edid_range_limits *r = &b->range;

	*prefer_rb = false;
	if (b->version > 1 || (b->version == 1 && b->revision >= 4)) {
		if (r->present && r->timing_support == 4) {
			*prefer_rb = r->cvt_reduced_blanking;
			return *prefer_rb ? DC_STD_CVT_RB : DC_STD_CVT;
		}
		return b->continuous_freq ? DC_STD_CVT : DC_STD_DMT_ONLY;
	}
	if (r->present && r->timing_support == 2) {
		*gtf2 = (struct dc_gtf_secondary){
			.start_khz = r->gtf_start_hfreq_khz,
			.c_x2 = r->gtf_c2,
			.m = r->gtf_m,
			.k = r->gtf_k,
			.j_x2 = r->gtf_j2,
		};
		return DC_STD_GTF2;
	}
	return b->continuous_freq ? DC_STD_GTF : DC_STD_DMT_ONLY;
}

static int add_standard(struct dc_mode_list *list, const struct dc_edid *e)
{
	struct dc_gtf_secondary gtf2 = { 0 };
	bool prefer_rb;
	enum dc_std_formula formula = std_formula(e, &prefer_rb, &gtf2);

	for (size_t i = 0; i < e->num_std_timings; i++) {
		const struct dc_edid_std_timing *st = &e->std_timings[i];
		int ret = dc_mode_list_add_std(list, st->hactive, st->vactive, st->refresh_hz,
					       formula, prefer_rb, &gtf2);

		if (fatal(ret))
			return ret;
	}
	return 0;
}

/* CVT 3-byte codes: E-EDID 1.4 section 3.10.3.8. */
static int add_cvt_codes(struct dc_mode_list *list, const struct dc_edid *e)
{
	static const unsigned aspect[4][2] = { { 4, 3 }, { 16, 9 }, { 16, 10 }, { 15, 9 } };
	/* rate bits 4..1 at normal blanking, bit 0 at 60 Hz reduced blanking */
	static const unsigned rate_hz[5] = { 60, 85, 75, 60, 50 };

	for (size_t i = 0; i < e->num_cvt_codes; i++) {
		const struct dc_edid_cvt_code *c = &e->cvt_codes[i];
		unsigned a = c->aspect & 3;
		unsigned h = 8 * (c->vactive * aspect[a][0] / aspect[a][1] / 8);

		for (unsigned bit = 0; bit < 5; bit++) {
			struct dc_cvt_params p = {
				.hdisplay = h,
				.vdisplay = c->vactive,
				.refresh_mhz = rate_hz[bit] * 1000,
				.blanking = bit == 0 ? DC_CVT_RB_V1 : DC_CVT_NORMAL,
			};
			struct dc_mode mode;
			int ret;

			if (!(c->rates & (1u << bit)) || dc_cvt_mode(&mode, &p))
				continue;
			ret = fatal(dc_mode_list_add(list, &mode));
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* A VIC, its 1000/1001 companion, and what the sink says about 4:2:0 for it. */
static int add_vic(struct dc_mode_list *list, unsigned vic, bool y420, bool y420_only)
{
	struct dc_mode mode, fractional;
	int ret;

	if (dc_mode_from_vic(&mode, vic))
		return 0;
	mode.ycbcr420 = y420;
	mode.ycbcr420_only = y420_only;
	ret = dc_mode_list_add(list, &mode);
	if (ret || dc_mode_vic_fractional(&fractional, &mode))
		return fatal(ret);
	fractional.ycbcr420 = y420;
	fractional.ycbcr420_only = y420_only;
	return fatal(dc_mode_list_add(list, &fractional));
}

static int add_cta(struct dc_mode_list *list, const struct dc_edid_cta *cta)
{
	int ret = 0;

	for (size_t i = 0; i < cta->num_svds && !ret; i++)
		ret = add_vic(list, cta->svds[i].vic, cta->svds[i].ycbcr420, false);
	for (size_t i = 0; i < cta->num_y420_vics && !ret; i++)
		ret = add_vic(list, cta->y420_vics[i], true, true);
	for (size_t i = 0; i < cta->hdmi.num_hdmi_vics && !ret; i++) {
		unsigned hv = cta->hdmi.hdmi_vics[i];

		if (hv && hv < sizeof(hdmi_vic_to_cta))
			ret = add_vic(list, hdmi_vic_to_cta[hv], false, false);
	}
	return ret;
}

static void set_range(struct dc_mode_list *list, const struct dc_edid_range_limits *r)
{
	struct dc_range_limits range = {
		.min_vfreq_hz = r->min_vfreq_hz,
		.max_vfreq_hz = r->max_vfreq_hz,
		.min_hfreq_khz = r->min_hfreq_khz,
		.max_hfreq_khz = r->max_hfreq_khz,
		.max_pixel_clock_khz = r->max_pixel_clock_mhz * 1000u,
	};

	/* a CVT range descriptor refines the maximum clock to 0.25 MHz */
	if (r->timing_support == 4 && r->cvt_max_pixel_clock_khz)
		range.max_pixel_clock_khz = r->cvt_max_pixel_clock_khz;
	dc_mode_list_set_range(list, &range);
}

int dc_mode_list_from_edid(const struct dc_edid *edid, struct dc_mode_list **out)
{
	struct dc_mode_list *list;
	int ret = dc_mode_list_create(&list);

	if (ret)
		return ret;
	ret = add_detailed(list, edid->dtds, edid->num_dtds, DC_MODE_SOURCE_DTD);
	if (!ret)
		ret = add_detailed(list, edid->displayid_timings, edid->num_displayid_timings,
				   DC_MODE_SOURCE_DISPLAYID);
	if (!ret)
		ret = add_established(list, edid->established);
	if (!ret)
		ret = add_standard(list, edid);
	if (!ret)
		ret = add_cvt_codes(list, edid);
	if (!ret)
		ret = add_cta(list, &edid->cta);
	if (!ret && edid->base.range.present)
		set_range(list, &edid->base.range);
	if (!ret)
		ret = dc_mode_list_finish(list);
	if (ret) {
		dc_mode_list_destroy(list);
		return ret;
	}
	*out = list;
	return 0;
}
