#define RACY 1
#include <pthread.h>
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
#ifdef RACY
const char *config = "locking=off";
#else
const char *config = "locking=on";
#endif
int main(void) {
  const char *eq = strchr(config, '=');
  locked = eq && strcmp(eq + 1, "on") == 0;
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
