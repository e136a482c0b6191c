/*
 * See pingpong.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pingpong.h"

#define WARMUP_ROUNDS 1000
#define MAX_MSG	      65536

uint64_t dcb_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The value at or below which pct percent of the sorted samples lie. */
static double rank_us(const uint64_t *sorted, unsigned n, unsigned pct)
{
	size_t rank = ((size_t)n * pct + 99) / 100;

	return (double)sorted[rank ? rank - 1 : 0] / 1000.0;
}

void dcb_latency_from_ns(uint64_t *ns, unsigned n, struct dcb_latency *out)
{
	memset(out, 0, sizeof(*out));
	out->rounds = n;
	if (!n)
		return;
	qsort(ns, n, sizeof(ns[0]), cmp_u64);
	out->min_us = (double)ns[0] / 1000.0;
	out->p50_us = rank_us(ns, n, 50);
	out->p99_us = rank_us(ns, n, 99);
	out->max_us = (double)ns[n - 1] / 1000.0;
}

/* The child: echo until the parent closes its end. */
static void echo(int fd, size_t size)
{
	char *buf = malloc(size);
	ssize_t n;

	while (buf && (n = recv(fd, buf, size, 0)) > 0) {
		if (send(fd, buf, (size_t)n, MSG_NOSIGNAL) != n)
			break;
	}
	_exit(0);
}

static int round_trip(int fd, char *buf, size_t size)
{
	ssize_t n = send(fd, buf, size, MSG_NOSIGNAL);

	if (n < 0)
		return -errno;
	if ((size_t)n != size)
		return -EIO;
	n = recv(fd, buf, size, 0);
	if (n < 0)
		return -errno;
	return (size_t)n == size ? 0 : -EIO; /* 0: the echo child died */
}

int dcb_seqpacket_pingpong(unsigned rounds, size_t msg_size, struct dcb_latency *out)
{
	uint64_t *ns = calloc(rounds ? rounds : 1, sizeof(*ns));
	char *buf = calloc(1, msg_size ? msg_size : 1);
	int sv[2], ret = 0, status;
	pid_t child;

	if (!ns || !buf || msg_size == 0 || msg_size > MAX_MSG) {
		ret = ns && buf ? -EINVAL : -ENOMEM;
		goto out;
	}
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) {
		ret = -errno;
		goto out;
	}
	child = fork();
	if (child < 0) {
		ret = -errno;
		close(sv[0]);
		close(sv[1]);
		goto out;
	}
	if (child == 0) {
		close(sv[0]);
		echo(sv[1], msg_size);
	}
	close(sv[1]);
	for (unsigned i = 0; !ret && i < WARMUP_ROUNDS; i++)
		ret = round_trip(sv[0], buf, msg_size);
	for (unsigned i = 0; !ret && i < rounds; i++) {
		uint64_t t0 = dcb_now_ns();

		ret = round_trip(sv[0], buf, msg_size);
		ns[i] = dcb_now_ns() - t0;
	}
	close(sv[0]);
	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		;
	if (!ret)
		dcb_latency_from_ns(ns, rounds, out);
out:
	free(ns);
	free(buf);
	return ret;
}
