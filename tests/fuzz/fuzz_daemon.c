/* The fuzz targets' one dcd core (fuzz_daemon.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_daemon.h"
#include "sim.h"
#include "sim_internal.h"

/* Four connectors of each kind the link layer knows, three with a monitor. */
// clang-format off
static const char scenario[] =
"{ \"asic\": \"carrizo\", \"clock\": \"virtual\", \"connectors\": [\n"
"  { \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0,\n"
"    \"display\": { \"edid\": { \"name\": \"fuzz DP\", \"serial\": 11, \"preferred\": \"cta-480p60\",\n"
"      \"modes\": [ \"cta-720p60\" ] }, \"dp\": { \"max_rate\": \"HBR\", \"max_lanes\": 4 } } },\n"
"  { \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2, \"encoder\": 3,\n"
"    \"display\": { \"edid\": { \"name\": \"fuzz HDMI\", \"serial\": 22, \"input\": \"hdmi\",\n"
"      \"preferred\": \"cta-480p60\", \"modes\": [ \"cta-720p60\" ], \"hdmi\": { \"max_tmds_mhz\": 165 } } } },\n"
"  { \"name\": \"eDP-1\", \"type\": \"eDP\", \"hpd\": 3, \"ddc\": 3, \"aux\": 3, \"encoder\": 2,\n"
"    \"display\": { \"edid\": { \"name\": \"fuzz panel\", \"serial\": 33, \"preferred\": \"cta-720p60\" },\n"
"      \"dp\": { \"max_rate\": \"HBR\", \"max_lanes\": 2 } } },\n"
"  { \"name\": \"DP-2\", \"type\": \"DP\", \"hpd\": 4, \"ddc\": 4, \"aux\": 4, \"encoder\": 1 }\n"
"] }\n";
// clang-format on

static char dir[64];
static struct dcd *the_dcd;

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0)
		abort();
}

static void cleanup(void)
{
	char path[128];

	dcd_free(the_dcd);
	the_dcd = NULL;
	snprintf(path, sizeof(path), "%s/scenario.json", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/dcd.json", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/dcd.sock", dir);
	unlink(path);
	rmdir(dir);
}

bool fuzz_daemon_advance(struct dcd *dcd)
{
	struct dcd_engine *e = dcd->engine;
	struct sim *sim = e->sim;
	uint64_t now = sim_now_ns(sim), next = sim_next_event(sim);
	uint64_t deadline = e->ops->next_deadline(e);

	if (deadline < next)
		next = deadline;
	if (next == UINT64_MAX)
		return false;
	if (next > now && sim_advance(sim, next - now) < 0)
		abort();
	if (e->ops->next_deadline(e) <= sim_now_ns(sim))
		dcd_run_deadline(dcd);
	return true;
}

struct dcd *fuzz_daemon(void)
{
	char scenario_path[128], config_path[128], socket_path[128], config[128];
	struct dcd_options opts = { .backend = DCD_BACKEND_SIM,
				    .socket_fd = -1,
				    .bus = DCD_BUS_NONE,
				    .sim_virtual = true };

	if (the_dcd)
		return the_dcd;
	snprintf(dir, sizeof(dir), "/dev/shm/dcd-fuzz-XXXXXX");
	if (!mkdtemp(dir))
		abort();
	snprintf(scenario_path, sizeof(scenario_path), "%s/scenario.json", dir);
	snprintf(config_path, sizeof(config_path), "%s/dcd.json", dir);
	snprintf(socket_path, sizeof(socket_path), "%s/dcd.sock", dir);
	/* this process's clients may lease (they are the fuzzer's uid) */
	snprintf(config, sizeof(config), "{ \"lease\": { \"users\": [ %u ] } }\n",
		 (unsigned)geteuid());
	write_file(scenario_path, scenario);
	write_file(config_path, config);
	opts.scenario = scenario_path;
	opts.config_path = config_path;
	opts.socket_path = socket_path;
	dcd_log_init(false);
	dcd_log_quiet(getenv("DCD_FUZZ_LOG") == NULL);
	if (dcd_new(&opts, &the_dcd) < 0)
		abort();
	atexit(cleanup);
	return the_dcd;
}
