/*
 * The daemon's life: bring up the engine and Display Core, detect the
 * links, adopt what the hardware shows or put the idle configuration up,
 * then serve the loop. One sd-event loop carries everything: the engine's
 * interrupt fd, the simulator's timer, DC's deadlines, the listening and
 * client sockets, the device removal monitor and the signals.
 *
 * Under systemd (recovery.h): the descriptors it passes are taken before
 * anything opens (client socket, the simulator's hardware, framebuffers),
 * dcd_recover adopts what the screens show, READY=1 goes with "ready",
 * STATUS= after every round of work, WATCHDOG=1 from the loop.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "dbus.h"
#include "dc_ih.h"
#include "dc_vfio.h"
#include "dcd.h"
#include "recovery.h"
#include "scanout.h"
#include "sim.h"

/* ---- DC's log lines --------------------------------------------------------- */

static void dc_log_handler(enum dc_log_level level, const char *message, void *data)
{
	struct dcd *dcd = data;

	if (level >= DC_LOG_DEBUG) {
		log_debug("dc: %s", message);
		return;
	}
	log_ratelimited(&dcd->dc_log_rl, (int)level, "dc: %s", message);
}

/* ---- event sources ------------------------------------------------------------ */

void dcd_handle_irq(struct dcd *dcd)
{
	if (dcd->backend.lost)
		return;
	dcd_backend_irq_consume(dcd);
	dcd->in_dc = true;
	dc_handle_irq(dcd->dc);
	/*
	 * Vectors written while the ring drained raised the interrupt again
	 * (and were mostly read already): clear it and look once more, so the
	 * loop does not wake up for an empty ring ahead of clients.
	 */
	for (int i = 0; i < 4 && dc_ih_attached(dcd->dc); i++) {
		dcd_backend_irq_consume(dcd);
		if (!dc_ih_pending(dcd->dc))
			break;
		dc_handle_irq(dcd->dc);
	}
	dcd->in_dc = false;
}

static int on_irq(sd_event_source *s, int fd, uint32_t revents, void *data)
{
	struct dcd *dcd = data;

	dcd_handle_irq(dcd);
	dcd_process(dcd);
	return 0;
}

static int on_sim_timer(sd_event_source *s, int fd, uint32_t revents, void *data)
{
	struct dcd *dcd = data;

	sim_dispatch(dcd->backend.sim);
	return 0;
}

static int on_deadline(sd_event_source *s, uint64_t usec, void *data)
{
	struct dcd *dcd = data;

	dcd->deadline_set = UINT64_MAX;
	if (!dcd->backend.lost) {
		dcd->in_dc = true;
		dc_dispatch(dcd->dc);
		dcd->in_dc = false;
	}
	dcd_process(dcd);
	return 0;
}

void dcd_update_deadline(struct dcd *dcd)
{
	uint64_t next = dcd->backend.lost ? UINT64_MAX : dc_next_deadline(dcd->dc);

	if (next == dcd->deadline_set)
		return;
	dcd->deadline_set = next;
	if (next == UINT64_MAX) {
		sd_event_source_set_enabled(dcd->deadline_src, SD_EVENT_OFF);
		return;
	}
	/* DC's clock is CLOCK_MONOTONIC in ns; sd-event's in us (rounded up). */
	sd_event_source_set_time(dcd->deadline_src, (next + 999) / 1000);
	sd_event_source_set_enabled(dcd->deadline_src, SD_EVENT_ONESHOT);
}

static int on_listen(sd_event_source *s, int fd, uint32_t revents, void *data)
{
	struct dcd *dcd = data;
	int cfd;

	while (dci_accept(fd, &cfd) == 0)
		dcd_client_accept(dcd, cfd);
	dcd_process(dcd);
	return 0;
}

static void device_lost(struct dcd *dcd)
{
	sd_event_source_set_enabled(dcd->irq_src, SD_EVENT_OFF);
	sd_event_source_set_enabled(dcd->monitor_src, SD_EVENT_OFF);
	for (struct dcd_client *c = dcd->clients; c; c = c->next) {
		while (c->leases && !c->dead)
			dcd_lease_end(dcd, c->leases, DCP_REVOKE_DEVICE_LOST,
				      "the display device was removed");
	}
	for (unsigned i = 0; i < dcd->link_count; i++) {
		struct dcd_output *o = &dcd->outputs[i];

		dcd_flips_cancel(dcd, o);
		o->need_idle = false;
		if (o->connection != DCP_DISCONNECTED) {
			o->connection = DCP_DISCONNECTED;
			dcd_notify_hotplug(dcd, i);
		}
	}
}

static int on_monitor(sd_event_source *s, int fd, uint32_t revents, void *data)
{
	struct dcd *dcd = data;

	if (dcd_backend_check_removed(dcd))
		device_lost(dcd);
	dcd_process(dcd);
	return 0;
}

static int on_signal(sd_event_source *s, const struct signalfd_siginfo *si, void *data)
{
	struct dcd *dcd = data;

	log_notice("%s: stopping; the screens stay as they are", strsignal((int)si->ssi_signo));
	dcd_notify_stopping(dcd);
	sd_event_exit(dcd->event, 0);
	return 0;
}

/* ---- the deferred work -------------------------------------------------------- */

void dcd_process(struct dcd *dcd)
{
	/*
	 * Vectors a request's register accesses let the IH write (a status
	 * it then acknowledged itself, a flip that latched meanwhile): read
	 * them now rather than wake up for them ahead of the next request.
	 */
	if (!dcd->in_dc && !dcd->backend.lost && dc_ih_pending(dcd->dc))
		dcd_handle_irq(dcd);
	/* Each round can only create work for a later round by ending
	 * clients or leases, which happens a bounded number of times. */
	for (unsigned round = 0; dcd->work && round < 16; round++) {
		uint32_t idle = 0;

		dcd->work = false;
		dcd_client_reap(dcd);
		if (dcd->backend.lost)
			continue;
		dcd_flips_submit_queued(dcd);
		for (unsigned i = 0; i < dcd->link_count; i++) {
			if (dcd->outputs[i].need_idle)
				idle |= 1u << i;
		}
		if (idle)
			dcd_outputs_go_idle(dcd, idle);
		for (struct dcd_client *c = dcd->clients; c; c = c->next) {
			if (c->wait.active && !c->dead)
				dcd_commit_wait_progress(c);
		}
		/* Vblank users that changed inside DC callbacks. */
		for (unsigned i = 0; i < dcd->link_count; i++)
			dcd_output_update_vblank(dcd, &dcd->outputs[i]);
	}
	dcd_fdstore_sync_state(dcd);
	dcd_dbus_flush(dcd);
	dcd_update_deadline(dcd);
	dcd_notify_status(dcd);
}

/* ---- start and stop -------------------------------------------------------------- */

static int open_socket(struct dcd *dcd)
{
	struct dcp_error err = { 0 };
	int r;

	if (dcd->opts.socket_fd >= 0) {
		r = dci_listen_adopt(dcd->opts.socket_fd, &err);
		if (r < 0) {
			log_error("listening socket fd %d: %s", dcd->opts.socket_fd, err.text);
			return r;
		}
		dcd->listen_fd = dcd->opts.socket_fd;
		snprintf(dcd->socket_path, sizeof(dcd->socket_path), "fd %d", dcd->listen_fd);
		return 0;
	}
	if (dcd->opts.socket_path) {
		snprintf(dcd->socket_path, sizeof(dcd->socket_path), "%s", dcd->opts.socket_path);
	} else {
		r = dcp_socket_path_server(dcd->socket_path, sizeof(dcd->socket_path), geteuid(),
					   getenv("XDG_RUNTIME_DIR"), getenv(DCP_SOCKET_ENV));
		if (r < 0) {
			log_error("no socket path: not root, and neither $XDG_RUNTIME_DIR nor "
				  "$%s is set (use --socket PATH)",
				  DCP_SOCKET_ENV);
			return r;
		}
	}
	/* Who may connect: the configuration's mode and group, as dcd.socket's
	 * SocketMode/SocketGroup (docs/config.md); what a client may do then
	 * is decided from its credentials. */
	r = dci_listen(dcd->socket_path, dcd->config.socket.mode, &dcd->listen_fd, &err);
	if (r < 0) {
		log_error("socket %s: %s", dcd->socket_path, err.text);
		return r;
	}
	dcd->socket_owned = true;
	if (dcd->config.socket.set_group &&
	    chown(dcd->socket_path, (uid_t)-1, dcd->config.socket.group) < 0) {
		r = -errno;
		log_error("socket %s: group %u: %s", dcd->socket_path,
			  (unsigned)dcd->config.socket.group, strerror(-r));
		return r;
	}
	return 0;
}

static int add_sources(struct dcd *dcd)
{
	struct dcd_backend *b = &dcd->backend;
	sigset_t mask;
	int r;

	sigemptyset(&mask);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGINT);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	signal(SIGPIPE, SIG_IGN);

	r = sd_event_add_signal(dcd->event, &dcd->sigterm_src, SIGTERM, on_signal, dcd);
	if (r >= 0)
		r = sd_event_add_signal(dcd->event, &dcd->sigint_src, SIGINT, on_signal, dcd);
	if (r >= 0 && b->irq_fd >= 0)
		r = sd_event_add_io(dcd->event, &dcd->irq_src, b->irq_fd, EPOLLIN, on_irq, dcd);
	if (r >= 0 && b->timer_fd >= 0)
		r = sd_event_add_io(dcd->event, &dcd->timer_src, b->timer_fd, EPOLLIN, on_sim_timer,
				    dcd);
	if (r >= 0 && b->monitor)
		r = sd_event_add_io(dcd->event, &dcd->monitor_src, dcv_monitor_fd(b->monitor),
				    EPOLLIN, on_monitor, dcd);
	if (r >= 0)
		r = sd_event_add_time(dcd->event, &dcd->deadline_src, CLOCK_MONOTONIC, 0, 1,
				      on_deadline, dcd);
	if (r >= 0)
		r = sd_event_source_set_enabled(dcd->deadline_src, SD_EVENT_OFF);
	if (r >= 0)
		r = sd_event_add_io(dcd->event, &dcd->listen_src, dcd->listen_fd, EPOLLIN,
				    on_listen, dcd);
	/* Interrupts before clients: a flip completion is never kept waiting
	 * behind a burst of requests. */
	if (r >= 0 && dcd->irq_src)
		r = sd_event_source_set_priority(dcd->irq_src, SD_EVENT_PRIORITY_IMPORTANT);
	if (r < 0)
		log_error("event loop: %s", strerror(-r));
	dcd->deadline_set = UINT64_MAX;
	return r < 0 ? r : 0;
}

static void detect_links(struct dcd *dcd)
{
	for (unsigned i = 0; i < dcd->link_count; i++) {
		struct dcd_output *o = &dcd->outputs[i];
		int r;

		dcd->in_dc = true;
		r = dc_link_detect(dcd->dc, i);
		dcd->in_dc = false;
		if (r < 0)
			log_warning("%s: detection failed: %s", dc_link_name(dcd->dc, i),
				    strerror(-r));
		o->connection = dc_link_sink(dcd->dc, i) ? DCP_CONNECTED : DCP_DISCONNECTED;
		if (o->connection == DCP_CONNECTED) {
			struct dcp_sink_info sink;

			dcd_sink_info(dcd, i, &sink);
			log_info("%s: connected: %s %s", dc_link_name(dcd->dc, i), sink.vendor,
				 sink.name);
		}
	}
}

int dcd_new(const struct dcd_options *opts, struct dcd **out)
{
	char msg[1024];
	uint32_t adopted;
	struct dcd *dcd;
	int r;

	*out = NULL;
	dcd = calloc(1, sizeof(*dcd));
	if (!dcd)
		return -ENOMEM;
	dcd->opts = *opts;
	dcd->listen_fd = -1;
	dcd->backend.irq_fd = dcd->backend.timer_fd = -1;
	dcd->accept_rl = DCD_RATELIMIT_INIT(5000, 5);
	dcd->dc_log_rl = DCD_RATELIMIT_INIT(5000, 20);
	dcd->next_client_id = dcd->next_lease_id = dcd->next_fb_id = 1;
	r = dcd_config_defaults(&dcd->config);
	if (r == 0 && opts->config_path) {
		r = dcd_config_load(opts->config_path, &dcd->config, msg, sizeof(msg));
		if (r < 0)
			log_error("%s", msg);
	}
	if (r < 0)
		goto fail;
	/* systemd's descriptors first: the socket, the hardware, framebuffers */
	r = dcd_recovery_new(dcd);
	if (r == 0) {
		dcd_fdstore_init(dcd);
		r = dcd_listen_fds(dcd);
	}
	if (r < 0)
		goto fail;
	if (getrandom(&dcd->instance, sizeof(dcd->instance), 0) != sizeof(dcd->instance))
		dcd->instance = dcd_now_ns() ^ ((uint64_t)getpid() << 32);
	dcd->link_info = malloc(sizeof(*dcd->link_info));
	if (!dcd->link_info) {
		r = -ENOMEM;
		goto fail;
	}
	r = dcd_backend_open(dcd);
	if (r < 0)
		goto fail;
	r = dc_create(dcd->backend.hw, &dcd->backend.board, &dcd->dc);
	if (r < 0) {
		log_error("Display Core: cannot start on this engine: %s", strerror(-r));
		goto fail;
	}
	dc_set_log_handler(dcd->dc, dc_log_handler, dcd);
	dc_set_events(dcd->dc, &dcd_dc_events, dcd);
	r = dcd_backend_vbios(dcd);
	if (r < 0)
		goto fail;
	/* without VRAM dcd still detects and lights outputs, but shows no plane */
	dcd_scanout_init(dcd);
	dc_get_plane_caps(dcd->dc, &dcd->plane_caps);
	dcd->link_count = dc_link_count(dcd->dc);
	for (unsigned i = 0; i < dcd->config.n_outputs; i++) {
		if (dc_link_by_name(dcd->dc, dcd->config.outputs[i].name) < 0)
			log_warning("%s: outputs.%s: this engine has no such output",
				    opts->config_path ? opts->config_path : "configuration",
				    dcd->config.outputs[i].name);
	}
	for (unsigned i = 0; i < dcd->link_count; i++) {
		dcd->outputs[i].link = i;
		dcd->outputs[i].connection = DCP_CONNECTION_UNKNOWN;
	}
	r = sd_event_new(&dcd->event);
	if (r < 0)
		goto fail;
	r = open_socket(dcd);
	if (r < 0)
		goto fail;
	r = add_sources(dcd);
	if (r < 0)
		goto fail;
	/* adopt before detecting: detection retrains a DP link nobody seems to drive */
	adopted = dcd_recover(dcd);
	/* after recovery took back the framebuffers' device addresses */
	r = dcd_ih_start(dcd);
	if (r < 0)
		goto fail;
	detect_links(dcd);
	/* The others show the idle configuration (timing kept: no modeset). */
	for (unsigned i = 0; i < dcd->link_count; i++)
		dcd->outputs[i].need_idle = !(adopted & (1u << i));
	dcd->work = true;
	dcd_process(dcd);
	dcd_state_write(dcd);
	r = dcd_dbus_start(dcd);
	if (r < 0)
		goto fail;
	*out = dcd;
	return 0;
fail:
	dcd_free(dcd);
	return r;
}

int dcd_run(struct dcd *dcd)
{
	int r;

	log_notice("dcd %s ready: %u links, listening on %s%s", DCD_VERSION, dcd->link_count,
		   dcd->socket_path, dcd->socket_activated ? " (socket activation)" : "");
	r = dcd_notify_watchdog(dcd);
	if (r < 0)
		return r;
	dcd_notify_ready(dcd);
	r = sd_event_loop(dcd->event);
	if (r < 0)
		log_error("event loop: %s", strerror(-r));
	return r;
}

void dcd_free(struct dcd *dcd)
{
	if (!dcd)
		return;
	/* What the fd store holds stays there for a dcd started after this one. */
	if (dcd->recovery)
		dcd->recovery->fdstore = false;
	/* Clients are told, nothing on screen changes (no idle commit at exit). */
	for (struct dcd_client *c = dcd->clients; c; c = c->next) {
		while (c->leases)
			dcd_lease_end(dcd, c->leases, DCP_REVOKE_SHUTDOWN, "dcd is stopping");
		dci_conn_flush(c->conn);
		dcd_client_kill(c, NULL);
	}
	for (unsigned i = 0; i < dcd->link_count; i++)
		dcd->outputs[i].need_idle = false;
	dcd_client_reap(dcd);
	dcd_dbus_stop(dcd);
	for (unsigned i = 0; i < dcd->link_count; i++) {
		struct dcd_output *o = &dcd->outputs[i];

		dcd_flips_cancel(dcd, o);
		dcd_fb_unref(o->pending.fb);
		dcd_fb_unref(o->scanout);
		dcd_fb_unref(o->cursor_fb);
		for (unsigned k = 0; k < o->nretired; k++)
			dcd_fb_unref(o->retired[k].fb);
		free(o->retired);
	}
	sd_event_source_unref(dcd->listen_src);
	sd_event_source_unref(dcd->irq_src);
	sd_event_source_unref(dcd->timer_src);
	sd_event_source_unref(dcd->deadline_src);
	sd_event_source_unref(dcd->grace_src);
	sd_event_source_unref(dcd->monitor_src);
	sd_event_source_unref(dcd->sigterm_src);
	sd_event_source_unref(dcd->sigint_src);
	sd_event_unref(dcd->event);
	if (dcd->listen_fd >= 0 && dcd->opts.socket_fd < 0)
		close(dcd->listen_fd);
	if (dcd->socket_owned)
		unlink(dcd->socket_path);
	dcd_ih_stop(dcd);
	dc_destroy(dcd->dc);
	dcd_scanout_fini(dcd);
	dcd_backend_close(dcd);
	dcd_config_free(&dcd->config);
	dcd_recovery_free(dcd);
	free(dcd->link_info);
	free(dcd);
}
