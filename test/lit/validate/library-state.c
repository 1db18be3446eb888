// clang-format off
// The C library's own state, and floating point, in a replay. Each
// race-free variant below was a confirmed race on a program that starts
// one worker: isdigit() read a table of unknown bytes (__ctype_b_loc),
// toupper() and strdup() gave inputs, getenv() after the program's own
// setenv() gave an input, rand() after srand(1) gave any value, and every
// floating-point operation and comparison gave a fresh value (0.25 > 0.5
// held). The "C" locale's tables and functions, strdup's copy, the
// environment the program sets, glibc's random() sequences, strtok's and
// strtok_r's tokens and floating-point arithmetic (APFloat) are now
// replayed (strtok_r gave up: "what 'strtok_r' writes through a pointer in
// memory"). Each -DRACY
// variant makes the program start two workers: a confirmed race. A seed
// from the clock makes rand() an input again (CLOCKSEED), and a double
// the replay cannot compute is untrusted (SQRT).
// RUN: %clang -g -O0 -c -DCTYPE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DCTYPE -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DTOUPPER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DTOUPPER -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DSTRDUP %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSTRDUP -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DSETENV %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSETENV -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DRAND %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DRAND -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DFLOAT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DFLOAT -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DATOF %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DATOF -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DSTRTOK %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSTRTOK -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DSTRTOKR %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSTRTOKR -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DCLOCKSEED %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefixes=RACY,INPUT
// RUN: %clang -g -O0 -c -DSQRT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SQRT --implicit-check-not='warning: data race'
//
// FREE: library-state.c:[[#WORK:]]:10: warning: possible data race on 'counter': {{.*}}the model checker's interleavings are not ones the program can take
// RACY: library-state.c:[[#WORK:]]:10: warning: data race on 'counter': write in thread 'worker' conflicts with {{read|write}} in thread 'worker'
// INPUT: note: the interleaving happens with {{.*}}the result of 'rand' at line
// SQRT: library-state.c:[[#WORK:]]:10: warning: possible data race on 'counter': {{.*}}the interleaving depends on a floating-point value at line
#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef RACY
#define WORD "two"
#define LETTER '2'
#define RATIO "0.75"
#else
#define WORD "one"
#define LETTER 'x'
#define RATIO "0.25"
#endif

static long counter;

static void *worker(void *arg) {
  counter++;
  return arg;
}

static int workers(void) {
#if defined(CTYPE)
  return isdigit(LETTER) ? 2 : 1;
#elif defined(TOUPPER)
  return toupper(WORD[0]) == 'T' ? 2 : 1;
#elif defined(STRDUP)
  char *mode = strdup(WORD);
  int n = strcmp(mode, "two") == 0 ? 2 : 1;
  free(mode);
  return n;
#elif defined(SETENV)
  setenv("WORKER_MODE", WORD, 1);
  const char *mode = getenv("WORKER_MODE");
  return mode && strcmp(mode, "two") == 0 ? 2 : 1;
#elif defined(RAND)
  // glibc's first rand() after srand(1) is 1804289383: odd.
  srand(1);
#ifdef RACY
  return rand() % 2 ? 2 : 1;
#else
  return rand() % 2 ? 1 : 2;
#endif
#elif defined(STRTOK)
  char list[] = "one, " WORD ",three";
  int n = 1;
  for (char *w = strtok(list, ", "); w; w = strtok(0, ", "))
    if (strcmp(w, "two") == 0)
      n = 2;
  return n;
#elif defined(STRTOKR)
  char list[] = "one " WORD " three";
  char *save = 0;
  int n = 1;
  for (char *w = strtok_r(list, " ", &save); w; w = strtok_r(0, " ", &save))
    if (strcmp(w, "two") == 0)
      n = 2;
  return n;
#elif defined(CLOCKSEED)
  srand((unsigned)time(0));
  return rand() % 2 ? 1 : 2;
#elif defined(FLOAT)
  double load = 0.25, limit = 0.5;
#ifdef RACY
  load *= 3;
#endif
  return load > limit ? 2 : 1;
#elif defined(ATOF)
  double ratio = atof(RATIO);
  return ratio > 0.5 ? 2 : 1;
#elif defined(SQRT)
  return sqrt(0.25) > 0.75 ? 2 : 1;
#endif
}

int main(void) {
  int n = workers();
  pthread_t t[2];
  for (int i = 0; i < n && i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < n && i < 2; i++)
    pthread_join(t[i], 0);
  return (int)counter;
}
