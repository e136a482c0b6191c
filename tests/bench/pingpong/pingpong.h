/*
 * The baseline of the IPC benchmarks: a raw SOCK_SEQPACKET round trip
 * between two processes, with no protocol and no daemon in the way.
 * flip_rtt and validate_ipc print their figures beside it, measured in
 * the same run on the same machine.
 */
#ifndef DCD_BENCH_PINGPONG_H
#define DCD_BENCH_PINGPONG_H

#include <stddef.h>
#include <stdint.h>

struct dcb_latency {
	unsigned rounds;
	double min_us, p50_us, p99_us, max_us;
};

/*
 * Forks a child that echoes every datagram back over a socketpair and
 * times rounds round trips of msg_size bytes (after 1000 untimed ones),
 * CLOCK_MONOTONIC. 0, or a negative errno (the child is always reaped).
 */
int dcb_seqpacket_pingpong(unsigned rounds, size_t msg_size, struct dcb_latency *out);

/* Nearest-rank percentiles of n round-trip times in ns (sorts ns in place). */
void dcb_latency_from_ns(uint64_t *ns, unsigned n, struct dcb_latency *out);

/* Nanoseconds of CLOCK_MONOTONIC. */
uint64_t dcb_now_ns(void);

#endif
