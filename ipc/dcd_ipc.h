/*
 * libdcipc: the daemon's side of the socket: listening, accepting, one
 * connection object per client with an outgoing queue, and the check and
 * read-only mapping of framebuffer fds.
 *
 * No event loop: every function works on plain fds, so the daemon hooks
 * them into sd-event (listen fd readable -> dci_accept; client fd readable
 * -> dci_conn_recv until -EAGAIN; writable while dci_conn_queued_bytes() >
 * 0 -> dci_conn_flush) and the tests drive them over socketpair().
 *
 * Errors: functions return 0 (or a documented count) or a negative errno.
 * Those taking a struct dcp_error also fill it with one sentence (naming
 * the path, fd or numbers) ready for a log line or an ERROR reply; err may
 * be NULL.
 */
#ifndef DCD_IPC_H
#define DCD_IPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#include "dcd_protocol.h"
#include "msgio.h"

/* ---- listening ------------------------------------------------------------------ */

/*
 * Creates a listening SOCK_SEQPACKET socket (close-on-exec, non-blocking)
 * at path with permissions mode. Missing parent directories are created
 * (0755); the parent must be a directory owned by us or root and, if
 * others may write to it, sticky. A socket file nobody listens on (left by
 * a crash) is replaced; a live one gives -EADDRINUSE, anything that is not
 * a socket -EEXIST. The mode is set before listen(), so no client can
 * connect through looser permissions.
 */
int dci_listen(const char *path, mode_t mode, int *out_fd, struct dcp_error *err);

/*
 * Takes an already listening socket (from sd_listen_fds): checks that it
 * is an AF_UNIX SOCK_SEQPACKET socket in the listening state and makes it
 * non-blocking and close-on-exec. -ENOTSOCK, -EPROTOTYPE or -EINVAL.
 */
int dci_listen_adopt(int fd, struct dcp_error *err);

/* Accepts one client (close-on-exec, non-blocking); -EAGAIN when none waits. */
int dci_accept(int listen_fd, int *out_fd);

/* The peer's pid, uid and gid as the kernel recorded them at connect(). */
int dci_peer_cred(int fd, struct ucred *out);

/* ---- connections --------------------------------------------------------------------- */

struct dci_limits {
	uint32_t max_message_size; /* largest client message, header included */
	uint32_t max_fds;	   /* descriptors on one client message */
	uint32_t max_queued_bytes; /* server output waiting for the client to read */
};

#define DCI_LIMITS_DEFAULT                                                       \
	((struct dci_limits){ DCP_DEFAULT_MAX_REQUEST_SIZE, DCP_DEFAULT_MAX_FDS, \
			      DCP_DEFAULT_MAX_QUEUED_BYTES })

struct dci_conn;

/*
 * Wraps an accepted socket. limits NULL means DCI_LIMITS_DEFAULT;
 * max_message_size must be DCP_HEADER_SIZE..DCP_MAX_MESSAGE_SIZE and
 * max_fds at most DCP_MAX_FDS (else -EINVAL). Reads the peer credentials.
 * On success the connection owns fd; on failure the caller still does.
 */
int dci_conn_new(int fd, const struct dci_limits *limits, struct dci_conn **out);

/* Closes the socket, any received fds not taken and any queued output. NULL is fine. */
void dci_conn_destroy(struct dci_conn *conn);

int dci_conn_fd(const struct dci_conn *conn);
const struct ucred *dci_conn_cred(const struct dci_conn *conn);

/*
 * Receives one message. On 0, *data and *len hold it (valid until the next
 * dci_conn_recv) and *nfds the descriptors that came with it; take the
 * ones you keep with dci_conn_take_fd, the rest are closed by the next
 * recv or by destroy. Returns -EAGAIN when nothing waits, -ECONNRESET when
 * the client hung up, -EMSGSIZE for a message above max_message_size and
 * -ETOOMANYREFS for more than max_fds descriptors (protocol violations:
 * send a fatal ERROR and disconnect).
 */
int dci_conn_recv(struct dci_conn *conn, const uint8_t **data, size_t *len, unsigned *nfds);

/* Hands descriptor i of the last message to the caller; -EBADF if there is none. */
int dci_conn_take_fd(struct dci_conn *conn, unsigned i);

/*
 * Sends one message now, or queues it (in order) when the socket is full.
 * fds are duplicated for the queue; the caller keeps its own. Returns 0
 * (sent or queued), or a negative errno after which the connection is
 * broken for good and every later send returns the same error: -ENOBUFS
 * when the queue would exceed max_queued_bytes (a client that does not
 * read; disconnect it), -EPIPE / -ECONNRESET when it is gone. -EINVAL
 * (message too big, too many fds) leaves the connection usable.
 */
int dci_conn_send(struct dci_conn *conn, const void *data, size_t len, const int *fds,
		  unsigned nfds);

/* Encodes (dcp_encode) and sends; encoding errors leave the connection usable. */
int dci_conn_send_msg(struct dci_conn *conn, const struct dcp_header *hdr, const void *body,
		      struct dcp_error *err);

/*
 * Writes queued messages while the socket takes them. 0 when the queue is
 * empty, -EAGAIN when some remain (wait until the fd is writable), or the
 * sticky error of a broken connection.
 */
int dci_conn_flush(struct dci_conn *conn);

/* Bytes of messages queued and not yet written (payload and header). */
size_t dci_conn_queued_bytes(const struct dci_conn *conn);

/* ---- framebuffer fds ------------------------------------------------------------------ */

/*
 * Checks that fd can back a framebuffer of need bytes: a memfd sealed
 * with F_SEAL_SHRINK (so it can never shrink under scanout), at least need
 * bytes long. -EINVAL with DCP_REASON_FB_FD, _FB_UNSEALED or
 * _FB_TOO_SMALL; a dma-buf: dci_fb_check_fs's refusal.
 */
int dci_fb_check_fd(int fd, uint64_t need, struct dcp_error *err);
/*
 * The filesystem rule on its own (fs_type: statfs's f_type): a dma-buf
 * (DMA_BUF_MAGIC) is -EOPNOTSUPP with DCP_REASON_FB_FD and a sentence
 * saying why; anything else 0. dcd does not advertise DCP_CAP_FB_DMABUF.
 */
int dci_fb_check_fs(unsigned long fs_type, struct dcp_error *err);

struct dci_fb_map {
	const void *data; /* read-only, shared */
	size_t size;
};

/*
 * Computes fb's size (dcp_fb_size), checks fd (dci_fb_check_fd) and maps
 * the bytes read-only (MAP_SHARED, PROT_READ). The caller keeps fd.
 */
int dci_fb_map(int fd, const struct dcp_fb_create *fb, struct dci_fb_map *out,
	       struct dcp_error *err);
void dci_fb_unmap(struct dci_fb_map *map);

#endif
