/* The descriptor each module file exports; listed in src/registry.c. */
#ifndef OSBENCH_MODULES_H
#define OSBENCH_MODULES_H

#include "module.h"

/* syscall table */
extern const struct module module_null;
extern const struct module module_nullio;
extern const struct module module_stat;
extern const struct module module_openclose;
extern const struct module module_select;
extern const struct module module_siginst;
extern const struct module module_sighndl;
/* proc table */
extern const struct module module_fork;
extern const struct module module_exec;
extern const struct module module_sh;
/* ctx and ipc tables */
extern const struct module module_ctx;
extern const struct module module_pipe;
extern const struct module module_unix;
extern const struct module module_udp;
extern const struct module module_tcp;
extern const struct module module_tcpconn;
/* fs table */
extern const struct module module_fscreate;
extern const struct module module_fsdelete;
extern const struct module module_mmap;
extern const struct module module_protfault;
extern const struct module module_pagefault;
extern const struct module module_selfile;
/* bw table */
extern const struct module module_bwpipe;
extern const struct module module_bwunix;
extern const struct module module_bwtcp;
extern const struct module module_bwfile;
extern const struct module module_bwmmap;
extern const struct module module_bwcopy;
extern const struct module module_bwhcopy;
extern const struct module module_bwread;
extern const struct module module_bwwrite;
/* scaling */
extern const struct module module_mutex;
extern const struct module module_malloc;
extern const struct module module_thread;
extern const struct module module_tcprr;

#endif
