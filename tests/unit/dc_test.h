/*
 * Shared fixtures of the Display Core tests: a fake struct dc_hw that
 * fails the running test on any register write (validation and creation
 * must not program anything) and counts reads; real EDIDs from
 * tests/data/edid turned into sinks on a link; streams with a full-screen
 * XRGB8888 primary plane. Include after cmocka.h.
 */
#ifndef DC_TEST_H
#define DC_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_priv.h"

struct fake_hw {
	struct dc_hw base;
	unsigned reads, writes;
};

/* A fake engine: reads return 0 and are counted, a write fails the test. */
void fake_hw_init(struct fake_hw *f);

/* The bytes of tests/data/PATH (at most 1 MiB); fails the test if unreadable. */
uint8_t *dct_read_data(const char *path, size_t *size);
/* The bytes of tests/data/edid/NAME (.bin added); fails the test if unreadable. */
uint8_t *dct_read_edid(const char *name, size_t *size);

/* A core for board on a fresh fake engine (asserts success). */
struct dc *dct_create(struct fake_hw *f, const struct dc_board *board);

/* A board of n connectors of the given types, DIG n, HPD/DDC/AUX n. */
void dct_board(struct dc_board *b, enum dc_asic asic, unsigned n, const enum dc_link_type *types);

/* Attaches a sink made from the named EDID (NULL: none) to link; returns it (borrowed). */
struct dc_sink *dct_attach(struct dc *dc, unsigned link, const char *edid_name,
			   const struct dc_dp_caps *dp, const struct dc_dongle *dongle);

/* DP receiver caps: rate in Mbit/s per lane, lanes. */
struct dc_dp_caps dct_dp_caps(uint32_t rate_mbps, uint8_t lanes);

/* Timings: a CTA VIC, or CVT (blanking DC_CVT_NORMAL / _RB_V1 / _RB_V2). */
void dct_mode_vic(struct drm_mode_modeinfo *m, unsigned vic);
void dct_mode_cvt(struct drm_mode_modeinfo *m, unsigned w, unsigned h, unsigned hz,
		  enum dc_cvt_blanking blanking);

/* An RGB 8bpc stream on link with a full-screen XRGB8888 linear primary plane. */
void dct_stream(struct dc_stream *s, unsigned link, const struct drm_mode_modeinfo *m);

#endif
