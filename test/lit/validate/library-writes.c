// clang-format off
// What library functions write, and what they return, where the
// program's own data fixes it. Each race-free variant below was a
// confirmed race: the replay left strncpy's and bzero's destination as it
// was, did not set strtol's end pointer, gave strchr a new object, left
// sscanf's and sem_getvalue's outputs stale and took snprintf's buffer as
// input bytes, so two workers ran where the program starts one. Copies and
// fills are replayed, strchr and the like computed, sprintf, snprintf and
// sscanf computed where their format and values are concrete; where they
// are not, what they write and return is untrusted, and a race that
// depends on it is possible, saying why. Each -DRACY variant makes the
// program start two workers: a confirmed race.
// RUN: %clang -g -O0 -c -DSTRNCPY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSTRNCPY -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DBZERO %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DBZERO -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DSTRTOL %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSTRTOL -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DSTRCHR %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSTRCHR -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DSSCANF %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSSCANF -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DSNPRINTF %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSNPRINTF -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DMEMCPYCHK %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DMEMCPYCHK -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DSCANPOINTER %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SCANPOINTER --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DSEMVALUE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SEMVALUE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DCLOCK %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DCLOCK -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
//
// FREE: library-writes.c:[[#WORK:]]:10: warning: possible data race on 'counter': {{.*}}the model checker's interleavings are not ones the program can take
// RACY: library-writes.c:[[#WORK:]]:10: warning: data race on 'counter': write in thread 'worker' conflicts with {{read|write}} in thread 'worker'
// SCANPOINTER: library-writes.c:[[#WORK:]]:10: warning: possible data race on 'counter': {{.*}}the interleaving depends on what '__isoc99_sscanf' at line [[#]] writes, which the program's own data fixes
// SEMVALUE: library-writes.c:[[#WORK:]]:10: warning: possible data race on 'counter': {{.*}}the interleaving depends on what 'sem_getvalue' at line [[#]] stores
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#ifdef RACY
#define WORD "two"
#define NUMBER "2"
#else
#define WORD "one"
#define NUMBER "1"
#endif

static long counter;

static void *worker(void *arg) {
  counter++;
  return arg;
}

// How many workers the program starts: 2 only where RACY.
static int workers(void) {
#if defined(STRNCPY)
  static char mode[16] = "two";
  strncpy(mode, WORD, sizeof mode);
  return strcmp(mode, "two") == 0 ? 2 : 1;
#elif defined(BZERO)
  struct { int n, pad; } o = {2, 0};
#ifndef RACY
  explicit_bzero(&o, sizeof o); // clang makes bzero a memset.
#endif
  return o.n > 1 ? 2 : 1;
#elif defined(STRTOL)
  char *end = 0;
  strtol(NUMBER "x", &end, 10);
  return end[-1] == '2' ? 2 : 1;
#elif defined(STRCHR)
  const char *eq = strchr("workers=" NUMBER, '=');
  return eq && eq[1] == '2' ? 2 : 1;
#elif defined(SSCANF)
  int n = 2;
  char name[8] = "w";
  if (sscanf("workers " NUMBER, "%7s %d", name, &n) != 2 || name[0] != 'w')
    return 1;
  return n;
#elif defined(SNPRINTF)
  char buf[16];
  snprintf(buf, sizeof buf, "%s-%d", WORD, 7);
  return strcmp(buf, "two-7") == 0 ? 2 : 1;
#elif defined(MEMCPYCHK)
  char tmpl[4] = NUMBER, copy[4] = "2";
  volatile size_t len = sizeof tmpl; // A constant length makes a memcpy.
  __builtin___memcpy_chk(copy, tmpl, len, sizeof copy);
  return copy[0] - '0';
#elif defined(SCANPOINTER)
  // %p is not scanned by the replay: n's value is untrusted.
  void *p = 0;
  int n = 2;
  sscanf("0x1 1", "%p %d", &p, &n);
  return n;
#elif defined(SEMVALUE)
  sem_t s;
  int v = 2;
  sem_init(&s, 0, 1);
  sem_getvalue(&s, &v);
  return v > 1 ? 2 : 1;
#elif defined(CLOCK)
  // tv_nsec is below 10^9: the replay knows it (clock-input). Before, what
  // clock_gettime wrote was untrusted and both variants were possible.
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
#ifdef RACY
  return ts.tv_nsec < 1000000000L ? 2 : 1;
#else
  return ts.tv_nsec >= 1000000000L ? 2 : 1;
#endif
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
