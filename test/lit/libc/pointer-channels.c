// clang-format off
// pointer-channels: a pointer one thread writes into a pipe (write, send,
// fwrite; writev and sendmsg through their iovecs: IOV, MSG; mq_send: MQ)
// is what another reads back (read, recv, fread; readv, recvmsg;
// mq_receive), and an epoll
// event's data pointer (epoll_ctl) is what epoll_wait hands out. Before,
// the received pointer pointed to nothing, so the accesses through it
// touched no object: the races below were missed with no warning (TSan
// 5/5 on each).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DPIPE %s -o %t.pipe.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.pipe.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -g -O0 -c -DPIPE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=PIPE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DEPOLL %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=EPOLL --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DPIPE -DIOV %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=IOV --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DPIPE -DMSG %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=PIPE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DPIPE -DMQ %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=IOV --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DEPOLL -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

struct request {
  int in;
  int out;
  pthread_mutex_t mu;
};
static struct request req = {21, 0, PTHREAD_MUTEX_INITIALIZER};
static int fds[2], ep;
static mqd_t mq;

#ifdef PIPE
// The worker answers a request it was handed through the pipe; main reads
// the answer without waiting for it.
static void *worker(void *p) {
  (void)p;
  struct request *r;
#if defined(IOV) || defined(MSG)
  struct iovec iv = {&r, sizeof r};
#endif
#ifdef MQ
  if (mq_receive(mq, (char *)&r, sizeof r, NULL) == sizeof r)
#elif defined(IOV)
  if (readv(fds[0], &iv, 1) == sizeof r)
#elif defined(MSG)
  struct msghdr m = {.msg_iov = &iv, .msg_iovlen = 1};
  if (recvmsg(fds[0], &m, 0) == sizeof r)
#else
  if (read(fds[0], &r, sizeof r) == sizeof r)
#endif
    r->out = r->in * 2;
  return NULL;
}

int main(void) {
#ifdef MSG
  socketpair(AF_UNIX, SOCK_STREAM, 0, fds);
#elif defined(MQ)
  struct mq_attr a = {.mq_maxmsg = 4, .mq_msgsize = sizeof(void *)};
  mq = mq_open("/racesift-test", O_CREAT | O_RDWR, 0600, &a);
#else
  pipe(fds);
#endif
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  struct request *rp = &req;
#if defined(IOV) || defined(MSG)
  struct iovec iv = {&rp, sizeof rp};
#endif
#ifdef MQ
  mq_send(mq, (const char *)&rp, sizeof rp, 0);
#elif defined(IOV)
  writev(fds[1], &iv, 1);
#elif defined(MSG)
  struct msghdr m = {.msg_iov = &iv, .msg_iovlen = 1};
  sendmsg(fds[1], &m, 0);
#else
  write(fds[1], &rp, sizeof rp);
#endif
  printf("%d\n", req.out);
  pthread_join(t, NULL);
  return 0;
}
#endif

#ifdef EPOLL
// Two event loops count events on the connection their events carry.
static void *loop(void *p) {
  (void)p;
  struct epoll_event ev[4];
  int n = epoll_wait(ep, ev, 4, 100);
  for (int i = 0; i < n; i++) {
    struct request *c = ev[i].data.ptr;
#ifdef SAFE
    pthread_mutex_lock(&c->mu);
#endif
    c->out++;
#ifdef SAFE
    pthread_mutex_unlock(&c->mu);
#endif
  }
  return NULL;
}

int main(void) {
  pipe(fds);
  ep = epoll_create1(0);
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &req};
  epoll_ctl(ep, EPOLL_CTL_ADD, fds[0], &ev);
  write(fds[1], "x", 1);
  pthread_t a, b;
  pthread_create(&a, NULL, loop, NULL);
  pthread_create(&b, NULL, loop, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%d\n", req.out);
  return 0;
}
#endif

// The worker's r, loaded back from its slot:
// PTA-LABEL: racesift-pta: module 'pointer-channels.c'
// PTA: in worker -> {req}

// PIPE: pointer-channels.c:55:12: warning: data race on 'req.out': write in thread 'worker' conflicts with read in thread 'main'
// PIPE: pointer-channels.c:84:22: note: conflicting read in thread 'main' here

// IOV: pointer-channels.c:55:12: warning: possible data race on 'req.out': write in thread 'worker' conflicts with read in thread 'main'

// EPOLL: pointer-channels.c:101:11: warning: {{(possible )?}}data race on 'req.out': write in thread 'loop' conflicts with read in thread 'loop'

// SAFE-NOT: warning:
