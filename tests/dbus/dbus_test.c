/* The D-Bus tests' tools: see dbus_test.h. */
#include <errno.h>
#include <grp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dbus_test.h"

static int record(sd_bus_message *m, void *data, sd_bus_error *e)
{
	struct dbt *t = data;

	if (t->nsignals < DBT_MAX_SIGNALS)
		t->signals[t->nsignals++] = sd_bus_message_ref(m);
	return 0;
}

int dbt_start(struct dbt *t, const char *scenario)
{
	static const char *const extra[] = { "--bus", "session", NULL };
	char config[256];
	int r;

	memset(t, 0, sizeof(*t));
	r = dct_bus_start(&t->bus, NULL);
	if (r < 0)
		return r;
	snprintf(config, sizeof(config),
		 "{ \"lease\": { \"users\": [ %u ] }, \"admin\": { \"groups\": [ %u ] } }\n",
		 (unsigned)geteuid(), DBT_ADMIN_GID);
	r = dct_daemon_start(&t->d, scenario, config, extra);
	if (r < 0)
		return r;
	if (!dct_log_wait(&t->d, "D-Bus: org.dcd.Display1 on the session bus", DCT_TIMEOUT_MS)) {
		fprintf(stderr, "dcd did not get on the bus\n");
		return -ETIMEDOUT;
	}
	r = sd_bus_open_user(&t->conn);
	if (r >= 0)
		r = sd_bus_add_match(t->conn, NULL, "type='signal',sender='" DBT_NAME "'", record,
				     t);
	return r < 0 ? r : 0;
}

void dbt_stop(struct dbt *t, bool print_log)
{
	dbt_clear_signals(t);
	sd_bus_flush_close_unref(t->conn);
	t->conn = NULL;
	if (t->d.pid > 0)
		dct_daemon_stop(&t->d);
	if (t->d.dir[0])
		dct_daemon_cleanup(&t->d, print_log);
	dct_bus_stop(&t->bus);
}

int dbt_call_path(struct dbt *t, const char *path, const char *iface, const char *member,
		  sd_bus_message **reply, const char *types, ...)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL;
	va_list ap;
	int r;

	t->error_name[0] = t->error_message[0] = 0;
	va_start(ap, types);
	r = sd_bus_call_methodv(t->conn, DBT_NAME, path, iface, member, &e, &m, types, ap);
	va_end(ap);
	if (r < 0) {
		snprintf(t->error_name, sizeof(t->error_name), "%s", e.name ? e.name : "");
		snprintf(t->error_message, sizeof(t->error_message), "%s",
			 e.message ? e.message : "");
		printf("  %s.%s: %s: %s\n", strrchr(iface, '.') + 1, member, t->error_name,
		       t->error_message);
	}
	sd_bus_error_free(&e);
	if (reply)
		*reply = m;
	else
		sd_bus_message_unref(m);
	return r < 0 ? r : 0;
}

bool dbt_failed_with(struct dbt *t, int r, const char *name)
{
	if (r >= 0) {
		printf("  expected %s, the call worked\n", name);
		return false;
	}
	/* Every error of dcd's says why in a sentence. */
	return !strcmp(t->error_name, name) && strlen(t->error_message) > 8;
}

static sd_bus_message *get(struct dbt *t, const char *path, const char *iface, const char *name,
			   const char *type)
{
	sd_bus_error e = SD_BUS_ERROR_NULL;
	sd_bus_message *m = NULL;
	int r = sd_bus_get_property(t->conn, DBT_NAME, path, iface, name, &e, &m, type);

	if (r < 0) {
		printf("  Get %s %s.%s: %s\n", path, iface, name, e.message ? e.message : "?");
		sd_bus_error_free(&e);
		return NULL;
	}
	return m;
}

uint32_t dbt_get_u(struct dbt *t, const char *path, const char *iface, const char *name)
{
	sd_bus_message *m = get(t, path, iface, name, "u");
	uint32_t v = UINT32_MAX;

	if (m && sd_bus_message_read(m, "u", &v) < 0)
		v = UINT32_MAX;
	sd_bus_message_unref(m);
	return v;
}

bool dbt_get_b(struct dbt *t, const char *path, const char *iface, const char *name)
{
	sd_bus_message *m = get(t, path, iface, name, "b");
	int v = 0;

	if (m)
		sd_bus_message_read(m, "b", &v);
	sd_bus_message_unref(m);
	return v;
}

const char *dbt_get_s(struct dbt *t, const char *path, const char *iface, const char *name,
		      char *buf, size_t size)
{
	sd_bus_message *m = get(t, path, iface, name, "s");
	const char *v = NULL;

	snprintf(buf, size, "%s", "(failed)");
	if (m && sd_bus_message_read(m, "s", &v) >= 0)
		snprintf(buf, size, "%s", v);
	sd_bus_message_unref(m);
	return buf;
}

static bool matches(sd_bus_message *m, const char *member, const char *path, const char *arg0)
{
	const char *first = NULL;
	bool ok;

	if (strcmp(sd_bus_message_get_member(m), member))
		return false;
	if (path && strcmp(sd_bus_message_get_path(m), path))
		return false;
	if (!arg0)
		return true;
	ok = sd_bus_message_read(m, "s", &first) >= 0 && !strcmp(first, arg0);
	sd_bus_message_rewind(m, true);
	return ok;
}

sd_bus_message *dbt_wait_signal(struct dbt *t, const char *member, const char *path,
				const char *arg0, int timeout_ms)
{
	uint64_t end = dct_now_ns() + (uint64_t)timeout_ms * 1000000ull;

	for (;;) {
		uint64_t now;

		for (unsigned i = 0; i < t->nsignals; i++) {
			sd_bus_message *m = t->signals[i];

			if (!matches(m, member, path, arg0))
				continue;
			memmove(&t->signals[i], &t->signals[i + 1],
				(t->nsignals - i - 1) * sizeof(t->signals[0]));
			t->nsignals--;
			return m;
		}
		now = dct_now_ns();
		if (now >= end)
			return NULL;
		if (sd_bus_process(t->conn, NULL) > 0)
			continue;
		sd_bus_wait(t->conn, (end - now) / 1000);
	}
}

bool dbt_link_status_is(struct dbt *t, const char *link, const char *event)
{
	sd_bus_message *m = dbt_wait_signal(t, "LinkStatusChanged", DBT_PATH, link, DCT_TIMEOUT_MS);
	const char *got = "(none)";
	bool ok = m && sd_bus_message_skip(m, "so") > 0 && sd_bus_message_read(m, "s", &got) > 0 &&
		  !strcmp(got, event);

	if (!ok)
		printf("  LinkStatusChanged %s: %s, expected %s\n", link, got, event);
	sd_bus_message_unref(m);
	return ok;
}

bool dbt_lease_ended_is(struct dbt *t, uint32_t id, const char *reason)
{
	sd_bus_message *m = dbt_wait_signal(t, "LeaseEnded", DBT_PATH, NULL, DCT_TIMEOUT_MS);
	const char *got = "(none)";
	uint32_t got_id = 0;
	bool ok = m && sd_bus_message_read(m, "us", &got_id, &got) > 0 && got_id == id &&
		  !strcmp(got, reason);

	if (!ok)
		printf("  LeaseEnded: %u %s, expected %u %s\n", got_id, got, id, reason);
	sd_bus_message_unref(m);
	return ok;
}

void dbt_clear_signals(struct dbt *t)
{
	while (t->conn && sd_bus_process(t->conn, NULL) > 0)
		;
	for (unsigned i = 0; i < t->nsignals; i++)
		sd_bus_message_unref(t->signals[i]);
	t->nsignals = 0;
}

bool dbt_properties_changed_has(sd_bus_message *m, const char *property)
{
	const char *name;
	bool found = false;
	int r;

	r = sd_bus_message_skip(m, "sa{sv}");
	if (r >= 0)
		r = sd_bus_message_enter_container(m, 'a', "s");
	while (r >= 0 && (r = sd_bus_message_read(m, "s", &name)) > 0)
		found |= !strcmp(name, property);
	sd_bus_message_rewind(m, true);
	/* sd-bus sends the values of properties that emit changes in a{sv}. */
	if (!found && sd_bus_message_skip(m, "s") >= 0 &&
	    sd_bus_message_enter_container(m, 'a', "{sv}") >= 0) {
		while (sd_bus_message_enter_container(m, 'e', "sv") > 0) {
			if (sd_bus_message_read(m, "s", &name) >= 0 && !strcmp(name, property))
				found = true;
			sd_bus_message_skip(m, "v");
			sd_bus_message_exit_container(m);
		}
	}
	sd_bus_message_rewind(m, true);
	return found;
}

bool dbt_root(void)
{
	return geteuid() == 0;
}

int dbt_exit_code(int r, const sd_bus_error *e)
{
	if (r >= 0)
		return 0;
	printf("  as uid %u: %s: %s\n", (unsigned)geteuid(), e->name ? e->name : "?",
	       e->message ? e->message : strerror(-r));
	fflush(stdout);
	return e->name && !strcmp(e->name, DBT_ERR_ACCESS_DENIED) ? 3 : 1;
}

int dbt_as(uid_t uid, const gid_t *groups, size_t n_groups, int (*fn)(sd_bus *bus, void *data),
	   void *data)
{
	pid_t pid;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		sd_bus *bus = NULL;
		int r;

		if (setgroups(n_groups, groups) < 0 || setresgid(uid, uid, uid) < 0 ||
		    setresuid(uid, uid, uid) < 0) {
			perror("dbt_as: switching user");
			_exit(2);
		}
		r = sd_bus_open_user(&bus);
		if (r < 0) {
			printf("  as uid %u: no bus: %s\n", (unsigned)uid, strerror(-r));
			_exit(2);
		}
		r = fn(bus, data);
		sd_bus_flush_close_unref(bus);
		fflush(stdout);
		_exit(r);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -ECHILD;
	return WEXITSTATUS(status);
}
