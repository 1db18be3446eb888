// Divide and conquer: a task doubles its half of an array, splitting it
// into two threads it joins until the piece is small. The racy split
// gives both halves the middle element.
#include <pthread.h>
#include <stdio.h>

static int data[16];

struct range {
  int lo, hi;
};

static void *doubler(void *p) {
  struct range *r = p;
  if (r->hi - r->lo <= 4) {
    for (int i = r->lo; i < r->hi; i++)
      data[i] *= 2;
    return NULL;
  }
  int mid = (r->lo + r->hi) / 2;
#ifdef SAFE
  struct range left = {r->lo, mid}, right = {mid, r->hi};
#else
  struct range left = {r->lo, mid + 1}, right = {mid, r->hi};
#endif
  pthread_t a, b;
  pthread_create(&a, NULL, doubler, &left);
  pthread_create(&b, NULL, doubler, &right);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return NULL;
}

int main(void) {
  for (int i = 0; i < 16; i++)
    data[i] = i;
  struct range all = {0, 16};
  pthread_t t;
  pthread_create(&t, NULL, doubler, &all);
  pthread_join(t, NULL);
  printf("%d\n", data[8]);
  return 0;
}
