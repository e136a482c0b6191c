/*
 * client-topology SOCKET: the connected links of a running dcd as a
 * compositor sees them through libdcclient, one line each with the
 * preferred mode: "DP-1 3840 2160 60000" (refresh in millihertz).
 */
#include <stdio.h>

#include "dcclient.h"

int main(int argc, char **argv)
{
	struct dcc_client *c;

	if (argc != 2 || dcc_client_create("client-topology", &c))
		return 2;
	if (dcc_client_connect(c, argv[1], DCC_CONNECT_NO_RECONNECT)) {
		fprintf(stderr, "client-topology: %s\n", dcc_last_error_text(c));
		dcc_client_destroy(c);
		return 1;
	}
	for (unsigned i = 0; i < dcc_get_link_count(c); i++) {
		struct dcc_link *link = dcc_get_link(c, i);
		const struct dcc_mode *m = dcc_link_get_preferred_mode(link);

		if (dcc_link_get_connection(link) == DCC_CONNECTED && m)
			printf("%s %u %u %u\n", dcc_link_get_name(link), dcc_mode_get_width(m),
			       dcc_mode_get_height(m), dcc_mode_get_refresh_mhz(m));
	}
	dcc_client_destroy(c);
	return 0;
}
