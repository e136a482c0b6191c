/*
 * The daemon's two IPC figures beside the raw SOCK_SEQPACKET ping-pong
 * between two processes, measured in the same run with messages of the
 * same size:
 *   flip_rtt      an ASYNC FLIP on the simulated engine until its FLIP_DONE
 *                 (the immediate flip latches at the address write; its
 *                 interrupt reaches dcd through the engine's eventfd as on
 *                 hardware: recv, decode, dc_flip, a loop round to the irq
 *                 fd, dc_handle_irq, FLIP_DONE sent)
 *   validate_ipc  a VALIDATE of 3 outputs until its OK (dc_validate of the
 *                 whole engine's state in between)
 * One dcd process (--sim, real time, normal priority), this process the
 * client. Usage: bench-daemon-ipc [ROUNDS] (default 20000).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <drm_fourcc.h>

#include "dct.h"
#include "msgio.h"
#include "pingpong.h"

#define WARMUP 1000

static struct dcp_server_msg msg;

static int die(const char *what, int r)
{
	fprintf(stderr, "bench-daemon-ipc: %s: %s\n", what, r < 0 ? strerror(-r) : "failed");
	return 1;
}

/*
 * Times rounds round trips of the request in buf (its serial patched each
 * time), each ended by the answer with that serial: one send, one receive,
 * the header decoded.
 */
static int time_requests(struct dct_client *c, uint8_t *buf, size_t len, unsigned rounds,
			 uint16_t answer, struct dcb_latency *out)
{
	uint64_t *ns = calloc(rounds, sizeof(*ns));
	uint8_t in[DCP_MAX_MESSAGE_SIZE];
	int fd = dct_fd(c), fds[DCP_MAX_FDS];
	uint32_t serial = 1000000;

	if (!ns)
		return -ENOMEM;
	for (unsigned i = 0; i < WARMUP + rounds; i++) {
		struct dcp_header hdr;
		unsigned nfds;
		uint64_t t0;
		ssize_t n;

		serial++;
		buf[8] = (uint8_t)serial;
		buf[9] = (uint8_t)(serial >> 8);
		buf[10] = (uint8_t)(serial >> 16);
		buf[11] = (uint8_t)(serial >> 24);
		t0 = dcb_now_ns();
		if (dci_msg_send(fd, buf, len, NULL, 0) != (ssize_t)len) {
			free(ns);
			return -EIO;
		}
		n = dci_msg_recv(fd, in, sizeof(in), fds, DCP_MAX_FDS, &nfds);
		if (n <= 0 || dcp_decode_header(in, (size_t)n, &hdr, NULL) < 0 ||
		    hdr.opcode != answer || hdr.serial != serial) {
			fprintf(stderr, "bench-daemon-ipc: answer 0x%04x serial %u\n",
				n > 0 ? hdr.opcode : 0, n > 0 ? hdr.serial : 0);
			free(ns);
			return -EPROTO;
		}
		if (i >= WARMUP)
			ns[i - WARMUP] = dcb_now_ns() - t0;
	}
	dcb_latency_from_ns(ns, rounds, out);
	free(ns);
	return 0;
}

/*
 * path: how the answer comes back: "irq" (the engine's interrupt, through
 * its fd and a loop round) or "reply" (from the request handler).
 */
static void print(const char *name, const char *path, const char *measures,
		  const struct dcb_latency *l, const struct dcb_latency *b)
{
	printf("{\"bench\":\"%s\",\"path\":\"%s\",\"measures\":\"%s\",\"p50_us\":%.2f,\"p99_us\":%."
	       "2f,"
	       "\"baseline\":\"seqpacket_pingpong\",\"baseline_p50_us\":%.2f,"
	       "\"baseline_p99_us\":%.2f}\n",
	       name, path, measures, l->p50_us, l->p99_us, b->p50_us, b->p99_us);
	fflush(stdout);
}

static int encode(uint16_t opcode, const void *body, uint8_t *buf, size_t *len)
{
	struct dcp_header hdr = { .opcode = opcode, .serial = 1 };
	struct dcp_error err;
	int r = dcp_encode(buf, DCP_MAX_MESSAGE_SIZE, &hdr, body, len, &err);

	if (r < 0)
		fprintf(stderr, "bench-daemon-ipc: %s\n", err.text);
	return r;
}

int main(int argc, char **argv)
{
	unsigned rounds = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 20000;
	static const char *names[3] = { "DP-1", "HDMI-A-1", "eDP-1" };
	static uint8_t buf[DCP_MAX_MESSAGE_SIZE];
	static struct dcp_config cfg;
	struct dcb_latency flip, validate, base;
	struct drm_mode_modeinfo mode;
	struct dct_client *c;
	struct dct_daemon d;
	uint32_t links[3], fbs[2];
	struct dcp_flip fl;
	size_t len;
	int r;

	if (!rounds)
		return die("rounds", -EINVAL);
	r = dct_daemon_start(&d, NULL, NULL, NULL);
	if (r < 0)
		return die("starting dcd", r);
	r = dct_connect(d.socket, "bench", &c);
	for (unsigned i = 0; r == 0 && i < 3; i++)
		r = (int)(links[i] = (uint32_t)dct_link_id(c, names[i])) < 0 ? -ENOENT : 0;
	if (r == 0)
		r = dct_lease(c, links, 3, NULL);
	for (unsigned i = 0; r == 0 && i < 2; i++)
		r = dct_fb_create(c, DRM_FORMAT_XRGB8888, 720, 480, 0x00404040, &fbs[i]);
	dct_mode_480p(&mode);
	if (r == 0)
		r = dct_commit_one(c, links[0], &mode, fbs[0], DCP_COMMIT_ALLOW_MODESET, &msg);
	if (r < 0) {
		dct_daemon_cleanup(&d, true);
		return die("setting up a lit output", r);
	}

	/* flip_rtt: FLIP is 36 bytes on the wire, FLIP_DONE 44 */
	fl = (struct dcp_flip){ .link = links[0], .fb_id = fbs[1], .flags = DCP_FLIP_ASYNC };
	r = encode(DCP_REQ_FLIP, &fl, buf, &len);
	if (r == 0)
		r = time_requests(c, buf, len, rounds, DCP_EVENT_FLIP_DONE, &flip);
	if (r == 0)
		r = dcb_seqpacket_pingpong(rounds, len, &base);
	if (r < 0) {
		dct_daemon_cleanup(&d, true);
		return die("flip_rtt", r);
	}
	print("flip_rtt", "irq", "FLIP to FLIP_DONE through the engine's interrupt fd", &flip,
	      &base);

	/* validate_ipc: three outputs, 344 bytes */
	cfg = (struct dcp_config){ .flags = DCP_COMMIT_ALLOW_MODESET, .output_count = 3 };
	for (unsigned i = 0; i < 3; i++) {
		cfg.outputs[i].link = links[i];
		cfg.outputs[i].flags = DCP_OUTPUT_ENABLED | DCP_OUTPUT_PRIMARY;
		cfg.outputs[i].bpc = 8;
		cfg.outputs[i].mode = mode;
		cfg.outputs[i].primary = (struct dcp_plane_config){ .fb_id = fbs[i % 2],
								    .src_w = 720 << 16,
								    .src_h = 480 << 16,
								    .dst_w = 720,
								    .dst_h = 480 };
	}
	r = encode(DCP_REQ_VALIDATE, &cfg, buf, &len);
	if (r == 0)
		r = dct_call(c, DCP_REQ_VALIDATE, &cfg, -1, &msg);
	if (r == 0)
		r = time_requests(c, buf, len, rounds / 2, DCP_REPLY_OK, &validate);
	if (r == 0)
		r = dcb_seqpacket_pingpong(rounds / 2, len, &base);
	if (r < 0) {
		if (msg.hdr.opcode == DCP_REPLY_ERROR)
			fprintf(stderr, "bench-daemon-ipc: %s\n", msg.error.text);
		dct_daemon_cleanup(&d, true);
		return die("validate_ipc", r);
	}
	print("validate_ipc", "reply", "VALIDATE of 3 outputs to OK", &validate, &base);
	dct_close(c);
	r = dct_daemon_stop(&d);
	dct_daemon_cleanup(&d, r != 0);
	return r == 0 ? 0 : 1;
}
