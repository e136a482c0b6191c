/* Reading GetLinkStatus's a{sv} in the D-Bus tests. */
#ifndef STATUS_DICT_H
#define STATUS_DICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <systemd/sd-bus.h>

/* The keys, sorted and joined by ',', into buf. */
void status_keys(sd_bus_message *m, char *buf, size_t size);
/* The signature of key's value, or NULL when absent. */
const char *status_type(sd_bus_message *m, const char *key);
/* Values; UINT32_MAX / INT32_MIN / false / "" when absent or of another type. */
uint32_t status_u(sd_bus_message *m, const char *key);
int32_t status_i(sd_bus_message *m, const char *key);
bool status_b(sd_bus_message *m, const char *key);
const char *status_s(sd_bus_message *m, const char *key, char *buf, size_t size);
/* "(uuu)" as three numbers; false when absent. */
bool status_mode(sd_bus_message *m, const char *key, uint32_t out[3]);
/* "as" joined by ','. */
const char *status_strv(sd_bus_message *m, const char *key, char *buf, size_t size);

#endif
