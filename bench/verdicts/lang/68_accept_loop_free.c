// Thread per client: each gets a record of its own (race-free); the racy
// server also records the last client in a global its threads update.
#define SAFE 1
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct client {
  int fd;
  long served;
};
static int last_fd = -1;

static void *serve(void *p) {
  struct client *c = p;
  c->served += c->fd;
#ifndef SAFE
  last_fd = c->fd;
#endif
  return c;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++) {
    struct client *c = calloc(1, sizeof *c);
    c->fd = 10 + i;
    pthread_create(&t[i], NULL, serve, c);
  }
  long total = 0;
  for (int i = 0; i < 3; i++) {
    void *r;
    pthread_join(t[i], &r);
    total += ((struct client *)r)->served;
    free(r);
  }
  printf("%ld %d\n", total, last_fd);
  return 0;
}
