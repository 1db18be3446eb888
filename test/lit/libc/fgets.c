// clang-format off
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -DJOINED -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// fgets writes the buffer it is given, all of it from the pointer on: a
// read of any byte of the buffer in another thread races with it, unless
// it comes after the join.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

char *line;

void *reader(void *arg) {
  fgets(line, 128, stdin);
  return 0;
}

int main(void) {
  line = malloc(128);
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
#ifdef JOINED
  pthread_join(t, 0);
#endif
  int c = line[1];
#ifndef JOINED
  pthread_join(t, 0);
#endif
  return c;
}
// RACE: fgets.c:14:3: warning: data race on {{.*}}heap object allocated at fgets.c:19
// OK-NOT: race
