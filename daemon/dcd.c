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
#include "dcd.h"
#include "event_loop.h"
#include "recovery.h"
#include "sim.h"

/* ---- event sources ------------------------------------------------------------ */

void dcd_handle_irq(struct dcd *dcd)
{
	if (dcd->engine->lost)
		return;
	dcd->in_dc = true;
	dcd->engine->ops->handle_irq(dcd->engine);
	dcd->in_dc = false;
}

static int on_irq(sd_event_source *s, int fd, uint32_t revents, void *data)
{
	struct dcd *dcd = data;

	dcd_handle_irq(dcd);
	dcd_process(dcd);
	return 0;
}

static int on_engine_timer(sd_event_source *s, int fd, uint32_t revents, void *data)
{
	struct dcd *dcd = data;

	dcd->in_dc = true;
	dcd->engine->ops->timer(dcd->engine);
	dcd->in_dc = false;
	/* the simulator's timer only raises interrupts; KMS's emulated vblanks may leave work */
	if (dcd->work)
		dcd_process(dcd);
	return 0;
}

void dcd_run_deadline(struct dcd *dcd)
{
	dcd->deadline_set = UINT64_MAX;
	if (!dcd->engine->lost) {
		dcd->in_dc = true;
		dcd->engine->ops->dispatch(dcd->engine);
		dcd->in_dc = false;
	}
	dcd_process(dcd);
}

static int on_deadline(sd_event_source *s, uint64_t usec, void *data)
{
	dcd_run_deadline(data);
	return 0;
}

uint64_t dcd_engine_now_ns(const struct dcd *dcd)
{
	/*
	 * Every engine's timestamps are CLOCK_MONOTONIC (DC's dc_hw clock on
	 * the real-time simulator and on VFIO, the kernel's on KMS) except
	 * the simulator's virtual clock of the fuzz drivers.
	 */
	if (dcd->opts.sim_virtual && dcd->engine->sim)
		return sim_now_ns(dcd->engine->sim);
	return dcd_now_ns();
}

void dcd_update_deadline(struct dcd *dcd)
{
	uint64_t next =
		dcd->engine->lost ? UINT64_MAX : dcd->engine->ops->next_deadline(dcd->engine);

	if (next == dcd->deadline_set)
		return;
	dcd->deadline_set = next;
	/* on the simulator's virtual clock the caller runs it when it has come */
	if (dcd->opts.sim_virtual)
		return;
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
	dcd_for_each_output(dcd, o) {
		dcd_flips_cancel(dcd, o);
		dcd_output_cancel_idle(o);
		if (o->connection != DCP_DISCONNECTED) {
			o->connection = DCP_DISCONNECTED;
			dcd_notify_hotplug(dcd, o->link);
		}
	}
}

static int on_monitor(sd_event_source *s, int fd, uint32_t revents, void *data)
{
	struct dcd *dcd = data;

	if (dcd->engine->ops->monitor(dcd->engine))
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
	if (!dcd->in_dc && !dcd->engine->lost && dcd->engine->ops->irq_pending(dcd->engine))
		dcd_handle_irq(dcd);
	/* Each round can only create work for a later round by ending
	 * clients or leases, which happens a bounded number of times. */
	for (unsigned round = 0; dcd->work && round < 16; round++) {
		uint32_t idle = 0;

		dcd->work = false;
		dcd_client_reap(dcd);
		if (dcd->engine->lost)
			continue;
		dcd_flips_submit_queued(dcd);
		dcd_for_each_output(dcd, o) {
			if (o->need_idle)
				idle |= 1u << o->link;
		}
		if (idle)
			dcd_outputs_go_idle(dcd, idle);
		for (struct dcd_client *c = dcd->clients; c; c = c->next) {
			if (c->wait.active && !c->dead)
				dcd_commit_wait_progress(c);
		}
		/* Vblank users that changed inside DC callbacks. */
		dcd_for_each_output(dcd, o)
			dcd_output_update_vblank(dcd, o);
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

static int add_engine_source(struct dcd *dcd, const struct dcd_engine_fd *f)
{
	switch (f->kind) {
	case DCD_ENGINE_FD_IRQ:
		return sd_event_add_io(dcd->event, &dcd->irq_src, f->fd, EPOLLIN, on_irq, dcd);
	case DCD_ENGINE_FD_TIMER:
		return sd_event_add_io(dcd->event, &dcd->timer_src, f->fd, EPOLLIN, on_engine_timer,
				       dcd);
	case DCD_ENGINE_FD_MONITOR:
		return sd_event_add_io(dcd->event, &dcd->monitor_src, f->fd, EPOLLIN, on_monitor,
				       dcd);
	}
	return -EINVAL;
}

static int add_sources(struct dcd *dcd)
{
	struct dcd_engine_fd fds[DCD_ENGINE_MAX_FDS];
	size_t nfds = dcd->engine->ops->fds(dcd->engine, fds);
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
	for (size_t i = 0; i < nfds && r >= 0; i++)
		r = add_engine_source(dcd, &fds[i]);
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
	dcd_for_each_output(dcd, o) {
		unsigned i = o->link;
		struct dcd_engine_sink sink_buf;
		int r;

		dcd->in_dc = true;
		r = dcd->engine->ops->detect(dcd->engine, i);
		dcd->in_dc = false;
		if (r < 0)
			log_warning("%s: detection failed: %s", dcd_link_name(dcd, i),
				    strerror(-r));
		o->connection = dcd->engine->ops->link_sink(dcd->engine, i, &sink_buf) == 0
					? DCP_CONNECTED
					: DCP_DISCONNECTED;
		if (o->connection == DCP_CONNECTED) {
			struct dcp_sink_info sink;

			dcd_sink_info(dcd, i, &sink);
			log_info("%s: connected: %s %s", dcd_link_name(dcd, i), sink.vendor,
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
	dcd->accept_rl = DCD_RATELIMIT_INIT(5000, 5);
	dcd->late_rl = DCD_RATELIMIT_INIT(5000, 12);
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
	r = dcd_engine_open(dcd);
	if (r < 0)
		goto fail;
	dcd->engine->ops->plane_caps(dcd->engine, &dcd->plane_caps);
	dcd->link_count = dcd->engine->ops->link_count(dcd->engine);
	for (unsigned i = 0; i < dcd->config.n_outputs; i++) {
		if (dcd->engine->ops->link_by_name(dcd->engine, dcd->config.outputs[i].name) < 0)
			log_warning("%s: outputs.%s: this engine has no such output",
				    opts->config_path ? opts->config_path : "configuration",
				    dcd->config.outputs[i].name);
	}
	dcd_outputs_init(dcd);
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
	/* The others show the idle configuration (timing kept: no modeset);
	 * an adopted picture stays, whatever detection reported meanwhile. */
	dcd_for_each_output(dcd, o) {
		if (adopted & (1u << o->link))
			dcd_output_cancel_idle(o);
		else
			dcd_output_mark_idle(dcd, o);
	}
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
	r = dcd_event_loop_run(dcd->event);
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
	dcd_for_each_output(dcd, o)
		dcd_output_cancel_idle(o);
	dcd_client_reap(dcd);
	dcd_dbus_stop(dcd);
	dcd_outputs_free(dcd);
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
	if (dcd->engine)
		dcd->engine->ops->destroy(dcd->engine);
	dcd_config_free(&dcd->config);
	dcd_recovery_free(dcd);
	free(dcd->link_info);
	free(dcd);
}
