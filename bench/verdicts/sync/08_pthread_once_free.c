// Lazy configuration through pthread_once: every user calls get_config(),
// which runs load_config exactly once and then reads the fields.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct config { int verbose; int workers; char name[16]; };
static struct config cfg;
static pthread_once_t cfg_once = PTHREAD_ONCE_INIT;

static void load_config(void) {
  cfg.verbose = 1;
  cfg.workers = 4;
  strcpy(cfg.name, "svc");
}

static const struct config *get_config(void) {
  pthread_once(&cfg_once, load_config);
  return &cfg;
}

static void *service(void *arg) {
  (void)arg;
  const struct config *c = get_config();
  long n = c->workers * (c->verbose ? 2 : 1) + (long)strlen(c->name);
  return (void *)n;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], NULL, service, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", get_config()->workers);
  return 0;
}
