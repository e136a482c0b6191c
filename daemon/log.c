/* The daemon's log lines: journald priority prefixes or monotonic timestamps. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dcd_protocol.h"
#include "log.h"

/* Process state, set once by dcd_log_init() (see log.h). */
static struct {
	bool verbose;
	bool journal;
	bool quiet;
} log_state;

uint64_t dcd_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* $JOURNAL_STREAM is "DEV:INODE" of the stream systemd connected to the journal. */
static bool stderr_is_journal(void)
{
	const char *env = getenv("JOURNAL_STREAM");
	unsigned long long dev, ino;
	struct stat st;

	if (!env || sscanf(env, "%llu:%llu", &dev, &ino) != 2)
		return false;
	if (fstat(STDERR_FILENO, &st) < 0)
		return false;
	return (unsigned long long)st.st_dev == dev && (unsigned long long)st.st_ino == ino;
}

void dcd_log_init(bool verbose)
{
	log_state.verbose = verbose;
	log_state.journal = stderr_is_journal();
}

void dcd_log_quiet(bool quiet)
{
	log_state.quiet = quiet;
}

bool dcd_log_verbose(void)
{
	return log_state.verbose;
}

static const char *priority_word(int priority)
{
	switch (priority) {
	case LOG_EMERG:
	case LOG_ALERT:
	case LOG_CRIT:
	case LOG_ERR:
		return "error: ";
	case LOG_WARNING:
		return "warning: ";
	default:
		return "";
	}
}

void dcd_log(int priority, const char *fmt, ...)
{
	char raw[1024], line[4 * sizeof(raw)];
	uint64_t now;
	va_list ap;

	if (log_state.quiet || (priority >= LOG_DEBUG && !log_state.verbose))
		return;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	/* Lines carry text from clients and monitors: a newline in it would
	 * start a forged line (with its own "<N>" priority under journald). */
	dcp_text_escape(line, sizeof(line), raw);
	/* One write per line, so lines of concurrent writers never mix. */
	if (log_state.journal) {
		fprintf(stderr, "<%d>%s\n", priority, line);
	} else {
		now = dcd_now_ns();
		fprintf(stderr, "[%5llu.%06llu] %s%s\n", (unsigned long long)(now / 1000000000ull),
			(unsigned long long)(now % 1000000000ull / 1000), priority_word(priority),
			line);
	}
}

bool dcd_ratelimit_pass(struct dcd_ratelimit *rl)
{
	uint64_t now = dcd_now_ns();

	if (!rl->begin_ns || now - rl->begin_ns >= rl->interval_ns) {
		rl->begin_ns = now;
		rl->count = 0;
	}
	if (rl->count < rl->burst) {
		rl->count++;
		if (rl->count == 1 && rl->suppressed) {
			/* The caller saw the old count before this call and reports it. */
			rl->suppressed = 0;
		}
		return true;
	}
	rl->suppressed++;
	return false;
}
