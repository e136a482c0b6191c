/* dcd: the display daemon's command line. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_vfio.h"
#include "dcd.h"

static void usage(FILE *f)
{
	char list[1024];

	dcv_supported_list(list, sizeof(list));
	fprintf(f,
		"Usage: dcd [OPTION]...\n"
		"The display daemon: owns a display engine and serves compositors over a\n"
		"Unix socket, with exclusive leases of outputs.\n"
		"\n"
		"Engine (without one of these, dcd takes a supported GPU bound to\n"
		"vfio-pci or uio, else the first KMS device with connectors):\n"
		"  --sim [SCENARIO]     the simulated engine, with the built-in default\n"
		"                       scenario or SCENARIO.json (docs/scenarios.md)\n"
		"  --device PCI-ADDRESS the GPU at this address (0000:03:00.0)\n"
		"  --access vfio|uio    how to reach it (default: what it is bound to)\n"
		"  --vbios FILE         the video BIOS image Display Core uses, in place\n"
		"                       of the GPU's PCI ROM or ACPI VFCT table (with\n"
		"                       --sim: in place of the scenario's image)\n"
		"  --kms [PATH]         any GPU the kernel drives, through KMS: PATH\n"
		"                       (/dev/dri/card0) or the first with connectors;\n"
		"                       dcd must be its DRM master\n"
		"  --kms-fd FD          KMS on an inherited DRM file: a lease a\n"
		"                       compositor (or another dcd) granted, or an open\n"
		"                       device; dcd serves the outputs it holds\n"
		"\n"
		"  --socket PATH        listen here (default /run/dcd/dcd.sock as root,\n"
		"                       $XDG_RUNTIME_DIR/dcd.sock otherwise, $DCD_SOCKET)\n"
		"  --socket-fd FD       serve an inherited listening socket instead\n"
		"  --config FILE        configuration (docs/config.md, dcd.json(5))\n"
		"  --state-dir DIR      keep state here; the simulated engine's hardware\n"
		"                       lives in DIR/sim-state and survives a restart\n"
		"  --bus system|session|none\n"
		"                       serve org.dcd.Display1 on this D-Bus bus (default\n"
		"                       system; without the bus dcd serves its socket and\n"
		"                       tries again every 2 s; docs/dbus.md)\n"
		"  --interrupts ring|poll\n"
		"                       how the engine's interrupts arrive: its IH ring\n"
		"                       and MSI/INTx (default), or the ring read from a\n"
		"                       timer where interrupts cannot be delivered\n"
		"  --poll-interval MS   how often poll mode looks (1..1000, default 1)\n"
		"  --verbose            debug log lines\n"
		"  --help, --version\n"
		"\n"
		"Supported GPUs: %s\n",
		list);
}

static int parse_fd(const char *s, int *fd)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < 0 || v > 65535)
		return -EINVAL;
	*fd = (int)v;
	return 0;
}

static int parse_ms(const char *s, uint32_t *ms)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < 1 || v > DCD_MAX_POLL_INTERVAL_MS)
		return -EINVAL;
	*ms = (uint32_t)v;
	return 0;
}

static int parse_bus(const char *s, enum dcd_bus_kind *bus)
{
	if (!strcmp(s, "system"))
		*bus = DCD_BUS_SYSTEM;
	else if (!strcmp(s, "session"))
		*bus = DCD_BUS_SESSION;
	else if (!strcmp(s, "none"))
		*bus = DCD_BUS_NONE;
	else
		return -EINVAL;
	return 0;
}

int main(int argc, char **argv)
{
	enum {
		OPT_SIM = 256,
		OPT_DEVICE,
		OPT_ACCESS,
		OPT_VBIOS,
		OPT_KMS,
		OPT_KMS_FD,
		OPT_SOCKET,
		OPT_SOCKET_FD,
		OPT_CONFIG,
		OPT_STATE_DIR,
		OPT_VERBOSE,
		OPT_BUS,
		OPT_INTERRUPTS,
		OPT_POLL_INTERVAL,
		OPT_HELP,
		OPT_VERSION
	};
	static const struct option options[] = {
		{ "sim", optional_argument, NULL, OPT_SIM },
		{ "device", required_argument, NULL, OPT_DEVICE },
		{ "access", required_argument, NULL, OPT_ACCESS },
		{ "vbios", required_argument, NULL, OPT_VBIOS },
		{ "kms", optional_argument, NULL, OPT_KMS },
		{ "kms-fd", required_argument, NULL, OPT_KMS_FD },
		{ "socket", required_argument, NULL, OPT_SOCKET },
		{ "socket-fd", required_argument, NULL, OPT_SOCKET_FD },
		{ "config", required_argument, NULL, OPT_CONFIG },
		{ "state-dir", required_argument, NULL, OPT_STATE_DIR },
		{ "verbose", no_argument, NULL, OPT_VERBOSE },
		{ "bus", required_argument, NULL, OPT_BUS },
		{ "interrupts", required_argument, NULL, OPT_INTERRUPTS },
		{ "poll-interval", required_argument, NULL, OPT_POLL_INTERVAL },
		{ "help", no_argument, NULL, OPT_HELP },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	struct dcd_options opts = { .socket_fd = -1, .access = DCV_ACCESS_AUTO };
	struct dcv_error verr;
	enum dcv_access access;
	struct dcd *dcd;
	unsigned engines = 0;
	int c, r;

	while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
		switch (c) {
		case OPT_SIM:
			engines |= 1u << DCD_BACKEND_SIM;
			opts.backend = DCD_BACKEND_SIM;
			/* "--sim FILE" as well as "--sim=FILE" */
			if (!optarg && optind < argc && argv[optind][0] != '-')
				optarg = argv[optind++];
			opts.scenario = optarg;
			break;
		case OPT_DEVICE:
			engines |= 1u << DCD_BACKEND_DEVICE;
			opts.backend = DCD_BACKEND_DEVICE;
			opts.device = optarg;
			break;
		case OPT_KMS:
			engines |= 1u << DCD_BACKEND_KMS;
			opts.backend = DCD_BACKEND_KMS;
			/* "--kms /dev/dri/card1" as well as "--kms=/dev/dri/card1" */
			if (!optarg && optind < argc && argv[optind][0] != '-')
				optarg = argv[optind++];
			opts.kms_path = optarg;
			break;
		case OPT_KMS_FD:
			engines |= 1u << DCD_BACKEND_KMS;
			opts.backend = DCD_BACKEND_KMS;
			if (parse_fd(optarg, &opts.kms_fd) < 0) {
				fprintf(stderr,
					"dcd: --kms-fd: \"%s\" is not a descriptor number\n",
					optarg);
				return 1;
			}
			opts.has_kms_fd = true;
			break;
		case OPT_ACCESS:
			if (dcv_access_parse(optarg, &access, &verr) < 0) {
				fprintf(stderr, "dcd: --access: %s\n", verr.msg);
				return 1;
			}
			opts.access = access;
			break;
		case OPT_VBIOS:
			opts.vbios = optarg;
			break;
		case OPT_SOCKET:
			opts.socket_path = optarg;
			break;
		case OPT_SOCKET_FD:
			if (parse_fd(optarg, &opts.socket_fd) < 0) {
				fprintf(stderr,
					"dcd: --socket-fd: \"%s\" is not a descriptor number\n",
					optarg);
				return 1;
			}
			break;
		case OPT_CONFIG:
			opts.config_path = optarg;
			break;
		case OPT_STATE_DIR:
			opts.state_dir = optarg;
			break;
		case OPT_VERBOSE:
			opts.verbose = true;
			break;
		case OPT_BUS:
			if (parse_bus(optarg, &opts.bus) < 0) {
				fprintf(stderr,
					"dcd: --bus: \"%s\" is not system, session or none\n",
					optarg);
				return 1;
			}
			break;
		case OPT_INTERRUPTS:
			if (!strcmp(optarg, "ring")) {
				opts.irq_mode = DCD_IRQ_RING;
			} else if (!strcmp(optarg, "poll")) {
				opts.irq_mode = DCD_IRQ_POLL;
			} else {
				fprintf(stderr, "dcd: --interrupts: \"%s\" is not ring or poll\n",
					optarg);
				return 1;
			}
			break;
		case OPT_POLL_INTERVAL:
			if (parse_ms(optarg, &opts.poll_interval_ms) < 0) {
				fprintf(stderr,
					"dcd: --poll-interval: \"%s\" is not a number of "
					"milliseconds from 1 to %u\n",
					optarg, DCD_MAX_POLL_INTERVAL_MS);
				return 1;
			}
			break;
		case OPT_HELP:
			usage(stdout);
			return 0;
		case OPT_VERSION:
			printf("dcd %s\n", DCD_VERSION);
			return 0;
		default:
			usage(stderr);
			return 1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "dcd: unexpected argument \"%s\"\n", argv[optind]);
		usage(stderr);
		return 1;
	}
	if (opts.has_kms_fd && opts.kms_path) {
		fprintf(stderr, "dcd: --kms PATH and --kms-fd FD both name the device; give one\n");
		return 1;
	}
	if (engines & (engines - 1)) {
		fprintf(stderr, "dcd: --sim, --device and --kms exclude each other\n");
		return 1;
	}
	if (opts.vbios && opts.backend == DCD_BACKEND_KMS) {
		fprintf(stderr, "dcd: --vbios is for Display Core (--sim, --device); with --kms "
				"the kernel's driver reads the video BIOS itself\n");
		return 1;
	}
	dcd_log_init(opts.verbose);
	r = dcd_new(&opts, &dcd);
	if (r < 0)
		return 1;
	r = dcd_run(dcd);
	dcd_free(dcd);
	return r < 0 ? 1 : 0;
}
