#include <pthread.h>
#include <stdio.h>
int counter;
void *worker(void *a) {
  counter++;
  return 0;
}
int main(void) {
  int n = 2;
#ifdef RACY
  sscanf("2", "%d", &n);
#else
  sscanf("1", "%d", &n);
#endif
  pthread_t t[4];
  if (n > 4)
    n = 4;
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], 0);
  return 0;
}
