/* dcd's event loop, with slow dispatches logged (event_loop.c). */
#ifndef DCD_EVENT_LOOP_H
#define DCD_EVENT_LOOP_H

#include <stdint.h>

#include <systemd/sd-event.h>

/* Half a 60 Hz frame: a dispatch this long can make a queued flip miss. */
#define DCD_SLOW_DISPATCH_NS 8000000ull

/*
 * sd_event_loop() with every dispatch of DCD_SLOW_DISPATCH_NS or more
 * logged (rate limited): wall time, CPU time, voluntary and involuntary
 * context switches. Returns the loop's exit code or -errno.
 */
int dcd_event_loop_run(sd_event *e);

#endif
