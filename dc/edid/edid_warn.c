/*
 * Warnings: what the decoder found wrong, one sentence each, kept in the
 * result instead of logged (dc/ has no logger; the caller decides whether
 * and how to show them).
 */
#include <stdio.h>

#include "edid_priv.h"

void edid_warn(struct edid_ctx *c, int block, enum dc_edid_warning_kind kind, const char *fmt, ...)
{
	struct dc_edid *e = c->e;
	struct dc_edid_warning *w;
	va_list ap;
	int n = 0;

	/* A hostile EDID can repeat a fault thousands of times: keep a bounded list. */
	if (e->num_warnings >= DC_EDID_MAX_WARNINGS) {
		e->warnings_dropped++;
		return;
	}
	w = &e->warnings[e->num_warnings++];
	w->block = block;
	w->kind = kind;
	/* Every text names its block, so it stands alone in a log line. */
	if (block >= 0)
		n = snprintf(w->text, sizeof(w->text), "EDID block %d: ", block);
	va_start(ap, fmt);
	vsnprintf(w->text + n, sizeof(w->text) - (size_t)n, fmt, ap);
	va_end(ap);
}
