/* dcctl revoke ID [--reason TEXT]: end a lease (admin, RevokeLease). */
#include <stdlib.h>

#include "dcctl.h"

static int run(struct dcctl *ctx, int argc, char **argv)
{
	static const struct option options[] = {
		{ "reason", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *reason = "";
	unsigned long id;
	char *end;
	int c;

	while ((c = dcctl_getopt(&dcctl_revoke_command, argc, argv, options)) != -1) {
		if (c == 'r')
			reason = optarg;
		else
			return c == 'h' ? DCCTL_EXIT_OK : DCCTL_EXIT_USAGE;
	}
	if (optind + 1 != argc)
		return dcctl_usage(&dcctl_revoke_command, "expected one lease ID (dcctl leases)");
	id = strtoul(argv[optind], &end, 10);
	if (*end || !argv[optind][0] || argv[optind][0] == '-' || !id || id > UINT32_MAX)
		return dcctl_usage(&dcctl_revoke_command, "'%s' is not a lease ID (1, 2, ...)",
				   argv[optind]);
	if (dcctl_call(ctx, NULL, DCCTL_MANAGER, "RevokeLease", NULL, "us", (uint32_t)id, reason) <
	    0)
		return DCCTL_EXIT_FAILURE;
	if (ctx->json) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "revoked", json_object_new_int64((int64_t)id));
		json_object_object_add(o, "reason", json_object_new_string(reason));
		return dcctl_print_json(o);
	}
	printf("lease %lu revoked; its outputs show their idle configuration\n", id);
	return DCCTL_EXIT_OK;
}

const struct dcctl_command dcctl_revoke_command = {
	.name = "revoke",
	.args = "ID [--reason TEXT]",
	.summary = "end a lease; the client is told the reason (admin)",
	.run = run,
};
