// A mode string duplicated with strdup decides whether two writers run.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char status[32];

static void *report(void *arg) {
  snprintf(status, sizeof status, "worker %ld", (long)arg);
  return NULL;
}

int main(void) {
  char *mode = strdup("single");
  if (!mode)
    return 1;
  int writers = strcmp(mode, "multi") == 0 ? 2 : 1;
  free(mode);
  pthread_t t[2];
  for (int i = 0; i < writers; i++)
    pthread_create(&t[i], NULL, report, (void *)(long)i);
  for (int i = 0; i < writers; i++)
    pthread_join(t[i], NULL);
  puts(status);
  return 0;
}
