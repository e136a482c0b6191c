/*
 * sd_notify: what systemd hears from dcd (Type=notify). READY=1 once the
 * engine is up and what the screens showed is adopted, a STATUS= line
 * whenever the summary changes, WATCHDOG=1 from the loop itself
 * (sd_event_set_watchdog, at half of $WATCHDOG_USEC), STOPPING=1 on
 * SIGTERM. Without $NOTIFY_SOCKET (not under systemd) nothing is sent.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-daemon.h>

#include "dcd.h"
#include "recovery.h"

int dcd_recovery_new(struct dcd *dcd)
{
	struct dcd_recovery *rc = calloc(1, sizeof(*rc));
	const char *dir = dcd->opts.state_dir;

	if (!rc)
		return -ENOMEM;
	dcd->recovery = rc;
	rc->notify = getenv("NOTIFY_SOCKET") != NULL;
	/* Only systemd keeps fds for us; without it the memory dies with us. */
	rc->fdstore = rc->notify;
	if (dir && asprintf(&rc->state_path, "%s/%s", dir, DCD_STATE_FILE) < 0) {
		rc->state_path = NULL;
		return -ENOMEM;
	}
	return 0;
}

void dcd_recovery_free(struct dcd *dcd)
{
	struct dcd_recovery *rc = dcd->recovery;

	if (!rc)
		return;
	dcd_received_drop_rest(dcd);
	free(rc->received);
	free(rc->fbs);
	free(rc->state_path);
	free(rc);
	dcd->recovery = NULL;
}

static void notify(struct dcd *dcd, const char *text)
{
	int r;

	if (!dcd->recovery || !dcd->recovery->notify)
		return;
	r = sd_notify(0, text);
	if (r < 0)
		log_warning("sd_notify \"%s\": %s", text, strerror(-r));
}

/* "3 outputs lit, 1 client, 1 lease" */
static void status_text(struct dcd *dcd, char *buf, size_t size)
{
	unsigned lit = 0, leases = 0;

	for (unsigned i = 0; i < dcd->link_count; i++) {
		lit += dcd_current_stream(dcd, i) != NULL;
		leases += dcd_output(dcd, i)->lease != NULL;
	}
	snprintf(buf, size, "STATUS=%u output%s lit, %u client%s, %u leased%s", lit,
		 lit == 1 ? "" : "s", dcd->client_count, dcd->client_count == 1 ? "" : "s", leases,
		 dcd->engine->lost ? "; the display device is gone" : "");
}

void dcd_notify_status(struct dcd *dcd)
{
	struct dcd_recovery *rc = dcd->recovery;
	char text[sizeof(rc->status)];

	if (!rc || !rc->notify)
		return;
	status_text(dcd, text, sizeof(text));
	if (!strcmp(text, rc->status))
		return;
	memcpy(rc->status, text, sizeof(text));
	notify(dcd, text);
}

void dcd_notify_ready(struct dcd *dcd)
{
	struct dcd_recovery *rc = dcd->recovery;
	char text[sizeof(rc->status) + 16];

	if (!rc || !rc->notify)
		return;
	status_text(dcd, rc->status, sizeof(rc->status));
	snprintf(text, sizeof(text), "READY=1\n%s", rc->status);
	notify(dcd, text);
}

void dcd_notify_stopping(struct dcd *dcd)
{
	notify(dcd, "STOPPING=1\nSTATUS=stopping; the screens stay as they are");
}

int dcd_notify_watchdog(struct dcd *dcd)
{
	int r;

	if (!dcd->recovery || !dcd->recovery->notify)
		return 0;
	/* Reads $WATCHDOG_USEC and $WATCHDOG_PID; pings at half the interval. */
	r = sd_event_set_watchdog(dcd->event, true);
	if (r < 0) {
		log_error("watchdog: %s", strerror(-r));
		return r;
	}
	if (r > 0)
		log_info("watchdog: pinging systemd from the event loop");
	return 0;
}
