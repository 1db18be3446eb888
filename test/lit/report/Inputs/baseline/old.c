#include <pthread.h>
int kept, removed;
void *worker(void *arg) {
  kept++;
  removed++;
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}
