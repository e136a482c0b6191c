/*
 * keep-cpus-awake: dct_keep_cpus_awake (dct_awake.c) for the tests that
 * are shell scripts: one SCHED_IDLE busy loop per CPU while this program
 * runs. It ends, and its loops with it, when its parent (the script) does
 * or when it is killed.
 */
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "dct.h"

int main(void)
{
	pid_t parent = getppid();

	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		return 0;
	dct_keep_cpus_awake();
	for (;;)
		pause();
}
