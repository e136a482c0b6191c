/*
 * One dcd core on the simulated engine for the fuzz targets that need a
 * live daemon (the state file checks links against it, the request driver
 * talks to it). Made once per process and kept: setting up an engine,
 * detecting and lighting its outputs takes milliseconds, an input must
 * take microseconds. Its log is silenced (DCD_FUZZ_LOG=1 in the
 * environment shows it); its folder (socket, scenario, dcd.json) is
 * removed at exit.
 */
#ifndef DCD_FUZZ_DAEMON_H
#define DCD_FUZZ_DAEMON_H

#include "dcd.h"

/* The daemon (made at the first call); aborts when it cannot be made. */
struct dcd *fuzz_daemon(void);

#endif
