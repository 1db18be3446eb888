// The start routine is picked at run time through a function pointer; both
// candidates write the log position, locked (race-free) or not (racy).
#include <pthread.h>
#include <stdio.h>

static int pos;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void bump(int by) {
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  pos += by;
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
}
static void *fast(void *p) { (void)p; bump(1); return NULL; }
static void *slow(void *p) { (void)p; bump(2); return NULL; }

int main(int argc, char **argv) {
  (void)argv;
  void *(*routine)(void *) = argc > 1 ? slow : fast;
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, routine, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", pos);
  return 0;
}
