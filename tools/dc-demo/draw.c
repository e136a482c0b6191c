/*
 * The test pattern; see draw.h.
 */
#include <string.h>

#include "draw.h"

/* 75% color bars, left to right: white, yellow, cyan, green, magenta, red, blue, black. */
static const uint32_t bars[] = {
	0xbfbfbf, 0xbfbf00, 0x00bfbf, 0x00bf00, 0xbf00bf, 0xbf0000, 0x0000bf, 0x000000,
};
#define BAR_COUNT (sizeof(bars) / sizeof(bars[0]))

/* Digits 0-9, 5 pixels wide and 7 high; bit 4 of each row is the left column. */
static const uint8_t font[10][7] = {
	{ 0x0e, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0e }, { 0x04, 0x0c, 0x04, 0x04, 0x04, 0x04, 0x0e },
	{ 0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f }, { 0x1e, 0x01, 0x01, 0x0e, 0x01, 0x01, 0x1e },
	{ 0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02 }, { 0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e },
	{ 0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e }, { 0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08 },
	{ 0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e }, { 0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c },
};
#define DIGITS 8 /* the number shows the frame modulo 10^8 */

static uint32_t bar_at(const struct canvas *cv, uint32_t x)
{
	return bars[(uint64_t)x * BAR_COUNT / cv->width];
}

static void fill(struct canvas *cv, struct rect r, uint32_t color)
{
	for (int32_t y = r.y; y < r.y + r.h; y++) {
		uint32_t *row = cv->pixels + (size_t)y * cv->stride;

		for (int32_t x = r.x; x < r.x + r.w; x++)
			row[x] = color;
	}
}

static void paint_bars(struct canvas *cv, struct rect r)
{
	for (int32_t y = r.y; y < r.y + r.h; y++) {
		uint32_t *row = cv->pixels + (size_t)y * cv->stride;

		for (int32_t x = r.x; x < r.x + r.w; x++)
			row[x] = bar_at(cv, (uint32_t)x);
	}
}

/* Pixels per font pixel: the number is about a tenth of the height. */
static uint32_t scale(const struct canvas *cv)
{
	return cv->height / 90 ? cv->height / 90 : 1;
}

static void draw_number(struct canvas *cv, uint64_t frame)
{
	uint32_t s = scale(cv);
	struct rect bg = { (int32_t)s, (int32_t)s, (int32_t)(s * (DIGITS * 6 + 1)),
			   (int32_t)(s * 9) };

	if ((uint32_t)(bg.x + bg.w) > cv->width || (uint32_t)(bg.y + bg.h) > cv->height)
		return; /* a tiny output shows no number */
	fill(cv, bg, 0x000000);
	for (int d = DIGITS - 1; d >= 0; d--, frame /= 10) {
		const uint8_t *glyph = font[frame % 10];

		for (uint32_t gy = 0; gy < 7; gy++) {
			for (uint32_t gx = 0; gx < 5; gx++) {
				struct rect px = { (int32_t)(s * (2 + d * 6 + gx)),
						   (int32_t)(s * (2 + gy)), (int32_t)s,
						   (int32_t)s };

				if (glyph[gy] & (0x10 >> gx))
					fill(cv, px, 0xffffff);
			}
		}
	}
}

/* The box crosses the screen in four seconds at 60 Hz and comes back. */
static struct rect box_at(const struct canvas *cv, uint64_t frame)
{
	int32_t size = (int32_t)(cv->height / 8 ? cv->height / 8 : 1);
	uint64_t span = cv->width > (uint32_t)size ? cv->width - (uint32_t)size : 0;
	uint64_t t = frame % 480, pos = t < 240 ? t : 480 - t;

	return (struct rect){ (int32_t)(span * pos / 240), (int32_t)(cv->height / 2) - size / 2,
			      size, size };
}

void draw_frame(struct canvas *cv, uint64_t frame)
{
	paint_bars(cv, cv->box);
	cv->box = box_at(cv, frame);
	fill(cv, cv->box, 0xffffff);
	draw_number(cv, frame);
}

void draw_full(struct canvas *cv, uint64_t frame)
{
	/* The whole buffer is "the old box": repainting it paints everything. */
	cv->box = (struct rect){ 0, 0, (int32_t)cv->width, (int32_t)cv->height };
	draw_frame(cv, frame);
}
