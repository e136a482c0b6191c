/*
 * Names of the protocol's enum values, for logs, dcctl and D-Bus (which
 * uses the same words). Indexed by the wire value.
 */
#include <stddef.h>

#include "dcd_protocol.h"

#define NAME(table, v) ((v) < sizeof(table) / sizeof(table[0]) ? table[v] : NULL)

static const char *const link_types[] = {
	[DCP_LINK_DP] = "DP",
	[DCP_LINK_EDP] = "eDP",
	[DCP_LINK_HDMI_A] = "HDMI-A",
	[DCP_LINK_DVI_D] = "DVI-D",
};

static const char *const connections[] = {
	[DCP_DISCONNECTED] = "disconnected",
	[DCP_CONNECTED] = "connected",
	[DCP_CONNECTION_UNKNOWN] = "unknown",
};

static const char *const lease_states[] = {
	[DCP_LEASE_FREE] = "free",
	[DCP_LEASE_OURS] = "ours",
	[DCP_LEASE_OTHER] = "other",
	[DCP_LEASE_RESERVED] = "reserved",
};

static const char *const encodings[] = {
	[DCP_ENCODING_RGB] = "rgb",
	[DCP_ENCODING_YCBCR444] = "ycbcr444",
	[DCP_ENCODING_YCBCR422] = "ycbcr422",
	[DCP_ENCODING_YCBCR420] = "ycbcr420",
};

static const char *const reasons[] = {
	[DCP_REASON_INVALID] = "invalid",
	[DCP_REASON_NOT_CONNECTED] = "not-connected",
	[DCP_REASON_MODE] = "mode",
	[DCP_REASON_TIMING_GENERATOR] = "timing-generator",
	[DCP_REASON_STREAM_ENCODER] = "stream-encoder",
	[DCP_REASON_CLOCK_SOURCE] = "clock-source",
	[DCP_REASON_AUDIO] = "audio",
	[DCP_REASON_TMDS_CLOCK] = "tmds-clock",
	[DCP_REASON_SINK_TMDS] = "sink-tmds",
	[DCP_REASON_DONGLE] = "dongle",
	[DCP_REASON_LINK_BANDWIDTH] = "link-bandwidth",
	[DCP_REASON_DISPLAY_CLOCK] = "display-clock",
	[DCP_REASON_MEMORY_BANDWIDTH] = "memory-bandwidth",
	[DCP_REASON_PLANE_FORMAT] = "plane-format",
	[DCP_REASON_PLANE_SIZE] = "plane-size",
	[DCP_REASON_SCALER] = "scaler",
	[DCP_REASON_CURSOR] = "cursor",
	[DCP_REASON_LINK_TRAINING] = "link-training",
	[DCP_REASON_VRR] = "vrr",
	[DCP_REASON_PROTOCOL] = "protocol",
	[DCP_REASON_VERSION] = "version",
	[DCP_REASON_SEQUENCE] = "sequence",
	[DCP_REASON_ARGUMENT] = "argument",
	[DCP_REASON_LIMIT] = "limit",
	[DCP_REASON_PERMISSION] = "permission",
	[DCP_REASON_UNKNOWN_ID] = "unknown-id",
	[DCP_REASON_NOT_LEASED] = "not-leased",
	[DCP_REASON_LEASE_BUSY] = "lease-busy",
	[DCP_REASON_FB_FORMAT] = "fb-format",
	[DCP_REASON_FB_MODIFIER] = "fb-modifier",
	[DCP_REASON_FB_LAYOUT] = "fb-layout",
	[DCP_REASON_FB_FD] = "fb-fd",
	[DCP_REASON_FB_UNSEALED] = "fb-unsealed",
	[DCP_REASON_FB_TOO_SMALL] = "fb-too-small",
	[DCP_REASON_MODESET_REQUIRED] = "modeset-required",
	[DCP_REASON_FLIP_QUEUE_FULL] = "flip-queue-full",
	[DCP_REASON_CANCELLED] = "cancelled",
	[DCP_REASON_NO_STREAM] = "no-stream",
	[DCP_REASON_INTERNAL] = "internal",
};

static const char *const revoke_reasons[] = {
	[DCP_REVOKE_ADMIN] = "admin",
	[DCP_REVOKE_SESSION] = "session",
	[DCP_REVOKE_POLICY] = "policy",
	[DCP_REVOKE_SHUTDOWN] = "shutdown",
	[DCP_REVOKE_DEVICE_LOST] = "device-lost",
};

const char *dcp_link_type_name(unsigned type)
{
	return NAME(link_types, type);
}

const char *dcp_connection_name(unsigned connection)
{
	return NAME(connections, connection);
}

const char *dcp_lease_state_name(unsigned state)
{
	return NAME(lease_states, state);
}

const char *dcp_encoding_name(unsigned encoding)
{
	return NAME(encodings, encoding);
}

const char *dcp_reason_name(unsigned reason)
{
	return NAME(reasons, reason);
}

const char *dcp_revoke_reason_name(unsigned reason)
{
	return NAME(revoke_reasons, reason);
}
