// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct obj { int refcnt; int data[4]; };

static void obj_put(struct obj *o) {
  if (__atomic_fetch_sub(&o->refcnt, 1, __ATOMIC_ACQ_REL) == 1)
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
