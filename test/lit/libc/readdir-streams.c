// clang-format off
// readdir keeps the entry it returns in its stream's buffer: glibc's
// manual has it MT-Unsafe race:dirstream, so threads that each walk a
// stream of their own do not race, and threads that share one do (SHARED).
// Before, readdir's result was one hidden object for the whole program,
// and two threads walking /usr and /etc were a confirmed race. The streams
// opendir returns are one object to the points-to analysis, so the
// separate walks are still paired: a possible race, never a confirmed one.
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OWN --implicit-check-not="warning: data race"
// RUN: %clang -g -O0 -c -DSHARED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SHARED
#include <dirent.h>
#include <pthread.h>
#include <string.h>

static DIR *shared;

static void *walk(void *p) {
#ifdef SHARED
  (void)p;
  DIR *d = shared;
#else
  DIR *d = opendir((const char *)p);
#endif
  long n = 0;
  struct dirent *e;
  while (d && (e = readdir(d)))
    n += strlen(e->d_name);
#ifndef SHARED
  if (d)
    closedir(d);
#endif
  return (void *)n;
}

int main(void) {
  shared = opendir("/usr");
  pthread_t x, y;
  pthread_create(&x, NULL, walk, "/usr");
  pthread_create(&y, NULL, walk, "/etc");
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  closedir(shared);
  return 0;
}

// OWN: readdir-streams.c:26:20: warning: possible data race on {{.*}}the memory that 'opendir' returns
// SHARED: readdir-streams.c:26:20: warning: data race on {{.*}}the memory that 'opendir' returns: write in thread 'walk' conflicts with {{read|write}} in thread 'walk'
