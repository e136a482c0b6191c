/*
 * bench-scale: scale_6x, six outputs of a simulated Tonga flipped at once.
 * Two 3840x2160 at 60 Hz, 1920x1080 at 240 Hz, 2880x1440 at 90 Hz on DP;
 * 2560x1600 and 1600x1200 at 60 Hz on HDMI. Six client processes (normal
 * priority, like dcd) each lease one output, commit its preferred mode and
 * flip two framebuffers at vsync, one flip pending and one queued, for
 * 30 s (--quick: 2 s). Per output: frames shown, frames missed (sequence
 * steps beyond one between FLIP_DONEs), split by who was late (the FLIP
 * for the missed vblank reached dcd after that vblank began, or before:
 * missed_sent_late / missed_sent_in_time) and the FLIP_DONE latency after
 * its vblank (the client's receipt minus the event's timestamp); for dcd:
 * its CPU time over the window as a share of one core, and its memory as
 * proc_stat.h counts it, rss_excl_device_kib being VmRSS less the client
 * framebuffers dcd maps (memfd mappings) and less the simulated register
 * file (on hardware a register BAR). The baseline, in the same run: the
 * raw SOCK_SEQPACKET ping-pong (one process waking another), the floor
 * of any event's delivery.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "dct.h"
#include "dct_flipper.h"
#include "pingpong.h"
#include "proc_stat.h"

#define NOUT 6

static const char scenario[] =
	"{ \"asic\": \"tonga\", \"connectors\": [\n"
	"  { \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0, \"display\": {\n"
	"    \"edid\": { \"name\": \"uhd a\", \"preferred\": \"cvt-rb-3840x2160@60\" },\n"
	"    \"dp\": { \"max_rate\": \"HBR2\", \"max_lanes\": 4 } } },\n"
	"  { \"type\": \"DP\", \"hpd\": 2, \"ddc\": 2, \"aux\": 2, \"encoder\": 1, \"display\": {\n"
	"    \"edid\": { \"name\": \"uhd b\", \"preferred\": \"cvt-rb-3840x2160@60\" },\n"
	"    \"dp\": { \"max_rate\": \"HBR2\", \"max_lanes\": 4 } } },\n"
	"  { \"type\": \"DP\", \"hpd\": 3, \"ddc\": 3, \"aux\": 3, \"encoder\": 2, \"display\": {\n"
	"    \"edid\": { \"name\": \"fast 240\", \"preferred\": { \"pixel_khz\": 543360,\n"
	"      \"h\": [ 1920, 8, 32, 40 ], \"v\": [ 1080, 3, 6, 43 ], \"vsync\": \"-\" } },\n"
	"    \"dp\": { \"max_rate\": \"HBR2\", \"max_lanes\": 4 } } },\n"
	"  { \"type\": \"DP\", \"hpd\": 4, \"ddc\": 4, \"aux\": 4, \"encoder\": 3, \"display\": {\n"
	"    \"edid\": { \"name\": \"vr 90\", \"preferred\": { \"pixel_khz\": 407660,\n"
	"      \"h\": [ 2880, 48, 32, 80 ], \"v\": [ 1440, 3, 10, 37 ], \"vsync\": \"-\" } },\n"
	"    \"dp\": { \"max_rate\": \"HBR2\", \"max_lanes\": 4 } } },\n"
	"  { \"type\": \"HDMI\", \"hpd\": 5, \"ddc\": 5, \"encoder\": 4, \"display\": {\n"
	"    \"edid\": { \"name\": \"wqxga\", \"preferred\": { \"pixel_khz\": 268630,\n"
	"      \"h\": [ 2560, 48, 32, 80 ], \"v\": [ 1600, 3, 6, 37 ], \"vsync\": \"-\" },\n"
	"      \"hdmi\": { \"max_tmds_mhz\": 300 } } } },\n"
	"  { \"type\": \"HDMI\", \"hpd\": 6, \"ddc\": 6, \"encoder\": 5, \"display\": {\n"
	"    \"edid\": { \"name\": \"uxga\", \"preferred\": { \"pixel_khz\": 162000,\n"
	"      \"h\": [ 1600, 64, 192, 304 ], \"v\": [ 1200, 1, 3, 46 ] },\n"
	"      \"hdmi\": { \"max_tmds_mhz\": 300 } } } }\n"
	"] }\n";

static const struct {
	const char *link;
	uint32_t w, h;
} outs[NOUT] = {
	{ "DP-1", 3840, 2160 }, { "DP-2", 3840, 2160 },	    { "DP-3", 1920, 1080 },
	{ "DP-4", 2880, 1440 }, { "HDMI-A-1", 2560, 1600 }, { "HDMI-A-2", 1600, 1200 },
};

/* The latency below which a share q of the samples lies, in us. */
static double percentile_us(const uint32_t *hist, double q)
{
	uint64_t total = 0, seen = 0;

	for (unsigned i = 0; i < DCT_LAT_BUCKETS; i++)
		total += hist[i];
	for (unsigned i = 0; i < DCT_LAT_BUCKETS && total; i++) {
		seen += hist[i];
		if ((double)seen >= q * (double)total)
			return dct_lat_bucket_us(i);
	}
	return -1;
}

static void sleep_s(double s)
{
	struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 && strcmp(argv[1], "--quick") == 0 ? 2.0 : 30.0;
	static struct dct_flipper_opts opts[NOUT];
	static struct dct_flipper fl[NOUT];
	static struct dct_flipper_report rep[NOUT];
	static uint32_t all[DCT_LAT_BUCKETS];
	struct dcb_latency base;
	struct dct_daemon d;
	struct proc_mem m;
	uint64_t t0, t1, missed_total = 0;
	unsigned sent_late = 0, sent_in_time = 0;
	int64_t cpu0, cpu1;
	unsigned started = 0;
	int r, status = 1;

	/* As root a client is an admin and sees every output, not its lease. */
	r = dct_become_nobody();
	if (r == 0)
		r = dct_daemon_start(&d, scenario, NULL, NULL);
	if (r < 0) {
		fprintf(stderr, "bench-scale: starting dcd: %s\n", strerror(-r));
		return 1;
	}
	for (; started < NOUT; started++) {
		unsigned i = started;

		opts[i] = (struct dct_flipper_opts){ .socket = d.socket,
						     .name = outs[i].link,
						     .link_name = outs[i].link,
						     .width = outs[i].w,
						     .height = outs[i].h,
						     .ready_after = 10,
						     .tolerance_ns = 1000000 };
		r = dct_flipper_start(&opts[i], &fl[i]);
		if (r < 0)
			goto out;
	}
	for (unsigned i = 0; i < NOUT; i++) {
		r = dct_flipper_wait_ready(&fl[i]);
		if (r < 0) {
			fprintf(stderr, "bench-scale: %s never flipped: %s\n", outs[i].link,
				strerror(-r));
			goto out;
		}
	}
	t0 = dct_now_ns();
	cpu0 = proc_cpu_ns(d.pid);
	sleep_s(seconds);
	t1 = dct_now_ns();
	cpu1 = proc_cpu_ns(d.pid);
	r = proc_mem_read(d.pid, &m);
	for (; started > 0; started--) {
		unsigned i = started - 1;

		if (dct_flipper_stop(&fl[i], &rep[i]) < 0) {
			fprintf(stderr, "bench-scale: the client on %s failed\n", outs[i].link);
			r = -1;
		}
	}
	if (r < 0 || cpu0 < 0 || cpu1 < 0) {
		fprintf(stderr, "bench-scale: the run or /proc/%d failed\n", (int)d.pid);
		goto out;
	}
	if (dcb_seqpacket_pingpong(5000, 44, &base) < 0) {
		fprintf(stderr, "bench-scale: the ping-pong baseline failed\n");
		goto out;
	}
	printf("{\"bench\":\"scale_6x\",\"seconds\":%.0f,\"outputs\":[", seconds);
	for (unsigned i = 0; i < NOUT; i++) {
		/* Steps beyond one between consecutive FLIP_DONEs: frames missed. */
		uint64_t missed = rep[i].last_seq - rep[i].first_seq + 1 - rep[i].flips;

		missed_total += missed;
		for (unsigned b = 0; b < DCT_LAT_BUCKETS; b++)
			all[b] += rep[i].latency[b];
		sent_late += rep[i].missed_sent_late;
		sent_in_time += rep[i].missed_sent_in_time;
		printf("%s{\"link\":\"%s\",\"hz\":%.2f,\"frames\":%u,\"missed\":%llu,"
		       "\"missed_sent_late\":%u,\"missed_sent_in_time\":%u,"
		       "\"latency_p50_us\":%.1f,\"latency_p99_us\":%.1f}",
		       i ? "," : "", outs[i].link, 1e9 / (double)rep[i].frame_ns, rep[i].flips,
		       (unsigned long long)missed, rep[i].missed_sent_late,
		       rep[i].missed_sent_in_time, percentile_us(rep[i].latency, 0.5),
		       percentile_us(rep[i].latency, 0.99));
	}
	printf("],\"missed\":%llu,\"missed_sent_late\":%u,\"missed_sent_in_time\":%u,"
	       "\"dcd_cpu_pct\":%.2f,\"dcd_rss_kib\":%ld,\"dcd_fb_rss_kib\":%ld,"
	       "\"dcd_sim_state_kib\":%ld,\"dcd_rss_excl_device_kib\":%ld,\"dcd_pss_kib\":%ld,"
	       "\"latency_p50_us\":%.1f,\"latency_p99_us\":%.1f,\"baseline\":\"seqpacket_"
	       "pingpong\","
	       "\"baseline_p50_us\":%.1f,\"baseline_p99_us\":%.1f}\n",
	       (unsigned long long)missed_total, sent_late, sent_in_time,
	       100.0 * (double)(cpu1 - cpu0) / (double)(t1 - t0), m.rss, m.fb, m.sim_state,
	       m.rss - m.fb - m.sim_state, m.pss, percentile_us(all, 0.5), percentile_us(all, 0.99),
	       base.p50_us, base.p99_us);
	status = 0;
out:
	for (; started > 0; started--)
		dct_flipper_kill(&fl[started - 1]);
	if (dct_daemon_stop(&d) != 0)
		status = 1;
	dct_daemon_cleanup(&d, status != 0);
	return status;
}
