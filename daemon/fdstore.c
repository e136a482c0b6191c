/*
 * Descriptors across restarts. At start systemd passes (LISTEN_FDS,
 * LISTEN_FDNAMES) the socket of dcd.socket, named "client", and whatever
 * an earlier dcd put into its fd store: the simulator's hardware
 * ("device"), the KMS engine's DRM master file ("drm") and the
 * framebuffers ("fb-ID"). While running, dcd puts a
 * framebuffer into the store (FDSTORE=1, FDNAME=fb-ID) when it goes on a
 * plane (COMMIT, FLIP, CURSOR_SET) and takes it out when its memory goes
 * or when room is needed and it is on no plane (FDSTOREREMOVE=1): the
 * store holds the buffers a crash must not lose, the ones that may be on
 * screen, not every buffer ever created. The store is the unit's
 * (FileDescriptorStoreMax): each client gets a share of it
 * (max_stored_framebuffers), and dcd never sends more than fits, because
 * systemd would close the extra fds without a word. Without systemd
 * ($NOTIFY_SOCKET unset) nothing is stored.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
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
			   (!strcmp(name, DCD_FDNAME_DEVICE) || !strcmp(name, DCD_FDNAME_DRM) ||
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
			/* still in systemd's store: it takes one of its places */
			if (!strcmp(name, DCD_FDNAME_DEVICE) || !strcmp(name, DCD_FDNAME_DRM))
				rc->device_stored = true;
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

/*
 * systemd does not answer FDSTORE=1: a message sent is a message it got,
 * and it keeps the fd unless the store is full (then it closes it without
 * telling). dcd counts what it sent against store_max and never sends
 * past it, so "sent" is "stored"; a restarted dcd checks that against the
 * state file and says which buffers did not come back (recovery.c).
 */
static int store_fd(struct dcd *dcd, const char *name, int fd)
{
	char text[96];
	int r;

	snprintf(text, sizeof(text), "FDSTORE=1\nFDNAME=%s", name);
	r = sd_pid_notify_with_fds(0, 0, text, &fd, 1);
	if (r < 0)
		log_warning("fd store: %s: %s", name, strerror(-r));
	else if (r == 0)
		r = -ENOTCONN; /* $NOTIFY_SOCKET went away */
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

static bool mirror_remove(struct dcd_recovery *rc, uint32_t id)
{
	for (unsigned i = 0; i < rc->n_fbs; i++) {
		if (rc->fbs[i].id == id) {
			rc->fbs[i] = rc->fbs[--rc->n_fbs];
			return true;
		}
	}
	return false;
}

void dcd_fdstore_init(struct dcd *dcd)
{
	struct dcd_recovery *rc = dcd->recovery;
	const char *env = getenv("FDSTORE");
	struct rlimit rl;
	char *end;
	unsigned long n;

	rc->partial_rl = DCD_RATELIMIT_INIT(10000, 5);
	rc->store_max = DCD_FDSTORE_MAX_ASSUMED;
	if (env) {
		errno = 0;
		n = strtoul(env, &end, 10);
		if (errno || *end || !*env || n > 65536)
			log_warning("$FDSTORE=\"%.16s\" is not a number; assuming the unit's %u",
				    env, rc->store_max);
		else
			rc->store_max = (unsigned)n;
	}
	if (!rc->fdstore)
		return;
	if (rc->store_max == 0) {
		log_warning("fd store: systemd keeps no descriptors for dcd "
			    "(FileDescriptorStoreMax=0): what is on screen is lost in a crash");
		rc->fdstore = false;
		return;
	}
	log_info("fd store: %u descriptors%s, %u per client", rc->store_max,
		 env ? " ($FDSTORE)" : " (FileDescriptorStoreMax of dcd.service, assumed)",
		 dcd->config.max_stored_fbs);
	/* A kept fd per framebuffer: the soft limit up to the hard one. */
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

bool dcd_fdstore_keeps_fds(const struct dcd *dcd)
{
	return dcd->recovery && dcd->recovery->fdstore;
}

static bool on_a_plane(const struct dcd *dcd, const struct dcd_fb *fb)
{
	dcd_for_each_output(dcd, o) {
		if (o->pending.fb == fb || o->queued.fb == fb || o->scanout == fb ||
		    o->cursor_fb == fb)
			return true;
	}
	return false;
}

static void take_out(struct dcd *dcd, struct dcd_fb *fb)
{
	char name[32];

	if (!fb->stored)
		return;
	fb->stored = false;
	mirror_remove(dcd->recovery, fb->id);
	snprintf(name, sizeof(name), DCD_FDNAME_FB_PREFIX "%u", fb->id);
	dcd_fdstore_forget(dcd, name);
	/* a stale entry only costs a log line at the next start: write later */
	dcd->recovery->state_dirty = true;
	dcd->work = true;
}

/* A stored buffer of c (any client when c is NULL) that is on no plane. */
static struct dcd_fb *spare(struct dcd *dcd, const struct dcd_client *c)
{
	for (struct dcd_client *o = dcd->clients; o; o = o->next) {
		if (c && o != c)
			continue;
		for (struct dcd_fb *fb = o->fbs; fb; fb = fb->next) {
			if (fb->stored && !on_a_plane(dcd, fb))
				return fb;
		}
	}
	return NULL;
}

static unsigned stored_of(const struct dcd_client *c)
{
	unsigned n = 0;

	for (const struct dcd_fb *fb = c->fbs; fb; fb = fb->next)
		n += fb->stored;
	return n;
}

static void partial(struct dcd *dcd, const struct dcd_fb *fb, const char *why)
{
	log_ratelimited(&dcd->recovery->partial_rl, LOG_WARNING,
			"fd store: framebuffer %u of %s not stored (%s): a crash now would "
			"lose what it shows; recovery would be partial",
			fb->id, fb->owner ? fb->owner->label : "a client gone", why);
}

void dcd_fdstore_fb_use(struct dcd *dcd, struct dcd_fb *fb)
{
	struct dcd_recovery *rc = dcd->recovery;
	struct dcd_stored_fb sf;
	struct dcd_fb *victim;
	char name[32], why[96];

	if (!fb || fb->stored || !rc || !rc->fdstore)
		return;
	/*
	 * A buffer dcd does not map is one only the engine holds (on KMS a
	 * dumb buffer of FB_ALLOC or an imported dma-buf): it lives on in the
	 * engine's own stored file, the DRM fd, with nothing to store here.
	 */
	if (!fb->map.data)
		return;
	if (fb->fd < 0) {
		partial(dcd, fb, "its descriptor is gone");
		return;
	}
	if (fb->owner && stored_of(fb->owner) >= dcd->config.max_stored_fbs) {
		victim = spare(dcd, fb->owner);
		if (!victim) {
			snprintf(why, sizeof(why),
				 "the client's %u of max_stored_framebuffers are all on screen",
				 dcd->config.max_stored_fbs);
			partial(dcd, fb, why);
			return;
		}
		take_out(dcd, victim);
	}
	if (rc->n_fbs + rc->device_stored >= rc->store_max) {
		victim = spare(dcd, NULL);
		if (!victim) {
			snprintf(why, sizeof(why), "the store holds %u of its %u, all on screen",
				 rc->n_fbs + rc->device_stored, rc->store_max);
			partial(dcd, fb, why);
			return;
		}
		take_out(dcd, victim);
	}
	sf = (struct dcd_stored_fb){
		.id = fb->id, .iova = fb->iova, .size = fb->map.size, .layout = fb->layout
	};
	if (mirror_add(rc, &sf) < 0) {
		partial(dcd, fb, "out of memory");
		return;
	}
	snprintf(name, sizeof(name), DCD_FDNAME_FB_PREFIX "%u", fb->id);
	if (store_fd(dcd, name, fb->fd) < 0) {
		rc->n_fbs--;
		partial(dcd, fb, "systemd's notify socket refused it");
		return;
	}
	fb->stored = true;
	/* The state file tells a restarted dcd where the buffer was mapped;
	 * written now, before the engine is told to show it, so a crash in
	 * between finds both (once per buffer, not per flip). */
	dcd_state_write(dcd);
}

void dcd_fdstore_sync_state(struct dcd *dcd)
{
	struct dcd_recovery *rc = dcd->recovery;

	if (rc && rc->state_dirty)
		dcd_state_write(dcd);
}

void dcd_fdstore_fb_known(struct dcd *dcd, const struct dcd_stored_fb *sf)
{
	if (dcd->recovery->fdstore && mirror_add(dcd->recovery, sf) < 0)
		log_error("fd store: out of memory; framebuffer %u is left in the store", sf->id);
}

void dcd_fdstore_fb_remove(struct dcd *dcd, struct dcd_fb *fb)
{
	if (dcd->recovery && dcd->recovery->fdstore)
		take_out(dcd, fb);
}

void dcd_fdstore_device(struct dcd *dcd, const char *name, int fd)
{
	struct dcd_recovery *rc = dcd->recovery;

	if (rc && rc->fdstore && !rc->device_stored && rc->n_fbs < rc->store_max)
		rc->device_stored = store_fd(dcd, name, fd) == 0;
}
