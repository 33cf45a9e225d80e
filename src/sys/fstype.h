/* The type of the file system a directory is on ("ext4", "tmpfs"), with
 * " (no journal)" after an ext4 that the system says has none. */
#ifndef OSBENCH_SYS_FSTYPE_H
#define OSBENCH_SYS_FSTYPE_H

#include <stddef.h>

/* "unknown" when it cannot be told. */
void fs_type(const char *dir, char *type, size_t len);

#endif
