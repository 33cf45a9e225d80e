/* The CPU clock rate, timed by the harness for the host record. */
#ifndef OSBENCH_MHZ_H
#define OSBENCH_MHZ_H

/* MHz at full clock (the fastest of a few short timed runs); 0 when this
   compiler cannot build the timed loop. */
double measure_mhz(void);

#endif
