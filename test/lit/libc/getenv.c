// clang-format off
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -DREADERS -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// getenv reads the environment, setenv writes it: one thread's setenv
// races with another's getenv. Two getenvs only read.
#include <pthread.h>
#include <stdlib.h>

void *lookup(void *arg) {
  return getenv("HOME");
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, lookup, 0);
#ifdef READERS
  char *home = getenv("HOME");
#else
  setenv("HOME", "/tmp", 1);
#endif
  pthread_join(t, 0);
  return 0;
}
// RACE: getenv.c:19:3: warning: data race on 'the hidden state of the environment
// OK-NOT: race
