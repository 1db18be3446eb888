// clang-format off
// qsort-comparator: qsort of two or more elements calls its comparator at
// least once, on two of them; the replay runs it once, on the first two,
// the array's bytes unknown from the call on (the order the sort leaves
// is data it does not compute). Two sorters counting comparisons in a
// global race: confirmed (before: possible, qsort was taken on trust and
// the comparator never ran). With one element (-DONE) qsort compares
// nothing: the race stays possible, never confirmed. (The sorted arrays,
// one per thread, are possible races still: element ownership does not
// follow qsort.)
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=TWO --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DONE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ONE --implicit-check-not='warning: data race'
// clang-format on
#include <pthread.h>
#include <stdlib.h>

#ifdef ONE
#define N 1
#else
#define N 8
#endif

struct part { int v[N]; };
static long cmps;

static int cmp(const void *a, const void *b) {
  // TWO: qsort-comparator.c:[[#@LINE+2]]:7: warning: data race on 'cmps': write in thread 'sorter' conflicts with read in thread 'sorter'
  // ONE: qsort-comparator.c:[[#@LINE+1]]:7: warning: possible data race on 'cmps': write in thread 'sorter' conflicts with read in thread 'sorter'
  cmps++;
  return *(const int *)a - *(const int *)b;
}

static void *sorter(void *p) {
  struct part *pt = p;
  qsort(pt->v, N, sizeof(int), cmp);
  return NULL;
}

int main(void) {
  static struct part parts[2];
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, sorter, &parts[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  return (int)cmps;
}
