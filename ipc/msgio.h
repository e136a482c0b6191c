/*
 * One datagram with its file descriptors over a SOCK_SEQPACKET socket:
 * the only socket I/O both sides of the protocol share. It is its own
 * library (libdcmsgio) so libdcclient can link it without the server half
 * of ipc/ (docs/architecture.md notes this exception to the arrows).
 *
 * Both functions return a byte count or a negative errno and never raise
 * SIGPIPE. Whether they block is the socket's O_NONBLOCK.
 */
#ifndef DCI_MSGIO_H
#define DCI_MSGIO_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Sends buf (one whole message) with nfds (<= DCP_MAX_FDS) descriptors
 * attached; the caller keeps its fds. Returns len, -EAGAIN when the socket
 * is full, -EPIPE / -ECONNRESET when the peer is gone, -EMSGSIZE when the
 * message is larger than the socket can ever take, -EINVAL for too many fds.
 */
ssize_t dci_msg_send(int sock, const void *buf, size_t len, const int *fds, unsigned nfds);

/*
 * Receives one datagram into buf and up to max_fds (<= DCP_MAX_FDS)
 * descriptors into fds (close-on-exec), *nfds set to how many arrived.
 * Returns the datagram's length; 0 when the peer closed the connection;
 * -EAGAIN when nothing is waiting. A datagram larger than size
 * (MSG_TRUNC) gives -EMSGSIZE, more descriptors than max_fds (MSG_CTRUNC)
 * -ETOOMANYREFS: both are protocol violations, the message is dropped and
 * every descriptor that came with it is closed.
 */
ssize_t dci_msg_recv(int sock, void *buf, size_t size, int *fds, unsigned max_fds, unsigned *nfds);

#endif
