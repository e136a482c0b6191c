/*
 * A fake dcd for the libdcclient tests: speaks the real protocol (the
 * protocol/ codec) over a socketpair or a listening socket, from its own
 * thread, so the library's blocking calls get answers. By default it
 * answers like dcd would (WELCOME, a three-link topology, leases,
 * framebuffers checked like dcd checks memfds, commits, flips with
 * increasing sequences); a test changes that with a hook and injects
 * events or raw bytes with fake_send / fake_send_raw.
 */
#ifndef FAKE_SERVER_H
#define FAKE_SERVER_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "dcd_protocol.h"

#define FAKE_LINKS	   3
#define FAKE_FRAME_NS	   16666667ull /* FLIP_DONE timestamps step by this */
#define FAKE_TIME_BASE_NS  1000000000ull
#define FAKE_REQUEST_TYPES 0x10

struct fake_server;

/*
 * Called for every request before the default answer; returns true when
 * it answered (or chose not to) itself. fd: the request's descriptor or -1
 * (closed by the server after the hook).
 */
typedef bool (*fake_hook)(struct fake_server *s, const struct dcp_request *req, int fd);

struct fake_server {
	int fd;	       /* the server's end of the connection */
	int listen_fd; /* fake_listen(): accepts one connection */
	int wake[2];   /* stops the thread */
	pthread_t thread;
	bool running;
	pthread_mutex_t lock;

	/* What it answers (set before fake_start). */
	struct dcp_welcome welcome;
	unsigned link_count;
	struct dcp_link_info *links; /* link_count entries */
	/* LINK_CAPS after each LINK_INFO (link_count entries) when welcome.minor >= 1 */
	struct dcp_link_caps caps[DCP_MAX_LINKS];
	uint32_t generation;
	fake_hook hook;
	void *data; /* for the hook */

	/* What it saw (read under lock, or after a dcc_roundtrip). */
	unsigned count[FAKE_REQUEST_TYPES];	     /* requests by opcode */
	struct dcp_request last[FAKE_REQUEST_TYPES]; /* the latest of each opcode */
	int fb_seals;				     /* seals of the last FB_CREATE fd */
	uint64_t fb_fd_size;			     /* its size */
	bool closed;				     /* the client hung up */

	uint32_t next_lease, next_fb;
	uint64_t sequence;
};

/* Defaults: dcd 1.0, instance, a topology of DP-1 (2 modes), HDMI-A-1, DP-2 (empty). */
void fake_init(struct fake_server *s, uint64_t instance);
void fake_fini(struct fake_server *s);

/* A socketpair; returns the client's end. Then fake_start. */
int fake_pair(struct fake_server *s);
/* Listens on path (replacing a stale file); the thread accepts one client. */
void fake_listen(struct fake_server *s, const char *path);

void fake_start(struct fake_server *s);
/* Stops the thread and closes the connection (the client sees EOF). */
void fake_stop(struct fake_server *s);

/* Sends a message from the server (any thread); asserts it encodes. */
void fake_send(struct fake_server *s, uint16_t opcode, uint32_t serial, const void *body);
/* The same with one descriptor (fd >= 0; the caller keeps it). */
void fake_send_fd(struct fake_server *s, uint16_t opcode, uint32_t serial, const void *body,
		  int fd);
/* Sends bytes as they are (malformed messages). */
void fake_send_raw(struct fake_server *s, const void *buf, size_t len);
/* Sends ERROR with status, reason and text for serial. */
void fake_send_error(struct fake_server *s, uint32_t serial, int status, uint16_t reason,
		     uint16_t flags, const char *text);

/* The count of requests of opcode seen so far. */
unsigned fake_count(struct fake_server *s, uint16_t opcode);
/* A copy of the last request of opcode. */
struct dcp_request fake_last(struct fake_server *s, uint16_t opcode);

/* The 1080p60 and 4K60 modes of the fake DP-1, and a fake link. */
void fake_mode(struct drm_mode_modeinfo *m, uint16_t w, uint16_t h, uint32_t clock, bool pref);
void fake_link(struct dcp_link_info *li, uint32_t id, const char *name, uint8_t type,
	       bool connected);

#endif
