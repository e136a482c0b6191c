/* dcctl entry point: global options, then dispatch to one command. */
#include <stdarg.h>
#include <string.h>

#include "dcctl.h"

static const struct dcctl_command *const commands[] = {
	&dcctl_edid_command,
};

#define NUM_COMMANDS (sizeof(commands) / sizeof(commands[0]))

void dcctl_error(const char *fmt, ...)
{
	va_list ap;

	fputs("dcctl: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void usage(FILE *f)
{
	fprintf(f, "Usage: dcctl [--help] [--version] COMMAND [ARGS...]\n\nCommands:\n");
	for (size_t i = 0; i < NUM_COMMANDS; i++)
		fprintf(f, "  %-6s %-28s %s\n", commands[i]->name, commands[i]->args,
			commands[i]->summary);
}

int main(int argc, char **argv)
{
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
	for (size_t i = 0; i < NUM_COMMANDS; i++)
		if (!strcmp(argv[1], commands[i]->name))
			return commands[i]->run(argc - 1, argv + 1);
	dcctl_error("unknown command '%s' (see dcctl --help)", argv[1]);
	return DCCTL_EXIT_USAGE;
}
