/*
 * One valid message of every opcode, for the protocol tests, the fuzz
 * corpus and the benchmarks: bodies filled with realistic values, every
 * optional part present (strings, arrays, planes), so that the tests that
 * damage them reach every field.
 */
#ifndef PROTOCOL_SAMPLES_H
#define PROTOCOL_SAMPLES_H

#include <stddef.h>
#include <stdint.h>

#include "dcd_protocol.h"

/* Storage for any message body. */
union sample_body {
	struct dcp_request req;
	struct dcp_server_msg srv;
};

struct sample {
	struct dcp_header hdr;
	unsigned nfds;
	void *body; /* points into the caller's union sample_body, or NULL */
};

/* Number of samples: one per opcode. */
size_t sample_count(void);

/* Fills sample i, its body in storage (zeroed first). */
void sample_get(size_t i, union sample_body *storage, struct sample *out);

/* Encodes sample i into buf; returns the length (asserts success). */
size_t sample_encode(size_t i, uint8_t *buf, size_t size, unsigned *nfds);

/* Index of the sample of opcode, or (size_t)-1. */
size_t sample_find(uint16_t opcode);

/* Encodes the sample of opcode (asserts it exists and encodes). */
size_t sample_encode_op(uint16_t opcode, uint8_t *buf, size_t size);

/* The building blocks, also used directly by tests. */
void sample_mode_1080p(struct drm_mode_modeinfo *m);
void sample_config(struct dcp_config *c, uint32_t outputs);
void sample_link_info(struct dcp_link_info *li, uint32_t link, unsigned modes);
void sample_fb_xrgb(struct dcp_fb_create *fb, uint32_t width, uint32_t height);

/* Little-endian patching of an encoded message at payload offset off. */
void patch_u8(uint8_t *msg, size_t off, uint8_t v);
void patch_u16(uint8_t *msg, size_t off, uint16_t v);
void patch_u32(uint8_t *msg, size_t off, uint32_t v);
/* Sets the header's length field (after growing or shrinking a message). */
void patch_length(uint8_t *msg, size_t len);

#endif
