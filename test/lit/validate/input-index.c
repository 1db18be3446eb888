// clang-format off
// An index the inputs decide (strcspn of a line read from stdin) stays
// inside the object it indexes: an inbounds offset past it is poison, not a
// way into another thread's buffer. Each thread cuts its own copy of a line
// (race-free; main keeps the copies in a global table, so they are not
// instance-owned and the workers' accesses pair); the replay had let strcspn return 8320 and reach the other
// copy, and confirmed a race no run can show. The index is still an input
// where it only picks an element: the replay fixes it and goes on (with COUNT,
// the race on the count is confirmed, with the value it took).
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not="warning: data race"
// RUN: %clang -g -O0 -c -DCOUNT %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=COUNT
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parsed;
static char *lines[16];

static void *parse(void *p) {
  char *line = p;
  line[strcspn(line, "\n")] = '\0';
#ifdef COUNT
  parsed++;
#endif
  return line;
}

int main(void) {
  pthread_t t[16];
  int n = 0;
  char buf[64];
  while (n < 16 && fgets(buf, sizeof buf, stdin)) {
    lines[n] = strdup(buf);
    pthread_create(&t[n], NULL, parse, lines[n]);
    n++;
  }
  for (int i = 0; i < n; i++)
    pthread_join(t[i], NULL);
  for (int i = 0; i < n; i++) {
    puts(lines[i]);
    free(lines[i]);
  }
  printf("%d\n", parsed);
  return 0;
}

// FREE: input-index.c:22:29: warning: possible data race on an element of the heap object allocated at input-index.c:34

// COUNT: input-index.c:24:9: warning: data race on 'parsed': write in thread 'parse' conflicts with read in thread 'parse'
// COUNT: note: the interleaving happens with the result of 'strcspn' at line 22 =
