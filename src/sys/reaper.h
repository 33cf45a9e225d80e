/* What a child of ours leaves behind comes back to us and ends.
 *
 * A child's process group is killed with it, but a descendant that
 * started a session or group of its own (setsid, sudo with a pty,
 * systemd-run, a daemon's double fork) is in neither, and once its
 * parent ends it belongs to init: it would outlive the run and its
 * private directory.  On Linux this process becomes a child subreaper
 * (PR_SET_CHILD_SUBREAPER), so such orphans are reparented to it, and a
 * sweep kills and reaps them.  Elsewhere the sweep does nothing and the
 * group kill is all there is. */
#ifndef OSBENCH_SYS_REAPER_H
#define OSBENCH_SYS_REAPER_H

/* Become our descendants' reaper (the first call), then kill and reap
 * every child we have, generation after generation, until none is
 * left.  Call it only when none of the children we started and still
 * track is running: before starting one, and after reaping it.  0 when
 * nothing is left; -1 when a child could not be killed or the children
 * could not be listed (a process we may not signal is left to end by
 * itself). */
int reaper_sweep(void);

#endif
