/*
 * Human-readable report of a decoded EDID for `dcctl edid decode`: labels
 * in one aligned column, timings in a table, warnings at the end.
 */
#include <stdarg.h>
#include <string.h>

#include "dc_modes.h"
#include "dcctl.h"
#include "edid_print.h"

#define LABEL_WIDTH 20

__attribute__((format(printf, 3, 4))) static void field(FILE *f, const char *label, const char *fmt,
							...)
{
	va_list ap;

	fprintf(f, "  %-*s ", LABEL_WIDTH, label);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
}

static const char *interface_name(enum dc_edid_interface i)
{
	static const char *const names[] = { "undefined", "DVI",  "HDMI-a",
					     "HDMI-b",	  "MDDI", "DisplayPort" };

	return (unsigned)i < sizeof(names) / sizeof(names[0]) ? names[i] : "?";
}

static void print_identity(FILE *f, const struct dc_edid *e, const char *vendor)
{
	const struct dc_edid_base *b = &e->base;

	field(f, "Manufacturer:", "%s%s%s%s", b->manufacturer, vendor ? " (" : "",
	      vendor ? vendor : "", vendor ? ")" : "");
	field(f, "Product code:", "0x%04x (%u)", b->product_code, b->product_code);
	if (b->serial)
		field(f, "Serial number:", "%u", b->serial);
	if (b->has_serial_string)
		field(f, "Serial string:", "'%s'", b->serial_string);
	if (b->has_name)
		field(f, "Monitor name:", "'%s'", b->name);
	if (b->model_year)
		field(f, "Model year:", "%u", b->year);
	else if (b->week)
		field(f, "Made in:", "week %u of %u", b->week, b->year);
	else
		field(f, "Made in:", "%u", b->year);
	field(f, "EDID version:", "%u.%u", b->version, b->revision);
}

static void print_display(FILE *f, const struct dc_edid *e)
{
	const struct dc_edid_base *b = &e->base;
	const struct dc_edid_range_limits *r = &b->range;

	if (b->digital && b->bpc)
		field(f, "Input:", "digital, %u bpc, %s", b->bpc, interface_name(b->interface));
	else if (b->digital && b->interface)
		field(f, "Input:", "digital, %s", interface_name(b->interface));
	else if (b->digital)
		field(f, "Input:", "digital");
	else
		field(f, "Input:", "analog");
	if (b->width_cm)
		field(f, "Screen size:", "%u x %u cm", b->width_cm, b->height_cm);
	else if (b->aspect_x100)
		field(f, "Aspect ratio:", "%.2f (%s)", b->aspect_x100 / 100.0,
		      b->aspect_portrait ? "portrait" : "landscape");
	if (b->gamma_x100)
		field(f, "Gamma:", "%.2f", b->gamma_x100 / 100.0);
	if (r->present)
		field(f, "Range limits:", "%u-%u Hz V, %u-%u kHz H, max %u MHz", r->min_vfreq_hz,
		      r->max_vfreq_hz, r->min_hfreq_khz, r->max_hfreq_khz, r->max_pixel_clock_mhz);

	const struct dc_edid_timing *t = dc_edid_preferred_timing(e);

	if (t)
		field(f, "Preferred mode:", "%ux%u%s @ %.3f Hz, %.3f MHz", t->hactive, t->vactive,
		      t->interlaced ? "i" : "", dc_edid_timing_refresh_hz(t),
		      t->pixel_clock_khz / 1000.0);
}

static void print_blocks(FILE *f, const struct dc_edid *e)
{
	char name[64];

	fprintf(f, "Blocks (%u present, %u declared extensions):\n", e->num_blocks,
		e->base.extension_count);
	for (unsigned i = 0; i < e->num_blocks; i++) {
		const struct dc_edid_block *blk = &e->blocks[i];

		dc_edid_block_name(blk, name, sizeof(name));
		fprintf(f, "  %3u  %-38s ", i, name);
		if (blk->bytes < DC_EDID_BLOCK_SIZE)
			fprintf(f, "truncated (%u bytes)\n", blk->bytes);
		else if (blk->checksum_ok)
			fprintf(f, "checksum ok\n");
		else
			fprintf(f, "checksum 0x%02x, expected 0x%02x\n", blk->checksum,
				blk->checksum_expected);
	}
}

static void print_timing_row(FILE *f, const char *tag, const struct dc_edid_timing *t)
{
	char mode[24];

	snprintf(mode, sizeof(mode), "%ux%u%s", t->hactive, t->vactive, t->interlaced ? "i" : "");
	fprintf(f, "  %-8s %3u  %-11s %9.3f Hz %10.3f MHz   %4u %4u %5d %c   %4u %4u %5d %c%s\n",
		tag, t->block, mode, dc_edid_timing_refresh_hz(t), t->pixel_clock_khz / 1000.0,
		t->hfront, t->hsync, t->hback, t->hsync_positive ? '+' : '-', t->vfront, t->vsync,
		t->vback,
		!t->vsync_stated    ? ' '
		: t->vsync_positive ? '+'
				    : '-',
		t->preferred ? "  preferred" : "");
}

static void print_timings(FILE *f, const struct dc_edid *e)
{
	char tag[16];

	if (!e->num_dtds && !e->num_displayid_timings)
		return;
	fprintf(f, "Detailed timings:\n  %-8s %3s  %-11s %12s %14s   %-16s   %s\n", "", "blk",
		"mode", "refresh", "clock", "hfp  hs   hbp", "vfp   vs  vbp");
	for (size_t i = 0; i < e->num_dtds; i++) {
		if (e->dtds[i].dtd_number)
			snprintf(tag, sizeof(tag), "DTD %u", e->dtds[i].dtd_number);
		else
			snprintf(tag, sizeof(tag), "VTB DTD");
		print_timing_row(f, tag, &e->dtds[i]);
	}
	for (size_t i = 0; i < e->num_displayid_timings; i++) {
		const struct dc_edid_timing *t = &e->displayid_timings[i];

		print_timing_row(
			f, t->source == DC_EDID_TIMING_DISPLAYID_TYPE1 ? "DID I" : "DID VII", t);
	}
}

static void print_short_timings(FILE *f, const struct dc_edid *e)
{
	bool any = false;

	for (unsigned i = 0; i <= 60; i++) {
		const struct dc_edid_est_mode *m = dc_edid_est_mode(i);

		if (!(e->established & (1ull << i)))
			continue;
		if (!any)
			fprintf(f, "  %-*s", LABEL_WIDTH, "Established:");
		fprintf(f, "%s%ux%u@%u%s", any ? ", " : " ", m->hactive, m->vactive, m->refresh_hz,
			m->reduced_blanking ? "RB" : "");
		any = true;
	}
	if (any)
		fputc('\n', f);
	for (size_t i = 0; i < e->num_std_timings; i++)
		fprintf(f, "%s%ux%u@%u",
			i ? ", " : "  Standard:            ", e->std_timings[i].hactive,
			e->std_timings[i].vactive, e->std_timings[i].refresh_hz);
	if (e->num_std_timings)
		fputc('\n', f);
}

static void print_cta(FILE *f, const struct dc_edid *e)
{
	const struct dc_edid_cta *cta = &e->cta;
	char name[64];

	if (!cta->num_blocks)
		return;
	fprintf(f, "CTA-861 (revision %u):\n", cta->revision);
	field(f, "Flags:", "%s%s%s%snative DTDs %u", cta->underscan ? "underscan, " : "",
	      cta->basic_audio ? "basic audio, " : "", cta->ycbcr444 ? "YCbCr 4:4:4, " : "",
	      cta->ycbcr422 ? "YCbCr 4:2:2, " : "", cta->native_dtds);
	if (cta->num_svds) {
		fprintf(f, "  %-*s", LABEL_WIDTH, "VICs:");
		for (size_t i = 0; i < cta->num_svds; i++)
			fprintf(f, " %u%s%s", cta->svds[i].vic, cta->svds[i].native ? "*" : "",
				cta->svds[i].ycbcr420 ? "(420)" : "");
		fputc('\n', f);
	}
	for (size_t i = 0; i < cta->num_sads; i++) {
		const struct dc_edid_sad *s = &cta->sads[i];

		dc_edid_audio_format_name(s, name, sizeof(name));
		field(f, i ? "" : "Audio:", "%s, %u channels, rates 0x%02x", name, s->channels,
		      s->rates);
	}
	if (cta->hdmi.present) {
		uint16_t a = cta->hdmi.physical_address;

		field(f, "HDMI VSDB:", "address %u.%u.%u.%u, max TMDS %u MHz%s%s%s", a >> 12,
		      (a >> 8) & 0xf, (a >> 4) & 0xf, a & 0xf, cta->hdmi.max_tmds_mhz,
		      cta->hdmi.dc_30bit ? ", 30-bit" : "", cta->hdmi.dc_36bit ? ", 36-bit" : "",
		      cta->hdmi.dc_48bit ? ", 48-bit" : "");
	}
	if (cta->hf.present && cta->hf.max_frl_lanes)
		field(f, "HDMI Forum:", "max TMDS %u Mcsc, SCDC %s, max FRL %u lanes x %u Gbit/s",
		      cta->hf.max_tmds_char_rate_mhz, cta->hf.scdc_present ? "yes" : "no",
		      cta->hf.max_frl_lanes, cta->hf.max_frl_gbps_per_lane);
	else if (cta->hf.present)
		field(f, "HDMI Forum:", "max TMDS %u Mcsc, SCDC %s, no FRL",
		      cta->hf.max_tmds_char_rate_mhz, cta->hf.scdc_present ? "yes" : "no");
	if (cta->hdr.present)
		field(f, "HDR static:", "EOTFs 0x%02x", cta->hdr.eotfs);
	if (cta->amd.present)
		field(f, "AMD FreeSync:", "%u-%u Hz", cta->amd.min_refresh_hz,
		      cta->amd.max_refresh_hz);
	if (cta->microsoft.present)
		field(f, "Microsoft VSDB:", "version %u, use case %u", cta->microsoft.version,
		      cta->microsoft.primary_use_case);
	field(f, "Data blocks:", "%zu", cta->num_data_blocks);
}

static void print_displayid(FILE *f, const struct dc_edid *e)
{
	const struct dc_edid_displayid *did = &e->displayid;

	if (!did->present)
		return;
	fprintf(f, "DisplayID %u.%u:\n", did->version >> 4, did->version & 0xf);
	field(f, "Product type:", "%u", did->product_type);
	if (did->has_display_params)
		field(f, "Display:", "%u x %u pixels, %.1f x %.1f mm", did->native_width,
		      did->native_height, did->width_mm10 / 10.0, did->height_mm10 / 10.0);
	if (did->has_tiled)
		field(f, "Tiled display:", "%u x %u tiles of %ux%u, this one at (%u, %u)",
		      did->h_tiles, did->v_tiles, did->tile_width, did->tile_height,
		      did->h_location, did->v_location);
	for (unsigned i = 0; i < did->num_adaptive_sync; i++)
		field(f, i ? "" : "Adaptive-Sync:", "%u-%u Hz",
		      did->adaptive_sync[i].min_refresh_hz, did->adaptive_sync[i].max_refresh_hz);
	field(f, "Data blocks:", "%zu", did->num_data_blocks);
}

static void print_caps(FILE *f, const struct dc_edid *e)
{
	static const char *const non_desktop[] = { "no", "yes (Microsoft VSDB)",
						   "yes (DisplayID use case)",
						   "yes (known headset)" };
	const struct dc_edid_caps *c = &e->caps;

	fprintf(f, "Sink:\n");
	field(f, "Signal:", "%s%s", c->hdmi ? "HDMI" : "DVI/DP", c->hdmi_forum ? " 2.x" : "");
	if (c->max_tmds_khz)
		field(f, "Max TMDS:", "%u MHz", c->max_tmds_khz / 1000);
	if (c->vrr_source)
		field(f, "VRR:", "%u-%u Hz", c->vrr_min_hz, c->vrr_max_hz);
	field(f, "HDR:", "%s", c->hdr ? "yes" : "no");
	field(f, "Encodings:", "RGB%s%s%s", c->ycbcr444 ? ", YCbCr 4:4:4" : "",
	      c->ycbcr422 ? ", YCbCr 4:2:2" : "", c->ycbcr420 ? ", YCbCr 4:2:0" : "");
	field(f, "Audio:", "%s", c->audio ? "yes" : "no");
	field(f, "Non-desktop:", "%s", non_desktop[c->non_desktop]);
}

/* The mode list dc/modes builds from this EDID, preferred first. */
static void print_modes(FILE *f, const struct dc_edid *e)
{
	struct dc_mode_list *list = NULL;
	size_t n;

	if (dc_mode_list_from_edid(e, &list)) {
		fprintf(f, "Modes: out of memory\n");
		return;
	}
	n = dc_mode_list_count(list);
	fprintf(f, "Modes (%zu%s):\n", n, n ? ", preferred first" : "");
	for (size_t i = 0; i < n; i++) {
		const struct dc_mode *m = dc_mode_list_get(list, i);
		char line[128], vic[16] = "";
		size_t len;

		if (m->vic)
			snprintf(vic, sizeof(vic), "VIC %u", m->vic);
		snprintf(line, sizeof(line), "  %-11s %9.3f Hz %10.3f MHz  %-11s %-7s%s%s",
			 m->info.name, m->refresh_mhz / 1000.0, m->info.clock / 1000.0,
			 dc_mode_source_name(m->source), vic, m->preferred ? "  preferred" : "",
			 m->ycbcr420_only ? "  4:2:0 only"
			 : m->ycbcr420	  ? "  4:2:0"
					  : "");
		len = strlen(line);
		while (len && line[len - 1] == ' ')
			line[--len] = '\0';
		fprintf(f, "%s\n", line);
	}
	dc_mode_list_destroy(list);
}

int edid_print(FILE *f, const char *path, const struct dc_edid *e, const char *vendor)
{
	fprintf(f, "EDID %s: %zu bytes\n", path, e->size);
	print_identity(f, e, vendor);
	print_display(f, e);
	print_short_timings(f, e);
	print_blocks(f, e);
	print_timings(f, e);
	print_cta(f, e);
	print_displayid(f, e);
	print_caps(f, e);
	print_modes(f, e);
	if (e->num_warnings) {
		fprintf(f, "Warnings:\n");
		for (size_t i = 0; i < e->num_warnings; i++)
			fprintf(f, "  %s\n", e->warnings[i].text);
		if (e->warnings_dropped)
			fprintf(f, "  (%zu more)\n", e->warnings_dropped);
	}
	return ferror(f) ? DCCTL_EXIT_FAILURE : DCCTL_EXIT_OK;
}
