// A mode string copied into a config struct with strncpy decides locking.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct config {
  char mode[16];
  int iterations;
};

static struct config cfg = {"locked", 3};
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int balance;

static void *teller(void *arg) {
  (void)arg;
  for (int i = 0; i < cfg.iterations; i++) {
    if (strcmp(cfg.mode, "locked") == 0) {
      pthread_mutex_lock(&lock);
      balance += 5;
      pthread_mutex_unlock(&lock);
    } else {
      balance += 5;
    }
  }
  return NULL;
}

int main(void) {
  strncpy(cfg.mode, "unlocked", sizeof cfg.mode - 1);
  cfg.mode[sizeof cfg.mode - 1] = '\0';
  pthread_t a, b;
  pthread_create(&a, NULL, teller, NULL);
  pthread_create(&b, NULL, teller, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%d\n", balance);
  return 0;
}
