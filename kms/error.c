/*
 * Error sentences: every failing function fills struct kms_error with the
 * names and numbers, so a caller can pass the sentence on unchanged.
 */
#include <stdio.h>

#include "kms_priv.h"

int kms_fail(struct kms_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return code;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	return code;
}

const char *kms_status_name(enum kms_status status)
{
	switch (status) {
	case KMS_CONNECTED:
		return "connected";
	case KMS_DISCONNECTED:
		return "disconnected";
	default:
		return "unknown";
	}
}

const char *kms_plane_type_name(uint32_t type)
{
	switch (type) {
	case DRM_PLANE_TYPE_PRIMARY:
		return "primary";
	case DRM_PLANE_TYPE_CURSOR:
		return "cursor";
	default:
		return "overlay";
	}
}

uint32_t kms_mode_mhz(const drmModeModeInfo *mode)
{
	uint64_t total = (uint64_t)mode->htotal * mode->vtotal;

	if (!total)
		return 0;
	if (mode->flags & DRM_MODE_FLAG_INTERLACE)
		total /= 2;
	if (mode->flags & DRM_MODE_FLAG_DBLSCAN)
		total *= 2;
	/* clock is in kHz: Hz * 1000 = clock * 1e6 / total */
	return (uint32_t)(((uint64_t)mode->clock * 1000000u + total / 2) / total);
}
