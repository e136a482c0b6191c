/*
 * dcctl: the admin command line of dcd. main() only dispatches: every
 * command lives in its own file and registers a struct dcctl_command in the
 * table of main.c. Commands that talk to the daemon will connect from their
 * own run function; the offline ones (edid decode) need no daemon.
 */
#ifndef DCCTL_H
#define DCCTL_H

#include <stdio.h>

/* Exit codes of every command. */
enum {
	DCCTL_EXIT_OK = 0,
	DCCTL_EXIT_FAILURE = 1, /* the command ran and failed */
	DCCTL_EXIT_USAGE = 2,	/* wrong arguments */
};

struct dcctl_command {
	const char *name;
	const char *args;    /* usage after the command name */
	const char *summary; /* one line for `dcctl --help` */
	/* argv[0] is the command name; returns a DCCTL_EXIT_* code */
	int (*run)(int argc, char **argv);
};

extern const struct dcctl_command dcctl_edid_command;

/* Prints "dcctl: " and the message to stderr. */
__attribute__((format(printf, 1, 2))) void dcctl_error(const char *fmt, ...);

#endif
