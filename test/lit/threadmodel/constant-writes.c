// A constant (a table of function pointers, as a vtable is) is never
// written: a write through a pointer the analysis lets point at it and at a
// variable touches only the variable. The smeared pointers of C++ code
// reached vtables (LevelDB's env_posix.cc: a race on "_ZTV...PosixEnvE+24";
// here the same accesses also touched 'handlers[]', said a note).
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not=warning: --implicit-check-not=handlers
#include <pthread.h>

static void on_a(void) {}
static void on_b(void) {}
static void (*const handlers[2])(void) = {on_a, on_b};
static void (*slot)(void) = on_a;
static int choice;

static void *writer(void *arg) {
  void (**where)(void) = choice ? &slot : (void (**)(void))&handlers[1];
  // CHECK: constant-writes.c:[[@LINE+1]]:10: warning: {{(possible )?}}data race on 'slot':
  *where = on_b;
  return 0;
}

int main(int argc, char **argv) {
  choice = argc;
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  void (*const *read)(void) = choice > 1 ? &slot : &handlers[1];
  (*read)();
  pthread_join(t, 0);
  return 0;
}
