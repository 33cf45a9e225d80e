/* The unit-test program: runs every group (UNIT_TEST in tests/unit,
 * listed by the Makefile in unit_list.h); the exit status says whether
 * all passed. */
#include "unit.h"

int unit_failures;

#define UNIT(name) void name(void);
#include "unit_list.h"
#undef UNIT

int main(void)
{
#define UNIT(name) name();
#include "unit_list.h"
#undef UNIT
	return unit_failures ? 1 : 0;
}
