/* A figure's outcome, as the harness gives it and every result file
 * says it: measured, failed (the cell says fail), or not applicable
 * here (the cell says -). */
#ifndef OSBENCH_STATUS_H
#define OSBENCH_STATUS_H

enum status { ST_OK, ST_FAIL, ST_NA };

#endif
