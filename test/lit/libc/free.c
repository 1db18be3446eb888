// clang-format off
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -DJOINED -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// free writes the whole block: freeing while another thread reads a field
// races; freeing after the join does not.
#include <pthread.h>
#include <stdlib.h>

struct Box { int tag; int value; };

void *peek(void *arg) {
  struct Box *b = arg;
  return (void *)(long)b->value;
}

int main(void) {
  struct Box *b = malloc(sizeof *b);
  b->value = 1;
  pthread_t t;
  pthread_create(&t, 0, peek, b);
#ifdef JOINED
  pthread_join(t, 0);
#endif
  free(b);
#ifndef JOINED
  pthread_join(t, 0);
#endif
  return 0;
}
// RACE: free.c:24:3: warning: data race on {{.*}}heap object allocated at free.c:17
// OK-NOT: race
