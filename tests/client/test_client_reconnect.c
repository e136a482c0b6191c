/*
 * Reconnection, with fake dcds on a real socket path: the first one dies
 * (its socket file stays, as after SIGKILL), requests in flight end with
 * -ENOTCONN before the disconnected callback, calls fail with -ENOTCONN;
 * a second one binds the same path and the inotify watch makes the client
 * come back by itself: handshake, topology, framebuffers registered again,
 * the reconnected callback (restarted = the instance changed). Then
 * dcc_restore re-leases the same lease object and commits the last
 * configuration with the framebuffer of the last completed flip; with
 * auto-restore that happens before the callback; without reconnection the
 * client stays down.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "client_test.h"

struct world {
	char dir[64], path[96];
	struct fake_server a, b;
	struct dcc_client *c;
	struct dcc_link *dp;
	struct dcc_lease *lease;
	struct dcc_fb *fb[2];
	struct dcc_config *cfg;
	/* what the callbacks saw, in order */
	char order[64];
	int flips, disconnects, reconnects;
	bool restarted, lease_active_in_callback, socket_appeared;
	int commits_before_callback;
};

static void note(struct world *w, char what)
{
	size_t n = strlen(w->order);

	if (n + 1 < sizeof(w->order))
		w->order[n] = what;
}

static void on_flip(struct dcc_client *c, struct dcc_link *link, int status, uint64_t seq,
		    uint64_t ts, void *data)
{
	struct world *w = data;

	note(w, status == 0 ? 'f' : status == -ENOTCONN ? 'x' : '?');
	w->flips++;
}

static void on_disconnected(struct dcc_client *c, int status, const char *text, void *data)
{
	struct world *w = data;

	note(w, 'D');
	w->disconnects++;
}

static void on_reconnected(struct dcc_client *c, bool restarted, void *data)
{
	struct world *w = data;

	note(w, 'R');
	w->restarted = restarted;
	w->lease_active_in_callback = dcc_lease_is_active(w->lease);
	w->commits_before_callback = fake_count(&w->b, DCP_REQ_COMMIT);
	w->reconnects++;
}

static void on_log(struct dcc_client *c, enum dcc_log_level level, const char *text, void *data)
{
	struct world *w = data;

	if (strstr(text, "appeared: reconnecting now"))
		w->socket_appeared = true;
}

static bool swallow_flips(struct fake_server *s, const struct dcp_request *req, int fd)
{
	return req->hdr.opcode == DCP_REQ_FLIP;
}

/* A client of fake dcd a with a lease, two framebuffers, a commit and one flip done. */
static struct world *setup(uint32_t flags)
{
	struct world *w = calloc(1, sizeof(*w));

	assert_non_null(w);
	snprintf(w->dir, sizeof(w->dir), "/tmp/dcc-reconnect-XXXXXX");
	assert_non_null(mkdtemp(w->dir));
	snprintf(w->path, sizeof(w->path), "%s/dcd.sock", w->dir);
	fake_init(&w->a, 111);
	fake_listen(&w->a, w->path);
	fake_start(&w->a);

	assert_int_equal(dcc_client_create("test-reconnect", &w->c), 0);
	dcc_set_disconnected_handler(w->c, on_disconnected, w);
	dcc_set_reconnected_handler(w->c, on_reconnected, w);
	dcc_set_log_handler(w->c, on_log, w);
	assert_int_equal(dcc_client_connect(w->c, w->path, flags), 0);
	assert_string_equal(dcc_get_socket_path(w->c), w->path);
	w->dp = dcc_find_link(w->c, "DP-1");
	assert_int_equal(dcc_lease_create(w->c, &w->dp, 1, &w->lease), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(dcc_fb_create_memfd(w->c, DCC_FORMAT_XRGB8888, 64, 64, &w->fb[i]),
				 0);
	assert_int_equal(dcc_config_create(w->c, &w->cfg), 0);
	assert_int_equal(
		dcc_config_set_output(w->cfg, w->dp, dcc_link_get_preferred_mode(w->dp), w->fb[0]),
		0);
	assert_int_equal(dcc_commit_sync(w->c, w->cfg, DCC_COMMIT_ALLOW_MODESET), 0);
	assert_int_equal(dcc_flip(w->c, w->dp, w->fb[1], DCC_FLIP_VSYNC, on_flip, w), 0);
	assert_true(pump_count(w->c, &w->flips, 1, 2000));
	return w;
}

/* dcd a dies with a flip in flight; its socket file stays behind. */
static void kill_a(struct world *w)
{
	w->a.hook = swallow_flips;
	assert_int_equal(dcc_flip(w->c, w->dp, w->fb[0], DCC_FLIP_VSYNC, on_flip, w), 0);
	assert_int_equal(dcc_roundtrip(w->c), 0);
	fake_stop(&w->a);
	close(w->a.listen_fd);
	w->a.listen_fd = -1;
	assert_true(pump_count(w->c, &w->disconnects, 1, 2000));
	assert_string_equal(w->order, "fxD");
}

static void start_b(struct world *w, uint64_t instance)
{
	fake_init(&w->b, instance);
	fake_listen(&w->b, w->path);
	fake_start(&w->b);
}

static void teardown(struct world *w)
{
	dcc_config_destroy(w->cfg);
	dcc_fb_destroy(w->fb[0]);
	dcc_fb_destroy(w->fb[1]);
	dcc_lease_destroy(w->lease);
	dcc_client_destroy(w->c);
	fake_fini(&w->a);
	fake_fini(&w->b);
	unlink(w->path);
	rmdir(w->dir);
	free(w);
}

static void reconnects_after_a_restart(void **state)
{
	struct world *w = setup(0);
	struct dcp_request req;

	kill_a(w);
	assert_false(dcc_is_connected(w->c));
	assert_false(dcc_lease_is_active(w->lease));
	assert_int_equal(dcc_fb_get_id(w->fb[0]), 0);
	assert_int_equal(dcc_roundtrip(w->c), -ENOTCONN);
	assert_int_equal(dcc_flip(w->c, w->dp, w->fb[1], DCC_FLIP_VSYNC, on_flip, w), -ENOTCONN);
	/* While nobody listens the client keeps trying, quietly. */
	pump_until(w->c, NULL, 300);
	assert_int_equal(dcc_dispatch(w->c), 0);
	assert_int_equal(w->reconnects, 0);

	start_b(w, 222);
	assert_true(pump_count(w->c, &w->reconnects, 1, 3000));
	assert_true(w->socket_appeared); /* woken by inotify, not only by the timer */
	assert_string_equal(w->order, "fxDR");
	assert_true(w->restarted);
	assert_true(dcc_is_connected(w->c));
	assert_true(dcc_get_instance(w->c) == 222);
	assert_int_equal(fake_count(&w->b, DCP_REQ_HELLO), 1);
	assert_int_equal(fake_count(&w->b, DCP_REQ_GET_TOPOLOGY), 1);
	assert_int_equal(fake_count(&w->b, DCP_REQ_FB_CREATE), 2);
	assert_int_equal(w->b.fb_seals & F_SEAL_SHRINK, F_SEAL_SHRINK);
	assert_true(dcc_fb_get_id(w->fb[0]) != 0 && dcc_fb_get_id(w->fb[1]) != 0);
	assert_ptr_equal(dcc_find_link(w->c, "DP-1"), w->dp);
	/* Without auto-restore the leases are the application's business. */
	assert_int_equal(fake_count(&w->b, DCP_REQ_LEASE_REQUEST), 0);
	assert_false(dcc_lease_is_active(w->lease));

	assert_int_equal(dcc_restore(w->c), 0);
	assert_true(dcc_lease_is_active(w->lease));
	req = fake_last(&w->b, DCP_REQ_LEASE_REQUEST);
	assert_int_equal(req.lease_request.link_count, 1);
	assert_int_equal(req.lease_request.links[0], 0);
	req = fake_last(&w->b, DCP_REQ_COMMIT);
	assert_int_equal(req.config.flags, 0); /* no modeset: what dcd adopted stays */
	assert_int_equal(req.config.output_count, 1);
	/* The framebuffer of the last completed flip, under its new id. */
	assert_int_equal(req.config.outputs[0].primary.fb_id, dcc_fb_get_id(w->fb[1]));
	assert_true(dcc_fb_get_id(w->fb[1]) != dcc_fb_get_id(w->fb[0]));

	/* And it flips again. */
	assert_int_equal(dcc_flip(w->c, w->dp, w->fb[0], DCC_FLIP_VSYNC, on_flip, w), 0);
	assert_true(pump_count(w->c, &w->flips, 3, 2000));
	assert_string_equal(w->order, "fxDRf");
	teardown(w);
	(void)state;
}

static bool modeset_first(struct fake_server *s, const struct dcp_request *req, int fd)
{
	if (req->hdr.opcode != DCP_REQ_COMMIT || (req->config.flags & DCP_COMMIT_ALLOW_MODESET))
		return false;
	fake_send_error(s, req->hdr.serial, -EINVAL, DCP_REASON_MODESET_REQUIRED, 0,
			"COMMIT: DP-1 shows 1920x1080, this needs a modeset");
	return true;
}

static void auto_restore_before_the_callback(void **state)
{
	struct world *w = setup(0);
	struct dcp_request req;

	dcc_set_auto_restore(w->c, true);
	kill_a(w);
	fake_init(&w->b, 333);
	w->b.hook = modeset_first; /* this dcd did not adopt the mode */
	fake_listen(&w->b, w->path);
	fake_start(&w->b);
	assert_true(pump_count(w->c, &w->reconnects, 1, 3000));
	assert_true(w->lease_active_in_callback);
	assert_int_equal(w->commits_before_callback, 2);
	req = fake_last(&w->b, DCP_REQ_COMMIT);
	assert_int_equal(req.config.flags, DCP_COMMIT_ALLOW_MODESET);
	teardown(w);
	(void)state;
}

static void same_instance_is_not_a_restart(void **state)
{
	struct world *w = setup(0);

	kill_a(w);
	start_b(w, 111);
	assert_true(pump_count(w->c, &w->reconnects, 1, 3000));
	assert_false(w->restarted);
	teardown(w);
	(void)state;
}

static void no_reconnect_stays_down(void **state)
{
	struct world *w = setup(DCC_CONNECT_NO_RECONNECT);

	kill_a(w);
	assert_int_equal(dcc_dispatch(w->c), -ENOTCONN);
	start_b(w, 222);
	pump_until(w->c, NULL, 200);
	assert_int_equal(w->reconnects, 0);
	assert_int_equal(fake_count(&w->b, DCP_REQ_HELLO), 0);
	assert_int_equal(dcc_roundtrip(w->c), -ENOTCONN);
	teardown(w);
	(void)state;
}

static void connecting_by_hand_stops_the_retries(void **state)
{
	struct world *w = setup(0);
	struct pollfd pfd = { .events = POLLIN };

	kill_a(w);
	start_b(w, 444);
	/* The application reconnects itself before the timer does. */
	assert_int_equal(dcc_client_connect(w->c, w->path, 0), 0);
	assert_true(dcc_is_connected(w->c));
	pump_until(w->c, NULL, 300);
	assert_int_equal(w->reconnects, 0);
	assert_int_equal(fake_count(&w->b, DCP_REQ_HELLO), 1);
	/* No timer or inotify event is left to keep the descriptor readable. */
	pfd.fd = dcc_get_fd(w->c);
	assert_int_equal(poll(&pfd, 1, 0), 0);
	teardown(w);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reconnects_after_a_restart),
		cmocka_unit_test(auto_restore_before_the_callback),
		cmocka_unit_test(same_instance_is_not_a_restart),
		cmocka_unit_test(no_reconnect_stays_down),
		cmocka_unit_test(connecting_by_hand_stops_the_retries),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
