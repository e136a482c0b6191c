/* /proc readers for the daemon benchmarks: see proc_stat.h. */
#include <stdio.h>
#include <string.h>

#include "proc_stat.h"

int proc_mem_read(pid_t pid, struct proc_mem *m)
{
	char path[64], line[1024];
	enum {
		OTHER,
		FB,
		SIM_STATE
	} kind = OTHER;
	FILE *f;
	long kb;

	memset(m, 0, sizeof(*m));
	snprintf(path, sizeof(path), "/proc/%d/smaps", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;
		int name = 0;

		/* A mapping's header: "lo-hi perms offset dev inode [path]". */
		if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %n", &lo, &hi, &name) == 2) {
			const char *p = line + name;

			kind = OTHER;
			if (name && strncmp(p, "/memfd:", 7) == 0)
				kind = FB;
			else if (name && strstr(p, "/sim-state"))
				kind = SIM_STATE;
			continue;
		}
		if (sscanf(line, "Rss: %ld kB", &kb) == 1) {
			m->rss += kb;
			if (kind == FB)
				m->fb += kb;
			else if (kind == SIM_STATE)
				m->sim_state += kb;
		} else if (sscanf(line, "Pss: %ld kB", &kb) == 1) {
			m->pss += kb;
		} else if (sscanf(line, "Private_Clean: %ld kB", &kb) == 1 ||
			   sscanf(line, "Private_Dirty: %ld kB", &kb) == 1) {
			m->private_kib += kb;
		} else if (sscanf(line, "Anonymous: %ld kB", &kb) == 1) {
			m->anon += kb;
		}
	}
	fclose(f);
	return 0;
}

int64_t proc_wakeups(pid_t pid)
{
	char path[64], line[256];
	int64_t total = 0;
	long long n;
	int found = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "voluntary_ctxt_switches: %lld", &n) == 1 ||
		    sscanf(line, "nonvoluntary_ctxt_switches: %lld", &n) == 1) {
			total += n;
			found++;
		}
	}
	fclose(f);
	return found == 2 ? total : -1;
}

int64_t proc_cpu_ns(pid_t pid)
{
	unsigned long long ns;
	char path[64];
	FILE *f;
	int n;

	/* The first field is the time on a CPU in ns (clock ticks in
	 * /proc/PID/stat would be 10 ms steps). dcd runs one thread. */
	snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	n = fscanf(f, "%llu", &ns);
	fclose(f);
	return n == 1 ? (int64_t)ns : -1;
}
