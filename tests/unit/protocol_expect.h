/*
 * Assertions for the protocol tests: decode a message (as a request or a
 * server message, by its opcode) and check how it fails.
 */
#ifndef PROTOCOL_EXPECT_H
#define PROTOCOL_EXPECT_H

#include <stddef.h>
#include <stdint.h>

#include "dcd_protocol.h"

/* Decodes msg by the direction its opcode says; returns the status. */
int decode_any(const uint8_t *msg, size_t len, unsigned nfds, struct dcp_error *err);

/* Fails the test unless decoding gives -EPROTO, FATAL, and text contains part. */
void expect_fatal(const uint8_t *msg, size_t len, unsigned nfds, const char *part);

/* Fails the test unless decoding gives status (not fatal) and text contains part. */
void expect_invalid(const uint8_t *msg, size_t len, unsigned nfds, int status, const char *part);

#endif
