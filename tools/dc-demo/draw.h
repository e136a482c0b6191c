/*
 * dc-demo's test pattern in an XRGB8888 buffer: vertical color bars, a box
 * that moves with the frame number, and the frame number itself in a tiny
 * built-in bitmap font. Only what changes is redrawn each frame, so a 4K
 * output costs a few hundred kilobytes of writes per frame, not 33 MB.
 */
#ifndef DEMO_DRAW_H
#define DEMO_DRAW_H

#include <stdint.h>

struct rect {
	int32_t x, y, w, h;
};

struct canvas {
	uint32_t *pixels;
	uint32_t width, height;
	uint32_t stride; /* in pixels */
	struct rect box; /* where this buffer's box was drawn (to repair) */
};

/* Paints the whole pattern for frame. */
void draw_full(struct canvas *cv, uint64_t frame);
/* Moves the box and rewrites the number: the buffer then shows frame. */
void draw_frame(struct canvas *cv, uint64_t frame);

#endif
