/* The formats' vocabulary; see schema.h. */
#include <stdio.h>
#include <string.h>

#include "plan/schema.h"

#define SCHEMA_INFO(id, lname, jkey, k) [id] = { .long_name = lname, .json_key = jkey, .kind = k },
const struct field_info schema_fields[F_COUNT] = { SCHEMA_FIELDS(SCHEMA_INFO) };
#undef SCHEMA_INFO

const char *const schema_status_names[3] = { "ok", "fail", "na" };

int schema_field_json(const char *key)
{
	for (int f = 0; f < F_COUNT; f++)
		if (strcmp(schema_fields[f].json_key, key) == 0)
			return f;
	return -1;
}

int schema_higher_is_better(const char *unit)
{
	return strcmp(unit, UNIT_OPS) == 0 || strcmp(unit, UNIT_MBS) == 0;
}

static const char *const units[] = { UNIT_US, UNIT_OPS, UNIT_MBS };
#define NUNITS (sizeof units / sizeof units[0])

const char *schema_unit_find(const char *text, size_t len)
{
	for (size_t i = 0; i < NUNITS; i++)
		if (strlen(units[i]) == len && memcmp(units[i], text, len) == 0)
			return units[i];
	return NULL;
}

void schema_unit_list(char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NUNITS && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i == 0 ? "" : i + 1 == NUNITS ? " or " : ", ", units[i]);
}

#define POINTS_FORMAT "%dp/%dK ctxsw"

void schema_points_header(char *buf, size_t len, int procs, int size_kb)
{
	snprintf(buf, len, POINTS_FORMAT, procs, size_kb);
}

int schema_points_parse(const char *text, int *procs, int *size_kb)
{
	char again[48], tail;

	if (sscanf(text, POINTS_FORMAT "%c", procs, size_kb, &tail) != 2)
		return -1;
	/* exactly what the writer prints: no "+2p", "02p" or spaces */
	schema_points_header(again, sizeof again, *procs, *size_kb);
	return strcmp(again, text) == 0 ? 0 : -1;
}

void schema_module_title(char *buf, size_t len, const char *name, const char *summary,
			 int bandwidth)
{
	snprintf(buf, len, "%s: %s - %s", name, summary,
		 bandwidth ? "in " UNIT_MBS " - bigger is better"
			   : "microseconds per op - smaller is better");
}

void schema_unknown_title(char *buf, size_t len, const char *table, const char *unit)
{
	if (strcmp(unit, UNIT_MBS) == 0)
		snprintf(buf, len, "%s: bandwidths in " UNIT_MBS " - bigger is better", table);
	else
		snprintf(buf, len, "%s: times in microseconds - smaller is better", table);
}

void schema_scale_title(char *buf, size_t len, const char *module, const char *mode,
			const char *host)
{
	snprintf(buf, len, SCALE_TITLE_START "%s%s%s%s%s - ops/s, higher is better", module,
		 mode[0] ? ": " : "", mode, host[0] ? ", host " : "", host);
}
