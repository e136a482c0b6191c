/*
 * A client process that leases one output, commits a mode with two
 * framebuffers and flips between them, keeping two flips in flight (one
 * pending, one queued), and checks every FLIP_DONE: the FLIP's serial and
 * user data in order, the sequence one more than the last, the timestamp
 * one frame later. The parent reads its report through a pipe.
 */
#ifndef DCT_FLIPPER_H
#define DCT_FLIPPER_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "dct.h"

struct dct_flipper_opts {
	const char *socket;
	const char *name;		      /* client name (HELLO) */
	const char *link_name;		      /* "DP-1" */
	const struct drm_mode_modeinfo *mode; /* NULL: the preferred one */
	uint32_t width, height;		      /* framebuffers (the mode's size) */
	unsigned flips;			      /* stop after this many FLIP_DONEs; 0: when told */
	unsigned ready_after;		      /* write 'R' after this many (0: never) */
	uint64_t tolerance_ns;		      /* timestamp deviation allowed from a frame */
	bool hold;			      /* after the report, keep the connection until told */
	uint64_t render_ns; /* "draws" this long after each FLIP_DONE before the next FLIP */
};

/*
 * FLIP_DONE latency after the start of its vblank (the client's
 * CLOCK_MONOTONIC at receipt minus the event's timestamp, the start of
 * scanout, plus the mode's vertical blank) in buckets: 5 us wide up to 2 ms,
 * then 100 us wide up to 38 ms; the last bucket holds everything later.
 * Small enough that the report crosses the pipe in one atomic write.
 */
#define DCT_LAT_FINE	  400
#define DCT_LAT_BUCKETS	  760
#define DCT_LAT_FINE_NS	  5000ull
#define DCT_LAT_COARSE_NS 100000ull

static inline unsigned dct_lat_bucket(uint64_t ns)
{
	uint64_t b =
		ns < DCT_LAT_FINE * DCT_LAT_FINE_NS
			? ns / DCT_LAT_FINE_NS
			: DCT_LAT_FINE + (ns - DCT_LAT_FINE * DCT_LAT_FINE_NS) / DCT_LAT_COARSE_NS;

	return b < DCT_LAT_BUCKETS ? (unsigned)b : DCT_LAT_BUCKETS - 1;
}

/* The middle of bucket b, in us. */
static inline double dct_lat_bucket_us(unsigned b)
{
	if (b < DCT_LAT_FINE)
		return ((double)b + 0.5) * DCT_LAT_FINE_NS / 1000.0;
	return (DCT_LAT_FINE * DCT_LAT_FINE_NS +
		((double)(b - DCT_LAT_FINE) + 0.5) * DCT_LAT_COARSE_NS) /
	       1000.0;
}

#define DCT_FLIPPER_GAPS 8

struct dct_flipper_report {
	int failed;	    /* a protocol error, a wrong serial or user data */
	unsigned flips;	    /* FLIP_DONEs received */
	unsigned gaps;	    /* sequences that did not go up by exactly 1 */
	unsigned missed;    /* frames missed in those gaps */
	unsigned bad_times; /* timestamps more than the tolerance off a frame */
	/*
	 * Who was late for each missed frame: the FLIP that should have been
	 * shown was sent after the vblank it had to make had begun (the client,
	 * or the FLIP_DONE it waited for, was late), or before it (dcd had it in
	 * time and latched it late).
	 */
	unsigned missed_sent_late, missed_sent_in_time;
	uint64_t frame_ns;
	uint64_t first_seq, last_seq;
	uint64_t first_ts, last_ts;
	/* the first DCT_FLIPPER_GAPS gaps: the FLIP_DONEs around each */
	struct {
		uint64_t from_ts, to_ts;
	} gap[DCT_FLIPPER_GAPS];
	uint32_t latency[DCT_LAT_BUCKETS];
};

struct dct_flipper {
	pid_t pid;
	int report_fd;	/* 'R' after ready_after flips, then the report */
	int control_fd; /* closed: stop (and with hold, let go) */
	bool reported;	/* the report was read (into report) */
	struct dct_flipper_report report;
};

int dct_flipper_start(const struct dct_flipper_opts *opts, struct dct_flipper *f);
/* Waits for the 'R' (the client flips). */
int dct_flipper_wait_ready(struct dct_flipper *f);
/* With hold: reads the report while the client keeps its lease. */
int dct_flipper_report(struct dct_flipper *f, struct dct_flipper_report *report);
/* Tells it to stop, reads the report (unless read already), reaps it: 0 if it exited 0. */
int dct_flipper_stop(struct dct_flipper *f, struct dct_flipper_report *report);
void dct_flipper_kill(struct dct_flipper *f);
/*
 * The gaps in the report that are dcd's: all but those the machine's own
 * stalls explain (the real-time canary, dct_canary.c, saw every CPU stand
 * still, or one longer than the kernel's throttling, over the missed
 * frames, and long enough to lose them). With any gap, prints dcd's log
 * lines from 100 ms before the first to 300 ms after it, to tell what dcd
 * did meanwhile (its slow dispatches are logged), what the canary saw, and
 * the verdict on each gap. Tests assert this is 0.
 */
unsigned dct_flipper_dcd_gaps(struct dct_daemon *d, const struct dct_flipper_report *r);

#endif
