/*
 * dcd's log: one line per event that matters, to stderr.
 *
 * When stderr is the journal ($JOURNAL_STREAM names stderr's device and
 * inode) every line starts with a "<N>" syslog priority prefix, which
 * journald turns into the entry's priority; otherwise lines start with the
 * CLOCK_MONOTONIC time in seconds ("[  12.345678] "), the clock of flip
 * and vblank timestamps and of the simulator's scanout history, so a line
 * can be placed among frames. Warnings and errors say so in words.
 *
 * The logger is process state (like stderr itself): dcd_log_init() once
 * in main, then the macros from anywhere in the daemon. Hot paths (a
 * client sending garbage in a loop, a flood of interrupts) go through a
 * struct dcd_ratelimit so a misbehaving peer cannot fill the journal.
 * Whatever a line holds, it stays one line: characters that are not
 * printable (control characters, a newline, ESC; dcp_text_escape) are
 * written as "\xNN".
 */
#ifndef DCD_LOG_H
#define DCD_LOG_H

#include <stdbool.h>
#include <stdint.h>
#include <syslog.h>

/* verbose: show LOG_DEBUG lines. */
void dcd_log_init(bool verbose);
bool dcd_log_verbose(void);
/* quiet: drop every line (fuzz drivers, whose inputs make millions of them). */
void dcd_log_quiet(bool quiet);

void dcd_log(int priority, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define log_error(...)	 dcd_log(LOG_ERR, __VA_ARGS__)
#define log_warning(...) dcd_log(LOG_WARNING, __VA_ARGS__)
#define log_notice(...)	 dcd_log(LOG_NOTICE, __VA_ARGS__)
#define log_info(...)	 dcd_log(LOG_INFO, __VA_ARGS__)
#define log_debug(...)	 dcd_log(LOG_DEBUG, __VA_ARGS__)

/*
 * At most burst lines per interval_ns; the first line after a quiet
 * interval also reports how many were suppressed.
 */
struct dcd_ratelimit {
	uint64_t interval_ns;
	unsigned burst;
	uint64_t begin_ns;
	unsigned count;
	unsigned suppressed;
};

#define DCD_RATELIMIT_INIT(interval_ms, n) \
	((struct dcd_ratelimit){ .interval_ns = (uint64_t)(interval_ms)*1000000ull, .burst = (n) })

/* Whether a line may be written now; counts the ones that may not. */
bool dcd_ratelimit_pass(struct dcd_ratelimit *rl);

/* dcd_log through a rate limit; a summary line reports what was dropped. */
#define log_ratelimited(rl, priority, ...)                                                       \
	do {                                                                                     \
		unsigned suppressed_ = (rl)->suppressed;                                         \
		if (dcd_ratelimit_pass(rl)) {                                                    \
			if (suppressed_ && !(rl)->suppressed)                                    \
				dcd_log(LOG_NOTICE, "%u similar lines suppressed", suppressed_); \
			dcd_log(priority, __VA_ARGS__);                                          \
		}                                                                                \
	} while (0)

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t dcd_now_ns(void);

#endif
