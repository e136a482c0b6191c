/*
 * The part of systemd that dcd talks to, played by a test: the notify
 * socket ($NOTIFY_SOCKET, an AF_UNIX datagram socket) that receives
 * READY=1, STATUS=, WATCHDOG=1, STOPPING=1 and FDSTORE=1 / FDSTOREREMOVE=1
 * with their descriptors (SCM_RIGHTS), an fd store that keeps them across
 * restarts as a service's store does, and the start of a dcd with the
 * listening client socket ("client") and the stored fds passed the way
 * systemd passes them: from fd 3 on, with LISTEN_PID, LISTEN_FDS and
 * LISTEN_FDNAMES. The store holds what the real unit's
 * FileDescriptorStoreMax= allows (read from systemd/dcd.service.in) and,
 * like systemd, closes what does not fit without telling the sender; it
 * passes that limit as $FDSTORE as systemd 254 and later do. What systemd
 * does beyond that (cgroups, sandboxing,
 * restart policy) is not played: tests/systemd boots the real thing.
 */
#ifndef FAKE_SYSTEMD_H
#define FAKE_SYSTEMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define FSD_MAX_STORED 1024 /* room; the limit is the unit's (fsd.limit) */

struct fsd_stored {
	char name[64];
	int fd;
};

struct fsd {
	int notify_fd;
	char notify_path[128];
	int listen_fd; /* the client socket, as dcd.socket would hold it (-1: none) */
	struct fsd_stored store[FSD_MAX_STORED];
	unsigned n_stored;
	unsigned limit;	  /* FileDescriptorStoreMax= of systemd/dcd.service.in */
	unsigned dropped; /* fds closed because the store was full */
	unsigned most;	  /* the most fds the store held at once */
	/* what arrived */
	unsigned ready, watchdogs, stopping, fdstores, fdstore_removes, messages;
	char status[256];
	uint64_t last_ready_ns;
	/* FDSTORE messages whose name starts with "fb-": their fds are kept */
	unsigned fb_fds_received;
};

/*
 * The notify socket in dir (dir/notify); listen_path: also a client socket
 * there (or NULL). Fails when the unit's limit cannot be read.
 */
int fsd_open(struct fsd *s, const char *dir, const char *listen_path);
/* The same with the store's limit given (a guest without the source tree reads its own copy). */
int fsd_open_limit(struct fsd *s, const char *dir, const char *listen_path, unsigned limit);
void fsd_close(struct fsd *s);

/* Receives what is waiting (up to timeout_ms for the first message). Returns messages read. */
int fsd_pump(struct fsd *s, int timeout_ms);

/*
 * Starts argv (argv[0] a path) as systemd would start the service: stdout
 * and stderr to log_path, $NOTIFY_SOCKET, the client socket and the
 * stored fds passed, extra_env ("NAME=value", NULL-terminated, may be
 * NULL) set. Returns the pid, or -errno.
 */
pid_t fsd_spawn(struct fsd *s, const char *const *argv, const char *log_path,
		const char *const *extra_env);

/* FileDescriptorStoreMax= of the unit file at path, or -errno. */
int fsd_unit_store_max(const char *path);

/* Stored fds whose name starts with prefix. */
unsigned fsd_stored_count(const struct fsd *s, const char *prefix);
/* The stored fd called name, or -1. */
int fsd_stored_fd(const struct fsd *s, const char *name);

#endif
