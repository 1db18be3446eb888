#define RACY 1
#include <pthread.h>
#include <stdlib.h>
int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int locked = 0;
void *worker(void *a) {
  if (locked)
    pthread_mutex_lock(&m);
  counter++;
  if (locked)
    pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  char *end = 0;
#ifdef RACY
  strtol("12", &end, 10);
#else
  strtol("12L", &end, 10);
#endif
  locked = *end == 'L';
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
