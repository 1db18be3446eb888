// gmtime_r of a constant timestamp (the epoch: 1970, tm_year == 70).
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static int rotations;

static void *rotate(void *arg) {
  (void)arg;
  rotations++;
  return NULL;
}

int main(void) {
  time_t epoch = 0;
  struct tm tm;
  gmtime_r(&epoch, &tm);
  int extra = tm.tm_year != 70;
  pthread_t a, b;
  pthread_create(&a, NULL, rotate, NULL);
  if (extra)
    pthread_create(&b, NULL, rotate, NULL);
  pthread_join(a, NULL);
  if (extra)
    pthread_join(b, NULL);
  printf("%d\n", rotations);
  return 0;
}
