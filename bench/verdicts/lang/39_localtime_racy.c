// localtime returns a static buffer every caller shares (racy);
// localtime_r fills the caller's (race-free).
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static void *stamp(void *p) {
  time_t t = (time_t)(long)p;
#ifdef SAFE
  struct tm buf;
  struct tm *tm = localtime_r(&t, &buf);
#else
  struct tm *tm = localtime(&t);
#endif
  printf("%d\n", tm->tm_year);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, stamp, (void *)0L);
  pthread_create(&b, NULL, stamp, (void *)86400000L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
