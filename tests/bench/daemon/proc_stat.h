/*
 * What the benchmarks read about a live dcd from /proc: memory by kind of
 * mapping, wake-ups and CPU time.
 */
#ifndef BENCH_PROC_STAT_H
#define BENCH_PROC_STAT_H

#include <stdint.h>
#include <sys/types.h>

/*
 * Resident memory in KiB from /proc/PID/smaps. rss is VmRSS: every
 * resident page mapped, shared library pages included. fb is the part in
 * client framebuffers (memfd mappings) and sim_state the simulated
 * engine's register file (DIR/sim-state, on hardware a register BAR):
 * neither is dcd's own memory. pss divides shared pages among their
 * users; private counts pages no other process maps.
 */
struct proc_mem {
	long rss, pss, private_kib, anon, fb, sim_state;
};

int proc_mem_read(pid_t pid, struct proc_mem *m);

/*
 * Wake-ups so far: voluntary context switches (each time the process
 * blocked and was woken: a timer, an fd) plus involuntary ones
 * (/proc/PID/status).
 */
int64_t proc_wakeups(pid_t pid);

/* CPU time of the (main) thread so far, in ns (/proc/PID/schedstat). */
int64_t proc_cpu_ns(pid_t pid);

#endif
