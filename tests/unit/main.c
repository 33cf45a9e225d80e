/* The unit-test program: runs every group; the exit status says whether
 * all passed. */
#include "unit.h"

int unit_failures;

int main(void)
{
	test_stats();
	test_stats_inference();
	test_verdict();
	test_fmt();
	test_fmt_cell();
	test_run_ratio();
	test_args();
	test_registry();
	test_fsfiles();
	test_resultfile();
	test_svg();
	test_plot();
	test_schema();
	test_harness();
	test_paired();
	test_abproto();
	test_figure();
	test_plan();
	return unit_failures ? 1 : 0;
}
