// main fills the configuration before starting the workers that read it
// (race-free); the racy variant changes it after they started.
#include <pthread.h>
#include <stdio.h>

struct config { int verbose; int retries; char name[16]; };
static struct config cfg;

static void *worker(void *p) {
  (void)p;
  if (cfg.verbose)
    printf("%s %d\n", cfg.name, cfg.retries);
  return NULL;
}

int main(int argc, char **argv) {
  (void)argv;
  pthread_t t[2];
  cfg.verbose = argc > 1;
  cfg.retries = 3;
  snprintf(cfg.name, sizeof cfg.name, "svc");
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, NULL);
#ifndef SAFE
  cfg.retries = 5;
#endif
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  return 0;
}
