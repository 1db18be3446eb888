// Two event-loop threads wait on one epoll set whose events carry a
// connection pointer; each bumps the connection's count under its lock
// (race-free) or without it (racy).
#include <pthread.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <unistd.h>

struct conn {
  int fd;
  long events;
  pthread_mutex_t mu;
};
static int ep;

static void *loop(void *p) {
  (void)p;
  struct epoll_event ev[4];
  int n = epoll_wait(ep, ev, 4, 100);
  for (int i = 0; i < n; i++) {
    struct conn *c = ev[i].data.ptr;
#ifdef SAFE
    pthread_mutex_lock(&c->mu);
#endif
    c->events++;
#ifdef SAFE
    pthread_mutex_unlock(&c->mu);
#endif
  }
  return NULL;
}

int main(void) {
  int fds[2];
  pipe(fds);
  ep = epoll_create1(0);
  static struct conn c = {0, 0, PTHREAD_MUTEX_INITIALIZER};
  c.fd = fds[0];
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &c};
  epoll_ctl(ep, EPOLL_CTL_ADD, fds[0], &ev);
  write(fds[1], "x", 1);
  pthread_t a, b;
  pthread_create(&a, NULL, loop, NULL);
  pthread_create(&b, NULL, loop, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld\n", c.events);
  return 0;
}
