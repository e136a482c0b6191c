/*
 * bench-idle: what dcd costs while nobody uses it. dcd --sim with the
 * built-in default scenario, started, given a second to settle, then
 * watched for 10 s (--quick: 1 s):
 *   idle      the default configuration: idle mode "current", so after
 *             start-up no output is lit (the default scenario powers up
 *             dark; nothing was adopted)
 *   idle_lit  idle mode "preferred": every connected output lit with a
 *             solid color, still nobody leasing
 * Wake-ups are the daemon's context switches over the window (voluntary:
 * each time it blocked in the loop and a timer or an fd woke it; plus
 * involuntary). Memory as proc_stat.h counts it: rss is VmRSS, all
 * resident pages mapped, shared libraries included; rss_excl_device_kib
 * leaves out the simulated register file (sim_state, on hardware a
 * register BAR, which is not counted as resident) and framebuffers. The baseline, in the same
 * window: sleep(1), a process with only libc mapped that never wakes.
 *   {"bench":"idle","lit_outputs":0,"seconds":10,"wakeups":0,"rss_kib":..,
 *    "rss_excl_device_kib":..,"pss_kib":..,"private_kib":..,"anon_kib":..,"sim_state_kib":..,
 *    "baseline":"sleep","baseline_wakeups":0,"baseline_rss_kib":..}
 * Run by hand (bench-idle [--quick]) with DCD_BINARY set, or by meson.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dct.h"
#include "proc_stat.h"
#include "sim.h"

/* Outputs that show something now (TOPOLOGY's active), or -errno. */
static int count_lit(struct dct_daemon *d)
{
	static struct dcp_link_info info[8];
	struct dct_client *c;
	unsigned n, lit = 0;
	int r = dct_connect(d->socket, "bench-idle", &c);

	if (r < 0)
		return r;
	r = dct_topology(c, info, 8, &n);
	dct_close(c);
	if (r < 0)
		return r;
	for (unsigned i = 0; i < n && i < 8; i++)
		lit += info[i].active;
	return (int)lit;
}

static int fail(const char *what, int r)
{
	fprintf(stderr, "bench-idle: %s: %s\n", what, strerror(r < 0 ? -r : r));
	return 1;
}

static void sleep_s(double s)
{
	struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

int main(int argc, char **argv)
{
	static const char lit_cfg[] = "{ \"idle\": { \"mode\": \"preferred\", \"color\": "
				      "\"#102040\" } }\n";
	double seconds = argc > 1 && strcmp(argv[1], "--quick") == 0 ? 1.0 : 10.0;
	struct dct_daemon dark, lit;
	struct proc_mem m, bm;
	int64_t w_dark, w_lit, w_base, w_base0;
	int lit_n[2];
	pid_t base;
	int r;

	r = dct_daemon_start(&dark, sim_default_scenario(), NULL, NULL);
	if (r < 0)
		return fail("starting dcd", r);
	r = dct_daemon_start(&lit, sim_default_scenario(), lit_cfg, NULL);
	if (r < 0) {
		dct_daemon_cleanup(&dark, true);
		return fail("starting dcd with lit idle outputs", r);
	}
	base = fork();
	if (base == 0) {
		execlp("sleep", "sleep", "1000", (char *)NULL);
		_exit(127);
	}
	lit_n[0] = count_lit(&dark);
	lit_n[1] = count_lit(&lit);
	if (lit_n[0] < 0 || lit_n[1] < 0)
		fprintf(stderr, "bench-idle: TOPOLOGY: %s\n",
			strerror(-(lit_n[0] < 0 ? lit_n[0] : lit_n[1])));
	sleep_s(1.0);
	w_dark = proc_wakeups(dark.pid);
	w_lit = proc_wakeups(lit.pid);
	w_base0 = proc_wakeups(base);
	sleep_s(seconds);
	w_dark = proc_wakeups(dark.pid) - w_dark;
	w_lit = proc_wakeups(lit.pid) - w_lit;
	w_base = proc_wakeups(base) - w_base0;
	r = proc_mem_read(base, &bm);
	kill(base, SIGTERM);
	waitpid(base, NULL, 0);
	if (lit_n[0] < 0 || lit_n[1] < 0) {
		r = 1;
		goto out;
	}
	if (r < 0 || w_base0 < 0) {
		r = 1;
		fprintf(stderr, "bench-idle: cannot read /proc of the baseline sleep(1)\n");
		goto out;
	}
	for (int i = 0; i < 2; i++) {
		struct dct_daemon *d = i ? &lit : &dark;

		if (proc_mem_read(d->pid, &m) < 0) {
			r = 1;
			fprintf(stderr, "bench-idle: cannot read /proc/%d/smaps\n", (int)d->pid);
			goto out;
		}
		printf("{\"bench\":\"%s\",\"lit_outputs\":%d,\"seconds\":%.0f,"
		       "\"wakeups\":%lld,\"rss_kib\":%ld,\"rss_excl_device_kib\":%ld,"
		       "\"pss_kib\":%ld,\"private_kib\":%ld,\"anon_kib\":%ld,"
		       "\"sim_state_kib\":%ld,\"baseline\":\"sleep\","
		       "\"baseline_wakeups\":%lld,\"baseline_rss_kib\":%ld}\n",
		       i ? "idle_lit" : "idle", lit_n[i], seconds, (long long)(i ? w_lit : w_dark),
		       m.rss, m.rss - m.fb - m.sim_state, m.pss, m.private_kib, m.anon, m.sim_state,
		       (long long)w_base, bm.rss);
	}
	r = 0;
out:
	if (dct_daemon_stop(&dark) != 0)
		r = 1;
	dct_daemon_cleanup(&dark, r != 0);
	if (dct_daemon_stop(&lit) != 0)
		r = 1;
	dct_daemon_cleanup(&lit, r != 0);
	return r;
}
