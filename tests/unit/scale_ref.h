/*
 * A reference for scaled scanout, written from the textbook definition and
 * not from the simulator's register arithmetic: bilinear interpolation
 * where output pixel k's center (k + 0.5) maps to source position
 * (k + 0.5) x src / dst - 0.5 between two pixel centers, edges repeated;
 * the vertical pass first, each pass rounded to 10 bits. Components are
 * 10-bit values, 3 per pixel, rows packed.
 */
#ifndef SCALE_REF_H
#define SCALE_REF_H

#include <stdint.h>

/* 8 to 10 bits by replication, as the engine expands 8-bit surfaces. */
static inline uint16_t scale_ref_10(unsigned v8)
{
	return (uint16_t)(v8 << 2 | v8 >> 6);
}

/* src (sw x sh) scaled to out (dw x dh); out holds dw x dh x 3 values. */
void scale_ref_bilinear(const uint16_t *src, unsigned sw, unsigned sh, unsigned dw, unsigned dh,
			uint16_t *out);

#endif
