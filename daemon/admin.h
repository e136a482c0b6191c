/*
 * What an administrator can do, as plain functions on the running daemon:
 * the operations the D-Bus service (and through it dcctl) exposes. They run
 * on the daemon's thread, from any handler of its sd-event loop, and
 * return 0 or a negative errno with the reason in err (same sentences as
 * the socket protocol's ERRORs).
 */
#ifndef DCD_ADMIN_H
#define DCD_ADMIN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "dc_modes.h"
#include "dcd.h"

/* ---- links ---------------------------------------------------------------------- */

unsigned dcd_admin_link_count(const struct dcd *dcd);
/* Index of "HDMI-A-1", or -ENOENT. */
int dcd_admin_link_by_name(const struct dcd *dcd, const char *name);
/*
 * Everything LINK_INFO carries, as an admin sees it: lease_state is free or
 * other, lease_id names the lease whoever holds it.
 */
int dcd_admin_link_info(struct dcd *dcd, unsigned link, struct dcp_link_info *out);
/* The EDID bytes as read (borrowed until the next hotplug), -ENOENT when disconnected. */
int dcd_admin_link_edid(struct dcd *dcd, unsigned link, const uint8_t **edid, size_t *size);
/* The sink's modes, preferred first (borrowed likewise), -ENOENT when disconnected. */
int dcd_admin_link_modes(struct dcd *dcd, unsigned link, const struct dc_mode **modes,
			 size_t *count);
/* Connection, signal, DP training, HDMI scrambling, pixel clock. */
int dcd_admin_link_status(struct dcd *dcd, unsigned link, struct dc_link_status *out);

/* ---- clients and leases ---------------------------------------------------------- */

struct dcd_admin_lease {
	uint32_t id;
	uint32_t links; /* bit per link */
	uint32_t client_id;
	pid_t pid;
	uid_t uid;
	char client_name[DCP_MAX_NAME + 1];
	/* "dcd": flips through dcd; "kms": a DRM lessee fd of its own; "kms-held":
	 * such a lease after a restart, before its client is back (pid, client 0) */
	const char *kind;
};

/* Fills up to max leases; returns how many exist. */
size_t dcd_admin_leases(struct dcd *dcd, struct dcd_admin_lease *out, size_t max);

/*
 * Ends a lease: the client gets LEASE_REVOKED with reason and text
 * ("revoked by uid 0 through D-Bus"), its flips ECANCELED, its outputs the
 * idle configuration before their next vblank. -ENOENT for no such lease.
 */
int dcd_admin_revoke(struct dcd *dcd, uint32_t lease_id, enum dcp_revoke_reason reason,
		     const char *text, struct dcp_error *err);

/* ---- configurations as admin ------------------------------------------------------ */

/*
 * A configuration of unleased outputs (timings and blank colors: an admin
 * has no framebuffers, so PRIMARY and CURSOR are refused), checked against
 * the whole engine like a lessee's. Leased outputs are refused with EBUSY:
 * revoke the lease first. who names the admin in the log. The result stays
 * until the output is leased or the idle configuration is applied again
 * (a hotplug, a lease ending).
 */
int dcd_admin_validate(struct dcd *dcd, const struct dcp_config *cfg, struct dcp_error *err);
int dcd_admin_commit(struct dcd *dcd, const struct dcp_config *cfg, const char *who,
		     struct dcp_error *err);

/* ---- the simulator (-ENOTSUP on hardware) ------------------------------------------ */

/* Plugs the connector's configured monitor, or one described as scenario JSON (may be NULL). */
int dcd_admin_sim_plug(struct dcd *dcd, const char *connector, const char *display_json,
		       struct dcp_error *err);
/* Plugs a display with these EDID bytes (a multiple of 128) into the connector. */
int dcd_admin_sim_plug_edid(struct dcd *dcd, const char *connector, const uint8_t *edid,
			    size_t size, struct dcp_error *err);
int dcd_admin_sim_unplug(struct dcd *dcd, const char *connector, struct dcp_error *err);
/* A DP sink's IRQ_HPD with DEVICE_SERVICE_IRQ_VECTOR bits. */
int dcd_admin_sim_irq(struct dcd *dcd, const char *connector, uint8_t vector,
		      struct dcp_error *err);
/* A DP sink loses the link (and signals it with IRQ_HPD). */
int dcd_admin_sim_link_loss(struct dcd *dcd, const char *connector, struct dcp_error *err);
/* The simulated pipe (timing generator) that scans out link, or -ENOENT when it shows nothing. */
int dcd_admin_sim_pipe(struct dcd *dcd, unsigned link, struct dcp_error *err);
/*
 * What the link shows, as a PNG file, and (crc not NULL) the CRC-32 of its
 * RGB bytes (sim_capture_crc) of the same frame; -ENOENT when it shows nothing.
 */
int dcd_admin_sim_screenshot(struct dcd *dcd, unsigned link, const char *path, uint32_t *crc,
			     struct dcp_error *err);

#endif
