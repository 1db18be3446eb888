#include <pthread.h>
#include <stdio.h>
#include <string.h>
int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int locked;
void *worker(void *a) {
  if (locked)
    pthread_mutex_lock(&m);
  counter++;
  if (locked)
    pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  char buf[16];
#ifdef RACY
  snprintf(buf, sizeof buf, "%s-%d", "nolock", 1);
#else
  snprintf(buf, sizeof buf, "%s-%d", "lock", 1);
#endif
  locked = strcmp(buf, "lock-1") == 0;
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
