/*
 * Helpers for the ipc tests: open descriptor counting (to prove nothing
 * leaks), SOCK_SEQPACKET pairs and descriptors that can be told apart.
 */
#ifndef IPC_FDS_H
#define IPC_FDS_H

#include <stdbool.h>

/* Number of descriptors open in this process. */
int open_fd_count(void);

/* A socketpair(AF_UNIX, SOCK_SEQPACKET) with close-on-exec; both non-blocking if asked. */
void seqpacket_pair(int sv[2], bool nonblock);

/* A pipe whose read end yields `tag` once: a descriptor whose identity can be checked. */
int tagged_fd(char tag);
/* Reads the tag back through a (received) descriptor. */
char read_tag(int fd);

#endif
