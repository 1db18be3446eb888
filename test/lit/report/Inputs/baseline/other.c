#include <pthread.h>
int other;
void *other_worker(void *arg) {
  other++;
  return 0;
}
void start_other(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, other_worker, 0);
}
