// Each account carries its own mutex; a transfer must lock the account it
// changes. The racy variant locks the source account while changing the
// destination's balance.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct account {
  pthread_mutex_t mu;
  long balance;
};

static struct account *new_account(long b) {
  struct account *a = malloc(sizeof *a);
  pthread_mutex_init(&a->mu, NULL);
  a->balance = b;
  return a;
}

struct transfer {
  struct account *from, *to;
};

static void *deposit(void *p) {
  struct transfer *t = p;
#ifdef SAFE
  pthread_mutex_lock(&t->to->mu);
  t->to->balance += 10;
  pthread_mutex_unlock(&t->to->mu);
#else
  pthread_mutex_lock(&t->from->mu);
  t->to->balance += 10;
  pthread_mutex_unlock(&t->from->mu);
#endif
  return NULL;
}

int main(void) {
  struct account *a = new_account(100), *b = new_account(100);
  struct account *c = new_account(100);
  struct transfer t1 = {a, c}, t2 = {b, c};
  pthread_t x, y;
  pthread_create(&x, NULL, deposit, &t1);
  pthread_create(&y, NULL, deposit, &t2);
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  printf("%ld\n", c->balance);
  return 0;
}
