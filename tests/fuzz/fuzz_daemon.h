/*
 * One dcd core on the simulated engine for the fuzz targets that need a
 * live daemon (the state file checks links against it, the request driver
 * talks to it). Made once per process and kept: setting up an engine,
 * detecting and lighting its outputs takes milliseconds, an input must
 * take microseconds. The engine runs on its virtual clock (sim_virtual):
 * time moves only when a driver advances it (fuzz_daemon_advance), so an
 * input that waits for frames costs no real time. Its log is silenced (DCD_FUZZ_LOG=1 in the
 * environment shows it); its folder (socket, scenario, dcd.json) is
 * removed at exit.
 */
#ifndef DCD_FUZZ_DAEMON_H
#define DCD_FUZZ_DAEMON_H

#include "dcd.h"

/* The daemon (made at the first call); aborts when it cannot be made. */
struct dcd *fuzz_daemon(void);

/*
 * Virtual time on to the next thing the engine or DC waits for (an event
 * of the engine, a vblank someone waits for, DC's deadline), DC's deadline
 * run if it has come. Returns false when nothing waits.
 */
bool fuzz_daemon_advance(struct dcd *dcd);

#endif
