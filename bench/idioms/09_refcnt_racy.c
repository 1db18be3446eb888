// EXPECTED: race at lines 8 x 8 -- refcnt
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct obj { int refcnt; int data[4]; };

static void obj_put(struct obj *o) {
  if (--o->refcnt == 0) /*RACE*/ /* bug: plain decrement */
    free(o);
}

static void *user(void *p) {
  struct obj *o = p;
  long s = 0;
  for (int i = 0; i < 4; i++) s += o->data[i];
  printf("%ld\n", s);
  obj_put(o);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  struct obj *o = malloc(sizeof *o);
  o->refcnt = 3;                        /* main + 2 threads */
  for (int i = 0; i < 4; i++) o->data[i] = i;
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, user, o);
  obj_put(o);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  return 0;
}
