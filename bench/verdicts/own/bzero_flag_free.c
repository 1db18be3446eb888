#include <pthread.h>
#include <strings.h>
int counter;
struct opts { int nworkers; int pad; };
void *worker(void *a) {
  counter++;
  return 0;
}
int main(void) {
  struct opts o = {2, 0};
#ifndef RACY
  bzero(&o, sizeof o);
#endif
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  if (o.nworkers > 1)
    pthread_create(&b, 0, worker, 0);
  else
    pthread_join(a, 0);
  counter++;
  return 0;
}
