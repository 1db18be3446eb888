// A role name formatted with snprintf decides whether a helper thread runs.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int cache_hits;

static void *lookup(void *arg) {
  (void)arg;
  cache_hits++;
  return NULL;
}

int main(void) {
  char role[32] = "single";
  snprintf(role, sizeof role, "%s", "dual");
  pthread_t a, b;
  int helper = strcmp(role, "dual") == 0;
  pthread_create(&a, NULL, lookup, NULL);
  if (helper)
    pthread_create(&b, NULL, lookup, NULL);
  pthread_join(a, NULL);
  if (helper)
    pthread_join(b, NULL);
  printf("role=%s hits=%d\n", role, cache_hits);
  return 0;
}
