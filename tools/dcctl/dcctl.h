/*
 * dcctl: the admin command line of dcd. main() takes the global options
 * (--bus, --json, anywhere on the line) and dispatches: every command
 * lives in its own file and registers a struct dcctl_command in the table
 * of main.c. Commands talk to dcd over D-Bus (bus.c: which bus, calls and
 * their errors); `edid decode` needs no daemon.
 *
 * Output: readable aligned text, or with --json one JSON document on
 * stdout (monitor: one object per line). Errors go to stderr as one line
 * "dcctl: ..." with dcd's sentence; exit codes below.
 */
#ifndef DCCTL_H
#define DCCTL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <getopt.h>
#include <json-c/json.h>
#include <systemd/sd-bus.h>

/* Exit codes of every command. */
enum {
	DCCTL_EXIT_OK = 0,
	DCCTL_EXIT_FAILURE = 1, /* the command ran and failed */
	DCCTL_EXIT_USAGE = 2,	/* wrong arguments */
};

#define DCCTL_NAME	"org.dcd.Display1"
#define DCCTL_PATH	"/org/dcd/Display1"
#define DCCTL_MANAGER	"org.dcd.Display1.Manager"
#define DCCTL_LINK	"org.dcd.Display1.Link"
#define DCCTL_SIM	"org.dcd.Display1.Sim"
#define DCCTL_MAX_LINKS 16

enum dcctl_bus {
	DCCTL_BUS_AUTO, /* system, or the session bus when dcd is only there */
	DCCTL_BUS_SYSTEM,
	DCCTL_BUS_SESSION,
};

/* What every command gets: the global options and, once connected, the bus. */
struct dcctl {
	bool json;
	enum dcctl_bus bus_kind;
	const char *bus_name; /* "system bus" / "session bus", once connected */
	sd_bus *bus;
};

struct dcctl_command {
	const char *name;
	const char *args;    /* usage after the command name */
	const char *summary; /* one line for `dcctl --help` */
	/* argv[0] is the command name; returns a DCCTL_EXIT_* code */
	int (*run)(struct dcctl *ctx, int argc, char **argv);
};

extern const struct dcctl_command dcctl_status_command, dcctl_links_command, dcctl_link_command,
	dcctl_edid_command, dcctl_modes_command, dcctl_set_command, dcctl_off_command,
	dcctl_leases_command, dcctl_revoke_command, dcctl_monitor_command, dcctl_topology_command,
	dcctl_screenshot_command, dcctl_sim_command, dcctl_bios_command;

/* Prints "dcctl: " and the message to stderr. */
__attribute__((format(printf, 1, 2))) void dcctl_error(const char *fmt, ...);
/* A usage error: the message, then "Usage: dcctl NAME ARGS"; returns DCCTL_EXIT_USAGE. */
__attribute__((format(printf, 2, 3))) int dcctl_usage(const struct dcctl_command *cmd,
						      const char *fmt, ...);
/* --help of a command: its usage line and summary on stdout; DCCTL_EXIT_OK. */
int dcctl_help(const struct dcctl_command *cmd);
/*
 * Parses the options of a command with getopt_long (argv[0] the command,
 * "--help" handled); returns the option character, -1 at the end, or '?'
 * after printing the usage error. Positional arguments are left in argv
 * from optind on.
 */
int dcctl_getopt(const struct dcctl_command *cmd, int argc, char **argv,
		 const struct option *options);

/* A link name as dcd spells them ("DP-1", "HDMI-A-1", "eDP-1", "DVI-D-1"). */
bool dcctl_link_name_ok(const char *name);

/* ---- bus.c -------------------------------------------------------------------------- */

/* Connects to the bus dcd is on (docs: dcctl(1), BUS); prints why not. 0 or -1. */
int dcctl_connect(struct dcctl *ctx);
/*
 * A method call on /org/dcd/Display1 (path NULL) or path: 0 and *reply
 * (may be NULL), or -1 after printing dcd's error sentence (or what the
 * bus said).
 */
int dcctl_call(struct dcctl *ctx, const char *path, const char *iface, const char *member,
	       sd_bus_message **reply, const char *types, ...);
/* Prints a failed call's error as dcctl does; returns -1. */
int dcctl_bus_error(struct dcctl *ctx, const char *what, int r, const sd_bus_error *e);

/* ---- links.c: the Link objects' properties --------------------------------------------- */

struct dcctl_link {
	char name[32];
	char path[96];
	char type[16];
	bool connected;
	char signal[32];
	uint32_t lease;
	char manufacturer[8];
	uint32_t product_code;
	char monitor_name[32];
	uint32_t width, height, refresh_mhz; /* 0 when off */
	uint32_t link_rate_mbps, lane_count;
	bool non_desktop;		 /* a head-mounted display */
	uint32_t vrr_min_hz, vrr_max_hz; /* 0 when none */
};

/* Every link (ListLinks, then GetAll of each). Returns the count, or -1 (printed). */
int dcctl_get_links(struct dcctl *ctx, struct dcctl_link *links, size_t max);
/* One link's properties by name; -1 (printed) when dcd has no such object. */
int dcctl_get_link(struct dcctl *ctx, const char *name, struct dcctl_link *l);
/* The JSON object of `dcctl --json links` for one link. */
struct json_object *dcctl_link_json(const struct dcctl_link *l);

/* leases.c: a ListLeases reply as JSON (id, client, pid, uid, links). */
struct json_object *dcctl_leases_json(sd_bus_message *m);

/* ---- commit.c: Validate / Commit of one output ------------------------------------------- */

/*
 * member "Validate" or "Commit"; enabled false switches the link off, else
 * mode (NULL: keep the timing, "preferred", "WxH[i][@R]") and color (< 0:
 * black). 0, or -1 with dcd's sentence printed.
 */
int dcctl_configure(struct dcctl *ctx, const char *member, const char *link, bool enabled,
		    const char *mode, int64_t color);

/* ---- text.c: strings from the bus ----------------------------------------------------- */

/*
 * Every string dcctl gets from the bus is someone else's text (a client
 * names itself; a monitor names itself in its EDID): before it reaches a
 * terminal, characters that are not printable (control characters, ESC,
 * newlines, bidirectional overrides, invalid UTF-8; dcp_text_unprintable)
 * become "\xNN". Copies src into dst (size bytes) so.
 */
void dcctl_text(char *dst, size_t size, const char *src);
/* A JSON string of src escaped the same way. */
struct json_object *dcctl_json_text(const char *src);

/* ---- json.c ------------------------------------------------------------------------------ */

/* Prints o (pretty) and releases it; DCCTL_EXIT_OK, or FAILURE when o is NULL. */
int dcctl_print_json(struct json_object *o);
/* {"width", "height", "refresh_mhz"} */
struct json_object *dcctl_mode_json(uint32_t width, uint32_t height, uint32_t refresh_mhz);
/*
 * The value m is at (a basic type, an array, a struct: arrays) as JSON;
 * the reader moves past it. NULL for what JSON cannot say.
 */
struct json_object *dcctl_value_json(sd_bus_message *m);
/* GetLinkStatus's a{sv} as one object ("mode" as dcctl_mode_json). */
struct json_object *dcctl_status_json(sd_bus_message *m);
/* "3840x2160@60.000" */
void dcctl_mode_text(uint32_t width, uint32_t height, uint32_t refresh_mhz, char *buf, size_t size);
/* "4 x 5.4 Gbit/s (HBR2)" */
void dcctl_dp_link_text(uint32_t lanes, uint32_t rate_mbps, char *buf, size_t size);

/* ---- file.c ----------------------------------------------------------------------------- */

/* The whole file (path "-": stdin), at most max bytes: 0, -EFBIG beyond, or -errno. */
int dcctl_read_file(const char *path, size_t max, uint8_t **data, size_t *size);

/* ---- table.c: aligned columns --------------------------------------------------------- */

#define DCCTL_TABLE_COLS 8

struct dcctl_table {
	unsigned ncols, nrows, cap;
	char *(*rows)[DCCTL_TABLE_COLS];
};

/* Adds a row of ncols cells (printf'd strings, "-" for NULL). */
void dcctl_table_add(struct dcctl_table *t, const char *const *cells);
/* Prints the rows with columns two spaces apart (the last one unpadded; f NULL: no print) and frees
 * them. */
void dcctl_table_print(struct dcctl_table *t, FILE *f);

#endif
