/*
 * sim-scanout STATE_FILE: what the simulated engine of a running dcd
 * shows, read through its state file without disturbing it (sim_view):
 * for each running pipe, the newest frame number and how many different
 * surface addresses its recent frames scanned out (more than one: the
 * output is flipping). One line per pipe:
 *   pipe 0 running 1 newest 1234 addresses 2 blanked 0
 */
#include <stdio.h>
#include <stdlib.h>

#include "sim.h"

#define RECENT 30

int main(int argc, char **argv)
{
	struct sim_frame frames[RECENT];
	struct sim_view *view;
	struct sim_error err;

	if (argc != 2) {
		fprintf(stderr, "usage: sim-scanout STATE_FILE\n");
		return 2;
	}
	if (sim_view_open(argv[1], &view, &err)) {
		fprintf(stderr, "sim-scanout: %s\n", err.msg);
		return 1;
	}
	for (unsigned pipe = 0; pipe < sim_view_pipe_count(view); pipe++) {
		int n = sim_view_history(view, pipe, frames, RECENT);
		unsigned addresses = 0, blanked = 0;

		for (int i = 0; i < n; i++) {
			int j = 0;

			while (j < i && frames[j].address != frames[i].address)
				j++;
			addresses += j == i;
			blanked += frames[i].blanked;
		}
		printf("pipe %u running %d newest %llu addresses %u blanked %u\n", pipe,
		       sim_view_pipe_running(view, pipe),
		       n > 0 ? (unsigned long long)frames[n - 1].frame : 0ull, addresses, blanked);
	}
	sim_view_close(view);
	return 0;
}
