/*
 * Inside protocol/: little-endian readers and writers with latched
 * failure, and the table of message descriptions.
 *
 * A writer counts every byte it is asked for even past the end of the
 * buffer, so the encoder learns the size a message needs in one pass. A
 * reader stops at its first failure, remembers it in the caller's
 * struct dcp_error and returns zeros afterwards, so a decoder reads a
 * whole message straight through and checks once at the end (the latched
 * `failed` flag of wlroots' atomic requests, applied to parsing).
 */
#ifndef DCP_WIRE_H
#define DCP_WIRE_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dcd_protocol.h"

struct dcp_writer {
	uint8_t *buf;
	size_t size;
	size_t pos; /* may exceed size: the message then does not fit */
};

void wr_u8(struct dcp_writer *w, uint8_t v);
void wr_u16(struct dcp_writer *w, uint16_t v);
void wr_u32(struct dcp_writer *w, uint32_t v);
void wr_u64(struct dcp_writer *w, uint64_t v);
void wr_zero(struct dcp_writer *w, size_t n);
/* u16 length, the bytes, a NUL; the caller has checked the length. */
void wr_str(struct dcp_writer *w, const char *s);

struct dcp_reader {
	const uint8_t *p;
	size_t len;
	size_t pos;
	const char *msg; /* message name for error texts */
	struct dcp_error *err;
	bool failed;
	int status; /* of the first failure */
};

/*
 * Records the first failure: fatal ones are framing violations (-EPROTO,
 * DCP_REASON_PROTOCOL, DCP_ERROR_FATAL), others bad values (-EINVAL,
 * DCP_REASON_ARGUMENT). The text is prefixed with the message name.
 */
void rd_fail(struct dcp_reader *r, bool fatal, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

uint8_t rd_u8(struct dcp_reader *r);
uint16_t rd_u16(struct dcp_reader *r);
uint32_t rd_u32(struct dcp_reader *r);
uint64_t rd_u64(struct dcp_reader *r);
int32_t rd_i32(struct dcp_reader *r);
int16_t rd_i16(struct dcp_reader *r);
/* A u8 that must be 0 or 1 (other values: not fatal, EINVAL). */
bool rd_bool(struct dcp_reader *r, const char *field);
/* n bytes that must be zero (fatal otherwise: they are layout). */
void rd_reserved(struct dcp_reader *r, size_t n);
/* A string of at most max bytes into out[max + 1] (fatal on any defect). */
void rd_str(struct dcp_reader *r, char *out, size_t max, const char *field);
/*
 * A count already read: fatal when above max or when count elements of
 * elem_size bytes cannot fit in what is left of the message.
 */
bool rd_count_ok(struct dcp_reader *r, uint32_t count, uint32_t max, size_t elem_size,
		 const char *field);
/* Fatal unless every byte was consumed. */
void rd_end(struct dcp_reader *r);

/* A value rule failed: -EINVAL, DCP_REASON_ARGUMENT, the text (a format and its arguments). */
#define dcp_invalid(err, ...) dcp_error_set(err, -EINVAL, DCP_REASON_ARGUMENT, 0, __VA_ARGS__)

/* A framing rule failed: -EPROTO, DCP_REASON_PROTOCOL, fatal. */
#define dcp_violation(err, ...) \
	dcp_error_set(err, -EPROTO, DCP_REASON_PROTOCOL, DCP_ERROR_FATAL, __VA_ARGS__)

/* Sets err's link and plane (when err is not NULL) and returns status. */
int dcp_error_at(struct dcp_error *err, int32_t link, int plane, int status);

/*
 * Value rule for a host-side string before encoding: NUL-terminated within
 * cap bytes and valid UTF-8. 0 or -EINVAL with err.
 */
int dcp_check_str(const char *msg, const char *field, const char *s, size_t cap,
		  struct dcp_error *err);

/* dcp_check_str, and printable text (dcp_text_unprintable): names for logs and tables. */
int dcp_check_name(const char *msg, const char *field, const char *s, size_t cap,
		   struct dcp_error *err);

/* Valid UTF-8 without NUL, surrogates, overlong forms or code points above U+10FFFF. */
bool dcp_utf8_valid(const char *s, size_t len);
/*
 * Length of the UTF-8 character at s (1-4, at most left bytes) and its code
 * point, or 0 for a byte that does not start a valid character.
 */
size_t dcp_utf8_char(const unsigned char *s, size_t left, uint32_t *cp);

/* Writes and reads struct drm_mode_modeinfo's timing fields (36 bytes). */
#define DCP_WIRE_MODE_SIZE 36
void wr_mode(struct dcp_writer *w, const struct drm_mode_modeinfo *m);
void rd_mode(struct dcp_reader *r, struct drm_mode_modeinfo *m);
/* Flag and type bits that libdrm defines; 0 or -EINVAL with err. */
int dcp_check_mode_bits(const char *msg, const char *field, const struct drm_mode_modeinfo *m,
			struct dcp_error *err);

/*
 * Messages whose payload is one u32 id that is never 0 (LEASE_GRANTED,
 * LEASE_RELEASE, FB_CREATED, FB_DESTROY): the body is a struct whose only
 * member is that id.
 */
void dcp_enc_id(struct dcp_writer *w, const void *body);
void dcp_dec_id(struct dcp_reader *r, void *body);
int dcp_check_id(const void *body, const char *msg, struct dcp_error *err);

/*
 * What an output shows (LINK_INFO, OUTPUT_CHANGED): when active, a known
 * encoding, a bpc of 6/8/10/12 and a mode with known bits; when off, all
 * zero. And the lease rule: lease_id != 0 exactly when the state is
 * DCP_LEASE_OURS.
 */
int dcp_check_output_state(const char *msg, bool active, uint8_t encoding, uint8_t bpc,
			   const struct drm_mode_modeinfo *mode, struct dcp_error *err);
int dcp_check_lease_state(const char *msg, uint8_t state, uint32_t lease_id, struct dcp_error *err);
bool dcp_bpc_valid(uint8_t bpc);
/* link < DCP_MAX_LINKS; 0 or -EINVAL with err. */
int dcp_check_link(const char *msg, uint32_t link, struct dcp_error *err);
/* All the wire fields of a mode are 0 (the name is not a wire field). */
bool dcp_mode_is_zero(const struct drm_mode_modeinfo *m);

/* One row per message: how to move it between struct and bytes. */
struct dcp_msg_desc {
	uint16_t opcode;
	const char *name;
	size_t body_size; /* sizeof the host struct; 0 without payload */
	uint8_t nfds;
	bool no_reply_ok;	/* DCP_HEADER_NO_REPLY allowed */
	bool serial_zero_ok;	/* server messages that may carry serial 0 */
	bool serial_nonzero_ok; /* server messages that may carry a serial */
	/* NULL for messages without payload */
	void (*encode)(struct dcp_writer *w, const void *body);
	void (*decode)(struct dcp_reader *r, void *body);
	/* The value rules, shared by encoder and decoder; NULL if none. */
	int (*check)(const void *body, const char *msg, struct dcp_error *err);
};

/* Message tables of the files that implement them. */
extern const struct dcp_msg_desc dcp_msgs_session[];
extern const size_t dcp_msgs_session_count;
extern const struct dcp_msg_desc dcp_msgs_output[];
extern const size_t dcp_msgs_output_count;
extern const struct dcp_msg_desc dcp_msgs_topology[];
extern const size_t dcp_msgs_topology_count;
extern const struct dcp_msg_desc dcp_msgs_kms_lease[];
extern const size_t dcp_msgs_kms_lease_count;
extern const struct dcp_msg_desc dcp_msgs_fb[];
extern const size_t dcp_msgs_fb_count;

const struct dcp_msg_desc *dcp_msg_lookup(uint16_t opcode);

#endif
