/* Reading edid-decode's timing report: see modes_edid_decode.h. */
#include <stdio.h>
#include <string.h>

#include "modes_edid_decode.h"

static void parse_h(const char *line, struct ed_timing *t)
{
	const char *b = strstr(line, "Hborder");
	char pol = 'N';

	sscanf(strstr(line, "Hfront"), "Hfront %u Hsync %u Hback %u Hpol %c", &t->hfront, &t->hsync,
	       &t->hback, &pol);
	t->hsync_positive = pol == 'P';
	if (b)
		sscanf(b, "Hborder %u", &t->hborder);
}

static void parse_v(const char *line, struct ed_timing *t)
{
	const char *b = strstr(line, "Vborder");
	char pol = 'N';

	sscanf(strstr(line, "Vfront"), "Vfront %u Vsync %u Vback %u Vpol %c", &t->vfront, &t->vsync,
	       &t->vback, &pol);
	t->vsync_positive = pol == 'P';
	if (b)
		sscanf(b, "Vborder %u", &t->vborder);
	t->half_line = strstr(line, "+0.5") != NULL;
}

int ed_run(const char *args, struct ed_timing *t)
{
	char cmd[512], line[512];
	bool have_head = false, have_h = false, have_v = false;
	FILE *p;

	memset(t, 0, sizeof(*t));
	snprintf(cmd, sizeof(cmd), "edid-decode %s 2>/dev/null", args);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p)) {
		char *colon = strchr(line, ':'), *mhz = strstr(line, " MHz");

		if (!have_head && colon && mhz && strstr(line, " Hz ")) {
			char scan[8] = "";
			double clock;
			char *c = mhz;

			sscanf(colon + 1, "%ux%u%7s", &t->hact, &t->vact, scan);
			t->interlaced = scan[0] == 'i';
			while (c > line && c[-1] != ' ')
				c--;
			sscanf(c, "%lf", &clock);
			t->clock_khz = (uint32_t)(clock * 1000 + 0.5);
			sscanf(strstr(line, " Hz ") + 4, "%u:%u", &t->ratio_w, &t->ratio_h);
			have_head = true;
		} else if (have_head && !have_h && strstr(line, "Hfront")) {
			parse_h(line, t);
			have_h = true;
		} else if (have_h && !have_v && strstr(line, "Vfront")) {
			parse_v(line, t);
			have_v = true;
		}
	}
	pclose(p);
	return have_v ? 0 : -1;
}

void ed_to_modeinfo(const struct ed_timing *t, struct drm_mode_modeinfo *m)
{
	unsigned mul = t->interlaced ? 2 : 1;

	memset(m, 0, sizeof(*m));
	m->clock = t->clock_khz;
	m->hdisplay = (uint16_t)t->hact;
	m->hsync_start = (uint16_t)(t->hact + t->hborder + t->hfront);
	m->hsync_end = (uint16_t)(m->hsync_start + t->hsync);
	m->htotal = (uint16_t)(m->hsync_end + t->hback + t->hborder);
	m->vdisplay = (uint16_t)t->vact;
	m->vsync_start = (uint16_t)(t->vact + mul * (t->vborder + t->vfront));
	m->vsync_end = (uint16_t)(m->vsync_start + mul * t->vsync);
	m->vtotal = (uint16_t)(m->vsync_end + mul * (t->vback + t->vborder) + t->half_line);
	m->flags = (t->hsync_positive ? DRM_MODE_FLAG_PHSYNC : DRM_MODE_FLAG_NHSYNC) |
		   (t->vsync_positive ? DRM_MODE_FLAG_PVSYNC : DRM_MODE_FLAG_NVSYNC) |
		   (t->interlaced ? DRM_MODE_FLAG_INTERLACE : 0);
}

bool ed_same_timing(const char *label, const struct drm_mode_modeinfo *a,
		    const struct drm_mode_modeinfo *b)
{
	const uint32_t scan = DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_NHSYNC | DRM_MODE_FLAG_PVSYNC |
			      DRM_MODE_FLAG_NVSYNC | DRM_MODE_FLAG_INTERLACE;

	if (a->clock == b->clock && a->hdisplay == b->hdisplay &&
	    a->hsync_start == b->hsync_start && a->hsync_end == b->hsync_end &&
	    a->htotal == b->htotal && a->vdisplay == b->vdisplay &&
	    a->vsync_start == b->vsync_start && a->vsync_end == b->vsync_end &&
	    a->vtotal == b->vtotal && (a->flags & scan) == (b->flags & scan))
		return true;
	printf("%s: ours %u %u %u %u %u / %u %u %u %u flags 0x%x, edid-decode %u %u %u %u %u / "
	       "%u %u %u %u flags 0x%x\n",
	       label, a->clock, a->hdisplay, a->hsync_start, a->hsync_end, a->htotal, a->vdisplay,
	       a->vsync_start, a->vsync_end, a->vtotal, a->flags & scan, b->clock, b->hdisplay,
	       b->hsync_start, b->hsync_end, b->htotal, b->vdisplay, b->vsync_start, b->vsync_end,
	       b->vtotal, b->flags & scan);
	return false;
}
