// clang-format off
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O2 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -DLOCKED -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// sscanf writes through the pointers after its format: two threads
// parsing into one int race with a reader, unless a mutex orders them.
#include <pthread.h>
#include <stdio.h>

int shared;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *parse(void *arg) {
#ifdef LOCKED
  pthread_mutex_lock(&m);
#endif
  sscanf((const char *)arg, "%d", &shared);
#ifdef LOCKED
  pthread_mutex_unlock(&m);
#endif
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, parse, "1");
  pthread_create(&b, 0, parse, "2");
#ifdef LOCKED
  pthread_mutex_lock(&m);
#endif
  int v = shared;
#ifdef LOCKED
  pthread_mutex_unlock(&m);
#endif
  pthread_join(a, 0);
  pthread_join(b, 0);
  return v;
}
// RACE: sscanf.c:17:3: warning: data race on 'shared'
// OK-NOT: race
