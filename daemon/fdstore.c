/*
 * Descriptors across restarts. At start systemd passes (LISTEN_FDS,
 * LISTEN_FDNAMES) the socket of dcd.socket, named "client", and whatever
 * an earlier dcd put into its fd store: the simulator's hardware
 * ("device") and the framebuffers ("fb-ID"). While running, dcd puts every
 * framebuffer it maps into the store (FDSTORE=1, FDNAME=fb-ID) and takes
 * it out when its memory goes (FDSTOREREMOVE=1): the fd store then holds
 * exactly the buffers a crash must not lose, the ones that may be on
 * screen. Without systemd ($NOTIFY_SOCKET unset) nothing is stored.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-daemon.h>
#include <unistd.h>

#include "dcd.h"
#include "recovery.h"

int dcd_listen_fds(struct dcd *dcd)
{
	struct dcd_recovery *rc = dcd->recovery;
	char **names = NULL;
	int n;

	n = sd_listen_fds_with_names(1, &names);
	if (n < 0) {
		log_warning("descriptors from systemd (LISTEN_FDS): %s", strerror(-n));
		return 0;
	}
	if (n == 0)
		return 0;
	rc->received = calloc((size_t)n, sizeof(*rc->received));
	for (int i = 0; i < n; i++) {
		int fd = SD_LISTEN_FDS_START + i;
		const char *name = names && names[i] ? names[i] : "unknown";

		if (!strcmp(name, DCD_FDNAME_CLIENT) && dcd->opts.socket_fd < 0 &&
		    sd_is_socket(fd, AF_UNIX, SOCK_SEQPACKET, 1) > 0) {
			/* socket activation: dcd.socket's listening socket */
			dcd->opts.socket_fd = fd;
			dcd->socket_activated = true;
		} else if (rc->received &&
			   (!strcmp(name, DCD_FDNAME_DEVICE) ||
			    !strncmp(name, DCD_FDNAME_FB_PREFIX, strlen(DCD_FDNAME_FB_PREFIX)))) {
			struct dcd_received_fd *r = &rc->received[rc->n_received++];

			snprintf(r->name, sizeof(r->name), "%s", name);
			r->fd = fd;
		} else {
			log_warning("descriptor %d \"%s\" from systemd: not one dcd uses; closed",
				    fd, name);
			close(fd);
		}
	}
	for (int i = 0; names && i < n; i++)
		free(names[i]);
	free(names);
	log_info("systemd passed %d descriptor%s (%s, %u from the fd store)", n, n == 1 ? "" : "s",
		 dcd->socket_activated ? "the client socket" : "no client socket", rc->n_received);
	return 0;
}

int dcd_received_take(struct dcd *dcd, const char *name)
{
	struct dcd_recovery *rc = dcd->recovery;

	for (unsigned i = 0; rc && i < rc->n_received; i++) {
		if (rc->received[i].fd >= 0 && !strcmp(rc->received[i].name, name)) {
			int fd = rc->received[i].fd;

			rc->received[i].fd = -1;
			return fd;
		}
	}
	return -1;
}

void dcd_fdstore_forget(struct dcd *dcd, const char *name)
{
	char text[96];
	int r;

	if (!dcd->recovery || !dcd->recovery->notify)
		return;
	snprintf(text, sizeof(text), "FDSTOREREMOVE=1\nFDNAME=%s", name);
	r = sd_notify(0, text);
	if (r < 0)
		log_warning("fd store: removing %s: %s", name, strerror(-r));
}

void dcd_received_drop_rest(struct dcd *dcd)
{
	struct dcd_recovery *rc = dcd->recovery;

	for (unsigned i = 0; rc && i < rc->n_received; i++) {
		struct dcd_received_fd *r = &rc->received[i];

		if (r->fd < 0)
			continue;
		log_info("fd store: %s is not on any screen; released", r->name);
		dcd_fdstore_forget(dcd, r->name);
		close(r->fd);
		r->fd = -1;
	}
}

static int store_fd(struct dcd *dcd, const char *name, int fd)
{
	char text[96];
	int r;

	snprintf(text, sizeof(text), "FDSTORE=1\nFDNAME=%s", name);
	r = sd_pid_notify_with_fds(0, 0, text, &fd, 1);
	if (r < 0)
		log_warning("fd store: %s: %s", name, strerror(-r));
	return r < 0 ? r : 0;
}

/* Adds sf to the mirror of the store's framebuffers; -ENOMEM. */
static int mirror_add(struct dcd_recovery *rc, const struct dcd_stored_fb *sf)
{
	if (rc->n_fbs == rc->cap_fbs) {
		unsigned cap = rc->cap_fbs ? rc->cap_fbs * 2 : 16;
		struct dcd_stored_fb *p = realloc(rc->fbs, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		rc->fbs = p;
		rc->cap_fbs = cap;
	}
	rc->fbs[rc->n_fbs++] = *sf;
	return 0;
}

void dcd_fdstore_fb_known(struct dcd *dcd, const struct dcd_stored_fb *sf)
{
	if (dcd->recovery->fdstore && mirror_add(dcd->recovery, sf) < 0)
		log_error("fd store: out of memory; framebuffer %u is left in the store", sf->id);
}

void dcd_fdstore_fb_add(struct dcd *dcd, const struct dcd_fb *fb, int fd)
{
	struct dcd_recovery *rc = dcd->recovery;
	struct dcd_stored_fb sf = {
		.id = fb->id,
		.iova = fb->iova,
		.size = fb->map.size,
		.layout = fb->layout,
	};
	char name[32];

	if (!rc || !rc->fdstore)
		return;
	if (mirror_add(rc, &sf) < 0) {
		log_error("fd store: out of memory; framebuffer %u will not survive a restart",
			  fb->id);
		return;
	}
	snprintf(name, sizeof(name), DCD_FDNAME_FB_PREFIX "%u", fb->id);
	if (store_fd(dcd, name, fd) < 0) {
		rc->n_fbs--;
		return;
	}
	/* The state file tells a restarted dcd where the buffer was mapped. */
	dcd_state_write(dcd);
}

void dcd_fdstore_fb_remove(struct dcd *dcd, const struct dcd_fb *fb)
{
	struct dcd_recovery *rc = dcd->recovery;
	char name[32];

	if (!rc || !rc->fdstore)
		return;
	for (unsigned i = 0; i < rc->n_fbs; i++) {
		if (rc->fbs[i].id != fb->id)
			continue;
		rc->fbs[i] = rc->fbs[--rc->n_fbs];
		snprintf(name, sizeof(name), DCD_FDNAME_FB_PREFIX "%u", fb->id);
		dcd_fdstore_forget(dcd, name);
		return;
	}
}

void dcd_fdstore_device(struct dcd *dcd, int fd)
{
	if (dcd->recovery && dcd->recovery->fdstore)
		store_fd(dcd, DCD_FDNAME_DEVICE, fd);
}
