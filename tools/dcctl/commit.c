/* One output's configuration to dcd's Validate or Commit (a{sa{sv}}): set and off. */
#include "dcctl.h"

int dcctl_configure(struct dcctl *ctx, const char *member, const char *link, bool enabled,
		    const char *mode, int64_t color)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL;
	int r;

	if (dcctl_connect(ctx) < 0)
		return -1;
	r = sd_bus_message_new_method_call(ctx->bus, &m, DCCTL_NAME, DCCTL_PATH, DCCTL_MANAGER,
					   member);
	if (r >= 0)
		r = sd_bus_message_open_container(m, 'a', "{sa{sv}}");
	if (r >= 0)
		r = sd_bus_message_open_container(m, 'e', "sa{sv}");
	if (r >= 0)
		r = sd_bus_message_append(m, "s", link);
	if (r >= 0)
		r = sd_bus_message_open_container(m, 'a', "{sv}");
	if (r >= 0)
		r = sd_bus_message_append(m, "{sv}", "enabled", "b", enabled);
	if (r >= 0 && enabled && mode)
		r = sd_bus_message_append(m, "{sv}", "mode", "s", mode);
	if (r >= 0 && enabled && color >= 0)
		r = sd_bus_message_append(m, "{sv}", "color", "u", (uint32_t)color);
	for (int i = 0; r >= 0 && i < 3; i++)
		r = sd_bus_message_close_container(m);
	if (r >= 0)
		r = sd_bus_call(ctx->bus, m, 0, &e, NULL);
	if (r < 0)
		dcctl_bus_error(ctx, member, r, &e);
	sd_bus_error_free(&e);
	sd_bus_message_unref(m);
	return r < 0 ? -1 : 0;
}
