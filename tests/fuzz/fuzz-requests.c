/*
 * libFuzzer target for the daemon's request handlers, beyond the decoder:
 * one live dcd core on the simulated engine (fuzz_daemon.h) in this
 * process, and up to four clients on socketpairs handed to it as accepted
 * connections (the same path as a connect() on its socket). The input is a
 * sequence of records, each for one client (low two bits of its first
 * byte):
 *
 *   kind 0  a request: opcode index, then its body bytes; the driver adds
 *           the header (opcode, length, a fresh serial) and for FB_CREATE a
 *           sealed memfd of the size the layout needs (or a page short, as
 *           the input says); only what the decoder accepts is sent, so
 *           every message reaches a handler (the decoder has its own
 *           target, fuzz-protocol)
 *   kind 1  the daemon's loop runs until it has nothing to do, then virtual
 *           time moves on to the next thing the engine or DC waits for (a
 *           frame, a flip's completion, DC's deadline) and the loop runs
 *           again: the only way time passes within an input
 *   kind 2  the client hangs up (its next request connects it again)
 *   kind 3  the client reads what dcd sent it (else its queue fills and
 *           dcd drops it, which is a path too)
 *
 * Clients connect with HELLO done (the driver sends it, speaking the
 * protocol's current minor version, so FB_ALLOC and dma-buf modifiers are
 * there to reach). The engine runs
 * on its virtual clock (fuzz_daemon.h): time passes where the input says
 * (kind 1), so the same input always meets the same frames; after it every
 * client hangs up, and the loop runs, virtual time moving on
 * frame by frame as dcd waits for them, until dcd has reaped them all and
 * shows the idle configuration again, so the next input starts from the
 * same daemon: leases, framebuffers, flips, cursors, subscriptions must all
 * be gone, and the daemon must hold no client, lease or framebuffer.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "dcd_protocol.h"
#include "fuzz_daemon.h"
#include "msgio.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_CLIENTS  4
#define MAX_BODY     2048
#define MAX_FB_BYTES (64u << 20) /* sparse: a memfd's pages cost nothing until touched */

static const uint16_t opcodes[] = {
	DCP_REQ_SYNC,	   DCP_REQ_GET_TOPOLOGY, DCP_REQ_LEASE_REQUEST, DCP_REQ_LEASE_RELEASE,
	DCP_REQ_FB_CREATE, DCP_REQ_FB_DESTROY,	 DCP_REQ_VALIDATE,	DCP_REQ_COMMIT,
	DCP_REQ_FLIP,	   DCP_REQ_CURSOR_SET,	 DCP_REQ_CURSOR_MOVE,	DCP_REQ_VBLANK_SUBSCRIBE,
	DCP_REQ_HELLO,	   DCP_REQ_FB_ALLOC,
};

static int clients[MAX_CLIENTS] = { -1, -1, -1, -1 };
/*
 * Framebuffer and lease ids are daemon-wide and grow from input to input;
 * an input names them 1, 2, ... in the order this input created them, and
 * the driver puts in the real ones, so an input means the same every run.
 */
static uint32_t fb_ids[64], lease_ids[64];
static unsigned n_fb_ids, n_lease_ids;

static uint32_t real_id(const uint32_t *ids, unsigned n, uint32_t v)
{
	return v >= 1 && v <= n ? ids[v - 1] : v;
}

static void remap(struct dcp_request *req)
{
	switch (req->hdr.opcode) {
	case DCP_REQ_FB_DESTROY:
		req->fb_destroy.fb_id = real_id(fb_ids, n_fb_ids, req->fb_destroy.fb_id);
		break;
	case DCP_REQ_FLIP:
		req->flip.fb_id = real_id(fb_ids, n_fb_ids, req->flip.fb_id);
		break;
	case DCP_REQ_CURSOR_SET:
		req->cursor_set.fb_id = real_id(fb_ids, n_fb_ids, req->cursor_set.fb_id);
		break;
	case DCP_REQ_VALIDATE:
	case DCP_REQ_COMMIT:
		for (unsigned i = 0; i < req->config.output_count && i < DCP_MAX_OUTPUTS; i++) {
			struct dcp_output_config *o = &req->config.outputs[i];

			o->primary.fb_id = real_id(fb_ids, n_fb_ids, o->primary.fb_id);
			o->cursor.fb_id = real_id(fb_ids, n_fb_ids, o->cursor.fb_id);
		}
		break;
	case DCP_REQ_LEASE_RELEASE:
		req->lease_release.lease_id =
			real_id(lease_ids, n_lease_ids, req->lease_release.lease_id);
		break;
	}
}
static uint32_t serial;
static uint8_t buf[DCP_MAX_MESSAGE_SIZE]; /* hello and what clients read */
static uint8_t msg[DCP_MAX_MESSAGE_SIZE]; /* the request being sent */

/* Runs the loop until nothing is ready (a bounded number of rounds). */
static void pump(struct dcd *dcd)
{
	for (int i = 0; i < 64; i++) {
		if (sd_event_run(dcd->event, 0) <= 0)
			break;
	}
}

static void drain(int fd)
{
	int fds[4];
	unsigned nfds;

	while (dci_msg_recv(fd, buf, sizeof(buf), fds, 4, &nfds) > 0) {
		for (unsigned i = 0; i < nfds; i++)
			close(fds[i]);
	}
}

static void hang_up(int k)
{
	if (clients[k] >= 0)
		close(clients[k]);
	clients[k] = -1;
}

static int send_msg(int fd, uint16_t opcode, const void *body, int extra_fd)
{
	struct dcp_header hdr = { .opcode = opcode, .serial = ++serial ? serial : ++serial };
	struct dcp_error err;
	size_t n;

	if (dcp_encode(buf, sizeof(buf), &hdr, body, &n, &err) < 0)
		return -EINVAL;
	return dci_msg_send(fd, buf, n, extra_fd >= 0 ? &extra_fd : NULL, extra_fd >= 0) < 0
		       ? -errno
		       : 0;
}

static int connect_client(struct dcd *dcd, int k)
{
	/* the protocol as it is now: FB_ALLOC, modifiers and the rest of 1.3 */
	struct dcp_hello hello = { .major = DCP_VERSION_MAJOR, .minor = DCP_VERSION_MINOR };
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, sv) < 0)
		abort();
	if (dcd_client_accept(dcd, sv[1]) < 0) {
		close(sv[0]);
		return -1;
	}
	clients[k] = sv[0];
	snprintf(hello.name, sizeof(hello.name), "fuzz %d", k);
	if (send_msg(sv[0], DCP_REQ_HELLO, &hello, -1) < 0)
		abort();
	pump(dcd);
	drain(sv[0]);
	return 0;
}

/* A sealed memfd for layout: the size it needs, or a page short. */
static int make_fb_fd(const struct dcp_fb_create *layout, bool short_by_a_page)
{
	struct dcp_error err;
	uint64_t bytes = 0;
	int fd;

	if (dcp_fb_size(layout, &bytes, &err) < 0 || bytes > MAX_FB_BYTES)
		bytes = 4096;
	if (short_by_a_page)
		bytes = bytes > 4096 ? bytes - 4096 : 0;
	fd = memfd_create("fuzz-fb", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (fd < 0 || ftruncate(fd, (off_t)bytes) < 0 ||
	    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) < 0)
		abort();
	return fd;
}

/* One request record: opcode index, flags, body length, body. Returns bytes used. */
static size_t request(struct dcd *dcd, int k, const uint8_t *p, size_t left)
{
	static struct dcp_request req;
	struct dcp_header hdr;
	struct dcp_error err;
	uint16_t opcode;
	size_t len, n;
	uint32_t fb_before, lease_before;
	int nfds, fd = -1;

	if (left < 3)
		return left;
	opcode = opcodes[p[0] % (sizeof(opcodes) / sizeof(opcodes[0]))];
	len = p[2] < left - 3 ? p[2] : left - 3;
	if (p[1] & 0x80) /* a long body: the next byte counts 256s as well */
		len = len + 256u * (p[1] & 7) < left - 3 ? len + 256u * (p[1] & 7) : left - 3;
	if (len > MAX_BODY)
		len = MAX_BODY;
	hdr = (struct dcp_header){ .opcode = opcode,
				   .length = (uint32_t)(sizeof(hdr) + len),
				   .serial = ++serial ? serial : ++serial };
	/* the header as the wire has it (little-endian), then the body */
	msg[0] = (uint8_t)opcode;
	msg[1] = (uint8_t)(opcode >> 8);
	msg[2] = msg[3] = 0;
	for (int i = 0; i < 4; i++) {
		msg[4 + i] = (uint8_t)(hdr.length >> (8 * i));
		msg[8 + i] = (uint8_t)(hdr.serial >> (8 * i));
	}
	memcpy(msg + 12, p + 3, len);
	n = 12 + len;
	nfds = dcp_opcode_nfds(opcode);
	if (nfds < 0 || dcp_decode_request(msg, n, (unsigned)nfds, &req, &err) < 0)
		return 3 + len; /* refused by the decoder: fuzz-protocol's business */
	if (clients[k] < 0 && connect_client(dcd, k) < 0)
		return 3 + len;
	remap(&req);
	if (dcp_encode(msg, sizeof(msg), &req.hdr, &req.hello, &n, &err) < 0)
		abort(); /* decoded but does not encode: fuzz-protocol would have said */
	if (opcode == DCP_REQ_FB_CREATE)
		fd = make_fb_fd(&req.fb_create, p[1] & 0x40);
	fb_before = dcd->next_fb_id;
	lease_before = dcd->next_lease_id;
	/* the client's queue may be full (it stopped reading): dropped like any datagram */
	(void)dci_msg_send(clients[k], msg, n, fd >= 0 ? &fd : NULL, fd >= 0);
	if (fd >= 0)
		close(fd);
	if (p[1] & 0x20 || opcode == DCP_REQ_FB_CREATE || opcode == DCP_REQ_FB_ALLOC ||
	    opcode == DCP_REQ_LEASE_REQUEST)
		pump(dcd);
	if (dcd->next_fb_id != fb_before && n_fb_ids < 64)
		fb_ids[n_fb_ids++] = fb_before;
	if (dcd->next_lease_id != lease_before && n_lease_ids < 64)
		lease_ids[n_lease_ids++] = lease_before;
	return 3 + len;
}

/* Every client gone and reaped, the outputs idle again: the next input starts the same. */
static void reset(struct dcd *dcd)
{
	for (int k = 0; k < MAX_CLIENTS; k++)
		hang_up(k);
	for (int i = 0; i < 1000 && (dcd->clients || dcd->work); i++) {
		pump(dcd);
		/* the frames dcd waits for, in virtual time: no real time passes */
		if ((dcd->clients || dcd->work) && fuzz_daemon_advance(dcd))
			pump(dcd);
	}
	if (dcd->clients || dcd->client_count)
		abort(); /* a client dcd cannot let go of */
	for (unsigned i = 0; i < dcd->link_count; i++) {
		const struct dcd_output *o = &dcd->outputs[i];

		/* what scanout still reads stays until its frame is over, but owned by nobody */
		if (o->lease || o->pending.client || o->queued.client || o->vblank_subscribers ||
		    o->vblank_waiters || (o->scanout && o->scanout->owner) ||
		    (o->cursor_fb && o->cursor_fb->owner) ||
		    (o->pending.fb && o->pending.fb->owner))
			abort(); /* something of a gone client still on an output */
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dcd *dcd = fuzz_daemon();
	size_t pos = 0;

	while (pos < size) {
		uint8_t h = data[pos++];
		int k = h & 3;

		switch (h >> 2 & 3) {
		case 0:
			pos += request(dcd, k, data + pos, size - pos);
			break;
		case 1:
			pump(dcd);
			if (fuzz_daemon_advance(dcd))
				pump(dcd);
			break;
		case 2:
			hang_up(k);
			pump(dcd);
			break;
		case 3:
			if (clients[k] >= 0)
				drain(clients[k]);
			break;
		}
	}
	pump(dcd);
	reset(dcd);
	n_fb_ids = n_lease_ids = 0;
	return 0;
}
