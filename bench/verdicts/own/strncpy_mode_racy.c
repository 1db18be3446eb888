#define RACY 1
#include <pthread.h>
#include <string.h>
int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
char mode[16];
void *worker(void *a) {
  if (strcmp(mode, "locked") == 0) {
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
  } else {
    counter++;
  }
  return 0;
}
int main(void) {
#ifdef RACY
  strncpy(mode, "unlocked", sizeof mode);
#else
  strncpy(mode, "locked", sizeof mode);
#endif
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
