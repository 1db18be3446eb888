// Start routines written with their own signature and cast to the
// pthread one (a common legacy idiom): void tally(struct counter *).
#include <pthread.h>
#include <stdio.h>

struct counter { long hits; int step; };
typedef void *(*start_fn)(void *);

static void tally(struct counter *c) {
  for (int i = 0; i < 1000; i++)
    c->hits += c->step;
}

int main(void) {
  struct counter cs[2] = {{0, 1}, {0, 2}};
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, (start_fn)tally, &cs[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld %ld\n", cs[0].hits, cs[1].hits);
  return 0;
}
