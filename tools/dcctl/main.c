/* dcctl entry point: global options, then dispatch to one command. */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dcctl.h"

static const struct dcctl_command *const commands[] = {
	&dcctl_status_command,	&dcctl_links_command,	 &dcctl_link_command,
	&dcctl_edid_command,	&dcctl_modes_command,	 &dcctl_set_command,
	&dcctl_off_command,	&dcctl_leases_command,	 &dcctl_revoke_command,
	&dcctl_monitor_command, &dcctl_topology_command, &dcctl_screenshot_command,
	&dcctl_sim_command,	&dcctl_bios_command,
};

#define NUM_COMMANDS (sizeof(commands) / sizeof(commands[0]))

/* Options of any command that take a value: the word after them is never a global option. */
static const char *const value_options[] = {
	"--color", "--reason", "--edid", "--display", "--pnp-ids", "--vector", "--count",
};

void dcctl_error(const char *fmt, ...)
{
	char raw[1024], line[4 * sizeof(raw)];
	va_list ap;

	/* Messages carry dcd's sentences and what the bus said: one clean line. */
	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	dcctl_text(line, sizeof(line), raw);
	fprintf(stderr, "dcctl: %s\n", line);
}

int dcctl_usage(const struct dcctl_command *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "dcctl %s: ", cmd->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nUsage: dcctl %s %s\n", cmd->name, cmd->args);
	return DCCTL_EXIT_USAGE;
}

int dcctl_help(const struct dcctl_command *cmd)
{
	printf("Usage: dcctl [--bus system|session] [--json] %s %s\n%s (dcctl(1))\n", cmd->name,
	       cmd->args, cmd->summary);
	return DCCTL_EXIT_OK;
}

int dcctl_getopt(const struct dcctl_command *cmd, int argc, char **argv,
		 const struct option *options)
{
	int c;

	opterr = 0;
	c = getopt_long(argc, argv, "", options, NULL);
	if (c == 'h') {
		dcctl_help(cmd);
	} else if (c == '?') {
		if (optopt)
			dcctl_usage(cmd, "%s needs a value", argv[optind - 1]);
		else
			dcctl_usage(cmd, "unknown option '%s'", argv[optind - 1]);
	}
	return c;
}

bool dcctl_link_name_ok(const char *name)
{
	const char *dash = strrchr(name, '-');
	size_t n = strlen(name);

	/* letters, '-', then the number: DP-1, HDMI-A-1, eDP-1, DVI-D-1 */
	if (!dash || dash == name || !dash[1] || n > 31)
		return false;
	for (const char *p = name; p < dash; p++) {
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || *p == '-'))
			return false;
	}
	for (const char *p = dash + 1; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
	}
	return true;
}

static void usage(FILE *f)
{
	fprintf(f, "Usage: dcctl [--bus system|session] [--json] COMMAND [ARGS...]\n"
		   "       dcctl --help | --version\n"
		   "The admin command line of dcd, the display daemon (dcctl(1)).\n\nCommands:\n");
	for (size_t i = 0; i < NUM_COMMANDS; i++)
		fprintf(f, "  %-10s %-40s %s\n", commands[i]->name, commands[i]->args,
			commands[i]->summary);
	fprintf(f,
		"\nOptions (anywhere on the line):\n"
		"  --bus system|session  the bus dcd is on (default: $DCCTL_BUS, else the\n"
		"                        system bus, or the session bus when dcd is only there)\n"
		"  --json                one JSON document on stdout\n"
		"Exit status: 0 done, 1 failed, 2 wrong arguments.\n");
}

static int parse_bus(const char *word, enum dcctl_bus *bus)
{
	if (!strcmp(word, "system"))
		*bus = DCCTL_BUS_SYSTEM;
	else if (!strcmp(word, "session"))
		*bus = DCCTL_BUS_SESSION;
	else
		return -1;
	return 0;
}

static bool takes_value(const char *arg)
{
	for (size_t i = 0; i < sizeof(value_options) / sizeof(value_options[0]); i++) {
		if (!strcmp(arg, value_options[i]))
			return true;
	}
	return false;
}

/*
 * Takes --json and --bus out of argv wherever they are (not where they are
 * the value of another option). Returns the new argc, or -1 after a usage
 * error.
 */
static int global_options(struct dcctl *ctx, int argc, char **argv)
{
	const char *env = getenv("DCCTL_BUS");
	int out = 1;

	if (env && *env && parse_bus(env, &ctx->bus_kind) < 0) {
		dcctl_error("$DCCTL_BUS: \"%s\" is not system or session", env);
		return -1;
	}
	for (int i = 1; i < argc; i++) {
		const char *value = NULL;

		if (!strcmp(argv[i], "--")) {
			while (i < argc)
				argv[out++] = argv[i++];
			break;
		}
		if (!strcmp(argv[i], "--json")) {
			ctx->json = true;
			continue;
		}
		if (!strcmp(argv[i], "--bus")) {
			if (i + 1 >= argc) {
				dcctl_error("--bus needs a value: system or session");
				return -1;
			}
			value = argv[++i];
		} else if (!strncmp(argv[i], "--bus=", 6)) {
			value = argv[i] + 6;
		}
		if (value) {
			if (parse_bus(value, &ctx->bus_kind) < 0) {
				dcctl_error("--bus: \"%s\" is not system or session", value);
				return -1;
			}
			continue;
		}
		argv[out++] = argv[i];
		if (takes_value(argv[i]) && i + 1 < argc)
			argv[out++] = argv[++i];
	}
	argv[out] = NULL;
	return out;
}

int main(int argc, char **argv)
{
	struct dcctl ctx = { 0 };
	int ret;

	argc = global_options(&ctx, argc, argv);
	if (argc < 0)
		return DCCTL_EXIT_USAGE;
	if (argc < 2) {
		usage(stderr);
		return DCCTL_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return DCCTL_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("dcctl %s\n", DCD_VERSION);
		return DCCTL_EXIT_OK;
	}
	for (size_t i = 0; i < NUM_COMMANDS; i++) {
		if (strcmp(argv[1], commands[i]->name))
			continue;
		ret = commands[i]->run(&ctx, argc - 1, argv + 1);
		sd_bus_flush_close_unref(ctx.bus);
		return ret;
	}
	dcctl_error("unknown command '%s' (see dcctl --help)", argv[1]);
	return DCCTL_EXIT_USAGE;
}
