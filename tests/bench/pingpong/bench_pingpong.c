/*
 * The raw SOCK_SEQPACKET ping-pong between two processes, printed as the
 * JSON line the IPC benchmarks use as their baseline.
 * Usage: bench-pingpong [ROUNDS [BYTES]]   (default 20000 rounds of 36 bytes,
 * the size of a FLIP message)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pingpong.h"

int main(int argc, char **argv)
{
	unsigned rounds = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 20000;
	size_t bytes = argc > 2 ? strtoul(argv[2], NULL, 10) : 36;
	struct dcb_latency lat;
	int ret = dcb_seqpacket_pingpong(rounds, bytes, &lat);

	if (ret) {
		fprintf(stderr, "bench-pingpong: %s\n", strerror(-ret));
		return 1;
	}
	printf("{\"bench\":\"seqpacket_pingpong\",\"rounds\":%u,\"bytes\":%zu,"
	       "\"p50_us\":%.2f,\"p99_us\":%.2f,\"min_us\":%.2f,\"max_us\":%.2f}\n",
	       lat.rounds, bytes, lat.p50_us, lat.p99_us, lat.min_us, lat.max_us);
	return 0;
}
